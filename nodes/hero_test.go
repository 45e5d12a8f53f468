package nodes

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// The extractive hero: the summary states the main finding (one sentence),
// the highlights go on with the other chapters and then with the
// chapters' next findings; nothing is said twice, enumerators are dropped,
// and examples and sentences about the report are no findings. The main
// finding points to the chapter citing its evidence, as a summary bullet
// does (the hero quotes no citation of its own).
func TestFindingsHeroNoRepeats(t *testing.T) {
	digests := []prompts.ChapterDigest{
		{ChapterID: "S1", Title: "事件全景与演变脉络", Findings: []string{
			"本报告旨在深度剖析事件两个阶段的舆情演变过程。[E1]", // about the report: skipped
			"事件从校园纠纷演变为席卷全网的公共事件。[E2]",
			"校方首次回应时长从4.7天降至1.9天却未能平息争议。[E3]",
		}},
		{ChapterID: "S2", Findings: []string{
			"第一，共同的引爆点在于机构应对失当导致信任流失。[E4]", // enumerator dropped
			"例如，一名副教授被公开举报论文抄袭学生成果。[E5]",   // an example: skipped
		}},
		{ChapterID: "S3", Findings: []string{
			"负面情绪集中在对程序公正的质疑与对回应速度的不满。[E6]",
			"监测：微博、抖音等十二个信源", // a label heading: skipped
		}},
		{ChapterID: "S4", Findings: []string{"短句。"}}, // too short: skipped
	}
	h := findingsHero(ir.Hero{}, digests, printed{}, heroRun{}, true, false)
	wantSummary := "主要发现——事件从校园纠纷演变为席卷全网的公共事件。（详见「事件全景与演变脉络」）"
	if h.Summary != wantSummary {
		t.Errorf("summary %q, want %q", h.Summary, wantSummary)
	}
	// S2's and S3's leads first (not in the summary), then S1's next
	// finding; S2 has no other finding and S4 none at all: three
	// highlights, no repeat.
	want := []string{
		"共同的引爆点在于机构应对失当导致信任流失",
		"负面情绪集中在对程序公正的质疑与对回应速度的不满",
		"校方首次回应时长从4.7天降至1.9天却未能平息争议",
	}
	if !slices.Equal(h.Highlights, want) {
		t.Errorf("highlights %q, want %q", h.Highlights, want)
	}
}

// A highlight longer than its limit is cut at its last clause mark within
// the limit, outside quotes, never inside a word (the fixture's hero read
// "…，负…" and "…严格的管…").
func TestHeroHighlightCutAtAClause(t *testing.T) {
	findings := []string{
		"负面情绪主要集中在“科研经费够不够”与“年轻医生待遇”上，占28%，但多数留言仍以“心疼+致敬”收尾，负面声音逐渐减弱。[E4]",
		"每年樱花开放期间，为平衡公众赏樱需求与维护校园秩序，学校会实施实名预约等严格的管控措施，这些政策时常引发讨论。[E8]",
	}
	const limit = 40
	for _, f := range findings {
		got := heroFindings([]string{f}, limit)
		if len(got) != 1 {
			t.Fatalf("heroFindings(%q) = %q, want one highlight", f, got)
		}
		h := got[0]
		body, cut := strings.CutSuffix(h, "…")
		if !cut || utf8.RuneCountInString(body) > limit {
			t.Fatalf("highlight %q: want at most %d runes and a cut mark", h, limit)
		}
		plain := draft.StripCitations(f)
		rest, ok := strings.CutPrefix(plain, body)
		if !ok {
			t.Fatalf("highlight %q is not the start of %q", body, plain)
		}
		if next, _ := utf8.DecodeRuneInString(rest); !strings.ContainsRune("，,；;、：:", next) {
			t.Errorf("highlight %q is cut before %q, want a cut at a clause mark", body, string(next))
		}
	}
}

// The hero's main findings are the engines' own (fixture: the 3.1 lead was
// a page announcing a book, "近日，武汉大学档案馆组织所编《珞珈黉宫》…", and
// became the second half of the hero's summary); a page's finding comes
// after them; and a summary chapter that printed a finding keeps the hero
// from printing it a third time.
func TestHeroPrefersAnalysisAndSkipsPrinted(t *testing.T) {
	set := citeSet() // E… of the sources; the forum speech is the run's own
	page, host := idOf(t, set, "相关话题"), idOf(t, set, "请各位")
	digests := []prompts.ChapterDigest{
		{ChapterID: "S2", Findings: []string{"网络讨论中负面声量高达79%，正面占21%。[" + idOf(t, set, "网络讨论") + "]"}},
		{ChapterID: "S3", Findings: []string{"相关话题阅读量飙到3.8亿，讨论持续升温。[" + page + "]", "请各位关注情绪走势与平台分布的差异。[" + host + "]"}},
	}
	h := findingsHero(ir.Hero{}, analysisFirst(digests, set), printed{}, heroRun{}, true, true)
	want := "主要发现——网络讨论中负面声量高达79%，正面占21%。"
	if h.Summary != want || len(h.Highlights) != 0 {
		t.Errorf("hero %q %q, want %q and no highlights (a summary chapter has them)", h.Summary, h.Highlights, want)
	}
	// the summary chapter printed the first finding: the hero goes on
	shown := printedIn([]ir.Chapter{{Blocks: []ir.Block{{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: "网络讨论中负面声量高达79%，正面占21%。"}}}}}})
	h = findingsHero(ir.Hero{}, analysisFirst(digests, set), shown, heroRun{}, true, true)
	if strings.Contains(h.Summary, "网络讨论中负面声量") {
		t.Errorf("hero %q repeats what the summary chapter printed", h.Summary)
	}
}

// The hero's main finding is a claim with a figure where a chapter states
// one (issue 22: it was "通过梳理分析这些具体案例，可以深入探究…", a sentence
// about method), alone; a method sentence is never a finding.
func TestHeroMainFindingStatesAFigure(t *testing.T) {
	digests := []prompts.ChapterDigest{
		{ChapterID: "S1", Findings: []string{
			"通过梳理分析这些具体案例，可以深入探究其起因、发展脉络及公众反应。[E1]",
			"事件从校园纠纷演变为席卷全网的公共事件。[E2]",
		}},
		{ChapterID: "S2", Findings: []string{
			"学校回应迟缓，引发更大范围的质疑与批评。[E3]",
			"负面情绪占28%，集中在对程序公正的质疑上。[E4]",
		}},
	}
	h := findingsHero(ir.Hero{}, digests, printed{}, heroRun{}, true, false)
	want := "主要发现——负面情绪占28%，集中在对程序公正的质疑上。"
	if h.Summary != want {
		t.Errorf("summary %q, want %q", h.Summary, want)
	}
	for _, s := range append([]string{h.Summary}, h.Highlights...) {
		if strings.Contains(s, "通过梳理") {
			t.Errorf("a method sentence in the hero: %q", s)
		}
	}
	for _, c := range []struct {
		s      string
		method bool
	}{
		{"通过梳理分析这些具体案例，可以深入探究其起因", true},
		{"基于上述案例进行分析，以探究舆情成因", true},
		{"通过官方微博发布通报后负面情绪回落", false},
		{"学校通过分析后决定暂停开放", false},
	} {
		if got := methodSentence(c.s); got != c.method {
			t.Errorf("methodSentence(%q) = %v, want %v", c.s, got, c.method)
		}
	}
}

// A KPI card cites the web page that states its figure first
// (FigureRef.Primary), then the engine passage it was read from; a card
// without such a page cites its passage alone.
func TestHeroKPICardCitesThePageFirst(t *testing.T) {
	cards := heroKPICards([]prompts.FigureRef{
		{ItemID: "E12", Kind: "volume", KPI: "微博话题#武大樱花#阅读量", Raw: "4.8亿", Primary: "E160"},
		{ItemID: "E13", Kind: "share", KPI: "二次舆情反弹概率", Raw: "31%"},
	})
	var got []string
	for _, k := range cards {
		got = append(got, k.Label+" "+k.Source)
	}
	if want := []string{"微博话题#武大樱花#阅读量 [E160][E12]", "二次舆情反弹概率 [E13]"}; !slices.Equal(got, want) {
		t.Errorf("cards %q, want %q", got, want)
	}
}

// The main finding names the topic (issue 22: the fixture's hero was a
// sentence on 科研经费/年轻医生 from 2020 material, the first with a figure,
// glued to the 2025 通报): a figure finding that neither names it nor
// speaks the report's words gives way to one that does, and with none
// stating a figure, to the first chapter lead that names it; it is one
// sentence, never two joined.
func TestHeroMainFindingNamesTheTopic(t *testing.T) {
	names := topicNamesOf(t, "武汉大学")
	digests := []prompts.ChapterDigest{
		{ChapterID: "S1", Findings: []string{
			"负面情绪主要集中在“科研经费够不够”与“年轻医生待遇”上，占28%。[E1]",
			"直到舆论持续发酵多日后的8月1日，武汉大学才发布通报，宣布全面调查复核。[E2]",
		}},
		{ChapterID: "S2", Findings: []string{"此后武大相关话题阅读量达4.1亿，讨论持续升温。[E3]"}},
	}
	for _, c := range []struct {
		names func(string) bool
		ds    []prompts.ChapterDigest
		want  string
	}{
		{names, digests, "主要发现——此后武大相关话题阅读量达4.1亿，讨论持续升温。"},
		{nil, digests, "主要发现——负面情绪主要集中在“科研经费够不够”与“年轻医生待遇”上，占28%。"},
		// no figure names the topic: the first lead that does
		{names, []prompts.ChapterDigest{digests[0], {ChapterID: "S2", Findings: []string{"武汉大学于8月1日发布情况通报，回应舆论关切。[E4]"}}},
			"主要发现——武汉大学于8月1日发布情况通报，回应舆论关切。"},
		// a figure finding that names nothing but speaks the report's
		// words (声量, 通报, 发布 in three other findings) is about the run
		{topicNamesOf(t, "青溪市自来水异味"), []prompts.ChapterDigest{
			{ChapterID: "S1", Findings: []string{"青溪自来水异味事件网友观点汇总，共分三类。[E2]"}},
			{ChapterID: "S2", Findings: []string{"声量在3月3日通报发布后达到峰值，单日4.1万条。[E1]", "水务集团3月3日发布通报，承认水源藻类异常。[E3]"}},
			{ChapterID: "S3", Findings: []string{"通报发布后声量迅速回落，质疑转向预警缺失。[E4]", "网友认为通报发布太晚，声量集中在微博。[E5]"}},
		}, "主要发现——声量在3月3日通报发布后达到峰值，单日4.1万条。"},
	} {
		if h := findingsHero(ir.Hero{}, c.ds, printed{}, heroRun{names: c.names}, true, false); h.Summary != c.want {
			t.Errorf("summary %q, want %q", h.Summary, c.want)
		}
	}
}

// topicNamesOf is the topic model's Names of topic.
func topicNamesOf(t *testing.T, topic string) func(string) bool {
	tp, err := evidence.NewTopic(evidence.TopicConfig{Topic: topic})
	if err != nil {
		t.Fatal(err)
	}
	return tp.Names
}

// The run's headline figures (the essentials' figures, most-stated first)
// are the hero's KPI cards before the chapters' figures of the same kind
// (the fixture's hero showed #武汉大学病毒所#'s 2020 reads where the run's
// repeated 话题阅读量 was left to the prose); a headline figure the summary
// chapter already shows as a card gives way to the next one.
func TestHeroHeadlineFiguresFirst(t *testing.T) {
	digests := []prompts.ChapterDigest{{ChapterID: "S3", Findings: []string{"转到抗疫科研，微博话题阅读量4.8亿。[E1]"},
		Figures: []prompts.FigureRef{{ItemID: "E1", Kind: "volume", KPI: "微博话题#武汉大学病毒所#阅读量", Raw: "4.8亿"}}}}
	run := heroRun{headline: []prompts.FigureRef{
		{ItemID: "E9", Kind: "volume", KPI: "话题阅读量", Raw: "28.7亿次", Primary: "E20"},
		{ItemID: "E8", Kind: "index", KPI: "事件影响力指数", Raw: "65.4"},
	}}
	cards := func(h ir.Hero) (out []string) {
		for _, k := range h.KPIs {
			out = append(out, k.Label+" "+k.Value+" "+k.Source)
		}
		return out
	}
	h := findingsHero(ir.Hero{}, digests, printed{}, run, true, false)
	if got, want := cards(h), []string{"话题阅读量 28.7亿次 [E20][E9]", "事件影响力指数 65.4 [E8]", "微博话题#武汉大学病毒所#阅读量 4.8亿 [E1]"}; !slices.Equal(got, want) {
		t.Errorf("cards %q, want %q", got, want)
	}
	shown := printed{kpis: map[string]bool{"话题阅读量": true}}
	h = findingsHero(ir.Hero{}, digests, shown, run, true, false)
	if got, want := cards(h), []string{"微博话题#武汉大学病毒所#阅读量 4.8亿 [E1]", "事件影响力指数 65.4 [E8]"}; !slices.Equal(got, want) {
		t.Errorf("cards with 话题阅读量 shown %q, want %q", got, want)
	}
}
