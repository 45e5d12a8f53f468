package localsearch

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/llm/tokens"
)

// ErrEmptyKnowledge is returned (wrapped) by Build, Search and Stream when
// the knowledge model has no entity at all: there is nothing to search, and
// no model is called (field case B24 b). Its text is "knowledge graph is
// empty".
var ErrEmptyKnowledge = errors.New("knowledge graph is empty")

// Config injects what a ContextBuilder needs besides the knowledge model.
type Config struct {
	// Tokenizer counts every budget, in tokens. nil means tokens.Counter{}
	// (o200k_base, GraphRAG's get_tokenizer() default); GraphRAG's CLI and
	// API count with cl100k_base (reference §6): pass tokens.New("cl100k_base")
	// to reproduce their budgets.
	Tokenizer llm.Tokenizer
	// Embedder embeds the (history-augmented) query. Required to map a
	// non-empty query; it must be the embedder that produced the vectors
	// in VectorStore (the knowledge package checks that, B29).
	Embedder llm.Embedder
	// VectorStore holds one vector per entity, keyed by entity id
	// (GraphRAG's default embedding_vectorstore_key). Required with
	// Embedder.
	VectorStore knowledge.VectorStore
}

// ContextBuilder is Microsoft GraphRAG's LocalSearchMixedContext over an
// immutable knowledge.Model: it maps a query to entities and packs the
// mixed context (history, reports, entities, relationships, covariates,
// sources) into a token budget. Build the ContextBuilder once per model:
// NewContextBuilder indexes relationships and claims by entity title and
// text units and reports by id, so a build costs time in proportion to the
// selected entities' relationships, not to the size of the model (field
// case B33). A ContextBuilder holds no per-call state and writes nothing to
// the model: any number of goroutines may call Build at once (B32). It
// does keep a cache of the token counts of the rows it has rendered (at
// most 64 MiB of row text; counts are a pure function of the text, so the
// cache never changes a result), which makes a repeated or overlapping
// query cheap; the first build after loading counts everything it packs.
type ContextBuilder struct {
	m   *knowledge.Model
	cfg Config

	rels        []knowledge.Relationship // de-duplicated by id, list order
	titleID     map[string]int32         // every entity title and relationship endpoint → dense id
	relSrc      []int32                  // title id of rels[i].Source
	relTgt      []int32                  // title id of rels[i].Target
	relRankF    []float64                // rank of rels[i] (null = 0)
	relsByTID   [][]int32                // title id → indexes into rels touching it (ascending)
	scratchMu   sync.Mutex
	scratchFree []*scratch     // per-build working arrays, reset after use (one per concurrent build)
	reportByC   map[string]int // community id → index into m.Reports()
	covKeys     []string       // covariate types, sorted
	covByTitle  map[string]map[string][]int
	cache       *countCache
	// positionalIDs (findPositional) and sentiments (collectSentiments,
	// the Sentiment section's passages) are made on first use
	positionalIDs func() positional
	sentiments    func() *sentimentIndex
	found         func() map[string]int // recordsFound, made on first use
	maps          mapMemo               // the last mappings of a question (vectorMatches)
}

// NewContextBuilder indexes m for context building. m must not be nil
// (an error wrapping ErrConfig).
func NewContextBuilder(m *knowledge.Model, cfg Config) (*ContextBuilder, error) {
	if m == nil {
		return nil, fmt.Errorf("%w: nil knowledge model", ErrConfig)
	}
	if cfg.Tokenizer == nil {
		cfg.Tokenizer = tokens.Counter{}
	}
	b := &ContextBuilder{m: m, cfg: cfg, reportByC: map[string]int{}, covByTitle: map[string]map[string][]int{},
		cache: &countCache{m: map[string]int{}}}
	b.positionalIDs, b.sentiments, b.found = sync.OnceValue(b.findPositional), sync.OnceValue(b.collectSentiments), sync.OnceValue(b.recordsFound)
	ents := m.Entities()
	b.titleID = make(map[string]int32, len(ents))
	for _, e := range ents {
		b.tid(e.Title)
	}
	b.rels = dedupeRels(m.Relationships())
	b.indexRels()
	for i, r := range m.Reports() {
		b.reportByC[r.CommunityID] = i
	}
	for key, covs := range m.Covariates() {
		b.covKeys = append(b.covKeys, key)
		byT := map[string][]int{}
		for i, c := range covs {
			byT[c.SubjectID] = append(byT[c.SubjectID], i)
		}
		b.covByTitle[key] = byT
	}
	sort.Strings(b.covKeys)
	return b, nil
}

// tid returns title's dense id, assigning the next one to a new title.
func (b *ContextBuilder) tid(t string) int32 {
	id, ok := b.titleID[t]
	if !ok {
		id = int32(len(b.titleID))
		b.titleID[t] = id
	}
	return id
}

// dedupeRels returns all with each id once (the first; an empty id is
// never a repeat), sharing all itself when no id repeats (our graphs': no
// copy of 300 000 records).
func dedupeRels(all []knowledge.Relationship) []knowledge.Relationship {
	seen := make(map[string]struct{}, len(all))
	for i, r := range all {
		if _, dup := seen[r.ID]; dup && r.ID != "" {
			out := make([]knowledge.Relationship, i, len(all))
			copy(out, all[:i])
			for _, r := range all[i:] {
				if _, dup := seen[r.ID]; dup && r.ID != "" {
					continue // the same relationship is never listed twice
				}
				seen[r.ID] = struct{}{}
				out = append(out, r)
			}
			return out
		}
		seen[r.ID] = struct{}{}
	}
	return all
}

// indexRels fills the per-relationship columns (endpoint title ids, rank,
// weight) and relsByTID: one block, each title's list in ascending order
// (two passes: the lists' lengths, then their entries).
func (b *ContextBuilder) indexRels() {
	n := len(b.rels)
	b.relSrc, b.relTgt = make([]int32, n), make([]int32, n)
	b.relRankF = make([]float64, n)
	for i, r := range b.rels {
		b.relSrc[i], b.relTgt[i] = b.tid(r.Source), b.tid(r.Target)
		b.relRankF[i] = float64(relRank(r))
	}
	deg := make([]int32, len(b.titleID)+1)
	for i := range b.rels {
		s, t := b.relSrc[i], b.relTgt[i]
		deg[s+1]++
		if t != s {
			deg[t+1]++
		}
	}
	for k := 1; k < len(deg); k++ {
		deg[k] += deg[k-1]
	}
	block := make([]int32, deg[len(deg)-1])
	fill := append([]int32(nil), deg[:len(deg)-1]...)
	for i := range b.rels {
		s, t := b.relSrc[i], b.relTgt[i]
		block[fill[s]] = int32(i)
		fill[s]++
		if t != s {
			block[fill[t]] = int32(i)
			fill[t]++
		}
	}
	b.relsByTID = make([][]int32, len(b.titleID))
	for k := range b.relsByTID {
		if lo, hi := deg[k], deg[k+1]; hi > lo {
			b.relsByTID[k] = block[lo:hi:hi]
		}
	}
}

// relsOf returns the indexes of the relationships touching title, ascending.
func (b *ContextBuilder) relsOf(title string) []int32 {
	if id, ok := b.titleID[title]; ok {
		return b.relsByTID[id]
	}
	return nil
}

// Model returns the knowledge model the builder serves.
func (b *ContextBuilder) Model() *knowledge.Model { return b.m }

// Tokenizer returns the builder's tokenizer.
func (b *ContextBuilder) Tokenizer() llm.Tokenizer { return b.cfg.Tokenizer }

// Context is the result of one Build (the reference's ContextBuilderResult,
// §3.3 step 9; llm_calls and token counts are always 0 for local search).
type Context struct {
	// Text is the context text (context_chunks): the appended sections
	// joined by "\n\n".
	Text string
	// Records are the context records by section (see Records).
	Records Records
	// Sections names the appended sections in order: "Conversation
	// History", "Platforms" (PlatformsName, hybrid retrieval only), the
	// report section name, "Entities" (standing for the whole local
	// section), "Sources".
	Sections []string
	// Entities are the selected entities, in selection order (included
	// names first, then the matched ones), each once.
	Entities []knowledge.Entity
	// EmbeddedQuery is the text that was embedded: the query, then "\n"
	// when a history was given and, for a question worded as a follow-up
	// (followsUp: "那后来呢？", "他后来又说了什么？"),
	// the previous user questions newest first (reference §3.3 step 2,
	// which adds them to every question: "武汉大学的食堂好吃吗？" after a
	// question about the cherry-blossom season was answered about the
	// season, its context holding no 食堂; new-user trial 38); "" for the
	// rank fallback.
	EmbeddedQuery string
	// Budgets are the token budgets after the history was subtracted:
	// reports, local (entities + relationships + claims), sources.
	Budgets Budgets
	// Relevance is how well the vector search's nearest entities match
	// the question, when Params.MinSimilarity > 0 and the query was
	// embedded; nil otherwise.
	Relevance *Relevance
}

// Budgets are the per-section token budgets of one build.
type Budgets struct {
	Total, History, Reports, Local, Sources int
}

// Matched reports whether the query selected any entity. A context
// without entities is a no-match: Search makes no model call for it (B24).
func (c *Context) Matched() bool { return len(c.Entities) > 0 }

// Build maps query to entities and packs the mixed context, following
// LocalSearchMixedContext.build_context (reference §3) with p as its
// keyword arguments. history is the conversation so far, oldest first
// (roles "user", "assistant", "system"; "" counts as "user"); nil means no
// conversation (the reference's None), while a non-nil empty slice is an
// empty conversation object, which — as in the reference — still adds "\n"
// to the embedded query.
//
// For the same selected entities and tokenizer the text is byte-identical
// to the reference except for these deliberate fixes:
//   - a report section where no report fits (or passes MinCommunityRank)
//     is left out, never the literal "[]" (§10 #2, B19);
//   - nothing is carried between calls: the relationships' links column
//     is computed per call (§10 #4, B32), so a build's output depends only
//     on its arguments — it equals the reference's first call on a fresh
//     builder;
//   - the history section keeps the newest ConversationHistoryMaxTurns
//     turns, drops the oldest first when over budget, and is counted with
//     the builder's tokenizer (§10 #5, B30);
//   - the same entity, relationship or text unit is never listed twice
//     (duplicate ids in the data, an included entity that is also matched);
//   - cuts are never made inside a record, so no text is split mid-rune
//     (B18);
//   - a table none of whose rows fits (Relationships, a covariate table,
//     Sources) is left out of the text instead of being sent as a header
//     alone (B19), and the Records carry every standard key even for
//     sections left out (B34, see Records);
//   - covariate types are taken in sorted order (the reference uses the
//     order of its dict; GraphRAG only ever passes "claims").
//
// Errors: invalid p (wrapping ErrConfig, ErrPropSum for the share sum), an
// invalid history role, ErrEmptyKnowledge, a missing Embedder/VectorStore
// for a non-empty query (ErrConfig), and embedder or vector-store errors.
func (b *ContextBuilder) Build(ctx context.Context, query string, history []llm.Message, p Params) (*Context, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(b.m.Entities()) == 0 {
		return nil, fmt.Errorf("localsearch: %w", ErrEmptyKnowledge)
	}
	conv, err := newConversation(history)
	if err != nil {
		return nil, err
	}
	c := &Context{Records: Records{}}
	tc := b.newCounter()
	query = b.readQuestion(query, p)
	embedded := query
	if history != nil {
		embedded = query + "\n"
		if x := b.m.Lexical(); followsUp(query, x.Stats(gateTerms(x, query))) {
			embedded += b.readQuestion(strings.Join(conv.userTurns(p.ConversationHistoryMaxTurns), "\n"), p)
		}
	}
	c.EmbeddedQuery = embedded
	var lex *knowledge.LexicalResult
	mapped, rel, err := b.mapQuery(ctx, embedded, query, p, &lex)
	if err != nil {
		return nil, err
	}
	sel := entitiesOf(mapped)
	c.Entities = sel
	c.Relevance = rel
	var sections []string
	add := func(name, text string) {
		sections = append(sections, text)
		c.Sections = append(c.Sections, name)
	}
	m := p.MaxContextTokens
	c.Budgets.Total = m
	if history != nil {
		text, tbl, ok := conv.section(historyParams(query, p), tc, m)
		if ok {
			add(historyName, text)
			c.Records["conversation history"] = tbl
			c.Budgets.History = tc.count(text)
			m -= c.Budgets.History
		}
	}
	if p.Retrieval == RetrievalHybrid && len(sel) > 0 {
		if text := b.platformSection(query, tc, m, c.Records); text != "" {
			add(PlatformsName, text)
			m -= tc.count(text)
		}
		if text := b.sentimentSection(query, tc, m, c.Records); text != "" {
			add(SentimentName, text)
			m -= tc.count(text)
		}
	}
	cTok, lTok, tTok := budgets(m, p.CommunityProp, p.TextUnitProp)
	c.Budgets.Reports, c.Budgets.Local, c.Budgets.Sources = cTok, lTok, tTok

	if text := b.reportSection(sel, p, tc, cTok, c.Records); strings.TrimSpace(text) != "" {
		add(p.CommunityContextName, text)
	}
	if text := b.localSection(sel, p, tc, lTok, c.Records); strings.TrimSpace(text) != "" {
		add("Entities", text)
	}
	var unitScore []float64
	if p.Retrieval == RetrievalHybrid && lex != nil {
		unitScore = lex.Units
	}
	if text := b.sourceSection(sel, tc, tTok, c.Records, unitScore); strings.TrimSpace(text) != "" {
		add("Sources", text)
	}
	c.Text = strings.Join(sections, "\n\n")
	b.fillRecordKeys(c.Records, p)
	return c, nil
}

// fillRecordKeys adds an empty table (no columns, no rows) for every
// standard section the build left out, so Records always carry the same
// keys (B34): the report section name lower-cased, "entities",
// "relationships", "claims", every covariate type lower-cased, "sources";
// and gives every table without columns or rows empty slices, not nil, so
// Records equal their own JSON read back (written as [], see MarshalJSON).
func (b *ContextBuilder) fillRecordKeys(rec Records, p Params) {
	for k, t := range rec {
		if t.Columns == nil {
			t.Columns = []string{}
		}
		if t.Rows == nil {
			t.Rows = [][]string{}
		}
		rec[k] = t
	}
	keys := []string{strings.ToLower(p.CommunityContextName), "entities", "relationships", "claims", "sources"}
	for _, k := range b.covKeys {
		keys = append(keys, strings.ToLower(k))
	}
	for _, k := range keys {
		if _, ok := rec[k]; !ok {
			rec[k] = Table{Columns: []string{}, Rows: [][]string{}}
		}
	}
}

// lineAdditive is implemented by tokenizers (tokens.Tokenizer,
// tokens.Counter) for which a text of "\n"-terminated lines counts as the
// sum of its lines when no line after the first starts with white space or
// '/'. The builder then counts a table as the sum of its header block and
// rows, which the budget loop has counted already, instead of counting the
// whole table again in every iteration of the local loop. The result is the
// same count; other tokenizers get the whole text counted.
type lineAdditive interface{ LineAdditive() bool }

// countCache memoises token counts of row texts across builds (a pure
// function of the text for a fixed tokenizer, so results never depend on
// it). It stops growing at maxCacheBytes of keys.
type countCache struct {
	mu    sync.RWMutex
	m     map[string]int
	bytes int
}

const maxCacheBytes = 64 << 20

func (c *countCache) get(s string) (int, bool) {
	c.mu.RLock()
	n, ok := c.m[s]
	c.mu.RUnlock()
	return n, ok
}

func (c *countCache) put(s string, n int) {
	c.mu.Lock()
	if c.bytes+len(s) <= maxCacheBytes {
		if _, ok := c.m[s]; !ok {
			c.m[s] = n
			c.bytes += len(s)
		}
	}
	c.mu.Unlock()
}

// counter counts tokens for one build: a per-build memo in front of the
// builder's shared cache.
type counter struct {
	tk       llm.Tokenizer
	additive bool
	shared   *countCache
	memo     map[string]int
}

func (b *ContextBuilder) newCounter() *counter {
	la, ok := b.cfg.Tokenizer.(lineAdditive)
	return &counter{tk: b.cfg.Tokenizer, additive: ok && la.LineAdditive(), shared: b.cache, memo: map[string]int{}}
}

func (c *counter) count(s string) int {
	if s == "" {
		return 0
	}
	if n, ok := c.memo[s]; ok {
		return n
	}
	n, ok := c.shared.get(s)
	if !ok {
		n = c.tk.Count(s)
		c.shared.put(s, n)
	}
	c.memo[s] = n
	return n
}

// table returns the token count of a rendered table: the sum its packing
// loop computed when that equals the whole count (see lineAdditive), else
// the count of the whole text.
func (c *counter) table(t table) int {
	if t.text == "" {
		return 0
	}
	if c.additive && t.additive {
		return t.tokens
	}
	return c.count(t.text)
}
