package storage_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// Save a graph under its report id, list it, and load it back by that exact
// id.
func Example() {
	dir, err := os.MkdirTemp("", "graphs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	st, err := storage.New(dir)
	if err != nil {
		panic(err)
	}
	g := graphrag.New()
	g.TaskID = "coffee-2025"
	g.CreatedAt = "2025-08-27T13:16:30Z"
	_ = g.AddNode(&graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "咖啡店"})
	_ = g.AddNode(&graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query",
		Attrs: graphrag.Attributes{{Key: "report_title", Value: "咖啡店调研"}}})
	_ = g.AddEdge(graphrag.Edge{From: "T_1", To: "query", Relation: graphrag.RelAnalyzedBy})

	path, err := st.Save(g)
	if err != nil {
		panic(err)
	}
	rel, _ := filepath.Rel(dir, path)
	fmt.Println("saved:", filepath.ToSlash(rel))

	infos, _ := st.List()
	fmt.Println("listed:", infos[0].ID, infos[0].Nodes, "nodes", infos[0].Edges, "edge", infos[0].CreatedAt.UTC().Format("2006-01-02 15:04"))

	back, report, err := st.Load("coffee-2025")
	if err != nil {
		panic(err)
	}
	eng, _ := back.Node("query")
	fmt.Println("loaded:", back.TaskID, back.NodeCount(), "nodes,", len(report.Warnings), "warnings,", eng.Attrs.String("report_title"))

	_, _, err = st.Load("coffee")
	fmt.Println("coffee:", errors.Is(err, storage.ErrNotFound))
	_, _, err = st.Load("../coffee-2025")
	fmt.Println("../coffee-2025:", errors.Is(err, storage.ErrInvalidID))
	// Output:
	// saved: coffee-2025/graphrag.json
	// listed: coffee-2025 2 nodes 1 edge 2025-08-27 13:16
	// loaded: coffee-2025 2 nodes, 0 warnings, 咖啡店调研
	// coffee: true
	// ../coffee-2025: true
}
