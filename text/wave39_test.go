package text

import (
	"slices"
	"testing"
)

// heldout39's English kinds: "he's" is a contraction, not a possessive; a
// clause asking what or who the whole of a noun phrase is asks for its
// last word (not a participle); what befalls the things "how many" counts
// is asked.
func TestWave39EnglishAsked(t *testing.T) {
	for _, c := range []struct {
		q       string
		want    []string // in AskedFor
		notWant []string
	}{
		{"At the first briefing, who needles Alex about whether he's getting cold feet?", nil, []string{"feet"}},
		{"Does Alex check Cruz's feet?", []string{"feet"}, nil}, // a possessive still asks
		{"Who signed off on Operation Dulce, and what was the budget?", []string{"budget"}, nil},
		{"Who was the first casualty?", []string{"casualty"}, nil},
		{"What is the mission called?", nil, []string{"called"}},
		{"How many members of the team are killed inside the base?", []string{"member", "killed"}, nil},
		{"How many members of the team enter the base?", []string{"member"}, []string{"enter"}},
		{"What's the keypad access code or password the team uses to open the room?", []string{"keypad", "access", "code", "password"}, nil},
		{"What was the joke Sam cracked in the elevator?", nil, []string{"joke", "crack"}}, // no alternatives: no phrase read
		{"What are the main themes running through the story?", nil, []string{"running", "run"}},
		{"Which state is the Dulce base located in?", []string{"state"}, nil},
		{"What state of mind is Alex in when he joins?", nil, []string{"state"}}, // no place asked
	} {
		got := AskedFor(c.q)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %q, want %s in it", c.q, got, w)
			}
		}
		for _, w := range c.notWant {
			if slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %q, want no %s", c.q, got, w)
			}
		}
	}
}

// heldout39's Chinese kinds: 百分之 links a change to the figure asked (涨了
// 百分之多少 asks for no 百分之, a percentage the texts write 186%); an
// intensifier and a quality (齁甜) is a graded quality, never an unknown
// name; 武大 is an abbreviation, not a person; the synonym groups of a
// rule, a rating and a decision.
func TestWave39Chinese(t *testing.T) {
	if got := AskedFor("频次比过去五年同期涨了百分之多少？"); slices.Contains(got, "百分之") {
		t.Errorf("AskedFor = %q: 百分之 is how the figure is asked", got)
	}
	if got := AskedFor("门票价格是多少？"); !slices.Contains(got, "门票价格") && !slices.Contains(got, "价格") {
		t.Errorf("AskedFor = %q, want the price asked", got)
	}
	for w, want := range map[string]bool{"齁甜": true, "巨贵": true, "很好": true, "超市": false, "太阳": false, "甜齁": false, "齁": false} {
		if got := IsDegreeWord(w); got != want {
			t.Errorf("IsDegreeWord(%s) = %v, want %v", w, got, want)
		}
	}
	for w, want := range map[string]bool{"武大": true, "李明": false, "北京大学": true, "王芳": false, "大学": false} {
		if got := IsOtherName(w); got != want {
			t.Errorf("IsOtherName(%s) = %v, want %v", w, got, want)
		}
	}
	for w, syn := range map[string]string{"规矩": "规定", "分数": "评分", "下决心": "决定"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%s) = %q, want %s", w, Synonyms(w), syn)
		}
	}
}

// Whether there is a thing is asked of the nouns after 有没有 that end the
// clause (or come before 之类); a verb after them asks whether something
// was done. The charge of a thing is asked of the thing before 怎么收费.
func TestWave39ExistsAndFee(t *testing.T) {
	for q, want := range map[string][]string{
		"除了拿铁美式，店里有没有手冲或冷萃之类的做法？": {"手冲", "冷萃"},
		"有没有冷萃咖啡？":            {"冷萃", "咖啡"},
		"是否有备份供应商？":           {"备份", "供应商"},
		"武大保卫部有没有出面回应？":       nil,
		"之後有冇加返？":             nil,
		"店里有没有办会员卡充值送钱之类的优惠？": nil,
		"校内停车场怎么收费？":          {"停车场"},
		"怎么收费？":               nil,
		"店里是否卖手冲？":            nil, // 是否 reads a thing only with 有 after it, or an agreed verb's (agreedAsked: 提供, heldout80)
		"停车场怎么走？":             nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
	for w, in := range map[string]string{"形象": "画像", "路线": "定位"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %q, want %s", w, StandIns(w), in)
		}
	}
	if !slices.Contains(Synonyms("再开"), "第二家门店") {
		t.Errorf("Synonyms(再开) = %q", Synonyms("再开"))
	}
}

// heldout40's kinds: a word right after 开始 is a verb whatever its tag
// (张罗), never the dated event's asked word; the object of a light verb
// after 有没有 is asked (上诉); an interval is a kind of answer, not a
// thing.
func TestWave40Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"李明是什么时候开始张罗开店的？":             {"开始", "开店"},
		"张平文是哪一年开始担任武汉大学校长的？":         {"开始", "担任", "武汉大学", "校长"},
		"杨某后来有没有提起上诉？":                {"上诉"},
		"有没有上诉？":                      {"上诉"}, // since heldout45: a formal act ending the clause
		"有没有动摇？":                      nil,    // a verb of a state, no light verb before it
		"学校有没有进行调查？":                  {"调查"},
		"What interval did they set?": nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
	for _, c := range []struct {
		q, w string
		want bool
	}{
		{"李明是什么时候开始张罗开店的？", "张罗", true},
		{"张罗是谁？", "张罗", false},
		{"正在筹备第二家店吗", "筹备", true},
	} {
		if got := AfterAspectual(c.q, c.w); got != c.want {
			t.Errorf("AfterAspectual(%q, %q) = %v", c.q, c.w, got)
		}
	}
}

// The new-user trial of session 28: a doer's noun is held through its
// verb (创办人 → 创办; not 中国人, a name's people); a role is a person's;
// an English number is no term (the texts write 三个月).
func TestTrial28(t *testing.T) {
	for w, want := range map[string]string{"创办人": "创办", "创立者": "创立", "中国人": "", "老人": "", "会员": ""} {
		if got := AgentVerb(w); got != want {
			t.Errorf("AgentVerb(%s) = %q, want %q", w, got, want)
		}
	}
	for w, want := range map[string]bool{"校长": true, "店长": true, "测绘": false} {
		if got := IsPersonTitle(w); got != want {
			t.Errorf("IsPersonTitle(%s) = %v", w, got)
		}
	}
	if got := TermTexts(Terms("How many members did the shop get in three months?")); slices.Contains(got, "three") {
		t.Errorf("Terms = %q: three is no term", got)
	}
}
