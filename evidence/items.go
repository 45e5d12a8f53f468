package evidence

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"strings"
	"unicode"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/internal/parallel"
	"reportengine/state"
	"reportengine/text"
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
	// prev is 1 + the index of the item that holds the passage before
	// this one in the text it was first cut from; 0 when it has none (the
	// first passage, a title, or a passage after one left out as noise).
	prev int32
	// Event is the id of the event the passage is about (GroupEvents:
	// "V1", …), "" when it names none and its segment and text none either.
	Event string `json:"event,omitempty"`
	// doc is the text the passage was first cut from (its collection job),
	// seg its segment there and sec its section (passageSegments), event
	// 1 + the index of Event in Set.Events (0: none)
	doc, seg, sec, event int32
}

// HasURL reports whether a provenance of the item has a source URL.
func (it *Item) HasURL() bool { return it.FirstURL() != "" }

// FirstURL returns the first source URL among the item's provenance, "" if none.
func (it *Item) FirstURL() string {
	if k := slices.IndexFunc(it.Provenance, func(p Provenance) bool { return p.URL != "" }); k >= 0 {
		return it.Provenance[k].URL
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
	// Focus are the texts the report is about (chapter titles and
	// sub-points). With more than MaxSources sources, only the MaxSources
	// whose title and opening (SourceProbeRunes) score best against Focus
	// are cut into passages (see Stats.SkippedSources); the others could
	// not win a place in the plan anyway. Without Focus every source is cut.
	Focus []string
	// MaxSources is that limit; 0 = DefaultMaxSources, < 0 = no limit.
	MaxSources int
}

// Source pre-selection for large runs.
const (
	// DefaultMaxSources bounds the sources cut into passages (and so the
	// knowledge model the report's local-search retrieval embeds): about
	// ten times what a report of 30 sub-points × PerSubPoint items can
	// quote, so the cut keeps every source a sub-point could use.
	DefaultMaxSources = 2000
	SourceProbeRunes  = 80
)

// Stats counts what Collect saw.
type Stats struct {
	Passages   int `json:"passages"`    // passages cut from the texts
	Items      int `json:"items"`       // distinct items after merging
	Merged     int `json:"merged"`      // passages merged into an earlier item (exact or near duplicate)
	NearMerged int `json:"near_merged"` // of Merged, those merged as near duplicates
	Noise      int `json:"noise"`       // passages left out as markup or encoded data (mostly letters missing)
	// SkippedSources counts sources not cut into passages because the run
	// has more than Input.MaxSources and they scored lowest against the
	// report's focus (see Input.Focus).
	SkippedSources int `json:"skipped_sources,omitempty"`
	Figures        int `json:"figures"`
	// OffTopicSpeeches counts the forum speeches judged whole not about
	// the run's topic (Topic.JudgeSpeech): their passages are never
	// findings, KPIs or chart data.
	OffTopicSpeeches int `json:"off_topic_speeches,omitempty"`
}

// Set is the evidence of one run.
type Set struct {
	Items   []Item   `json:"items"`
	Figures []Figure `json:"figures"`
	Stats   Stats    `json:"stats"`
	// Events are the run's events (GroupEvents), most passages first;
	// the one marked Topic is the run's, the others are related events.
	Events []EventGroup `json:"events,omitempty"`
	byID   map[string]int
	figIdx map[string][]int
	byURL  map[string]int
	// offSpeech holds the forum log lines of the speeches judged whole
	// not about the topic (judgeSpeeches)
	offSpeech map[int]bool
	// background marks the passages about no event of this run in a text
	// about none of its topic event either (markBackground)
	background []bool
	// foreign holds, for each passage about the topic event or none by
	// inheritance, 1 + the index in Events of the related event whose own
	// words it holds (markForeign); 0 for none
	foreign []int32
	// incident names, by item index, the incident of no event of the run
	// that a passage about none by its own words names (markForeign)
	incident map[int]string
	// caseTerms are the words that say a passage is about this case: the
	// topic event's key terms and its parties (markForeign)
	caseTerms []string
}

// ItemByURL returns the first item (in id order) with a provenance of that
// source URL.
func (s *Set) ItemByURL(url string) (*Item, bool) { return s.lookup(s.byURL, url) }

// Item returns the item with that id.
func (s *Set) Item(id string) (*Item, bool) { return s.lookup(s.byID, id) }

// lookup returns the item index holds for key.
func (s *Set) lookup(index map[string]int, key string) (*Item, bool) {
	if i, ok := index[key]; ok {
		return &s.Items[i], true
	}
	return nil, false
}

// Collect cuts every text of the run into passages, merges duplicates and
// extracts the figures. It never fails: empty input gives an empty Set.
func Collect(in Input) *Set {
	c := newCollector()
	srcs := listSources(in)
	c.keep = selectSources(in, srcs)
	if c.keep != nil {
		c.stats.SkippedSources = len(srcs) - sourceLimit(in)
	}
	c.jobs = make([]job, 0, 2*min(len(srcs), max(sourceLimit(in), 0)+1)+1024)
	if in.Graph != nil && in.Graph.NodeCount() > 0 {
		c.collectGraph(in.Graph, in.Forum)
	} else {
		c.collectStates(in.States)
		c.addForum(in.Forum)
	}
	s := c.set()
	s.judgeSpeeches(in.Topic)
	s.GroupEvents(in.Topic)
	return s
}

// collectStates queues the states' texts in collection order: each
// paragraph's summary and search records, then each final report.
func (c *collector) collectStates(states []*state.State) {
	for _, st := range states {
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
				c.addSource(src, src.Title, r.Content)
			}
		}
	}
	for _, st := range states {
		if st != nil {
			c.addText(st.FinalReport, Provenance{Kind: KindFinalReport, Engine: string(st.Engine), SectionPos: -1}, 0)
		}
	}
}

// nextSourceKept reports whether the next source record (the one addSource
// will count next) is cut.
func (c *collector) nextSourceKept() bool { return c.keep == nil || c.keep[c.sources] }

// addSource queues a source record's title and content as one source,
// unless the pre-selection left it out.
func (c *collector) addSource(p Provenance, title, content string) {
	c.sources++
	if c.keep != nil && !c.keep[c.sources-1] {
		return
	}
	if atLeastRunes(title, MinRunes) {
		c.jobs = append(c.jobs, job{text: title, prov: withKind(p, KindTitle), single: true})
	}
	if strings.TrimSpace(content) != "" {
		c.jobs = append(c.jobs, job{text: content, prov: withKind(p, KindSource), limit: SourcePassages})
	}
}

// topIndexes returns the indexes of the k highest scores (ties: the lower
// index), best first.
func topIndexes(scores []float64, k int) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	return order[:k]
}

// sourceText is a source record's title (untrimmed: probeParts trims it,
// on the scoring goroutines, so listing 300 000 sources does not read
// every title) and content, in collection order.
type sourceText struct{ title, content string }

// listSources lists the sources Collect will queue, in its order: the
// graph's source nodes, or the states' search records.
func listSources(in Input) []sourceText {
	var out []sourceText
	if g := in.Graph; g != nil && g.NodeCount() > 0 {
		n := 0
		for v := 0; v < g.NodeCount(); v++ {
			if g.Type(v) == graphrag.TypeSource {
				n++
			}
		}
		out = make([]sourceText, 0, n) // (growing it costs more than this count)
		for v := 0; v < g.NodeCount(); v++ {
			if g.Type(v) == graphrag.TypeSource {
				out = append(out, sourceText{g.String(v, "title"), g.String(v, "content")})
			}
		}
		return out
	}
	n := 0
	for _, st := range in.States {
		if st != nil {
			n += st.RecordCount()
		}
	}
	out = make([]sourceText, 0, n)
	for _, st := range in.States {
		if st == nil {
			continue
		}
		for pi := range st.Paragraphs {
			for _, r := range st.Paragraphs[pi].Searches {
				out = append(out, sourceText{r.Title, r.Content})
			}
		}
	}
	return out
}

// sourceLimit is in.MaxSources with its default.
func sourceLimit(in Input) int {
	if in.MaxSources == 0 {
		return DefaultMaxSources
	}
	return in.MaxSources
}

// probeParts calls fn with the parts of a source's probe and how many of
// their runes count: its title (when it is queued as a passage, MinRunes
// or more runes) and the first SourceProbeRunes runes of its content. Bigrams never cross parts, so
// scoring the parts in turn equals scoring "title\nopening".
func probeParts(s sourceText, fn func(text string, runes int)) {
	if title := strings.TrimSpace(s.title); atLeastRunes(title, MinRunes) {
		fn(title, math.MaxInt)
	}
	if strings.TrimSpace(s.content) != "" {
		fn(s.content, SourceProbeRunes)
	}
}

// atLeastRunes reports whether s has n runes or more
// (utf8.RuneCountInString(s) >= n, counting at most n).
func atLeastRunes(s string, n int) bool {
	if len(s) < n {
		return false // a rune is at least one byte
	}
	for range s {
		if n--; n <= 0 {
			return true
		}
	}
	return n <= 0
}

// selectSources keeps the sourceLimit(in) sources whose title and opening
// score best against in.Focus (ties: collection order); nil keeps all (no
// focus, no limit, or not more sources than the limit). The IDF is taken
// over an even sample (dfSample) of the probes; each probe is scored once,
// without being copied.
func selectSources(in Input, srcs []sourceText) []bool {
	limit := sourceLimit(in)
	if limit < 0 || len(srcs) <= limit || len(in.Focus) == 0 {
		return nil
	}
	var sample []Item
	stride := (len(srcs) + dfSample - 1) / dfSample
	for i := 0; i < len(srcs); i += stride {
		var b strings.Builder
		probeParts(srcs[i], func(t string, n int) {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(text.TruncateRunes(t, n))
		})
		sample = append(sample, Item{Text: b.String()})
	}
	qs := make([][]weighted, len(in.Focus))
	for i, f := range in.Focus {
		qs[i] = []weighted{{f, 1}}
	}
	sc := newScorer(sample, qs)
	best := make([]float64, len(srcs))
	accs := make([][]float64, runtime.GOMAXPROCS(0))
	parallel.Each(len(srcs), eachGrain, func(w, i int) {
		if accs[w] == nil {
			accs[w] = make([]float64, len(qs))
		}
		best[i] = sc.quickScore(srcs[i], accs[w])
	})
	keep := make([]bool, len(srcs))
	for _, i := range topIndexes(best, limit) {
		keep[i] = true
	}
	return keep
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
	c.run()
	s := &Set{Items: c.items, Stats: c.stats, byID: make(map[string]int, len(c.items)), figIdx: map[string][]int{},
		byURL: map[string]int{}}
	for i := range s.Items {
		s.byID[s.Items[i].ID] = i
		for _, p := range s.Items[i].Provenance {
			if _, seen := s.byURL[p.URL]; p.URL != "" && !seen {
				s.byURL[p.URL] = i
			}
		}
	}
	figs := make([][]Figure, len(s.Items))
	parallel.Each(len(s.Items), eachGrain, func(_, i int) { figs[i] = FindFigures(s.Items[i].ID, s.Items[i].Text) })
	for i := range s.Items {
		forum := !slices.ContainsFunc(s.Items[i].Provenance, func(p Provenance) bool { return p.Kind != KindForum })
		for _, f := range figs[i] {
			f.Forum = forum
			s.figIdx[f.ItemID] = append(s.figIdx[f.ItemID], len(s.Figures))
			s.Figures = append(s.Figures, f)
		}
	}
	s.markDisagreements()
	s.Stats.Items = len(s.Items)
	s.Stats.Figures = len(s.Figures)
	return s
}

func withKind(p Provenance, k Kind) Provenance { p.Kind = k; return p }

// Normalize returns the comparison key of a passage: letters and digits
// only, lower case. Two passages with the same key are the same item.
func Normalize(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// trigramList is the sorted, de-duplicated character trigrams of a
// normalised key.
func trigramList(key string) []uint64 {
	rs := []rune(key)
	if len(rs) < 3 {
		return nil
	}
	g := make([]uint64, 0, len(rs)-2)
	for i := 0; i+2 < len(rs); i++ {
		g = append(g, trigram(rs[i:i+3]))
	}
	slices.Sort(g)
	return slices.Compact(g)
}

// similarList is the overlap of two trigram lists, |A∩B| / min(|A|,|B|),
// or 0 when one list is less than 80 % the size of the other (a short
// sentence is not a duplicate of a long passage that contains it).
func similarList(a, b []uint64) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	if float64(len(a)) < 0.8*float64(len(b)) {
		return 0
	}
	return containment(a, b)
}

// isNoise reports passages that are markup or encoded data rather than
// prose (fewer than half of the runes other than digits and spaces are
// letters, Han included: a figure is content, so a statistic dense with
// numbers, "18-22岁组（n=2.3万条）负面情感占58%，…1,847次", stays, while a
// time stamp "2025-08-27T12:25:39" is still noise) or web page furniture (a
// passage of at most maxBoilerplateRunes runes with a boilerplate mark,
// e.g. "若想查看详细内容,必须使用校内网络账号登录").
func isNoise(s string) bool {
	if text.Boilerplate(s) {
		return true
	}
	letters, total := 0, 0
	for _, r := range s {
		if text.IsBasicHan(r) { // a letter, not space: the common case, without unicode's tables
			total++
			letters++
			continue
		}
		if unicode.IsSpace(r) || unicode.IsDigit(r) {
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

// trigram packs three runes (each under 2^21) into one key, as
// trigramList's entries are.
func trigram(rs []rune) uint64 { return uint64(rs[0])<<42 | uint64(rs[1])<<21 | uint64(rs[2]) }
