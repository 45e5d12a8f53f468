package graphrag

import (
	"errors"
	"slices"
	"strings"

	"reportengine/text"
)

// Stats counts nodes and edges.
type Stats struct {
	TotalNodes int
	TotalEdges int
	// ByType counts nodes per type; types with no node are absent.
	ByType map[NodeType]int
	// ByRelation counts edges per relation; relations with no edge are absent.
	ByRelation map[Relation]int
}

// Stats returns the node and edge counts.
func (g *Graph) Stats() Stats {
	s := Stats{TotalNodes: g.NodeCount(), TotalEdges: g.EdgeCount(), ByType: map[NodeType]int{}, ByRelation: map[Relation]int{}}
	// Counted by code, then by name: one map update per type instead of
	// one per node (Stats runs on every save).
	countCodes(s.ByType, g.typeNames, g.types)
	countCodes(s.ByRelation, g.relNames, g.rels)
	return s
}

// countCodes adds to counts the number of each code in codes, under its
// name in names (names absent from codes are not added).
func countCodes[K comparable](counts map[K]int, names []K, codes []uint32) {
	n := make([]int, len(names))
	for _, c := range codes {
		n[c]++
	}
	for c, k := range n {
		if k > 0 {
			counts[names[c]] += k
		}
	}
}

// SortedTypes returns the node types present in s: the builder types first
// in NodeTypes order, then any other type by name.
func (s Stats) SortedTypes() []NodeType { return presentInOrder(nodeTypes[:], s.ByType) }

// SortedRelations returns the relations present in s: the builder relations
// first in Relations order, then any other by name.
func (s Stats) SortedRelations() []Relation { return presentInOrder(relations[:], s.ByRelation) }

// presentInOrder lists the keys of counts with a count above zero: those in
// known first, in that order, then the others sorted.
func presentInOrder[K ~string](known []K, counts map[K]int) []K {
	var out []K
	for _, k := range known {
		if counts[k] > 0 {
			out = append(out, k)
		}
	}
	var rest []K
	for k, n := range counts {
		if n > 0 && !slices.Contains(known, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Roots returns the ids of the nodes without incoming edges, in graph order
// (for a built graph: the topic).
func (g *Graph) Roots() []string {
	hasIn := make([]bool, len(g.ids))
	for _, e := range g.ends {
		hasIn[e[1]] = true
	}
	var out []string
	for i, id := range g.ids {
		if !hasIn[i] {
			out = append(out, id)
		}
	}
	return out
}

// Derived holds the fields of a node that the file does not store because
// they follow from what it does store. Front ends want them (the BettaFish
// viewer reads label and, for sources, the preview); the server adds them
// to its JSON.
type Derived struct {
	// Label is the node's display label: its name, or its id when the name
	// is empty ("label" in the BettaFish file and web API).
	Label string
	// Preview is, for a node with a string "content" attribute, its first
	// PreviewRunes runes (the "preview" of a source in the BettaFish
	// format; there content is first cut to 200 characters, here it is
	// kept whole); "" for other nodes. A node that has its own string
	// "preview" attribute (a file of another tool) keeps that one.
	Preview string
}

// PreviewRunes is the length of Derived.Preview in runes, as the
// reference's "preview" (content[:100]).
const PreviewRunes = 100

// DerivedOf returns the derived fields of node v.
func (g *Graph) DerivedOf(v int) Derived {
	d := Derived{Label: g.Name(v)}
	if d.Label == "" {
		d.Label = g.ID(v)
	}
	if p, ok := g.Attr(v, "preview"); ok {
		d.Preview, _ = p.(string)
	} else {
		d.Preview = text.TruncateRunes(g.String(v, "content"), PreviewRunes)
	}
	return d
}

// SetAttr stores val under key in the attributes of node v (replacing an
// existing value in place, else appending), for builders that learn a
// value after adding the node. It returns ErrTypedNode for a typed source
// (use SetSourceTally).
func (g *Graph) SetAttr(v int, key string, val any) error {
	if g.srcRow[v] >= 0 {
		return ErrTypedNode
	}
	a := g.attrs[v].Clone()
	a.Set(key, val)
	g.attrs[v] = a
	return nil
}

// ErrTypedNode is returned by SetAttr for a node stored in typed columns.
var ErrTypedNode = errors.New("graphrag: attributes of a typed source are set through SetSourceTally")

// Nodes returns a copy of every node in graph order (NodeAt for each). It
// allocates the attribute lists of typed sources on every call: for tests,
// small graphs and one-off dumps; code that runs per request or over a
// large graph reads by index instead.
func (g *Graph) Nodes() []Node {
	out := make([]Node, g.NodeCount())
	for v := range out {
		out[v] = g.NodeAt(v)
	}
	return out
}

// Edges returns a copy of every edge in graph order (EdgeAt for each), with
// the same cost warning as Nodes.
func (g *Graph) Edges() []Edge {
	out := make([]Edge, g.EdgeCount())
	for i := range out {
		out[i] = g.EdgeAt(i)
	}
	return out
}

// SourceNameRunes is the length in runes of a source's name as the
// builder makes it and SourceName derives it ("title[:50] or url[:50]" in
// the BettaFish reference, §3.1).
const SourceNameRunes = 50

// SourceName is a source's name derived from its attributes: the first of
// its title, url and content that is not blank (else "(untitled)"),
// trimmed of white space and cut to SourceNameRunes runes. It is the
// builder's rule; a format 3 file left out the "name" of a typed source
// whose name is this, and the readers give it back (format 4 stores it).
func SourceName(title, url, content string) string {
	// Each field is trimmed once: the builder names every record's
	// source with this and the writers check every source's name with it.
	name := strings.TrimSpace(title)
	if name == "" {
		switch {
		case url != "":
			name = strings.TrimSpace(url) // "" for a blank URL, as before
		default:
			if name = strings.TrimSpace(content); name == "" {
				name = "(untitled)"
			}
		}
	}
	return text.TruncateRunes(name, SourceNameRunes)
}

// SummaryRunes is the length in runes of a section's "summary" attribute
// as the builder makes it and SectionSummary derives it (the BettaFish
// reference's "latest_summary or else content, cut to 300", §2.2).
const SummaryRunes = 300

// SectionSummary is a section's summary derived from its attributes: its
// latest summary, or its content when that is empty, cut to SummaryRunes
// runes. A format 3 or 4 file leaves out a section's "summary" when it is this
// (see WriteJSONContext), and the readers give it back.
func SectionSummary(latestSummary, content string) string {
	if latestSummary == "" {
		latestSummary = content
	}
	return text.TruncateRunes(latestSummary, SummaryRunes)
}

// summaryAt returns the position of a section's "summary" attribute when
// a file may leave it out: it is the one "summary", a string equal to
// SectionSummary of the (one) "latest_summary" and "content", in valid
// UTF-8, right before "content" (where the readers put it back); else -1.
func summaryAt(a Attributes) int {
	at, counts := -1, [3]int{}
	for i := range a {
		switch a[i].Key {
		case "summary":
			at = i
			counts[0]++
		case "content":
			counts[1]++
		case "latest_summary":
			counts[2]++
		}
	}
	if counts[0] != 1 || counts[1] != 1 || counts[2] > 1 || at+1 >= len(a) || a[at+1].Key != "content" {
		return -1
	}
	s, ok := a[at].Value.(string)
	if _, isText := a[at+1].Value.(string); !ok || !isText || s != SectionSummary(a.String("latest_summary"), a.String("content")) || !ValidUTF8(s) {
		return -1
	}
	return at
}

// sectionOut returns the attributes of section a as a format 4 file
// stores them: without the summary when summaryAt allows it; keep is true
// when the readers must not derive a summary (a has a string content and
// no summary: the file then marks the node "derive": false).
func sectionOut(a Attributes) (out Attributes, keep bool) {
	if i := summaryAt(a); i >= 0 {
		out = make(Attributes, 0, len(a)-1)
		return append(append(out, a[:i]...), a[i+1:]...), false
	}
	return a, wantsSummary(a)
}

// wantsSummary reports whether a reader of a format 3 file derives a
// summary for section attributes a: they have a string "content" and no
// "summary".
func wantsSummary(a Attributes) bool {
	if _, ok := a.Get("summary"); ok {
		return false
	}
	v, _ := a.Get("content")
	_, ok := v.(string)
	return ok
}

// withSummary gives section attributes a read from a format 3 file their
// derived summary, right before "content" (when wantsSummary). a is not
// changed: the result is a new list.
func withSummary(a Attributes) Attributes {
	if !wantsSummary(a) {
		return a
	}
	out := make(Attributes, 0, len(a)+1)
	for i := range a {
		if a[i].Key == "content" {
			out = append(out, Attr{Key: "summary", Value: SectionSummary(a.String("latest_summary"), a.String("content"))})
			out = append(out, a[i:]...)
			break
		}
		out = append(out, a[i])
	}
	return out
}
