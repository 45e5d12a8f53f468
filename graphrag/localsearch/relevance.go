package localsearch

import (
	"fmt"
	"strings"

	"reportengine/graphrag/knowledge"
)

// NoMatchSimilarity is the relevance floor the CLI (search, chat,
// questions) and the server put into Params.MinSimilarity, which turns the
// relevance gate on: a question is also relevant when a vector hit has a
// Similarity (cosine for unit vectors) of at least 0.5, even if the gate's
// terms say otherwise. The offline n-gram embedder gives unrelated texts
// 0.02–0.3 and related ones 0.2–0.4, so on offline vectors the terms
// decide; with OpenAI-compatible embeddings a close paraphrase can pass on
// similarity alone.
const NoMatchSimilarity = 0.5

// The gate's rule on term statistics, which lives with them in knowledge
// (the local/global router applies it too): see knowledge.TopicalLift,
// knowledge.MinTopicalCount and knowledge.MinTopicalShare.
const (
	TopicalLift     = knowledge.TopicalLift
	MinTopicalCount = knowledge.MinTopicalCount
	// MinCoverage is the least weighted share of a question's terms that
	// must be topical for the question to be answered. A term weighs by
	// how rare it is in general text (knowledge.TermWeight: 0.1 for
	// everyday words such as 主要 or 工作, up to 4 for names and rare
	// words), so an answerable question may miss generic words (经历, 挑战:
	// "李明在经营咖啡店过程中都经历了哪些挑战？" covers 0.69) while a
	// question whose specific words are foreign to the knowledge is
	// refused even when a topical word is in it.
	MinCoverage = knowledge.MinTopicalShare
	// MaxMissingShare is the share of a question's term weight over which
	// the terms the knowledge lacks or uses once make it a no-match
	// (knowledge.MaxMissingShare): an English question on a Chinese graph
	// whose words the graph holds only as a name on its English pages
	// ("Wuhan University") is refused with the terms it lacks named.
	MaxMissingShare = knowledge.MaxMissingShare
)

// Relevance is the relevance gate's verdict on a question: which of its
// content terms (text.Terms) the knowledge holds and how prominently, and
// whether that is too weak to answer from (Weak: then no entity is
// selected and no model is asked). The gate is the same for search, chat,
// questions and serve; it reads the question alone, never the conversation
// history, so earlier turns cannot make an off-topic question relevant (a
// follow-up without any content term, "那后来呢？", is judged on the
// previous user questions instead).
//
// A question is relevant when the best vector hit reaches the similarity
// floor (Params.MinSimilarity), or when some of its terms are topical —
// found in the knowledge with a Lift of at least TopicalLift —, the
// topical terms carry at least MinCoverage of the question's term weight
// and the terms the knowledge lacks or uses once no more than
// MaxMissingShare.
type Relevance struct {
	// Terms are the knowledge's statistics of each content term, in
	// question order.
	Terms []knowledge.TermStat `json:"terms"`
	// Found and Missing are the terms the knowledge holds (itself or a
	// part of it) and those it does not hold at all; Topical the found
	// ones it holds prominently (Lift ≥ TopicalLift).
	Found   []string `json:"found"`
	Missing []string `json:"missing"`
	Topical []string `json:"topical"`
	// Coverage is the topical terms' share of the question's term weight
	// (0–1).
	Coverage float64 `json:"coverage"`
	// MissingShare is the share of the question's term weight carried by
	// the terms the knowledge lacks or uses once (knowledge.MissingShare,
	// 0–1).
	MissingShare float64 `json:"missing_share"`
	// BestSimilarity is the highest Similarity among the vector hits (0
	// for none).
	BestSimilarity float64 `json:"best_similarity"`
	// Weak: the match is too weak; the result is a no-match.
	Weak bool `json:"weak"`
}

// WeakMatchLead begins Relevance.Message.
const WeakMatchLead = "The knowledge holds nothing relevant to this question"

// Message is the plain sentence for a weak match: the graph holds nothing
// relevant, and why (the terms missing, and those found only in passing).
func (r *Relevance) Message() string {
	var why string
	switch {
	case len(r.Terms) == 0:
		why = "it has no content word to look for"
	default:
		var parts []string
		if len(r.Missing) > 0 {
			parts = append(parts, "not found: "+strings.Join(r.Missing, ", "))
		}
		var passing []string
		top := map[string]bool{}
		for _, t := range r.Topical {
			top[t] = true
		}
		for _, t := range r.Found {
			if !top[t] {
				passing = append(passing, t)
			}
		}
		if len(passing) > 0 {
			parts = append(parts, "mentioned only in passing: "+strings.Join(passing, ", "))
		}
		switch {
		case len(r.Topical) > 0 && r.Coverage < MinCoverage:
			parts = append(parts, fmt.Sprintf("the terms it holds (%s) carry %.0f%% of the question, under %.0f%%", strings.Join(r.Topical, ", "), 100*r.Coverage, 100*MinCoverage))
		case len(r.Topical) > 0:
			parts = append(parts, fmt.Sprintf("the terms it lacks or uses once carry %.0f%% of the question, over %.0f%%", 100*r.MissingShare, 100*MaxMissingShare))
		}
		why = strings.Join(parts, "; ")
	}
	return fmt.Sprintf("%s (%s). No model was asked.", WeakMatchLead, why)
}

// judge is the relevance gate: stats are the knowledge's statistics of the
// question's terms; best is the best vector similarity; floor is
// Params.MinSimilarity.
func judge(stats []knowledge.TermStat, best, floor float64) *Relevance {
	r := &Relevance{Terms: stats, BestSimilarity: best, Found: []string{}, Missing: []string{}, Topical: []string{}}
	for _, s := range stats {
		switch {
		case !s.Found():
			r.Missing = append(r.Missing, s.Term)
			continue
		case s.Topical():
			r.Topical = append(r.Topical, s.Term)
		}
		r.Found = append(r.Found, s.Term)
	}
	r.Coverage = knowledge.TopicalShare(stats)
	r.MissingShare = knowledge.MissingShare(stats)
	strong := best >= floor || (len(r.Topical) > 0 && r.Coverage >= MinCoverage && r.MissingShare <= MaxMissingShare)
	r.Weak = !strong
	return r
}
