package text

import (
	"slices"
	"testing"
)

// Heldout65: a day of the week in any of its three spellings (礼拜六 is
// 周六 and 星期六), a weekend day stood in for by 周末; a time question's
// 当作 and 来办 date nothing; 弄准 a verb and its result; a period (抗战
// 时期) no name; the author and the publication of the work asked.
func TestWave65Words(t *testing.T) {
	for w, want := range map[string][]string{
		"礼拜六": {"周六", "星期六"},
		"礼拜天": {"周日", "周天", "星期日", "星期天", "礼拜日"},
		"星期三": {"周三", "礼拜三"},
		"周末":  nil, "礼拜八": nil, "周": nil,
	} {
		if got := Synonyms(w); !slices.Equal(got, want) {
			t.Errorf("Synonyms(%s) = %q, want %q", w, got, want)
		}
	}
	for w, want := range map[string]bool{"礼拜六": true, "星期天": true, "周日": true, "礼拜三": false, "周末": false} {
		if got := slices.Contains(StandIns(w), "周末"); got != want {
			t.Errorf("StandIns(%s) holds 周末: %v, want %v", w, got, want)
		}
	}
	if got := AskedFor("学校早年是把哪一年当作建校起点来办校庆的？"); !slices.Equal(got, []string{"建校", "起点", "校庆"}) {
		t.Errorf("AskedFor(把哪一年当作建校起点来办校庆的) = %q, want 建校 起点 校庆", got)
	}
	for w, want := range map[string]bool{"弄准": true, "搞清": false /* a dictionary word */, "李清": false, "张准": false, "骂惨": true} {
		if got := IsVerbResult(w); got != want {
			t.Errorf("IsVerbResult(%s) = %v, want %v", w, got, want)
		}
	}
	if namedPeriod("宁德时代") || !namedPeriod("民国年间") {
		t.Errorf("namedPeriod(宁德时代) = %v (a firm), namedPeriod(民国年间) = %v", namedPeriod("宁德时代"), namedPeriod("民国年间"))
	}
	if IsName("抗战时期") || IsUnknownWord("民国时期") || !IsName("雷军") || !IsUnknownWord("瑞幸") {
		t.Errorf("a period is no name, a name is: 抗战时期 %v, 民国时期 %v, 雷军 %v, 瑞幸 %v", IsName("抗战时期"), IsUnknownWord("民国时期"), IsName("雷军"), IsUnknownWord("瑞幸"))
	}
	for q, want := range map[string][]string{
		"Who wrote Operation: Dulce and when did it first come out?": {"wrote", "published"},
		"Who wrote the message on the wall?":                         nil,
		"When did the truth come out?":                               nil,
	} {
		got := AskedFor(q)
		for _, w := range want {
			if !slices.Contains(got, Stem(w)) && !slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %q, want %s", q, got, w)
			}
		}
		if want == nil && len(got) > 0 {
			t.Errorf("AskedFor(%q) = %q, want nothing", q, got)
		}
	}
}

// New-user trial 37: 每年 is how often, never what is asked ("跟学校附近比
// 每年能省多少钱？" was refused for it); an English question about the lease
// and the monthly rent is read through the glossary's 租约, 签约, 月租.
func TestTrial37Words(t *testing.T) {
	q := "写字楼商圈的铺面月租多少？跟学校附近比每年能省多少钱？"
	if got := AskedFor(q); slices.Contains(got, "每年") || !slices.Contains(got, "月租") {
		t.Errorf("AskedFor(%q) = %q, want 月租 and no 每年", q, got)
	}
	for w, zh := range map[string]string{"lease": "签约", "rent": "月租", "monthly": "每月", "contract": "合同", "rental": "租金"} {
		if !slices.Contains(enZH[w], zh) {
			t.Errorf("enZH[%s] = %v, want %s", w, enZH[w], zh)
		}
	}
}
