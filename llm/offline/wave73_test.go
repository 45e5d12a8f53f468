package offline

import (
	"slices"
	"testing"
)

// A question asking which platforms holds its 平台 in a sentence naming
// two platforms, and its 比例 in a share stated as a figure (new-user
// trials 39 and 40: "讨论李明咖啡店的主要是哪几个平台，各占多少比例？" was
// answered by a sentence repeating its other words, not by "小红书占46%，
// 抖音占31%"); 平台 of a question not asking which platforms is not.
func TestPlatformsAndShareShown(t *testing.T) {
	shares := &sentence{text: "声量的平台分布为：小红书占46%，抖音占31%", lower: "声量的平台分布为：小红书占46%，抖音占31%"}
	listed := &sentence{text: "小红书和抖音的笔记最多", lower: "小红书和抖音的笔记最多"}
	none := &sentence{text: "讨论李明咖啡店的主要是上班族", lower: "讨论李明咖啡店的主要是上班族"}
	term := func(q, w string) qterm {
		qts := questionTerms(q)
		i := slices.IndexFunc(qts, func(qt qterm) bool { return qt.alts[0] == w })
		if i < 0 {
			t.Fatalf("questionTerms(%s) has no %s", q, w)
		}
		return qts[i]
	}
	q := "讨论李明咖啡店的主要是哪几个平台，各占多少比例？"
	if got := term(q, "平台").heldBy(listed); got != 1 {
		t.Errorf("平台 heldBy(a sentence naming two platforms) = %v, want 1", got)
	}
	if got := term(q, "平台").heldBy(none); got != 0 {
		t.Errorf("平台 heldBy(a sentence naming none) = %v, want 0", got)
	}
	if got := term(q, "比例").heldBy(shares); got != 1 {
		t.Errorf("比例 heldBy(a sentence stating shares) = %v, want 1", got)
	}
	if got := term(q, "比例").heldBy(listed); got != 0 {
		t.Errorf("比例 heldBy(a sentence stating no share) = %v, want 0", got)
	}
	if got := term("这家店在平台上做了什么推广？", "平台").heldBy(listed); got != 0 {
		t.Errorf("平台 of a question not asking which platforms heldBy(a list) = %v, want 0", got)
	}
}
