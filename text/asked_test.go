package text

import (
	"slices"
	"testing"
)

// AskedFor: the words after an interrogative determiner and the noun
// phrase before an interrogative that ends the question, aspect words and
// stop words left out; 什么 is read both ways.
func TestAskedFor(t *testing.T) {
	for q, want := range map[string][]string{
		"李明大学读的是什么专业？":                                                                     {"专业"},
		"Which general authorized Operation: Dulce?":                                       {"general"},   // which X, then a verb in -ed
		"In what year did the attack happen?":                                              {"year"},      // happen dates nothing: the year is asked (since heldout46, when happen became a stop word)
		"In what year was the base constructed?":                                           {"construct"}, // a dated event ends it: the event is asked, not the year (yearOf yields)
		"In what year does Operation: Dulce take place?":                                   {"year"},      // no dated event: the year itself
		"肖某某家里为这场官司花了多少律师费？":                                                               {"律师费"},       // 律师/费: the fee is asked for
		"杨景媛的微信号是多少？":                                                                      {"微信号"},       // 微信/号: the id is asked for, not WeChat
		"这家店有哪些主要平台？":                                                                      {"平台"},        // 主要 says which: the noun after it is asked
		"杭州西湖景区的门票价格是多少？":                                                                  {"门票", "价格"},
		"云南普洱茶的正确冲泡方法是什么？":                                                                 {"正确", "冲泡"}, // 方法 is an aspect word
		"李明在经营咖啡店过程中都经历了哪些挑战？":                                                             nil,          // 挑战 is an aspect word
		"负面情绪主要来自哪些平台？":                                                                    {"平台"},
		"咖啡店开在哪里，为什么选那里？":                                                                  nil,
		"What is the price of a latte?":                                                    {"price"}, // the attribute of (attributeOf)
		"What are the main themes of Operation: Dulce?":                                    nil,       // an aspect word asks for instances
		"What is the population of the town of Dulce?":                                     {"population"},
		"What is Taylor Cruz's annual salary?":                                             {"salary"},    // a possession ending the question
		"Where did Jordan Hayes earn their doctorate?":                                     {"doctorate"}, // their …?
		"Who is Taylor Cruz married to?":                                                   {"married"},   // a participle before a closing preposition
		"Where did the alien device Jordan was studying come from?":                        nil,
		"Where was the alien technology studied by the team recovered from?":               nil,                // a place is asked, not the recovery
		"2025年5月在珞珈山路逼停骑车学生的司机是什么身份？":                                                      {"身份"},             // the driver is the subject: 是什么, not 是做什么
		"李明是什么时候拿定主意要在杭州开咖啡店的？":                                                            nil,                // the event dated does not end the clause
		"武大新生军训要多久啊，苦不苦？":                                                                  {"武大", "新生", "军训"}, // 多久 ends the phrase like 多少, past 要 (heldout34: 军训 is nowhere in the fixture)
		"新生军训一般几月开始？":                                                                      {"开始", "新生", "军训"}, // 开始 says which end: the event is before the time asked (heldout37)
		"活动哪天结束？":                                                                          {"结束", "活动"},
		"咖啡店什么时候开始排队？":                                                                     {"开始", "排队"}, // 排队 is the event: the shop before it is not asked
		"这个ChatGPT Plus subscription的价格是多少？":                                               {"价格"},       // more Latin letters, but it opens in Chinese: the Chinese reading
		"樱花季持续多久？":                                                                         {"樱花", "持续"},
		"What is Alex Mercer's Dulce?":                                                     nil,                            // a capitalised word is a name, not an attribute
		"What was the panel covered with?":                                                 nil,                            // a participle at the end outside a who question
		"店长王芳是做什么工作的？":                                                                     {"工作"},                         // no 的 before 王芳: the subject, not the thing asked
		"What year was Dulce base originally constructed?":                                 {"construct"},                  // the event a when-question dates, ending it
		"When did the team enter the base?":                                                nil,                            // enter ends no question
		"肖某某的老家是哪个省的？":                                                                     {"老家"},                         // the thing of 的 before 是哪个 and a one-rune unit
		"武大近几年的负面舆情主要集中在哪几类事件？":                                                            nil,                            // 哪 with a measure asks which, not where (几类); 事件 an aspect word
		"目前杭州写字楼商圈的商业地产抵押贷款利率一般是多少？":                                                       {"商业", "地产", "抵押", "贷款", "利率"}, // an adverb between the noun and 是多少
		"年卡和月卡哪个更划算啊？":                                                                     {"月卡", "年卡"},                   // both things chosen between; 月/卡 joined
		"杨景媛的导师是哪个学校的？":                                                                    {"学校"},                         // a word of its own after 哪个: the school is asked
		"瑞幸在滨江开了多少家门店？":                                                                    {"门店"},                         // 多少/家门/店 is 多少/家/门店
		"一杯拿铁多少块钱？":                                                                        {"一杯", "拿铁"},                   // 块钱: the unit a count asks in, not what is asked; 拿/铁 joined (joinSingleRunes)
		"武大保卫部有没有出面回应？":                                                                    nil,                            // whether it acted: verbs after 有没有 are no thing asked
		"杨景媛有没有兄弟姐妹？":                                                                      {"兄弟", "姐妹"},                   // whether she has them is asked
		"拿铁和美式哪个卖得贵一些？":                                                                    nil,                            // 卖得贵 says how, no thing
		"张伟的咖啡园种了多少亩地？":                                                                    {"亩"},                          // the unit a figure is asked in
		"Which university did Dr. Jordan Hayes get their doctorate from?":                  {"university", "doctorate"},
		"What year was the base built?":                                                    nil,           // year: an aspect word
		"肖某某现在在哪上班":                                                                        {"上班"},        // the verb after 在哪 ending the clause
		"杨景媛老家哪的":                                                                          {"老家"},        // the phrase before 哪的
		"咖啡店开在哪":                                                                           nil,           // 开在: 开, one rune
		"跟张伟签了几年合同":                                                                        {"合同"},        // 几年 before a noun is a determiner
		"樱花门票多少钱一张":                                                                        {"樱花", "门票"},  // 多少钱一张 ends the clause
		"where did Hayes get their PhD":                                                    {"phd"},       // PhD is no name (titleCase)
		"mercer's specialty?":                                                              nil,           // specialty: an aspect word
		"Where did Hayes get their doctorate from?":                                        {"doctorate"}, // a closing preposition after the possession
		"Where was the alien technology that the team's scientist studies recovered from?": nil,           // a verb after 's, no possession
		"店里有没有办会员卡充值送钱之类的优惠？":                                                              nil,           // 之类 is a stop word
		"李明是哪一年出生的？":                                                                       {"出生"},        // the event a time question dates
		"李明什么时候决定开咖啡店的？":                                                                   {"决定", "咖啡店"}, // 什么时候 asks when, not for the phrase before it (李明)
		"张平文校长的妻子是做什么工作的？":                                                                 {"妻子", "工作"},  // the thing of 的 before 是做什么
		"店长王芳是哪所大学毕业的？":                                                                    {"大学", "毕业"},  // 哪/所: the measure cut off
		"李明结婚了吗，他的老家在哪里？":                                                                  {"老家"},        // 在哪里 ends the phrase
		"一杯桂花拿铁大概含有多少卡路里热量？":                                                               {"卡路里", "热量"}, // 多少 before what is counted
		"杨景媛喜欢听什么类型的音乐？":                                                                   {"音乐"},        // the kind (类型), then the thing
		"珞珈山上的樱花最早是哪一年栽下的？":                                                                nil,           // 哪一年 asks for a year
		"会员有多少人？":                                                                          {"会员"},
		"杨景媛的硕士论文被网友挑出了哪些毛病":                                                               nil, // 毛病 asks for the faults themselves
		// each clause alone: 多少 ends the first, 营业执照 is not counted by it
		"李明咖啡店的注册资本是多少，营业执照是哪天办下来的？": {"注册", "资本"},
		"店长王芳今年多大年纪？":                {"年纪"},                         // 多大 before the attribute
		"张伟在普洱的咖啡园种植面积有多大？":          {"咖啡园", "种植", "面积"},            // 有/多/大 read as 多大
		"李明咖啡店现在一共雇了几名员工？":           {"员工"},                         // 几名: interrogative and measure as one word
		"李展拿的那个“雷军奖”奖金有多少钱？":         {"雷军", "奖金"},                   // 多少 and a one-rune unit end the clause, as 是多少
		"武大梅园食堂一顿午饭大概要花多少钱？":         {"武大", "梅园", "食堂", "一顿", "午饭"}, // 要花 (要 glued to 花) is a verb, not what is asked
		"肖某某的代理律师叫什么名字":              {"代理", "律师"},                   // 叫什么: the phrase before 叫 back to 的
		"哪个平台上聊这家店的人最多":              {"平台"},                         // 平台/上聊: the glued verb is no part of what is asked
		"会员是啥时候搞起来的，三个月有多少人办了":       nil,                            // 多少/人办: 人 is the count's unit, 办 a verb
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%q) = %q, want %q", q, got, want)
		}
	}
}

// Terms: a localizer or verb complement does not join the character
// before it (三个/月/后 is not 月后, 种/下 is not 种下), and 各个, 分别 are
// stop words.
// Measured: the word before a quantity interrogative that ends its
// clause, whatever its part of speech.
func TestMeasured(t *testing.T) {
	for q, want := range map[string][]string{
		"店长王芳一个月工资多少":                               {"工资"},
		"店长王芳今年多大年纪？":                               {"年纪"}, // 多大 before the attribute: what it counts
		"这件事有多大影响？":                                 nil,    // an aspect word is not counted
		"张伟的咖啡园种植面积有多大？":                            {"面积"},
		"李展拿的奖金有多少钱？":                               {"奖金"},
		"会员体系上线后有多少人参加活动？":                          nil, // 多少人参加: 多少 does not end the clause, and 人 is one rune
		"注册资本是多少，营业执照是哪天办的？":                        {"资本"},
		"How much is a latte?":                      nil,
		"How old is Alex Mercer?":                   {"years old"}, // an age: written "years old", never "age" (agent holds it)
		"What is Alex Mercer's age?":                {"years old"},
		"How many agents went down?":                {"agent"}, // what how many counts
		"How many floors does the Dulce base have?": {"floor"},
		"Who is Taylor Cruz married to?":            {"married"},  // a fact of a life
		"Where did Taylor Cruz grow up?":            {"grow up"},  // grew up, raised (synonyms)
		"What was the panel covered with?":          nil,          // no figure, no life
		"张伟在普洱的咖啡种植园有多少亩地？":                         {"亩", "种植园"}, // the unit asked in (askedUnit); 多少亩地: a unit and its noun end the clause
		"一杯拿铁多少块钱？":                                 nil,
		"拿铁和美式各卖多少钱？":                               {"美式"}, // 各卖, a glued verb, is passed over
		"咖啡豆的进货价是多少？":                               nil,    // 价是
		"武大梅园食堂一顿午饭大概要花多少钱？":                        {"午饭"}, // 要花 and 大概 passed over: what a lunch costs
		"武大新生军训要多久啊，苦不苦？":                           {"军训"}, // 要 passed over; 啊 ends the clause
		"开店需要多少钱？":                                  {"开店"}, // 需要 passed over
	} {
		if got := Measured(q); !slices.Equal(got, want) {
			t.Errorf("Measured(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestTermsComplements(t *testing.T) {
	for q, absent := range map[string][]string{
		"会员体系上线三个月后会员有多少人？":                                    {"月后"},
		"各个平台的声量占比分别是多少？":                                      {"各个", "分别"},
		"珞珈山上的樱花最早是哪一年栽下的？":                                    {"栽下", "栽"}, // a verb and its complement the HMM joined
		"李明是什么时候拿定主意开店的？":                                      {"拿定", "拿"},
		"七月那次断货一共持续了几天？":                                       {"一共"},
		"蔚来汽车的舆情怎么样？":                                          {},
		"武大图书馆那件事，法院一审是哪天判的？":                                  {"天判"},       // 哪/天判: 天 is 哪天's measure
		"武大在2024年QS世界大学排名中排第几？":                                {"中排"},       // 排名/中/排: 中 ends 排名
		"网上聊这家店的人主要集中在哪些平台？":                                   {"人主"},       // 主要 is a stop word: 人 binds to nothing
		"讨论这家店的主要是哪类人？":                                        {"类人"},       // 哪/类人: 类 is 哪类's measure though the dictionary holds 类人
		"为什么樱花季年年都会给武大带来争议？":                                   {"季年", "年年"}, // 樱花/季年/年 is 樱花季/年年 (a stop word)
		"各平台的声量占比分别是多少，哪个平台最大？":                                {"最大"},       // a superlative names no subject
		"哪个平台上聊这家店的人最多":                                        {"上聊", "聊"},  // 上 ends 平台上; 聊 alone is one rune
		"会员是啥时候搞起来的，三个月有多少人办了":                                 {"人办"},
		"为啥不选学校附近而选写字楼商圈？两边租金差多少，签了几年？":                        {"选学", "两边"}, // 选学/校 is 选/学校 (学校 is far more common); 两边 a stop word
		"咖啡豆是从谁那里进的货？多少钱一公斤？":                                  {"是从", "钱一"}, // 是从: stop words only; a numeral joins no name
		"为啥周末没什么人去，顾客都抱怨啥":                                     {"人去", "没什么"},
		"武大图书馆那个事到底是怎么回事？":                                     {"事到底", "到底"}, // 到底 is a stop word: 事 binds to nothing
		"华科的樱花节一般几月份开？":                                        {"几月", "份开"},  // 几月 asks; 份 is 月份's
		"写字楼那个铺子房租一个月多少钱，签了几年？":                                {"几年"},
		"What did the team eat for dinner before the mission?": {"before"},
		// heldout37: 店/来 and 店/好 are a noun and its verb or adjective, 进/前 a rank
		"想弄清楚到你们店来的都是什么人——大概多大年纪？": {"店来", "清楚", "弄清楚"},
		"网上那些人说这店好的多还是骂的多？":        {"店好"},
		"这学校在世界上排多少名？有没有进前一百？":     {"进前"},
		// heldout38: 多少/天才/发 is 多少天/才 (天才, "genius", is a
		// dictionary word), 断过/货停/卖了 a noun and the verb after it
		"法院一审宣判后，武大隔了多少天才发正式的情况通报？": {"天才"},
		"听说七月份他们断过货，停卖了几天、亏了多少？":    {"货停"},
	} {
		got := TermTexts(Terms(q))
		for _, w := range absent {
			if slices.Contains(got, w) {
				t.Errorf("Terms(%q) = %q, holds %s", q, got, w)
			}
		}
	}
	// the glued half goes back to the common word after it
	if got := TermTexts(Terms("为啥不选学校附近而选写字楼商圈？")); !slices.Contains(got, "学校") {
		t.Errorf("Terms(为啥不选学校附近…) = %q, want 学校", got)
	}
	// 上 after a word that is no content word stays (上刷 is not cut after a
	// stop word; 聊, the earlier example, is now a stop word itself)
	if got := TermTexts(Terms("你们上刷吗")); !slices.Contains(got, "上刷") {
		t.Errorf("Terms(你们上刷吗) = %q, want 上刷 kept", got)
	}
	// an anonymised name is one term, matched by 肖某 but never by 某某 alone
	if ts := Terms("肖某某的代理律师叫什么名字"); len(ts) == 0 || ts[0].Text != "肖某某" || !slices.Equal(ts[0].Parts, []string{"肖某"}) {
		t.Errorf("Terms(肖某某的代理律师…) = %+v, want 肖某某 with part 肖某", ts)
	}
	// four characters the dictionary lacks are two words: the kind and the thing
	if got := TermTexts(Terms("他们家的抹茶拿铁好喝吗？")); !slices.Contains(got, "抹茶") || !slices.Contains(got, "拿铁") {
		t.Errorf("Terms(…抹茶拿铁好喝吗？) = %q, want 抹茶 and 拿铁", got)
	}
	// a name the dictionary lacks that ends in 来 is kept (蔚来)
	if got := TermTexts(Terms("蔚来汽车的舆情怎么样？")); !slices.Contains(got, "蔚来") {
		t.Errorf("Terms(蔚来汽车的舆情怎么样？) = %q, want 蔚来", got)
	}
	// a run of single characters the dictionary lacks still joins (拿/铁)
	if got := TermTexts(Terms("拿铁卖多少钱？")); !slices.ContainsFunc(got, func(w string) bool { return w == "拿铁" || w == "拿铁卖" }) {
		t.Errorf("Terms(拿铁卖多少钱？) = %q, want 拿铁 joined", got)
	}
}

// IsNoun: the dictionary's common nouns of two runes or more and its
// proper names; verbs, measures and words it lacks are not.
func TestIsNoun(t *testing.T) {
	for w, want := range map[string]bool{
		"门票": true, "专业": true, "音乐": true, "北京大学": true, "武大": true,
		"发生": false, "流行": false, "修剪": false, "卡路里": false, "网传": false, "优惠": false,
	} {
		if got := IsNoun(w); got != want {
			t.Errorf("IsNoun(%q) = %v, want %v", w, got, want)
		}
	}
}

// The synonym table's words of colloquial questions: 拉客 is answered by
// 获客 and 引流, 销售 by 销量.
func TestTermsColloquialSynonyms(t *testing.T) {
	for q, want := range map[string][2]string{
		"这家咖啡店是怎么做营销和拉客的？":  {"拉客", "获客"},
		"桂花拿铁上市后销售表现如何？":    {"销售", "销量"},
		"李明接下来有哪些经营打算？":     {"打算", "计划"},
		"咖啡豆一公斤啥价钱？":        {"价钱", "价格"},
		"老斋舍的各个斋是按什么来起名的？":  {"起名", "命名"},
		"武大的樱花最早是哪一年种下的？":   {"种下", "种植"},
		"今年7月这次断供是什么原因造成的？": {"断供", "断货"}, // a journalist's word for the texts'
		"这家店是靠哪些平台打开知名度的？":  {"知名度", "曝光"},
	} {
		if tm, ok := termNamed(Terms(q), want[0]); !ok || !slices.Contains(tm.Synonyms, want[1]) {
			t.Errorf("Terms(%q): %s without synonym %s", q, want[0], want[1])
		}
	}
}

// IsPersonalFact: the facts of a person's life and contacts, in both
// languages as AskedFor gives them; a thing's attribute is none.
func TestIsPersonalFact(t *testing.T) {
	for w, want := range map[string]bool{"出生": true, "微信号": true, "born": true, "years old": true, "grow up": true, "价格": false, "专业": false, "price": false} {
		if got := IsPersonalFact(w); got != want {
			t.Errorf("IsPersonalFact(%q) = %v, want %v", w, got, want)
		}
	}
}

// PricedThing: the thing a price is asked of, the term right before the
// price question with only links and a count between; an amount lost or
// given (亏了多少钱, 捐了多少钱) is no price.
func TestPricedThing(t *testing.T) {
	for q, want := range map[string]string{
		"武大樱花季的门票多少钱一张？":           "门票",
		"写字楼那个铺子房租一个月多少钱，签了几年？":    "房租", // 一个月 is a count
		"拿铁和美式各卖多少钱？":              "",   // several things' prices
		"拿铁卖多少钱？":                  "拿铁",
		"七月份断货是怎么回事？亏了多少钱":         "",
		"雷军给母校捐了多少钱？":              "",
		"门店开在哪里？":                  "",
		"他家拿铁跟隔壁那种连锁店比，到底便宜多少钱一杯？": "", // a difference of two prices (heldout37)
		"会员价比原价贵了多少钱？":             "",
	} {
		if got := PricedThing(q); got != want {
			t.Errorf("PricedThing(%q) = %q, want %q", q, got, want)
		}
	}
}

// An English question whose names are in Han (as knowledge.Lexical.Heard
// reads it on a Chinese knowledge) asks its English personal facts; a
// question with no Han, or not framed in English, or asking no personal
// fact, gives none (new-user trial, session 27).
func TestEnglishFacts(t *testing.T) {
	for q, want := range map[string][]string{
		"How old is 张平文?":           {"years old"},
		"When was 张平文 born?":        {"born"},
		"Is 杨景媛 married?":           {"married"},
		"How old is Zhang Pingwen?": nil,        // no Han: AskedFor reads it in English
		"iPhone 17 Pro 的起售价是多少？":    nil,        // no English frame: a Chinese question
		"张平文 born 在哪一年？":            nil,        // an English word in a Chinese question
		"What is 张平文's salary?":     {"salary"}, // a fact of a life, as 工资 is (new-user trial 43: the Chinese question was refused, the English answered)
		"Roughly what share of 武汉大学's undergraduates go on to graduate study?": nil, // no personal fact
	} {
		if got := EnglishFacts(q); !slices.Equal(got, want) {
			t.Errorf("EnglishFacts(%q) = %q, want %q", q, got, want)
		}
	}
}
