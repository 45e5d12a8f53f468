package text

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// AskedFor returns the content words of what a Chinese question asks for:
// the words right after an interrogative determiner (什么专业, 哪些平台,
// 哪种方法) and the words of the noun phrase right before an interrogative
// that ends a phrase (门票价格是多少？, 冲泡方法是什么？: back to the nearest
// 的, stop word or punctuation; not 多少 in 有多少人), in question order,
// each once; nil for a question
// with neither, or with no Chinese. Aspect words (IsAspectWord: 挑战, 原因,
// 方法 …) are left out: a question asking for the challenges is answered
// by texts that say 困难 or 断货, not 挑战. The relevance gate refuses a
// question whose asked-for words the knowledge never uses
// (graphrag/localsearch: rule 2 of Relevance).
func AskedFor(q string) []string {
	if !HasHan(q) {
		return nil
	}
	ws := Words(q)
	var out []string
	add := func(w string) {
		if utf8.RuneCountInString(w) >= 2 && HasHan(w) && !IsStopWord(w) && !IsAspectWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for i, w := range ws {
		if askDeterminers[w] { // 什么 is both: 是什么专业, 方法是什么
			for _, n := range ws[i+1:] {
				if !phraseWord(n) {
					break
				}
				add(n)
			}
		}
		if askEnds[w] && (i+1 == len(ws) || !phraseWord(ws[i+1])) { // it ends the phrase: 是多少？, not 多少人
			j := i - 1
			for j >= 0 && askLinks[ws[j]] {
				j--
			}
			k := j
			for k >= 0 && phraseWord(ws[k]) {
				k--
			}
			for _, n := range ws[k+1 : j+1] {
				add(n)
			}
		}
	}
	return out
}

// phraseWord: w can be part of the noun phrase around an interrogative (a
// word with a Chinese character that is not a stop word).
func phraseWord(w string) bool { return HasHan(w) && !IsStopWord(w) }

// askDeterminers are the interrogatives followed by what is asked for.
var askDeterminers = wordSet("什么 哪些 哪个 哪种 哪类 哪家 哪位 哪几个 啥")

// askEnds are the interrogatives that end a question after what is asked
// for (门票价格是多少), and askLinks the verbs and adverbs between them (是,
// 有, 分别 …).
var (
	askEnds  = wordSet("多少 什么 哪些 哪个 怎么样 怎样 如何 几")
	askLinks = wordSet("是 有 为 都 分别 各 大概 大约 一共 总共 共 约")
)

// IsAspectWord reports whether w is a word for an aspect of a subject
// rather than a thing (挑战, 问题, 原因, 影响, 特点, 方法, 风险 …): a
// question asking for one (哪些挑战) is answered by texts that name the
// aspect's instances, not the word, so AskedFor leaves it out.
func IsAspectWord(w string) bool { return aspectWords[w] }

var aspectWords = wordSet(`挑战 困难 难题 问题 方面 原因 因素 影响 后果 变化 情况 特点 特征 措施 举措 做法 办法 方法 方式 手段 策略 对策 建议
看法 观点 评价 态度 反应 反响 回应 风险 机会 优势 劣势 不足 短板 意义 作用 价值 趋势 走势 经验 教训 结果 过程 经历 表现 进展 动态 细节 背景
争议 焦点 亮点 重点 核心 关键 区别 差异 异同 关系 联系 主题 类型 种类 阶段 步骤 目的 目标 计划 前景 现状 事情 事件 东西 内容 情形 状况 方向 角色`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
