// Package graphrag holds the knowledge-graph types: Node, Edge, Attributes
// and Graph, and the graphrag.json file format.
//
// A graph built from engine State JSON has five node types joined by four
// relations, pointing down one hierarchy:
//
//	topic ──analyzed_by──▶ engine ──contains──▶ section ──searched──▶ search_query ──found──▶ source
//
// A Graph is an append-only store: nodes and edges keep insertion order, so
// iteration, ids and the written file are deterministic. Read it by graph
// index (0 ≤ v < NodeCount) with ID, Type, Name, String, Attrs, DerivedOf,
// and the edges with EdgeEnds and EdgeAt. Traversals — ReachableFrom,
// Neighborhood (the viewer's neighbour expansion) and Within (the query
// engine's depth expansion from many start nodes) — run
// github.com/dominikbraun/graph's BFS over this store; the library's types do
// not appear in the API.
//
//	g := graphrag.New()
//	_ = g.AddNode(&graphrag.Node{ID: "T_x", Type: graphrag.TypeTopic, Name: "咖啡店"})
//	_ = g.AddNode(&graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query"})
//	_ = g.AddEdge(graphrag.Edge{From: "T_x", To: "query", Relation: graphrag.RelAnalyzedBy})
//	_ = g.WriteJSON(os.Stdout)
//
// # File format
//
// WriteJSON and ReadJSON speak the graphrag.json format of the BettaFish
// report engine (§3.2 of its reference), which existing graph front ends
// read:
//
//	{"task_id": "<report id>", "created_at": "<time>",
//	 "stats": {"total_nodes": N, "total_edges": E, "<type>": n, …},
//	 "nodes": [{"id","type","name","label","attributes","properties"}, …],
//	 "edges": [{"from","to","source","target","relation","weight","attributes"}, …]}
//
// ReadJSON also takes the other spellings those tools use (label, properties,
// source/target, group) and skips, with a LoadReport entry, duplicate ids,
// duplicate edges and edges to missing nodes.
//
// The package does no I/O of its own beyond the io.Reader/io.Writer it is
// given; files, atomic writes and look-up by report id are in
// graphrag/storage.
package graphrag
