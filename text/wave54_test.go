package text

import (
	"slices"
	"testing"
)

// heldout54's kinds: when the asker is free (我一般周末才有空…，) is their
// frame; the A of an A-not-AB question glued to the word before it
// (去合/不/合适) cut back; 碰上, 搞点 no terms; 竞争力 an aspect word;
// 带火 and 转过 written as the texts write them; the Wuhan 男伢 and 女伢 one
// word each and synonyms of 男生 and 女生 (骂/女/伢 was read 骂女伢); in
// English the asker's closing guess (It feels like …) dropped and what a
// yes-or-no question asks one wears asked.
func TestWave54Words(t *testing.T) {
	checkTerms(t, "我一般周末才有空出去拍店，这家周末去合不合适？会不会碰上关门？", []string{"周末", "合适", "关门"}, []string{"有空", "拍店", "去合", "碰上"})
	checkTerms(t, "我一般周末才有空，武大周末开放吗？", []string{"武大"}, []string{"有空"})
	checkTerms(t, "网上有没有人提过周末想在店里搞点啥活动？", []string{"活动"}, []string{"搞点"})
	// heldout55: whom the asker prepares their case for, a first sentence
	checkTerms(t, "我在给学生准备一个小店危机公关的案例。网上对这家店的评论，正负面大概各占多少？", []string{"评论"}, []string{"危机", "公关", "案例"})
	checkTerms(t, "我在给学生准备的案例里，危机公关怎么写？", []string{"危机", "公关"}, nil)
	checkTerms(t, "现在又都骂女伢和学校，这个风向到底是么样转过来的？", []string{"女伢", "风向"}, []string{"骂女伢"})
	if !IsAspectWord("竞争力") {
		t.Error("竞争力 is no aspect word")
	}
	for w, in := range map[string]string{"带火": "探店", "转过": "反转"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	for w, syn := range map[string]string{"男伢": "男生", "女伢": "女生"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%s) = %v, want %s", w, Synonyms(w), syn)
		}
	}
	for q, want := range map[string]string{
		"What are the main themes? It feels like following the rules versus something else.": "What are the main themes?",
		"What are the main themes? Maybe trust and protocol.":                                "What are the main themes?",
		"What did Cruz carry? It seems like a rifle, not sure which one.":                    "What did Cruz carry? It seems like a rifle, not sure which one.",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	if got := splitReduplication([]string{"去合", "不", "行"}); !slices.Equal(got, []string{"去合", "不", "行"}) {
		t.Errorf("splitReduplication(去合/不/行) = %q: no A-not-AB, nothing to cut", got)
	}
	checkAsked(t, "Does Jordan Hayes wear glasses?", []string{"glass"}, nil)
	checkAsked(t, "Did Sam carry a rifle?", []string{"rifle"}, nil)
}
