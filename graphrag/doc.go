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
// # Storage
//
// Nodes and edges are typed columns, not one object per node: ids, 32-bit
// type codes and names per node; sources (the bulk of a built graph) as
// rows of typed fields (AddSource, SetSourceTally) with one URL map
// (SourceByURL); edges as (from, to) index pairs with 32-bit relation
// codes; the search records of found edges in one Record column
// (AddFound). Other nodes keep an ordered Attributes list. Builders whose
// edges are unique by construction use the unchecked bulk calls Link and
// AddFound; AddEdge checks endpoints and duplicates.
//
// # File format
//
// WriteJSON and ReadJSON speak graphrag.json, format version 2
// ("format_version": 2 in the file), which keeps the BettaFish report
// engine's layout (§3.2 of its reference) minus what can be derived:
//
//	{"format_version": 2, "task_id": "<report id>", "created_at": "<time>",
//	 "stats": {"total_nodes": N, "total_edges": E, "<type>": n, …},
//	 "nodes": [{"id","type","name","attributes"}, …],
//	 "edges": [{"from","to","relation","weight","attributes"}, …]}
//
// The reference's "label" (= name), "properties" (= attributes),
// "source"/"target" (= from/to) and a source's "preview" (first 100 runes of
// content) are not stored; DerivedOf returns them, and the server adds them
// to the viewer's JSON. ReadJSON also reads version 1 (our earlier files,
// with those duplicates) and the reference's files and web API envelope
// (label, properties, source/target, group), and skips, with a LoadReport
// entry, duplicate ids, duplicate edges and edges to missing nodes.
//
// The JSON codec is github.com/bytedance/sonic (codec.go and, for UTF-8
// checks, columns.go are its only users); encoding runs on every core.
//
// # Column file
//
// WriteColumns and ReadColumns speak a binary copy of the graph (layout in
// columns.go, version ColumnsVersion): typed columns with the strings in
// one arena, read with one copy of the file and one pass that slices
// strings out of it (0.1 s of CPU for the 300 000-record benchmark graph,
// against 1.6 s for its JSON). A graph read from it equals the graph read
// from the JSON file written at the same time (strings as the JSON writer
// spells them, generic attributes decoded to the same values); graphs the
// JSON reader would change have none (ErrNoColumns). The file carries an
// opaque stamp that graphrag/storage uses to tie it to its graph file, and
// a CRC-32C; ReadColumns refuses a stale stamp (ErrColumnsStale) and
// damage (ErrColumnsCorrupt). The id and URL maps of a graph read this way
// are built on the first Lookup or SourceByURL.
//
// The package does no I/O of its own beyond the io.Reader/io.Writer it is
// given; files, atomic writes and look-up by report id are in
// graphrag/storage.
package graphrag
