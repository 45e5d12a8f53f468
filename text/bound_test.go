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

// Bait: the teaser devices of one list, outside quotation marks; a
// source analysing the slang (“学术吃瓜”) or reporting a reaction (感到
// 震惊) is none. Vulgar: the offensive-word list, outside quotation marks.
func TestPageNoiseBaitAndVulgar(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Noise
	}{
		{"武汉大学大事件｡ 这个瓜,熟了,可摘了 武汉大学近期遭到各界呼吁撤销985资格", Bait},
		{"最近网上炸锅了,有群网友爆料说武汉大学彻底翻车了｡", Bait},
		{"就在刚刚,全民关注的“武汉大学图书馆事件”,沉默许久的武汉大学,终于发出了一个正式通报｡", Bait},
		{"速看！武大最新通报", Bait},
		{"知网下载量暴涨，显示“学术吃瓜”已从亚文化走向主流。", Clean},
		{"这起事件不仅让许多人感到震惊,也引发了大讨论｡", Clean},
		{"武汉大学图书馆性骚扰诬告事件,我认为那个男生最大的问题就是,一开始他没有让那个女生滚!", Vulgar},
		{"这波骚操作,让我对诬大彻底凉透", Vulgar},
		{"杨某某拍下视频,指责肖某“手淫”,认为肖某对其构成性骚扰｡", Clean},
		{"学校启动滚动式排查。", Clean},
	} {
		if got := PageNoise(c.s, ""); got != c.want {
			t.Errorf("PageNoise(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	for _, n := range []Noise{Bait, Vulgar} {
		if back, ok := ParseNoise(n.String()); !ok || back != n {
			t.Errorf("%v does not round-trip: %v %v", n, back, ok)
		}
	}
}
