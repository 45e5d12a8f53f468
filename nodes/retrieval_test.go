package nodes

import (
	"os"
	"path/filepath"
	"testing"

	"reportengine/evidence"
	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/state"
	"reportengine/templates"
)

// fixtureGraph builds the BettaFish fixture's graph (three states of
// 武汉大学 and the forum log) as build-graph does.
func fixtureGraph(t *testing.T) (*graphrag.Graph, []forum.Entry) {
	t.Helper()
	dir := "../../shared/fixtures/bettafish"
	var states []*state.State
	for _, e := range []state.Engine{state.EngineQuery, state.EngineMedia, state.EngineInsight} {
		p := filepath.Join(dir, string(e)+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")
		if _, err := os.Stat(p); err != nil {
			t.Skipf("fixtures not available: %v", err)
		}
		st, err := state.ParseFile(state.Input{Engine: e, Path: p})
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, st)
	}
	entries, _, err := forum.ParseFile(filepath.Join(dir, "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := builder.Build(builder.Config{Topic: "武汉大学", ReportID: "test", States: states, Forum: entries})
	if err != nil {
		t.Fatal(err)
	}
	return g, entries
}

// A sub-point's candidates are what the local-search retrieval ranks
// first for its words: the hybrid ranking is recomputed here by hand
// (hybridOracle: the cosine of every entity to the sub-point query under
// the offline embedder fitted on the entity texts, a plain BM25 over the
// entity documents and text units, both fused by reciprocal rank), and
// every source or section passage the plan gives a sub-point must come
// from one of the 2·RetrievalEntities entities at the top of it, at the
// rank evidence.json records; no passage of an entity outside them is a
// candidate at all.
func TestEvidenceRetrievalRanksFirst(t *testing.T) {
	g, entries := fixtureGraph(t)
	set := evidence.Collect(evidence.Input{Topic: "武汉大学", Graph: g, Forum: entries})
	er, err := newEvidenceRetrieval(t.Context(), g, set, fitted)
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := templates.Lookup("社会公共热点事件分析报告模板")
	if err != nil {
		t.Fatal(err)
	}
	specs := chapterSpecs(tpl.Sections)
	cands, err := er.candidates(t.Context(), specs)
	if err != nil {
		t.Fatal(err)
	}
	plan := evidence.MakePlanWith(set, "武汉大学", specs, nil, evidence.PlanOptions{Candidates: cands})

	m := er.builder.Model()
	ents := m.Entities()
	texts := make([]string, len(ents))
	for i, e := range ents {
		texts[i] = e.Title + ":" + e.Description
	}
	emb := offline.NewEmbedder(0).Fit(texts)
	vecs, err := emb.Embed(t.Context(), texts)
	if err != nil {
		t.Fatal(err)
	}
	// reach: entity → the items its provenance gives it, computed from
	// the graph and the items directly
	sub := er.sub
	reach := func(ei int) map[string]bool {
		v, _ := sub.Lookup(ents[ei].ID)
		out := map[string]bool{}
		urls := map[string]bool{}
		switch sub.Type(v) {
		case graphrag.TypeSource:
			urls[sub.String(v, "url")] = true
		case graphrag.TypeSearchQuery:
			for i, e := range sub.EdgeEnds() {
				if int(e[0]) == v && sub.Relation(i) == graphrag.RelFound {
					urls[sub.String(int(e[1]), "url")] = true
				}
			}
		}
		for _, it := range set.Items {
			for _, p := range it.Provenance {
				if (p.Kind == evidence.KindSource || p.Kind == evidence.KindTitle) && urls[p.URL] ||
					p.Kind == evidence.KindSummary && sub.Type(v) == graphrag.TypeSection &&
						p.Section == sub.String(v, "title") && p.Engine == sub.String(v, "engine") {
					out[it.ID] = true
				}
			}
		}
		return out
	}
	oracle := newHybridOracle(m, sub)
	checked, subPoints, vectorSame := 0, 0, 0
	for _, c := range plan.Chapters {
		for si, sp := range c.SubPoints {
			if c.Summary {
				continue
			}
			qv, err := emb.Embed(t.Context(), []string{evidence.SubPointQuery(c.Title, specs[indexOf(specs, c.ID)].SubPoints[si])})
			if err != nil {
				t.Fatal(err)
			}
			subPoints++
			cos := make([]float64, len(ents))
			for i := range ents {
				for j := range qv[0] {
					cos[i] += float64(qv[0][j]) * float64(vecs[i][j])
				}
			}
			top := oracle.rank(evidence.SubPointQuery(c.Title, specs[indexOf(specs, c.ID)].SubPoints[si]), cos, 2*RetrievalEntities)
			if sameOrder(top, oracle.vectorOnly(cos, 2*RetrievalEntities)) {
				vectorSame++
			}
			reached := map[string]bool{}
			for _, r := range top {
				for id := range reach(r) {
					reached[id] = true
				}
			}
			// every source/section candidate of the sub-point is reached by the top
			for _, cd := range cands[sp.Key] {
				it := set.Items[cd.Item]
				if isAnalysis(it) {
					continue
				}
				if !reached[it.ID] {
					t.Errorf("%s: candidate %s (%s) is reached by no entity of the top %d", sp.Key, it.ID, cd.Via, len(top))
				}
			}
			for _, a := range sp.Items {
				it, _ := set.Item(a.ItemID)
				if isAnalysis(*it) {
					continue
				}
				checked++
				if a.RetrievalRank < 1 || a.RetrievalRank > len(top) {
					t.Errorf("%s: item %s has retrieval rank %d", sp.Key, a.ItemID, a.RetrievalRank)
					continue
				}
				if r := top[a.RetrievalRank-1]; !reach(r)[a.ItemID] {
					t.Errorf("%s: item %s: the entity at rank %d (%s) does not reach it", sp.Key, a.ItemID, a.RetrievalRank, ents[r].Title)
				}
			}
		}
	}
	// the fusion decides: most sub-points are ranked otherwise than by
	// the vectors alone (a retrieval that dropped the lexical side would
	// fail the checks above for them)
	if vectorSame*2 > subPoints {
		t.Errorf("%d of %d sub-points are ranked as by the vectors alone", vectorSame, subPoints)
	}
	if checked < 10 {
		t.Fatalf("only %d source and section passages planned", checked)
	}
	if plan.Unassigned["not_retrieved"] == 0 {
		t.Errorf("the retrieval left nothing out: %v", plan.Unassigned)
	}
}

func indexOf(specs []evidence.ChapterSpec, id string) int {
	for i, s := range specs {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// isAnalysis: an engine's final report or forum speech (a candidate of
// every sub-point).
func isAnalysis(it evidence.Item) bool {
	for _, p := range it.Provenance {
		if p.Kind == evidence.KindFinalReport || p.Kind == evidence.KindForum {
			return true
		}
	}
	return false
}

// fitted is the offline n-gram embedder fitted on the texts, as
// internal/cli passes it.
func fitted(texts []string) llm.Embedder { return offline.NewEmbedder(0).Fit(texts) }
