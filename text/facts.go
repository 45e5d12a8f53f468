package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// What a question asks of a single fact: a numbered name, a personal
// fact, a price, a time of day, an amount invested.

// numberedName matches a capitalised word and the number after it, a
// name in English ("Area 51", "Flight 19", "Route 66").
var numberedName = regexp.MustCompile(`\b[A-Z][a-z]+ \d+\b`)

// NumberedNames returns the names of a capitalised word and a number in
// an English question (numberedName), lower-cased, in question order:
// Terms cuts "Area 51" into area and 51, and a knowledge holding "the
// area" would hold the place; a sentence's first word is capitalised as
// such, no name ("Spent 30 years reading imagery…"). nil when there are none.
func NumberedNames(q string) []string {
	var out []string
	for _, loc := range numberedName.FindAllStringIndex(q, -1) {
		if sentenceStart(q, loc[0]) {
			continue // "Spent 30 years reading imagery…": a sentence's first word, capitalised as such
		}
		if n := strings.ToLower(q[loc[0]:loc[1]]); !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// sentenceStart reports whether byte i of q opens a sentence: nothing but
// white space before it, or a sentence end (. ? !) and white space.
func sentenceStart(q string, i int) bool {
	before := strings.TrimRight(q[:i], " \t\n")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".?!")
}

// personalFacts are the facts of a person's life and contacts that a
// question asks of one person (出生 of 张平文, born of Jordan Hayes): the
// English words as AskedFor gives them (lifeEvent, "years old"), the
// Chinese as Words cuts them.
var personalFacts = fieldSet(`born birthday married divorced raised hometown years_old grow_up height weight salary wage income
wife husband spouse family children kids son daughter parents mother father girlfriend boyfriend siblings brother sister
出生 生日 年龄 年纪 岁数 籍贯 身高 体重 结婚 婚姻 妻子 丈夫 老婆 老公 配偶 子女 儿子 女儿 父亲 母亲 微信号 手机号 电话 住址 工资 薪水 月薪 年薪`)

// IsPersonalFact reports whether w, a word of AskedFor, is a fact of a
// person's life or contacts (personalFacts: 出生, 体重, 微信号, born,
// married). A knowledge holds such a fact of someone only where a text
// names both (knowledge.Lexical.Unasked): 出生 said of 雷军 does not
// answer when 张平文 was born, nor "a camaraderie born of …" when Jordan
// Hayes was.
func IsPersonalFact(w string) bool { return personalFacts[strings.ReplaceAll(w, " ", "_")] }

// factZH are the Chinese words a Chinese text states an English personal
// fact with (FactZH).
var factZH = map[string][]string{
	"born": {"出生", "生于"}, "birthday": {"生日"}, "years old": {"岁", "年龄", "年纪", "岁数"},
	"married": {"结婚", "妻子", "丈夫"}, "divorced": {"离婚"}, "raised": {"长大"}, "grow up": {"长大"},
	"hometown": {"家乡", "老家", "籍贯"}, "wife": {"妻子", "夫人", "老婆"}, "husband": {"丈夫", "老公"},
	"children": {"子女", "孩子"}, "kids": {"孩子"}, "son": {"儿子"}, "daughter": {"女儿"},
	"parents": {"父母"}, "mother": {"母亲"}, "father": {"父亲"}, "height": {"身高"}, "weight": {"体重"},
	"salary": {"工资", "薪水", "薪酬", "年薪", "月薪"}, "wage": {"工资", "薪水"}, "income": {"收入", "工资", "年薪"},
}

// FactZH returns the Chinese words a text states the English personal
// fact w with (IsPersonalFact: born → 出生, 生于; "years old" → 岁, 年龄 …),
// nil for any other word: an English question asked of a Chinese
// knowledge ("How old is Zhang Pingwen?", read as "How old is 张平文?")
// is answered where a text states 岁 beside the person's name, and
// refused where none does.
func FactZH(w string) []string { return factZH[strings.ToLower(w)] }

// englishFrame matches an English question word or auxiliary (EnglishFacts).
var englishFrame = regexp.MustCompile(`(?i)\b(?:how|what|when|where|who|whom|whose|which|why|is|are|was|were|does|did|do)\b`)

// EnglishFacts returns the facts of a person's life an English question
// asks (AskedFor's English reading, IsPersonalFact: born, "years old",
// married) when q holds Han runes — the names a Chinese knowledge's texts
// write, put in by knowledge.Lexical.Heard: "How old is Zhang Pingwen?"
// is read "How old is 张平文?" — and is framed in English (an English
// question word or auxiliary: how, what, when, is, did …; "iPhone 17 Pro
// 的起售价是多少？" is not); nil otherwise. AskedFor reads a question with
// Han runes as Chinese and finds nothing asked in it; the relevance gate
// adds these (knowledge.Lexical.Unasked). Only personal facts: other
// English words asked ("what share … continue their studies") are not
// held word for word by Chinese texts.
func EnglishFacts(q string) []string {
	if !HasHan(q) || !englishFrame.MatchString(q) {
		return nil
	}
	var out []string
	for _, w := range askedEnglish(q) {
		if IsPersonalFact(w) {
			out = append(out, w)
		}
	}
	return out
}

// IsPriceWord reports whether w is a word for a price (价格, 价钱, 价位,
// 售价, 单价): like an aspect word, the kind of answer asked for, which
// texts give as an amount (1350元), not by the word ("地铁站旁边一个单间现在
// 么价钱？": heldout62). Unlike one, AskedFor keeps it: a price the
// knowledge never states of the thing asked about is not in it
// (knowledge.Lexical.Unasked).
func IsPriceWord(w string) bool { return priceWords[w] }

var priceWords = fieldSet("价格 价钱 价位 售价 单价 开价 要价 报价")

// priceAsk matches a Chinese question's asking for a price (多少钱, 几块钱,
// 啥价钱, 什么价, 价格是多少, 开价多少 …).
var priceAsk = regexp.MustCompile(`多少钱|几块钱|多少块|多少元|啥价钱|什么价|价格是多少|价钱是多少|售价多少|卖多少|[开要报]价多少`)

// feeAsk matches a fee asked for with 多少 and no word of money (一年学费
// 是多少, 房租大概多少): the fee is a price all the same; group 1 is the
// fee. "武汉大学一年学费是多少？" was answered with eight unrelated points,
// the fixture stating no tuition amount, while "武大学费多少钱？" was
// refused (new-user trial 38).
var feeAsk = regexp.MustCompile(`(学费|住宿费|房租|租金|月租|票价|门票|车费|运费|会费)(?:是|要|大概|一般|大约|差不多|现在|目前)*多少`)

// feeCounted are the measures of a count after a fee's 多少 (门票多少张,
// 门票有多少万张): how many, not how much.
const feeCounted = "张个份次人位名条场批万千百"

// PricedThing returns what a Chinese question asks the price of: a fee
// asked with 多少 and no measure of a count after it (feeAsk: 学费是多少:
// 学费; not 门票多少张, feeCounted), else its
// content term written last before the price question ("武大樱花季的门票
// 多少钱一张？": 门票; "拿铁和美式各卖多少钱": 美式); "" when it asks no price
// or names nothing before it, or when a verb of giving or spending asks an
// amount (spentAmount). The relevance gate holds a price asked only
// where a text states an amount of money with that thing
// (knowledge.Lexical.Unasked).
func PricedThing(q string) string {
	q = Standard(q) // 么价钱: 什么价钱
	if m := feeAsk.FindStringSubmatchIndex(q); m != nil {
		if next, _ := utf8.DecodeRuneInString(q[m[1]:]); !strings.ContainsRune(feeCounted, next) {
			return q[m[2]:m[3]] // 一年学费是多少: the fee is the thing priced
		}
		// 门票多少张: how many tickets, a count (new-user trial 45)
	}
	loc := priceAsk.FindStringIndex(q)
	if loc == nil {
		return ""
	}
	prefix := q[:loc[0]]
	if p := strings.TrimRight(prefix, "卖是要都"); strings.HasSuffix(p, "各") || strings.HasSuffix(p, "分别") {
		return "" // 两款饮品各卖多少钱, 获客成本前后各是多少钱 (heldout70): the prices of several things, each named elsewhere
	}
	if spentAmount.MatchString(prefix) {
		return "" // 捐了母校多少钱: an amount given, whatever its object (heldout80)
	}
	if FirstSuffix(strings.TrimRight(prefix, "了"), priceGaps) != "" {
		return "" // 比连锁店便宜多少钱: a difference of prices, the things named elsewhere
	}
	ts := Terms(prefix)
	for k := len(ts) - 1; k >= 0; k-- {
		t := ts[k].Text
		if r, _ := utf8.DecodeRuneInString(t); strings.ContainsRune(numerals, r) {
			continue // 一个月 of 房租一个月多少钱: a count, not the thing
		}
		at := strings.LastIndex(prefix, t)
		if at < 0 || strings.HasSuffix(t, "了") || strings.HasSuffix(t, "过") || !priceFiller.MatchString(prefix[at+len(t):]) {
			return "" // 亏了多少钱, 捐了多少钱: an amount, not a price
		}
		return t
	}
	return ""
}

// spentAmount matches a verb of giving, spending, earning or losing money
// with its 了 (捐了, 花了, 赔了 …): 多少钱 after it asks an amount, not a
// price, though the object of the verb stands before it (捐了母校多少钱).
var spentAmount = regexp.MustCompile(`(?:捐|捐赠|捐款|花|亏|赚|赔|砸|投|投资|募|募集|筹|罚|补贴|奖励)了`)

// priceGaps are the words of a price compared (拿铁比连锁店便宜多少钱一杯):
// what comes before them is two things, not the thing priced.
var priceGaps = []string{"便宜", "贵", "实惠", "划算", "低", "高", "省", "多花", "少花"}

// priceFiller matches what may stand between a thing and the question of
// its price: 的, a price word, a link (是, 要, 卖, 大概, 现在 …) and a count of the
// thing (一张, 一杯, 一个月).
var priceFiller = regexp.MustCompile(`^(?:的)?(?:价格|价钱|售价|单价)?(?:是|要|卖|大概|一般|大约|差不多|各|都|现在|目前)*(?:一[个张杯份碗斤公斤月年次瓶]+)?$`)

// clockAsk matches a Chinese question's asking for a time of day (几点,
// 几点钟, 什么时间开门, 营业时间, 开放时间).
var clockAsk = regexp.MustCompile(`几点|什么时[间候](?:开门|关门|营业|开放|闭馆|打烊)|(?:营业|开放)时间`)

// TimedThing returns what a Chinese question asks the time of day of: the
// content term right after 几点 in its clause (几点开门: 开门; 几点到几点 reads
// on), else the one written last before it (首班车是几点: 首班车; 开放时间是
// 几点: 开放时间), else ""; "" when it asks no time of day. The relevance
// gate holds such a time only where a text states a clock time with that
// thing (knowledge.Lexical.Unasked): "早上几点开门" is not answered by "周末…
// 开门还亏电费". 几点 after 哪, 有, 这 or 那 counts points (偏离法治的地方主要
// 有哪几点, 这几点原因), no time.
func TimedThing(q string) string {
	var loc []int
	for _, l := range clockAsk.FindAllStringIndex(q, -1) {
		if r, _ := utf8.DecodeLastRuneInString(q[:l[0]]); q[l[0]:l[1]] == "几点" && strings.ContainsRune("哪有这那", r) {
			continue // 主要有哪几点, 这几点原因: points of an argument, no clock
		}
		loc = l
		break
	}
	if loc == nil {
		return ""
	}
	if m := q[loc[0]:loc[1]]; m != "几点" {
		return strings.TrimPrefix(strings.TrimPrefix(m, "什么时间"), "什么时候")
	}
	end := len(q)
	if i := strings.IndexAny(q[loc[1]:], clauseMarks); i >= 0 {
		end = loc[1] + i
	}
	start := strings.LastIndexAny(q[:loc[0]], clauseMarks) + 1
	if start > 0 {
		_, size := utf8.DecodeRuneInString(q[start-1:])
		start += size - 1
	}
	if after := Terms(strings.ReplaceAll(q[loc[1]:end], "几点", "")); len(after) > 0 {
		if r, _ := utf8.DecodeRuneInString(after[0].Text); !strings.ContainsRune(visitVerbs, r) {
			return after[0].Text
		}
		if ts := Terms(q[:loc[0]]); len(ts) > 0 {
			return ts[0].Text // 几点去: the time of a visit to the place the question opens with
		}
		return ""
	}
	if ts := Terms(q[start:loc[0]]); len(ts) > 0 {
		return ts[len(ts)-1].Text
	}
	return ""
}

// peakAsk matches a Chinese question's asking when something peaks (几点最忙,
// 什么时候人最多, 哪个时段最挤): the busiest hours, which a text tells by a
// part of the day (早高峰) as well as by a clock time.
var peakAsk = regexp.MustCompile(`(?:几点|什么时候|什么时间|哪个时段|哪段时间|哪个点)(?:人|客人|顾客)?最`)

// AsksPeak reports whether a Chinese question asks when something peaks
// (peakAsk): knowledge.Lexical.Unasked then takes a part of the day with
// a word of a rush (早高峰排队约十分钟) for the time asked.
func AsksPeak(q string) bool { return peakAsk.MatchString(Standard(q)) }

// investAsk matches a Chinese question's asking how much was invested (投了
// 多少钱, 投资多少, 前期投入, 启动资金).
var investAsk = regexp.MustCompile(`投(?:了|入了?|资了?)?(?:大概|大约|一共|总共|总计|差不多)?多少|投资额|启动资金|前期投入|投入了?(?:多少|几)`)

// AsksInvestment reports whether a Chinese question asks how much money
// was put into something (investAsk: "李明开这家店前期一共投了多少钱？"). The
// relevance gate holds such an amount only where a text states one with a
// word of investing (knowledge.Lexical.Unasked).
func AsksInvestment(q string) bool { return investAsk.MatchString(Standard(q)) }

// pastJobAsk matches a Chinese question's asking where or as what someone
// worked before (以前在哪儿工作过, 之前在哪家公司上过班, 开店之前是做什么工作的).
var pastJobAsk = regexp.MustCompile(`(?:以前|之前|原来|过去|此前|早年)[^，,。？?！!；;]{0,12}(?:工作|上班|上过班|任职|就职|供职|做什么|干什么|干过|做过)|(?:工作|上班|任职|就职)过`)

// AsksPastJob reports whether a Chinese question asks about someone's
// former work (pastJobAsk), a fact of a person's life the relevance gate
// holds only in a sentence naming the person with a word of former work
// (knowledge.Lexical.Unasked).
func AsksPastJob(q string) bool {
	q = Standard(q) // 以前是干啥子的: 干什么的
	// not 周末过去的人一般在店里做什么: those who go there
	locs := pastJobAsk.FindAllStringIndex(q, -1)
	return slices.ContainsFunc(locs, func(loc []int) bool { return !strings.HasPrefix(q[loc[0]:], "过去的人") })
}
