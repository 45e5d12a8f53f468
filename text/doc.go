// Package text is the one place for the text rules the rest of reportengine
// shares: which script a rune or string is written in, sentence splitting,
// trimming, Chinese word segmentation (a maintained segmenter with its own
// dictionary), stop and question words, the content terms of a question,
// and the noise classes of a passage (PageNoise: page furniture, bylines,
// adverts, filler, list lines), which the report's evidence and the
// search answers both skip.
//
// Every package that needs such a rule calls this one, so that "is this
// Chinese", "where does a sentence end" and "what does this question ask
// about" have one answer across the graph builder, the query engine, search,
// the evidence plan and the report.
//
// Chinese is segmented by github.com/go-ego/gse (this package is its only
// importer) with a dictionary embedded here: the library's own
// simplified-Chinese dictionary trimmed to its 108 972 words of frequency
// ≥ 10 (gen_dict.go; `go generate ./text` remakes it). The dictionary is
// loaded once per process, the first time Chinese text is segmented or
// when Warm is called (about 0.2–0.5 s and 22 MiB); text without Han
// characters never loads it.
//
// A question written in traditional characters is read in simplified ones
// (Question) through github.com/longbridgeapp/opencc (this package is its
// only importer; OpenCC's t2s tables, embedded by the library, built on
// first use in about 5 ms); the texts searched are never converted. A
// misheard word is read as its homophone (Heard) through a table of
// toneless readings, zhpinyin.txt, that gen_pinyin.go generates from the
// data of github.com/mozillazg/go-pinyin (pinyin-data; MIT licence): no
// program start pays for the library's map of 41 923 entries.
//
//	text.Terms("李明在经营咖啡店过程中都经历了哪些挑战？")
//	// 李明 经营 咖啡店 过程 经历 挑战
//	text.Terms("Who is Alex Mercer?") // alex mercer
//
// All functions are pure and safe for concurrent use; lengths are in runes
// unless a name says bytes.
package text
