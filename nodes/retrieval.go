package nodes

import (
	"context"
	"fmt"

	"reportengine/evidence"
	"reportengine/graphrag"
	"reportengine/graphrag/localsearch"
)

// RetrievalEntities is the TopKMappedEntities of the evidence plan's
// local-search retrieval: each sub-point query is mapped to the
// 2 × RetrievalEntities nearest entities (local search's oversampling).
const RetrievalEntities = 40

// evidenceRetrieval is local search's retrieval (graphrag/localsearch:
// the query → entities mapping, hybrid as search's for our graphs: the
// vector search through the embedder and the vector store fused by
// reciprocal rank with the lexical BM25 ranking on the query's content
// terms, text.Terms; bookkeeping entities are left out of the ranking)
// over the report's part of the graph: every topic, engine, section and
// search-query node and the sources the evidence set holds passages of
// (a 300 000-record run keeps only the sources evidence.Collect cut).
// Entities are embedded with the offline n-gram embedder fitted on them:
// the plan stays deterministic and makes no model call, whatever model
// writes the chapters.
//
// A mapped entity reaches evidence items through their provenance: a
// source its title and passages (by URL), a section its research summary,
// a search query the sources it found. The engines' own analysis (final
// reports and forum speeches) is a candidate of every sub-point, as local
// search's IncludeEntityNames would put the engines in every context; its
// retrieval similarity is its engine's when the mapping found the engine.
type evidenceRetrieval struct {
	builder *localsearch.ContextBuilder
	sub     *graphrag.Graph
	params  localsearch.Params

	byURL     map[string][]int // source URL → items with that URL
	bySection map[string][]int // engine + "\x00" + section title → summary items
	analysis  []int            // final-report and forum items
	foundBy   map[int][]int    // search-query node of sub → the source nodes it found, in edge order
	engineOf  []string         // parallel to analysis: the engine (speaker) in lower case
}

// newEvidenceRetrieval builds the knowledge model, the entity vectors and
// the context builder. Errors: knowledge.FromGraph's, the embedder's (only
// ctx's for the offline one), localsearch.NewContextBuilder's.
func newEvidenceRetrieval(ctx context.Context, g *graphrag.Graph, set *evidence.Set, embedders Embedders) (*evidenceRetrieval, error) {
	r := &evidenceRetrieval{byURL: map[string][]int{}, bySection: map[string][]int{}}
	for i := range set.Items {
		it := &set.Items[i]
		analysis, lastURL, lastSec := false, "", ""
		for _, p := range it.Provenance {
			switch p.Kind {
			case evidence.KindSource, evidence.KindTitle:
				if p.URL != "" && p.URL != lastURL {
					r.byURL[p.URL] = append(r.byURL[p.URL], i)
					lastURL = p.URL
				}
			case evidence.KindSummary:
				if k := p.Engine + "\x00" + p.Section; k != lastSec {
					r.bySection[k] = append(r.bySection[k], i)
					lastSec = k
				}
			case evidence.KindFinalReport, evidence.KindForum:
				if !analysis {
					analysis = true
					r.analysis = append(r.analysis, i)
					r.engineOf = append(r.engineOf, p.Engine)
				}
			}
		}
	}
	keep := make(map[string]bool, len(r.byURL))
	for u := range r.byURL {
		keep[u] = true
	}
	r.sub = reportSubgraph(g, keep)
	r.foundBy = map[int][]int{}
	for i, e := range r.sub.EdgeEnds() {
		if r.sub.Relation(i) == graphrag.RelFound {
			r.foundBy[int(e[0])] = append(r.foundBy[int(e[0])], int(e[1]))
		}
	}
	var err error
	if r.builder, err = searchBuilder(ctx, r.sub, embedders); err != nil {
		return nil, fmt.Errorf("evidence retrieval: %w", err)
	}
	r.params = localsearch.DefaultParams()
	r.params.TopKMappedEntities = RetrievalEntities
	r.params.Retrieval = localsearch.RetrievalHybrid
	return r, nil
}

// candidates maps every non-summary sub-point's query (evidence.SubPointQuery)
// to entities and returns, per sub-point key, the items they reach, in
// the mapping's order. Errors: MapQuery's (a cancelled ctx).
func (r *evidenceRetrieval) candidates(ctx context.Context, chapters []evidence.ChapterSpec) (map[string][]evidence.Candidate, error) {
	type subPoint struct{ key, query string }
	var subs []subPoint
	for _, c := range chapters {
		if c.Summary {
			continue
		}
		sps := c.SubPoints
		if len(sps) == 0 {
			sps = []string{c.Title}
		}
		for si, sp := range sps {
			subs = append(subs, subPoint{evidence.SubPointKey(c.ID, si), evidence.SubPointQuery(c.Title, sp)})
		}
	}
	out := make(map[string][]evidence.Candidate, len(subs))
	for _, sp := range subs {
		ms, err := r.builder.MapQuery(ctx, sp.query, r.params)
		if err != nil {
			return nil, fmt.Errorf("evidence retrieval: %w", err)
		}
		out[sp.key] = r.reach(ms)
	}
	return out, nil
}

// reach turns mapped entities into candidates (see evidenceRetrieval).
func (r *evidenceRetrieval) reach(ms []localsearch.MappedEntity) []evidence.Candidate {
	// the analysis items end every list (a forum of thousands of
	// speeches): room for them and a few items per entity up front
	out := make([]evidence.Candidate, 0, len(r.analysis)+4*len(ms))
	engineHit := map[string]localsearch.MappedEntity{}
	engineRank := map[string]int{}
	g := r.sub
	for rank, m := range ms {
		v, ok := g.Lookup(m.Entity.ID)
		if !ok {
			continue
		}
		add := func(items []int, via string) {
			for _, i := range items {
				out = append(out, evidence.Candidate{Item: i, Retrieval: m.Similarity, Rank: rank + 1, Via: via})
			}
		}
		switch g.Type(v) {
		case graphrag.TypeSource:
			add(r.byURL[g.String(v, "url")], "source: "+m.Entity.Title)
		case graphrag.TypeSection:
			add(r.bySection[g.String(v, "engine")+"\x00"+g.String(v, "title")], "section: "+m.Entity.Title)
		case graphrag.TypeSearchQuery:
			for _, w := range r.foundBy[v] {
				add(r.byURL[g.String(w, "url")], "query: "+m.Entity.Title)
			}
		case graphrag.TypeEngine:
			e := g.String(v, "engine")
			if _, seen := engineHit[e]; !seen {
				engineHit[e], engineRank[e] = m, rank+1
			}
		}
	}
	for k, i := range r.analysis {
		e := r.engineOf[k]
		c := evidence.Candidate{Item: i, Via: "engine: " + e}
		if m, ok := engineHit[e]; ok {
			c.Retrieval, c.Rank = m.Similarity, engineRank[e]
		}
		out = append(out, c)
	}
	return out
}
