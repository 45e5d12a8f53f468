package offline

import (
	"strings"

	"reportengine/internal/memo"
	"reportengine/text"
)

// maxMemoBytes bounds recordMemo: the record texts it keys hold at most
// this many bytes (their sentences, lower-cased copies and term sets take
// about eight times as much); the oldest go first.
const maxMemoBytes = 4 << 20

// recordSentence is one sentence of a record's text as contextSentences
// quotes it: the clause (splitClauses), whether it is bookkeeping or
// page noise (isBookkeeping, given the sentence before it in the
// record), and, when it is not, its terms (matchTerms) and its text
// after its heading's words, lower-cased. Read only: the sentences of
// every answer that quotes the record share it.
type recordSentence struct {
	clause
	bookkeeping bool
	terms       map[string]bool
	lower       string
}

// parseRecord is a record's text cut into recordSentences, without the
// citation blocks the record holds (text.StripCitations). It is the plain
// function recordMemo remembers, and its oracle.
func parseRecord(raw string) []recordSentence {
	var out []recordSentence
	prev := ""
	for _, c := range splitClauses(text.StripCitations(raw)) {
		rs := recordSentence{clause: c, bookkeeping: isBookkeeping(c.text, prev)}
		if !rs.bookkeeping {
			rs.terms = matchTerms(c.text)
			rs.lower = strings.ToLower(strings.TrimSpace(c.heading + " " + c.text))
		}
		prev = c.text
		out = append(out, rs)
	}
	return out
}

// recordMemo remembers parseRecord for the process. Questions about one
// knowledge quote the same records again and again, and parsing them
// (text.PageNoise's regular expressions, the clause splitter, the term
// sets) is the largest part of answering a question offline: 29 of 64 s
// of the shipped sets' eval in text.PageNoise with no memo (2026-12-05);
// with a memo of the noise verdicts alone, 5.9 of 32 s still in parsing.
// Remembering whole records buys 11 % of the CPU of an eval of 480 of the
// fixture's questions, whole process (median of nine paired runs, CPU
// 0.885, 2026-12-06), for 13 MiB more peak memory; on 105 questions, whose
// records repeat less, nothing measurable. It keeps records in
// internal/memo's FIFO, each sized by its text's bytes. Safe for
// concurrent use; the zero value is ready.
type recordMemo struct{ memo.FIFO[[]recordSentence] }

// records holds parseRecord's results for the process.
var records recordMemo

// sentences returns parseRecord(raw), computing it only when the memo
// does not hold it yet. The result is shared: callers must not change it.
func (v *recordMemo) sentences(raw string) []recordSentence {
	if got, ok := v.Get(raw); ok {
		return got
	}
	got := parseRecord(raw)
	v.Put(raw, got, len(raw), maxMemoBytes)
	return got
}
