package text

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// HeardMaxShare is the general-text share (GeneralShare) under which a
// Chinese word of a question may be a mishearing: speech-to-text writes
// a word as another of the same sound (测回 for 测绘, 宿社 for 宿舍, 伯雅
// for 博雅), and what it writes is a rare word or none (测回 2.6·10⁻⁷, a
// surveyor's term; 宿社 and 伯雅 no word). A common word (火星 8.7·10⁻⁶,
// 樱花 3.1·10⁻⁶) is never read as another.
const HeardMaxShare = 1e-6

// MinHeardDocs is the least number of documents that must hold a
// homophone for Heard to read a word as it.
const MinHeardDocs = 2

// MinAloneHeardDocs is the least number of documents that must hold a
// homophone for Heard to read as it a word with no content word beside it
// (会员怎么冲值的: 充值; 是什么时侯推出的: 时候), whose context cannot tell
// which homophone is meant: a word the texts use often.
const MinAloneHeardDocs = 5

// NameHeardMaxShare is the general-text share under which a word of a
// question that no document holds may be a name the knowledge holds
// written by an input method or heard by speech-to-text as another word of
// the same sound, however common that word (黎明, dawn, 1.2·10⁻⁵, for the
// owner 李明; the name 张威 for the supplier 张伟). A word as common as 明天
// (5.7·10⁻⁵) or 文明 (1.2·10⁻⁴) is never read as a name.
const NameHeardMaxShare = 3e-5

// MinNameHeardDocs is the least number of documents that must hold a name
// (PersonShaped) for Heard to read a word of the same sound as it without
// the question's context: a name the texts use often (李明 in hundreds of
// the sample's documents; 张伟 in tens).
const MinNameHeardDocs = 5

//go:generate go run gen_pinyin.go

// zhPinyin is the reading table (gen_pinyin.go: from go-pinyin's table,
// the pinyin-data project's): one "syllable runes" line per toneless
// syllable, sorted, the runes of the CJK Unified Ideographs block
// (U+4E00–U+9FFF) with that reading ascending; 419 syllables, 84 KB.
//
//go:embed zhpinyin.txt
var zhPinyin string

// pinyinTable is zhPinyin read: the runes of each syllable, and the
// syllables of each rune (every reading of a rune with several, in
// syllable order). Made on first use (about 1 ms).
type pinyinTable struct {
	runes     map[string][]rune
	syllables map[rune][]string
}

var readings = sync.OnceValue(func() pinyinTable {
	t := pinyinTable{runes: map[string][]rune{}, syllables: map[rune][]string{}}
	for line := range strings.Lines(zhPinyin) {
		py, rs, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		t.runes[py] = []rune(rs)
		for _, r := range rs {
			t.syllables[r] = append(t.syllables[r], py)
		}
	}
	return t
})

// Heard returns q with each word a listener may have misheard written as
// the homophone the texts hold: a word of q (Words) of two to four Han
// runes, no stop word, rarer than HeardMaxShare in general text and held
// by no document (docs(w) == 0) is replaced by the word made by putting,
// at one of its positions, another rune of the same toneless reading
// (zhPinyin, every reading of a rune with several) that is held
// by at least MinHeardDocs documents and, joined to the word before or
// after it in q (a content word: no stop word; before it, also the word
// before a naming link, namingLinks: 店长叫王方 → 店长王芳), by one at least (测绘遥感,
// 博雅计划, 武大宿舍: the question's own context says which homophone is
// meant, so 蔚来汽车 is not read as 未来 nor 多少大卡 as 打卡) or, for a
// word with function words on both sides that the dictionary lacks and
// that is no person's name (IsDictWord, PersonShaped), by
// MinAloneHeardDocs documents at least ("会员怎么冲值的" of texts that
// write 充值, "美试各多少钱": 美式; heldout78); of those,
// the one in the most documents, ties to the earlier position, then the
// reading first in alphabetical order, then the lower rune. "武大测回遥感…" is read "武大测绘遥
// 感…" on the fixture. A measure glued to the word after 多少 or 几 (多少/
// 条生量) is left out of it. Before all that, a word of a name's sound
// is read as the name the texts hold often, however common the word
// (nameHeard: 黎明 → 李明, heldout87). A word with no such homophone
// stays, as does q without Han runes. docs counts the documents (or
// sentences) holding a word; it is called a few hundred times per word
// read.
func Heard(q string, docs func(w string) int) string {
	return reread(q, docs, homophones, false)
}

// homophones are the runes of rs[i]'s toneless readings other than rs[i]
// (zhPinyin, every reading of a rune with several), in reading order.
func homophones(rs []rune, i int) []rune {
	var out []rune
	t := readings()
	for _, py := range t.syllables[rs[i]] {
		for _, h := range t.runes[py] {
			if h != rs[i] {
				out = append(out, h)
			}
		}
	}
	return out
}

// reread is Heard (alts: homophones, names read) and Misread (alts:
// the runes the texts write beside the word's others, a word of the
// dictionary made): each word of q read as the word alts makes that the
// texts hold with the question's context.
func reread(q string, docs func(w string) int, alts func(rs []rune, i int) []rune, word bool) string {
	if !HasHan(q) {
		return q
	}
	ws := Words(q)
	for i := 0; i < len(ws); i++ {
		w, last := ws[i], i
		if i > 0 {
			w, _ = countedThing(ws[i-1], w) // 多少/条生量: the measure the segmenter glued to the word heard
		}
		if !word && splitPair(ws, i) {
			w, last = w+ws[i+1], i+1 // 拿/贴: the segmenter cut the word misheard into two runes
		}
		rs := []rune(w)
		if !word {
			if as := nameHeard(w, docs); as != "" {
				q = strings.Replace(q, w, as, 1)
				i = last
				continue
			}
		}
		if len(rs) < 2 || len(rs) > 4 || strings.ContainsFunc(w, notHan) || IsStopWord(w) || GeneralShare(w) >= HeardMaxShare || docs(w) > 0 || word && (IsDictWord(w) || miscut(ws, i, docs)) {
			continue
		}
		var prev, next string
		switch {
		case i > 1 && namingLinks[ws[i-1]] && HasHan(ws[i-2]) && !IsStopWord(ws[i-2]):
			prev = ws[i-2] // 店长叫王方: the texts write the role and the name together, 店长王芳
		case i > 0 && HasHan(ws[i-1]) && !IsStopWord(ws[i-1]):
			prev = ws[i-1]
		}
		if last+1 < len(ws) && HasHan(ws[last+1]) && !IsStopWord(ws[last+1]) {
			next = ws[last+1]
		}
		if prev == "" && next == "" && (IsDictWord(w) || PersonShaped(w)) {
			continue // a word or a name between function words is asked about as written (多少大卡: kilocalories)
		}
		if as := heardAs(rs, prev, next, docs, alts, word); as != "" {
			q = strings.Replace(q, w, as, 1)
			i = last
		}
	}
	return q
}

// splitPair reports whether ws[i] and ws[i+1] are single Han runes, no
// stop word either, that Heard weighs as one word when the texts never
// write them together: the segmenter cuts a misheard word it does not
// know into its runes ("桂花拿贴卖得怎么样": 拿/贴, read 拿铁; "学生给逼亭
// 了": 逼/亭, read 逼停; new-user trial 44).
func splitPair(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	a, b := []rune(ws[i]), []rune(ws[i+1])
	return len(a) == 1 && len(b) == 1 && IsHan(a[0]) && IsHan(b[0]) && !IsStopWord(ws[i]) && !IsStopWord(ws[i+1])
}

// nameHeard is the name Heard reads the question's word w as, or "": w
// has two or three Han runes, is no stop word, is rarer in general text
// than NameHeardMaxShare and held by no document, and a name of the same
// sound (one rune another of the same toneless reading, nameHeardAs) is
// held by MinNameHeardDocs documents at least; a word of three runes that
// is not read whole is tried without its last rune, one the segmenter
// glued to the name (张威进的: 张伟 and 进). The name replaces what it
// was read from.
func nameHeard(w string, docs func(w string) int) string {
	rs := []rune(w)
	if len(rs) < 2 || len(rs) > 3 || strings.ContainsFunc(w, notHan) || IsStopWord(w) || GeneralShare(w) >= NameHeardMaxShare || docs(w) > 0 {
		return ""
	}
	if as := nameHeardAs(rs, docs); as != "" {
		return as
	}
	if len(rs) == 3 && docs(string(rs[:2])) == 0 {
		if as := nameHeardAs(rs[:2], docs); as != "" {
			return as + string(rs[2])
		}
	}
	return ""
}

// nameHeardAs is the name (PersonShaped) of the same sound as rs, one
// rune replaced by another of the same toneless reading, held by the most
// documents and by MinNameHeardDocs at least, or "": ties go to the
// earlier position, then the reading first in alphabetical order, then
// the lower rune, as in heardAs.
func nameHeardAs(rs []rune, docs func(w string) int) string {
	best, most := "", MinNameHeardDocs-1
	cand := slices.Clone(rs)
	for i, r := range rs {
		for _, h := range homophones(rs, i) {
			cand[i] = h
			if c := string(cand); PersonShaped(c) {
				if n := docs(c); n > most {
					best, most = c, n
				}
			}
		}
		cand[i] = r
	}
	return best
}

// namingLinks are the words between a role and its holder's name (店长叫
// 王芳, 导师是…): Heard reads the name beside the role, as texts write it.
var namingLinks = map[string]bool{"叫": true, "叫做": true, "名叫": true, "是": true, "姓": true}

// notHan reports a rune that is not Han (IsHan).
func notHan(r rune) bool { return !IsHan(r) }

// heardAs is the word of rs's sound (alts: homophones) or shape
// (Misread's) between the words prev and next ("" for none) that Heard
// or Misread reads it as, or "": for Misread (word), only a word of the
// dictionary, and no person's name unless the dictionary names something
// else by it (武大), and only where the question's context joins it to
// the texts (a word between function words, 喜茶的, may be a name the texts
// do not hold: never read as 奶茶).
func heardAs(rs []rune, prev, next string, docs func(w string) int, alts func(rs []rune, i int) []rune, word bool) string {
	best, most := "", MinHeardDocs-1
	cand := slices.Clone(rs)
	for i, r := range rs {
		for _, h := range alts(rs, i) {
			cand[i] = h
			c := string(cand)
			if word && (!IsDictWord(c) || PersonShaped(c) && !IsOtherName(c)) {
				continue
			}
			joined := 1 // a join held once reads a homophone; a shape, twice (樱花季风波 once made 季武 季风)
			if word {
				joined = MinHeardDocs
			}
			if n := docs(c); n > most && (!word && prev == "" && next == "" && n >= MinAloneHeardDocs || prev != "" && docs(prev+c) >= joined || next != "" && docs(c+next) >= joined) {
				best, most = c, n
			}
		}
		cand[i] = r
	}
	return best
}

// miscut reports whether the word ws[i] is a cut of the segmenter across
// two words the texts hold: its first rune and the last of the word
// before, or its last and the first of the word after, make a dictionary
// word held by MinHeardDocs documents ("樱花季武大门口" cut 季武: 武大 is
// the fixture's; Misread leaves it).
func miscut(ws []string, i int, docs func(string) int) bool {
	rs := []rune(ws[i])
	var pairs []string
	if i > 0 {
		if p := []rune(ws[i-1]); len(p) > 0 {
			pairs = append(pairs, string([]rune{p[len(p)-1], rs[0]}))
		}
	}
	if i+1 < len(ws) {
		if n := []rune(ws[i+1]); len(n) > 0 {
			pairs = append(pairs, string([]rune{rs[len(rs)-1], n[0]}))
		}
	}
	return slices.ContainsFunc(pairs, func(p string) bool { return IsDictWord(p) && docs(p) >= MinHeardDocs })
}
