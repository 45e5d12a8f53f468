// Package eval measures how well search answers a question set: for each
// question whether it was answered or refused, which of its assertions the
// answer states, whether its citations point at records the context showed,
// whether the records a good answer needs were in the context, and how long
// it took; then the totals (false refusals, assertion recall, citation
// validity, source recall, off-topic refusals, p50/p95 latency).
//
//	set, err := eval.ReadFile("examples/coffee-shop/questions.jsonl")
//	rep, err := eval.Run(ctx, set, eval.Config{Search: search, Model: m})
//	rep.WriteText(os.Stdout) // or json.Marshal(rep)
//
// # Question sets
//
// A set is JSON Lines (UTF-8, one object per line, blank lines skipped):
//
//	{"question": "李明为什么选择写字楼商圈？",
//	 "assertions": [["工作日客流稳定", "工作日客流"], ["一万五", "1.5万", "15000"]],
//	 "expect_records": ["query_P0"],
//	 "note": "story.csv part 1"}
//	{"question": "火星殖民计划的进展如何？", "expect": "no_match"}
//
// question (required) is asked as it stands, without history. assertions
// are the facts a correct answer states, each a list of alternative
// wordings: the assertion is met when the answer contains one of them
// (Contains: case, letter width, white space and punctuation ignored,
// but "%" and a "." between digits kept;
// citation blocks such as "[Data: Entities (14)]" are not part of the
// answer for this). expect_records are records a good context holds (see
// Config.Model). expect "no_match" marks an off-topic question: search
// must refuse it (localsearch's relevance gate); such a line carries no
// assertions and no expected records. note is free text for the author
// (where in the data the answer is) and is not read.
//
// A set holds at most MaxQuestions questions and MaxSetBytes bytes, a line
// at most MaxLineBytes; a question at most 2 000 runes, at most 32
// assertions of at most 16 alternatives each. Unknown fields, a missing
// question, an empty alternative, expect other than "no_match" and a
// no_match line with assertions are errors: a *SetError naming the file,
// the line and the field, wrapping ErrBadSet.
//
// # Figures
//
// Answerable questions are those without expect "no_match"; off-topic ones
// are the others.
//
//   - false refusals: answerable questions refused (no-match).
//   - assertion recall: assertions met / assertions of the answerable
//     questions (a refused question meets none).
//   - opening on point: the answered questions with assertions whose
//     first point (Lead: the first list item, else the first paragraph)
//     states one of them / the answered questions with assertions. A
//     reader reads the first point first; an answer that meets its
//     assertions in its seventh bullet is complete but not on point.
//   - citation validity: citations that name a record the context showed /
//     all citations of the answered questions (1 when there are none; the
//     answers without any citation are counted apart as Uncited).
//   - source recall: expected records shown in the context / expected
//     records of the answerable questions (1 when the set names none).
//   - off-topic refusals: off-topic questions refused / off-topic
//     questions (1 when there are none).
//   - latency: each search's wall time in milliseconds; p50 and p95 by the
//     nearest-rank rule over every question.
//
// Microsoft GraphRAG ships no such evaluation; the figures are ours.
package eval
