package offline

import (
	"strings"
	"testing"
)

// answerOf runs the offline local search on ctx (Sources rows "id|text")
// and returns the answer.
func answerOf(t *testing.T, query, sources string) string {
	t.Helper()
	resp, err := New().Complete(t.Context(), searchRequest(query, "-----Sources-----\nid|text\n"+sources))
	if err != nil {
		t.Fatal(err)
	}
	return resp.Content
}

// A sentence cut at ；is quoted with the clauses of the same sentence
// before and after it (clauseRun): the answer to the share question holds
// the 8 % of the last clause, which names none of the question's words,
// and the second record's neighbours, cut by 。, stay out.
func TestAnswerQuotesClauseRun(t *testing.T) {
	src := "0|人才培养的讨论很多。情感分布上，人才培养讨论正面情感占67%，以自豪为主；中性25%，多聚焦培养细节；负面8%，集中在竞争激烈与资源不均。一条树洞帖道出了其中的矛盾和无奈。\n" +
		"1|校园樱花季的游客很多，预约系统经常拥堵。另有一条与此无关的长句子在这里结束。\n"
	got := answerOf(t, "人才培养讨论的情感分布如何？", src)
	if !strings.Contains(got, "正面情感占67%，以自豪为主；中性25%，多聚焦培养细节；负面8%，集中在竞争激烈与资源不均 [Data: Sources (0)]") {
		t.Errorf("the clause run is not quoted whole:\n%s", got)
	}
	// a clause quoted with a chosen sentence is not quoted again (it holds
	// 培养 and would score on its own)
	if n := strings.Count(got, "中性25%"); n != 1 {
		t.Errorf("the middle clause is quoted %d times:\n%s", n, got)
	}
}

// A sentence that refers back to the one before it (该班级…) is quoted
// with it: the features of the class are in the sentence after the one
// that names it.
func TestAnswerQuotesReferringSentence(t *testing.T) {
	src := "0|武汉大学雷军班自2024年初宣布设立，引发了广泛而深刻的讨论。该班级的培养模式包括本硕博贯通、100%保研和10万元奖学金。学校还发布了其他通知和安排。\n"
	got := answerOf(t, "雷军班有什么特点？", src)
	if !strings.Contains(got, "引发了广泛而深刻的讨论。该班级的培养模式包括本硕博贯通、100%保研和10万元奖学金 [Data: Sources (0)]") {
		t.Errorf("the referring sentence is not quoted with its antecedent:\n%s", got)
	}
	if strings.Contains(got, "讨论。该班级的培养模式包括本硕博贯通、100%保研和10万元奖学金。学校") {
		t.Errorf("a sentence that does not refer back is joined:\n%s", got)
	}
}

// The run stays within MaxQuoteRunes: clauses that would pass it are left
// out, the matched one is always quoted.
func TestClauseRunBound(t *testing.T) {
	long := strings.Repeat("长", MaxQuoteRunes-5)
	sents := []*sentence{
		{text: "前一句说了一些事情；", joinsNext: true},
		{text: "问题的答案在这里；", joinsNext: true},
		{text: long + "；"},
	}
	if lo, hi := clauseRun(sents, 1); lo != 0 || hi != 1 {
		t.Errorf("clauseRun = %d..%d, want 0..1 (the long clause would pass %d runes)", lo, hi, MaxQuoteRunes)
	}
	if lo, hi := clauseRun(sents, 2); lo != 2 || hi != 2 {
		t.Errorf("clauseRun = %d..%d, want 2..2 (the long clause alone)", lo, hi)
	}
	sents[2].text = "后一句；"
	if lo, hi := clauseRun(sents, 1); lo != 0 || hi != 2 {
		t.Errorf("clauseRun = %d..%d, want 0..2", lo, hi)
	}
	sents[0].joinsNext = false
	if lo, hi := clauseRun(sents, 1); lo != 1 || hi != 2 {
		t.Errorf("clauseRun = %d..%d, want 1..2 (the first sentence does not continue)", lo, hi)
	}
}

// splitClauses marks a sentence as continued only by the piece right
// after it on its line: a clause dropped in between (too short) or a new
// line breaks the run.
func TestSplitClausesJoins(t *testing.T) {
	cs := splitClauses("第一个分句说了正面情感占67%；第二个分句说了中性占25%的情况。\n第三句话另起一行说别的；短；第五句话在短分句之后出现。")
	var got []bool
	for _, c := range cs {
		got = append(got, c.joinsNext)
	}
	want := []bool{true, false, false, false}
	if len(got) != len(want) {
		t.Fatalf("clauses %+v", cs)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("clause %d %q joinsNext %v, want %v", i, cs[i].text, got[i], want[i])
		}
	}
}

// A forum speech flattened to one line that opens with a heading is text:
// its sentences can answer (the 2002 rule and the booking are in it),
// without the speech's time and speaker and the heading's words (kept
// apart for the sentence the heading opens: they say what it is about),
// and so is a heading inside the line; a line that is only a heading
// still says nothing.
func TestFlatHeadingLine(t *testing.T) {
	cs := splitClauses("[12:22:10] QUERY: ## 深度背景分析 武汉大学在和服赏樱事件中回应称2002年就开始有规定不允许穿和服入校赏樱。 ## 详细数据分析 时间轴显示五大事件呈现明显的15天周期律。 此后校方作出回应说明。\n## 只是标题")
	if len(cs) != 3 || cs[0].text != "武汉大学在和服赏樱事件中回应称2002年就开始有规定不允许穿和服入校赏樱。" || cs[1].text != "时间轴显示五大事件呈现明显的15天周期律。" ||
		cs[0].heading != "深度背景分析" || cs[1].heading != "详细数据分析" || cs[2].heading != "" {
		t.Errorf("clauses %+v", cs)
	}
}

// A question term held by fewer than MinTermSentences sentences is looked
// for through the part that the most sentences hold (通报说 → 通报); one
// held often enough is kept.
func TestPromotePart(t *testing.T) {
	mk := func(ss ...string) []*sentence {
		var out []*sentence
		for _, s := range ss {
			out = append(out, &sentence{text: s, lower: strings.ToLower(s)})
		}
		return out
	}
	sents := mk("学校发布了通报。", "通报说明了处理结果。", "另一条通报。")
	q := promotePart(qterm{alts: []string{"通报说", "通报", "报说"}, full: 1}, sents)
	if q.full != 1 || q.alts[0] != "通报" || !strings.Contains(strings.Join(q.alts, ","), "通报说") {
		t.Errorf("promotePart = %+v, want 通报 counted fully", q)
	}
	sents = mk("雷军班的特点。", "雷军班的课程。", "雷军的演讲。", "雷军的公司。", "雷军捐赠。")
	if q := promotePart(qterm{alts: []string{"雷军班", "雷军"}, full: 1}, sents); q.alts[0] != "雷军班" || q.full != 1 {
		t.Errorf("promotePart = %+v, want 雷军班 kept (held by %d sentences)", q, MinTermSentences)
	}
}

// A term's synonyms count as the term: a question on 情绪 is answered by
// the sentence about 情感.
func TestAnswerSynonym(t *testing.T) {
	src := "0|长江大保护的短视频点赞量很高。另一段与主题无关的内容写在这里。\n" +
		"1|这个话题的情感分布里非常正面占64%，最热的留言获得2.1万赞。\n"
	got := answerOf(t, "长江大保护的网络情绪如何？", src)
	if !strings.Contains(got, "非常正面占64%") {
		t.Errorf("the sentence holding the synonym is not quoted:\n%s", got)
	}
}

// A title's own ！ ends no quote (lineSentences.Titles): chat quoted
// "校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖 [Data: Sources (239)]！"
// from the fixture's media speech, its 《 left open and the sentence cut.
func TestAnswerKeepsTitleWhole(t *testing.T) {
	src := "0|信息源8）和9）则共同剖析了一次失败的官方宣传案例。校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》推文，本意是“展示学校近年来取得的成绩和发展亮点”，却因其叙事方式引发了广泛争议。\n"
	got := answerOf(t, "校方发布的推文引发了什么争议？", src)
	want := "校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》推文，本意是“展示学校近年来取得的成绩和发展亮点”，却因其叙事方式引发了广泛争议 [Data: Sources (0)]"
	if !strings.Contains(got, want) {
		t.Errorf("the sentence with its title is not quoted whole:\n%s", got)
	}
}

// A record cut inside a title (a text unit of the fixture's media speech
// ends "校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！") does not
// give that unfinished sentence: chat quoted it, its 《 open. Without
// text.UnclosedTitle in splitClauses it is quoted.
func TestAnswerSkipsSentenceCutInTitle(t *testing.T) {
	src := "0|信息源8）和9）则共同剖析了一次失败的官方宣传案例。校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！\n"
	got := answerOf(t, "校方发布的宣传案例如何？", src)
	if strings.Contains(got, "《游戏少年") || !strings.Contains(got, "一次失败的官方宣传案例 [Data: Sources (0)]") {
		t.Errorf("answer:\n%s", got)
	}
}

// A comment floor quoted in an answer is named as a netizen's comment,
// not by its floor number; a sentence on a building's floor keeps it.
func TestAnswerNamesCommentFloor(t *testing.T) {
	src := "0|楼主：我们楼下的咖啡店周末经常提前关门。 2楼：周末就那么几个人，开门还亏电费。 3楼：那家李明咖啡店周末人少，但我就喜欢周末去那里看书。\n"
	got := answerOf(t, "李明咖啡店周末人多吗？", src)
	if !strings.Contains(got, "- 网友评论：那家李明咖啡店周末人少，但我就喜欢周末去那里看书 [Data: Sources (0)]") || strings.Contains(got, "3楼") {
		t.Errorf("the floor is quoted by its number:\n%s", got)
	}
}

// A record of GraphRAG's claims section ("-----claims-----") is cited as
// "Claims", as the prompt's example cites it.
func TestAnswerCitesClaimsCapitalised(t *testing.T) {
	ctx := "-----claims-----\nid|entity|description\n13|DULCE BASE|The team descends into Dulce Base, the underground facility.\n"
	resp, err := New().Complete(t.Context(), searchRequest("What is Dulce Base?", ctx))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(resp.Content, "[Data: Claims (13)]") || strings.Contains(resp.Content, "[Data: claims") {
		t.Errorf("the claim is not cited as Claims:\n%s", resp.Content)
	}
}

// A line wholly in bold is a heading and no clause; a bold sentence, a
// line with bold inside and a bold line over 40 runes are text.
func TestBoldHeading(t *testing.T) {
	for line, want := range map[string]bool{
		"**七、风险与机会的轻重缓急排序**": true,
		"**Key findings**":                    true,
		"**周末客流不足是主要风险。**":                    false,
		"**风险**：周末客流不足":                       false,
		"**一** 与 **二**":                       false,
		"七、风险与机会的轻重缓急排序**":                    false,
		"**" + strings.Repeat("长", 41) + "**": false,
		"****":                                false,
	} {
		if got := boldHeading(line); got != want {
			t.Errorf("boldHeading(%q) = %v, want %v", line, got, want)
		}
	}
	got := splitClauses("**七、风险与机会的轻重缓急排序**\n风险按轻重缓急排序：一是连锁品牌的低价促销。")
	if len(got) == 0 || strings.Contains(got[0].text, "七、") {
		t.Errorf("splitClauses kept the bold heading: %+v", got)
	}
}

// A closing quote after a sentence's end stays with it: the next sentence
// does not open with it (new-user trial, session 29: a quote opened
// "”——在知乎…").
func TestClosingQuoteStays(t *testing.T) {
	cs := splitClauses("“测绘遥感哪家强？珞珈山上有答案！”——在知乎话题下，这条回答依旧置顶。")
	for _, c := range cs {
		if strings.HasPrefix(c.text, "”") {
			t.Errorf("a clause opens with the closing quote: %q", c.text)
		}
	}
	if len(cs) == 0 || !strings.Contains(cs[len(cs)-1].text, "在知乎话题下") {
		t.Errorf("clauses %+v: want the sentence after the quote", cs)
	}
}

// A sentence that ends inside a quotation it opens joins the next, which
// says the rest of the speech ("\"I agree, Agent Cruz. Protocol is
// paramount,\" …": heldout50); a closed quotation does not.
func TestSplitClausesOpenQuote(t *testing.T) {
	for s, want := range map[string]bool{
		`Alex straightened in his seat. "I agree, Agent Cruz. Protocol is paramount," the words felt heavy.`: true,
		`Alex straightened in his seat. "I agree." Then the room went quiet for a while.`:                    false,
		"会议结束前他站起来说：“我同意这个安排。规矩就是规矩，不能破，”语气很重。":                                                              true,
		"会议结束前他站起来说：“我同意这个安排。”会议室一下子安静了下来。":                                                                  false,
	} {
		cs := splitClauses(s)
		got := false
		for _, c := range cs {
			if strings.Contains(c.text, "gree") || strings.Contains(c.text, "同意") {
				got = c.joinsNext
			}
		}
		if got != want {
			t.Errorf("%q: the clause with the quote's start joins the next: %v, want %v (%+v)", s, got, want, cs)
		}
	}
}

// A speech that trails off ("...\" they muttered") goes on past a
// sentence of narration when the next sentence opens with a quote: the
// three are one run, which a quote of the resumed speech opens with
// (heldout56: "Could be fundamentally changed by this." answers what Jordan
// says the device might do to physics). Without the ellipsis, or when the
// sentence after the narration opens without a quote, no run.
func TestSplitClausesTrailingSpeech(t *testing.T) {
	const narration = ` The device emitted a low pulse, causing Jordan to still.`
	for _, c := range []struct {
		s      string
		resume bool
	}{
		{`Jordan frowned. "What we understand about physics..." they muttered, trailing off.` + narration + ` "Could be fundamentally changed by this."`, true},
		{`Jordan frowned. "What we understand about physics…” they muttered, trailing off.` + narration + ` “Could be fundamentally changed by this.”`, true},
		{`Jordan frowned. "What we understand about physics," they muttered, trailing off.` + narration + ` "Could be fundamentally changed by this."`, false},
		{`Jordan frowned. "What we understand about physics..." they muttered, trailing off.` + narration + ` Could be fundamentally changed by this, Sam thought.`, false},
	} {
		cs := splitClauses(c.s)
		last := -1
		for i, cl := range cs {
			if strings.Contains(cl.text, "fundamentally") {
				last = i
			}
		}
		if last < 0 {
			t.Fatalf("%q: no clause of the resumed speech in %+v", c.s, cs)
		}
		lo := last
		for lo > 0 && cs[lo-1].joinsNext {
			lo-- // clauseRun's way back
		}
		got := strings.Contains(cs[lo].text, "physics")
		if got != c.resume {
			t.Errorf("%q: the resumed speech's run opens with the trailing one: %v, want %v (%+v)", c.s, got, c.resume, cs)
		}
	}
}
