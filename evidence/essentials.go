package evidence

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/text"
)

// Essentials are the 舆情 essentials of a run, computed from its data with
// no model: when it was monitored, how much was found and where, what
// happened when, who carried it, and the sentiment and volume figures the
// texts state. Every number is counted from the records or copied from a
// text, never estimated, and carries the evidence ids behind it (ids of
// Set.Items). An empty list means the run has none of that block; the
// report then says "本次数据中没有" (prompts.NoData) in one line.
//
// BettaFish has no such block: its model is asked to write "关键数据" from
// the engines' reports and invents what they do not say.
type Essentials struct {
	Window     Window          `json:"window"`
	Volume     Volume          `json:"volume"`
	Platforms  []PlatformCount `json:"platforms"`   // every platform of the records, most records first
	Timeline   []Event         `json:"timeline"`    // dated events, oldest first
	TopSources []SourceCount   `json:"top_sources"` // the sites carrying most records
	Accounts   []AccountCount  `json:"accounts"`    // the accounts the texts name most often
	Figures    []Figure        `json:"figures"`     // sentiment and volume figures stated in the texts
}

// Essentials limits.
const (
	EssentialEvents   = 12 // timeline events
	EssentialSources  = 8  // top sites
	EssentialAccounts = 8  // top accounts
	EssentialFigures  = 14 // figures other than sentiment
	EssentialSplits   = 2  // sentiment splits (each whole: every part one item states)
	essentialItemIDs  = 3  // evidence ids kept per count
	eventRunes        = 100
)

// Window is the collection time (采集时间): the earliest and latest time
// stamp of the run's search records (ISO as the engines wrote them), ""
// when no record has one. It says when the engines found the records, not
// when the event happened; a report labels it so.
type Window struct {
	From    string `json:"from,omitempty"`
	To      string `json:"to,omitempty"`
	Records int    `json:"records"` // records with a time stamp
	// FromItem and ToItem are evidence ids of the records at each end
	// ("" when the record's source is not an item: no URL, or not cut).
	FromItem string `json:"from_item,omitempty"`
	ToItem   string `json:"to_item,omitempty"`
}

// Volume counts what the run holds.
type Volume struct {
	Records       int      `json:"records"`        // search records (every result the engines kept)
	WithURL       int      `json:"with_url"`       // of them, those with a URL
	Sources       int      `json:"sources"`        // distinct sources (by URL, else by title and content)
	Platforms     int      `json:"platforms"`      // distinct platforms of the records (Platforms)
	Engines       []string `json:"engines"`        // engines with records, in query, media, insight order
	ForumSpeeches int      `json:"forum_speeches"` // forum speeches among the evidence (distinct log lines)
	Items         int      `json:"items"`          // evidence passages after merging
}

// PlatformCount is one platform's part of the records: the platform
// table's name for the URL's host (PlatformOfURL), or a class.
type PlatformCount struct {
	Platform
	Records int      `json:"records"`
	Sources int      `json:"sources"`
	Percent float64  `json:"percent"`  // of all records, one decimal; the parts sum to 100 ± rounding
	ItemIDs []string `json:"item_ids"` // up to 3 evidence ids of its sources, in id order
}

// Event is a dated event a text states.
type Event struct {
	Date   string `json:"date"`    // ISO: YYYY-MM-DD or YYYY-MM
	Raw    string `json:"raw"`     // as written
	Text   string `json:"text"`    // the sentence stating it (at most 100 runes, "…" when cut)
	ItemID string `json:"item_id"` // its evidence id
	Items  int    `json:"items"`   // evidence items stating this date
	// Primary is a web source passage stating the same event with its
	// month and day but no year (timeline: it joins the dated event), ""
	// for none; Text and ItemID are always a sentence stating the year.
	Primary string `json:"primary,omitempty"`
}

// SourceCount is one site and the records it carries.
type SourceCount struct {
	Host     string   `json:"host"`     // sohu.com (Host)
	Platform string   `json:"platform"` // its platform's name
	Records  int      `json:"records"`
	ItemIDs  []string `json:"item_ids"`
}

// AccountCount is an account the texts name (@name, 抖音用户“name”,
// 网易号“name”) and the evidence items naming it.
type AccountCount struct {
	Name     string   `json:"name"`
	Platform string   `json:"platform,omitempty"` // "" when the text names none
	Items    int      `json:"items"`
	ItemIDs  []string `json:"item_ids"`
}

// record is one search record as the essentials read it: its engine,
// URL and time stamp and its source: the source's node in the graph, or
// for a record of the states (node -1) its key (the same key, the same
// URL).
type record struct {
	engine, url, key, ts string
	node                 int
}

// eachRecord calls fn for every search record of in: from the graph's
// found edges (each record on them) when in.Graph is set, else from the
// states' search histories.
func eachRecord(in Input, fn func(r record)) {
	if g := in.Graph; g != nil && g.NodeCount() > 0 {
		for i, e := range g.EdgeEnds() {
			if g.Relation(i) != graphrag.RelFound {
				continue
			}
			q, s := int(e[0]), int(e[1])
			u := trimSpace(g.String(s, "url"))
			for _, rec := range g.Records(i) {
				fn(record{engine: g.String(q, "engine"), url: u, ts: rec.Timestamp, node: s})
			}
		}
		return
	}
	for _, st := range in.States {
		if st == nil {
			continue
		}
		for pi := range st.Paragraphs {
			for _, r := range st.Paragraphs[pi].Searches {
				u := trimSpace(r.URL)
				key := u
				if key == "" {
					key = "\x00" + trimSpace(r.Title) + "\x00" + trimSpace(r.Content)
				}
				fn(record{engine: string(st.Engine), url: u, key: key, ts: strings.TrimSpace(r.Timestamp), node: -1})
			}
		}
	}
}

// ComputeEssentials computes the essentials of the run in (its records)
// and set (its evidence, Collect of the same input). Deterministic: ties
// are broken by first appearance, evidence ids in id order. It never
// fails; a run without records has an empty window and no platforms.
func ComputeEssentials(in Input, set *Set) Essentials {
	var es Essentials
	type plat struct {
		p     PlatformCount
		first int
	}
	plats := map[string]*plat{}
	type site struct {
		s     SourceCount
		first int
	}
	sites := map[string]*site{}
	// a source's key fixes its URL, so its platform and site: both are
	// found on its first record, which is the platform's first of it
	type source struct {
		pc *plat
		sc *site // nil without a host
	}
	byKey := map[string]*source{} // records of the states
	var byNode []source           // records of the graph, by source node (pc nil: not met yet)
	if in.Graph != nil {
		byNode = make([]source, in.Graph.NodeCount())
	}
	platformOf := map[string]Platform{} // by host
	var engines [3]bool                 // query, media, insight
	n := 0
	eachRecord(in, func(r record) {
		n++
		es.Volume.Records++
		switch r.engine {
		case "query":
			engines[0] = true
		case "media":
			engines[1] = true
		case "insight":
			engines[2] = true
		}
		if r.url != "" {
			es.Volume.WithURL++
		}
		if r.ts != "" {
			es.Window.Records++
			if es.Window.From == "" || r.ts < es.Window.From {
				es.Window.From, es.Window.FromItem = r.ts, itemOf(set, r.url)
			}
			if r.ts > es.Window.To {
				es.Window.To, es.Window.ToItem = r.ts, itemOf(set, r.url)
			}
		}
		var src *source
		if r.node >= 0 {
			src = &byNode[r.node]
		} else if src = byKey[r.key]; src == nil {
			src = &source{}
			byKey[r.key] = src
		}
		if src.pc != nil { // a later record of a source
			src.pc.p.Records++
			if src.sc != nil {
				src.sc.s.Records++
			}
			return
		}
		es.Volume.Sources++
		h := Host(r.url)
		p, ok := platformOf[h]
		if !ok {
			p = platformOfHost(h)
			platformOf[h] = p
		}
		pc := plats[p.Name]
		if pc == nil {
			pc = &plat{p: PlatformCount{Platform: p}, first: n}
			plats[p.Name] = pc
		}
		src.pc = pc
		pc.p.Records++
		pc.p.Sources++
		pc.p.ItemIDs = addID(pc.p.ItemIDs, itemOf(set, r.url))
		if h != "" {
			sc := sites[h]
			if sc == nil {
				sc = &site{s: SourceCount{Host: h, Platform: p.Name}, first: n}
				sites[h] = sc
			}
			src.sc = sc
			sc.s.Records++
			// a URL's item once: addID ignores repeats, so no set of the
			// site's URLs is kept (a map of every URL cost 0.16 s at 300 000)
			sc.s.ItemIDs = addID(sc.s.ItemIDs, itemOf(set, r.url))
		}
	})
	for i, e := range []string{"query", "media", "insight"} {
		if engines[i] {
			es.Volume.Engines = append(es.Volume.Engines, e)
		}
	}
	ps := make([]*plat, 0, len(plats))
	for _, p := range plats {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *plat) int {
		return cmp.Or(cmp.Compare(b.p.Records, a.p.Records), cmp.Compare(a.first, b.first))
	})
	for _, p := range ps {
		p.p.Percent = math.Round(float64(p.p.Records)*1000/float64(es.Volume.Records)) / 10
		es.Platforms = append(es.Platforms, p.p)
	}
	es.Volume.Platforms = len(es.Platforms)
	ss := make([]*site, 0, len(sites))
	for _, s := range sites {
		ss = append(ss, s)
	}
	slices.SortFunc(ss, func(a, b *site) int {
		return cmp.Or(cmp.Compare(b.s.Records, a.s.Records), cmp.Compare(a.first, b.first))
	})
	for _, s := range ss[:min(len(ss), EssentialSources)] {
		es.TopSources = append(es.TopSources, s.s)
	}
	if set == nil {
		return es
	}
	es.Volume.Items = len(set.Items)
	names := TopicNames(in.Topic)
	topical := make([]bool, len(set.Items))
	speeches := map[int]bool{}
	for i := range set.Items {
		it := &set.Items[i]
		topical[i] = set.onTopic(i, names)
		for _, p := range it.Provenance {
			if p.Kind == KindForum {
				speeches[p.ForumLine] = true
			}
		}
	}
	es.Volume.ForumSpeeches = len(speeches)
	es.Timeline = timeline(set, topical, es.Window.To)
	es.Accounts = accounts(set, topical)
	es.Figures = figurePrimaries(set, keyFigures(set, topical), topical)
	return es
}

// figurePrimaries sets the Primary of each figure of an engine's text or
// a forum speech that an on-topic web source passage states too
// (Set.PrimarySources, then Set.States): the page is cited first.
func figurePrimaries(set *Set, figs []Figure, topical []bool) []Figure {
	var engine []int
	for _, f := range figs {
		if i, ok := set.byID[f.ItemID]; ok && primaryRank(&set.Items[i]) > 0 && !slices.Contains(engine, i) {
			engine = append(engine, i)
		}
	}
	if len(engine) == 0 {
		return figs
	}
	prim := set.PrimarySources(engine)
	for fi := range figs {
		for _, j := range prim[set.byID[figs[fi].ItemID]] {
			if topical[j] && set.States(j, figs[fi]) {
				figs[fi].Primary = set.Items[j].ID
				break
			}
		}
	}
	return figs
}

// lastAny is the word of words found last in s, "" for none.
func lastAny(s string, words []string) string {
	best, at := "", -1
	for _, w := range words {
		if i := strings.LastIndex(s, w); i > at || i == at && i >= 0 && len(w) > len(best) {
			best, at = w, i
		}
	}
	return best
}

// itemOf is the evidence id of the first item of a URL, "" for none.
func itemOf(set *Set, u string) string {
	if set == nil || u == "" {
		return ""
	}
	if it, ok := set.ItemByURL(u); ok {
		return it.ID
	}
	return ""
}

// addID adds id to ids (kept in id order, at most essentialItemIDs of the
// smallest), ignoring "" and repeats.
func addID(ids []string, id string) []string {
	if id == "" || slices.Contains(ids, id) {
		return ids
	}
	ids = append(ids, id)
	slices.SortFunc(ids, compareIDs)
	return ids[:min(len(ids), essentialItemIDs)]
}

// compareIDs orders evidence ids by number ("E9" before "E10").
func compareIDs(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

// primaryRank orders an item's provenance for the essentials: a web
// source or page title with a URL (0) before an engine's own text (1)
// before a forum speech (2); the essentials cite the primary source.
func primaryRank(it *Item) int {
	switch {
	case it.HasURL():
		return 0
	case it.Kind == KindForum:
		return 2
	}
	return 1
}

// timeline are the dated events of the on-topic items: dates with a year
// (1900 or later and not after the window's end, when known), each
// sentence counted for its first date only, listing lines (listingDate)
// and sentences Classify finds no clean statement left out; one event per
// date — the date's first item by primaryRank, then id. Then one event is
// printed once (sameEvent): a date stated with another year for the same
// month and day (an engine's "2024年7月25日法院判决公布" beside the ruling of
// 2025年7月25日) joins the date more items state, and a month and day
// stated without a year ("7月25日,法院审理认为…", often a web page) joins
// the dated event it speaks of: a web page is the event's Primary, cited
// before the sentence that states the year (when no web page states the
// year itself). The
// EssentialEvents dates stated by most items (ties: the earlier date),
// oldest first.
func timeline(set *Set, topical []bool, end string) []Event {
	type day struct {
		ev    Event
		rank  int
		items map[string]bool
		terms map[string]bool // the content terms of its sentences
	}
	days := map[string]*day{}
	said := map[string]bool{} // item + sentence: one event per sentence, its first date
	var order []string
	type undated struct {
		f    Figure
		it   *Item
		text string
	}
	var loose []undated // "--MM-DD": no year written
	for _, f := range set.Figures {
		if f.Kind != FigDate {
			continue
		}
		noYear := strings.HasPrefix(f.Date, "--")
		if !noYear && (f.Date < "1900" || (end != "" && f.Date > end[:min(len(end), len(f.Date))])) {
			continue
		}
		i, ok := set.byID[f.ItemID]
		if !ok || !topical[i] {
			continue
		}
		it := &set.Items[i]
		text := sentenceWith(it.Text, f.Raw)
		if listingDate(text, f.Raw) || said[it.ID+"\x00"+text] || Classify(text, "") != Clean ||
			birthDate(text, f.Raw) || it.Kind == KindSource && cutOffSentence(it.Text, f.Raw) {
			continue // a dated listing line, page noise, a sentence whose first date was taken, a birth, a cut page
		}
		said[it.ID+"\x00"+text] = true
		if noYear {
			loose = append(loose, undated{f, it, text})
			continue
		}
		d := days[f.Date]
		if d == nil {
			d = &day{rank: 3, items: map[string]bool{}, terms: map[string]bool{}}
			days[f.Date] = d
			order = append(order, f.Date)
		}
		d.items[it.ID] = true
		for t := range eventTerms(text) {
			d.terms[t] = true
		}
		if r := primaryRank(it); r < d.rank {
			d.rank = r
			d.ev = Event{Date: f.Date, Raw: f.Raw, Text: text, ItemID: it.ID}
		}
	}
	// one event, one date: the days of one month and day that speak of
	// the same thing join the one more items state (ties: the later year,
	// the run's own)
	bigger := func(a, b string) bool {
		return len(days[a].items) > len(days[b].items) || len(days[a].items) == len(days[b].items) && a > b
	}
	slices.Sort(order)
	gone := map[string]bool{}
	for _, a := range order {
		for _, b := range order {
			if a == b || gone[a] || gone[b] || len(a) != 10 || len(b) != 10 || a[4:] != b[4:] || !bigger(a, b) ||
				!sameEvent(days[a].terms, days[b].terms) {
				continue
			}
			for id := range days[b].items {
				days[a].items[id] = true
			}
			gone[b] = true
		}
	}
	order = slices.DeleteFunc(order, func(d string) bool { return gone[d] })
	// a month and day without a year joins the dated event it speaks of
	for _, u := range loose {
		best := ""
		terms := eventTerms(u.text)
		for _, d := range order {
			if len(d) == 10 && d[4:] == u.f.Date[1:] && sameEvent(days[d].terms, terms) && (best == "" || bigger(d, best)) {
				best = d
			}
		}
		if best == "" {
			continue
		}
		d := days[best]
		d.items[u.it.ID] = true
		if r := primaryRank(u.it); r == 0 && d.rank > 0 && d.ev.Primary == "" {
			d.ev.Primary = u.it.ID // the page, cited before the sentence that gives the year
		}
	}
	for _, d := range days {
		d.ev.Items = len(d.items)
	}
	slices.SortStableFunc(order, func(a, b string) int {
		return cmp.Or(cmp.Compare(days[b].ev.Items, days[a].ev.Items), strings.Compare(a, b))
	})
	order = order[:min(len(order), EssentialEvents)]
	slices.Sort(order)
	out := make([]Event, 0, len(order))
	for _, d := range order {
		out = append(out, days[d].ev)
	}
	return out
}

// SameEventTerms is how many content terms (text.Terms, no digits) the
// sentences of two dates of one month and day must share to be one event
// (法院 and 判决 in "2024年7月25日法院判决公布" and "法院判决于2025年7月25日作出").
const SameEventTerms = 2

// sameEvent reports two term sets sharing SameEventTerms terms.
func sameEvent(a, b map[string]bool) bool {
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return n >= SameEventTerms
}

// eventTerms are the content terms of a dated sentence, without the
// numbers and date words.
func eventTerms(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Terms(s) {
		if strings.ContainsAny(t.Text, "0123456789年月日") {
			continue
		}
		out[t.Text] = true
	}
	return out
}

// listingDate reports a dated line of a listing rather than an event:
// the date followed by ". " or " · " ("2022-02-24. 教育部…通知 · 2022-02-24."),
// or a scraped image caption ("2025-3-28 Image 4: …").
func listingDate(sentence, raw string) bool {
	if strings.Contains(sentence, "Image ") {
		return true
	}
	k := strings.Index(sentence, raw)
	if k < 0 {
		return false
	}
	rest := sentence[k+len(raw):]
	return strings.HasPrefix(rest, ". ") || strings.HasPrefix(rest, " · ") || strings.HasPrefix(rest, " ·")
}

// birthDate reports a date that is someone's birth, no event: "雷军(1969年
// 12月出生)", "出生于1969年12月".
func birthDate(sentence, raw string) bool {
	k := strings.Index(sentence, raw)
	if k < 0 {
		return false
	}
	before, after := sentence[:k], strings.TrimLeft(sentence[k+len(raw):], "（( ")
	return strings.HasPrefix(after, "出生") || strings.HasPrefix(after, "生人") ||
		strings.HasSuffix(before, "出生于") || strings.HasSuffix(before, "生于")
}

// cutOffSentence reports that the sentence of text holding raw runs to
// the end of text without a sentence mark: a page the engine stored cut
// off ("2006年7月下旬,武汉大学财务部陆续接到一些新生及新"), its event lost.
func cutOffSentence(text, raw string) bool {
	k := strings.Index(text, raw)
	return k >= 0 && !strings.ContainsAny(text[k:], "。｡！？!?；;")
}

// sentenceWith is the sentence of text holding raw, cut to eventRunes
// runes ("…" marks a cut).
func sentenceWith(text, raw string) string {
	k := strings.Index(text, raw)
	if k < 0 {
		k = 0
	}
	start := 0
	for i, r := range text[:k] {
		if strings.ContainsRune("。｡！？!?；;", r) {
			start = i + utf8.RuneLen(r)
		}
	}
	end := len(text)
	for i, r := range text[k:] {
		if strings.ContainsRune("。｡！？!?；;", r) {
			end = k + i + utf8.RuneLen(r)
			break
		}
	}
	s := strings.TrimSpace(text[start:end])
	if rs := []rune(s); len(rs) > eventRunes {
		s = string(rs[:eventRunes-1]) + "…"
	}
	return s
}

// accountRE finds accounts a text names: "@name" (a handle, up to its
// first mark or space) and "<platform><role>“name”" (抖音用户“武汉本地宝”,
// B站UP主“珞珈山报账员”, 网易号“笔杆论道”). A platform followed directly
// by a quote (抖音“00 后通宵 WB”) names a topic, not an account.
var accountRE = regexp.MustCompile(`@([\p{Han}A-Za-z0-9_·\-]{2,20})|(?:(微博|抖音|B站|快手|小红书|知乎|视频号|微信)(?:用户|UP主|up主|博主|账号|大V|网友)|(网易号|头条号|百家号|微信公众号|公众号|企鹅号|搜狐号))[“"「]([^”"」]{2,16})[”"」]`)

// notAccounts are @-words that address no account.
var notAccounts = []string{"所有人", "全体成员"}

// accounts are the EssentialAccounts accounts named by the most on-topic
// items (ties: first named), each with the items naming it.
func accounts(set *Set, topical []bool) []AccountCount {
	byName := map[string]*AccountCount{}
	seen := map[string]bool{} // name + item counted
	var order []string
	for i := range set.Items {
		if !topical[i] {
			continue
		}
		it := &set.Items[i]
		for _, m := range accountRE.FindAllStringSubmatch(it.Text, -1) {
			name, plat := m[1], cmp.Or(m[2], m[3])
			if name == "" {
				name = m[4]
			}
			name = strings.TrimSpace(name)
			if utf8.RuneCountInString(name) < 2 || slices.Contains(notAccounts, name) {
				continue
			}
			if p, ok := PlatformNamed(plat); ok {
				plat = p.Name
			}
			a := byName[name]
			if a == nil {
				a = &AccountCount{Name: name}
				byName[name] = a
				order = append(order, name)
			}
			if a.Platform == "" {
				a.Platform = plat
			}
			if !seen[name+"\x00"+it.ID] {
				seen[name+"\x00"+it.ID] = true
				a.Items++
				a.ItemIDs = addID(a.ItemIDs, it.ID)
			}
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return cmp.Compare(byName[b].Items, byName[a].Items) })
	out := make([]AccountCount, 0, min(len(order), EssentialAccounts))
	for _, n := range order[:min(len(order), EssentialAccounts)] {
		out = append(out, *byName[n])
	}
	return out
}

// essentialKinds are the figure kinds the essentials report, in order.
var essentialKinds = []FigureKind{FigVolume, FigSentiment, FigPlatform, FigIndex, FigShare, FigCount}

// trendWords mark a share or count clause about volume or its change
// (舆情事件频次…激增186%).
var trendWords = []string{"频次", "舆情", "热度", "热搜", "声量", "阅读", "播放", "传播", "增长", "激增", "同比", "环比"}

// keyFigures are the sentiment and volume figures the on-topic items
// state: the sentiment, volume, platform and index figures, and shares
// and counts whose clause speaks of volume or its change (trendWords),
// each with a KPI label (subject and metric named; a sentiment part needs
// only its group). One figure (its value as written and the metric word
// its label ends on) stated by several items is kept once, cited to its first item by primaryRank then id; a
// sentiment split is kept whole, all its parts from one item. Ranked by
// the number of items stating the figure (the run's headline figures
// are repeated), then kind (essentialKinds), then item order: at most
// EssentialFigures figures, then the parts of at most EssentialSplits
// sentiment splits.
func keyFigures(set *Set, topical []bool) []Figure {
	type cand struct {
		f     Figure
		rank  int // primaryRank of its item
		pos   int // item position
		items map[string]bool
		kind  int
	}
	byKey := map[string]*cand{}
	var keys []string
	for _, f := range set.Figures {
		k := slices.Index(essentialKinds, f.Kind)
		if k < 0 || f.Raw == "" {
			continue
		}
		if (f.Kind == FigShare || f.Kind == FigCount) && firstAny(f.Sentence, trendWords) == "" {
			continue
		}
		if f.KPI == "" && (f.Kind != FigSentiment || f.Group == "") {
			continue // no subject and metric named: no key figure (a sentiment part is named by its group)
		}
		i, ok := set.byID[f.ItemID]
		if !ok || !topical[i] {
			continue
		}
		it := &set.Items[i]
		// 话题阅读量 and 全平台话题阅读量 28.7亿次, 4.1亿 and 41000万 of one
		// metric: one figure
		key := cmp.Or(figureKey(f), f.Raw) + "\x00" + lastAny(f.KPI, metricWords)
		if f.Kind == FigSentiment {
			key = f.Raw + "\x00" + f.Group + "\x00" + f.ItemID // a split's parts stay with their item
		}
		c := byKey[key]
		if c == nil {
			c = &cand{f: f, rank: primaryRank(it), pos: i, items: map[string]bool{}, kind: k}
			byKey[key] = c
			keys = append(keys, key)
		} else if r := primaryRank(it); r < c.rank {
			c.f, c.rank, c.pos = f, r, i
		}
		c.items[it.ID] = true
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		x, y := byKey[a], byKey[b]
		return cmp.Or(cmp.Compare(len(y.items), len(x.items)), cmp.Compare(x.kind, y.kind), cmp.Compare(x.pos, y.pos))
	})
	var out, sentiment []Figure
	var splitItems []string // items stating sentiment, in rank order
	for _, k := range keys {
		c := byKey[k]
		switch {
		case c.f.Kind != FigSentiment:
			if len(out) >= EssentialFigures || slices.ContainsFunc(out, func(f Figure) bool { return f.ItemID == c.f.ItemID && f.Raw == c.f.Raw }) {
				continue
			}
			out = append(out, c.f)
			for _, f := range set.figuresOf(c.f.ItemID) { // its other values: 二次舆情反弹概率 31% → 58%
				if f.KPI == c.f.KPI && f.Raw != c.f.Raw && f.Kind == c.f.Kind && !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		case !slices.Contains(splitItems, c.f.ItemID):
			splitItems = append(splitItems, c.f.ItemID)
		}
	}
	parts := func(id string) (n int) {
		for _, f := range set.figuresOf(id) {
			if f.Kind == FigSentiment {
				n++
			}
		}
		return n
	}
	// a whole split (正面34%、负面28%、中性38%) before a single share
	slices.SortStableFunc(splitItems, func(a, b string) int { return cmp.Compare(parts(b), parts(a)) })
	taken, said := 0, map[string]bool{}
	for _, id := range splitItems {
		if taken == EssentialSplits {
			break
		}
		var parts []Figure
		sig := ""
		for _, f := range set.figuresOf(id) {
			if f.Kind == FigSentiment {
				parts = append(parts, f)
				sig += f.Group + f.Raw + "\x00"
			}
		}
		if said[sig] {
			continue // the same split in another passage (a copy of one page)
		}
		said[sig] = true
		taken++
		sentiment = append(sentiment, parts...)
	}
	return append(out, sentiment...)
}

// EssentialBlock names a block of the essentials as a report places it.
type EssentialBlock string

// The blocks, each placed in one sub-point.
const (
	BlockVolume    EssentialBlock = "volume"    // Window, Volume and the volume figures
	BlockTimeline  EssentialBlock = "timeline"  // Timeline
	BlockPlatforms EssentialBlock = "platforms" // Platforms, TopSources, Accounts
	BlockSentiment EssentialBlock = "sentiment" // the sentiment figures
)

// EssentialBlocks are the blocks in report order.
var EssentialBlocks = []EssentialBlock{BlockVolume, BlockTimeline, BlockPlatforms, BlockSentiment}

// placeWords are the words of a sub-point title that take a block, most
// specific first: the first word with a matching sub-point (in template
// order) decides.
var placeWords = map[EssentialBlock][]string{
	BlockVolume:    {"关键数据", "传播峰值", "声量", "数据", "热度", "规模", "概览", "概况"},
	BlockTimeline:  {"时间线", "时间轴", "发展阶段", "脉络", "转折", "演变", "经过", "溯源", "动态", "回顾"},
	BlockPlatforms: {"平台", "渠道", "意见领袖", "信源", "传播路径", "扩散", "传播"},
	BlockSentiment: {"情绪", "情感", "态度", "观点"},
}

// PlaceEssentials gives each block of the essentials the sub-point
// (SubPointKey) it is printed under: the first sub-point, in template
// order, whose title holds the block's first place word that any title
// holds; a block no title calls for goes with BlockVolume, and that one,
// when no title calls for it either, to the first sub-point. Empty for a
// template without sub-points.
func PlaceEssentials(chapters []ChapterSpec) map[EssentialBlock]string {
	out := map[EssentialBlock]string{}
	first := ""
	for _, b := range EssentialBlocks {
		for _, w := range placeWords[b] {
			for _, c := range chapters {
				for si, sp := range c.SubPoints {
					if first == "" {
						first = SubPointKey(c.ID, si)
					}
					if _, done := out[b]; !done && strings.Contains(sp, w) {
						out[b] = SubPointKey(c.ID, si)
					}
				}
			}
		}
	}
	if first == "" {
		return out
	}
	if _, ok := out[BlockVolume]; !ok {
		out[BlockVolume] = first
	}
	for _, b := range EssentialBlocks {
		if _, ok := out[b]; !ok {
			out[b] = out[BlockVolume]
		}
	}
	return out
}
