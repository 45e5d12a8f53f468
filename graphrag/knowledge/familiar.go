package knowledge

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// familiarAddress matches a familiar form of address: 小, 老 or 阿 before
// a surname (text.Surnames): 小李, 老王, 阿张.
var familiarAddress = regexp.MustCompile(`[小老阿][` + text.Surnames + `]`)

// maxFamiliarScan bounds the occurrences of a surname familiarNames reads
// for the names it opens.
const maxFamiliarScan = 4096

// familiarNames writes each familiar form of address in question (小李,
// 老王: familiarAddress) that no document holds as the one person the
// documents name with that surname (familiarName): "小李当初是什么时候下决
// 心开店的？" asks about the sample's 李明, whom a neighbour calls 小李. A
// form the documents hold, or a surname they give several people or none,
// stays.
func (x *Lexical) familiarNames(question string) string {
	return familiarAddress.ReplaceAllStringFunc(question, func(f string) string {
		if x.docsHolding(f) > 0 {
			return f
		}
		_, size := utf8.DecodeRuneInString(f)
		if n := x.familiarName(f[size:]); n != "" {
			return n
		}
		return f
	})
}

// familiarName returns the person the documents name with surname s: of
// the words of two or three runes opening with s that may be a person's
// name (personWord) and start and end on word boundaries (wholeWordAt:
// 李明 in 李明咖啡店, not 李明咖), in the documents holding the most of them, the
// longest held in at least four fifths as many documents as the most held
// (张平文 over 张平); "" when none is held in two documents or more, or
// another name (neither holding the other) is held in more than half as
// many. Reads at most maxFamiliarScan occurrences of s.
func (x *Lexical) familiarName(s string) string {
	docs := map[string]map[int]bool{}
	seen := 0
	for d, doc := range x.docs {
		if seen >= maxFamiliarScan {
			break
		}
		for from := 0; from < len(doc) && seen < maxFamiliarScan; {
			i := strings.Index(doc[from:], s)
			if i < 0 {
				break
			}
			i += from
			seen++
			rest := doc[i+len(s):]
			for k, n := 0, len(s); k < 2 && rest != ""; k++ {
				r, size := utf8.DecodeRuneInString(rest)
				if !text.IsHan(r) {
					break
				}
				n += size
				rest = rest[size:]
				if w := doc[i : i+n]; personWord(w) && wholeWordAt(doc, i, n) {
					if docs[w] == nil {
						docs[w] = map[int]bool{}
					}
					docs[w][d] = true
				}
			}
			from = i + len(s)
		}
	}
	names := slices.Collect(maps.Keys(docs))
	// most documents first, then the longer, then the lesser string: a
	// stable order for the choice below
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(len(docs[b])-len(docs[a]), len(b)-len(a), strings.Compare(a, b))
	})
	if len(names) == 0 || len(docs[names[0]]) < 2 {
		return ""
	}
	top := len(docs[names[0]])
	best := names[0]
	for _, w := range names[1:] {
		n := len(docs[w])
		switch {
		case strings.HasPrefix(w, best) || strings.HasPrefix(best, w):
			if len(w) > len(best) && 5*n >= 4*top {
				best = w // 张平文, held nearly wherever 张平 is
			}
		case 2*n > top:
			return "" // two people of one surname: 小李 is either
		}
	}
	return best
}

// personWord reports whether w, of two or three runes, may be a person's
// name: shaped as one (text.PersonShaped), not another kind of name
// (text.IsOtherName: 武大), and, of three runes, not a common word and a
// rune (林业局: 林业 is forestry). The dictionary's tags are jieba's and
// tag 李子 and 张开 names: a word the texts use so passes.
func personWord(w string) bool {
	if !text.PersonShaped(w) || text.IsOtherName(w) {
		return false
	}
	rs := []rune(w)
	p := string(rs[:2])
	return len(rs) == 2 || !text.IsDictWord(p) || text.IsAnyName(p)
}
