package localsearch

import (
	"strconv"
	"strings"
	"testing"

	"reportengine/evidence"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
)

// A question asking which media carry the most is given the sources
// counted by platform, most first: the counts equal an independent count
// over the graph's source nodes (distinct URLs put on their platform by
// evidence.PlatformOfURL) and the report's platform split of the fixture
// (evidence.json: 高校及教育机构网站 57 sources, 其他网站 42, 腾讯新闻 24).
// A question naming a subject counts only the sources whose page holds
// its terms (24 of 196 for 图书馆事件, segmented 图书馆 + 事件, 风波 being
// a synonym of 事件);
// one whose subject the knowledge mentions only in passing is refused;
// one asking for no count, and vector-only retrieval (Microsoft
// GraphRAG's context, unchanged), get no Platforms section.
func TestPlatformCounts(t *testing.T) {
	run := fixture.BettaFish(t)
	b := graphBuilder(t, run)
	g := fixture.Graph(t, run, builder.Config{ReportID: "test"})
	want := map[string]int{}
	seen, seenCase := map[string]bool{}, map[string]bool{}
	onCase := 0 // sources whose page holds 图书馆 and 事件 (or 风波), the terms of 图书馆事件
	for v := range g.NodeCount() {
		u := g.String(v, "url")
		if g.Type(v) != graphrag.TypeSource || u == "" {
			continue
		}
		if !seen[u] {
			seen[u] = true
			want[evidence.PlatformOfURL(u).Name]++
		}
		page := strings.ToLower(g.Name(v) + "\n" + g.String(v, "title") + "\n" + g.String(v, "content"))
		if !seenCase[u] && strings.Contains(page, "图书馆") && (strings.Contains(page, "事件") || strings.Contains(page, "风波")) {
			seenCase[u] = true
			onCase++
		}
	}
	build := func(q string, r string) *Context {
		t.Helper()
		p := DefaultParams()
		p.Retrieval, p.MinSimilarity = r, NoMatchSimilarity
		c, err := b.Build(t.Context(), q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	sum := func(c *Context) (n int) {
		for _, r := range c.Records["platforms"].Rows {
			k, _ := strconv.Atoi(r[2])
			n += k
		}
		return n
	}
	c := build("哪些媒体报道最多？", RetrievalHybrid)
	rows := c.Records["platforms"].Rows
	if len(rows) == 0 || c.Sections[0] != PlatformsName || !strings.HasPrefix(c.Text, "-----Platforms-----\n") {
		t.Fatalf("no Platforms section first: %v\n%.300s", c.Sections, c.Text)
	}
	for i, r := range rows {
		if r[0] != strconv.Itoa(i) || r[2] != strconv.Itoa(want[r[1]]) {
			t.Errorf("row %v: want id %d, %d sources", r, i, want[r[1]])
		}
		if k, _ := strconv.Atoi(r[2]); i > 0 && k > atoi(rows[i-1][2]) {
			t.Errorf("row %v after %v: not most first", r, rows[i-1])
		}
	}
	// the search records per platform: every found edge into a source
	// counted on its URL's platform (independent of the model's titles)
	recs := map[string]int{}
	for i, ends := range g.EdgeEnds() {
		if g.Relation(i) == graphrag.RelFound {
			recs[evidence.PlatformOfURL(g.String(int(ends[1]), "url")).Name]++
		}
	}
	for _, r := range rows {
		if r[3] != strconv.Itoa(recs[r[1]]) {
			t.Errorf("row %v: want %d search records", r, recs[r[1]])
		}
	}
	// a question counting one platform's records gets that platform's row
	// alone (the report's platform table: 小红书 27 of 298 records)
	xhs := build("有多少条检索记录来自小红书？", RetrievalHybrid).Records["platforms"].Rows
	if len(xhs) != 1 || xhs[0][1] != "小红书" || xhs[0][3] != "27" || xhs[0][3] != strconv.Itoa(recs["小红书"]) || xhs[0][2] != strconv.Itoa(want["小红书"]) {
		t.Errorf("有多少条检索记录来自小红书？: rows %v, want 小红书 alone with %d sources and 27 records", xhs, want["小红书"])
	}
	for i, w := range []string{"高校及教育机构网站|57", "其他网站|42", "腾讯新闻|24"} {
		if got := rows[i][1] + "|" + rows[i][2]; got != w {
			t.Errorf("row %d: %s, want %s (the report's platform split)", i, got, w)
		}
	}
	if n := sum(build("图书馆事件在哪个平台热度最高？", RetrievalHybrid)); n != onCase || n == sum(c) {
		t.Errorf("sources about 图书馆事件: %d, want %d of %d", n, onCase, sum(c))
	}
	// the topic's short name and the run's opinion (武大, 舆情) narrow
	// nothing: every source is counted (new-user trial 38: 5 were)
	if n := sum(build("这次武大的舆情在哪个平台讨论最多？", RetrievalHybrid)); n != sum(c) {
		t.Errorf("sources about 武大's 舆情: %d, want all %d", n, sum(c))
	}
	// the gate judges the subject (火星, 殖民, 计划: in passing), not the frame
	if c := build("火星殖民计划在哪个平台讨论最多？", RetrievalHybrid); c.Relevance == nil || !c.Relevance.Weak || c.Matched() {
		t.Errorf("an off-topic count answered: %+v", c.Relevance)
	}
	for q, r := range map[string]string{"网友主要在哪些平台讨论武汉大学？": RetrievalHybrid, "哪些媒体报道最多？": RetrievalVector} {
		if c := build(q, r); len(c.Records["platforms"].Rows) > 0 || strings.Contains(c.Text, "-----Platforms-----") {
			t.Errorf("%s (%s): a Platforms section", q, r)
		}
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// On the sample every source's URL is on a host the platform table does
// not know (example.com pages): the counts would put all of them under
// 其他网站 (100 %), which says nothing of the platforms, so no Platforms
// section is given and the texts' own shares (小红书占46%) answer.
func TestPlatformCountsNoKnownPlatform(t *testing.T) {
	run := fixture.Coffee(t)
	g := fixture.Graph(t, run, builder.Config{ReportID: "test"})
	urls := 0
	for v := range g.NodeCount() {
		if u := g.String(v, "url"); g.Type(v) == graphrag.TypeSource && u != "" {
			urls++
			if p := evidence.PlatformOfURL(u); p != evidence.PlatformOther {
				t.Fatalf("source %s is on %s: the case needs a sample with no known platform", u, p.Name)
			}
		}
	}
	if urls == 0 {
		t.Fatal("the sample has no source with a URL")
	}
	b := graphBuilder(t, run)
	p := DefaultParams()
	p.MinSimilarity, p.Retrieval = NoMatchSimilarity, RetrievalHybrid
	c, err := b.Build(t.Context(), "各平台的声量占比是多少？", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Records["platforms"].Rows) > 0 || strings.Contains(c.Text, "-----Platforms-----") {
		t.Errorf("a Platforms section of %d rows on the sample", len(c.Records["platforms"].Rows))
	}
	if !c.Matched() || !strings.Contains(c.Text, "小红书占46%") {
		t.Errorf("the texts' shares are not in the context (matched %v)", c.Matched())
	}
}
