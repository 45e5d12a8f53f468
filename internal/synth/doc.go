// Package synth generates synthetic BettaFish engine State JSON files and
// forum logs for benchmarks and load tests.
//
// The output follows the real schema (§2.2 and §2.3 of the BettaFish
// reference). A state file holds query, report_title, paragraphs[] (title,
// content, research{search_history[], latest_summary, reflection_iteration,
// is_completed}, order), final_report, is_completed, created_at and
// updated_at. It is pretty-printed with an indent of 2 and keeps non-ASCII
// text, the way Python's json.dump(indent=2, ensure_ascii=False) writes it.
// As in the real engines, search_history has one record per search result,
// so a query text repeats over a block of consecutive records. The media
// engine writes "score": null, and the query and insight engines write
// floats.
//
// The text mixes Chinese and English words taken from a fixed vocabulary.
// Words are picked with a skewed distribution, so some words are common and
// most are rare. On top of that, a few marker words are put into record
// content at known rates so that benchmarks can run keyword queries with a
// known selectivity: CommonWord (CommonShare of records), MediumWord
// (MediumShare) and RareWord and RareWordEN (RareShare each). A marker word
// occurs nowhere else. It is not part of any vocabulary word, and two
// adjacent words cannot form it. The one exception is a Topic that contains
// a marker word, because the topic goes into queries and titles.
//
// Output is deterministic: the same Config gives the same bytes. The
// generator uses math/rand/v2 PCG sources seeded from Config.Seed and never
// reads the clock. Writing streams through a fixed-size buffer, so memory use
// does not grow with the number of paragraphs or records.
//
// With the default settings, 3 engines × 200 paragraphs × 500 records come
// to about 198 MB (189 MiB; du -sh shows 190M) of state JSON. Written with
// WriteAll, this takes about 2 s on two cores with a few MB of memory (see
// cmd/synthstates).
package synth
