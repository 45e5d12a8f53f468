package text

import (
	"slices"
	"strings"
)

// Organization reports whether w is a Chinese word of three runes or more
// made of a noun of people or things and a one-rune suffix that makes it
// a body of them or an office (orgSuffixes: 学生会, 研究生会, 校友会, 学生处,
// 研究生院): the body is another thing than its members, so the term has
// no parts (Term.Parts), and a text that speaks of students but not of
// their union does not hold 学生会. A verb before the suffix makes an
// event, whose verb does speak of it (发布会, 演唱会: parts kept).
func Organization(w string) bool {
	rs := []rune(w)
	if len(rs) < 3 || !strings.ContainsRune(orgSuffixes, rs[len(rs)-1]) || !IsHan(rs[0]) {
		return false
	}
	head := string(rs[:len(rs)-1])
	return IsDictWord(head) && IsNoun(head) && !IsName(head)
}

// orgSuffixes make a noun a body or an office (Organization): an
// association or council, an institute, an office, a department.
const orgSuffixes = "会院处部"

// actorsAsked returns the bodies a yes-or-no clause asks whether they
// did a thing: the nouns right before its 有没有, 有无 or 是否 (past an
// adverb, actorAdverbs), joined by 或者 and the like, that name a body or
// an office (Organization), in question order, a noun and the 会 after it
// read as one body (学生会 and 研究生会 in "武大的学生会或者研究生会有没有代表学生
// 出来发过声明？": 会 before 有没有 is no modal). Whether that body acted is
// asked: a knowledge that never names it does not tell. Other nouns there
// are the matter asked about, which a knowledge may tell in other words
// (风向 in "断货那阵子风向有没有变": the texts write 口碑 and 评价). nil
// for a clause with none.
func actorsAsked(ws []string) []string {
	var out []string
	for i, w := range ws {
		if w != "有没有" && w != "有无" && w != "是否" {
			continue
		}
		k := i - 1
		for k >= 0 && actorAdverbs[ws[k]] {
			k--
		}
		var run []string
		for k >= 0 {
			switch {
			case ws[k] == "会" && k > 0 && nounLike(ws[k-1]):
				run = append(run, ws[k-1]+"会")
				k -= 2
				continue
			case nounLike(ws[k]):
				run = append(run, ws[k])
			case orAnd[ws[k]] && len(run) > 0:
			default:
				k = -1
				continue
			}
			k--
		}
		slices.Reverse(run)
		for _, w := range run {
			if Organization(w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// actorAdverbs stand between a doer and the 有没有 asking whether it acted
// (学校当时有没有回应).
var actorAdverbs = fieldSet("也 都 还 又 当时 之前 之后 后来 曾经 到底 究竟 最后 最终 其实 真的 那时 事后 随后")
