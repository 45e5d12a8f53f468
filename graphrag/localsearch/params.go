package localsearch

import (
	"errors"
	"fmt"
	"math"
)

// Params are the build parameters of one context build: the keyword
// arguments of Microsoft GraphRAG's LocalSearchMixedContext.build_context
// (reference §3.2), one field per argument, with the reference's names in
// the json tags. Start from DefaultParams (the values GraphRAG's query
// factory, API and CLI use, reference §7) or MethodDefaults (build_context's
// own keyword defaults, what the reference's unit cases and the notebook
// get) and change fields; the zero Params is not meaningful.
//
// Factory vs method defaults (reference §3.2 vs §7):
//
//	field                          DefaultParams           MethodDefaults
//	MaxContextTokens               12000                   8000
//	CommunityProp                  0.15                    0.25
//	IncludeEntityRank              true                    false
//	IncludeRelationshipWeight      true                    false
//	(all other fields are equal in both)
type Params struct {
	// IncludeEntityNames are entity titles always selected (exact,
	// case-sensitive), placed before the matched entities; every entity
	// with that title is added. Exclusion does not apply to them (§2).
	IncludeEntityNames []string `json:"include_entity_names,omitempty"`
	// ExcludeEntityNames are titles dropped from the matched entities.
	ExcludeEntityNames []string `json:"exclude_entity_names,omitempty"`
	// ConversationHistoryMaxTurns bounds the history, in question-answer
	// turns (a user message and the answers that follow it); 0 = all.
	// It bounds both the text added to the query for embedding and the
	// Conversation History section. Default 5.
	ConversationHistoryMaxTurns int `json:"conversation_history_max_turns"`
	// ConversationHistoryUserTurnsOnly leaves assistant answers out of the
	// Conversation History section. Default true.
	ConversationHistoryUserTurnsOnly bool `json:"conversation_history_user_turns_only"`
	// MaxContextTokens is the whole context budget, in tokens of the
	// builder's Tokenizer. Default 12000 (method default 8000).
	MaxContextTokens int `json:"max_context_tokens"`
	// TextUnitProp is the share of the budget (after the history) for the
	// Sources section. Default 0.5.
	TextUnitProp float64 `json:"text_unit_prop"`
	// CommunityProp is the share for the Reports section; the local
	// section (entities, relationships, claims) gets
	// 1 - CommunityProp - TextUnitProp. Default 0.15 (method default 0.25).
	CommunityProp float64 `json:"community_prop"`
	// TopKMappedEntities is k of the query → entities mapping: the vector
	// search asks for 2k neighbours and keeps all it can resolve, as the
	// reference does (§2, §10 #1). Default 10. GraphRAG's settings.yaml
	// calls it local_search.top_k_entities.
	TopKMappedEntities int `json:"top_k_mapped_entities"`
	// TopKRelationships caps the out-of-network relationships at
	// TopKRelationships × (number of entities in the loop iteration).
	// Default 10.
	TopKRelationships int `json:"top_k_relationships"`
	// IncludeEntityRank adds the RankDescription column to Entities.
	// Default true (method default false).
	IncludeEntityRank bool `json:"include_entity_rank"`
	// RankDescription is the name of the entity rank column. Default
	// "number of relationships".
	RankDescription string `json:"rank_description"`
	// IncludeRelationshipWeight adds the weight column to Relationships.
	// Default true (method default false).
	IncludeRelationshipWeight bool `json:"include_relationship_weight"`
	// MinCommunityRank drops reports ranked below it. Default 0.
	MinCommunityRank float64 `json:"min_community_rank"`
	// CommunityContextName is the Reports section name (its marker, its
	// records key lower-cased, the dataset name cited). Default "Reports".
	CommunityContextName string `json:"community_context_name"`
	// ColumnDelimiter separates columns in every table except Sources,
	// which always uses "|" (the reference does not forward it, §10 #8).
	// Default "|".
	ColumnDelimiter string `json:"column_delimiter"`

	// MaxEntityDistance is our addition: vector hits farther than it (in
	// the VectorStore's distance) are not matched. 0, the default, keeps
	// every hit as the reference does. A positive value lets a question
	// that matches nothing end as a no-match result (field case B24)
	// instead of sending the nearest, unrelated entities.
	MaxEntityDistance float64 `json:"max_entity_distance,omitempty"`

	// MinSimilarity turns on our relevance gate (field case B24) when it
	// is positive: a non-empty question whose content terms the knowledge
	// does not hold prominently (see Relevance) maps to no entity (only
	// IncludeEntityNames remain) and the search ends as a no-match without
	// a model call, unless some vector hit has a Similarity of at least
	// MinSimilarity. The gate reads the question alone, never the history.
	// 0, the default of DefaultParams and MethodDefaults, keeps the
	// reference's behaviour (the nearest entities, however far); the CLI
	// and the server use NoMatchSimilarity.
	MinSimilarity float64 `json:"min_similarity,omitempty"`

	// Retrieval is how a question is mapped to entities: RetrievalVector
	// ("vector", or "" — the reference's vector search, the default of
	// DefaultParams and MethodDefaults and what the Microsoft GraphRAG
	// compatibility cases use) or RetrievalHybrid ("hybrid": the vector
	// search fused with the lexical search, the CLI's and the server's
	// default for our graphs and for offline vectors).
	Retrieval string `json:"retrieval,omitempty"`
}

// DefaultParams returns the parameters GraphRAG's query factory, API and
// CLI pass to build_context (reference §7): 12000 tokens, text units 0.5,
// reports 0.15, 10 entities, 10 relationships, 5 turns, user turns only,
// entity rank and relationship weight shown, community rank not.
func DefaultParams() Params {
	p := MethodDefaults()
	p.MaxContextTokens = 12000
	p.CommunityProp = 0.15
	p.IncludeEntityRank = true
	p.IncludeRelationshipWeight = true
	return p
}

// MethodDefaults returns build_context's own keyword defaults (reference
// §3.2): 8000 tokens, reports 0.25, no entity rank, no relationship weight.
// Use them to replay the reference's own cases, which call build_context
// directly.
func MethodDefaults() Params {
	return Params{
		ConversationHistoryMaxTurns:      5,
		ConversationHistoryUserTurnsOnly: true,
		MaxContextTokens:                 8000,
		TextUnitProp:                     0.5,
		CommunityProp:                    0.25,
		TopKMappedEntities:               10,
		TopKRelationships:                10,
		RankDescription:                  "number of relationships",
		CommunityContextName:             "Reports",
		ColumnDelimiter:                  "|",
	}
}

// ErrConfig is wrapped by every configuration error of this package
// (invalid Params, missing Config fields).
var ErrConfig = errors.New("localsearch: invalid configuration")

// ErrPropSum is the reference's own check (§3.3 step 1); its message is the
// reference's sentence. Validate wraps it (and ErrConfig) with both values.
//
//lint:ignore ST1005 the reference's own sentence, kept verbatim
var ErrPropSum = errors.New("The sum of community_prop and text_unit_prop should not exceed 1.")

// Validate reports the first invalid parameter: negative budgets, shares
// or counts, community_prop + text_unit_prop > 1 (float sum, as the
// reference computes it; the error wraps ErrPropSum and names both values),
// an empty column delimiter or report section name, a
// share that is NaN or infinite, a min_similarity outside [0, 1] or NaN
// (NaN compares false with every figure, so it would turn the no-match
// check off). All errors wrap ErrConfig.
func (p Params) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, args...))
	}
	switch {
	case p.MaxContextTokens < 0:
		return bad("max_context_tokens = %d is negative", p.MaxContextTokens)
	case !finite(p.CommunityProp) || !finite(p.TextUnitProp):
		return bad("community_prop = %s and text_unit_prop = %s must be finite numbers", PyFloat(p.CommunityProp), PyFloat(p.TextUnitProp))
	case p.CommunityProp < 0 || p.TextUnitProp < 0:
		return bad("community_prop = %s and text_unit_prop = %s must not be negative", PyFloat(p.CommunityProp), PyFloat(p.TextUnitProp))
	case p.CommunityProp+p.TextUnitProp > 1:
		return fmt.Errorf("%w: community_prop = %s + text_unit_prop = %s: %w", ErrConfig, PyFloat(p.CommunityProp), PyFloat(p.TextUnitProp), ErrPropSum)
	case p.TopKMappedEntities < 0:
		return bad("top_k_mapped_entities = %d is negative", p.TopKMappedEntities)
	case p.TopKRelationships < 0:
		return bad("top_k_relationships = %d is negative", p.TopKRelationships)
	case p.ConversationHistoryMaxTurns < 0:
		return bad("conversation_history_max_turns = %d is negative", p.ConversationHistoryMaxTurns)
	case p.ColumnDelimiter == "":
		return bad("column_delimiter is empty")
	case p.CommunityContextName == "":
		return bad("community_context_name is empty")
	case !(p.MinSimilarity >= 0 && p.MinSimilarity <= 1): // NaN too: it would switch the no-match check off
		return bad("min_similarity = %s is outside [0, 1]", PyFloat(p.MinSimilarity))
	case p.Retrieval != "" && p.Retrieval != RetrievalVector && p.Retrieval != RetrievalHybrid:
		return bad("retrieval = %q (want %q or %q)", p.Retrieval, RetrievalVector, RetrievalHybrid)
	case math.IsNaN(p.MaxEntityDistance) || p.MaxEntityDistance < 0:
		return bad("max_entity_distance = %s is negative or not a number", PyFloat(p.MaxEntityDistance))
	}
	return nil
}

// finite is false for NaN and ±Inf.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// budgets splits m tokens as the reference does (§3.3 step 5): Python
// float arithmetic in the same operation order, then int() truncation
// toward zero, each at least 0.
func budgets(m int, communityProp, textUnitProp float64) (community, local, textUnits int) {
	community = max(int(float64(m)*communityProp), 0)
	localProp := 1 - communityProp - textUnitProp
	local = max(int(float64(m)*localProp), 0)
	textUnits = max(int(float64(m)*textUnitProp), 0)
	return community, local, textUnits
}
