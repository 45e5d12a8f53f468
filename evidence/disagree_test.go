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
