package evidence

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"reportengine/state"
)

// The sources disagree on when the accusation was made (issue 22): the
// fixture's query speech dates it 2023年7月11日, a web page 2023年10月.
// The timeline shows one event with the other date as a conflict, not
// two events and not one date silently; a sentence quoting the word
// (“…性骚扰指控被法院驳回”) tells another action, and a date near the
// first (the same month) is no conflict.
func TestTimelineConflictingDates(t *testing.T) {
	texts := []string{
		"事件起源于2023年7月11日，法学院学生杨景媛在图书馆自习时指控对面男生肖某某存在“隔空性骚扰”。",
		"武汉大学图书馆事件引发的舆情风波 2023年10月,武汉大学经济与管理学院杨姓女生指控外国语言文学学院肖姓同学在图书馆存在性骚扰行为。",
		"据报道,2025年7月31日晚间,针对备受关注的“武汉大学图书馆男生涉嫌性骚扰指控被法院驳回”一事,武汉大学校长张平文回应了记者的电话求询。",
		"然而，近两年后，法院于2025年7月作出一审判决，驳回了女生的诉讼请求。",
		"2025年7月25日，法院一审宣判认定肖某某行为系“抓痒”而非性骚扰，驳回杨景媛全部诉讼请求。",
	}
	var recs []state.SearchRecord
	for i, s := range texts {
		recs = append(recs, state.SearchRecord{URL: "https://a.cn/" + strconv.Itoa(i), Title: "武汉大学图书馆事件", Content: s})
	}
	set := Collect(Input{Topic: "武汉大学", States: []*state.State{{Engine: state.EngineQuery, Paragraphs: []state.Paragraph{{Title: "事件", Searches: recs}}}}})
	topical := make([]bool, len(set.Items))
	for i := range topical {
		topical[i] = true
	}
	tl := timeline(set, topical, "")
	var got []string
	conflicts := 0
	for _, e := range tl {
		line := e.Date
		for _, c := range e.Conflicts {
			line += " ≠ " + c.Date
			conflicts++
		}
		got = append(got, line)
	}
	accusation := slices.ContainsFunc(got, func(l string) bool { return l == "2023-07-11 ≠ 2023-10" || l == "2023-10 ≠ 2023-07-11" })
	if !accusation || conflicts != 1 || !slices.Contains(got, "2025-07-31") || !slices.Contains(got, "2025-07") || !slices.Contains(got, "2025-07-25") {
		t.Errorf("timeline %q: want the accusation once with its other date, the rest without conflicts", got)
	}
}

// The fixture holds two dates for the one first-instance ruling: most
// sources give 2025年7月25日, the 12:22:10 query speech (and its repeats)
// "2024年7月25日法院判决公布", and a page "2024年6月,…人民法院一审判决"
// (cut off by the engine). The timeline states the ruling once, on
// 2025-07-25, and no 2024 ruling of its own.
//
// Not yet shown as 来源不一致: the speech's date sits in a list line the
// passages keep together with the next item ("… - 舆情指数：武汉大学“和服
// 赏樱”事件影响力指数65.4"), so GroupEvents gives the passage, and its
// date, to the 和服赏樱 event; the page's sentence has no end (Fragment).
// The check below fails when either is fixed: then assert the conflict.
func TestTimelineRulingFixture(t *testing.T) {
	in := fixtureInput(t)
	set := Collect(in)
	holds := func(sub string) int {
		for i := range set.Items {
			if strings.Contains(set.Items[i].Text, sub) {
				return i
			}
		}
		t.Fatalf("the fixture no longer holds %q", sub)
		return -1
	}
	speech := holds("2024年7月25日法院判决公布")
	holds("2024年6月,武汉市经济技术开发区人民法院一审判决")
	es := ComputeEssentials(in, set)
	ruling := 0
	for _, e := range es.Timeline {
		if strings.HasPrefix(e.Date, "2024") && strings.Contains(e.Text, "判决") {
			t.Errorf("a 2024 ruling of its own: %s %q", e.Date, e.Text)
		}
		if e.Date == "2025-07-25" && strings.Contains(e.Text, "判") {
			ruling++
			for _, c := range e.Conflicts {
				t.Logf("conflict shown: %s %q", c.Date, c.Text)
			}
		}
	}
	if ruling != 1 {
		t.Errorf("the 2025-07-25 ruling is stated %d times in the timeline, want once", ruling)
	}
	if !set.otherEvent(speech) {
		t.Errorf("the speech's list line is no longer the 和服 event's: the 2024-07-25 date may now reach the timeline; assert it shows as 来源不一致 with 2025-07-25")
	}
}
