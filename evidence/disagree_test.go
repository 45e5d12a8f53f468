package evidence

import (
	"strings"
	"testing"

	"reportengine/forum"
)

// The same measure told differently by two passages is noted on both
// (the fixture's two insight speeches: “地域黑”一词 1,847次→512次, then
// 1,847次→68次): a trend of the same start, unit and measure with another
// end. Not noted: the same trend twice, another measure from the same
// start value (情感 shared alone), another unit.
func TestMarkDisagreements(t *testing.T) {
	speech := func(at, text string) forum.Entry {
		return forum.Entry{Time: at, Speaker: "INSIGHT", Content: text}
	}
	set := Collect(Input{Topic: "武汉大学", Forum: []forum.Entry{
		speech("12:45:11", "“地域黑”一词则由峰值1,847次降至512次，显示议题焦点从地缘冲突转向程序正义。"),
		speech("12:49:41", "“地域黑”一词出现频次由峰值1,847次降至68次，显示议题焦点完成迁移。"),
		speech("12:50:00", "负向情感中“嘲讽”类从12%飙升至48%，情绪明显激化。"),
		speech("12:51:00", "情感走势：信赖从12%降至10%，整体情绪趋冷。"),
		speech("12:52:00", "外省“维权派”从54.2%升至67.4%，议题继续扩散。"),
		speech("12:53:00", "外省“维权派”从54.2%升至67.4%，与前次相同。"),
	}})
	var ids []string
	for _, it := range set.Items {
		ids = append(ids, it.ID)
	}
	checked := 0
	for _, f := range set.Figures {
		it, _ := set.Item(f.ItemID)
		switch {
		case strings.Contains(it.Text, "降至512次"):
			checked++
			if !strings.HasPrefix(f.Disagree, "1,847次→68次[") {
				t.Errorf("%s %s: Disagree %q, want the 68次 trend", f.ItemID, f.Raw, f.Disagree)
			}
		case strings.Contains(it.Text, "降至68次"):
			checked++
			if !strings.HasPrefix(f.Disagree, "1,847次→512次[") {
				t.Errorf("%s %s: Disagree %q, want the 512次 trend", f.ItemID, f.Raw, f.Disagree)
			}
		default:
			if f.Disagree != "" {
				t.Errorf("%s %s (%q): Disagree %q, want none", f.ItemID, f.Raw, it.Text, f.Disagree)
			}
		}
	}
	if checked != 4 {
		t.Errorf("%d figures of the two 地域黑 trends, want 4 (ids %v)", checked, ids)
	}
}

// A figure that ends one trend and starts the next gets the notes of both,
// the earlier trend's first (E1's 512次 is a value of 1,847次→512次, which
// E2 tells as 1,847次→300次, and of 512次→68次, which E3 tells as
// 512次→100次), and a trend without a note erases none (E4's 20% keeps
// the note of 10%→20% though 20%→30% has none).
func TestMarkDisagreementsSharedFigure(t *testing.T) {
	const words, share = "“地域黑”一词出现频次", "负向情感占比"
	fig := func(item, label, sentence, raw, unit string) Figure {
		return Figure{ItemID: item, Label: label, Sentence: sentence, Raw: raw, Unit: unit}
	}
	s := &Set{Figures: []Figure{
		fig("E1", words, "由1,847次降至512次再降至68次", "1,847次", "次"),
		fig("E1", words, "由1,847次降至512次再降至68次", "512次", "次"),
		fig("E1", words, "由1,847次降至512次再降至68次", "68次", "次"),
		fig("E2", words, "由1,847次降至300次", "1,847次", "次"),
		fig("E2", words, "由1,847次降至300次", "300次", "次"),
		fig("E3", words, "由512次降至100次", "512次", "次"),
		fig("E3", words, "由512次降至100次", "100次", "次"),
		fig("E4", share, "从10%升至20%再升至30%", "10%", "%"),
		fig("E4", share, "从10%升至20%再升至30%", "20%", "%"),
		fig("E4", share, "从10%升至20%再升至30%", "30%", "%"),
		fig("E5", share, "从10%升至25%", "10%", "%"),
		fig("E5", share, "从10%升至25%", "25%", "%"),
	}}
	s.markDisagreements()
	want := []string{
		"1,847次→300次[E2]", "1,847次→300次[E2]；512次→100次[E3]", "512次→100次[E3]",
		"1,847次→512次[E1]", "1,847次→512次[E1]",
		"512次→68次[E1]", "512次→68次[E1]",
		"10%→25%[E5]", "10%→25%[E5]", "",
		"10%→20%[E4]", "10%→20%[E4]",
	}
	for i, f := range s.Figures {
		if f.Disagree != want[i] {
			t.Errorf("%s %s: Disagree %q, want %q", f.ItemID, f.Raw, f.Disagree, want[i])
		}
	}
}
