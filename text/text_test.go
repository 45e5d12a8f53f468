package text

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The calibration questions, cut as the library's dictionary
// (trimmed to frequency ≥ 10) cuts them; "/" joins the words.
func TestWordsChinese(t *testing.T) {
	cases := map[string]string{
		"李明在经营咖啡店过程中都经历了哪些挑战？": "李明/在/经营/咖啡店/过程/中/都/经历/了/哪些/挑战",
		"咖啡店开在哪里，为什么选那里？":      "咖啡店/开在/哪里/为什么/选/那里",
		"负面情绪主要来自哪些平台？":        "负面/情绪/主要/来自/哪些/平台",
		"火星殖民计划的进展如何？":         "火星/殖民/计划/的/进展/如何",
		"今天天气怎么样？":             "今天/天气/怎么样",
		"武汉大学图书馆性骚扰事件的舆情演变":    "武汉大学/图书馆/性骚扰/事件/的/舆情/演变",
	}
	for q, want := range cases {
		if got := strings.Join(Words(q), "/"); got != want {
			t.Errorf("Words(%q) = %s, want %s", q, got, want)
		}
	}
}

func TestWordsMixed(t *testing.T) {
	got := Words("李明的咖啡店用了 SaaS 工具, GPT-4 v1.2 and Don't-stop café!")
	want := []string{"李明", "的", "咖啡店", "用", "了", "saas", "工具", "gpt-4", "v1.2", "and", "don't-stop", "café"}
	if !slices.Equal(got, want) {
		t.Fatalf("Words = %q, want %q", got, want)
	}
	if got := Words("…—, 。"); len(got) != 0 {
		t.Fatalf("punctuation only: %q", got)
	}
}

func TestTerms(t *testing.T) {
	cases := map[string]string{
		"李明在经营咖啡店过程中都经历了哪些挑战？":                              "李明 经营 咖啡店 过程 经历 挑战",
		"咖啡店开在哪里，为什么选那里？":                                   "咖啡店",         // 开在 (unknown) loses 在, then 开 and 选 are one rune; 哪里/为什么/那里 stop words
		"网友对断货事件有什么反应？":                                     "网友 断货 事件 反应", // the HMM's 对断 loses the particle 对, and 断 joins 货
		"拿铁和美式各卖多少钱？":                                       "拿铁 美式",       // 拿/铁: the dictionary lacks 拿铁
		"国立武汉大学是哪一年组建的？":                                    "国立 武汉大学 组建",  // 哪一年 asks for a year
		"李明开店前考察了哪几个地点？":                                    "李明 开店 考察 地点",
		"武汉大学在世界大学排名中位列第几？":                                 "武汉大学 世界 大学 排名 位列",
		"樱花季网友怎么看？":                                         "樱花季 网友", // 季, a one-rune noun, binds to 樱花 (bindSingles)
		"负面情绪主要来自哪些平台？":                                     "负面 情绪 来自 平台",
		"今天天气怎么样？":                                          "今天 天气",
		"Who is Alex Mercer?":                               "alex mercer",
		"What do the Dulce base's companies and agents do?": "dulce base company agent",
		"Which organization do the agents belong to?":       "agent",        // the kind of answer asked for, and its verb, name nothing
		"总体来看，李明咖啡店的经营情况怎么样？":                               "总体 李明 咖啡店 经营", // 来看 (总体来看, 从…来看) frames the question
		"对李明来说，最大的挑战是什么？":                                   "李明 挑战",
		"这家店眼下面临的风险主要有哪些方面？":                                "风险",              // 眼下 and 面临 are stop words: 店 does not bind to it (店眼下)
		"事情刚闹出来的时候，学校给那个男生什么处分？":                            "学校 男生 处分",        // 刚, 出来 and 事情 are stop words: 刚闹 is no term
		"拿铁和美式差了几块钱？":                                       "拿铁 美式",           // 几块钱 less its 几 is 块钱, a unit (a stop word)
		"会员活动咋搞的 效果呢":                                       "会员 活动 效果",        // 咋 is a stop word (咋搞 is no name)
		"判完之后武大啥时候出的通报":                                     "武大 通报",           // 判完 opening the question is a verb and its complement
		"桂花拿铁首月卖得咋样":                                        "桂花 拿铁首",          // 月 starts no name (月卖)
		"樱花门票多少钱一张":                                         "樱花 门票",           // 钱 binds to no count (钱一张); 一张 a count (countWord)
		"武汉大学的正面形象主要靠什么撑起来？":                                "武汉大学 正面 形象",      // 起来, a complement, is a stop word
		"整体而言，这家店面临哪些主要风险和机会？":                              "风险 机会",           // 整体而言 frames the question; 店 is 这家's noun, not 店面临; 面临 a stop word
		"李明咖啡店的抹茶拿铁卖多少钱？":                                   "李明 咖啡店 抹茶 拿铁",    // 拿/铁卖: the verb glued to the run's last character is cut off
		"武大的樱花最早是哪一年种下的？":                                   "武大 樱花 最早 种下",     // 种下 has synonyms (种植): not cut to 种
		"杨景媛的微信号是多少？":                                       "杨景媛 微信号",         // 号 makes an id of the word before it
		"武大的樱花最早是哪年种下的，当时种了多少棵？":                            "武大 樱花 最早 种下",     // 哪/年种/下: 种 and 下 make 种下, a word of the synonym table
		"据报道，网传有企业不再招收武大毕业生？":                               "报道 企业 招收 武大 毕业生", // 网传 frames the question (据/报道: 报道 stays)
		"肖某某家里为这场官司花了多少律师费？":                                "肖某某 家里 官司 律师费",   // 费 makes a fee of the word before it; 这场 a determiner
		"简单汇总一下这家店目前面临的主要风险。":                               "风险",              // 简单汇总一下 is the request, not its subject
		"哪个月网上讨论量最高，是什么事带起来的？":                              "讨论量 峰值",          // 网上 frames; 事带 is 事 and the verb it drives; the month at its most is dated as its 峰值
		"比特币今天什么价格？":                                        "比特币 今天 价格",       // 比 starts 比特, a noun: not trimmed as the stop word 比 (特币)
		"网友对断货事件怎么看":                                        "网友 断货 事件",        // 对 starts no noun (对断): trimmed
		"是什么？":                                              "",
		"猫呢？":                                               "猫", // only one-rune words: they are the terms
	}
	for q, want := range cases {
		if got := strings.Join(TermTexts(Terms(q)), " "); got != want {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
	}
	// one-rune words join only when they stand together in the question
	if got := TermTexts(Terms("拿，铁")); !slices.Equal(got, []string{"拿", "铁"}) {
		t.Errorf("singles apart: %q", got)
	}
	// an unknown word of 3 runes is also matched by its two-rune pieces;
	// a dictionary word only by its dictionary words
	// (拿铁首 of 拿铁首月; 拿铁卖 is the thing and how it sells: 拿铁, unglue)
	if ts := Terms("桂花拿铁首月卖得咋样"); len(ts) != 2 || ts[1].Text != "拿铁首" || !slices.Equal(ts[1].Parts, []string{"拿铁", "铁首"}) {
		t.Errorf("Terms(桂花拿铁首月卖得咋样) = %+v", ts)
	}
	if ts := Terms("桂花拿铁卖得怎么样？"); !slices.Equal(ts[0].Parts, SubWords("桂花")) {
		t.Errorf("dictionary word 桂花: parts %q", ts[0].Parts)
	}
	if ts := Terms("咖啡店的会员"); !IsDictWord("咖啡店") || !slices.Equal(ts[0].Parts, SubWords("咖啡店")) {
		t.Errorf("dictionary word 咖啡店: parts %q, want %q", ts[0].Parts, SubWords("咖啡店"))
	}
	// a term is listed once even when the question repeats it
	if got := TermTexts(Terms("Mercer and mercer's team")); !slices.Equal(got, []string{"mercer", "team"}) {
		t.Errorf("repeated term: %q", got)
	}
}

func TestTermParts(t *testing.T) {
	ts := Terms("武汉大学图书馆的通报")
	var parts []string
	for _, tm := range ts {
		if tm.Text == "武汉大学" {
			parts = tm.Parts
		}
	}
	// the two- and three-rune dictionary words inside, never the word itself
	if !slices.Contains(parts, "武汉") || !slices.Contains(parts, "大学") || slices.Contains(parts, "武汉大学") {
		t.Fatalf("parts of 武汉大学 = %q", parts)
	}
	if SubWords("网友") != nil || SubWords("agents") != nil {
		t.Fatal("SubWords of a two-rune or Latin word must be nil")
	}
}

func TestStem(t *testing.T) {
	cases := map[string]string{
		"companies": "company", "agents": "agent", "boxes": "box", "matches": "match", "classes": "class",
		"class": "class", "virus": "virus", "analysis": "analysis", "saas": "saas", "gas": "gas", "its": "its",
		"base's": "base", "mercer": "mercer", "gpt-4": "gpt-4",
	}
	for in, want := range cases {
		if got := Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStopWords(t *testing.T) {
	for _, w := range []string{"什么", "为什么", "哪些", "怎么样", "的", "吗", "请问", "the", "who", "tell"} {
		if !IsStopWord(w) {
			t.Errorf("%q is not a stop word", w)
		}
	}
	for _, w := range []string{"咖啡店", "樱花", "平台", "mercer", "火星"} {
		if IsStopWord(w) {
			t.Errorf("%q is a stop word", w)
		}
	}
}

func TestGeneralShare(t *testing.T) {
	// 计划 is far more common in general text than 樱花 (dictionary
	// frequencies 19 799 and 178); words the dictionary lacks have 0.
	if a, b := GeneralShare("计划"), GeneralShare("樱花"); !(a > 50*b && b > 0) {
		t.Fatalf("GeneralShare(计划) = %g, GeneralShare(樱花) = %g", a, b)
	}
	if GeneralShare("mercer") != 0 || GeneralShare("咖啡店李明王芳") != 0 {
		t.Fatal("unknown words must have share 0")
	}
	// numbers and everyday English words are not rare
	if GeneralShare("2022") != numberShare || GeneralShare("price") != commonShareEN || GeneralShare("work") != commonShareEN {
		t.Fatalf("2022 %g, price %g, work %g", GeneralShare("2022"), GeneralShare("price"), GeneralShare("work"))
	}
	if !IsDictWord("樱花") || IsDictWord("对断") || IsDictWord("mercer") {
		t.Fatal("IsDictWord")
	}
}

// Words is safe for concurrent use, including the first load.
func TestWordsConcurrent(t *testing.T) {
	qs := []string{"李明在经营咖啡店过程中都经历了哪些挑战？", "樱花季网友怎么看？", "负面情绪主要来自哪些平台？"}
	want := make([]string, len(qs))
	for i, q := range qs {
		want[i] = strings.Join(Words(q), "/")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 20 {
				i := (g + k) % len(qs)
				if got := strings.Join(Words(qs[i]), "/"); got != want[i] {
					errs <- fmt.Sprintf("%q: %s, want %s", qs[i], got, want[i])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func BenchmarkLoadDictionary(b *testing.B) {
	for b.Loop() {
		_ = loadSegmenter()
	}
}

func BenchmarkTerms(b *testing.B) {
	segmenter()
	for b.Loop() {
		Terms("李明在经营咖啡店过程中都经历了哪些挑战？")
	}
}

// A month is held in any of its spellings (九月份 by 9月); other words
// ending in 月 are not months (岁月, 十三月).
func TestMonthSpellings(t *testing.T) {
	for w, want := range map[string][]string{
		"九月份": {"9月", "9月份", "九月"},
		"9月":  {"9月份", "九月", "九月份"},
		"十二月": {"12月", "12月份", "十二月份"},
		"岁月":  nil,
		"十三月": nil,
		"13月": nil,
		"09月": nil,
		"月份":  nil,
	} {
		if got := Synonyms(w); !slices.Equal(got, want) {
			t.Errorf("Synonyms(%q) = %q, want %q", w, got, want)
		}
	}
	if ts := Terms("从开张到九月份发生了什么"); len(ts) != 3 || !slices.Contains(ts[1].Synonyms, "9月") || !slices.Contains(ts[0].Synonyms, "开业") {
		t.Errorf("Terms: %+v, want 开张 held by 开业 and 九月份 by 9月", ts)
	}
}

// IsVerbObject: an everyday verb and its object that the dictionary
// lacks (办卡); not a name the dictionary lacks (瑞幸), not a dictionary
// word (办法), not three runes.
func TestIsVerbObject(t *testing.T) {
	for w, want := range map[string]bool{"办卡": true, "抢票": true, "瑞幸": false, "喜茶": false, "办法": false, "办会员": false} {
		if got := IsVerbObject(w); got != want {
			t.Errorf("IsVerbObject(%q) = %v, want %v", w, got, want)
		}
	}
}

// NumberedNames: a capitalised word and a number, lower-cased, each once;
// a lower-case word before a number is none.
func TestNumberedNames(t *testing.T) {
	for q, want := range map[string][]string{
		"What did the squad discover at Area 51?":   {"area 51"},
		"Was Flight 19 near Area 51 or Area 51?":    {"flight 19", "area 51"},
		"How many agents went down in 2 elevators?": nil,
	} {
		if got := NumberedNames(q); !slices.Equal(got, want) {
			t.Errorf("NumberedNames(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestAskingClauses(t *testing.T) {
	for _, c := range []struct {
		q, want string
		ok      bool
	}{
		{"武大樱花每年都上热搜，我想了解它背后的历史争议——最早是什么时候、由谁种下的？", "最早是什么时候、由谁种下的", true},
		{"每年樱花季抢预约这事在网上吵得多凶？主要是在哪个平台发酵的？", "每年樱花季抢预约这事在网上吵得多凶，主要是在哪个平台发酵的", false}, // 多凶 asks: every clause does
		{"法院判决之后，武汉大学官方是怎么回应的？", "武汉大学官方是怎么回应的", true},
		{"武汉大学官方是怎么回应的？", "武汉大学官方是怎么回应的？", false},
		{"介绍一下武大，说说樱花。", "介绍一下武大，说说樱花。", false}, // nothing asks
		{"When was it planted, and by whom?", "When was it planted, and by whom?", false},
	} {
		got, ok := AskingClauses(c.q)
		if ok != c.ok || ok && got != c.want || !ok && got != c.q {
			t.Errorf("AskingClauses(%q) = %q, %v; want %q, %v", c.q, got, ok, c.want, c.ok)
		}
	}
}

// An English ordinal in digits is searched for its number: texts write
// 第89位 or "ranked 89", and "89th" was read as an unknown name the
// knowledge lacks (a refusal); a word that only ends like one is kept.
func TestTermsOrdinalDigits(t *testing.T) {
	for q, want := range map[string][]string{
		"Which university ranked 89th?":      {"university", "ranked", "89"},
		"What did the 2nd and 21st say?":     {"2", "21"},
		"What did the north and the 5th do?": {"north", "5"},
	} {
		got := TermTexts(Terms(q))
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("Terms(%q) = %q, want %q among them", q, got, w)
			}
		}
		for _, w := range got {
			if w != ordinalDigits(w) {
				t.Errorf("Terms(%q) = %q: %q is an ordinal", q, got, w)
			}
		}
	}
}
