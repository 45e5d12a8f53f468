package text

import "testing"

func TestWithoutFloor(t *testing.T) {
	for s, want := range map[string]string{
		"3楼：那家店周末人少":   "那家店周末人少",
		"楼主：我们楼下的咖啡店":  "我们楼下的咖啡店",
		"回复 张三：同意":     "同意",
		"#2: agreed":   "agreed",
		"12楼的会议室在装修":   "", // a building's floor, no colon: kept
		"2楼：":          "", // nothing after the label
		"李明咖啡店的拿铁卖28元": "",
	} {
		got, ok := WithoutFloor(s)
		if ok != (want != "") || ok && got != want || !ok && got != s {
			t.Errorf("WithoutFloor(%q) = %q, %v; want %q", s, got, ok, want)
		}
	}
}
