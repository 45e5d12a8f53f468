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
// units hold 图书馆事件). A model cites a count by its row, [Data:
// Platforms (0)]; each row names up to three of its sources.

// PlatformsName is the Platforms section's name; its records are
// Records["platforms"] (columns id, platform, sources, percent, examples).
const PlatformsName = "Platforms"

// MaxPlatformRows bounds the rows of the Platforms section: the platforms
// with the most sources, ties by name.
const MaxPlatformRows = 10

// platformCount is one platform's sources.
type platformCount struct {
	name     string
	sources  int
	examples []string // the first sources' titles, in entity order
}

// platformSection renders the Platforms section for question within
// budget tokens into rec; "" when the question asks for no count by
// platform or no source with a URL is about it.
func (b *ContextBuilder) platformSection(question string, tc *counter, budget int, rec Records) string {
	if !text.AsksPlatformCount(question) {
		return ""
	}
	counts, total := b.platformCounts(question)
	if total == 0 {
		return ""
	}
	header := []string{"id", "platform", "sources", "percent", "examples"}
	t := rawTable(tc, PlatformsName, header, "|", budget, min(len(counts), MaxPlatformRows), func(i int) []string {
		c := counts[i]
		pct := fmt.Sprintf("%.1f%%", 100*float64(c.sources)/float64(total))
		return []string{fmt.Sprint(i), c.name, fmt.Sprint(c.sources), pct, strings.Join(c.examples, "; ")}
	})
	if len(t.rows) == 0 {
		return ""
	}
	rec[strings.ToLower(PlatformsName)] = Table{Columns: header, Rows: t.rows}
	return t.text
}

// platformCounts counts the source entities about question's subject
// (all of them when it names none) by platform, each URL once: the
// platforms with the most sources first, ties by name; total is the
// sources counted.
func (b *ContextBuilder) platformCounts(question string) (counts []platformCount, total int) {
	var subject []text.Term
	for _, t := range text.Terms(question) {
		if !text.CountFrame(t.Text) {
			subject = append(subject, t)
		}
	}
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
		if u == "" || seen[u] || len(subject) > 0 && !b.holdsAll(e, subject) {
			continue
		}
		seen[u] = true
		name := evidence.PlatformOfURL(u).Name
		c := byName[name]
		if c == nil {
			c = &platformCount{name: name}
			byName[name] = c
		}
		c.sources++
		if len(c.examples) < 3 {
			c.examples = append(c.examples, text.TruncateRunes(strings.TrimSpace(e.Title), 30))
		}
		total++
	}
	for _, c := range byName {
		counts = append(counts, *c)
	}
	slices.SortFunc(counts, func(a, c platformCount) int {
		return cmp.Or(cmp.Compare(c.sources, a.sources), strings.Compare(a.name, c.name))
	})
	return counts, total
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
	for _, t := range terms {
		held := false
		for _, w := range t.Words() {
			for _, s := range texts {
				if text.HoldsTerm(s, w) {
					held = true
				}
			}
		}
		if !held {
			return false
		}
	}
	return true
}
