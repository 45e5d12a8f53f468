package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// haveAsked is the thing 有没有 or 有无 before ws[from] asks whether there
// is (有没有兄弟姐妹: 兄弟, 姐妹), when the phrase after it is all nouns
// (有没有出面回应 asks whether it acted: none); after a modifier and 的,
// the phrase 的 leads to and those joined to it by 或 or 和, whatever
// the dictionary tags them (headsAfterOf: 有没有对外开放的宾馆: 宾馆,
// heldout70; 有没有推荐的民宿或饭店: 民宿, 饭店, heldout80), though a
// phrase with a noun before 的 (企业团购的单子) is no mere modifier; before
// 可, the thing to use (有没有校车可坐: 校车, not how).
func haveAsked(ws []string, from int) []string {
	k, _ := phraseFrom(ws, from)
	if k > from && k+1 < len(ws) && ws[k] == "的" && !slices.ContainsFunc(ws[from:k], IsNoun) {
		return headsAfterOf(ws, k+1)
	}
	if p := slices.Index(ws[from:k], "可"); p > 0 {
		k = from + p
	}
	if k > from && !slices.ContainsFunc(ws[from:k], func(n string) bool { return !IsNoun(n) }) {
		return ws[from:k]
	}
	return nil
}

// zhEitherPattern matches two alternatives a Chinese question asks between
// at the end of a clause: "警方最后怎么处理？拘留还是罚款" (heldout90), "是
// 男生还是女生？".
var zhEitherPattern = regexp.MustCompile(`(\p{Han}{2,5})还是(\p{Han}{2,5})(?:[？?。，,！!；;\s]|$)`)

// zhEither returns the pairs of alternatives a Chinese question asks
// between (zhEitherPattern), each the last content term of its side
// (拘留, 罚款); not a comparison of amounts (好的多还是骂的多: a side ending
// in 多, 少, 好, 大, 小, 高 or 低), nor how a thing is or went (a side with
// 了, a word after one of howMarkers: 在回暖还是更糟, 变快了还是变慢了).
func zhEither(q string) [][2]string {
	var out [][2]string
	for _, m := range zhEitherPattern.FindAllStringSubmatch(q, -1) {
		var pair [2]string
		for k, side := range []string{m[1], m[2]} {
			ts := Terms(side)
			if strings.ContainsAny(lastRune(side), "多少好大小高低") || len(ts) == 0 || strings.Contains(side, "了") {
				pair = [2]string{}
				break
			}
			t := ts[len(ts)-1].Text
			before := strings.TrimSuffix(side[:strings.LastIndex(side, t)], "是")
			if k == 1 && strings.ContainsAny(firstRune(side), howMarkers) || k == 0 && strings.ContainsAny(lastRune(before), howMarkers) {
				pair = [2]string{}
				break // 在回暖还是更糟, 变快了还是变慢了, 超讚还是会太甜: how a thing is or went, not which thing
			}
			pair[k] = t
		}
		if pair[0] != "" && pair[1] != "" && pair[0] != pair[1] {
			out = append(out, pair)
		}
	}
	return out
}

// howMarkers are the runes before a word that make it say how a thing is
// or goes (更糟, 变慢, 太甜, 会太甜, 在回暖), not which thing it is (zhEither).
const howMarkers = "变更越太超很挺会偏比在"

// firstRune is the first rune of s as a string ("" for "").
func firstRune(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return ""
	}
	return string(r)
}

// lastRune is the last rune of s as a string ("" for "").
func lastRune(s string) string {
	r, n := utf8.DecodeLastRuneInString(s)
	if n == 0 {
		return ""
	}
	return string(r)
}
