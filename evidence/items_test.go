package evidence

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
	"reportengine/state"
	"reportengine/text"
)

// Passages is passageSegments' passages alone: the cut the tests check.
func Passages(text string) []string {
	ps, _, _ := passageSegments(text)
	return ps
}

func TestPassages(t *testing.T) {
	text := "## 一、背景\n\n**武汉大学**发布通报。网友热议不断！\n- 要点一：回应及时，态度诚恳，各方普遍认可\n| 平台 | 占比 |\n|---|---|\n| 微博 | 45% |\n见[新华社报道](https://x.cn/a)。\n"
	got := Passages(text)
	want := []string{
		"武汉大学发布通报。网友热议不断！", // the short heading is dropped; a short sentence joins the next
		"要点一：回应及时，态度诚恳，各方普遍认可",
		"平台：微博；占比：45%", // a table row on its own, as a record under its header
		"见新华社报道。",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Passages:\n got %q\nwant %q", got, want)
	}
	// labels never start the next claim: an enumerated title, a bold
	// line, a short line without a mark, an inline heading of a one-line
	// report; a closing 》 stays with its sentence
	labels := "五、风险与应对\n断货两天引发了部分老顾客的抱怨。\n**桂花拿铁的传播**\n季节限定款在小红书上带来一波讨论。\n发展趋势判断\n当前事件热度已经明显回落。\n" +
		"开场说明各方分工与研究重点。 ## 核心发现 事件起因是一段图书馆视频。发布《关于某事件的说明。》的官方推文引发讨论。\n" +
		"## 桂花拿铁的传播与口碑 季节限定款是传播最广的话题。\n## 二、传播路径 与平台\n"
	wantLabels := []string{
		"断货两天引发了部分老顾客的抱怨。",
		"季节限定款在小红书上带来一波讨论。",
		"当前事件热度已经明显回落。",
		"开场说明各方分工与研究重点。",
		"事件起因是一段图书馆视频。",
		"发布《关于某事件的说明。》的官方推文引发讨论。",
		"季节限定款是传播最广的话题。",
	}
	if got := Passages(labels); !reflect.DeepEqual(got, wantLabels) {
		t.Errorf("Passages with labels:\n got %q\nwant %q", got, wantLabels)
	}
	// page furniture is no evidence: a PDF page mark is removed, a login
	// wall or copyright line is noise
	if got := Passages("Page 7. 中国地质大学（武汉）发布了年度报告。"); !reflect.DeepEqual(got, []string{"中国地质大学（武汉）发布了年度报告。"}) {
		t.Errorf("page mark: %q", got)
	}
	for _, p := range []string{"若想查看详细内容,必须使用校内网络账号登录", "Copyright © 2025 武汉大学 版权所有"} {
		if !isNoise(p) {
			t.Errorf("isNoise(%q) = false", p)
		}
	}
	// a figure is content, not markup: a statistic dense with numbers is
	// prose (the case's headline figure, forum.log line 40), a time stamp
	// or a pipe row of numbers is not
	for _, p := range []string{"微博端：18-22岁组（n=2.3万条）负面情感占58%，其中“地域黑”被提及1,847次，“资源倾斜”1,302次；",
		"公务员群体21.4%支持维权，显著低于教师（χ²=187.3,p<0.001）。"} {
		if isNoise(p) {
			t.Errorf("isNoise(%q) = true", p)
		}
	}
	for _, p := range []string{"2025-08-27T12:25:39.010738", "| 12 | 3.4 | 56% |", "[12:40:00] [Q]"} {
		if !isNoise(p) {
			t.Errorf("isNoise(%q) = false", p)
		}
	}
	if isNoise("网友质疑校方在处理过程中要求学生先登录内部系统才能提交申诉材料，认为这一流程设置不合理，也不够透明，引发了广泛讨论和持续发酵。") {
		t.Errorf("a long statement that mentions a login is not page furniture")
	}
	// a short line with a figure is evidence, joined to the next sentence
	if got := Passages("负面占79%\n其余多为中性。"); !reflect.DeepEqual(got, []string{"负面占79% 其余多为中性。"}) {
		t.Errorf("figure line: %q", got)
	}
	long := strings.Repeat("舆情持续发酵，", 80)
	for _, p := range Passages(long) {
		if n := utf8.RuneCountInString(p); n > MaxRunes || n == 0 {
			t.Errorf("passage of %d runes (max %d)", n, MaxRunes)
		}
		if !utf8.ValidString(p) {
			t.Errorf("invalid UTF-8 passage %q", p)
		}
	}
	if got := strings.Join(Passages(long), ""); Normalize(got) != Normalize(long) {
		t.Errorf("cutting lost text")
	}
}

func TestCollectMergesDuplicatesKeepingProvenance(t *testing.T) {
	summary := "校方于8月27日发布情况通报，回应网友关切。"
	st := &state.State{Engine: state.EngineQuery, Query: "武汉大学",
		FinalReport: "# 报告\n\n**校方**于8月27日发布情况通报, 回应网友关切。\n",
		Paragraphs: []state.Paragraph{{Position: 0, Title: "事件回应", LatestSummary: summary,
			Searches: []state.SearchRecord{
				{URL: "https://a.cn/1", Title: "通报全文", Content: summary + "另据统计，负面声量高达79%。"},
				{URL: "https://b.cn/2", Title: "转载", Content: summary},
			}}}}
	med := &state.State{Engine: state.EngineMedia, Paragraphs: []state.Paragraph{{Position: 0, Title: "传播",
		LatestSummary: "校方于8月27日发布情况通报，回应了网友关切。"}}} // near duplicate (one extra rune)
	entries := []forum.Entry{{Line: 3, Time: "10:00:00", Speaker: "HOST", Content: "请各位聚焦校方回应的时间线。"}}
	set := Collect(Input{Topic: "武汉大学", States: []*state.State{st, med}, Forum: entries})

	it := findItem(t, set, "校方于8月27日发布情况通报")
	kinds := map[Kind]int{}
	urls := map[string]bool{}
	for _, p := range it.Provenance {
		kinds[p.Kind]++
		urls[p.URL] = true
	}
	if kinds[KindSummary] != 2 || kinds[KindSource] != 2 || kinds[KindFinalReport] != 1 {
		t.Errorf("provenance kinds %v, want summary 2 (query + media near-dup), source 2, final_report 1", kinds)
	}
	if !urls["https://a.cn/1"] || !urls["https://b.cn/2"] {
		t.Errorf("provenance URLs %v", urls)
	}
	if set.Stats.NearMerged != 1 {
		t.Errorf("near merged = %d, want 1", set.Stats.NearMerged)
	}
	host := findItem(t, set, "请各位聚焦")
	if host.Provenance[0].Kind != KindForum || host.Provenance[0].Engine != "host" || host.Provenance[0].ForumLine != 3 {
		t.Errorf("forum provenance %+v", host.Provenance[0])
	}
	var fig *Figure
	for i := range set.Figures {
		if set.Figures[i].Raw == "79%" {
			fig = &set.Figures[i]
		}
	}
	if fig == nil || fig.Kind != FigSentiment {
		t.Fatalf("79%% not found as a sentiment figure: %+v", set.Figures)
	}
	src, _ := set.Item(fig.ItemID)
	if src.FirstURL() != "https://a.cn/1" {
		t.Errorf("figure item URL %q", src.FirstURL())
	}
	// each distinct passage once
	seen := map[string]bool{}
	for _, it := range set.Items {
		k := Normalize(it.Text)
		if seen[k] {
			t.Errorf("passage listed twice: %q", it.Text)
		}
		seen[k] = true
	}
}

func findItem(t *testing.T, set *Set, prefix string) *Item {
	t.Helper()
	for i := range set.Items {
		if strings.HasPrefix(set.Items[i].Text, prefix) || strings.HasPrefix(Normalize(set.Items[i].Text), Normalize(prefix)) {
			return &set.Items[i]
		}
	}
	t.Fatalf("no item starts with %q", prefix)
	return nil
}

var fixtureDir = filepath.Join("..", "..", "shared", "fixtures", "bettafish")

func fixtureInput(t testing.TB) Input {
	t.Helper()
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skip("../shared/fixtures not present")
	}
	var in Input
	for _, e := range []state.Engine{state.EngineQuery, state.EngineMedia, state.EngineInsight} {
		st, err := state.ParseFile(state.Input{Engine: e, Path: filepath.Join(fixtureDir, string(e)+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")})
		if err != nil {
			t.Fatal(err)
		}
		in.States = append(in.States, st)
	}
	f, err := os.Open(filepath.Join(fixtureDir, "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, _, err := forum.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	in.Forum = entries
	in.Topic = "武汉大学"
	return in
}

func TestCollectFixture(t *testing.T) {
	in := fixtureInput(t)
	set := Collect(in)
	again := Collect(in)
	if !reflect.DeepEqual(set.Items, again.Items) || !reflect.DeepEqual(set.Figures, again.Figures) {
		t.Fatal("Collect is not deterministic")
	}
	// every forum speech with prose reaches an item with its line
	lines := map[int]bool{}
	for _, it := range set.Items {
		for _, p := range it.Provenance {
			if p.Kind == KindForum {
				lines[p.ForumLine] = true
			}
		}
	}
	for _, e := range in.Forum {
		if e.Speaker != "SYSTEM" && strings.TrimSpace(e.Content) != "" && !lines[e.Line] && len(Passages(e.Content)) > 0 {
			t.Errorf("forum line %d (%s) gave no item", e.Line, e.Speaker)
		}
	}
	// and its passages with figures too: the case's headline figure
	const headline = "微博端：18-22岁组（n=2.3万条）负面情感占58%，其中“地域黑”被提及1,847次，“资源倾斜”1,302次；"
	found := false
	for _, it := range set.Items {
		found = found || it.Text == headline && it.Provenance[0].ForumLine == 40
	}
	if !found {
		t.Errorf("forum line 40's passage %q is not an item", headline)
	}
	// and its share is a figure of the topic event: 知乎高赞回答中该年龄段占58%
	// (another event's passage) is another measure, no contest
	for _, f := range set.Figures {
		if f.Kind == FigSentiment && f.Raw == "58%" && strings.HasPrefix(headline, f.Sentence) && (f.Contested != "" || !set.topicFigure(f)) {
			t.Errorf("the headline share %+v is contested or not the topic event's", f)
		}
	}
	// a figure is about its item's event, one of datedEvents' too
	dated := 0
	for _, f := range set.Figures {
		it, _ := set.Item(f.ItemID)
		if f.Event != it.Event {
			t.Errorf("figure %q of %s: event %q, its item's %q", f.Raw, f.ItemID, f.Event, it.Event)
		}
		for _, e := range set.Events {
			if e.ID == f.Event && strings.HasSuffix(e.Name, "前后的事件") {
				dated++
			}
		}
	}
	if dated == 0 {
		t.Error("no figure of a dated event (the 12:32:11 speech's)")
	}
	// every record URL with content reaches an item
	urls := map[string]bool{}
	for _, it := range set.Items {
		for _, p := range it.Provenance {
			urls[p.URL] = true
		}
	}
	missing := 0
	for _, st := range in.States {
		for _, p := range st.Paragraphs {
			for _, r := range p.Searches {
				u := strings.TrimSpace(r.URL)
				if u != "" && !urls[u] && !isNoise(r.Content) && len(Passages(r.Content)) > 0 {
					missing++
				}
			}
		}
	}
	if missing > 0 {
		t.Errorf("%d records with prose content reach no item", missing)
	}
	if set.Stats.Merged == 0 {
		t.Error("the fixture repeats passages (summaries in final reports); nothing merged")
	}
	t.Logf("stats %+v", set.Stats)
}

func BenchmarkCollectFixture(b *testing.B) {
	in := fixtureInput(b)
	b.ReportAllocs()
	for b.Loop() {
		Collect(in)
	}
}

// The graph holds every record: collecting from it reaches every URL and
// every forum speech the states and the log give, and merges what the
// builder merged.
func TestCollectFromGraphMatchesStates(t *testing.T) {
	in := fixtureInput(t)
	g, _, err := builder.Build(builder.Config{Topic: in.Topic, ReportID: "t", States: in.States, Forum: in.Forum})
	if err != nil {
		t.Fatal(err)
	}
	fromStates := Collect(in)
	fromGraph := Collect(Input{Topic: in.Topic, Graph: g, Forum: in.Forum})
	urls := func(s *Set) map[string]bool {
		m := map[string]bool{}
		for _, it := range s.Items {
			for _, p := range it.Provenance {
				if p.URL != "" {
					m[p.URL] = true
				}
			}
		}
		return m
	}
	a, b := urls(fromStates), urls(fromGraph)
	for u := range a {
		if !b[u] {
			t.Errorf("URL %s from the states is missing from the graph's evidence", u)
		}
	}
	kinds := func(s *Set) map[Kind]int {
		m := map[Kind]int{}
		for _, it := range s.Items {
			m[it.Kind]++
		}
		return m
	}
	ka, kb := kinds(fromStates), kinds(fromGraph)
	for _, k := range []Kind{KindSummary, KindFinalReport, KindForum, KindSource} {
		if kb[k] == 0 || ka[k] == 0 {
			t.Errorf("kind %s: %d items from states, %d from the graph", k, ka[k], kb[k])
		}
	}
	if ka[KindForum] != kb[KindForum] || ka[KindFinalReport] != kb[KindFinalReport] {
		t.Errorf("forum %d/%d, final report %d/%d items (states/graph)", ka[KindForum], kb[KindForum], ka[KindFinalReport], kb[KindFinalReport])
	}
	// the graph's own speeches stand in for a missing forum log, in a
	// graph built here and in one read back from its file
	var buf bytes.Buffer
	if err := g.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, _, err := graphrag.ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for name, gg := range map[string]*graphrag.Graph{"built": g, "loaded": loaded} {
		noLog := Collect(Input{Topic: in.Topic, Graph: gg})
		if kinds(noLog)[KindForum] < ka[KindForum]*9/10 {
			t.Errorf("%s graph without the log: %d forum items from its speeches; the log gives %d", name, kinds(noLog)[KindForum], ka[KindForum])
		}
	}
}

func TestCollectPreselectsSources(t *testing.T) {
	var recs []state.SearchRecord
	for i := 0; i < 30; i++ {
		content := "天气晴朗，气温适宜，市民外出游玩。编号" + strconv.Itoa(i) + "。"
		if i%10 == 3 {
			content = "武汉大学樱花季预约引发舆论争议，网友热议校园开放。编号" + strconv.Itoa(i) + "。"
		}
		recs = append(recs, state.SearchRecord{URL: "https://s.cn/" + strconv.Itoa(i), Content: content})
	}
	st := &state.State{Engine: state.EngineQuery, Paragraphs: []state.Paragraph{{Title: "传播", LatestSummary: "总体舆情平稳，樱花季讨论集中。", Searches: recs}}}
	set := Collect(Input{Topic: "武汉大学", States: []*state.State{st}, Focus: []string{"樱花季预约争议"}, MaxSources: 3})
	if set.Stats.SkippedSources != 27 {
		t.Fatalf("skipped %d sources, want 27", set.Stats.SkippedSources)
	}
	var kept []string
	seen := map[string]bool{}
	for _, it := range set.Items {
		for _, p := range it.Provenance {
			if p.URL != "" && !seen[p.URL] {
				seen[p.URL] = true
				kept = append(kept, p.URL)
			}
		}
	}
	want := []string{"https://s.cn/3", "https://s.cn/13", "https://s.cn/23"}
	if !reflect.DeepEqual(kept, want) {
		t.Errorf("kept sources %v, want the three about the focus %v", kept, want)
	}
	if findItem(t, set, "总体舆情平稳").Kind != KindSummary {
		t.Error("the summary must be kept whatever the source limit")
	}
	// without focus, or under the limit, nothing is skipped
	if s := Collect(Input{Topic: "武汉大学", States: []*state.State{st}, MaxSources: 3}); s.Stats.SkippedSources != 0 {
		t.Errorf("skipped %d without focus", s.Stats.SkippedSources)
	}
}

// cleanLine and splitInlineHeadings skip their regexps when a line cannot
// match (no '#'; a page mark only at a line start of P, p or 第): on every
// line of the fixture files and some crafted ones, a regexp must find
// nothing where the shortcut skips it.
func TestRegexpShortcuts(t *testing.T) {
	lines := []string{"Page 7. 内容", "page7: x", "第3页 内容", "第 12 页", "## 标题 正文。", "正文 ### 小节", "#tag", "无标记的句子", "P", "第", "a #b"}
	for _, e := range []string{"query", "media", "insight"} {
		b, err := os.ReadFile(filepath.Join(fixture.Shared(t, "bettafish"), e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\\n") {
			lines = append(lines, strings.Split(l, "\n")...)
		}
	}
	for _, l := range lines {
		if strings.IndexByte(l, '#') < 0 && inlineHeadingRE.MatchString(l) {
			t.Errorf("inlineHeadingRE matches %q, which has no '#'", l)
		}
		s := strings.TrimSpace(l)
		if s != "" && !(s[0] == 'P' || s[0] == 'p' || strings.HasPrefix(s, "第")) && pageMarkRE.MatchString(s) {
			t.Errorf("pageMarkRE matches %q", s)
		}
	}
}

// isNoise and makeCut with the text.IsBasicHan shortcut agree with the rule written
// with unicode's functions only, on Chinese, mixed and odd texts.
func TestNoiseAndCutMatchPlainRule(t *testing.T) {
	texts := []string{"", " ", "武汉大学樱花季，负面声量79%！", "ABC def 123", "登录后查看", "%3D%3D%2F", "\xff\xfe武汉",
		"这个司机 limited 公司496人！很会员；冷萃环比、涨价晚高峰健身房 membership 消费者？", "ǅ Ⅻ ① 〇々 ＡＢＣ", "\u3000\u00a0武汉\u2028"}
	for r := rune(0); r < 0x11000; r += 13 {
		texts = append(texts, string(r)+"武汉"+string(r+1)+" a"+string(r)+string(r+2))
	}
	for _, s := range texts {
		if got, want := isNoise(s), plainIsNoise(s); got != want {
			t.Errorf("isNoise(%q) = %v, want %v", s, got, want)
		}
		if got, want := makeCut(s), plainMakeCut(s); got != want {
			t.Errorf("makeCut(%q) = %+v, want %+v", s, got, want)
		}
	}
}

// plainIsNoise is isNoise with unicode's functions only (the boilerplate
// marks are not what the shortcut changes: text.Boilerplate is shared).
func plainIsNoise(s string) bool {
	if text.Boilerplate(s) {
		return true
	}
	letters, total := 0, 0
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsDigit(r) {
			continue
		}
		total++
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if total == 0 || strings.Contains(s, "%3D") || strings.Contains(s, "%2F") || strings.Contains(s, "base64,") {
		return true
	}
	return letters*2 < total
}

func plainMakeCut(p string) cut {
	if plainIsNoise(p) {
		return cut{text: p, noise: true}
	}
	var rs []rune
	for _, r := range p {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			rs = append(rs, unicode.ToLower(r))
		}
	}
	if len(rs) == 0 {
		return cut{text: p, noise: true}
	}
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, r := range rs {
		for x := uint32(r); ; x >>= 8 {
			h ^= uint64(x & 0xff)
			h *= prime
			if x < 0x100 {
				break
			}
		}
		h ^= 0xff
		h *= prime
	}
	b := h
	if len(rs) > 6 {
		b = offset
		for _, r := range append(append([]rune{}, rs[:3]...), rs[len(rs)-3:]...) {
			b ^= uint64(r)
			b *= prime
		}
	}
	return cut{text: p, key: h, bucket: b}
}
