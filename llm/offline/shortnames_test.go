package offline

import (
	"strings"
	"testing"
)

// A question naming a university by its short name (武大) is answered by
// the sentences naming it in full (武汉大学): the sentence that plants the
// cherry trees comes first, not one that only repeats 武大 and 最早
// (bettafish-heldout19 line 11 ranked it 32nd).
func TestShortNameHeldByFullName(t *testing.T) {
	src := "0|武大最早就是张之洞1893年创办的自强学堂啊，是修正了数据。\n" +
		"1|武汉大学樱花最初种植于1939年，由侵华日军从日本运来28株樱花树苗栽种于珞珈山校园。\n" +
		"2|樱花季的游客很多，预约系统经常拥堵。\n"
	got := answerOf(t, "武大的樱花最早是哪年种的，当时种了多少株？", src)
	first := strings.Index(got, "28株")
	other := strings.Index(got, "自强学堂")
	if first < 0 || other >= 0 && other < first {
		t.Errorf("the sentence naming 武汉大学 does not come first:\n%s", got)
	}
}
