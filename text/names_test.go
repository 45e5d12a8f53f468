package text

import (
	"slices"
	"testing"
)

// NamedThing: the thing whose name is asked, the terms right before it
// with no 的 between, and its owner before a 的; nothing for a name
// question that asks who does something, what a clause describes, or who
// a name is.
func TestNamedThing(t *testing.T) {
	for _, tc := range []struct {
		q, thing string
		mods     []string
		owner    string
	}{
		{"第二家供应商叫啥名", "供应商", []string{"第二家"}, ""},
		{"杨景媛的硕士导师叫什么名字？", "导师", []string{"硕士"}, "杨景媛"},
		{"后来加的那家备用咖啡豆供应商叫什么名字？", "供应商", []string{"咖啡豆", "备用"}, "后来加"},
		{"现在店长是谁？", "店长", nil, ""},
		{"供应商的名字是什么？", "供应商", nil, ""},
		{"张伟是谁？", "", nil, ""}, // who 张伟 is, not a name
		{"李明是谁？", "", nil, ""}, // a name the dictionary knows
		{"工作专班组长是谁？", "组长", []string{"专班", "工作"}, ""},
		{"逼停骑车学生的是谁？", "", nil, ""},      // what a clause describes
		{"店里平时的日常运营是谁在负责？", "", nil, ""}, // who does it
		{"咖啡豆多少钱一公斤？", "", nil, ""},
	} {
		th, mods, owner := NamedThing(tc.q)
		if th != tc.thing || !slices.Equal(mods, tc.mods) || owner != tc.owner {
			t.Errorf("NamedThing(%q) = %q %q %q, want %q %q %q", tc.q, th, mods, owner, tc.thing, tc.mods, tc.owner)
		}
	}
}

func TestNameShaped(t *testing.T) {
	for w, want := range map[string]bool{"王芳": true, "辛某": true, "肖某某": true, "Hayes": true, "武汉大学": true, "作为": false, "备份": false, "指导": false, "hayes": false} {
		if got := NameShaped(w); got != want {
			t.Errorf("NameShaped(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestTimedThingAndInvestment(t *testing.T) {
	for q, want := range map[string]string{
		"店里工作日早上几点开门？":      "开门",
		"这家店晚上几点关门？":        "关门",
		"国家图书馆的开放时间是几点到几点？": "开放时间",
		"门店什么时间开门？":         "开门",
		"门店每天营业多久？":         "",
		"一点也不贵吗？":           "",
	} {
		if got := TimedThing(q); got != want {
			t.Errorf("TimedThing(%q) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]bool{
		"李明开这家店前期一共投了多少钱？": true,
		"开店的启动资金是多少？":      true,
		"雷军给母校捐了多少钱？":      false,
		"断货亏了多少钱？":         false,
		"投票的人有多少？":         false,
	} {
		if got := AsksInvestment(q); got != want {
			t.Errorf("AsksInvestment(%q) = %v, want %v", q, got, want)
		}
	}
}

// What a yes-or-no clause asks befell someone is asked and measured; a
// passive that is not asked about is neither.
func TestPassiveAsked(t *testing.T) {
	for q, want := range map[string]string{
		"张平文后来有没有因为这件事被免职？":   "免职",
		"李明咖啡店有没有被市场监管部门罚过款？": "罚款",
		"杨景媛是否被学校处分":          "处分",
		"他被免职后去了哪里？":          "",
		"有没有人投诉？":             "",
	} {
		got := Measured(q)
		if want == "" {
			for _, c := range []string{"免职"} {
				if slices.Contains(got, c) {
					t.Errorf("Measured(%q) = %q: no yes-or-no clause asks %s", q, got, c)
				}
			}
			continue
		}
		if !slices.Contains(got, want) || !slices.Contains(AskedFor(q), want) {
			t.Errorf("Measured(%q) = %q, AskedFor %q: want %s in both", q, got, AskedFor(q), want)
		}
	}
}

// A surname and a title are one term; a title alone stays itself.
func TestSurnameTitleJoined(t *testing.T) {
	for q, want := range map[string]string{"肖同学受到了哪些伤害？": "肖同学", "张校长怎么回应的？": "张校长", "同学们怎么看？": "同学"} {
		var got []string
		for _, tm := range Terms(q) {
			got = append(got, tm.Text)
		}
		if !slices.Contains(got, want) {
			t.Errorf("Terms(%q) = %q, want %s in it", q, got, want)
		}
	}
}

// English: the thing "which" asks for before a verb is measured; a
// conclusion or a finding is an aspect, never asked for.
func TestEnglishWhichNounAndAspects(t *testing.T) {
	if got := Measured("Which general signed the order that sent the squad?"); !slices.Contains(got, "general") {
		t.Errorf("Measured = %q, want general", got)
	}
	if got := AskedFor("What conclusion does Sam Rivera reach about the signal?"); slices.Contains(got, "conclusion") {
		t.Errorf("AskedFor = %q: conclusion is an aspect", got)
	}
}

func TestQuotes(t *testing.T) {
	got := Quotes(`新华社批评那句“等上级安排”和「正在处理中」，还有“甩锅”和 "wait for orders"`)
	want := []string{"等上级安排", "正在处理中", "wait for orders"}
	if !slices.Equal(got, want) {
		t.Errorf("Quotes = %q, want %q", got, want)
	}
}

// Former work is asked by a word of the past before one of work, or a work
// verb with 过; work now is not.
func TestAsksPastJob(t *testing.T) {
	for q, want := range map[string]bool{
		"店长王芳以前在哪儿工作过？":      true,
		"王芳开这家店之前在哪家咖啡馆上过班？": true,
		"他开咖啡店之前是做什么工作的？":    true,
		"王芳在哪家咖啡馆工作过？":       true,
		"王芳平时工作忙吗？":          false,
		"店里有几个人上班？":          false,
	} {
		if got := AsksPastJob(q); got != want {
			t.Errorf("AsksPastJob(%q) = %v, want %v", q, got, want)
		}
	}
}

// English: a wife or family asked of someone is a fact of a life; a
// duration in years is measured as written; the thing whose name is
// asked is measured.
func TestEnglishLifeDurationName(t *testing.T) {
	if got := AskedFor("Does Alex Mercer have a wife or family waiting for him?"); !slices.Equal(got, []string{"wife", "family"}) {
		t.Errorf("AskedFor = %q, want [wife family]", got)
	}
	if got := AskedFor("Does Taylor Cruz have a plan?"); slices.Contains(got, "plan") {
		t.Errorf("AskedFor = %q: a plan is no fact of a life", got)
	}
	if got := Measured("How many years has Taylor Cruz served in the squad?"); !slices.Equal(got, []string{"years"}) {
		t.Errorf("Measured = %q, want [years]", got)
	}
	if got := Measured("What is the name of the commanding officer who ordered it?"); !slices.Contains(got, "officer") {
		t.Errorf("Measured = %q, want officer", got)
	}
}

// Time deictics are no terms; 这件事说 leaves no 事说.
func TestDeicticsAndGluedVerb(t *testing.T) {
	for q, not := range map[string]string{"刚开业那阵子是怎么宣传的？": "那阵子", "有没有企业因为这件事说以后不招武大毕业生？": "事说"} {
		for _, tm := range Terms(q) {
			if tm.Text == not {
				t.Errorf("Terms(%q) holds %s", q, not)
			}
		}
	}
	for w, syn := range map[string]string{"热闹": "热度", "题目": "题为"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%s) = %q, want %s", w, Synonyms(w), syn)
		}
	}
}

func TestAsksOverallEvaluation(t *testing.T) {
	for q, want := range map[string]bool{"大家对这家店总体评价怎样？": true, "网友对武大的整体印象如何？": true, "顾客怎么评价王芳？": false} {
		if got := AsksSentiment(q); got != want {
			t.Errorf("AsksSentiment(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestAsksPeople(t *testing.T) {
	for q, want := range map[string]bool{"来店里消费的主要是哪些人？": true, "讨论这家店的主要是哪类人？": true, "为啥周末没什么人去，顾客都抱怨啥": false, "店里卖什么？": false} {
		if got := AsksPeople(q); got != want {
			t.Errorf("AsksPeople(%q) = %v, want %v", q, got, want)
		}
	}
	if got := Terms("网上说有企业因为这件事不招武大毕业生"); slices.ContainsFunc(got, func(t Term) bool { return t.Text == "事不招" }) {
		t.Errorf("Terms hold 事不招: %v", got)
	}
}
