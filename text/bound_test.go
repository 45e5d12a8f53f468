package text

import "testing"

// A figure's qualifier is read whole (接近 not 近, 突破 not 破); the verbs
// that state the value reached (达, 高达) and the words that merely end
// in a qualifier's rune are none.
func TestFigureBound(t *testing.T) {
	for _, c := range []struct{ before, want string }{
		{"事件公开网络后引发超", "超"},
		{"主帖阅读量破", "破"},
		{"话题阅读量突破", "突破"},
		{"讨论量接近", "接近"},
		{"讨论量将近", "将近"},
		{"负面情绪占比约", "约"},
		{"参与人数逾", "逾"},
		{"占比不足", "不足"},
		{"阅读量高达", ""},
		{"阅读量达", ""},
		{"阅读量", ""},
		{"", ""},
	} {
		if got := FigureBound(c.before); got != c.want {
			t.Errorf("FigureBound(%q) = %q, want %q", c.before, got, c.want)
		}
	}
}
