package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// AskedFor returns the content words of what a Chinese question asks for:
// the words right after an interrogative determiner (什么专业, 哪些平台,
// 哪种方法) and the words of the noun phrase right before an interrogative
// that ends a phrase (门票价格是多少？, 冲泡方法是什么？: back to the nearest
// 的, stop word or punctuation; also before 多少 and a one-rune unit that
// end the clause: 奖金有多少钱; not 多少 in 多少人参加), and the noun phrase
// before 叫什么 (代理律师 in "肖某某的代理律师叫什么名字": its name is asked), in question order,
// each once; nil for a question
// with neither, or with no Chinese. Aspect words (IsAspectWord: 挑战, 原因,
// 方法 …) are left out: a question asking for the challenges is answered
// by texts that say 困难 or 断货, not 挑战. The relevance gate refuses a
// question whose asked-for words the knowledge never uses
// (graphrag/localsearch: rule 2 of Relevance).
func AskedFor(q string) []string {
	if !HasHan(q) {
		return askedEnglish(q)
	}
	var out []string
	add := func(w string) {
		w = trimStopRunes(w) // 各卖, 价是, 要花: a stop word glued to a character is no word asked for
		if utf8.RuneCountInString(w) >= 2 && HasHan(w) && !IsStopWord(w) && !IsAspectWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	eachClause(q, func(ws []string) { askedIn(ws, add) })
	return out
}

// eachClause calls f with the words of each clause of q (clauseMarks:
// "注册资本是多少，营业执照…" ends a phrase at 多少), glued words cut back
// (ungluedWords) and 多/大 read as 多大 (joinHowMuch).
func eachClause(q string, f func(ws []string)) {
	for _, c := range strings.FieldsFunc(q, func(r rune) bool { return strings.ContainsRune(clauseMarks, r) }) {
		f(joinHowMuch(ungluedWords(Words(c))))
	}
}

// phraseEnd is the index of the last word of the phrase before the
// interrogative ws[i]: the links (是, 有, 大概 …) and glued verbs (要花)
// between them skipped; -1 when none is left.
func phraseEnd(ws []string, i int) int {
	j := i - 1
	for j >= 0 && (askLinks[ws[j]] || gluedVerb(ws[j])) {
		j--
	}
	return j
}

// Measured returns the words whose quantity a Chinese question asks for,
// in question order: the word right before a quantity interrogative (多少,
// 几, 多久, 多大, 多长, 多高, 多远, 多重) that ends its clause (or has only
// a one-rune unit after it), the links between them (是, 有, 大概 …)
// skipped — 工资 in "店长一个月工资多少", 面积 in "种植面积有多大" —, and the
// word right after one that does not (年纪 in "今年多大年纪"); aspect words
// and words of one rune aside. Each is one of AskedFor's words. The relevance gate refuses a question whose
// measured word the knowledge never uses whatever the word's part of
// speech (工资 and 年纪 are not tagged nouns): it asks for a figure the
// knowledge cannot hold.
func Measured(q string) []string {
	if !HasHan(q) {
		return askedEnglish(q)
	}
	var out []string
	add := func(w string) {
		// 各卖, 价是, 要花: the stop word the segmenter glued goes, and what
		// is left of one rune is no word
		if w = trimStopRunes(w); utf8.RuneCountInString(w) >= 2 && phraseWord(w) && !IsAspectWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	eachClause(q, func(ws []string) {
		for i, w := range ws {
			switch {
			case !quantityAsks[w]:
			case i+1 < len(ws) && phraseWord(ws[i+1]) && !unitEnd(ws, i):
				add(ws[i+1]) // a determiner: what it counts (多大年纪, 多少会员)
			default:
				if j := phraseEnd(ws, i); j >= 0 {
					add(ws[j])
				}
			}
		}
	})
	return out
}

// howOld matches an English question asking for an age.
var howOld = regexp.MustCompile(`(?i)\bhow old\b|\bwhat(?:'s| is) (?:\w+\s){0,3}?\w+'s age\b`)

// askedEnglish is AskedFor and Measured of an English question: "how old"
// asks for an age, which a text states as "years old" (or a synonym:
// year-old, aged — not "age", which "agent" would hold: the knowledge's
// words are matched at their start); other English questions ask for
// nothing this rule reads (nil).
func askedEnglish(q string) []string {
	if howOld.MatchString(q) {
		return []string{"years old"}
	}
	return nil
}

// quantityAsks are the interrogatives asking for a figure (Measured).
var quantityAsks = fieldSet("多少 几 多久 多大 多长 多高 多远 多重")

// askedIn finds what the clause of words ws asks for (AskedFor), calling
// add with each word.
func askedIn(ws []string, add func(string)) {
	for i, w := range ws {
		if w == "叫" && i+1 < len(ws) && (ws[i+1] == "什么" || ws[i+1] == "啥") {
			// 代理律师叫什么名字: the name of the thing before 叫 is asked for
			k := i - 1
			for k >= 0 && phraseWord(ws[k]) {
				k--
			}
			for _, n := range ws[k+1 : i] {
				add(n)
			}
		}
		from := i + 1
		if (w == "哪" || w == "几") && i+1 < len(ws) && nounMeasures[ws[i+1]] {
			from = i + 2 // 哪/所/大学: the segmenter cuts the measure off
		}
		if askDeterminers[w] || from == i+2 || measureAsk(w) { // 什么 is both: 是什么专业, 方法是什么
			for k, n := range ws[from:] {
				if n == "的" && k > 0 && IsAspectWord(ws[from+k-1]) {
					continue // 什么类型的音乐: the kind, then the thing
				}
				if !phraseWord(n) {
					break
				}
				add(n)
			}
		}
		// it ends the phrase (是多少？, not 多少人); 哪里 and 谁 only after 在
		// or 是 (老家在哪里, 导师是谁: not the subject of 开在哪里)
		if askEnds[w] && (i+1 == len(ws) || !phraseWord(ws[i+1]) || unitEnd(ws, i)) && (!askWhere[w] || i > 0 && askLinks[ws[i-1]]) {
			j := phraseEnd(ws, i)
			k := j
			for k >= 0 && phraseWord(ws[k]) {
				k--
			}
			for _, n := range ws[k+1 : j+1] {
				add(n)
			}
		}
	}
}

// ungluedWords is ws with each word the segmenter glued to a character
// of its neighbour cut back (unglue: 平台/上聊 → 平台/聊), so that a glued
// verb is never taken for what is asked.
func ungluedWords(ws []string) []string {
	out := slices.Clone(ws)
	for i := 1; i < len(ws); i++ {
		out[i] = unglue(ws[i-1], ws[i])
	}
	return out
}

// gluedVerb reports whether w is a word the dictionary lacks of a stop
// word and a character after it (要花, 各卖): a verb with its auxiliary or
// adverb, which the phrase asked about stands before ("一顿午饭大概要花多少
// 钱" asks what a lunch costs; "拿铁和美式各卖多少钱", what each sells for).
func gluedVerb(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && HasHan(w) && !IsDictWord(w) && IsStopWord(string(rs[0])) && !IsStopWord(string(rs[1]))
}

// joinHowMuch joins 多 and the adjective after it into the interrogative
// (有/多/大 → 多大: "种植面积有多大" asks for 面积).
func joinHowMuch(ws []string) []string {
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		if ws[i] == "多" && i+1 < len(ws) && askDeterminers["多"+ws[i+1]] {
			out = append(out, "多"+ws[i+1])
			i++
			continue
		}
		out = append(out, ws[i])
	}
	return out
}

// unitEnd reports whether the interrogative ws[i] (多少, 几) ends its
// clause but for a one-rune unit after it (奖金有多少钱, 有多少人): the
// phrase before it is what is asked for, as before 是多少.
func unitEnd(ws []string, i int) bool {
	return (ws[i] == "多少" || ws[i] == "几") && i+2 == len(ws) && utf8.RuneCountInString(ws[i+1]) == 1
}

// measureAsk reports whether w is an interrogative and its measure as one
// word (几名, 哪类): a determiner, like 哪些.
func measureAsk(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && (rs[0] == '哪' || rs[0] == '几') && nounMeasures[string(rs[1])]
}

// phraseWord: w can be part of the noun phrase around an interrogative (a
// word with a Chinese character that is not a stop word).
func phraseWord(w string) bool { return HasHan(w) && !IsStopWord(w) }

// askDeterminers are the interrogatives followed by what is asked for.
var askDeterminers = fieldSet("什么 哪些 哪个 哪种 哪类 哪家 哪位 哪所 哪座 哪部 哪本 哪首 哪条 哪项 哪场 哪几个 啥 多少 多久 多大 多长 多高 多远 多重")

// nounMeasures are the measure words that follow 哪 or 几 before a noun
// (哪所大学, 几家店), not those of time (哪一年 asks for a year).
var nounMeasures = fieldSet("所 个 家 位 座 部 本 首 条 项 场 种 类 支 名 款")

// askEnds are the interrogatives that end a question after what is asked
// for (门票价格是多少), and askLinks the verbs and adverbs between them (是,
// 有, 分别 …).
var (
	askEnds  = fieldSet("多少 什么 哪些 哪个 哪里 哪儿 谁 怎么样 怎样 如何 几 多大 多长 多高 多远 多重")
	askWhere = fieldSet("哪里 哪儿 谁")
	askLinks = fieldSet("是 有 为 在 都 分别 各 大概 大约 一共 总共 共 约")
)

// IsAspectWord reports whether w is a word for an aspect of a subject
// rather than a thing (挑战, 问题, 原因, 影响, 特点, 方法, 风险 …) or for the
// kind of answer asked for (名字, 地方, 时间, 数量 …) or its merits and
// faults (好处, 毛病, 缺点 …): a question asking for one (哪些挑战, 叫什么
// 名字, 挑出了哪些毛病) is answered by texts that name the instances (断货,
// 王芳, 1049年), not the word, so AskedFor leaves it out.
func IsAspectWord(w string) bool { return aspectWords[w] }

var aspectWords = fieldSet(`挑战 困难 难题 问题 方面 原因 因素 影响 后果 变化 情况 特点 特征 措施 举措 做法 办法 方法 方式 手段 策略 对策 建议
看法 观点 评价 态度 反应 反响 回应 风险 机会 优势 劣势 不足 短板 意义 作用 价值 趋势 走势 经验 教训 结果 过程 经历 表现 进展 动态 细节 背景
争议 焦点 亮点 重点 核心 关键 区别 差异 异同 关系 联系 主题 类型 种类 阶段 步骤 目的 目标 计划 前景 现状 事情 事件 东西 内容 情形 状况 方向 角色
名字 名称 地方 地点 位置 时间 日期 年份 时候 数量 数字 金额 人物 对象 类别
好处 坏处 优点 缺点 毛病 弊端 长处 短处 利弊`)

// fieldSet is the set of the space-separated words of s (the package's
// word lists: stop words, question words, aspect words, offensive words).
func fieldSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
