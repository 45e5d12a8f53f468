package prompts

import "testing"

// A finding read out of its chapter loses its enumerator or connective;
// examples, sentences about the report and ones pointing back are refused.
func TestStandaloneFinding(t *testing.T) {
	for in, want := range map[string]string{
		"第一，共同的引爆点": "共同的引爆点",
		"2. 校方回应":   "校方回应",
		"2、校方回应":    "校方回应",
		"（3）舆情反弹":   "舆情反弹",
		"①情绪分化":     "情绪分化",
		"首先，网友质疑":   "网友质疑",
		"2022年回应时长": "2022年回应时长", // a year, not an enumerator
		"一方面网友认为":   "一方面网友认为",
	} {
		if got, ok := StandaloneFinding(in); got != want || !ok {
			t.Errorf("StandaloneFinding(%q) = %q, %v, want %q, true", in, got, ok, want)
		}
	}
}

func TestStandaloneFindingRefused(t *testing.T) {
	for _, in := range []string{"例如，一名副教授被举报", "本报告旨在剖析两个阶段", "这一阶段的争议埋下伏笔", "2. 这些网友认为"} {
		if _, ok := StandaloneFinding(in); ok {
			t.Errorf("StandaloneFinding(%q) accepted", in)
		}
	}
}
