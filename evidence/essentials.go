package evidence

import (
	"cmp"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag"
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
	// Events are the run's events (Set.Events: the topic event marked,
	// then the related events, whose material is no finding, KPI, chart
	// part or timeline entry); nil when GroupEvents found none.
	Events []EventGroup `json:"events,omitempty"`
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
	Platforms     int      `json:"platforms"`      // distinct named platforms of the records (Platforms less PlatformOther and PlatformNoURL)
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
	// Group is the id of the event (EventGroup) its passage is about, ""
	// for none: never a related event's (those are not timeline entries).
	Group string `json:"event,omitempty"`
	// Conflicts are the other dates sources give this event (timeline:
	// joinYears, joinActions), each with its sentence: the report says
	// the sources disagree (来源不一致) instead of picking one silently or
	// listing both as events.
	Conflicts []Event `json:"conflicts,omitempty"`
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
			r := record{engine: g.String(q, "engine"), url: strings.TrimSpace(g.String(s, "url")), node: s}
			for _, rec := range g.Records(i) {
				r.ts = rec.Timestamp
				fn(r)
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
				u := strings.TrimSpace(r.URL)
				key := u
				if key == "" {
					key = "\x00" + strings.TrimSpace(r.Title) + "\x00" + strings.TrimSpace(r.Content)
				}
				fn(record{engine: string(st.Engine), url: u, key: key, ts: strings.TrimSpace(r.Timestamp), node: -1})
			}
		}
	}
}

// engineOrder are the engines in the order Volume.Engines lists them.
var engineOrder = []string{"query", "media", "insight"}

// ComputeEssentials computes the essentials of the run in (its records)
// and set (its evidence, Collect of the same input). Deterministic: ties
// are broken by first appearance, evidence ids in id order. It never
// fails; a run without records has an empty window and no platforms.
func ComputeEssentials(in Input, set *Set) Essentials {
	var es Essentials
	rc := &recordCounter{es: &es, set: set, plats: map[string]*tally[PlatformCount]{}, sites: map[string]*tally[SourceCount]{},
		byKey: map[string]*recordSource{}, platformOf: map[string]Platform{}}
	if in.Graph != nil {
		rc.byNode = make([]recordSource, in.Graph.NodeCount())
	}
	eachRecord(in, rc.add)
	for i, e := range engineOrder {
		if rc.engines[i] {
			es.Volume.Engines = append(es.Volume.Engines, e)
		}
	}
	rc.rank()
	if set == nil {
		return es
	}
	es.Volume.Items = len(set.Items)
	es.Events = set.Events
	names := TopicNames(in.Topic)
	topical := make([]bool, len(set.Items))
	speeches := map[int]bool{}
	for i := range set.Items {
		it := &set.Items[i]
		topical[i] = set.onTopic(i, names) && !set.farmItem(i) // a content farm's page gives no figure, date or account
		for _, p := range it.Provenance {
			if p.Kind == KindForum {
				speeches[p.ForumLine] = true
			}
		}
	}
	es.Volume.ForumSpeeches = len(speeches)
	es.Timeline = timeline(set, topical, es.Window.To)
	es.Accounts = accounts(set, topical, names)
	es.Figures = figurePrimaries(set, keyFigures(set, topical), topical)
	return es
}

// tally counts one platform's (PlatformCount) or one site's
// (SourceCount) records; first is the record that met it first (the
// ranking's tie-break).
type tally[T any] struct {
	v     T
	first int
}

// recordSource is one source's tallies: a source's key fixes its URL, so
// its platform and site, both found on its first record, which is the
// platform's first of it (pc nil: not met yet; sc nil without a host).
type recordSource struct {
	pc *tally[PlatformCount]
	sc *tally[SourceCount]
}

// recordCounter counts the run's records into es: the window, the
// volume, the platforms and the sites.
type recordCounter struct {
	es         *Essentials
	set        *Set
	plats      map[string]*tally[PlatformCount]
	sites      map[string]*tally[SourceCount]
	byKey      map[string]*recordSource // records of the states
	byNode     []recordSource           // records of the graph, by source node
	platformOf map[string]Platform      // by host
	engines    [3]bool                  // query, media, insight
}

// add counts record r: the volume and window, then, on a source's first
// record, its platform and site, on a later one their record counts.
func (rc *recordCounter) add(r record) {
	es, set := rc.es, rc.set
	es.Volume.Records++
	if k := slices.Index(engineOrder, r.engine); k >= 0 {
		rc.engines[k] = true
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
	var src *recordSource
	if r.node >= 0 {
		src = &rc.byNode[r.node]
	} else if src = rc.byKey[r.key]; src == nil {
		src = &recordSource{}
		rc.byKey[r.key] = src
	}
	if src.pc != nil { // a later record of a source
		src.pc.v.Records++
		if src.sc != nil {
			src.sc.v.Records++
		}
		return
	}
	rc.firstOfSource(src, r)
}

// firstOfSource counts a source met on record r: its platform and site.
func (rc *recordCounter) firstOfSource(src *recordSource, r record) {
	rc.es.Volume.Sources++
	h := Host(r.url)
	p, ok := rc.platformOf[h]
	if !ok {
		p = platformOfHost(h)
		rc.platformOf[h] = p
	}
	pc := rc.plats[p.Name]
	if pc == nil {
		pc = &tally[PlatformCount]{v: PlatformCount{Platform: p}, first: rc.es.Volume.Records}
		rc.plats[p.Name] = pc
	}
	src.pc = pc
	pc.v.Records++
	pc.v.Sources++
	pc.v.ItemIDs = addID(pc.v.ItemIDs, itemOf(rc.set, r.url))
	if h != "" {
		sc := rc.sites[h]
		if sc == nil {
			sc = &tally[SourceCount]{v: SourceCount{Host: h, Platform: p.Name}, first: rc.es.Volume.Records}
			rc.sites[h] = sc
		}
		src.sc = sc
		sc.v.Records++
		// a URL's item once: addID ignores repeats, so no set of the
		// site's URLs is kept (a map of every URL cost 0.16 s at 300 000)
		sc.v.ItemIDs = addID(sc.v.ItemIDs, itemOf(rc.set, r.url))
	}
}

// rank writes the platforms (every one, most records first, their share
// of the records) and the EssentialSources sites with most records (ties:
// the first met).
func (rc *recordCounter) rank() {
	es := rc.es
	for _, p := range ranked(rc.plats, func(p *PlatformCount) int { return p.Records }) {
		p.Percent = math.Round(float64(p.Records)*1000/float64(es.Volume.Records)) / 10
		es.Platforms = append(es.Platforms, p)
	}
	// the catch-alls (other sites, posts without a URL) are no platform
	// a reader can name: "分属 2 类平台" would count them
	es.Volume.Platforms = 0
	for _, p := range es.Platforms {
		if p.Platform != PlatformOther && p.Platform != PlatformNoURL {
			es.Volume.Platforms++
		}
	}
	sites := ranked(rc.sites, func(s *SourceCount) int { return s.Records })
	es.TopSources = append(es.TopSources, sites[:min(len(sites), EssentialSources)]...)
}

// ranked lists the counts of m, most records first (ties: the first met).
func ranked[T any](m map[string]*tally[T], records func(*T) int) []T {
	ts := slices.SortedFunc(maps.Values(m), func(a, b *tally[T]) int {
		return cmp.Or(cmp.Compare(records(&b.v), records(&a.v)), cmp.Compare(a.first, b.first))
	})
	out := make([]T, len(ts))
	for i, t := range ts {
		out[i] = t.v
	}
	return out
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

// firstAny is the word of words found first in s (at one place the
// longest), "" for none.
func firstAny(s string, words []string) string {
	best, at := "", -1
	for _, w := range words {
		if i := strings.Index(s, w); i >= 0 && (at < 0 || i < at || i == at && len(w) > len(best)) {
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

// accountRE finds accounts a text names: "@name" (a handle, up to its
// first mark or space), "<platform><role>“name”" (抖音用户“武汉本地宝”,
// B站UP主“珞珈山报账员”, 网易号“笔杆论道”) and "<role>“name”" without a
// platform (本地美食博主“杭州吃喝指南”: the sample's most-liked video; its
// accounts table had said no account was named). A platform followed
// directly by a quote (抖音“00 后通宵 WB”) names a topic, not an account.
var accountRE = regexp.MustCompile(`@([\p{Han}A-Za-z0-9_·\-]{2,20})|(?:(微博|抖音|B站|快手|小红书|知乎|视频号|微信)(?:用户|UP主|up主|博主|账号|大V|网友)|(网易号|头条号|百家号|微信公众号|公众号|企鹅号|搜狐号))[“"「]([^”"」]{2,16})[”"」]` +
	`|(?:博主|UP主|up主|主播|大V|达人|网红)[“"「]([^”"」]{2,16})[”"」]`)

// accountMarks holds a rune of every match of accountRE: its @ or its
// opening quote.
const accountMarks = `@“"「`

// handleVerbs are what a text says an @handle did, written on without a
// space: cut off the handle ("@小夏的池塘有鱼也表示" → 小夏的池塘有鱼).
var handleVerbs = []string{"也表示", "表示", "指出", "发文称", "发文", "回应称", "回应", "也称", "称"}

// notAccounts are @-words that address no account.
var notAccounts = []string{"所有人", "全体成员"}

// accounts are the EssentialAccounts accounts named by the most on-topic
// items (ties: first named), each with the items naming it. An account
// named as the topic itself (names, TopicNames: 武汉大学, 武大) is the
// case's own subject, not an account that carried it (issue 22: the
// fixture's accounts table listed 武汉大学); a handle run into the verb
// after it loses the verb (handleVerbs: "@小夏的池塘有鱼也表示：").
func accounts(set *Set, topical []bool, names []string) []AccountCount {
	byName := map[string]*AccountCount{}
	seen := map[string]bool{} // name + item counted
	var order []string
	for i := range set.Items {
		if !topical[i] {
			continue
		}
		it := &set.Items[i]
		if !strings.ContainsAny(it.Text, accountMarks) {
			continue // most texts: the expression would scan them for nothing
		}
		for _, m := range accountRE.FindAllStringSubmatch(it.Text, -1) {
			name, plat := strings.TrimSpace(cmp.Or(m[1], m[4], m[5])), cmp.Or(m[2], m[3])
			if m[1] != "" {
				for _, v := range handleVerbs {
					if n, ok := strings.CutSuffix(name, v); ok && utf8.RuneCountInString(n) >= 2 {
						name = n
						break
					}
				}
			}
			if utf8.RuneCountInString(name) < 2 || slices.Contains(notAccounts, name) || slices.Contains(names, strings.ToLower(name)) {
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
			a.Platform = cmp.Or(a.Platform, plat)
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
	out[BlockVolume] = cmp.Or(out[BlockVolume], first) // (a key is never "")
	for _, b := range EssentialBlocks {
		out[b] = cmp.Or(out[b], out[BlockVolume])
	}
	return out
}
