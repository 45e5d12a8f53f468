package localsearch

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
)

// table is a rendered raw pipe table (reference §3.9.1) and its rows.
type table struct {
	text     string
	tokens   int  // header block + rows, as counted while packing
	additive bool // no row starts with white space or '/' (see lineAdditive)
	header   []string
	rows     [][]string
	ids      []int // indexes of the records behind the rows (rels: into b.rels)
}

// rawTable packs rows under "-----name-----\n" + header within budget
// tokens, one row at a time, stopping at the first row that does not fit
// (the reference's per-row rule: header and rows counted separately).
func rawTable(tc *counter, name string, header []string, d string, budget int, n int, row func(i int) []string) table {
	t := table{header: header}
	var b strings.Builder
	b.WriteString("-----" + name + "-----\n")
	b.WriteString(strings.Join(header, d) + "\n")
	used := tc.count(b.String())
	t.additive = true
	for i := range n {
		r := row(i)
		line := strings.Join(r, d) + "\n"
		c := tc.count(line)
		if used+c > budget {
			break
		}
		used += c
		if first, _ := utf8.DecodeRuneInString(line); unicode.IsSpace(first) || first == '/' {
			t.additive = false
		}
		b.WriteString(line)
		t.rows = append(t.rows, r)
		t.ids = append(t.ids, i)
	}
	t.text = b.String()
	t.tokens = used
	return t
}

// entityHeader is id|entity|description[|rank description][|attribute
// keys of the first entity].
func entityHeader(sel []knowledge.Entity, p Params) (header, attrKeys []string) {
	header = []string{"id", "entity", "description"}
	if p.IncludeEntityRank {
		header = append(header, p.RankDescription)
	}
	if len(sel) > 0 {
		for _, a := range sel[0].Attributes {
			attrKeys = append(attrKeys, a.Key)
		}
	}
	return append(header, attrKeys...), attrKeys
}

func entityRow(e knowledge.Entity, p Params, attrKeys []string) []string {
	r := []string{e.ShortID, e.Title, e.Description}
	if p.IncludeEntityRank {
		if e.HasRank {
			r = append(r, strconv.Itoa(e.Rank))
		} else {
			r = append(r, "None")
		}
	}
	for _, k := range attrKeys {
		r = append(r, attrValue(e.Attributes, k))
	}
	return r
}

// relState is the per-build "links" overlay: the reference writes links
// into the shared Relationship.attributes (§10 #4); here it lives for one
// build only, so later loop iterations of the same build see it exactly as
// in the reference's first call, and nothing reaches the next build.
type relState struct {
	b     *ContextBuilder
	links map[int]int // index into b.rels → links value set in this build
}

// attrs returns relationship i's attributes as the reference would see
// them at this point of the build: the loaded ones, with "links" updated
// in place or appended.
func (s *relState) attrs(i int) []knowledge.Attribute {
	base := s.b.rels[i].Attributes
	l, ok := s.links[i]
	if !ok {
		return base
	}
	out := make([]knowledge.Attribute, 0, len(base)+1)
	found := false
	for _, a := range base {
		if a.Key == "links" {
			a.Value, found = strconv.Itoa(l), true
		}
		out = append(out, a)
	}
	if !found {
		out = append(out, knowledge.Attribute{Key: "links", Value: strconv.Itoa(l)})
	}
	return out
}

func (s *relState) hasAttr(i int, key string) bool {
	for _, a := range s.attrs(i) {
		if a.Key == key {
			return true
		}
	}
	return false
}

func (s *relState) attrNum(i int, key string) float64 {
	f, _ := strconv.ParseFloat(attrValue(s.attrs(i), key), 64)
	return f
}

// rankSort is the reference's "rank sort" (§3.6): stable, descending, by
// an attribute when the FIRST relationship has it, else by rank or
// weight (null = 0), else unsorted.
func (s *relState) rankSort(rs []int, attr string) {
	if len(rs) == 0 {
		return
	}
	var key func(i int) float64
	switch {
	case s.hasAttr(rs[0], attr):
		key = func(i int) float64 { return float64(int(s.attrNum(i, attr))) }
	case attr == "rank":
		key = func(i int) float64 { return float64(relRank(s.b.rels[i])) }
	case attr == "weight":
		key = func(i int) float64 { return relWeight(s.b.rels[i]) }
	default:
		return
	}
	sort.SliceStable(rs, func(a, c int) bool { return key(rs[a]) > key(rs[c]) })
}

func relRank(r knowledge.Relationship) int {
	if r.HasRank {
		return r.Rank
	}
	return 0
}

func relWeight(r knowledge.Relationship) float64 {
	if r.HasWeight {
		return r.Weight
	}
	return 0
}

// touching returns the indexes (into b.rels, ascending, each once) of the
// relationships with an endpoint in names.
func (b *ContextBuilder) touching(titles []string) []int {
	var out []int
	seen := map[int]bool{}
	for _, t := range titles {
		for _, i := range b.relsByT[t] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	sort.Ints(out)
	return out
}

// filterRelationships is _filter_relationships (reference §3.6).
func (s *relState) filterRelationships(sel []knowledge.Entity, topK int, attr string) []int {
	names := map[string]bool{}
	titles := make([]string, len(sel))
	for i, e := range sel {
		names[e.Title] = true
		titles[i] = e.Title
	}
	all := s.b.touching(titles)
	var in, outS, outT []int
	for _, i := range all {
		r := s.b.rels[i]
		src, tgt := names[r.Source], names[r.Target]
		switch {
		case src && tgt:
			in = append(in, i)
		case src:
			outS = append(outS, i)
		case tgt:
			outT = append(outT, i)
		}
	}
	if len(in) > 1 {
		s.rankSort(in, attr)
	}
	out := append(outS, outT...)
	s.rankSort(out, attr)
	if len(out) <= 1 {
		return append(in, out...)
	}
	// links[X]: distinct selected counterparts of out-of-network entity X.
	counter := map[string]map[string]bool{}
	other := func(r knowledge.Relationship) (x, sel string) {
		if names[r.Source] {
			return r.Target, r.Source
		}
		return r.Source, r.Target
	}
	for _, i := range out {
		x, c := other(s.b.rels[i])
		if counter[x] == nil {
			counter[x] = map[string]bool{}
		}
		counter[x][c] = true
	}
	for _, i := range out {
		x, _ := other(s.b.rels[i])
		s.links[i] = len(counter[x])
	}
	var second func(i int) float64
	switch attr {
	case "rank":
		second = func(i int) float64 { return float64(relRank(s.b.rels[i])) }
	case "weight":
		second = func(i int) float64 { return relWeight(s.b.rels[i]) }
	default:
		second = func(i int) float64 { return s.attrNum(i, attr) }
	}
	sort.SliceStable(out, func(a, c int) bool {
		la, lc := s.links[out[a]], s.links[out[c]]
		if la != lc {
			return la > lc
		}
		return second(out[a]) > second(out[c])
	})
	if n := topK * len(sel); len(out) > n {
		out = out[:n]
	}
	return append(in, out...)
}

// relHeader is id|source|target|description[|weight] plus the attribute
// keys of the first relationship not already in the header.
func (s *relState) relHeader(rs []int, p Params) (header, attrKeys []string) {
	header = []string{"id", "source", "target", "description"}
	if p.IncludeRelationshipWeight {
		header = append(header, "weight")
	}
	if len(rs) > 0 {
		have := map[string]bool{}
		for _, h := range header {
			have[h] = true
		}
		for _, a := range s.attrs(rs[0]) {
			if !have[a.Key] {
				attrKeys = append(attrKeys, a.Key)
				have[a.Key] = true
			}
		}
	}
	return append(header, attrKeys...), attrKeys
}

func (s *relState) relRow(i int, p Params, attrKeys []string) []string {
	r := s.b.rels[i]
	row := []string{r.ShortID, r.Source, r.Target, r.Description}
	if p.IncludeRelationshipWeight {
		if r.HasWeight && r.Weight != 0 {
			row = append(row, PyFloat(r.Weight))
		} else {
			row = append(row, "")
		}
	}
	attrs := s.attrs(i)
	for _, k := range attrKeys {
		row = append(row, attrValue(attrs, k))
	}
	return row
}

// relationshipTable is build_relationship_context for the added entities.
func (s *relState) relationshipTable(added []knowledge.Entity, p Params, tc *counter, budget int) table {
	rs := s.filterRelationships(added, p.TopKRelationships, p.RelationshipRankingAttribute)
	if len(added) == 0 || len(rs) == 0 {
		return table{}
	}
	header, attrKeys := s.relHeader(rs, p)
	t := rawTable(tc, "Relationships", header, p.ColumnDelimiter, budget, len(rs), func(k int) []string {
		return s.relRow(rs[k], p, attrKeys)
	})
	for k := range t.ids {
		t.ids[k] = rs[t.ids[k]]
	}
	return t
}

// covariateTable is build_covariates_context for one covariate type: the
// header is emitted even when no claim matches (reference §3.6).
func (b *ContextBuilder) covariateTable(added []knowledge.Entity, key string, p Params, tc *counter, budget int) table {
	covs := b.m.Covariates()[key]
	if len(added) == 0 || len(covs) == 0 {
		return table{}
	}
	header := []string{"id", "entity"}
	var attrKeys []string
	for _, a := range covs[0].Attributes {
		attrKeys = append(attrKeys, a.Key)
	}
	header = append(header, attrKeys...)
	var idx []int
	for _, e := range added {
		idx = append(idx, b.covByTitle[key][e.Title]...)
	}
	t := rawTable(tc, key, header, p.ColumnDelimiter, budget, len(idx), func(k int) []string {
		c := covs[idx[k]]
		row := []string{c.ShortID, c.SubjectID}
		for _, ak := range attrKeys {
			row = append(row, attrValue(c.Attributes, ak))
		}
		return row
	})
	for k := range t.ids {
		t.ids[k] = idx[t.ids[k]]
	}
	return t
}

// localSection is _build_local_context (reference §3.7): the entity table
// (capped on its own), then relationships and covariates for the first i
// selected entities, i = 1, 2, …, keeping the last iteration whose total
// stays within budget.
func (b *ContextBuilder) localSection(sel []knowledge.Entity, p Params, tc *counter, budget int, rec Records) string {
	if len(sel) == 0 {
		return ""
	}
	header, attrKeys := entityHeader(sel, p)
	et := rawTable(tc, "Entities", header, p.ColumnDelimiter, budget, len(sel), func(i int) []string {
		return entityRow(sel[i], p, attrKeys)
	})
	eTok := tc.table(et)
	s := &relState{b: b, links: map[int]int{}}
	var kept []table
	var keptKeys []string
	for i := 1; i <= len(sel); i++ {
		added := sel[:i]
		r := s.relationshipTable(added, p, tc, budget)
		cur := []table{r}
		keys := []string{"relationships"}
		total := eTok + tc.table(r)
		for _, key := range b.covKeys {
			c := b.covariateTable(added, key, p, tc, budget)
			total += tc.table(c)
			cur = append(cur, c)
			keys = append(keys, strings.ToLower(key))
		}
		if total > budget {
			break
		}
		kept, keptKeys = cur, keys
	}
	parts := make([]string, len(kept))
	for i, t := range kept {
		parts[i] = t.text
	}
	text := et.text + "\n\n" + strings.Join(parts, "\n\n")

	rec["entities"] = Table{Columns: et.header, Rows: et.rows, InContext: trues(len(et.rows))}
	for i, t := range kept {
		rec[keptKeys[i]] = Table{Columns: t.header, Rows: t.rows, InContext: trues(len(t.rows))}
	}
	if p.ReturnCandidateContext {
		b.localCandidates(sel, p, s, rec)
	}
	return text
}

// localCandidates replaces the local records by candidate tables (§3.10):
// every relationship touching a selected entity, every entity that is an
// endpoint of one of them (entity-list order; as in the reference, a
// selected entity without relationships is not a candidate), every
// covariate about a selected entity; in_context marks the rows packed.
func (b *ContextBuilder) localCandidates(sel []knowledge.Entity, p Params, s *relState, rec Records) {
	titles := make([]string, len(sel))
	selT := map[string]bool{}
	for i, e := range sel {
		titles[i] = e.Title
		selT[e.Title] = true
	}
	crs := b.touching(titles)
	header, attrKeys := s.relHeader(crs, p)
	var relRows [][]string
	endpoints := map[string]bool{}
	for _, i := range crs {
		relRows = append(relRows, s.relRow(i, p, attrKeys))
		endpoints[b.rels[i].Source] = true
		endpoints[b.rels[i].Target] = true
	}
	b.mergeCandidates(rec, "relationships", Table{Columns: header, Rows: relRows})

	var cands []knowledge.Entity
	for _, e := range b.m.Entities() {
		if endpoints[e.Title] {
			cands = append(cands, e)
		}
	}
	eh, ek := entityHeader(cands, p)
	var entRows [][]string
	for _, e := range cands {
		entRows = append(entRows, entityRow(e, p, ek))
	}
	b.mergeCandidates(rec, "entities", Table{Columns: eh, Rows: entRows})

	for _, key := range b.covKeys {
		covs := b.m.Covariates()[key]
		if len(covs) == 0 {
			continue
		}
		h := []string{"id", "entity"}
		var ak []string
		for _, a := range covs[0].Attributes {
			ak = append(ak, a.Key)
		}
		h = append(h, ak...)
		var rows [][]string
		for _, c := range covs {
			if !selT[c.SubjectID] {
				continue
			}
			row := []string{c.ShortID, c.SubjectID}
			for _, k := range ak {
				row = append(row, attrValue(c.Attributes, k))
			}
			rows = append(rows, row)
		}
		b.mergeCandidates(rec, strings.ToLower(key), Table{Columns: h, Rows: rows})
	}
}

// mergeCandidates applies the reference's merge rule for candidate tables:
// no in-context table → candidates, all false; both non-empty with an id
// column → candidates flagged by id; otherwise the in-context table, all
// true.
func (b *ContextBuilder) mergeCandidates(rec Records, key string, cand Table) {
	cur, ok := rec[key]
	if !ok {
		cand.InContext = make([]bool, len(cand.Rows))
		rec[key] = cand
		return
	}
	if len(cur.Rows) == 0 || len(cand.Rows) == 0 || cur.Column("id") < 0 || cand.Column("id") < 0 {
		cur.InContext = trues(len(cur.Rows))
		rec[key] = cur
		return
	}
	in := map[string]bool{}
	for _, id := range cur.shownIDs() {
		in[id] = true
	}
	col := cand.Column("id")
	cand.InContext = make([]bool, len(cand.Rows))
	for i, r := range cand.Rows {
		cand.InContext[i] = in[r[col]]
	}
	rec[key] = cand
}
