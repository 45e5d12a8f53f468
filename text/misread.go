package text

import "slices"

// Misread returns q with each word a handwriting input or a careless
// typist wrote with one character for another of like shape read as the
// word the texts hold: "孩子被调剂到不喜欢的专亚" is read with 专业, "刚考上
// 武太" with 武大, "宿含维修钱" with 宿舍 (a parent's phone, heldout88).
// There is no table of shapes: as Heard reads a word of the same sound,
// a word of Words of two to four Han runes that the dictionary lacks, no
// stop word, rarer than HeardMaxShare and held by no document is read as
// the dictionary word made by putting, at one of its positions, a rune
// the texts write there beside the word's other runes (next: the runes
// after a rune; prev: before one) — held by MinHeardDocs documents and
// joined to the question's word before or after it by one (a word
// between function words stays: "喜茶的口碑" names a brand the texts do
// not hold, never 奶茶) —, no person's name (武太 is
// read 武大, which the dictionary names as a place; 李四 is never read
// as another name); of those, the one in the most documents, ties to the
// earlier position, then the lower rune. q without such a word is
// returned unchanged; docs is called a few hundred times per word read.
func Misread(q string, docs func(string) int, next, prev func(rune) []rune) string {
	return reread(q, docs, func(rs []rune, i int) []rune { return shapeAlts(rs, i, next, prev) }, true)
}

// shapeAlts are the runes other than rs[i] that the texts write after
// rs[i-1] and before rs[i+1] (either, at the word's ends), ascending.
func shapeAlts(rs []rune, i int, next, prev func(rune) []rune) []rune {
	var out []rune
	switch {
	case i > 0 && i+1 < len(rs):
		after := next(rs[i-1])
		for _, r := range prev(rs[i+1]) {
			if slices.Contains(after, r) {
				out = append(out, r)
			}
		}
	case i > 0:
		out = slices.Clone(next(rs[i-1]))
	default:
		out = slices.Clone(prev(rs[i+1]))
	}
	out = slices.DeleteFunc(out, func(r rune) bool { return r == rs[i] || !IsHan(r) })
	slices.Sort(out)
	return slices.Compact(out)
}
