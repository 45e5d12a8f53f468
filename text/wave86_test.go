package text

import (
	"slices"
	"strings"
	"testing"
)

// Heldout86: a north-easterner's erhua and words (那阵儿, 咋整, 瞅, 稀罕,
// 唠, 老爷们儿); a learner's self-introduction, friend and 什么样子的; a
// British reader's hearsay ("I'm told that …") and courtesies (wonder,
// rather); 有…吗 asking whether there is one; 分高 no name; 带火 not bound
// to the shop before it.
func TestWave86Northeast(t *testing.T) {
	for q, want := range map[string]string{
		"断货那阵儿咋光没咖啡豆，牛奶倒是有？":          "断货那阵怎么光没咖啡豆，牛奶倒是有？",
		"李明往后打算咋整？周末没人这事儿有啥招儿":        "李明以后打算怎么办？周末没人这事有啥招",
		"瞅瞅都是啥人稀罕上网唠这家店？老爷们儿多还是老娘们儿多": "看看都是啥人喜欢上网聊这家店？男的多还是女的多",
		"那店整了个桂花拿铁，这玩意儿到底卖得咋样啊":       "那店搞了个桂花拿铁，这玩意到底卖得怎么样啊",
		// a 儿 of a word of its own stays
		"我女儿说儿子和儿童在哪儿玩一会儿": "我女儿说儿子和儿童在哪儿玩一会儿",
		"武汉是什么样子的气候呀？":     "武汉是什么样的气候呀？",
		"新生儿和混血儿的照片":       "新生儿和混血儿的照片",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %q, want %q", q, got, want)
		}
	}
	if IsUnknownWord("分高") || !IsUnknownWord("瑞幸") {
		t.Error("IsUnknownWord: 分高 is a level compared, 瑞幸 an unknown name")
	}
	if got := termTexts("哪个博主给这店带火的？那视频点赞多少来着？"); !slices.Equal(got, []string{"博主", "带火", "视频", "点赞"}) {
		t.Errorf("Terms(给这店带火的) = %q, want 博主 带火 视频 点赞", got)
	}
	if got := AskedFor("瞅瞅都是啥人稀罕上网唠这家店？"); len(got) != 0 {
		t.Errorf("AskedFor(都是啥人喜欢上网聊) = %q, want none: which people", got)
	}
	for w, in := range map[string]string{"打仗": "抗战", "夏天": "夏季", "上网": "网上", "倒票": "兜售"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %q, want %s", w, StandIns(w), in)
		}
	}
	if !IsAspectWord("频率") || !IsStopWord("厉害") {
		t.Error("频率 must be an aspect word and 厉害 a stop word")
	}
}

func TestWave86Frames(t *testing.T) {
	for q, want := range map[string]string{
		"我朋友想读武大测绘遥感的硕士，毕业后工资多少呢？": "想读武大测绘遥感的硕士，毕业后工资多少呢？",
		"我是越南人，很怕热。武汉的夏天最高会到多少度？":  "武汉的夏天最高会到多少度？",
		"我朋友圈都在传这个事，是真的吗？":         "我朋友圈都在传这个事，是真的吗？",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s) = %q, want %q", q, got, want)
		}
	}
	got := WithoutAskerFrame("I'm told that down in the corridors the scientist spots a wall panel. What did they conclude about it?")
	if !strings.Contains(got, "corridors") || strings.Contains(got, "told") {
		t.Errorf("WithoutAskerFrame(I'm told that …) = %q, want what was told kept", got)
	}
	if got := termTexts("I wonder whether you might tell me which branch of science, rather?"); slices.Contains(got, "wonder") || slices.Contains(got, "rather") {
		t.Errorf("Terms = %q, want no wonder or rather", got)
	}
	if !slices.Contains(StandIns("laboratory"), "lab") {
		t.Errorf("StandIns(laboratory) = %q, want lab", StandIns("laboratory"))
	}
	for q, want := range map[string][]string{
		"武大的宿舍有暖气吗？":      {"暖气"},
		"周末有活动吗？":         nil,
		"有人吗":             nil,
		"武大的宿舍有暖气，冬天会冷吗？": nil, // 有 in a clause that does not ask
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
}
