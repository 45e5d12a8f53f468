package knowledge

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/text"
)

// GraphOptions configure FromGraph.
type GraphOptions struct {
	// Path names the graph file in Model.Source (for messages); optional.
	Path string
}

// DefaultTextUnitRunes is the longest text unit, in runes: about 600–900
// tokens of Chinese, 150–200 of English. Longer section and source texts
// are cut at paragraph or sentence ends into several units: the
// reference's Sources section stops at the first unit that does not fit
// the budget, so one long page must not block every other unit.
const DefaultTextUnitRunes = 600

// Community numbers of our graphs: 0 is the topic, 1… the engines that
// wrote a final report, in graph order.
const topicCommunity = "0"

// FromGraph maps one of our graphs (graphrag.Graph, as builder.Build makes
// and storage.Load reads) onto the GraphRAG data model; the package doc
// gives the mapping. The graph is only read. Equal graphs give equal
// Models: every list follows graph order, and ids and short ids are
// derived from node ids and positions.
//
// Cost: linear in the graph and its texts (one pass of a name automaton
// over every text; about 2 s of CPU for 260 000 entities and 256 000
// texts, split over the cores). It checks ctx every few hundred items and
// returns ctx's error (wrapped) soon after ctx ends.
func FromGraph(ctx context.Context, g *graphrag.Graph, opts GraphOptions) (*Model, error) {
	if g == nil {
		return nil, fmt.Errorf("knowledge: FromGraph: nil graph")
	}
	b := &graphBuild{ctx: ctx, g: g, index: make(map[string]int, g.NodeCount()), ph: phrasesEN}
	for v := 0; v < g.NodeCount(); v++ {
		if g.Type(v) == graphrag.TypeTopic && text.IsCJKText(g.Name(v)) {
			b.ph = phrasesZH
			break
		}
	}
	for _, stage := range []func(){b.entities, b.relationships, b.communities, b.textUnits} {
		stage()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("knowledge: FromGraph: %w", err)
		}
	}
	b.stats.Tables = append(b.stats.Tables,
		TableStats{Name: tEntities, Read: g.NodeCount(), Kept: len(b.p.Entities)},
		TableStats{Name: tRelationships, Read: g.EdgeCount(), Kept: len(b.p.Relationships), Skipped: b.skippedEdges},
		// A graph has no text-unit table: the units are cut from its texts,
		// so every unit made is read and kept; the texts are in a note.
		TableStats{Name: tTextUnits, Read: len(b.p.TextUnits), Kept: len(b.p.TextUnits)},
		TableStats{Name: tCommunities, Read: len(b.p.Communities), Kept: len(b.p.Communities)},
		TableStats{Name: tReports, Read: len(b.p.Reports), Kept: len(b.p.Reports)},
	)
	b.stats.Notes = append(b.stats.Notes,
		fmt.Sprintf("text_units: cut from %d texts (sections, sources, forum speeches), at most %d runes each", b.textsRead, DefaultTextUnitRunes),
		"covariates: our graphs hold no claims")
	if b.ambiguous > 0 {
		b.stats.Notes = append(b.stats.Notes, fmt.Sprintf("text_units: %d entity names held by more than %d entities each are not matched in texts (they tell none of them apart)", b.ambiguous, maxNameHolders))
	}
	b.stats.Warnings = b.warn.list()
	b.p.Stats = b.stats
	b.p.Source = Source{Kind: "reportengine-graph", Path: opts.Path, ID: g.TaskID}
	return New(b.p)
}

// graphBuild reads the graph only through its index accessors (NodeCount,
// ID, Type, Name, String, Strings, Float, Attr, DerivedOf, EdgeCount,
// EdgeAt): entity i is node i.
type graphBuild struct {
	ctx    context.Context
	g      *graphrag.Graph
	ph     phrases
	p      Parts
	index  map[string]int // node id → entity index
	degree []int
	// edges kept, as entity index pairs, parallel to p.Relationships
	ends         [][2]int
	skippedEdges int
	textsRead    int
	ambiguous    int // names not matched: held by more than maxNameHolders entities
	stats        LoadStats
	warn         warnings
}

// entities: one per node, in graph order. Titles are node names made
// unique (a later node whose name is taken gets " [<node id>]"), as
// relationships refer to entities by title.
func (b *graphBuild) entities() {
	g := b.g
	n := g.NodeCount()
	b.degree = make([]int, n)
	taken := map[string]bool{}
	for i := 0; i < n; i++ {
		if b.stop(i) {
			return
		}
		id := g.ID(i)
		b.index[id] = i
		title := strings.TrimSpace(g.Name(i))
		if title == "" {
			title = id
		}
		if taken[title] {
			title += " [" + id + "]"
		}
		taken[title] = true
		b.p.Entities = append(b.p.Entities, Entity{
			ID:      id,
			ShortID: strconv.Itoa(i),
			Title:   title,
			Type:    string(g.Type(i)),
		})
	}
	for k := 0; k < g.EdgeCount(); k++ {
		e := g.EdgeAt(k)
		if i, ok := b.index[e.From]; ok {
			b.degree[i]++
		}
		if j, ok := b.index[e.To]; ok {
			b.degree[j]++
		}
	}
	for i := 0; i < n; i++ {
		if b.stop(i) {
			return
		}
		b.p.Entities[i].Description = b.describeNode(i)
		b.p.Entities[i].Rank, b.p.Entities[i].HasRank = b.degree[i], true
	}
}

// stop reports, every 1024th i, whether the build's context has ended
// (the loops then return; FromGraph returns the context's error).
func (b *graphBuild) stop(i int) bool { return i&1023 == 0 && b.ctx.Err() != nil }

func (b *graphBuild) title(i int) string { return b.p.Entities[i].Title }

// describeNode gives an entity its description: the node's own short text
// (section summary, source preview, query text) with a few facts around it.
func (b *graphBuild) describeNode(v int) string {
	g := b.g
	str := func(key string) string { return g.String(v, key) }
	count := func(key string) int { f, _ := g.Float(v, key); return int(f) }
	name := g.Name(v)
	switch g.Type(v) {
	case graphrag.TypeTopic:
		s := fmt.Sprintf(b.ph.topic, name)
		if engines := g.Strings(v, "engines"); len(engines) > 0 {
			s += fmt.Sprintf(b.ph.topicEngines, strings.Join(engines, b.ph.listSep))
		}
		return s
	case graphrag.TypeEngine:
		if g.ID(v) == "host" || str("engine") == "host" {
			return fmt.Sprintf(b.ph.host, count("speech_count"))
		}
		s := fmt.Sprintf(b.ph.engine, name)
		if t := str("report_title"); t != "" {
			s += fmt.Sprintf(b.ph.engineReport, t)
		}
		return s + fmt.Sprintf(b.ph.engineCounts, count("paragraph_count"), count("record_count"))
	case graphrag.TypeSection:
		if s := firstNonEmpty(str("summary"), text.TruncateRunes(str("latest_summary"), 300), text.TruncateRunes(str("content"), 300)); s != "" {
			return s
		}
	case graphrag.TypeSearchQuery:
		return fmt.Sprintf(b.ph.search, firstNonEmpty(str("query_text"), name), count("record_count"))
	case graphrag.TypeSource:
		s := g.DerivedOf(v).Preview
		if u := str("url"); u != "" {
			if s != "" {
				s += " "
			}
			s += "(" + u + ")"
		}
		if s != "" {
			return s
		}
	}
	for _, k := range []string{"description", "summary", "preview", "content"} {
		if s := str(k); s != "" {
			return text.TruncateRunes(s, 300)
		}
	}
	return ""
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// relationships: one per edge, in graph order, described in words.
func (b *graphBuild) relationships() {
	for k := 0; k < b.g.EdgeCount(); k++ {
		if b.stop(k) {
			return
		}
		e := b.g.EdgeAt(k)
		i, okF := b.index[e.From]
		j, okT := b.index[e.To]
		if !okF || !okT {
			b.skippedEdges++
			missing := e.From
			if okF {
				missing = e.To
			}
			b.warn.add("edge-endpoint", "edge %s → %s: node %q does not exist; relationship skipped", e.From, e.To, missing)
			continue
		}
		w := e.Weight
		if w == 0 {
			w = 1
		}
		b.ends = append(b.ends, [2]int{i, j})
		b.p.Relationships = append(b.p.Relationships, Relationship{
			ID:          e.From + "->" + e.To,
			ShortID:     strconv.Itoa(len(b.p.Relationships)),
			Source:      b.title(i),
			Target:      b.title(j),
			Weight:      w,
			HasWeight:   true,
			Description: b.describeEdge(&e, i, j),
			Rank:        b.degree[i] + b.degree[j],
			HasRank:     true,
		})
	}
}

func (b *graphBuild) describeEdge(e *graphrag.Edge, i, j int) string {
	from, to := b.title(i), b.title(j)
	switch e.Relation {
	case graphrag.RelAnalyzedBy:
		return fmt.Sprintf(b.ph.analysedBy, from, to)
	case graphrag.RelContains:
		return fmt.Sprintf(b.ph.contains, from, to)
	case graphrag.RelSearched:
		return fmt.Sprintf(b.ph.searched, from, to)
	case graphrag.RelFound:
		s := fmt.Sprintf(b.ph.found, from, to)
		if v, ok := e.Attrs.Get("records"); ok {
			if n := jsonLen(v); n > 1 {
				s += fmt.Sprintf(b.ph.foundCount, n)
			}
		}
		return s
	}
	return fmt.Sprintf(b.ph.relation, from, strings.ReplaceAll(string(e.Relation), "_", " "), to)
}

// jsonLen is the length of a list-valued attribute whatever its Go type
// (a builder type in memory, []any after a file round trip).
func jsonLen(v any) int {
	if list, ok := v.([]any); ok { // what a graph file decodes to
		return len(list)
	}
	var list []json.RawMessage
	if decodeAttr(v, &list) != nil {
		return 0
	}
	return len(list)
}

// decodeAttr decodes an attribute value through its JSON form into out.
func decodeAttr(v any, out any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}

// communities: community 0 (level 0) holds every entity, with the
// topic-level report; each engine with a final report is a community of
// level 1 (parent 0) holding the engine and everything under it, with the
// final report as its community report.
func (b *graphBuild) communities() {
	n := len(b.p.Entities)
	down := make([][]int, n)
	for _, ij := range b.ends {
		down[ij[0]] = append(down[ij[0]], ij[1])
	}
	all := make([]string, n)
	topicTitle := ""
	for i := range b.p.Entities {
		all[i] = b.p.Entities[i].ID
		b.p.Entities[i].CommunityIDs = []string{topicCommunity} // then the engines', ascending
		if topicTitle == "" && b.g.Type(i) == graphrag.TypeTopic {
			topicTitle = b.title(i)
		}
	}
	b.p.Communities = append(b.p.Communities, Community{ID: "community-0", ShortID: "0", Title: "Community 0", Community: topicCommunity, Level: 0, Parent: "-1", EntityIDs: all})
	var engineReports []CommunityReport
	var reportEngines []int // the engine of each of engineReports
	for i := range b.p.Entities {
		if b.g.Type(i) != graphrag.TypeEngine {
			continue
		}
		report := b.engineReport(i)
		if report == "" {
			continue
		}
		num := len(b.p.Communities)
		cs := strconv.Itoa(num)
		var ids []string
		seen := map[int]bool{i: true}
		queue := []int{i}
		for len(queue) > 0 {
			k := queue[0]
			queue = queue[1:]
			ids = append(ids, b.p.Entities[k].ID)
			b.p.Entities[k].CommunityIDs = append(b.p.Entities[k].CommunityIDs, cs)
			for _, c := range down[k] {
				if !seen[c] {
					seen[c] = true
					queue = append(queue, c)
				}
			}
		}
		b.p.Communities[0].Children = append(b.p.Communities[0].Children, cs)
		b.p.Communities = append(b.p.Communities, Community{ID: "community-" + cs, ShortID: cs, Title: "Community " + cs, Community: cs, Level: 1, Parent: topicCommunity, EntityIDs: ids})
		title := firstNonEmpty(b.g.String(i, "report_title"), fmt.Sprintf(b.ph.engineLow, b.title(i)))
		engineReports = append(engineReports, CommunityReport{
			ID: "report-" + b.g.ID(i), ShortID: cs, CommunityID: cs, Title: title,
			Summary: leadParagraph(report), FullContent: report, Rank: 1, HasRank: true, Level: 1,
		})
		reportEngines = append(reportEngines, i)
	}
	b.distinctTitles(engineReports, reportEngines)
	topic := b.topicReport(cmp.Or(topicTitle, "research topic"))
	b.p.Reports = append([]CommunityReport{topic}, engineReports...)
}

// distinctTitles gives the engine reports that share a title (two
// engines' reports both called 关于'武汉大学'的深度研究报告) a title a
// reader can tell apart: the shared title, then the engine and its first
// two sections (phrases.reportOf: "关于'武汉大学'的深度研究报告（insight：
// 学校概况与历史沿革、学科建设与科研实力）"). A title no other report
// bears stays as it is. engines[k] is the engine entity of reports[k].
func (b *graphBuild) distinctTitles(reports []CommunityReport, engines []int) {
	count := map[string]int{}
	for _, r := range reports {
		count[r.Title]++
	}
	for k := range reports {
		if count[reports[k].Title] < 2 {
			continue
		}
		var secs []string
		for _, i := range b.sectionsOf(engines[k]) {
			if len(secs) < 2 {
				secs = append(secs, b.title(i))
			}
		}
		reports[k].Title = fmt.Sprintf(b.ph.reportOf, reports[k].Title, b.title(engines[k]), strings.Join(secs, b.ph.listSep))
	}
}

// sectionsOf returns the section entities of engine e, in entity order.
func (b *graphBuild) sectionsOf(e int) []int {
	var out []int
	for i := range b.p.Entities {
		if b.g.Type(i) == graphrag.TypeSection && sectionEngine(b.g, i) == b.g.ID(e) {
			out = append(out, i)
		}
	}
	return out
}

// sectionEngine is the id of the engine a section node belongs to: its
// "engine" attribute, else its id's prefix ("media" of "media_P0").
func sectionEngine(g *graphrag.Graph, i int) string {
	return firstNonEmpty(g.String(i, "engine"), strings.SplitN(g.ID(i), "_", 2)[0])
}

// engineReport is the content of engine e's community report: its final
// report, or, when the final report was cut off mid-sentence (cutShort)
// and its sections' summaries hold more text, the report written from
// them — the report title as the heading, then each section's title and
// latest summary (its content when it has none). The BettaFish fixture's
// media engine saved a final report of 249 characters that stops at
// "其中，影响最为深远的", while its five sections' summaries (3 296
// characters) tell the 图书馆 event the run is about: without them no
// community report holds the run's main event and global search cannot
// answer with it. Microsoft GraphRAG writes its reports from the
// communities' records too; BettaFish's final report is written from the
// same section summaries. "" when the engine has no final report.
func (b *graphBuild) engineReport(e int) string {
	report := strings.TrimSpace(b.g.String(e, "final_report"))
	if report == "" || !cutShort(report) {
		return report
	}
	var sb strings.Builder
	held := 0
	fmt.Fprintf(&sb, "# %s\n", firstNonEmpty(b.g.String(e, "report_title"), fmt.Sprintf(b.ph.engineLow, b.title(e))))
	for _, i := range b.sectionsOf(e) {
		s := strings.TrimSpace(firstNonEmpty(b.g.String(i, "latest_summary"), b.g.String(i, "content")))
		if s != "" {
			fmt.Fprintf(&sb, "\n## %s\n\n%s\n", b.title(i), s)
			held += utf8.RuneCountInString(s)
		}
	}
	if held <= utf8.RuneCountInString(report) {
		return report
	}
	return strings.TrimSpace(sb.String())
}

// cutShort reports whether a Markdown report stops mid-sentence: its last
// line (trimmed) is text, not a heading, table row, quote or rule, and
// ends with a letter or digit (a Han character among them) rather than a
// sentence end, closing mark or emphasis ("…其中，影响最为深远的").
func cutShort(report string) bool {
	report = strings.TrimSpace(report)
	last := report[strings.LastIndexByte(report, '\n')+1:]
	if last == "" || strings.ContainsAny(last[:1], "#|>-") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(last)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// topicReport writes the topic-level report: which engines researched the
// topic, what each covered (its sections), and which engines are missing.
func (b *graphBuild) topicReport(topic string) CommunityReport {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n", topic)
	var engines []string
	sections := map[string][]string{}
	for i := range b.p.Entities {
		switch b.g.Type(i) {
		case graphrag.TypeEngine:
			engines = append(engines, b.g.ID(i))
		case graphrag.TypeSection:
			eng := sectionEngine(b.g, i)
			sections[eng] = append(sections[eng], b.title(i))
		}
	}
	fmt.Fprintf(&sb, b.ph.researchedBy, topic, len(engines), strings.Join(engines, b.ph.listSep))
	for i := range b.p.Entities {
		if b.g.Type(i) != graphrag.TypeTopic {
			continue
		}
		var missing []struct{ Engine, Reason string }
		if v, ok := b.g.Attr(i, "unavailable_engines"); ok && decodeAttr(v, &missing) == nil && len(missing) > 0 {
			var parts []string
			for _, m := range missing {
				parts = append(parts, m.Engine+" ("+m.Reason+")")
			}
			fmt.Fprintf(&sb, b.ph.unavailable, strings.Join(parts, b.ph.listSep))
		}
	}
	sb.WriteString("\n")
	for i := range b.p.Entities {
		if b.g.Type(i) != graphrag.TypeEngine {
			continue
		}
		fmt.Fprintf(&sb, "\n## %s\n\n%s%s", b.title(i), strings.TrimSpace(b.p.Entities[i].Description), b.ph.sentenceEnd)
		if s := sections[b.g.ID(i)]; len(s) > 0 {
			fmt.Fprintf(&sb, b.ph.sections, strings.Join(s, b.ph.listSep))
		}
		sb.WriteString("\n")
	}
	content := sb.String()
	return CommunityReport{ID: "report-topic", ShortID: topicCommunity, CommunityID: topicCommunity, Title: topic,
		Summary: leadParagraph(content), FullContent: content, Rank: 1, HasRank: true, Level: 0}
}

// leadParagraph is the first paragraph of a Markdown text that is not a
// heading, at most 300 runes.
func leadParagraph(md string) string {
	for _, p := range strings.Split(md, "\n\n") {
		p = strings.TrimSpace(p)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		return text.TruncateRunes(p, 300)
	}
	return ""
}
