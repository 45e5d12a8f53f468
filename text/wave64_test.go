package text

import (
	"slices"
	"testing"
)

// Heldout64: a body named by its members and a suffix (学生会, 研究生院)
// is another thing than its members: no parts, and asked for when a
// yes-or-no clause asks whether it acted (actorsAsked), its 会 kept; a
// noun there that names no body is the matter asked about (风向), and an
// event named by its verb keeps the verb as its part (发布会). 几点 asks;
// 吐槽 and 避坑 are words of their own (店吐槽 was one unknown word).
func TestWave64Words(t *testing.T) {
	for w, want := range map[string]bool{"学生会": true, "研究生会": true, "研究生院": true, "校友会": true, "学生处": true,
		"发布会": false, "演唱会": false, "宣传部": false, "学生": false, "会": false, "雷军会": false, "工会": false} {
		if got := Organization(w); got != want {
			t.Errorf("Organization(%s) = %v, want %v", w, got, want)
		}
	}
	for w, want := range map[string][]string{"学生会": nil, "研究生院": nil, "发布会": {"发布"}, "樱花季": {"樱花", "花季"}} {
		if got := parts(w); !slices.Equal(got, want) {
			t.Errorf("parts(%s) = %q, want %q", w, got, want)
		}
	}
	q := "图书馆事件闹得这么大，武大的学生会或者研究生会有没有代表学生出来发过声明？"
	if got := AskedFor(q); !slices.Contains(got, "学生会") || !slices.Contains(got, "研究生会") || slices.Contains(got, "研究生") {
		t.Errorf("AskedFor(%q) = %q, want 学生会 and 研究生会, not 研究生", q, got)
	}
	for _, q := range []string{"断货那阵子风向有没有变，后来缓过来了吗？", "学校当时有没有回应？"} {
		if got := AskedFor(q); slices.Contains(got, "风向") || slices.Contains(got, "学校") {
			t.Errorf("AskedFor(%q) = %q: the matter or a place before 有没有 is asked for", q, got)
		}
	}
	if got := AskedFor("学校的学生处当时有没有回应？"); !slices.Contains(got, "学生处") {
		t.Errorf("AskedFor(学生处当时有没有回应) = %q, want 学生处 past the adverb", got)
	}
	checkTerms(t, "常去的人对这家店吐槽最多的是哪几点？想提前避坑", []string{"吐槽"}, []string{"几点", "店吐槽"})
	if ws := Words("对这家店吐槽最多"); !slices.Contains(ws, "店") || !slices.Contains(ws, "吐槽") {
		t.Errorf("Words(对这家店吐槽最多) = %q, want 店 and 吐槽", ws)
	}
}
