package questiongen

import (
	"context"
	"encoding/csv"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
	"reportengine/text"
)

// The search methods a suggested question is labelled with.
const (
	MethodLocal  = "local"
	MethodGlobal = "global"
)

// Suggestion is one follow-up question and the search method expected to
// answer it (MethodLocal or MethodGlobal).
type Suggestion struct {
	Question string `json:"question"`
	Method   string `json:"method"`
}

// CitedRecords returns the records of res's context that its answer
// cites, table by table in context order, each row once (citations that
// name no record of the context are left out), and with them the
// context's entities the cited records are about: an entity row is kept
// when it is cited or its title occurs (case-insensitively) in a cited
// row of another table, and a relationship row when it is cited or joins
// two kept entities. A refused or uncited answer gives empty Records.
func CitedRecords(res *localsearch.Result) localsearch.Records {
	out := localsearch.Records{}
	if res == nil {
		return out
	}
	rows := map[string]map[int]bool{} // table → the rows kept
	mark := func(table string, i int) {
		if rows[table] == nil {
			rows[table] = map[int]bool{}
		}
		rows[table][i] = true
	}
	for _, c := range res.Citations {
		if c.InContext && c.Table != "" {
			mark(c.Table, c.Row)
		}
	}
	if len(rows) == 0 {
		return out
	}
	var cited strings.Builder // the text of the cited rows outside the entities table
	for table, want := range rows {
		if table == "entities" {
			continue
		}
		for i, r := range res.ContextData[table].Rows {
			if want[i] {
				cited.WriteString(strings.ToLower(strings.Join(r, " ")) + "\n")
			}
		}
	}
	about := cited.String()
	ents := res.ContextData["entities"]
	titles := map[string]bool{}
	if col := ents.Column("entity"); col >= 0 {
		for i, r := range ents.Rows {
			if col >= len(r) || (ents.InContext != nil && (i >= len(ents.InContext) || !ents.InContext[i])) {
				continue
			}
			if rows["entities"][i] || (r[col] != "" && strings.Contains(about, strings.ToLower(r[col]))) {
				mark("entities", i)
				titles[r[col]] = true
			}
		}
	}
	rels := res.ContextData["relationships"]
	if sc, tc := rels.Column("source"), rels.Column("target"); sc >= 0 && tc >= 0 {
		for i, r := range rels.Rows {
			if sc < len(r) && tc < len(r) && titles[r[sc]] && titles[r[tc]] {
				mark("relationships", i)
			}
		}
	}
	for table, want := range rows {
		t := res.ContextData[table]
		kept := localsearch.Table{Columns: t.Columns}
		for i, r := range t.Rows {
			if want[i] {
				kept.Rows = append(kept.Rows, r)
			}
		}
		out[table] = kept
	}
	return out
}

// citedTables is the order of the tables in a context made of cited
// records (the local search's section order).
var citedTables = []struct{ key, name string }{
	{"reports", "Reports"}, {"entities", "Entities"}, {"relationships", "Relationships"}, {"claims", "claims"}, {"sources", "Sources"},
}

// CitedContext renders records (CitedRecords) as a context text in the
// local search's formats: "-----Name-----", the header, one row per
// record; Reports as CSV (a field holding "|", a quote or a line break is
// quoted), the other tables as raw pipe tables with line breaks inside a
// value turned into spaces. Tables without rows are left out; "" when
// none has any.
func CitedContext(rec localsearch.Records) string {
	var parts []string
	for _, t := range citedTables {
		tab, ok := rec[t.key]
		if !ok || len(tab.Rows) == 0 || len(tab.Columns) == 0 {
			continue
		}
		var b strings.Builder
		b.WriteString("-----" + t.name + "-----\n")
		if t.key == "reports" {
			w := csv.NewWriter(&b)
			w.Comma = '|'
			_ = w.WriteAll(append([][]string{tab.Columns}, tab.Rows...)) // a strings.Builder does not fail
		} else {
			b.WriteString(strings.Join(tab.Columns, "|") + "\n")
			for _, r := range tab.Rows {
				cells := make([]string, len(r))
				for i, c := range r {
					cells[i] = strings.Join(strings.Fields(c), " ")
				}
				b.WriteString(strings.Join(cells, "|") + "\n")
			}
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, "\n")
}

// cutTitleRE is a name cut short inside quotes ("「Paranormal Military
// Squa…」", "“某某事件...”") or a question that ends in an ellipsis.
var cutTitleRE = regexp.MustCompile(`(?:…|\.\.\.)\s*[」』”"'》]|(?:…|\.\.\.)\s*[?？]?\s*$`)

// quotedNameRE is a name quoted in a question (「…」, 『…』, “…”).
var quotedNameRE = regexp.MustCompile(`「([^」]+)」|『([^』]+)』|“([^”]+)”`)

// Unfit says why question q is not one to suggest, or "" when it is fit:
// it holds a vulgar, insulting or defamatory word (text.OffensiveWord), a
// name cut short ("…" before a closing quote or at the end), or quotes a
// web page's title with its site's name (text.SiteSuffix: 「武汉大学有哪些
// 著名校友-大学排名-鲁芽网」 names a page, not a subject). These hold for
// any model's questions; the offline writer also avoids internal ids and
// repeated pairs (llm/offline).
func Unfit(q string) string {
	if w, ok := text.OffensiveWord(q); ok {
		return fmt.Sprintf("offensive wording %q", w)
	}
	if cutTitleRE.MatchString(q) {
		return "a name cut short"
	}
	for _, m := range quotedNameRE.FindAllStringSubmatch(q, -1) {
		if _, site := text.SiteSuffix(m[1] + m[2] + m[3]); site != "" {
			return fmt.Sprintf("a page title with its site's name %q", site)
		}
	}
	return ""
}

// screen keeps the questions that are fit (Unfit) and pass the relevance
// gate (the question alone maps to an entity: Builder.Matches, whether the
// mapping Build makes finds one, decided from the term statistics when
// they suffice, else by that mapping without packing a context), labels each with
// classify (nil: MethodLocal), and returns them with a warning per
// question dropped. Builder errors are returned.
func (g *Generator) screen(ctx context.Context, qs []string) ([]Suggestion, []string, error) {
	out := []Suggestion{}
	var warns []string
	for _, q := range qs {
		why := Unfit(q)
		if why == "" && g.cfg.Builder != nil {
			why = quotesInternalName(q, g.cfg.Builder.Model())
		}
		if why != "" {
			warns = append(warns, fmt.Sprintf("dropped %q: %s", q, why))
			continue
		}
		if g.cfg.Builder != nil {
			ok, err := g.cfg.Builder.Matches(ctx, q, g.params)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				warns = append(warns, fmt.Sprintf("dropped %q: the knowledge holds nothing relevant to it", q))
				continue
			}
		}
		m := MethodLocal
		if g.cfg.Classify != nil {
			if m = g.cfg.Classify(q); m != MethodGlobal {
				m = MethodLocal
			}
		}
		out = append(out, Suggestion{Question: q, Method: m})
	}
	return out, warns, nil
}

// maxUnitEntities is how many entities of one cited source text join the
// cited records (its owner first, then those it mentions).
const maxUnitEntities = 3

// citedRecords is CitedRecords(res) and, with a Builder, the entities of
// the cited source texts: for each cited Sources row, the first
// maxUnitEntities entities of its text unit (for our graphs the node the
// text belongs to, then the entities it mentions) join the entity rows,
// in the context's entity columns (id, title, description, the rank; other
// columns empty), so that an answer citing only texts still leads to
// questions about what the texts are about.
func (g *Generator) citedRecords(res *localsearch.Result) localsearch.Records {
	rec := CitedRecords(res)
	src := rec["sources"]
	if g.cfg.Builder == nil || len(src.Rows) == 0 {
		return rec
	}
	m := g.cfg.Builder.Model()
	g.unitsOnce.Do(func() {
		g.unitByShort = make(map[string]int, len(m.TextUnits()))
		for i, u := range m.TextUnits() {
			if _, dup := g.unitByShort[u.ShortID]; !dup {
				g.unitByShort[u.ShortID] = i
			}
		}
	})
	cols := res.ContextData["entities"].Columns
	if len(cols) < 3 {
		cols = []string{"id", "entity", "description"}
	}
	ents := localsearch.Table{Columns: cols, Rows: rec["entities"].Rows}
	have := map[string]bool{}
	tc := ents.Column("entity")
	for _, r := range ents.Rows {
		if tc >= 0 && tc < len(r) {
			have[r[tc]] = true
		}
	}
	idc := src.Column("id")
	for _, r := range src.Rows {
		if idc < 0 || idc >= len(r) {
			continue
		}
		ui, ok := g.unitByShort[r[idc]]
		if !ok {
			continue
		}
		ids := m.TextUnits()[ui].EntityIDs
		for _, id := range ids[:min(len(ids), maxUnitEntities)] {
			e, ok := m.EntityByID(id)
			if !ok || have[e.Title] {
				continue
			}
			have[e.Title] = true
			row := make([]string, len(cols))
			for i, c := range cols {
				switch {
				case c == "id":
					row[i] = e.ShortID
				case c == "entity":
					row[i] = e.Title
				case c == "description":
					row[i] = e.Description
				case i == 3 && e.HasRank:
					row[i] = strconv.Itoa(e.Rank)
				}
			}
			ents.Rows = append(ents.Rows, row)
		}
	}
	if len(ents.Rows) > 0 {
		rec["entities"] = ents
	}
	return rec
}

// quotesInternalName says why q is unfit when a name it quotes (「…」,
// 『…』, “…”) is one of m's entity titles and, for every entity of that
// title, a name of the machinery (text.InternalName: a research section's
// title, a search query, an engine, a summary label), or "". The report's
// follow-ups (nodes) apply the same rule. Microsoft GraphRAG indexes have
// no such types, so nothing is dropped there unless an entity's title is
// itself bookkeeping.
func quotesInternalName(q string, m *knowledge.Model) string {
	if m == nil {
		return ""
	}
	ents := m.Entities()
	for _, sm := range quotedNameRE.FindAllStringSubmatch(q, -1) {
		name := strings.TrimSpace(sm[1] + sm[2] + sm[3])
		idx := m.EntitiesByTitle(name)
		if len(idx) == 0 {
			continue
		}
		if !slices.ContainsFunc(idx, func(i int) bool { return !text.InternalName(ents[i].Type, name) }) {
			return fmt.Sprintf("quotes the engines' own name %q", name)
		}
	}
	return ""
}

// SeedEntities returns the titles of the k entities of m of highest rank
// (ties in model order) that a reader knows by name: no bookkeeping
// (text.Bookkeeping descriptions), no engine, section or search-query
// names (text.InternalName), nothing unfit (Unfit), each title once. They
// are the subjects of the questions asked with an empty history: the
// reference's empty query takes the k entities of highest rank, which on
// our graphs are the search queries (a query's degree is its results), so
// its context held only the topic report and nothing to ask about.
func SeedEntities(m *knowledge.Model, k int) []string {
	if m == nil || k <= 0 {
		return nil
	}
	ents := m.Entities()
	order := make([]int, 0, len(ents))
	for i, e := range ents {
		if !text.Bookkeeping(e.Description) && !text.InternalName(e.Type, e.Title) && Unfit("「"+e.Title+"」") == "" {
			order = append(order, i)
		}
	}
	rank := func(i int) int {
		if ents[i].HasRank {
			return ents[i].Rank
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(b) - rank(a) })
	var out []string
	seen := map[string]bool{}
	for _, i := range order {
		if t := ents[i].Title; !seen[t] {
			seen[t] = true
			out = append(out, t)
			if len(out) == k {
				break
			}
		}
	}
	return out
}
