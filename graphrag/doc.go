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
// and the edges with EdgeEnds and EdgeAt. ReachableFrom (edge directions)
// runs github.com/dominikbraun/graph's BFS over this store; the library's
// types do not appear in the API. Within and Traversal.Expand (the query engine's depth
// expansion from many start nodes at once, optionally over the nodes a
// filter keeps) walk the graph's incidence lists (Traversal: offsets,
// edge indexes and far ends, 8 bytes an edge end), built once per graph on
// first use in O(nodes + edges) (about 10 ms for a graph of 260 000 nodes
// and 300 000 edges), not by New or a load; traverse.go says why.
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
// WriteJSON and ReadJSON speak graphrag.json, format version 4
// ("format_version": 4 in the file), which keeps the BettaFish report
// engine's layout (§3.2 of its reference) minus what can be derived:
//
//	{"format_version": 4, "task_id": "<report id>", "created_at": "<time>",
//	 "stats": {"total_nodes": N, "total_edges": E, "<type>": n, …},
//	 "nodes": [{"id","type","name","attributes"[,"derive":false]}, …],
//	 "edges": [{"from","to","relation","weight","attributes"}, …]}
//
// The reference's "label" (= name), "properties" (= attributes),
// "source"/"target" (= from/to) and a source's "preview" (first 100 runes of
// content) are not stored (since version 2); DerivedOf returns them, and
// the server adds them to the viewer's JSON. Every node carries its
// "name", which BettaFish's loader reads (version 3 left a source's out
// when SourceName of its title, url and content gave it back; those files
// still read, the name derived). A section whose "summary" is
// SectionSummary of its latest_summary and content, right before
// "content", has none: the readers derive it, so a graph reads back with
// the same attributes (a section with a content and no summary is marked
// "derive": false). ReadJSON also reads versions 3, 2 and 1 (our earlier
// files) and the reference's files and web API envelope
// (label, properties, source/target, group), and skips, with a LoadReport
// entry, duplicate ids, duplicate edges and edges to missing nodes.
//
// The JSON codec is github.com/bytedance/sonic (write.go, read*.go, runs.go,
// the column files' col*.go and text.go are its only users), encoding a
// chunk of rows per call. graphrag/storage holds the reference codec (encoding/json,
// one row at a time) that the tests hold this one to.
//
// # Column file
//
// The column file is a binary index of a graph file (layout in columns.go,
// version ColumnsVersion): typed columns whose strings are (offset,
// length) pairs into the graph file's bytes (strings JSON spells with
// escapes included: they are decoded on reading), so it stores no text of
// the graph and adds a few percent to the graph file (12.8 MB beside
// 226 MB for the 300 000-record benchmark graph, 14 KB beside 711 KB for
// the BettaFish fixture).
// WriteJSONColumns writes both files in one pass (each chunk's column
// records made from that chunk's JSON right after it);
// WriteColumns writes one for a graph file read before (ReadGraphText,
// ReadJSONText). ReadColumns, given the graph file's text, reads the graph
// in one pass over the small file, its strings pointing into that text. A
// graph read from it equals the graph ReadJSONText gives for the same
// text (strings as the JSON reader reads them, generic attributes decoded
// to the same values); graphs the JSON reader would change have none
// (ErrNoColumns, CheckColumns). The file records the graph file's length
// and CRC-32C and carries its own: ReadColumns refuses another version
// (ErrColumnsStale), other graph file bytes (ErrColumnsMismatch) and
// damage (ErrColumnsCorrupt). The id and URL maps of a graph read this way
// are built on the first Lookup or SourceByURL.
//
// The package does no I/O of its own beyond the io.Reader/io.Writer it is
// given; files, atomic writes and look-up by report id are in
// graphrag/storage.
package graphrag
