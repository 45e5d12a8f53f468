package localsearch

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/llm/offline"
)

// scaleQuestions are asked in turn by BenchmarkScaleQuestion.
var scaleQuestions = []string{
	"合成话题的舆情如何演变？", "网友对价格怎么看？", "咖啡店的选址有什么讨论？", "芯片研发的瓶颈是什么？",
	"医院的服务质量如何？", "上班族对新区餐厅有什么评价？", "书店的库存问题严重吗？", "平台在社区里的口碑怎样？",
}

// BenchmarkScaleQuestion is one question's context build on a large
// stored graph, as chat and serve answer it once the knowledge is loaded:
// REPORTENGINE_SCALE_GRAPHS names the graphs folder holding the
// 300 000-record graph (scripts/bench's input, built with build-graph
// --report-id scale; REPORTENGINE_SCALE_ID for another id) whose model
// file and vector cache a search has written; skipped without it. The
// eight questions are asked in turn: with -benchtime 8x each once (every
// word counted), with more the words are remembered (the lexical index's
// memo) as in a chat that comes back to them.
func BenchmarkScaleQuestion(b *testing.B) {
	dir := os.Getenv("REPORTENGINE_SCALE_GRAPHS")
	if dir == "" {
		b.Skip("REPORTENGINE_SCALE_GRAPHS not set")
	}
	id := os.Getenv("REPORTENGINE_SCALE_ID")
	if id == "" {
		id = "scale"
	}
	ctx := context.Background()
	graph := filepath.Join(dir, id, "graphrag.json")
	sum, err := knowledge.SumFile(ctx, graph)
	if err != nil {
		b.Fatal(err)
	}
	m, _, err := knowledge.ReadModelFile(ctx, filepath.Join(dir, id, knowledge.ModelFileName), graph, knowledge.ModelFileKey{Graph: sum, ReportID: id})
	if err != nil {
		b.Fatalf("%v (run a search on the graph first)", err)
	}
	texts := make([]string, len(m.Entities()))
	for i, e := range m.Entities() {
		texts[i] = knowledge.EntityText(e)
	}
	emb := offline.NewEmbedder(0).Fit(texts)
	store, _, err := knowledge.EntityVectors(ctx, m, knowledge.VectorOptions{Embedder: emb, CacheDirs: []string{filepath.Join(dir, id)}})
	if err != nil {
		b.Fatal(err)
	}
	p := DefaultParams()
	p.Retrieval = RetrievalHybrid
	cb, err := NewContextBuilder(m, Config{Embedder: emb, VectorStore: store})
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	loop(b, func() error {
		_, err := cb.Build(ctx, scaleQuestions[i%len(scaleQuestions)], nil, p)
		i++
		return err
	})
}
