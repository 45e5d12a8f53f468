package evidence

import (
	"reflect"
	"strings"
	"testing"
)

// The items of a list a colon introduces stay one passage: a reader of
// "5月推出桂花拿铁" alone does not know it is an event of the period (the
// sample's report had quoted "重要事件依次为：2024年4月开业。" and lost
// the rest). Without a colon, or after a label's colon ("国际参照："), the
// "；" pieces stand alone, as does a quoted voice; a list that would pass
// MaxRunes is cut where the next item would pass it.
func TestColonListOnePassage(t *testing.T) {
	list := "按时间排列，重要事件依次为：2024年4月开业；5月推出季节限定桂花拿铁，当月提及量2860条；7月因雨季断货两天。"
	if got := Passages(list); !reflect.DeepEqual(got, []string{list}) {
		t.Errorf("colon list: got %q", got)
	}
	plain := "周末客流只有工作日的三成左右；工作日早高峰排队约十分钟。"
	want := []string{"周末客流只有工作日的三成左右；", "工作日早高峰排队约十分钟。"}
	if got := Passages(plain); !reflect.DeepEqual(got, want) {
		t.Errorf("no colon: got %q, want %q", got, want)
	}
	for _, alone := range []string{
		"国际参照：对比伯克利事件，两者框架相似；斯坦福校友的评论获赞2.3万。",
		"护校派的论述主要有以下两类：武大积淀深厚不容抹杀；“当年都没压垮武大”（抖音热评）。",
	} {
		if got := Passages(alone); len(got) != 2 {
			t.Errorf("%q: got %q, want two passages", alone, got)
		}
	}
	item := strings.Repeat("网友评论集中在价格与服务", 8) + "；" // 97 runes
	long := "调查结果如下：" + item + item + item + "结束。"
	got := Passages(long)
	if want := []string{"调查结果如下：" + item + item, item, "结束。"}; !reflect.DeepEqual(got, want) {
		t.Errorf("a list past %d runes: got %q", MaxRunes, got)
	}
}

// A list number starting a sentence in the middle of a line is not part
// of the passage: "（1）…；（2）海外校友…" quotes "海外校友…".
func TestListNumberInLine(t *testing.T) {
	got := Passages("核心发现 （1）Z世代的愤怒集中在本地保护叙事；（2）海外校友的推特讨论量仅占总量8%；③官方账号与自媒体出现断裂。")
	want := []string{"核心发现 （1）Z世代的愤怒集中在本地保护叙事；", "海外校友的推特讨论量仅占总量8%；", "官方账号与自媒体出现断裂。"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	got = Passages("峰值52.7%，N=42,119）。2. 地域维度显著分化。")
	if want := []string{"峰值52.7%，N=42,119）。", "地域维度显著分化。"}; !reflect.DeepEqual(got, want) {
		t.Errorf("a number cut off by its \".\": got %q, want %q", got, want)
	}
	for in, want := range map[string]string{"（三）传播路径分析": "传播路径分析", "(12) 数据": "数据", "⑳完": "完", "（2024）年度": "（2024）年度", "(1)": "(1)"} {
		if got := stripListNumber(in); got != want {
			t.Errorf("stripListNumber(%q) = %q, want %q", in, got, want)
		}
	}
}
