package builder

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/state"
	"reportengine/text"
)

// Truncation lengths, in runes (never bytes), as in §3.1 of the BettaFish
// reference.
const (
	// SummaryRunes is the length of a section's "summary" attribute
	// (graphrag.SectionSummary, which a format 3 file derives it with).
	SummaryRunes = graphrag.SummaryRunes
	// PreviewRunes is the length of a source's "preview" attribute.
	PreviewRunes = 100
	// NameRunes is the length of a search query's or source's display name
	// (a source's: graphrag.SourceName, which a format 3 file derives it
	// with).
	NameRunes = graphrag.SourceNameRunes
)

// HostEngine is the engine name of the forum moderator's node.
const HostEngine = "host"

// Errors returned by Build; test with errors.Is.
var (
	// ErrNoTopic: Config.Topic is empty.
	ErrNoTopic = errors.New("builder: no topic")
	// ErrNoStates: Config.States is empty (the caller decides what "no
	// usable engine" means; state.Load reports it first).
	ErrNoStates = errors.New("builder: no engine states")
	// ErrBadState: a state has an unknown engine, or two states share one.
	ErrBadState = errors.New("builder: bad engine state")
)

// Config is the input of Build.
type Config struct {
	// Topic is the report topic: the topic node's name. Required.
	Topic string
	// ReportID becomes Graph.TaskID. Optional here (storage needs one).
	ReportID string
	// CreatedAt becomes Graph.CreatedAt, as given (the builder reads no
	// clock, so equal inputs give equal graphs).
	CreatedAt string
	// States are the engine states, at most one per engine; any order (the
	// graph is built in canonical engine order query, media, insight).
	States []*state.State
	// Forum holds the parsed forum log entries (optional).
	Forum []forum.Entry
	// ForumPath names the forum log in the graph's build record (optional).
	ForumPath string
	// Unavailable lists engines that contribute nothing (from state.Load);
	// they are recorded on the topic node so later stages can say so.
	Unavailable []state.Unavailable
	// Warnings from earlier stages (state.Load, forum.Parse) to keep in the
	// graph's build record.
	Warnings []string
	// QueryNote (state.Loaded.QueryNote) says that the engines researched
	// differing queries; it becomes the "query_warning" attribute of the
	// (first) topic node, so every reader of the graph sees it (B13).
	QueryNote string
	// TopicPerQuery (state.Loaded.Unrelated: files of different runs let
	// through by the override) gives each distinct query its own topic
	// node; see topicNodes.
	TopicPerQuery bool
}

// Build turns engine states and forum entries into a graph. It is pure and
// deterministic: the same Config gives the same graph, node for node and byte
// for byte once written.
//
// Graph shape (see the package doc for every id and attribute):
//
//	topic ─analyzed_by→ engine ─contains→ section ─searched→ search_query ─found→ source
//
// plus, when the forum log has HOST entries, a "host" engine whose sections
// are those entries in log order. Every search record is kept: each record
// adds or reuses a source and lands on a found edge.
//
// It returns the graph, informational warnings (e.g. repeated paragraph
// orders, records with an empty query), and an error wrapping ErrNoTopic,
// ErrNoStates or ErrBadState.
func Build(cfg Config) (*graphrag.Graph, []string, error) {
	states, err := sortedStates(cfg)
	if err != nil {
		return nil, nil, err
	}
	// Prepare every state on its own goroutine; the merge takes them in
	// canonical order as they are ready.
	ready := make([]chan *prepared, len(states))
	for i, st := range states {
		ready[i] = make(chan *prepared, 1)
		go func() { ready[i] <- prepare(st) }()
	}
	return merge(cfg, states, func(i int) *prepared { return <-ready[i] })
}

// merge builds the graph of Build from its states in canonical order and
// prepared(i), states[i] prepared.
func merge(cfg Config, states []*state.State, prepared func(int) *prepared) (*graphrag.Graph, []string, error) {
	// Size the indexes for the worst case (every record a new source), so
	// that they never rehash while building.
	records, paragraphs := 0, 0
	for _, st := range states {
		records += st.RecordCount()
		paragraphs += len(st.Paragraphs)
	}
	hint := records + 2*paragraphs + len(cfg.Forum) + 8
	b := &build{
		g:    graphrag.NewWithCapacity(hint, hint),
		srcs: make([]int, 0, records),
		slot: make([]int32, 0, hint),
	}
	// The resolver numbers the sources of each state, in canonical order,
	// before the graph side adds them (resolve.go).
	res := newResolver(records)
	b.g.TaskID = cfg.ReportID
	b.g.CreatedAt = cfg.CreatedAt

	hostEntries, speeches, other := splitForum(cfg.Forum)
	topicAttrs := topicAttributes(cfg, states, len(hostEntries) > 0, speeches)
	topic := b.mustNode(&graphrag.Node{ID: "T_" + hashHex(cfg.Topic, 16), Type: graphrag.TypeTopic, Name: cfg.Topic, Attrs: topicAttrs})
	topicOf := b.topicNodes(cfg, topic, states)

	var warnings []string
	for i, st := range states {
		pre := prepared(i)
		warnings = append(warnings, b.addEngine(topicOf[st.Engine], st, pre, res.resolveState(pre, st.Engine.Rank()), speeches[string(st.Engine)])...)
		delete(speeches, string(st.Engine))
	}
	if len(hostEntries) > 0 {
		b.addHost(topic, hostEntries)
		for i, e := range hostEntries {
			if strings.TrimSpace(e.Content) == "" {
				warnings = append(warnings, fmt.Sprintf("forum line %d: empty HOST entry kept as host_P%d", e.Line, i))
			}
		}
	}
	b.finishSources(res.tally)

	// Forum entries that no node carries (SYSTEM banners, unknown speakers,
	// engines without a state) stay in the build record: nothing is lost.
	for _, sp := range speeches {
		other = append(other, sp...)
	}
	sort.SliceStable(other, func(i, j int) bool { return other[i].Line < other[j].Line })
	b.g.Meta.Set("build", buildRecord(cfg, states, len(hostEntries), other, warnings))
	if b.err != nil {
		return nil, nil, b.err
	}
	return b.g, warnings, nil
}

// sortedStates checks cfg's topic and states (ErrNoTopic, ErrNoStates,
// ErrBadState for an unknown engine or one given twice) and returns a
// copy of the states in canonical engine order.
func sortedStates(cfg Config) ([]*state.State, error) {
	if strings.TrimSpace(cfg.Topic) == "" {
		return nil, ErrNoTopic
	}
	if len(cfg.States) == 0 {
		return nil, ErrNoStates
	}
	states := slices.Clone(cfg.States)
	seen := map[state.Engine]string{}
	for _, st := range states {
		if st.Engine.Rank() == len(state.Engines) {
			return nil, fmt.Errorf("%w: %s: unknown engine %q (want query, media or insight)", ErrBadState, st.Path, st.Engine)
		}
		if prev, ok := seen[st.Engine]; ok {
			return nil, fmt.Errorf("%w: engine %s given twice (%s and %s)", ErrBadState, st.Engine, prev, st.Path)
		}
		seen[st.Engine] = st.Path
	}
	sort.SliceStable(states, func(i, j int) bool { return states[i].Engine.Rank() < states[j].Engine.Rank() })
	return states, nil
}

// topicAttributes are the topic node's attributes: the query, the engines
// (the host last when the forum has one), the unavailable engines (each
// with its forum speeches, which it takes out of speeches: no engine node
// carries them) and the query note.
func topicAttributes(cfg Config, states []*state.State, host bool, speeches map[string][]forum.Entry) graphrag.Attributes {
	attrs := graphrag.Attributes{{Key: "query", Value: cfg.Topic}}
	engines := make([]string, 0, len(states)+1)
	for _, st := range states {
		engines = append(engines, string(st.Engine))
	}
	if host {
		engines = append(engines, HostEngine)
	}
	attrs = append(attrs, graphrag.Attr{Key: "engines", Value: engines})
	if len(cfg.Unavailable) > 0 {
		var un []any
		for _, u := range cfg.Unavailable {
			entry := graphrag.Attributes{{Key: "engine", Value: string(u.Engine)}, {Key: "reason", Value: u.Reason}, {Key: "path", Value: u.Path}}
			if sp := speeches[string(u.Engine)]; len(sp) > 0 {
				entry = append(entry, graphrag.Attr{Key: "speeches", Value: speechList(sp)})
				delete(speeches, string(u.Engine))
			}
			un = append(un, entry)
		}
		attrs = append(attrs, graphrag.Attr{Key: "unavailable_engines", Value: un})
	}
	if cfg.QueryNote != "" {
		attrs = append(attrs, graphrag.Attr{Key: "query_warning", Value: cfg.QueryNote})
	}
	return attrs
}

// buildRecord is the graph's "build" meta: the inputs, the forum log, the
// forum entries no node carries and every warning.
func buildRecord(cfg Config, states []*state.State, hostEntries int, other []forum.Entry, warnings []string) graphrag.Attributes {
	build := graphrag.Attributes{}
	var inputs []any
	for _, st := range states {
		inputs = append(inputs, graphrag.Attributes{
			{Key: "engine", Value: string(st.Engine)},
			{Key: "path", Value: st.Path},
			{Key: "query", Value: st.Query},
			{Key: "paragraphs", Value: len(st.Paragraphs)},
			{Key: "records", Value: st.RecordCount()},
		})
	}
	build.Set("inputs", inputs)
	if cfg.ForumPath != "" || len(cfg.Forum) > 0 {
		build.Set("forum", graphrag.Attributes{
			{Key: "path", Value: cfg.ForumPath},
			{Key: "entries", Value: len(cfg.Forum)},
			{Key: "host_entries", Value: hostEntries},
		})
	}
	if len(other) > 0 {
		build.Set("forum_unattached", speechList(other))
	}
	if all := append(append([]string{}, cfg.Warnings...), warnings...); len(all) > 0 {
		build.Set("warnings", all)
	}
	return build
}

type build struct {
	g *graphrag.Graph
	// srcs holds the graph index of each source by ordinal (the
	// resolver's numbering, which is creation order).
	srcs []int

	// scratch for grouping one query's records by source: slot[src] is
	// the source's edge in edgeSrcs + 1 while it belongs to query number
	// stamp[src] (no map to clear per query).
	slot     []int32
	stamp    []int32
	query    int32
	edgeSrcs []int
	edgeRecs [][]graphrag.Record

	err error // the first internal error (see mustNode)
	// topicIDs are the ids of the topic nodes made (mustNode).
	topicIDs map[string]bool
}

// mustNode appends topic node n and returns its graph index. Topic ids
// are 64 bits of a hash, the only ids not unique by construction, so n's
// is checked against the topic nodes made before it; a collision is kept
// as an internal error that Build returns, rather than panicking. (AddNode
// would check it too, but it sizes the graph's id and URL maps for every
// node to come: 25 MB and about 15 ms on the build's critical path for
// 300 000 records, for maps that the build never looks anything up in.)
func (b *build) mustNode(n *graphrag.Node) int {
	if b.topicIDs[n.ID] {
		if b.err == nil {
			b.err = fmt.Errorf("builder: internal error: %w: %q", graphrag.ErrDuplicateNode, n.ID)
		}
		return 0
	}
	if b.topicIDs == nil {
		b.topicIDs = map[string]bool{}
	}
	b.topicIDs[n.ID] = true
	return b.node(n)
}

// node appends n unchecked (graphrag.AppendNode) and returns its graph
// index: for engine, section and search_query nodes, whose ids are unique
// by construction (engine names are checked unique; sections are numbered
// by paragraph position, queries by their first record's index).
func (b *build) node(n *graphrag.Node) int {
	v, err := b.g.AppendNode(n)
	if err != nil && b.err == nil {
		b.err = fmt.Errorf("builder: internal error: %w", err)
	}
	return v
}

// link adds the edge from → to; edges are unique by construction, so the
// unchecked bulk path is used.
func (b *build) link(from, to int, rel graphrag.Relation) {
	if err := b.g.Link(from, to, rel); err != nil && b.err == nil {
		b.err = fmt.Errorf("builder: internal error: %w", err)
	}
}

func (b *build) addEngine(topic int, st *state.State, pre *prepared, res *resolved, speeches []forum.Entry) []string {
	var warnings []string
	eng := string(st.Engine)
	attrs := graphrag.Attributes{
		{Key: "engine", Value: eng},
		{Key: "report_title", Value: st.ReportTitle},
		{Key: "original_query", Value: st.Query},
		{Key: "source_file", Value: st.Path},
		{Key: "status", Value: "ok"},
		{Key: "paragraph_count", Value: len(st.Paragraphs)},
		{Key: "record_count", Value: st.RecordCount()},
		{Key: "is_completed", Value: st.Completed},
		{Key: "created_at", Value: st.CreatedAt},
		{Key: "updated_at", Value: st.UpdatedAt},
		{Key: "final_report", Value: st.FinalReport},
	}
	if len(speeches) > 0 {
		attrs = append(attrs, graphrag.Attr{Key: "speeches", Value: speechList(speeches)})
	}
	engine := b.node(&graphrag.Node{ID: eng, Type: graphrag.TypeEngine, Name: eng, Attrs: attrs})
	b.link(topic, engine, graphrag.RelAnalyzedBy)

	// Sections in prepare's order (B15).
	orderSeen := map[int]int{}
	for i := range pre.paras {
		pp := &pre.paras[i]
		p := pp.p
		if p.Order != nil {
			if prev, ok := orderSeen[*p.Order]; ok {
				warnings = append(warnings, fmt.Sprintf("%s engine: paragraphs[%d] and paragraphs[%d] share order %d; both kept as separate sections", eng, prev, p.Position, *p.Order))
			} else {
				orderSeen[*p.Order] = p.Position
			}
		}
		warnings = append(warnings, b.addSection(engine, eng, pp, res, i)...)
	}
	return warnings
}

// addSection adds the section of pre.paras[i] (pp), its search queries and
// their found edges; res holds its records' source ordinals.
func (b *build) addSection(engine int, eng string, pp *prepPara, res *resolved, i int) []string {
	ords := res.ords[i]
	var warnings []string
	p := pp.p
	secID := eng + "_P" + strconv.Itoa(p.Position)
	var order any
	if p.Order != nil {
		order = *p.Order
	}
	groups := pp.groups
	attrs := graphrag.Attributes{
		{Key: "title", Value: p.Title},
		{Key: "order", Value: order},
		{Key: "position", Value: p.Position},
		{Key: "summary", Value: graphrag.SectionSummary(p.LatestSummary, p.Content)},
		{Key: "content", Value: p.Content},
		{Key: "latest_summary", Value: p.LatestSummary},
		{Key: "reflection_iteration", Value: p.ReflectionIteration},
		{Key: "is_completed", Value: p.Completed},
		{Key: "engine", Value: eng},
		{Key: "record_count", Value: len(p.Searches)},
		{Key: "query_count", Value: len(groups)},
	}
	name := p.Title
	if strings.TrimSpace(name) == "" {
		name = fmt.Sprintf("%s 段落 %d", eng, p.Position+1)
	}
	sec := b.node(&graphrag.Node{ID: secID, Type: graphrag.TypeSection, Name: name, Attrs: attrs})
	b.link(engine, sec, graphrag.RelContains)

	for _, grp := range groups {
		first := p.Searches[grp.records[0]]
		qText := strings.TrimSpace(first.Query)
		qID := secID + "_Q" + strconv.Itoa(first.Index)
		qName := text.TruncateRunes(qText, NameRunes)
		if qText == "" {
			qName = "(empty query)"
			warnings = append(warnings, fmt.Sprintf("%s engine: paragraphs[%d]: %d search record(s) with an empty query kept under %s", eng, p.Position, len(grp.records), qID))
		}
		q := b.node(&graphrag.Node{ID: qID, Type: graphrag.TypeSearchQuery, Name: qName, Attrs: graphrag.Attributes{
			{Key: "query_text", Value: qText},
			{Key: "section_ref", Value: secID},
			{Key: "engine", Value: eng},
			{Key: "record_count", Value: len(grp.records)},
			{Key: "first_record", Value: first.Index},
		}})
		b.link(sec, q, graphrag.RelSearched)

		b.addFound(q, grp, pp, res, ords)
	}
	return warnings
}

// addFound adds the found edges of query node q, the group grp of the
// paragraph's records: one edge per distinct source, every record on one.
func (b *build) addFound(q int, grp *queryGroup, pp *prepPara, res *resolved, ords []int32) {
	p := pp.p
	b.query++
	b.edgeSrcs = b.edgeSrcs[:0]
	for _, ri := range grp.records {
		rec := &p.Searches[ri]
		src := b.source(rec, &pp.recs[ri], res, ords[ri])
		fr := graphrag.Record{Index: rec.Index, Score: rec.Score, Timestamp: rec.Timestamp}
		if rec.Title != b.g.String(src, "title") {
			fr.Title = &rec.Title
		}
		if rec.Content != b.g.String(src, "content") {
			fr.Content = &rec.Content
		}
		for len(b.slot) <= src {
			b.slot = append(b.slot, 0)
			b.stamp = append(b.stamp, 0)
		}
		i := int(b.slot[src]) - 1
		if b.stamp[src] != b.query {
			i = len(b.edgeSrcs)
			b.stamp[src], b.slot[src] = b.query, int32(i+1)
			b.edgeSrcs = append(b.edgeSrcs, src)
			if i == len(b.edgeRecs) {
				b.edgeRecs = append(b.edgeRecs, nil)
			}
			b.edgeRecs[i] = b.edgeRecs[i][:0]
		}
		b.edgeRecs[i] = append(b.edgeRecs[i], fr)
	}
	for i, src := range b.edgeSrcs {
		// AddFound copies the records, so the scratch lists are reused.
		if err := b.g.AddFound(q, src, b.edgeRecs[i]); err != nil && b.err == nil {
			b.err = fmt.Errorf("builder: internal error: %w", err)
		}
	}
}

type queryGroup struct {
	key     string
	records []int // indexes into Paragraph.Searches, file order
}

// groupQueries groups the records of one paragraph by trimmed, lower-cased
// query text, in order of first appearance.
func groupQueries(recs []state.SearchRecord) []*queryGroup {
	var out []*queryGroup
	byKey := map[string]*queryGroup{}
	var prevRaw, key string
	for i := range recs {
		// Records of one query usually come in a row: reuse the key.
		if raw := recs[i].Query; i == 0 || raw != prevRaw {
			key = strings.ToLower(strings.TrimSpace(raw))
			prevRaw = raw
		}
		g, ok := byKey[key]
		if !ok {
			g = &queryGroup{key: key}
			byKey[key] = g
			out = append(out, g)
		}
		g.records = append(g.records, i)
	}
	return out
}

// source returns the graph index of the source of rec, whose ordinal (the
// resolver's) is o: a new ordinal (the next one) is a new node, made from
// rec, an old one the node made for it.
func (b *build) source(rec *state.SearchRecord, pr *prepRec, res *resolved, o int32) int {
	if int(o) < len(b.srcs) {
		return b.srcs[o]
	}
	if int(o) != len(b.srcs) && b.err == nil { // the two sides visit records in one order
		b.err = fmt.Errorf("builder: internal error: source ordinal %d out of order (%d made)", o, len(b.srcs))
	}
	kind := "url"
	if pr.url == "" {
		kind = "text"
	}
	v, err := b.g.AppendSource(graphrag.Source{ID: res.ids[o-res.first], Name: pr.name, URL: pr.url, Title: rec.Title, Content: rec.Content, Score: rec.Score, Key: kind})
	if err != nil && b.err == nil {
		b.err = fmt.Errorf("builder: internal error: %w", err)
	}
	b.srcs = append(b.srcs, v)
	return v
}

// finishSources sets the attributes known only once every record is seen,
// from the resolver's tallies (by ordinal).
func (b *build) finishSources(tally []srcTally) {
	var engines []string
	for o, v := range b.srcs {
		engines = engines[:0]
		for i, e := range state.Engines {
			if tally[o].engines&(1<<i) != 0 {
				engines = append(engines, string(e))
			}
		}
		b.g.SetSourceTally(v, engines, int(tally[o].found)) // copies (and shares equal lists)
	}
}

func (b *build) addHost(topic int, entries []forum.Entry) {
	host := b.node(&graphrag.Node{ID: HostEngine, Type: graphrag.TypeEngine, Name: HostEngine, Attrs: graphrag.Attributes{
		{Key: "engine", Value: HostEngine},
		{Key: "report_title", Value: "论坛主持人总结"},
		{Key: "status", Value: "ok"},
		{Key: "speech_count", Value: len(entries)},
	}})
	b.link(topic, host, graphrag.RelAnalyzedBy)
	for i, e := range entries {
		id := HostEngine + "_P" + strconv.Itoa(i)
		attrs := graphrag.Attributes{
			{Key: "title", Value: fmt.Sprintf("[%s] 主持人总结", e.Time)},
			{Key: "order", Value: i},
			{Key: "position", Value: i},
			{Key: "summary", Value: graphrag.SectionSummary("", e.Content)},
			{Key: "content", Value: e.Content},
			{Key: "engine", Value: HostEngine},
			{Key: "timestamp", Value: e.Time},
			{Key: "line", Value: e.Line},
		}
		if e.Session != "" {
			attrs = append(attrs, graphrag.Attr{Key: "session", Value: e.Session})
		}
		sec := b.node(&graphrag.Node{ID: id, Type: graphrag.TypeSection, Name: fmt.Sprintf("主持人总结 %d", i+1), Attrs: attrs})
		b.link(host, sec, graphrag.RelContains)
	}
}

// splitForum sorts forum entries into HOST speeches, speeches of each engine
// (by lower-case engine name), and the rest.
func splitForum(entries []forum.Entry) (host []forum.Entry, speeches map[string][]forum.Entry, other []forum.Entry) {
	speeches = map[string][]forum.Entry{}
	for _, e := range entries {
		switch {
		case e.IsHost():
			host = append(host, e)
		case e.IsEngine():
			eng := strings.ToLower(e.Speaker)
			speeches[eng] = append(speeches[eng], e)
		default:
			other = append(other, e)
		}
	}
	return host, speeches, other
}

// speechList turns forum entries into the "speeches" attribute value.
func speechList(entries []forum.Entry) Speeches {
	out := make(Speeches, len(entries))
	for i, e := range entries {
		out[i] = Speech{Line: e.Line, Time: e.Time, Speaker: e.Speaker, Session: e.Session, Content: e.Content}
	}
	return out
}

// Speeches is the attribute value that carries forum entries on a node (a
// graph read back from a file holds the same JSON as []any of Attributes).
type Speeches []Speech

// Speech is one forum entry on a node, as JSON
// {"line", "time", "speaker", "session", "content"}.
type Speech struct {
	Line    int    `json:"line"`
	Time    string `json:"time"`
	Speaker string `json:"speaker"`
	Session string `json:"session"`
	Content string `json:"content"`
}

// hashHex returns the first n hex digits of SHA-256(s).
func hashHex(s string, n int) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:n]
}
