package globalsearch

import (
	"errors"
	"fmt"
)

// ErrConfig is wrapped by every configuration error (NewEngine,
// NewContextBuilder, Params.Validate).
var ErrConfig = errors.New("globalsearch: invalid configuration")

// ErrNoReports is returned by a build over a knowledge model that has no
// community report to search (a model loaded without
// community_reports.parquet, or whose reports all lack a rank).
var ErrNoReports = errors.New("globalsearch: the knowledge holds no community report")

// Defaults of Params, Microsoft GraphRAG 3.1.2's (config/defaults.py
// GlobalSearchDefaults and query/factory.py get_global_search_engine).
const (
	DefaultMaxContextTokens = 12000
	DefaultDataMaxTokens    = 12000
	DefaultMapMaxLength     = 1000
	DefaultReduceMaxLength  = 2000
	DefaultShuffleSeed      = 86
	DefaultHistoryMaxTurns  = 5
	DefaultConcurrency      = 4
	DefaultResponseType     = "multiple paragraphs"
)

// Params are the knobs of one global search. DefaultParams gives the
// reference's values.
type Params struct {
	// MaxContextTokens bounds one batch of reports (a map request's data
	// table, header included), in tokens of the builder's tokenizer.
	MaxContextTokens int `json:"max_context_tokens"`
	// DataMaxTokens bounds the rated points handed to the reduce step, in
	// tokens.
	DataMaxTokens int `json:"data_max_tokens"`
	// MapMaxLength and ReduceMaxLength are the word limits the map and
	// reduce prompts state ({max_length}).
	MapMaxLength    int `json:"map_max_length"`
	ReduceMaxLength int `json:"reduce_max_length"`
	// Shuffle orders the reports as Python's random.shuffle after
	// random.seed(ShuffleSeed) before batching (the reference's
	// shuffle_data, random_state 86); false keeps the model's order.
	Shuffle     bool  `json:"shuffle"`
	ShuffleSeed int64 `json:"shuffle_seed"`
	// MinCommunityRank leaves out reports ranked below it; reports without
	// a rank are always left out (the reference's _is_included).
	MinCommunityRank float64 `json:"min_community_rank"`
	// HistoryMaxTurns bounds the user turns of the conversation history
	// put before each batch (0 = all).
	HistoryMaxTurns int `json:"history_max_turns"`
	// Concurrency bounds the map requests in flight at once.
	Concurrency int `json:"concurrency"`
}

// DefaultParams returns the reference's global-search values: 12 000
// tokens per batch and for the reduce data, 1 000 and 2 000 words, full
// content, shuffled with seed 86, rank ≥ 0, 5 history turns, and 4 map
// requests at once (the reference allows 32).
func DefaultParams() Params {
	return Params{
		MaxContextTokens: DefaultMaxContextTokens, DataMaxTokens: DefaultDataMaxTokens,
		MapMaxLength: DefaultMapMaxLength, ReduceMaxLength: DefaultReduceMaxLength,
		Shuffle: true, ShuffleSeed: DefaultShuffleSeed,
		HistoryMaxTurns: DefaultHistoryMaxTurns, Concurrency: DefaultConcurrency,
	}
}

// Validate checks p: budgets and lengths positive, turns and concurrency
// not negative. Errors wrap ErrConfig and name the field.
func (p Params) Validate() error {
	for _, f := range []struct {
		name   string
		v, min int
	}{{"MaxContextTokens", p.MaxContextTokens, 1}, {"DataMaxTokens", p.DataMaxTokens, 1},
		{"MapMaxLength", p.MapMaxLength, 1}, {"ReduceMaxLength", p.ReduceMaxLength, 1},
		{"HistoryMaxTurns", p.HistoryMaxTurns, 0}, {"Concurrency", p.Concurrency, 0}} {
		if f.v < f.min {
			want := [2]string{"≥ 0", "> 0"}[f.min]
			return fmt.Errorf("%w: %s %d: want a number %s", ErrConfig, f.name, f.v, want)
		}
	}
	return nil
}
