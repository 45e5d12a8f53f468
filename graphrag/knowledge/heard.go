package knowledge

import (
	"regexp"
	"slices"
	"strings"

	"reportengine/text"
)

// Heard returns question with each word a listener may have misheard
// written as the homophone the knowledge's documents hold (text.Heard: 测
// 回 → 测绘, 宿社 → 宿舍 on the fixture) and, on a Microsoft GraphRAG
// index, each misspelt name as the name (misspeltNames: jordon →
// Jordan) and, in a knowledge that is not mostly Chinese, each word
// misspelt by its sound as the word the documents hold (misspeltWords:
// mersir → mercer, elevater → elevator); each familiar form of address as the person's name
// (familiarNames: 小李 → 李明 on the sample); and, an English question asked of Chinese documents (chinese),
// as text.AsChinese reads it (Zhang Pingwen → 张平文, library → 图书馆),
// a Chinese one with the words it writes in pinyin read as the Han
// words the documents hold (text.PinyinWordsAsChinese: na tie → 拿铁)
// with each character written for another of like shape read as the
// one the documents hold (text.Misread: 图书官 → 图书馆, 法阮 → 法院),
// and the English words it mixes in translated
// (text.EnglishWordsAsChinese: 多少visitor → 多少游客) and its pinyin
// initials read (initialisms: wd → 武大);
// question itself when it holds none. The candidates are counted
// without the count memo (a few hundred a word, which would push the
// question's own words out of it).
func (x *Lexical) Heard(question string) string {
	q := x.familiarNames(x.misspeltNames(text.Heard(question, x.docsHolding)))
	switch {
	case !x.chinese():
		if !text.HasHan(q) {
			q = x.misspeltWords(q) // a child's spelling by sound: mersir → mercer, elevater → elevator
		}
	case text.HasHan(q):
		q = text.Misread(q, x.docsHolding, x.runesAfter, x.runesBefore)                                           // 图书官 → 图书馆: a character of like shape
		q = x.initialisms(text.EnglishWordsAsChinese(text.PinyinWordsAsChinese(q, x.docsHolding), x.docsHolding)) // 的na tie一杯, 一天可以进去多少visitor？, wd樱花
	default:
		q = text.AsChinese(x.misspeltWords(q), x.docsHolding) // what happend with the libary case: happened, library
	}
	return q
}

// minChineseShare is the least share of the sampled documents' bytes in
// Han characters (lead bytes 0xE4–0xE9 of their UTF-8, three bytes each)
// for a knowledge to be read as Chinese (chinese).
const minChineseShare = 0.25

// chinese reports a knowledge whose documents are mostly Chinese (the
// byte counts of the sampled documents, minChineseShare): an English
// question asked of it is read with its names in Chinese (pinyinNames)
// and its glossary words translated (translated). A Microsoft GraphRAG
// index in English is not.
func (x *Lexical) chinese() bool {
	var han, total int64
	for b, n := range x.bytes {
		total += n
		if b >= 0xE4 && b <= 0xE9 {
			han += 3 * n
		}
	}
	return total > 0 && float64(han) >= minChineseShare*float64(total)
}

// docsHolding is the number of documents holding w as count finds it,
// without the memo.
func (x *Lexical) docsHolding(w string) int {
	w = lowerASCII(w)
	if x.indexable(w) {
		if hits, _, ok := x.countIndexed(w); ok {
			return len(hits)
		}
	}
	hits, _ := x.scanCount(w)
	return len(hits)
}

// minMisspelt is the fewest letters of a word misspeltNames reads as a
// name: a shorter word is one edit from too many others.
const minMisspelt = 5

// latinWord matches a word of Latin letters, with inner ' or -.
var latinWord = regexp.MustCompile(`[A-Za-z]+(?:['-][A-Za-z]+)*`)

// titleWords are the words of the titled terms with minMisspelt letters
// or more, sorted.
func titleWords(titled map[string]bool) []string {
	var out []string
	for t := range titled {
		for _, w := range strings.Fields(t) {
			if len(w) >= minMisspelt && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	slices.Sort(out)
	return out
}

// misspeltNames reads each English word of question that no document
// holds, of minMisspelt letters or more and no stop word, as the one word
// of the index's entity titles (titleWords) a single edit away (a letter
// dropped, added or changed, or two neighbours swapped): "what is jordon
// poking at" asks about Jordan Hayes. A word with no such title word, or
// with two, stays; our graphs, whose titles are page titles and search
// queries, have none (titled is nil). The word is written in the title
// word's letters, lower-cased as the question wrote it or capitalised.
func (x *Lexical) misspeltNames(question string) string {
	if len(x.titleWords) == 0 {
		return question
	}
	return latinWord.ReplaceAllStringFunc(question, func(w string) string {
		low := strings.ToLower(w)
		if len(low) < minMisspelt || text.IsStopWord(low) || x.docsHolding(low) > 0 {
			return w
		}
		var found []string
		for _, t := range x.titleWords {
			if oneEdit(low, t) {
				found = append(found, t)
			}
		}
		if len(found) != 1 {
			return w
		}
		if w[0] >= 'A' && w[0] <= 'Z' {
			return strings.ToUpper(found[0][:1]) + found[0][1:]
		}
		return found[0]
	})
}

// oneEdit reports whether a and b (lower-case ASCII) differ by exactly
// one edit: a letter dropped, added or changed, or two neighbours swapped.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if a[i+1:] == b[i+1:] {
			return true // one letter changed
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}
