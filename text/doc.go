// Package text is the one place for the text rules the rest of reportengine
// shares: which script a rune or string is written in, sentence splitting,
// trimming, Chinese word segmentation (a maintained segmenter with its own
// dictionary), stop and question words, and the content terms of a question.
//
// Every package that needs such a rule calls this one, so that "is this
// Chinese", "where does a sentence end" and "what does this question ask
// about" have one answer across the graph builder, the query engine, search,
// the evidence plan and the report.
//
// All functions are pure and safe for concurrent use; lengths are in runes
// unless a name says bytes.
package text
