package localsearch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"reportengine/evidence"
	"reportengine/graphrag"
	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// The Platforms section (our addition; Microsoft GraphRAG has no
// aggregate context): a question asking which platforms or media carry
// the most (text.AsksPlatformCount: "哪些媒体报道最多？") is answered with
// counts, which no record states. With hybrid retrieval the context then
// opens with the sources counted by platform — each source entity of our
// graphs (type source, its URL closing its description) put on its
// platform by the report's one host → platform table
// (evidence.PlatformOfURL), so the counts are the report's platform split
// by sources — limited to the sources about the question's subject when it
// names one (its content terms but the count's frame, text.CountFrame:
// "图书馆事件在哪个平台热度最高？" counts the sources whose entity or text
// units hold 图书馆事件), and to the platforms it names when it counts
// records ("有多少条检索记录来自小红书？": 小红书's row alone). Each row
// gives the platform's distinct sources and its search records (a source
// found by two searches counts twice: the report's platform table counts
// records). A model cites a count by its row, [Data:
// Platforms (0)]; each row names up to three of its sources.

// PlatformsName is the Platforms section's name; its records are
// Records["platforms"] (columns id, platform, sources, records, percent,
// examples; percent is of the sources).
const PlatformsName = "Platforms"

// MaxPlatformRows bounds the rows of the Platforms section: the platforms
// with the most sources, ties by name.
const MaxPlatformRows = 10

// platformCount is one platform's sources.
type platformCount struct {
	name     string
	sources  int
	records  int      // the search records that found its sources (recordsFound)
	examples []string // the first sources' titles, in entity order
}

// platformSection renders the Platforms section for question within
// budget tokens into rec; "" when the question asks for no count by
// platform, no source with a URL is about it, or every such source is on
// no platform the table knows (evidence.PlatformOther).
func (b *ContextBuilder) platformSection(question string, tc *counter, budget int, rec Records) string {
	if !text.AsksPlatformCount(question) {
		return ""
	}
	counts, total := b.platformCounts(question)
	if total == 0 || len(counts) == 1 && counts[0].name == evidence.PlatformOther.Name && counts[0].sources == total {
		// no source is on a platform the table knows (the sample's
		// example.com pages): "其他网站：61 个来源（100%）" tells nothing, and
		// the texts' own shares (小红书占46%) answer instead
		return ""
	}
	header := []string{"id", "platform", "sources", "records", "percent", "examples"}
	return aggregateSection(tc, PlatformsName, header, budget, min(len(counts), MaxPlatformRows), rec, func(i int) []string {
		c := counts[i]
		pct := fmt.Sprintf("%.1f%%", 100*float64(c.sources)/float64(total))
		return []string{fmt.Sprint(i), c.name, fmt.Sprint(c.sources), fmt.Sprint(c.records), pct, strings.Join(c.examples, "; ")}
	})
}

// runWords name what every source of a public-opinion run is about: its
// opinion (舆情) and its medium (网上, 网络).
var runWords = map[string]bool{"舆情": true, "网络舆情": true, "网上": true, "网络": true, "线上": true, "互联网": true}

// namesRun reports whether the term w names the whole run rather than a
// subject within it: a word of runWords, the topic's title (an entity of
// type topic: topicTitle) or a short name of it (text.FullNames: 武大 for 武汉大学).
// "这次武大的舆情在哪个平台讨论最多？" counted only the 5 sources holding
// both 武大 and 舆情 (new-user trial 38); it asks about the run's sources.
func (b *ContextBuilder) namesRun(w string) bool {
	topic := b.topicTitle()
	return runWords[w] || topic != "" && (w == topic || slices.Contains(text.FullNames(w), topic))
}

// aggregateSection packs one of our aggregate sections (Platforms,
// Sentiment): n rows under header as a "|" table named name within budget
// tokens, recorded in rec under the lower-cased name; "" when no row fits.
func aggregateSection(tc *counter, name string, header []string, budget, n int, rec Records, row func(i int) []string) string {
	t := rawTable(tc, name, header, "|", budget, n, row)
	if len(t.rows) == 0 {
		return ""
	}
	rec[strings.ToLower(name)] = Table{Columns: header, Rows: t.rows}
	return t.text
}

// platformCounts counts the source entities about question's subject
// (all of them when it names none) by platform, each URL once, and their
// search records: the platforms with the most sources first, ties by
// name, only those the question names when it names platforms (小红书);
// total is the sources counted on every platform.
func (b *ContextBuilder) platformCounts(question string) (counts []platformCount, total int) {
	var subject []text.Term
	only := map[string]bool{} // the platforms the question names (小红书): their rows alone
	for _, t := range text.Terms(question) {
		if pl, ok := evidence.PlatformNamed(t.Text); ok {
			only[pl.Name] = true
		} else if !text.CountFrame(t.Text) && !b.namesRun(t.Text) {
			subject = append(subject, t)
		}
	}
	found := b.found()
	ents := b.m.Entities()
	var cands []int
	if len(subject) == 0 {
		for i := range ents {
			cands = append(cands, i)
		}
	} else {
		for s := range b.m.Lexical().Search(subject).Entities() {
			cands = append(cands, s.Entity)
		}
		slices.Sort(cands)
	}
	byName := map[string]*platformCount{}
	seen := map[string]bool{}
	for _, i := range cands {
		e := ents[i]
		u := sourceURL(e)
		if u == "" || len(subject) > 0 && !b.holdsAll(e, subject) {
			continue
		}
		name := evidence.PlatformOfURL(u).Name
		c := byName[name]
		if c == nil {
			c = &platformCount{name: name}
			byName[name] = c
		}
		c.records += found[e.Title]
		if seen[u] {
			continue
		}
		seen[u] = true
		c.sources++
		if len(c.examples) < 3 {
			c.examples = append(c.examples, text.TruncateRunes(strings.TrimSpace(e.Title), 30))
		}
		total++
	}
	for _, c := range byName {
		if len(only) == 0 || only[c.name] {
			counts = append(counts, *c) // total stays all the platforms' sources
		}
	}
	slices.SortFunc(counts, func(a, c platformCount) int {
		return cmp.Or(cmp.Compare(c.sources, a.sources), strings.Compare(a.name, c.name))
	})
	return counts, total
}

// recordsFound counts, per source title, the relationships a search query
// entity of our graphs has to it: each is one search record that found the
// source (a "found" edge), so a source found by three searches counts 3,
// as the report's platform table counts records. Empty on a GraphRAG index.
// Made once a builder (ContextBuilder.found): the counts read; never
// changed.
func (b *ContextBuilder) recordsFound() map[string]int {
	ents := b.m.Entities()
	out := map[string]int{}
	for _, r := range b.m.Relationships() {
		if is := b.m.EntitiesByTitle(r.Source); len(is) > 0 && graphrag.NodeType(ents[is[0]].Type) == graphrag.TypeSearchQuery {
			out[r.Target]++
		}
	}
	return out
}

// countGate is what the relevance gate judges of a question asking for a
// count by platform: the statistics (gate, in question order) of its
// subject's terms, leaving out the count's frame (text.CountFrame: 媒体,
// 报道, 最多), which says what is counted, not what about; nil when it
// names no subject and the knowledge has sources with a URL to count (the
// question is then about the whole knowledge, and answered).
func (b *ContextBuilder) countGate(question string, gate []knowledge.TermStat) []knowledge.TermStat {
	out := []knowledge.TermStat{}
	for _, s := range gate {
		if !text.CountFrame(s.Term) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		if _, total := b.platformCounts(question); total > 0 {
			return nil
		}
	}
	return out
}

// sourceURL is the URL of a source entity of our graphs: the "(scheme://…)"
// closing its description (knowledge.FromGraph writes a source's preview,
// then its URL in parentheses); "" for any other entity.
func sourceURL(e knowledge.Entity) string {
	d := strings.TrimSpace(e.Description)
	j := strings.LastIndex(d, "(")
	if e.Type != string(graphrag.TypeSource) || j < 0 || !strings.HasSuffix(d, ")") || j > 0 && d[j-1] != ' ' {
		return ""
	}
	u := d[j+1 : len(d)-1]
	if !strings.Contains(u, "://") || strings.ContainsAny(u, " \n") {
		return ""
	}
	return u
}

// holdsAll reports whether source entity e's title and description or
// one of its own text units (its content cut, ids "<entity id>#n"; not the
// units of the sections that cite it) hold every term (itself or a
// synonym, text.HoldsTerm on lower-cased text).
func (b *ContextBuilder) holdsAll(e knowledge.Entity, terms []text.Term) bool {
	texts := []string{strings.ToLower(e.Title + "\n" + e.Description)}
	for _, id := range e.TextUnitIDs {
		if u, ok := b.m.TextUnitIndex(id); ok && strings.HasPrefix(id, e.ID+"#") {
			texts = append(texts, strings.ToLower(b.m.TextUnits()[u].Text))
		}
	}
	return !slices.ContainsFunc(terms, func(t text.Term) bool {
		return !slices.ContainsFunc(texts, func(s string) bool { return holdsTerms(s, []text.Term{t}) })
	})
}
