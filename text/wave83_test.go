package text

import (
	"slices"
	"testing"
)

// Heldout83: an inspector's 冷链 a word, not an unknown name, and 鲜奶
// stood in for by the shop's milk; a scholar's hedges and errands (未必,
// 若干, 核实) no terms, 中居 of 在高校中居第几位 and the
// metaphor 国家队 no subject.
func TestWave83Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"鲜奶哪家供的，多久配送一次，冷链咋保证":       {"鲜奶", "配送", "冷链", "保证"},
		"值得追问的是：具体获批了多少项、在高校中居第几位？": {"获批", "高校"},
		"据悉某一年度有若干项（未必准确），我想核实一个数字": {"一年", "准确", "数字"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if !IsDictWord("冷链") || IsName("冷链") {
		t.Error("冷链 must be a word of the segmenter and no name")
	}
	if IsName("国家队") {
		t.Error("IsName(国家队) = true, want false")
	}
	if !slices.Contains(StandIns("鲜奶"), "牛奶") {
		t.Errorf("StandIns(鲜奶) = %q, want 牛奶", StandIns("鲜奶"))
	}
}
