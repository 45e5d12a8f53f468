package draft

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/prompts"
	textrules "reportengine/text"
)

// engineOrder is the order engines appear in chapters and charts.
var engineOrder = []string{"insight", "media", "query"}

// sortEngines orders engine names: insight, media, query, then the rest
// alphabetically.
func sortEngines(es []string) []string {
	rank := func(e string) int {
		if i := slices.Index(engineOrder, e); i >= 0 {
			return i
		}
		return len(engineOrder)
	}
	out := dedupe(es)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
	return out
}

// dedupe is ss without empty strings and repeats, each at its first place.
func dedupe(ss []string) []string {
	return textrules.Unique(slices.DeleteFunc(slices.Clone(ss), func(s string) bool { return s == "" }))
}

func runeLen(s string) int { return utf8.RuneCountInString(s) }

func isTerminator(r rune) bool {
	return strings.ContainsRune("。！？!?；;…", r)
}

// leadSpan returns a prefix of s of at most max runes that ends at a
// sentence terminator when one exists in range, else the first max runes.
// The result is always a substring of s.
//
// Text the pipeline has already cut (a summary that does not end at a
// terminator) is trimmed back to its last full sentence when that keeps at
// least a third of it, so quotations do not stop mid-word.
func leadSpan(s string, max int) string {
	short := runeLen(s) <= max
	if r, _ := utf8.DecodeLastRuneInString(s); short && (s == "" || isTerminator(r)) {
		return s
	}
	cut := s
	if !short {
		cut = textrules.TruncateRunes(s, max)
	}
	end := strings.LastIndexFunc(cut, isTerminator)
	if end >= 0 {
		_, size := utf8.DecodeRuneInString(cut[end:])
		end += size
	}
	if end > 0 && (!short || 3*end >= len(cut)) {
		return cut[:end]
	}
	return cut
}

// lines splits report text into prose lines: Markdown headings, tables,
// fences and rules are dropped and leading list/quote markers removed. Each
// result is a substring of s.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || textrules.FirstPrefix(l, []string{"#", "|", "```", "---", "==="}) != "" {
			continue
		}
		for {
			t := strings.TrimLeft(l, "-*+>")
			if t == l {
				break
			}
			l = strings.TrimSpace(t)
		}
		if !hasWordRune(l) {
			continue
		}
		out = append(out, l)
	}
	return out
}

func hasWordRune(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// chineseNumeral writes 1..99 as Chinese numerals (一, 十一, 二十三).
func chineseNumeral(n int) string {
	digits := []string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	switch {
	case n <= 0 || n >= 100:
		return strconv.Itoa(n)
	case n < 10:
		return digits[n]
	case n == 10:
		return "十"
	case n < 20:
		return "十" + digits[n%10]
	case n%10 == 0:
		return digits[n/10] + "十"
	default:
		return digits[n/10] + "十" + digits[n%10]
	}
}

// stripNumber removes a leading outline number ("1.1 ", "2、") from an
// outline point.
func stripNumber(s string) string {
	s = strings.TrimSpace(s)
	i := len(s) - len(strings.TrimLeft(s, "0123456789."))
	if i == 0 {
		return s
	}
	rest := strings.TrimLeft(s[i:], " \t、:：-")
	rest = strings.TrimLeft(rest, "\u3000\u00a0")
	if rest == "" || rest == s[i:] {
		return s
	}
	return rest
}

// anchorOK reports whether s is a valid IR anchor ([A-Za-z0-9_-]+).
func anchorOK(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	})
}

// anchorFor returns the first valid anchor among cands, else fallback.
func anchorFor(fallback string, cands ...string) string {
	for _, c := range cands {
		if anchorOK(c) {
			return c
		}
	}
	return fallback
}

// stopTerms are generic report words that make poor graph keywords.
var stopTerms = map[string]bool{
	"分析": true, "报告": true, "舆情": true, "情况": true, "本期": true, "周期": true, "本周": true,
	"总体": true, "主要": true, "相关": true, "核心": true, "关键": true, "建议": true, "以及": true,
	"进行": true, "我们": true, "他们": true, "这个": true, "一个": true, "没有": true, "已经": true,
	"舆情分析": true, "分析报告": true, "情分析": true, "析报告": true, "情分": true, "析报": true,
	"要点": true, "与各": true, "之间": true, "其中": true, "方面": true, "问题": true, "内容": true,
}

// functionRunes are particles and conjunctions; a term containing one
// usually straddles two words ("经过与").
const functionRunes = "与的和及或在对了是为之其并而着把被从向"

// terms returns candidate search terms of text: every 2-4 rune substring
// of a run of CJK ideographs, and every ASCII word of 2+ letters, in order
// of first occurrence, without duplicates, stop terms or terms containing a
// function character.
func terms(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if t == "" || seen[t] || stopTerms[t] || strings.ContainsAny(t, functionRunes) {
			return
		}
		seen[t] = true
		out = append(out, t)
	}
	var han []rune
	var word []rune
	flushHan := func() {
		for i := range han {
			for n := 4; n >= 2; n-- {
				if i+n <= len(han) {
					add(string(han[i : i+n]))
				}
			}
		}
		han = han[:0]
	}
	flushWord := func() {
		if len(word) >= 2 {
			add(strings.ToLower(string(word)))
		}
		word = word[:0]
	}
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Han, r):
			flushWord()
			han = append(han, r)
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			flushHan()
			word = append(word, r)
		default:
			flushHan()
			flushWord()
		}
	}
	flushHan()
	flushWord()
	return out
}

// quoted returns the passages quoted after the lead evs[0]: at most n,
// in order, skipping each that restates the passages quoted before it
// (restates) — three wordings of one recommendation are one finding.
func quoted(evs []prompts.EvidenceRef, n int) []prompts.EvidenceRef {
	var seen said
	seen.add(evs[0].Text)
	var out []prompts.EvidenceRef
	for _, ev := range evs[1:] {
		if len(out) == n {
			break
		}
		if seen.restates(ev.Text) {
			continue
		}
		out = append(out, ev)
		seen.add(ev.Text)
	}
	return out
}

// said is what the passages quoted so far hold: their character bigrams
// (textrules.Bigrams) and their digit runs.
type said struct {
	grams  map[[2]rune]bool
	digits map[string]bool
}

func (s *said) add(t string) {
	if s.grams == nil {
		s.grams, s.digits = map[[2]rune]bool{}, map[string]bool{}
	}
	for g := range textrules.Bigrams(t) {
		s.grams[g] = true
	}
	for _, d := range digitRuns(t) {
		s.digits[d] = true
	}
}

// restates reports whether t says nothing the quoted passages do not: it
// has at least 6 character bigrams (letters and digits; any other rune
// ends a run), at least restateShare of them quoted, and each of its digit
// runs too ("升到23%" is news beside "回落到9%" however alike the rest).
func (s *said) restates(t string) bool {
	gs := textrules.Bigrams(t)
	if len(gs) < 6 {
		return false
	}
	in := 0
	for g := range gs {
		if s.grams[g] {
			in++
		}
	}
	if float64(in) < restateShare*float64(len(gs)) {
		return false
	}
	for _, d := range digitRuns(t) {
		if !s.digits[d] {
			return false
		}
	}
	return true
}

// digitRunRE finds the maximal runs of ASCII digits.
var digitRunRE = regexp.MustCompile(`[0-9]+`)

// digitRuns are the maximal runs of ASCII digits in s.
func digitRuns(s string) []string { return digitRunRE.FindAllString(s, -1) }
