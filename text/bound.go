package text

import (
	"fmt"
	"unicode/utf8"
)

// boundWords qualify the figure written right after them, longest first
// so that 接近 is not read as 近 nor 突破 as 破.
var boundWords = []string{"超过", "突破", "将近", "接近", "不到", "不足", "超", "逾", "近", "约", "破"}

// FigureBound is the qualifier that before (the text right before a
// figure) ends with — 超过, 突破, 将近, 接近, 不到, 不足, 超, 逾, 近, 约 or
// 破 — or "" for none: the figure is then a bound, not the measurement
// ("引发超10万浏览量": more than 10万; "阅读量破12万": past 12万). The one
// rule for a figure's qualifier: a label drops it ("主帖阅读量", not
// "主帖阅读量破") and the value keeps it ("破12万") on the KPI card, in a
// chart's category and on the essentials line. 达, 高达 and 达到 state the
// value reached and are no bound (evidence drops them from labels).
func FigureBound(before string) string {
	return FirstSuffix(before, boundWords)
}

// BoundWords lists the qualifiers FigureBound knows, longest first.
func BoundWords() []string { return append([]string(nil), boundWords...) }

// IncidentWords are the words an incident's name ends with (图书馆事件,
// 诬告案, 和服赏樱冲突, 劳动纠纷), 案件 before 案 so that an expression
// built from them in this order takes the longer word. The report's
// events (package evidence) and the offline model's follow-up names
// (llm/offline) read names by this one list.
var IncidentWords = []string{"事件", "案件", "案", "风波", "争议", "冲突", "纠纷", "丑闻", "事故"}

// MaxQuestionRunes is the longest question, in runes, that search, chat,
// questions and serve read: 4 000, well over any question a person asks
// (the longest of the shipped sets is about 150). Segmenting and searching
// grow with the question's terms: a pasted 30 000-rune text took 47 s to
// refuse (new-user trial 40). Eval's sets hold theirs to 2 000 per line.
const MaxQuestionRunes = 4000

// QuestionTooLong returns an error naming the question's length when it
// holds more than MaxQuestionRunes runes, nil otherwise.
func QuestionTooLong(q string) error {
	if n := utf8.RuneCountInString(q); n > MaxQuestionRunes {
		return fmt.Errorf("the question is %d characters long; at most %d are read (ask it in fewer words)", n, MaxQuestionRunes)
	}
	return nil
}
