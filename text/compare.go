package text

import (
	"regexp"
	"strings"
)

// compareCueRE matches the words that make a question a comparison.
var compareCueRE = regexp.MustCompile(`(?:有什么|有何|有哪些|什么)?(?:不同|区别|差异|差别|异同)|相比|对比|(?i:\bdiffer(?:ence|ent|s)?(?:\s+between)?\b|\bcompare[ds]?\b|\bversus\b|\bvs\.?)`)

// compareJoinRE matches the word joining the two sides: 和 与 跟 同 及,
// "and", "from", "with", "vs".
var compareJoinRE = regexp.MustCompile(`和|与|跟|同|及|(?i:\s(?:and|from|with|versus|vs\.?)\s)`)

// ComparedSides returns the two things a comparison question compares
// (llm/offline answers each side under its name, globalsearch's router
// sends the question to local search): around the first joining word
// (compareJoinRE) before the comparison cue (compareCueRE), the content
// words (Words that are Terms) that run up to it and those that run on
// after it, each side as one phrase
// ("微博和抖音上关于武汉大学的讨论有什么不同？" → 微博, 抖音;
// "写字楼商圈和老城区街角相比有什么区别？" → 写字楼商圈, 老城区街角); ok
// false for a question that compares nothing, or when a side is empty or
// both are one. Without a joining word before the cue the sides are looked
// for after it ("the difference between Alex Mercer and Taylor Cruz").
func ComparedSides(question string) (a, b string, ok bool) {
	cue := compareCueRE.FindStringIndex(question)
	if cue == nil {
		return "", "", false
	}
	head := question[:cue[0]]
	loc := compareJoinRE.FindStringIndex(head)
	if loc == nil {
		// "the difference between A and B": the sides follow the cue
		head = question[cue[1]:]
		if loc = compareJoinRE.FindStringIndex(head); loc == nil {
			return "", "", false
		}
	}
	before, after := Words(head[:loc[0]]), Words(head[loc[1]:])
	i := len(before)
	for i > 0 && contentWord(before[i-1]) {
		i--
	}
	j := 0
	for j < len(after) && contentWord(after[j]) {
		j++
	}
	sep := " " // words of a Latin phrase are joined by a space, Chinese ones by none
	if HasHan(question) {
		sep = ""
	}
	a, b = trimPlace(trimWhere(strings.Join(before[i:], sep))), trimPlace(strings.Join(after[:j], sep))
	return a, b, a != "" && b != "" && a != b && !datePhrase.MatchString(a) && !datePhrase.MatchString(b)
}

// datePhrase matches a side that is a date or a part of one (2024年,
// 9月, 2023): "between September 2023 and April 2024, how much did … rise
// compared with …" names a span of time, not two things compared (read
// as Chinese dates, its sides had been 月 and 2024年).
var datePhrase = regexp.MustCompile(`^[0-9０-９\s年月日号]+$`)

// trimPlace drops a locative particle ending a Chinese side (抖音上 → 抖音,
// 校内 stays: a side keeps two runes).
func trimPlace(side string) string {
	rs := []rune(side)
	if len(rs) > 2 && strings.ContainsRune("上中里内", rs[len(rs)-1]) {
		return string(rs[:len(rs)-1])
	}
	return side
}

// trimWhere drops the frame a Chinese side starts with: where it is
// looked at, up to 里 ("数据里湖北本地网友" → 湖北本地网友), when at least two
// runes stand on either side of 里 and they are not a word of 里 (这里,
// 那里, 哪里, 公里, 千里, 万里, 邻里).
func trimWhere(side string) string {
	rs := []rune(side)
	for k := 2; k < len(rs)-2; k++ {
		if rs[k] == '里' && !strings.ContainsRune("这那哪公千万邻", rs[k-1]) {
			return string(rs[k+1:])
		}
	}
	return side
}

// contentWord reports whether a word of Words is a content term.
func contentWord(w string) bool { return strings.TrimSpace(w) != "" && len(Terms(w)) > 0 }
