package evidence

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/state"
)

// Passage limits, in runes.
const (
	MinRunes       = 12  // shorter sentences are joined to the next one
	MaxRunes       = 240 // longest passage; longer sentences are cut at a clause mark
	SourcePassages = 12  // passages taken from one source content (its first ones)
	// NearDuplicate is the character-trigram overlap (|A∩B| / min(|A|,|B|),
	// sizes within 80 % of each other) at and above which two passages with
	// the same first and last runes are one item.
	NearDuplicate = 0.8
)

// Kind is where a passage comes from.
type Kind string

// Passage kinds, in collection order.
const (
	KindSummary     Kind = "summary"      // a paragraph's research.latest_summary
	KindTitle       Kind = "title"        // a search record's title
	KindSource      Kind = "source"       // a search record's content
	KindFinalReport Kind = "final_report" // an engine's final_report
	KindForum       Kind = "forum"        // a forum speech (engines, HOST, any speaker)
)

// Provenance says where one copy of an item's text was found. Fields that do
// not apply to the Kind are empty; SectionPos is -1 when there is no section.
type Provenance struct {
	Kind       Kind   `json:"kind"`
	Engine     string `json:"engine,omitempty"`  // query, media, insight; for forum speeches the speaker in lower case (host, query, …)
	Section    string `json:"section,omitempty"` // the paragraph title
	SectionPos int    `json:"section_position"`  // the paragraph's index in paragraphs[]; -1 for none
	Query      string `json:"query,omitempty"`   // the search query of a source record
	URL        string `json:"url,omitempty"`     // the source URL ("" for posts without one)
	Title      string `json:"title,omitempty"`   // the source title
	ForumTime  string `json:"forum_time,omitempty"`
	ForumLine  int    `json:"forum_line,omitempty"` // 1-based line of the forum log
	Speaker    string `json:"speaker,omitempty"`    // forum speaker as written in the log (upper case)
}

// Item is one evidence passage with every place it was found.
type Item struct {
	ID         string       `json:"id"`   // "E1", "E2", … in collection order
	Text       string       `json:"text"` // the passage as first found, cleaned of markdown
	Kind       Kind         `json:"kind"` // the first provenance's kind
	Provenance []Provenance `json:"provenance"`
	Runes      int          `json:"runes"`
}

// HasURL reports whether a provenance of the item has a source URL.
func (it *Item) HasURL() bool { return it.FirstURL() != "" }

// FirstURL returns the first source URL among the item's provenance, "" if none.
func (it *Item) FirstURL() string {
	for _, p := range it.Provenance {
		if p.URL != "" {
			return p.URL
		}
	}
	return ""
}

// Input is what Collect reads. When Graph is set (and not empty) the
// evidence comes from it — it holds every search record, summary and final
// report of the run — and States are not read; otherwise States are used in
// the order given. Forum entries are used as given; with a graph and no
// entries, the speeches the graph carries are used.
type Input struct {
	Topic  string
	Graph  *graphrag.Graph
	States []*state.State
	Forum  []forum.Entry
}

// Stats counts what Collect saw.
type Stats struct {
	Passages   int `json:"passages"`    // passages cut from the texts
	Items      int `json:"items"`       // distinct items after merging
	Merged     int `json:"merged"`      // passages merged into an earlier item (exact or near duplicate)
	NearMerged int `json:"near_merged"` // of Merged, those merged as near duplicates
	Noise      int `json:"noise"`       // passages left out as markup or encoded data (mostly letters missing)
	Figures    int `json:"figures"`
}

// Set is the evidence of one run.
type Set struct {
	Items   []Item   `json:"items"`
	Figures []Figure `json:"figures"`
	Stats   Stats    `json:"stats"`
	byID    map[string]int
	figIdx  map[string][]int
	byURL   map[string]int
}

// ItemByURL returns the first item (in id order) with a provenance of that
// source URL.
func (s *Set) ItemByURL(url string) (*Item, bool) {
	i, ok := s.byURL[url]
	if !ok {
		return nil, false
	}
	return &s.Items[i], true
}

// Item returns the item with that id.
func (s *Set) Item(id string) (*Item, bool) {
	i, ok := s.byID[id]
	if !ok {
		return nil, false
	}
	return &s.Items[i], true
}

// Collect cuts every text of the run into passages, merges duplicates and
// extracts the figures. It never fails: empty input gives an empty Set.
func Collect(in Input) *Set {
	c := newCollector()
	if in.Graph != nil && in.Graph.NodeCount() > 0 {
		c.collectGraph(in.Graph, in.Forum)
		return c.set()
	}
	for _, st := range in.States {
		if st == nil {
			continue
		}
		eng := string(st.Engine)
		for pi := range st.Paragraphs {
			p := &st.Paragraphs[pi]
			base := Provenance{Engine: eng, Section: p.Title, SectionPos: p.Position}
			c.addText(p.LatestSummary, withKind(base, KindSummary), 0)
			for ri := range p.Searches {
				r := &p.Searches[ri]
				src := base
				src.Query, src.URL, src.Title = strings.TrimSpace(r.Query), strings.TrimSpace(r.URL), strings.TrimSpace(r.Title)
				if utf8.RuneCountInString(src.Title) >= MinRunes {
					c.addPassage(src.Title, withKind(src, KindTitle))
				}
				c.addText(r.Content, withKind(src, KindSource), SourcePassages)
			}
		}
	}
	for _, st := range in.States {
		if st == nil {
			continue
		}
		c.addText(st.FinalReport, Provenance{Kind: KindFinalReport, Engine: string(st.Engine), SectionPos: -1}, 0)
	}
	c.addForum(in.Forum)
	return c.set()
}

func (c *collector) addForum(entries []forum.Entry) {
	for _, e := range entries {
		if e.Speaker == "SYSTEM" {
			continue // the forum's own status lines, not speeches
		}
		c.addText(e.Content, Provenance{Kind: KindForum, Engine: strings.ToLower(e.Speaker), SectionPos: -1,
			ForumTime: e.Time, ForumLine: e.Line, Speaker: e.Speaker}, 0)
	}
}

// set finishes the collection: ids, figures, indexes.
func (c *collector) set() *Set {
	s := &Set{Items: c.items, Stats: c.stats, byID: make(map[string]int, len(c.items)), figIdx: map[string][]int{}}
	s.byURL = map[string]int{}
	for i := range s.Items {
		s.byID[s.Items[i].ID] = i
		for _, p := range s.Items[i].Provenance {
			if _, seen := s.byURL[p.URL]; p.URL != "" && !seen {
				s.byURL[p.URL] = i
			}
		}
		for _, f := range FindFigures(s.Items[i].ID, s.Items[i].Text) {
			s.figIdx[f.ItemID] = append(s.figIdx[f.ItemID], len(s.Figures))
			s.Figures = append(s.Figures, f)
		}
	}
	s.Stats.Items = len(s.Items)
	s.Stats.Figures = len(s.Figures)
	return s
}

func withKind(p Provenance, k Kind) Provenance { p.Kind = k; return p }

type collector struct {
	items  []Item
	exact  map[string]int   // normalised text → item index
	bucket map[string][]int // first+last runes → item indexes, for near duplicates
	grams  map[int]map[uint64]struct{}
	stats  Stats
}

func newCollector() *collector {
	return &collector{exact: map[string]int{}, bucket: map[string][]int{}, grams: map[int]map[uint64]struct{}{}}
}

// addText cuts text into passages and adds them; limit > 0 keeps only the
// first limit passages.
func (c *collector) addText(text string, p Provenance, limit int) {
	if strings.TrimSpace(text) == "" {
		return
	}
	for i, ps := range Passages(text) {
		if limit > 0 && i >= limit {
			break
		}
		c.addPassage(ps, p)
	}
}

func (c *collector) addPassage(text string, p Provenance) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	c.stats.Passages++
	if isNoise(text) {
		c.stats.Noise++
		return
	}
	key := Normalize(text)
	if key == "" {
		c.stats.Noise++
		return
	}
	if i, ok := c.exact[key]; ok {
		c.merge(i, p, false)
		return
	}
	bk := bucketKey(key)
	var g map[uint64]struct{}
	for _, j := range c.bucket[bk] {
		if g == nil {
			g = trigrams(key)
		}
		if similar(g, c.gramsOf(j)) >= NearDuplicate {
			c.exact[key] = j
			c.merge(j, p, true)
			return
		}
	}
	idx := len(c.items)
	c.items = append(c.items, Item{ID: "E" + strconv.Itoa(idx+1), Text: text, Kind: p.Kind, Provenance: []Provenance{p}, Runes: utf8.RuneCountInString(text)})
	c.exact[key] = idx
	c.bucket[bk] = append(c.bucket[bk], idx)
	if g != nil {
		c.grams[idx] = g
	}
}

func (c *collector) gramsOf(i int) map[uint64]struct{} {
	g, ok := c.grams[i]
	if !ok {
		g = trigrams(Normalize(c.items[i].Text))
		c.grams[i] = g
	}
	return g
}

// merge adds p to item i unless an equal provenance is already there.
func (c *collector) merge(i int, p Provenance, near bool) {
	c.stats.Merged++
	if near {
		c.stats.NearMerged++
	}
	for _, q := range c.items[i].Provenance {
		if q == p {
			return
		}
	}
	c.items[i].Provenance = append(c.items[i].Provenance, p)
}

// Normalize returns the comparison key of a passage: letters and digits
// only, lower case. Two passages with the same key are the same item.
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// bucketKey is the first and last three runes of a normalised key and its
// length class; near duplicates share it.
func bucketKey(key string) string {
	rs := []rune(key)
	n := len(rs)
	if n <= 6 {
		return key
	}
	return string(rs[:3]) + "\x00" + string(rs[n-3:])
}

func trigrams(key string) map[uint64]struct{} {
	rs := []rune(key)
	g := make(map[uint64]struct{}, len(rs))
	for i := 0; i+2 < len(rs); i++ {
		g[uint64(rs[i])<<42|uint64(rs[i+1])<<21|uint64(rs[i+2])] = struct{}{}
	}
	return g
}

// similar is the overlap of two trigram sets, |A∩B| / min(|A|,|B|), or 0
// when one set is less than 80 % the size of the other (a short sentence is
// not a duplicate of a long passage that contains it).
func similar(a, b map[uint64]struct{}) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if float64(len(a)) < 0.8*float64(len(b)) {
		return 0
	}
	inter := 0
	for k := range a {
		if _, ok := b[k]; ok {
			inter++
		}
	}
	return float64(inter) / float64(len(a))
}

// isNoise reports passages that are markup or encoded data rather than
// prose: fewer than half of the runes are letters (Han included).
func isNoise(s string) bool {
	letters, total := 0, 0
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		total++
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if total == 0 {
		return true
	}
	if strings.Contains(s, "%3D") || strings.Contains(s, "%2F") || strings.Contains(s, "base64,") {
		return true
	}
	return letters*2 < total
}
