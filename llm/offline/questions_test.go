package offline

import (
	"slices"
	"strings"
	"testing"

	"reportengine/prompts"
)

// questionsFor runs the offline question writer on a context of entities
// and relationships (title pairs) for a question.
func questionsFor(t *testing.T, question string, n int, entities []string, rels [][2]string) []string {
	t.Helper()
	var b strings.Builder
	b.WriteString("-----Entities-----\nid|entity|description|number of relationships\n")
	for i, e := range entities {
		b.WriteString(strings.Join([]string{itoa(i), e, "描述 description", "1"}, "|") + "\n")
	}
	b.WriteString("\n\n-----Relationships-----\nid|source|target|description|weight\n")
	for i, r := range rels {
		b.WriteString(strings.Join([]string{itoa(i), r[0], r[1], "related", "1.0"}, "|") + "\n")
	}
	out := WriteQuestions(prompts.QuestionGenerationInput{Question: question, QuestionCount: n}, systemWith(b.String()))
	if out == "" {
		return nil
	}
	var qs []string
	for _, l := range strings.Split(out, "\n") {
		qs = append(qs, strings.TrimPrefix(l, "- "))
	}
	return qs
}

func itoa(i int) string { return string(rune('0' + i%10)) }

func asksAbout(qs []string, name string) bool {
	for _, q := range qs {
		if strings.Contains(q, "「"+name+"」") || strings.Contains(q, " "+name+" ") {
			return true
		}
	}
	return false
}

// Engine and node-type ids are machinery, not names: 「host」 and 「query」
// are never asked about; the names beside them are.
func TestQuestionsNoInternalIDs(t *testing.T) {
	qs := questionsFor(t, "李明咖啡店怎么样？", 10, []string{"host", "query", "线上引流与会员体系", "王芳"},
		[][2]string{{"host", "王芳"}, {"query", "线上引流与会员体系"}, {"王芳", "线上引流与会员体系"}})
	if asksAbout(qs, "host") || asksAbout(qs, "query") {
		t.Errorf("an internal id is asked about: %q", qs)
	}
	if !asksAbout(qs, "王芳") {
		t.Errorf("the name is not asked about: %q", qs)
	}
}

// Summary labels and search queries are bookkeeping, not names.
func TestQuestionsNoLabelsOrSearchQueries(t *testing.T) {
	qs := questionsFor(t, "断货怎么回事？", 10, []string{"主持人总结 4", "李明咖啡店 杭州 选址 写字楼商圈", "张伟"}, nil)
	if len(qs) != 1 || !asksAbout(qs, "张伟") {
		t.Errorf("questions %q, want one about 张伟", qs)
	}
}

// Search queries are known by their description too (graphrag/knowledge
// writes 网络搜索「…」，N 条结果 for them), and so are pairs with them.
func TestQuestionsNoSearchQueryEntities(t *testing.T) {
	var b strings.Builder
	b.WriteString("-----Entities-----\nid|entity|description|number of relationships\n")
	b.WriteString("0|武汉大学成功的舆情应对案例|网络搜索「武汉大学成功的舆情应对案例」，7 条结果|8\n")
	b.WriteString("1|张平文|武汉大学校长，他表示正在处理中。|1\n")
	b.WriteString("\n\n-----Relationships-----\nid|source|target|description|weight\n")
	b.WriteString("0|武汉大学成功的舆情应对案例|张平文|搜索「…」找到了「…」|1.0\n")
	out := WriteQuestions(prompts.QuestionGenerationInput{Question: "武大如何应对舆情？", QuestionCount: 5}, systemWith(b.String()))
	if out != "- 「张平文」持什么态度，作出了哪些回应或说法？" {
		t.Errorf("questions:\n%s", out)
	}
}

// A name is quoted whole or not at all: no 「Paranormal Military Squa…」.
func TestQuestionsNoCutTitles(t *testing.T) {
	long := "Paranormal Military Squad Operations Command"
	qs := questionsFor(t, "Who leads?", 10, []string{long, "Sam Rivera", "杭州创业者李明开咖啡店：三个候选地段，他最后选了写字楼商圈"},
		[][2]string{{long, "Sam Rivera"}})
	for _, q := range qs {
		if strings.Contains(q, "…") || strings.Contains(q, "Paranormal") {
			t.Errorf("a cut or overlong name: %q", q)
		}
	}
	if !asksAbout(qs, "Sam Rivera") {
		t.Errorf("questions %q lack Sam Rivera", qs)
	}
	// a Chinese headline is no name, and neither is its part before a
	// clause mark (「杭州创业者李明开咖啡店」); the person it names is
	// (李明, not 李明开), asked what he did (no text quotes him)
	zh := questionsFor(t, "选址怎么样？", 10, []string{"杭州创业者李明开咖啡店：三个候选地段，他最后选了写字楼商圈"}, nil)
	if len(zh) != 1 || zh[0] != "「李明」做了什么，起到了什么作用？" {
		t.Errorf("questions %q, want one on 李明", zh)
	}
}

// A pair is asked about once, whichever its order.
func TestQuestionsPairOnce(t *testing.T) {
	qs := questionsFor(t, "团队怎么样？", 10, nil, [][2]string{{"王芳", "李明"}, {"李明", "王芳"}, {"张伟", "李明"}})
	n := 0
	for _, q := range qs {
		if strings.Contains(q, "「王芳」") && strings.Contains(q, "「李明」") {
			n++
		}
	}
	if n != 1 || len(qs) != 2 {
		t.Errorf("questions %q: want the pair 王芳/李明 once and 张伟/李明 once", qs)
	}
}

// Nothing vulgar or defamatory becomes a question (text.Offensive).
func TestQuestionsNoOffensiveNames(t *testing.T) {
	bad := "彻底完了,武大校长最后的遮羞布"
	qs := questionsFor(t, "校长怎么回应？", 10, []string{bad, "张平文"}, [][2]string{{bad, "张平文"}})
	for _, q := range qs {
		if strings.Contains(q, "遮羞布") {
			t.Errorf("offensive question %q", q)
		}
	}
	if len(qs) != 1 || !asksAbout(qs, "张平文") {
		t.Errorf("questions %q, want one about 张平文", qs)
	}
}

// Questions are in the language of the latest question.
func TestQuestionsLanguage(t *testing.T) {
	en := questionsFor(t, "Who is Sam?", 2, []string{"Sam Rivera"}, nil)
	zh := questionsFor(t, "Sam 是谁？", 2, []string{"Sam Rivera"}, nil)
	if len(en) != 1 || en[0] != "What part does Sam Rivera play in this?" || len(zh) != 1 || zh[0] != "「Sam Rivera」的具体情况和影响如何？" {
		t.Errorf("en %q, zh %q", en, zh)
	}
}

// A structural edge of our graphs (a search query and the page it found,
// a section and its query) is no relation a reader asks about, even when
// its ends are not in the entity table (so their descriptions cannot tell
// a search query): the found-edge's query is never quoted; an edge with
// another description still makes its question.
func TestQuestionsNoStructuralRelations(t *testing.T) {
	var b strings.Builder
	b.WriteString("-----Entities-----\nid|entity|description|number of relationships\n")
	b.WriteString("0|武汉大学遭遇“樱花劫”|一篇评论|2\n")
	b.WriteString("\n\n-----Relationships-----\nid|source|target|description|weight\n")
	b.WriteString("0|武汉大学近年来的主要舆情事件案例|武汉大学污蔑性骚扰案件|搜索「武汉大学近年来的主要舆情事件案例」找到了「武汉大学污蔑性骚扰案件」|1.0\n")
	b.WriteString("1|樱花季限流|武汉大学遭遇“樱花劫”|段落「樱花季限流」搜索了「武汉大学遭遇“樱花劫”」|1.0\n")
	b.WriteString("2|张平文|武汉大学保卫部|「武汉大学保卫部」向「张平文」报告|1.0\n")
	out := WriteQuestions(prompts.QuestionGenerationInput{Question: "樱花季网友怎么看？", QuestionCount: 5}, systemWith(b.String()))
	for _, bad := range []string{"主要舆情事件案例", "污蔑性骚扰案件", "樱花季限流"} {
		if strings.Contains(out, bad) {
			t.Errorf("a structural edge is asked about (%s):\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "「张平文」和「武汉大学保卫部」是什么关系？") {
		t.Errorf("the relation between names is not asked about:\n%s", out)
	}
}

// With no question asked, the first question asks for the whole (the
// first community report's title, a broad question), and the questions
// take the language of the whole context, not of its entity table alone: the context built for no
// question on our graphs is community reports in Chinese beside an entity
// table of Latin names (the sample asked "What part does 李明咖啡店 play in
// this?"). Reversing the rule, or counting only the entity titles,
// makes English questions here.
func TestQuestionsLanguageWithoutQuestion(t *testing.T) {
	ctx := "-----Reports-----\nid|title|content\n0|李明咖啡店|主题「李明咖啡店」由四个引擎研究，会员体系与断货事件是讨论最多的话题。\n\n" +
		"-----Entities-----\nid|entity|description|number of relationships\n0|Latte Art Lab|a coffee workshop|1\n"
	out := WriteQuestions(prompts.QuestionGenerationInput{QuestionCount: 2}, systemWith(ctx))
	if out != "- 「李明咖啡店」总体上有哪些主要方面？\n- 「Latte Art Lab」的具体情况和影响如何？" {
		t.Errorf("got %q", out)
	}
	en := "-----Reports-----\nid|title|content\n0|Dulce|The operation at Dulce base and its teams.\n\n" +
		"-----Entities-----\nid|entity|description|number of relationships\n0|杜尔塞社|基地|1\n"
	if out := WriteQuestions(prompts.QuestionGenerationInput{QuestionCount: 2}, systemWith(en)); out != "- What are the main themes of Dulce?\n- What part does 杜尔塞社 play in this?" {
		t.Errorf("English context: got %q", out)
	}
}

// A research section's heading is the engines' own name: the context's
// bookkeeping names it (段落「…」 in an edge's description, a report's
// 段落：… list: text.SectionNames), and the writer proposes questions about
// the other names instead, so the screen after it (questiongen, which
// drops section titles by type) keeps all n. Without the rule the first
// two of the three questions quote the headings.
func TestQuestionsNoSectionHeadings(t *testing.T) {
	ctx := "-----Reports-----\nid|title|content\n" +
		"1|媒体报告|media 研究引擎，报告《r》，6 个段落，29 条搜索记录。段落：开业探店与选址话题、桂花拿铁的传播与口碑。\n\n\n" +
		"-----Entities-----\nid|entity|description|number of relationships\n" +
		"0|选址决策与商圈对比|李明比较了三个地点。|3\n" +
		"1|开业探店与选址话题|探店视频很多。|2\n" +
		"2|王芳|店长。|1\n" +
		"3|张伟|供应商。|1\n" +
		"4|桂花拿铁|季节限定款。|1\n\n\n" +
		"-----Relationships-----\nid|source|target|description|weight\n" +
		"0|query|选址决策与商圈对比|query 引擎的研究包含段落「选址决策与商圈对比」|1.0\n"
	out := WriteQuestions(prompts.QuestionGenerationInput{Question: "李明为什么选择写字楼商圈？", QuestionCount: 3}, systemWith(ctx))
	want := "- 「王芳」的具体情况和影响如何？\n- 「张伟」的具体情况和影响如何？" // 桂花拿铁, a product, is no name (readerName)
	if out != want {
		t.Errorf("questions:\n%s\nwant\n%s", out, want)
	}
}

// What a record is decides what is asked about it, in the question's
// language, with the fixtures' real names: a dated event its course and
// time, an organisation (an account too) or a person its description
// quotes (表示, stated) its stance and response, a person it shows acting
// what they did, a platform what is said on it, a figure its data and
// change, anything else what it is; a name that only
// looks like a person's (杜尔塞, a base) is not one. Each rule reversed or
// removed changes one of these.
func TestQuestionKinds(t *testing.T) {
	for _, tc := range []struct{ title, desc, zh, en string }{
		{"武汉大学校长首次回应“性骚扰”案", "2025年7月31日晚,武汉大学校长张平文面对记者…", "「武汉大学校长首次回应“性骚扰”案」的经过是怎样的，发生在什么时间？", "What happened in 武汉大学校长首次回应“性骚扰”案, and when?"},
		{"武汉大学杨某媛和肖某某事件发酵放大的教训和启示", "舆情应对的教训。", "「武汉大学杨某媛和肖某某事件发酵放大的教训和启示」的具体情况和影响如何？", ""},
		{"张平文", "武汉大学校长，他表示正在处理中。", "「张平文」持什么态度，作出了哪些回应或说法？", ""},
		{"杨某某", "原告。", "「杨某某」持什么态度，作出了哪些回应或说法？", ""},
		{"杜尔塞", "基地", "「杜尔塞」的具体情况和影响如何？", ""},
		{"微博", "社交平台", "「微博」上的讨论主要有哪些观点？", ""},                   // a platform holds no stance: what is said on it
		{"武汉大学官方微博", "学校的账号", "「武汉大学官方微博」持什么态度，作出了哪些回应或说法？", ""}, // an account of it does
		{"Twitter", "A social network.", "", "What views do people post on Twitter?"},
		{"武汉大学", "985高校", "「武汉大学」持什么态度，作出了哪些回应或说法？", ""},
		{"写字楼里的平价精品咖啡：拿铁28元、美式22元", "测评", "「写字楼里的平价精品咖啡：拿铁28元、美式22元」涉及哪些数据，发生了什么变化？", "What figures are given for 写字楼里的平价精品咖啡：拿铁28元、美式22元, and how did they change?"},
		{"Alex Mercer", "Agent Alex Mercer questions the mission; he leads the team.", "", "What did Alex Mercer do, and what part did they play?"},                // acting
		{"Jordan Hayes", "Jordan Hayes stated that the signal was a message; she leads the analysis.", "", "How did Jordan Hayes respond, and what did they say?"}, // quoted
		{"王芳", "店长，她负责日常运营。", "「王芳」做了什么，起到了什么作用？", ""},
		{"Dulce Base", "An underground facility.", "", "What part does Dulce Base play in this?"},
		{"Paranormal Military Squad", "An elite unit.", "", "How did Paranormal Military Squad respond, and what did they say?"},
	} {
		k := recordKind(tc.title, tc.desc)
		if tc.zh != "" && kindQuestion(tc.title, k, true) != tc.zh {
			t.Errorf("%s: %q, want %q", tc.title, kindQuestion(tc.title, k, true), tc.zh)
		}
		if tc.en != "" && kindQuestion(tc.title, k, false) != tc.en {
			t.Errorf("%s: %q, want %q", tc.title, kindQuestion(tc.title, k, false), tc.en)
		}
	}
}

// One person under two names (Taylor Cruz, Cruz) makes no pair question;
// two people do; Chinese names are compared whole.
func TestSameNamed(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Taylor Cruz", "Cruz", true},
		{"cruz", "Taylor Cruz", true},
		{"Taylor Cruz", "Jordan Hayes", false},
		{"Alex Mercer", "Alex", true},
		{"李明", "李明咖啡店", false},
		{"李明", "李明", true},
		{"Sam", "Samuel Rivera", false},
	} {
		if got := sameNamed(c.a, c.b); got != c.want {
			t.Errorf("sameNamed(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// relationQuestions asks no pair of one person under two names (Taylor
// Cruz, Cruz) and asks a pair of two people.
func TestRelationQuestionsSkipSameName(t *testing.T) {
	c := questionContext{skip: map[string]bool{}, rels: [][2]string{{"TAYLOR CRUZ", "CRUZ"}, {"TAYLOR CRUZ", "JORDAN HAYES"}}}
	got := c.relationQuestions(func(string) bool { return false }, false)
	for _, q := range got {
		if strings.Contains(q, "related to Cruz?") {
			t.Errorf("asked %q: one person under two names", q)
		}
	}
	if len(got) != 1 {
		t.Errorf("questions %q, want the one about Taylor Cruz and Jordan Hayes", got)
	}
}

// namePairQuestions asks no pair of one person under two names either.
func TestNamePairQuestionsSkipSameName(t *testing.T) {
	cells := []string{"Taylor Cruz spoke. Cruz and Jordan Hayes argued.", "Taylor Cruz nodded. Cruz and Jordan Hayes left."}
	names := []textName{{name: "Taylor Cruz", kind: kindActor}, {name: "Cruz", kind: kindActor}, {name: "Jordan Hayes", kind: kindActor}}
	got := namePairQuestions(cells, names, false)
	if slices.Contains(got, "How is Taylor Cruz related to Cruz?") || !slices.Contains(got, "How is Cruz related to Jordan Hayes?") {
		t.Errorf("questions %q", got)
	}
}
