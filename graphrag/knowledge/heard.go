package knowledge

import "reportengine/text"

// Heard returns question with each word a listener may have misheard
// written as the homophone the knowledge's documents hold (text.Heard: 测
// 回 → 测绘, 宿社 → 宿舍 on the fixture); question itself when it holds
// none. The candidates are counted without the count memo (a few hundred
// a word, which would push the question's own words out of it).
func (x *Lexical) Heard(question string) string {
	return text.Heard(question, x.docsHolding)
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
