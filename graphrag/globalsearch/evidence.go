package globalsearch

import (
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// The run's evidence behind a report's sentence: how many of the
// knowledge's text units (the sources, sections and forum speeches of our
// graphs, the documents' chunks of a GraphRAG index) use the sentence's
// words. A broad question asks what the data is mostly about, and a
// community report opens with background ("武汉大学作为中国顶尖的…高校")
// before the event most of the records discuss; rating a broad answer's
// points by the evidence they carry puts that event first. Microsoft
// GraphRAG's map step asks the model to rate each point's importance; the
// extractive map measures it on the records.

// MaxEvidenceUnits bounds the text units the evidence table reads: every
// k-th unit (k = ⌈units / MaxEvidenceUnits⌉, from the first), so the
// table costs the same on a 300 000-record graph as on a small one.
const MaxEvidenceUnits = 2000

// evidenceTable holds, per word, the number of sampled text units whose
// words (text.Words) include it.
type evidenceTable struct {
	df    map[string]int
	units int
	words int // the words of the sampled units (evidenceWord or not)
}

func newEvidenceTable(units []knowledge.TextUnit) *evidenceTable {
	step := (len(units) + MaxEvidenceUnits - 1) / MaxEvidenceUnits
	t := &evidenceTable{df: map[string]int{}}
	seen := map[string]bool{}
	for i := 0; i < len(units); i += max(step, 1) {
		t.units++
		clear(seen)
		ws := text.Words(strings.ToLower(units[i].Text))
		t.words += len(ws)
		for _, w := range ws {
			if evidenceWord(w) && !seen[w] {
				seen[w] = true
				t.df[w]++
			}
		}
	}
	return t
}

// evidenceWord: a word that can say what a record is about — two runes or
// more, not a stop word.
func evidenceWord(w string) bool {
	return utf8.RuneCountInString(w) >= 2 && !text.IsStopWord(w)
}

// support is how much of the run's evidence sentence s carries: the mean
// value (evidenceTable.value) of its distinct words (evidenceWord) that
// are neither among skip (the question's own words, which the coverage
// counts) nor held by every one of reports (their lower-cased texts, when
// there are two or more: the topic's name, 武汉大学 on the fixture, which
// tells no report's points apart). 0 without such words or units.
func (t *evidenceTable) support(s string, skip []text.Term, reports []string) float64 {
	if t == nil || t.units == 0 {
		return 0
	}
	var sum float64
	n := 0
	seen := map[string]bool{}
	for _, w := range text.Words(strings.ToLower(s)) {
		if !evidenceWord(w) || seen[w] || skipped(w, skip) || heldByAll(w, reports) {
			continue
		}
		seen[w] = true
		n++
		sum += t.value(w)
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n+supportPrior)
}

// heldByAll reports whether each of two or more texts holds w.
func heldByAll(w string, texts []string) bool {
	return len(texts) >= 2 && !slices.ContainsFunc(texts, func(s string) bool { return !text.HoldsTerm(s, w) })
}

// value is what word w says of the run's evidence: 0 unless the run uses
// it at least knowledge.TopicalLift times as often as general text does
// (its units holding it over the sampled words, against
// text.GeneralShare: everyday words such as 事件, 关注, 引发 that every
// record of an event uses say nothing of which event), else p·(1−p)·weight
// for the share p of units holding it (a word every record holds, the
// topic's own name, tells none apart) and the word's
// knowledge.TermWeight.
func (t *evidenceTable) value(w string) float64 {
	df := t.df[w]
	if df == 0 || t.words == 0 {
		return 0
	}
	g := text.GeneralShare(w)
	if float64(df)/float64(t.words) < knowledge.TopicalLift*max(g, knowledge.GeneralFloor) {
		return 0
	}
	p := float64(df) / float64(t.units)
	return p * (1 - p) * knowledge.TermWeight(g)
}

// skipped reports whether w is one of the terms, their synonyms or parts.
func skipped(w string, terms []text.Term) bool {
	return slices.ContainsFunc(terms, func(t text.Term) bool { return slices.Contains(t.Words(), w) || slices.Contains(t.Parts, w) })
}

// supportPrior is added to a sentence's word count in support's mean, as
// that many words of value 0: a short sentence with one word the records
// repeat ("你可以用任何姿势与它发生关系…") carries less of the run than a
// sentence of several such words.
const supportPrior = 4

// TopicDocShare is the share of the knowledge's documents (entity
// documents and text units, knowledge.TermStat.Docs) that must hold a
// term of a question, besides every report holding it, for the term to be
// the run's topic (withoutTopic). Before, the share of a sample of the
// text units was read (the evidence table, built again by the router for
// every question on the 300 000-record graph); on the fixture the two
// agree within 0.06 for 武汉大学 (0.63 of the documents), on the sample
// 李明 is held by 0.50 of the documents and 0.45 of the units.
const TopicDocShare = 0.5
