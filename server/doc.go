// Package server is reportengine's HTTP handler: the graph API that
// BettaFish's front end talks to (§3.4 of its reference), graph queries,
// the rendered reports, and an offline graph viewer page with vis-network
// embedded.
//
// # Usage
//
//	srv, err := server.New(server.Config{GraphsDir: "graphs", ReportsDir: "reports"})
//	if err != nil { … } // errors.Is(err, server.ErrConfig)
//	ln, _ := net.Listen("tcp", "127.0.0.1:8080")
//	err = srv.Serve(ctx, ln) // until ctx is done, then a graceful shutdown
//
// A *Server is an http.Handler, so tests and other servers can mount it
// directly (httptest.NewServer(srv)); Serve adds the timeouts of the Config.
// Only internal/cli reads flags and environment variables: `reportengine
// serve` fills the Config.
//
// # Routes
//
//	GET  /api/graph/{report_id}             {success, report_id, graph:{nodes, edges, stats, truncated, limit}}
//	GET  /api/graph/latest                  the same for the newest graph (storage.Store.Latest)
//	GET  /api/graph/{report_id}/neighbors   ?node=ID&depth=1&limit=N: a node and its neighbourhood
//	POST /api/graph/query                   {report_id?, keywords?, node_types?, engine_filter?, depth?, max_*?}
//	                                        → {success, report_id, result} (queryengine.Result);
//	                                        a node type or engine the graph cannot have, or depth
//	                                        over MaxDepth, is a 422 naming the field (node_types[1])
//	GET  /api/graphs                        {success, graphs:[{id, created_at, mod_time, size, nodes, edges, type_counts, error?}]}
//	GET  /api/graph/{report_id}/node        ?node=ID: one node with every property
//	GET  /api/reports                       {success, reports:[{id, url, topic, template, status, graph_id, created_at, files}]}
//	POST /api/search                        {report_id? | index?, question, history?, response_type?, method?} → server-sent events
//	POST /api/questions                     {report_id? | index?, history?, count?} → {success, target, questions, result}
//	GET  /reports/{report_id}/{path...}     a file of <ReportsDir>/<id> ("" = report.html), read-only
//	GET  /graph-viewer, /graph-viewer/{id}  the viewer page
//	GET  /assets/{path...}                  the viewer's script, style and vendored vis-network
//	GET  /favicon.ico                       204, no body (browsers ask for it; no error logged)
//
// Errors of the JSON routes are {success:false, message} with 400 (a bad
// parameter, body field of the wrong type, or a report id that fails
// storage.ValidateID — such an id is never turned into a path), 401 (token),
// 404 (unknown graph, node, report or route), 413 (body over MaxBodyBytes),
// 415 (a POST body that is not application/json), 421 (Host not in
// AllowedHosts), 422 (the graph is empty, B24b) and 500 (a corrupt or
// unreadable graph file, any other internal failure). A 500 tells the
// client only what failed and an error id ({success:false, message,
// error_id}: "graph \"x\" is corrupt (error id 0123456789ab; …)"); the
// log line with that id carries the error itself, whose file paths and
// parser text are not the client's business. /api/graphs names a broken
// graph's kind of problem the same way.
//
// # Graph JSON
//
// A node is {id, label, group (its type), title, properties, degree}: label
// is graphrag.Derived.Label (the name, or the id), properties are the
// node's attributes in stored order plus the derived "preview" when the
// file stores none, degree is the number of edge ends at the node. title,
// the tooltip, is plain text lines joined by "\n": the label, "类型: <type>",
// then "摘要", "查询", "预览" (cut to 100 runes) and "链接" lines when those
// attributes exist. The reference built the tooltip as HTML without
// escaping (§8 #13); here it is never HTML. An edge is {id ("e<edge
// index>"), from, to, label (the relation), arrows:"to"}. stats is
// {total_nodes, total_edges, <type>: count} of the whole graph.
//
// The reference sends every node; a 300 000-node graph must not go to a
// browser whole, so a response holds at most ?limit= nodes (default
// DefaultLimit, at most MaxLimit): every topic, engine and section node
// first (in that type order, each in graph order), then the other nodes by
// degree (highest first, ties in graph order). They are written in graph
// order with the edges between them, and "truncated" says whether nodes were
// left out. /neighbors lets a viewer add a node's surroundings (the node
// first, then by distance, ties in graph order, as graphrag.Graph.Within
// orders them; depth at most MaxDepth; cut at the limit, "truncated"
// then). It walks per-node edge lists made once per loaded graph, layer by
// layer, stopping at the limit, so its cost follows the neighbourhood, not
// the graph (it scanned every edge per request); stats are counted once
// per loaded graph too. Its body is written straight from the loaded graph
// per request (the graph's own attribute writer, graphrag.AppendAttrsJSON,
// and the codec's string escaping; nothing is kept per node), byte for
// byte what encoding/json makes of the same response (a test holds it to
// that).
//
// # Graph cache
//
// Graphs come from a GraphSource: Config.Graphs, or NewFileSource over
// Config.GraphsDir. Look-ups are exact (storage.Store.Load: "report_1"
// never finds "report_17", §8 #12 of the reference). A graph is loaded once and shared
// by every request (one Graph and one queryengine.Engine serve concurrent
// requests; the engine's gram index is built on its own goroutine as the
// graph loads, and no route waits for it: until it is in place a query
// scans the text, with the same answer). At
// most GOMAXPROCS queries run at once, the others wait, and a graph version
// keeps its encoded query answers (16 MiB, oldest out first; concurrent
// requests for one query wait for one run). Each
// request stats the file; a new modification time or size, or (on Linux)
// a new inode or status change time, loads it again (so a file replaced
// at the same size with its modification time put back is noticed too),
// and concurrent requests for the same version wait for one load. Corrupt
// files are remembered per version as well; other read errors are retried.
// At most DefaultMaxCachedGraphs graphs stay loaded (least recently used out).
// "latest" is resolved by listing the graphs folder at most once per
// LatestTTL. The reference re-read the file on every request.
//
// # Search
//
// With Config.Search set, POST /api/search answers a question with
// Microsoft GraphRAG's local search (graphrag/localsearch) over the
// knowledge model of a graph (knowledge.FromGraph; report_id, default the
// latest graph) or of a configured GraphRAG index (index: a name of
// SearchConfig.Indexes, never a path). The engine is built once per graph
// version or index and shared by all requests; SearchConfig.Retrieval
// supplies the embedder and vector store (the CLI: the offline embedder,
// no network). history is a list of {role, content} messages or of strings
// (user questions). method is "local", "global" (graphrag/globalsearch:
// map and reduce over the community reports) or "auto" (the default:
// globalsearch.Router chooses, global for broad questions). The answer is
// streamed as server-sent events, each
// "event: <name>\ndata: <one line of JSON>\n\n":
//
//	context  {target, method, method_reason, sections, counts:{table: rows}, entities:[{title, node_id}], records, budgets}
//	         (global: sections ["Reports"], counts {reports}, batches, records {reports})
//	         once, before the model is asked: what was retrieved
//	chunk    {text}: the next piece of the answer; a cited id that was not in the
//	         context is followed by "⟨not in context⟩" (localsearch.NotInContextMark)
//	         where it stands, as the search command prints it: the chunks put
//	         together are localsearch.MarkCitations(response, context_data) (global:
//	         globalsearch.MarkCitations of the response and the batches), ready to show
//	reset    {}: the chunks before it were the model's reasoning, not the answer (a
//	         </think> whose opening was in the prompt, B02): discard them; the
//	         chunks after it are the answer
//	summary  the result fields of localsearch.Result (response, context_text, context_data,
//	         completion_time, llm_calls, prompt_tokens, output_tokens and their *_categories,
//	         no_match, extractive) plus target and citations:[{dataset, table, id, in_context,
//	         row, title, node_ids}] — each citation resolved to its record and, for graphs,
//	         to the graph nodes behind it (an entity's node, both ends of a relationship,
//	         a source text's node, a report's engine or topic node), method and method_reason;
//	         global: the fields of globalsearch.Result (map_responses, points, no_data, …);
//	         response is the answer as the model wrote it (unmarked: for history
//	         and for a client that marks citations itself, as the viewer does)
//	error    {success:false, message, error_id}: the search failed after the stream
//	         started: a generic message naming the kind of failure (rate limited,
//	         unavailable, stopped, …) and an error id; the log line with that id
//	         has the error itself
//
// Streaming and non-streaming search are one code path (localsearch.Engine
// .Stream), so the summary equals what Search returns; a model failing
// mid-stream ends with an error event after the chunks already sent, never
// with a summary (B38). Errors before the stream (bad body, unknown graph or
// index, 422 for a graph or index with no entity, as the other routes
// answer an empty graph) are JSON errors with their status. At most
// SearchConfig.MaxConcurrent searches run at once; each event gets a fresh
// write deadline, so Config.WriteTimeout bounds a stalled client, not a
// long answer.
//
// POST /api/questions proposes follow-up questions with graphrag/questiongen
// on the same context builder (B39): history is the questions asked so
// far, oldest first (strings, or messages of which the user ones count),
// the last one being the query; count is 1..MaxQuestionCount (default 5).
// The answer is {success, target, questions, result} with result the
// questiongen.Result (response, raw, question_context, context_text,
// context_data, completion_time, llm_calls, prompt_tokens, warnings).
// An empty history uses the empty-query selection.
//
// # Safety
//
// Every response carries X-Content-Type-Options: nosniff, X-Frame-Options:
// DENY, Referrer-Policy: no-referrer and a Content-Security-Policy: the
// JSON routes "default-src 'none'"; the viewer only its own scripts and
// styles from /assets/ ("script-src 'self'", no inline script, no eval, no
// remote host; the seven stylesheets vis-network inserts allowed by their
// SHA-256, no 'unsafe-inline': a page load raises no violation,
// TestViewerChromiumCSP) and fetches to its own origin; reports their inline styles
// and data: images but no script at all (the renderer's one inline helper,
// which opens collapsed sections before printing, does not run when a
// report is served). With a Token every route requires it (see Config).
// POST bodies must be JSON, which keeps other sites from sending "simple"
// cross-site requests; AllowedHosts defends a loopback server against DNS
// rebinding: a Host is allowed only when its name (without port) equals an
// allowed one, letter case aside, so localhost.attacker.example is not
// localhost. /reports/ opens the reports folder as an os.Root, so ".."
// and symbolic links cannot leave it, and a report folder that is itself a
// symbolic link is not served; folders are not listed and hidden files
// (temporary files of atomic writes) are not served.
//
// # Viewer
//
// The page (assets/viewer.html, viewer.js, viewer.css) is embedded in the
// binary (an embed.FS) and needs no network: vis-network is vendored from the npm
// registry as its standalone minified build with its stylesheet and both
// licence files (assets/vendor/vis-network; VERSION names the version, the
// tarball's integrity and the files' SHA-256). It loads /api/graph/{id}
// (or latest; retrying every 5 s until a graph exists, as the reference
// did), styles nodes by type as reference §3.5 (topic red dot 30, engine
// amber diamond 25, section green dot 15, search_query blue triangle 15,
// source purple square 15, others grey dots), filters by type and engine,
// searches labels (lower-cased substring), shows every property of a
// clicked node and expands its neighbours (button or double click).
// Untrusted text is only ever inserted as text (textContent, text nodes and
// DOM tooltips); links are made for http(s) URLs only; the reference
// inserted properties with innerHTML (§8 #13). When search is on, a
// question box posts to /api/search, reads the event stream with fetch,
// shows the answer as it arrives and highlights the cited nodes (fetching
// those the limited graph does not hold), then offers three follow-up
// questions from /api/questions as buttons. URL parameters: ?select=ID opens
// a node's details, ?ask=TEXT asks a question on load, ?q=TEXT searches
// labels, ?expand=ID expands a node, ?hide=TYPE,… and ?hide_engine=E,…
// uncheck filters, ?limit=N asks for N nodes. The page reports its state
// in attributes of <body> (data-state "loading"/"ready", data-nodes,
// data-visible, data-selected, data-expanded, data-highlighted,
// data-followups), which the Chromium tests read.
package server
