package storage_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// syntheticGraph builds a graph shaped like the builder's output with n
// nodes: one topic, 3 engines, sections, queries and sources (about one
// edge per node).
func syntheticGraph(b *testing.B, id string, n int) *graphrag.Graph {
	b.Helper()
	g := graphrag.New()
	g.TaskID = id
	g.CreatedAt = "2025-08-27T13:16:30Z"
	mustNode(b, g, &graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "武汉大学", Attrs: graphrag.Attributes{}})
	count := 1
	for e := 0; e < 3 && count < n; e++ {
		eng := fmt.Sprintf("engine%d", e)
		mustNode(b, g, &graphrag.Node{ID: eng, Type: graphrag.TypeEngine, Name: eng,
			Attrs: graphrag.Attributes{{Key: "report_title", Value: "武汉大学舆情报告"}, {Key: "original_query", Value: "武汉大学"}}})
		mustEdge(b, g, graphrag.Edge{From: "T_1", To: eng, Relation: graphrag.RelAnalyzedBy})
		count++
	}
	for s := 0; count < n; s++ {
		eng := fmt.Sprintf("engine%d", s%3)
		sec := fmt.Sprintf("%s_S%d", eng, s)
		mustNode(b, g, &graphrag.Node{ID: sec, Type: graphrag.TypeSection, Name: "樱花季预约与校园开放",
			Attrs: graphrag.Attributes{{Key: "title", Value: "樱花季预约与校园开放"}, {Key: "order", Value: s},
				{Key: "summary", Value: "三月樱花季需提前预约入校，周末限流，校友可带家属。"}, {Key: "engine", Value: eng}}})
		mustEdge(b, g, graphrag.Edge{From: eng, To: sec, Relation: graphrag.RelContains})
		count++
		for q := 0; q < 5 && count < n; q++ {
			qid := fmt.Sprintf("%s_Q%d", sec, q)
			mustNode(b, g, &graphrag.Node{ID: qid, Type: graphrag.TypeSearchQuery, Name: "武汉大学 樱花 预约",
				Attrs: graphrag.Attributes{{Key: "query_text", Value: "武汉大学 樱花 预约 2025 攻略"}, {Key: "section_ref", Value: sec}, {Key: "engine", Value: eng}}})
			mustEdge(b, g, graphrag.Edge{From: sec, To: qid, Relation: graphrag.RelSearched})
			count++
			for k := 0; k < 3 && count < n; k++ {
				src := fmt.Sprintf("SRC_%08x", count)
				mustNode(b, g, &graphrag.Node{ID: src, Type: graphrag.TypeSource, Name: "武大樱花预约指南",
					Attrs: graphrag.Attributes{{Key: "url", Value: "https://example.com/" + src}, {Key: "title", Value: "武大樱花预约指南"},
						{Key: "preview", Value: "预约通道将于三月开放，每日限量，请提前在小程序登记。"}, {Key: "score", Value: 0.98541}}})
				mustEdge(b, g, graphrag.Edge{From: qid, To: src, Relation: graphrag.RelFound})
				count++
			}
		}
	}
	return g
}

// savedSynthetic saves the synthetic graph of 100k nodes in a new store
// and sets the benchmark's bytes to its graphrag.json's size; remove is
// called with the file's path before that (nil: nothing removed).
func savedSynthetic(b *testing.B, remove func(path string) error) (*storage.Store, *graphrag.Graph) {
	st, err := storage.New(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	g := syntheticGraph(b, "bench", 100_000)
	path, err := st.Save(g)
	if err != nil {
		b.Fatal(err)
	}
	if remove != nil {
		if err := remove(path); err != nil {
			b.Fatal(err)
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	b.ResetTimer()
	return st, g
}

func BenchmarkSaveLoad(b *testing.B) {
	st, g := savedSynthetic(b, nil)
	for b.Loop() {
		if _, err := st.Save(g); err != nil {
			b.Fatal(err)
		}
		back, _, err := st.Load("bench")
		if err != nil {
			b.Fatal(err)
		}
		if back.NodeCount() != g.NodeCount() {
			b.Fatalf("loaded %d nodes, want %d", back.NodeCount(), g.NodeCount())
		}
	}
}

// BenchmarkSave and BenchmarkLoad split BenchmarkSaveLoad in its halves.
func BenchmarkSave(b *testing.B) {
	st, g := savedSynthetic(b, nil)
	for b.Loop() {
		if _, err := st.Save(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad loads a graph of 100k nodes from its column file
// (columns, what Load does after a Save) and from graphrag.json alone
// (json: the column file removed); bytes/s are of graphrag.json.
func BenchmarkLoad(b *testing.B) {
	for _, from := range []string{"columns", "json"} {
		b.Run(from, func(b *testing.B) {
			var remove func(string) error
			if from == "json" {
				remove = func(path string) error { return os.Remove(filepath.Join(filepath.Dir(path), storage.ColumnsFileName)) }
			}
			st, _ := savedSynthetic(b, remove)
			for b.Loop() {
				if _, _, err := st.Load("bench"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkList lists one graph of 100k nodes: in our layout List reads
// only the head; in the reference layout (stats after the arrays) it
// streams the whole file.
func BenchmarkList(b *testing.B) {
	g := syntheticGraph(b, "bench", 100_000)
	for _, layout := range []string{"ours", "reference"} {
		b.Run(layout, func(b *testing.B) {
			dir := b.TempDir()
			st, err := storage.New(dir)
			if err != nil {
				b.Fatal(err)
			}
			path, err := st.Save(g)
			if err != nil {
				b.Fatal(err)
			}
			if layout == "reference" {
				writeReferenceLayout(b, g, path)
			}
			fi, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(fi.Size())
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				list, err := st.List()
				if err != nil || len(list) != 1 || list[0].Nodes != 100_000 {
					b.Fatalf("List = %+v, %v", list, err)
				}
			}
		})
	}
}

// writeReferenceLayout rewrites path with encoding/json from a map, whose
// sorted keys put "stats" after "nodes" and "edges", as the reference
// writer does.
func writeReferenceLayout(b *testing.B, g *graphrag.Graph, path string) {
	b.Helper()
	st := g.Stats()
	stats := map[string]int{"total_nodes": st.TotalNodes, "total_edges": st.TotalEdges}
	for t, n := range st.ByType {
		stats[string(t)] = n
	}
	var nodes []map[string]any
	for _, n := range g.Nodes() {
		nodes = append(nodes, map[string]any{"id": n.ID, "type": n.Type, "label": n.Name, "properties": n.Attrs})
	}
	var edges []map[string]any
	for _, e := range g.Edges() {
		edges = append(edges, map[string]any{"source": e.From, "target": e.To, "relation": e.Relation, "weight": e.Weight})
	}
	raw, err := json.MarshalIndent(map[string]any{"task_id": g.TaskID, "created_at": "2025-08-27T13:16:30.123456",
		"nodes": nodes, "edges": edges, "stats": stats}, "", "  ")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Clean(path), raw, 0o644); err != nil {
		b.Fatal(err)
	}
}
