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
	want := []string{"「武汉大学」持什么态度，作出了哪些回应或说法？", "「张平文」的具体情况和影响如何？", "「图书馆事件」的经过是怎样的，发生在什么时间？"}
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
