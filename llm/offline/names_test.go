package offline

import (
	"strings"
	"testing"

	"reportengine/prompts"
)

// The fixture's page titles the fresh user's follow-ups quoted (a
// headline with its site, a list, a sentence, a headline cut at its
// comma, a headline naming an incident) are no names: none is asked
// about, and neither is its part before a clause mark; the names beside
// them (an organisation, a person, an incident's name) are. Each rule of
// readerName removed lets one of them through.
func TestQuestionsNoPageTitles(t *testing.T) {
	pages := []string{
		"武漢大學校友列表- 維基百科，自由的百科全書",
		"武汉大学双一流学科名单有哪些（11个）",
		"面对铺天盖地的舆情风暴,武汉大学的反应缘何如此迟钝?,武汉大学传来重磅消息 - 特儿海藕平科创网",
		"武汉大学樱花开了。",
		"武大图书馆事件引舆论哗然",
		"武汉大学贡献",
		"武汉大学2025年本科招生章程全文发布会在线直播",
	}
	names := []string{"武汉大学", "张平文", "图书馆事件"}
	qs := questionsFor(t, "网友怎么看？", 20, append(pages, names...), nil)
	for _, q := range qs {
		for _, p := range pages {
			if strings.Contains(q, "「"+p) || strings.Contains(q, "「面对铺天盖地") || strings.Contains(q, "「武漢大學校友列表") {
				t.Errorf("a page title is asked about: %q", q)
			}
		}
	}
	// (the texts speak of no stance: the organisation is asked what it did)
	want := []string{"「武汉大学」做了什么，起到了什么作用？", "「张平文」的具体情况和影响如何？", "「图书馆事件」的经过是怎样的，发生在什么时间？"}
	if strings.Join(qs, "\n") != strings.Join(want, "\n") {
		t.Errorf("questions:\n%s\nwant\n%s", strings.Join(qs, "\n"), strings.Join(want, "\n"))
	}
}

// The names the context's texts give people, organisations and incidents
// are asked about, the most repeated first: the incident the records
// quote (“图书馆事件”, 3 cells), the person after his role (校长张平文,
// not 张平: 张平 never stands alone), the anonymised party (肖某某); an
// incident quoted once (“和服事件”) is met in passing, a search query's
// quoted words (搜索「…」) are bookkeeping, and a name the question
// asks about (武汉大学) is not asked again.
func TestQuestionsFromTextNames(t *testing.T) {
	ctx := "-----Sources-----\nid|text\n" +
		"0|“图书馆事件”持续发酵，校长张平文回应称正在处理中。\n" +
		"1|法院判决后，“图书馆事件”再度引发关注，肖某某的处分仍未撤销。\n" +
		"2|校长张平文面对记者追问。网友回顾“图书馆事件”与“和服事件”。肖某某发文。\n" +
		"3|武汉大学回应。武汉大学发布通报。\n\n\n" +
		"-----Relationships-----\nid|source|target|description|weight\n" +
		"0|a|b|搜索「“雷军班事件”」找到了「“雷军班事件”」|1.0\n" +
		"1|c|d|搜索「“雷军班事件”」找到了「“雷军班事件”」|1.0\n"
	out := WriteQuestions(prompts.QuestionGenerationInput{Question: "武汉大学怎么回应？", QuestionCount: 5}, systemWith(ctx))
	want := "- 「图书馆事件」的经过是怎样的，发生在什么时间？\n- 「张平文」持什么态度，作出了哪些回应或说法？\n- 「肖某某」持什么态度，作出了哪些回应或说法？"
	if out != want {
		t.Errorf("questions:\n%s\nwant\n%s", out, want)
	}
}

// A title ending in a word of text.IncidentWords is an incident's name,
// whichever of the two lists it once stood in (冲突 in evidence's, 纠纷 in
// this package's); a title ending in none is not.
func TestReaderNameIncidentWords(t *testing.T) {
	for _, c := range []struct {
		title string
		want  bool
	}{{"和服赏樱冲突", true}, {"外卖退款纠纷", true}, {"图书馆事件", true}, {"和服赏樱活动", false}} {
		k, ok := readerName(c.title, "")
		if got := ok && k == kindEvent; got != c.want {
			t.Errorf("readerName(%q) = %v, %v; want an incident: %v", c.title, k, ok, c.want)
		}
	}
}

// A name counts the distinct sentences that name it, not the cells: a
// page's entity and its text unit quoting one sentence name 李资远 once
// (the fixture's alumni page), below MinNameCells, while 张平文, named in
// two sentences, is asked about.
func TestTextNamesDistinctSentences(t *testing.T) {
	page := "七位杰出校友获此殊荣｡ 副校长李资远宣读第十一届杰出校友表彰决定,陈作涛､董晨当选。"
	cells := []string{page, "武汉大学第十一届杰出校友表彰大会：" + page, "校长张平文回应称正在处理中。", "记者追问校长张平文。"}
	var got []string
	for _, tn := range textNames(cells, func(string) bool { return false }, MinNameCells) {
		got = append(got, tn.name)
	}
	if strings.Join(got, "|") != "张平文" {
		t.Errorf("names %q, want 张平文 alone", got)
	}
	if s := sentenceAt("甲。乙说李资远来了！丙", strings.Index("甲。乙说李资远来了！丙", "李资远")); s != "乙说李资远来了" {
		t.Errorf("sentenceAt = %q", s)
	}
}

// sourcesContext is a context of one Sources table holding texts.
func sourcesContext(texts ...string) string {
	var b strings.Builder
	b.WriteString("-----Sources-----\nid|text\n")
	for i, t := range texts {
		b.WriteString(itoa(i) + "|" + t + "\n")
	}
	return b.String()
}

// writeFor runs WriteQuestions for question on ctx, n questions.
func writeFor(question string, n int, ctx string) string {
	return WriteQuestions(prompts.QuestionGenerationInput{Question: question, QuestionCount: n}, systemWith(ctx))
}

// A person the texts show acting is asked what they did; one they quote
// responding (回应, 表示 right after the name) is asked for a stance. The
// shop's texts quote neither 王芳 nor 张伟 so (张伟说 tells what he does;
// the response is 李明's, whom the question names).
// Each person is found after a role, 供应商 among them. Reversing
// personKind, or dropping 供应商 from the roles, changes the questions.
func TestQuestionsPersonActingOrQuoted(t *testing.T) {
	shop := sourcesContext(
		"店长王芳负责日常运营，她向李明建议增加会员折扣。",
		"店长王芳能记住熟客口味。",
		"咖啡豆由云南普洱的供应商张伟每月供货一次。张伟说，每月一次的节奏库存压力小。",
		"原有的普洱供应商张伟仍然每月供货一次。",
		"老板李明回应称断货是雨季所致。") // a response, not theirs
	if got, want := writeFor("李明遇到了哪些挑战？", 3, shop), "- 「王芳」做了什么，起到了什么作用？\n- 「张伟」做了什么，起到了什么作用？"; got != want {
		t.Errorf("shop:\n%s\nwant\n%s", got, want)
	}
	school := sourcesContext(
		"校长张平文回应称正在处理中。",
		"记者追问，校长张平文表示会依法依规处理。")
	if got, want := writeFor("学校怎么处理？", 3, school), "- 「张平文」持什么态度，作出了哪些回应或说法？"; got != want {
		t.Errorf("school:\n%s\nwant\n%s", got, want)
	}
}

// An organisation is asked for its stance only when the texts speak of
// stances or responses (answerableKind); else what it did.
func TestQuestionsStanceOnlyWhereTextsSpeakOfIt(t *testing.T) {
	ents := "-----Entities-----\nid|entity|description|number of relationships\n0|武汉大学|985高校|1\n\n\n"
	if got := writeFor("网友怎么看？", 2, ents+sourcesContext("学校发布了通报。")); got != "- 「武汉大学」做了什么，起到了什么作用？" {
		t.Errorf("no stance in the texts: %q", got)
	}
	if got := writeFor("网友怎么看？", 2, ents+sourcesContext("学校回应了网友的质疑。")); got != "- 「武汉大学」持什么态度，作出了哪些回应或说法？" {
		t.Errorf("a response in the texts: %q", got)
	}
}

// A product the texts sell (its name before 上市, 销量 …, opening with a
// word the dictionary tags as a name) is asked how it sold; a sales
// word's other neighbours (上市首月, 门店 of 门店销量, 周末套餐 of
// 周末套餐销量: 周末 is no name) are not products.
func TestQuestionsProducts(t *testing.T) {
	ctx := sourcesContext(
		"2024年5月推出的季节限定款桂花拿铁上市首月销量占门店总额的三成。",
		"小店季节限定复盘：桂花拿铁上市首月，销量占到总额的三成。",
		"门店销量在七月下滑。",
		"同事安利的桂花拿铁，甜度刚刚好。门店销量回升。",
		"五月推出桂花拿铁，上市首月销量占三成。",
		"这款桂花拿铁，上市首月销量很好。",
		"周末套餐销量一般。",
		"周末套餐销量回升。")
	if got, want := writeFor("咖啡店生意怎么样？", 3, ctx), "- 「桂花拿铁」卖得怎么样，口碑如何？"; got != want {
		t.Errorf("questions:\n%s\nwant\n%s", got, want)
	}
	if got := writeFor("How is business?", 3, ctx); got != "- How well did 桂花拿铁 sell, and what do people say about it?" {
		t.Errorf("English: %q", got)
	}
}

// When the names give fewer than n questions, two people the texts name
// together in MinNameCells sentences are asked how they are related —
// after the rest, once whichever the order (a relationship of the two in
// the other order is the same question), never when the rest make n.
func TestQuestionsNamePairsTopUp(t *testing.T) {
	texts := sourcesContext(
		"老板李明说当初看了三个地方。老板李明签下了写字楼的铺面。",
		"李明咖啡店的咖啡豆由供应商张伟每月供货一次，李明很满意。",
		"此后李明增加了第二家供应商作为备份，供应商张伟仍按月供货。")
	want := "- 「李明」做了什么，起到了什么作用？\n- 「张伟」做了什么，起到了什么作用？\n- 「李明」和「张伟」是什么关系？"
	if got := writeFor("咖啡店开在哪里？", 3, texts); got != want {
		t.Errorf("questions:\n%s\nwant\n%s", got, want)
	}
	if got := writeFor("咖啡店开在哪里？", 2, texts); strings.Contains(got, "关系") {
		t.Errorf("a pair asked though the names make n:\n%s", got)
	}
	// 王芳, named twice, is named with 李明 once: no pair
	more := texts + "5|店长王芳负责运营。\n6|店长王芳和老板李明一起讨论。\n"
	if got := writeFor("咖啡店开在哪里？", 6, more); strings.Contains(got, "「王芳」是") || strings.Contains(got, "「王芳」和") {
		t.Errorf("a pair named together once is asked about:\n%s", got)
	}
	rel := texts + "\n\n-----Relationships-----\nid|source|target|description|weight\n0|张伟|李明|供货|1.0\n"
	got := writeFor("咖啡店开在哪里？", 5, rel)
	if strings.Count(got, "关系") != 1 {
		t.Errorf("the pair not asked once:\n%s", got)
	}
}

// A name inside the report's title (李明 of 李明咖啡店, the report's
// history question) is not asked about by a question on the title.
func TestQuestionsNameInsideReportTitle(t *testing.T) {
	ctx := "-----Reports-----\nid|title|content\n0|李明咖啡店|主题「李明咖啡店」。\n\n\n" +
		sourcesContext("老板李明签下了铺面。", "老板李明增加了供应商。")
	in := prompts.QuestionGenerationInput{Question: "李明咖啡店的舆情主要有哪些方面？", QuestionCount: 3}
	if got := WriteQuestions(in, systemWith(ctx)); got != "- 「李明」做了什么，起到了什么作用？" {
		t.Errorf("questions: %q", got)
	}
}

// An English question asks an actor how they responded only where the
// texts say "respond": on a Chinese graph (张平文回应称…) it asks what they
// did, which the relevance gate lets through ("respond" is a word the
// graph never uses); on English texts it keeps the stance.
func TestQuestionsEnglishStanceNeedsRespond(t *testing.T) {
	school := sourcesContext("校长张平文回应称正在处理中。", "记者追问，校长张平文表示会依法依规处理。")
	if got := writeFor("How did the school react?", 2, school); got != "- What did 张平文 do, and what part did they play?" {
		t.Errorf("Chinese texts: %q", got)
	}
	ents := "-----Entities-----\nid|entity|description|number of relationships\n0|Taylor Cruz|Cruz stated the plan; he responded to the threat.|1\n"
	if got := writeFor("Who leads?", 2, ents); got != "- How did Taylor Cruz respond, and what did they say?" {
		t.Errorf("English texts: %q", got)
	}
}

// A person the dictionary knows by name (three runes opening with a
// common surname, rarer than 10⁻⁵, tagged a name: 杨振宁) is asked about
// though no role, quote or party marks them — after the names the texts
// mark (店长王芳, named less often), as the texts do not single them out; a
// common name the dictionary tags (武昌区, 4.5·10⁻⁵) is not a person's.
func TestQuestionsDictionaryPeople(t *testing.T) {
	ctx := sourcesContext(
		"杨振宁是武汉大学物理系的校友之一。武昌区的文物部门联动。",
		"物理学家杨振宁曾在武汉大学任教。武昌区的游客很多。",
		"杨振宁获得了诺贝尔物理学奖。店长王芳负责运营。",
		"店长王芳推荐会员。")
	want := "- 「王芳」做了什么，起到了什么作用？\n- 「杨振宁」做了什么，起到了什么作用？"
	if got := writeFor("武汉大学有哪些校友？", 5, ctx); got != want {
		t.Errorf("questions:\n%s\nwant\n%s", got, want)
	}
}
