package text

import (
	"slices"
	"testing"
)

// Heldout67: how far a thing goes (到什么程度) asks for no word 程度; a
// demonstrative with its measure (那条) and 万一 say nothing of the
// subject; 转专业 is one word, rare in general text (campusWordFreq); a
// child (娃) glued to the verb after it is cut off; an influencer is
// stood in for by a blogger, odds by a success rate.
func TestWave67Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"周末生意到底差到什么程度？跟工作日比大概是个啥比例": {"周末", "生意", "工作日", "比例"},
		"有没有哪个网红博主帮他们店带过流量？那条视频多少赞": {"网红", "博主", "流量", "视频"},
		"武大能转专业吗？":         {"武大", "转专业"},
		"万一孩子不喜欢呢":         {"孩子", "喜欢"},
		"娃说想学测绘遥感，毕业了工资咋样": {"学测绘", "遥感", "毕业", "工资"},
		"出事以后掉粉掉了多少":       {"掉粉"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	for w, want := range map[string]string{"网红": "博主", "几率": "成功率"} {
		if !slices.Contains(StandIns(w), want) {
			t.Errorf("StandIns(%s) = %q, want %s among them", w, StandIns(w), want)
		}
	}
	// the dictionary's count makes 转专业 about as rare as its kin 转学,
	// not a net word (netWordFreq)
	f, _, ok := segmenter().Find("转专业")
	kin, _, _ := segmenter().Find("转学")
	if !ok || f <= 0 || f > 2*kin {
		t.Errorf("转专业's count = %v (found %v), want at most twice 转学's %v", f, ok, kin)
	}
}

// Heldout67: the event a 啥时候 question dates is asked for, before a
// phase verb and a 、 that starts a second question too.
func TestWave67Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"军训一般啥时候开始？": {"开始", "军训"},
		"武大新生军训一般啥时候开始、要训多久？孩子体质一般有点担心": {"开始", "武大", "新生", "军训"},
		"校庆啥时间举行？":      {"举行", "校庆"},
		"周末生意到底差到什么程度？": nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for s, want := range map[string]bool{"军训一般啥时候开始": true, "军训一般啥时候": true, "军训开始": false, "开始": false} {
		if got := endsAsking(s); got != want {
			t.Errorf("endsAsking(%s) = %v, want %v", s, got, want)
		}
	}
}
