package server_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
	"reportengine/llm/offline"
	"reportengine/server"
)

// The full graph of the fixture run, compared with the file as
// encoding/json reads it: every node with label, group, properties and a
// plain-text tooltip, every edge, the stats.
func TestGraphMatchesFile(t *testing.T) {
	graphs := t.TempDir()
	path := saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	fg := readFileGraph(t, path)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, MaxLimit: 100000, DefaultLimit: 100000})

	status, body := get(t, ts.URL+"/api/graph/wuhan")
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	g := decode[apiGraph](t, body)
	if !g.Success || g.ReportID != "wuhan" || g.Graph.Truncated {
		t.Errorf("success %v report_id %q truncated %v", g.Success, g.ReportID, g.Graph.Truncated)
	}
	if len(g.Graph.Nodes) != len(fg.Nodes) || len(g.Graph.Edges) != len(fg.Edges) {
		t.Fatalf("%d nodes, %d edges; the file has %d, %d", len(g.Graph.Nodes), len(g.Graph.Edges), len(fg.Nodes), len(fg.Edges))
	}
	types := map[string]int{}
	omittedNodes := 0
	for i, want := range fg.Nodes {
		got := g.Graph.Nodes[i]
		types[want.Type]++
		label := want.Name
		if label == "" {
			label = want.ID
		}
		if got.ID != want.ID || got.Group != want.Type || got.Label != label {
			t.Errorf("node %d: got %s/%s/%q, want %s/%s/%q", i, got.ID, got.Group, got.Label, want.ID, want.Type, label)
		}
		// Properties are the attributes, plus the derived "preview" (the
		// first 100 runes of "content") when the file has none.
		wantProps := map[string]any{}
		for k, v := range want.Attrs {
			wantProps[k] = v
		}
		if c, ok := want.Attrs["content"].(string); ok && c != "" && want.Attrs["preview"] == nil {
			wantProps["preview"] = string([]rune(c)[:min(100, len([]rune(c)))])
		}
		// Large values are left out of the list and named in "omitted":
		// clearly large ones must be, clearly small ones must not.
		listed := map[string]any{}
		for k, v := range wantProps {
			size := jsonSize(t, v)
			omitted := slices.Contains(g.Graph.Nodes[i].Omitted, k)
			switch {
			case size > 2*server.MaxListPropertyBytes && !omitted:
				t.Errorf("node %s: %q (%d bytes) not omitted", want.ID, k, size)
			case size < server.MaxListPropertyBytes/2 && omitted:
				t.Errorf("node %s: %q (%d bytes) omitted", want.ID, k, size)
			}
			if !omitted {
				listed[k] = v
			}
		}
		if !reflect.DeepEqual(got.Properties, listed) && !(len(got.Properties) == 0 && len(listed) == 0) {
			t.Errorf("node %s: properties differ from the file's attributes", want.ID)
		}
		if len(got.Omitted) > 0 {
			omittedNodes++
			// The node route has them all.
			status, body := get(t, ts.URL+"/api/graph/wuhan/node?node="+url.QueryEscape(want.ID))
			full := decode[struct {
				Success bool `json:"success"`
				Node    struct {
					Properties map[string]any `json:"properties"`
					Omitted    []string       `json:"omitted"`
				} `json:"node"`
			}](t, body)
			if status != 200 || !full.Success || !reflect.DeepEqual(full.Node.Properties, wantProps) || full.Node.Omitted != nil {
				t.Errorf("node %s: /node gives %d, omitted %v, properties equal %v", want.ID, status, full.Node.Omitted, reflect.DeepEqual(full.Node.Properties, wantProps))
			}
		}
		if !strings.HasPrefix(got.Title, label+"\n类型: "+want.Type) {
			t.Errorf("node %s: title %q does not start with the label and type", want.ID, got.Title)
		}
		if strings.Contains(got.Title, "<b>") || strings.Contains(got.Title, "<br>") {
			t.Errorf("node %s: title is HTML: %q", want.ID, got.Title)
		}
		if u, _ := want.Attrs["url"].(string); u != "" && !strings.Contains(got.Title, "\n链接: "+u) {
			t.Errorf("node %s: title lacks the url line", want.ID)
		}
	}
	if omittedNodes == 0 {
		t.Error("no node has omitted properties: the fixture's engine reports and contents should be")
	}
	for i, want := range fg.Edges {
		got := g.Graph.Edges[i]
		if got.From != want.From || got.To != want.To || got.Label != want.Relation || got.Arrows != "to" || got.ID != fmt.Sprintf("e%d", i) {
			t.Errorf("edge %d: got %+v, want %+v", i, got, want)
		}
	}
	wantStats := map[string]int{"total_nodes": len(fg.Nodes), "total_edges": len(fg.Edges)}
	for k, n := range types {
		wantStats[k] = n
	}
	if !reflect.DeepEqual(g.Graph.Stats, wantStats) {
		t.Errorf("stats %v, want %v", g.Graph.Stats, wantStats)
	}
}

// jsonSize is the size of v as encoding/json writes it (no HTML escaping).
func jsonSize(t *testing.T, v any) int {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Len() - 1
}

// degrees counts undirected edge ends per node id in the file.
func degrees(fg fileGraph) map[string]int {
	d := map[string]int{}
	for _, e := range fg.Edges {
		d[e.From]++
		if e.To != e.From {
			d[e.To]++
		}
	}
	return d
}

// ?limit=N keeps topic, engines and sections first, then the best-connected
// nodes; edges only between kept nodes.
func TestGraphLimit(t *testing.T) {
	graphs := t.TempDir()
	fg := readFileGraph(t, saveGraph(t, graphs, fixtureGraph(t, "wuhan")))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, MaxLimit: 50})
	deg := degrees(fg)

	// The expected order, computed from the file.
	var prio, rest []int
	for i, n := range fg.Nodes {
		switch n.Type {
		case "topic", "engine", "section":
			prio = append(prio, i)
		default:
			rest = append(rest, i)
		}
	}
	typeRank := map[string]int{"topic": 0, "engine": 1, "section": 2}
	slices.SortStableFunc(prio, func(a, b int) int { return cmp.Compare(typeRank[fg.Nodes[a].Type], typeRank[fg.Nodes[b].Type]) })
	slices.SortStableFunc(rest, func(a, b int) int { return cmp.Compare(deg[fg.Nodes[b].ID], deg[fg.Nodes[a].ID]) })
	order := append(prio, rest...)

	for _, limit := range []int{1, 3, len(prio), len(prio) + 7} {
		if limit > 50 {
			t.Fatalf("fixture has %d priority nodes; raise MaxLimit", len(prio))
		}
		status, body := get(t, fmt.Sprintf("%s/api/graph/wuhan?limit=%d", ts.URL, limit))
		if status != http.StatusOK {
			t.Fatalf("limit %d: status %d %s", limit, status, body)
		}
		g := decode[apiGraph](t, body)
		want := slices.Clone(order[:limit])
		slices.Sort(want)
		var gotIDs, wantIDs []string
		for _, n := range g.Graph.Nodes {
			gotIDs = append(gotIDs, n.ID)
		}
		kept := map[string]bool{}
		for _, i := range want {
			wantIDs = append(wantIDs, fg.Nodes[i].ID)
			kept[fg.Nodes[i].ID] = true
		}
		if !slices.Equal(gotIDs, wantIDs) {
			t.Errorf("limit %d: nodes %v, want %v", limit, gotIDs, wantIDs)
		}
		wantEdges := 0
		for _, e := range fg.Edges {
			if kept[e.From] && kept[e.To] {
				wantEdges++
			}
		}
		if len(g.Graph.Edges) != wantEdges {
			t.Errorf("limit %d: %d edges, want %d", limit, len(g.Graph.Edges), wantEdges)
		}
		for _, e := range g.Graph.Edges {
			if !kept[e.From] || !kept[e.To] {
				t.Errorf("limit %d: edge %s→%s leaves the kept nodes", limit, e.From, e.To)
			}
		}
		if !g.Graph.Truncated || g.Graph.Limit != limit || g.Graph.Stats["total_nodes"] != len(fg.Nodes) {
			t.Errorf("limit %d: truncated %v limit %d total %d", limit, g.Graph.Truncated, g.Graph.Limit, g.Graph.Stats["total_nodes"])
		}
	}
	// Above MaxLimit: lowered to it.
	status, body := get(t, ts.URL+"/api/graph/wuhan?limit=100000")
	if g := decode[apiGraph](t, body); status != http.StatusOK || len(g.Graph.Nodes) != 50 || g.Graph.Limit != 50 {
		t.Errorf("limit above MaxLimit: status %d, %d nodes, limit %d", status, len(g.Graph.Nodes), g.Graph.Limit)
	}
	for _, bad := range []string{"0", "-1", "abc", "1.5", "1e3"} {
		status, body := get(t, ts.URL+"/api/graph/wuhan?limit="+bad)
		wantFailure(t, "limit="+bad, status, body, http.StatusBadRequest)
	}
}

func TestNewConfigErrors(t *testing.T) {
	for _, cfg := range []server.Config{
		{},
		{GraphsDir: "g", DefaultLimit: 100, MaxLimit: 50},
		{GraphsDir: "g", MaxBodyBytes: -1},
		{GraphsDir: "g", MaxDepth: -2},
	} {
		if _, err := server.New(cfg); err == nil {
			t.Errorf("New(%+v): no error", cfg)
		}
	}
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := server.New(server.Config{GraphsDir: f}); err == nil {
		t.Error("GraphsDir that is a file: no error")
	}
}

func TestLatest(t *testing.T) {
	graphs := t.TempDir()
	old := fixtureGraph(t, "older")
	old.CreatedAt = "2025-01-01T00:00:00Z"
	saveGraph(t, graphs, old)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, LatestTTL: -1})
	status, body := get(t, ts.URL+"/api/graph/latest?limit=2")
	if g := decode[apiGraph](t, body); status != http.StatusOK || g.ReportID != "older" {
		t.Fatalf("latest: status %d report_id %q", status, g.ReportID)
	}
	newer := fixtureGraph(t, "newer")
	newer.CreatedAt = "2026-01-01T00:00:00Z"
	saveGraph(t, graphs, newer)
	status, body = get(t, ts.URL+"/api/graph/latest?limit=2")
	if g := decode[apiGraph](t, body); status != http.StatusOK || g.ReportID != "newer" || len(g.Graph.Nodes) != 2 {
		t.Errorf("latest after a newer graph: status %d report_id %q, %d nodes", status, g.ReportID, len(g.Graph.Nodes))
	}
	// No graph at all: 404.
	_, empty := newServer(t, server.Config{GraphsDir: t.TempDir()})
	status, body = get(t, empty.URL+"/api/graph/latest")
	wantFailure(t, "latest without graphs", status, body, http.StatusNotFound)
}

// Unknown ids are 404, corrupt files 500, ids that could leave the graphs
// folder 400 (and never resolved: a graph beside the folder stays unseen).
func TestGraphErrors(t *testing.T) {
	root := t.TempDir()
	graphs := filepath.Join(root, "graphs")
	saveGraph(t, graphs, fixtureGraph(t, "report_17"))
	// A real graph outside the graphs folder, reachable by "../outside".
	saveGraph(t, root, fixtureGraph(t, "outside"))
	if err := os.MkdirAll(filepath.Join(graphs, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(graphs, "broken", "graphrag.json"), []byte(`{"nodes":[{"id":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	cases := []struct {
		path   string
		status int
	}{
		{"/api/graph/report_1", http.StatusNotFound}, // exact look-up: never report_17
		{"/api/graph/REPORT_17x", http.StatusNotFound},
		{"/api/graph/broken", http.StatusInternalServerError},
		{"/api/graph/..%2Foutside", http.StatusBadRequest},
		{"/api/graph/..%5Coutside", http.StatusBadRequest},
		{"/api/graph/%2E%2E", http.StatusBadRequest},
		{"/api/graph/a%00b", http.StatusBadRequest},
		{"/api/graph/%E2%80%AEevil", http.StatusBadRequest},
		{"/api/graph/.hidden", http.StatusBadRequest},
		{"/api/graph/..%2Foutside/neighbors?node=x", http.StatusBadRequest},
		{"/api/graph/nope/neighbors?node=x", http.StatusNotFound},
		{"/api/graph/broken/neighbors?node=x", http.StatusInternalServerError},
		{"/api/graph/report_17/node", http.StatusBadRequest},
		{"/api/graph/report_17/node?node=nope", http.StatusNotFound},
		{"/api/graph/nope/node?node=x", http.StatusNotFound},
		{"/api/graph/..%2Foutside/node?node=x", http.StatusBadRequest},
		{"/api/nothing", http.StatusNotFound},
	}
	for _, c := range cases {
		status, body := get(t, ts.URL+c.path)
		wantFailure(t, c.path, status, body, c.status)
		if strings.Contains(string(body), `"outside"`) && c.status == http.StatusBadRequest && strings.Contains(string(body), "nodes") {
			t.Errorf("%s: served the graph outside the folder", c.path)
		}
	}
	// The corrupt file's message names the JSON problem.
	_, body := get(t, ts.URL+"/api/graph/broken")
	if f := decode[failureBody](t, body); !strings.Contains(f.Message, "corrupt") {
		t.Errorf("corrupt graph message %q", f.Message)
	}
}

func TestNeighbors(t *testing.T) {
	graphs := t.TempDir()
	fg := readFileGraph(t, saveGraph(t, graphs, fixtureGraph(t, "wuhan")))
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	adj := map[string][]string{}
	for _, e := range fg.Edges {
		adj[e.From] = append(adj[e.From], e.To)
		adj[e.To] = append(adj[e.To], e.From)
	}
	// Within depth d of start, by BFS over the file's edges.
	within := func(start string, d int) map[string]bool {
		seen := map[string]bool{start: true}
		layer := []string{start}
		for ; d > 0; d-- {
			var next []string
			for _, u := range layer {
				for _, w := range adj[u] {
					if !seen[w] {
						seen[w] = true
						next = append(next, w)
					}
				}
			}
			layer = next
		}
		return seen
	}
	for _, c := range []struct {
		node  string
		depth int
	}{{"query", 1}, {"media", 0}, {fg.Nodes[0].ID, 2}, {fg.Nodes[len(fg.Nodes)-1].ID, 1}} {
		status, body := get(t, fmt.Sprintf("%s/api/graph/wuhan/neighbors?node=%s&depth=%d", ts.URL, c.node, c.depth))
		if status != http.StatusOK {
			t.Fatalf("%+v: status %d %s", c, status, body)
		}
		g := decode[apiGraph](t, body)
		want := within(c.node, c.depth)
		got := map[string]bool{}
		for _, n := range g.Graph.Nodes {
			got[n.ID] = true
		}
		if !reflect.DeepEqual(got, want) || g.Graph.Nodes[0].ID != c.node || g.Node != c.node {
			t.Errorf("%+v: %d nodes, want %d (first %s)", c, len(got), len(want), g.Graph.Nodes[0].ID)
		}
		wantEdges := 0
		for _, e := range fg.Edges {
			if want[e.From] && want[e.To] {
				wantEdges++
			}
		}
		if len(g.Graph.Edges) != wantEdges {
			t.Errorf("%+v: %d edges, want %d", c, len(g.Graph.Edges), wantEdges)
		}
	}
	// The limit cuts the neighbourhood and says so.
	status, body := get(t, ts.URL+"/api/graph/wuhan/neighbors?node=query&depth=2&limit=3")
	if g := decode[apiGraph](t, body); status != http.StatusOK || len(g.Graph.Nodes) != 3 || !g.Graph.Truncated {
		t.Errorf("limit 3: status %d, %d nodes, truncated %v", status, len(g.Graph.Nodes), g.Graph.Truncated)
	}
	for _, c := range []struct {
		q      string
		status int
	}{
		{"", http.StatusBadRequest},
		{"node=query&depth=x", http.StatusBadRequest},
		{"node=query&depth=-1", http.StatusBadRequest},
		{"node=query&depth=4", http.StatusBadRequest},
		{"node=query&limit=0", http.StatusBadRequest},
		{"node=QUERY", http.StatusNotFound}, // exact
		{"node=quer", http.StatusNotFound},
	} {
		status, body := get(t, ts.URL+"/api/graph/wuhan/neighbors?"+c.q)
		wantFailure(t, c.q, status, body, c.status)
	}
}

func TestGraphQuery(t *testing.T) {
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, MaxBodyBytes: 4096})
	q := `{"report_id":"wuhan","keywords":["樱花"],"node_types":["section"],"engine_filter":null,"depth":1}`
	status, body := postJSON(t, ts.URL+"/api/graph/query", q)
	if status != http.StatusOK {
		t.Fatalf("status %d %s", status, body)
	}
	got := decode[struct {
		Success  bool            `json:"success"`
		ReportID string          `json:"report_id"`
		Result   json.RawMessage `json:"result"`
	}](t, body)
	// The same query straight through the engine.
	pq, err := queryengine.DecodeQuery([]byte(q))
	if err != nil {
		t.Fatal(err)
	}
	res, err := queryengine.New(g).Run(pq)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(res)
	var a, b any
	_ = json.Unmarshal(got.Result, &a)
	_ = json.Unmarshal(want, &b)
	if !got.Success || got.ReportID != "wuhan" || !reflect.DeepEqual(a, b) {
		t.Errorf("result differs from the engine's:\n got %.400s\nwant %.400s", got.Result, want)
	}
	// The keyword is in every matched seed section (a check on the answer
	// itself, not only on the plumbing).
	if len(res.MatchedSections) == 0 {
		t.Fatal("no section matched 樱花 in the fixture")
	}
	// No report_id: the latest graph (the only one).
	status, body = postJSON(t, ts.URL+"/api/graph/query", `{"keywords":"樱花"}`)
	if status != http.StatusOK || !strings.Contains(string(body), `"report_id":"wuhan"`) {
		t.Errorf("query on latest: %d %.200s", status, body)
	}

	for _, c := range []struct {
		body    string
		status  int
		mention string
	}{
		{`{"depth":"2"}`, 400, "depth"},
		{`{"depth":1.5}`, 400, "depth"},
		{`{"keywords":[1]}`, 400, "keywords[0]"},
		{`{"node_types":"section"}`, 400, "node_types"},
		{`{"engine_filter":{"a":1}}`, 400, "engine_filter"},
		{`{"report_id":5}`, 400, "report_id"},
		{`{"report_id":"../x"}`, 400, "invalid report id"},
		{`{"report_id":"nope"}`, 404, "nope"},
		{`[1,2]`, 400, "object"},
		{`{"keywords":`, 400, "JSON"},
		{`{"keywords":["` + strings.Repeat("x", 5000) + `"]}`, 413, "larger than"},
	} {
		status, body := postJSON(t, ts.URL+"/api/graph/query", c.body)
		wantFailure(t, c.body, status, body, c.status)
		if f := decode[failureBody](t, body); !strings.Contains(f.Message, c.mention) {
			t.Errorf("%s: message %q does not mention %q", c.body, f.Message, c.mention)
		}
	}
	// Not JSON: 415.
	resp, err := http.Post(ts.URL+"/api/graph/query", "text/plain", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain POST: status %d, want 415", resp.StatusCode)
	}
	// GET on the POST route is not a graph named "query".
	status, body = get(t, ts.URL+"/api/graph/query")
	wantFailure(t, "GET /api/graph/query", status, body, http.StatusNotFound)
}

// A body with anything but whitespace after its JSON object is a 400 on
// the graph query route with the search routes' message, a closing } or ]
// too (json.Decoder.More lets those pass); the object with whitespace
// after it is answered as without.
func TestGraphQueryTrailingData(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	const want = "body: unexpected data after the JSON object"
	bodies := map[string]string{
		"/api/graph/query": `{"keywords":"樱花"}`,
		"/api/questions":   `{"count":3}`,
		"/api/search":      `{"question":"樱花"}`,
	}
	for route, obj := range bodies {
		for _, tail := range []string{" garbage", `{"keywords":"x"}`, " 5", " }", "]", "\n]\n"} {
			status, body := postJSON(t, ts.URL+route, obj+tail)
			what := fmt.Sprintf("%s %q", route, obj+tail)
			if wantFailure(t, what, status, body, http.StatusBadRequest); status != http.StatusBadRequest {
				continue
			}
			if f := decode[failureBody](t, body); f.Message != want {
				t.Errorf("%s: message %q, want %q", what, f.Message, want)
			}
		}
	}
	bare, b1 := postJSON(t, ts.URL+"/api/graph/query", bodies["/api/graph/query"])
	spaced, b2 := postJSON(t, ts.URL+"/api/graph/query", " "+bodies["/api/graph/query"]+" \t\r\n")
	if bare != http.StatusOK || spaced != http.StatusOK || !bytes.Equal(b1, b2) {
		t.Errorf("the query with whitespace after it: %d %.200s, without: %d %.200s", spaced, b2, bare, b1)
	}
	if !strings.Contains(string(b1), `"matched_sections":[{`) {
		t.Errorf("the query matched no section: %.200s", b1)
	}
}

// A member the graph query does not take is refused, naming it: a
// misspelt "graph_id" had queried the latest graph (new-user trial 38).
// Every member it takes is accepted.
func TestGraphQueryUnknownField(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	status, body := postJSON(t, ts.URL+"/api/graph/query", `{"graph_id":"wuhan","keywords":"樱花"}`)
	if wantFailure(t, "graph_id", status, body, http.StatusBadRequest); status == http.StatusBadRequest {
		if f := decode[failureBody](t, body); !strings.Contains(f.Message, "graph_id") || !strings.Contains(f.Message, "unknown field") {
			t.Errorf("message %q, want the unknown field named", f.Message)
		}
	}
	all := `{"report_id":"wuhan","keywords":["樱花"],"node_types":null,"engine_filter":null,"depth":1,"max_sections":5,"max_queries":5,"max_sources":5}`
	if status, body := postJSON(t, ts.URL+"/api/graph/query", all); status != http.StatusOK {
		t.Errorf("every member the query takes: %d %.200s", status, body)
	}
}

// An empty graph is a 422 with the engine's message (B24b), not a result.
func TestGraphQueryEmptyGraph(t *testing.T) {
	graphs := t.TempDir()
	g := graphrag.New()
	g.TaskID = "empty"
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	status, body := postJSON(t, ts.URL+"/api/graph/query", `{"report_id":"empty","keywords":["x"]}`)
	wantFailure(t, "empty graph", status, body, http.StatusUnprocessableEntity)
	if f := decode[failureBody](t, body); !strings.Contains(f.Message, "empty") {
		t.Errorf("message %q", f.Message)
	}
}

func TestGraphsList(t *testing.T) {
	graphs := t.TempDir()
	a := fixtureGraph(t, "a")
	a.CreatedAt = "2025-01-01T00:00:00Z"
	saveGraph(t, graphs, a)
	saveGraph(t, graphs, fixtureGraph(t, "b"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	status, body := get(t, ts.URL+"/api/graphs")
	l := decode[struct {
		Success bool `json:"success"`
		Graphs  []struct {
			ID    string `json:"id"`
			Nodes int    `json:"nodes"`
			Path  string `json:"path"`
		} `json:"graphs"`
	}](t, body)
	if status != 200 || !l.Success || len(l.Graphs) != 2 || l.Graphs[0].ID != "b" || l.Graphs[1].ID != "a" {
		t.Fatalf("list %d %s", status, body)
	}
	if l.Graphs[0].Nodes != a.NodeCount() || l.Graphs[0].Path != "" {
		t.Errorf("entry %+v: want %d nodes and no server path", l.Graphs[0], a.NodeCount())
	}
}

// A graph file rewritten on disk is served anew; readers running meanwhile
// see either version, never an error (run with -race).
func TestReloadAndConcurrency(t *testing.T) {
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	_, body := get(t, ts.URL+"/api/graph/wuhan")
	before := decode[apiGraph](t, body).Graph.Stats["total_nodes"]

	small := graphrag.New()
	small.TaskID = "wuhan"
	_ = small.AddNode(&graphrag.Node{ID: "T_only", Type: graphrag.TypeTopic, Name: "只有主题"})
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				status, body := get(t, ts.URL+"/api/graph/wuhan?limit=50")
				if status != 200 {
					errs <- fmt.Sprintf("status %d %.100s", status, body)
					return
				}
				status, body = postJSON(t, ts.URL+"/api/graph/query", `{"report_id":"wuhan","keywords":["武汉"]}`)
				if status != 200 && status != 422 {
					errs <- fmt.Sprintf("query status %d %.100s", status, body)
					return
				}
			}
		}()
	}
	saveGraph(t, graphs, small)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	_, body = get(t, ts.URL+"/api/graph/wuhan")
	after := decode[apiGraph](t, body)
	if before <= 1 || after.Graph.Stats["total_nodes"] != 1 || after.Graph.Nodes[0].Label != "只有主题" {
		t.Errorf("after rewrite: %d nodes (before %d)", after.Graph.Stats["total_nodes"], before)
	}
}

// A graph file replaced or rewritten at the same size, with its
// modification time put back (a copy restored with cp -p or rsync -t, a
// tool that keeps times), is served anew: the cache does not take the
// file's size and modification time for its version.
func TestReloadSameSizeAndTime(t *testing.T) {
	for _, fresh := range []bool{true, false} {
		t.Run(fmt.Sprintf("new file %v", fresh), func(t *testing.T) {
			graphs := t.TempDir()
			g := graphrag.New()
			g.TaskID, g.CreatedAt = "r1", "2025-08-27T13:16:30Z"
			if err := g.AddNode(&graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "旧的主题"}); err != nil {
				t.Fatal(err)
			}
			path := saveGraph(t, graphs, g)
			_, ts := newServer(t, server.Config{GraphsDir: graphs})
			label := func() string {
				status, body := get(t, ts.URL+"/api/graph/r1")
				r := decode[apiGraph](t, body)
				if status != 200 || len(r.Graph.Nodes) != 1 {
					t.Fatalf("status %d %.200s", status, body)
				}
				return r.Graph.Nodes[0].Label
			}
			if got := label(); got != "旧的主题" {
				t.Fatalf("label %q, want 旧的主题", got)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			changed := bytes.Replace(data, []byte("旧的主题"), []byte("新的主题"), 1)
			if len(changed) != len(data) || bytes.Equal(changed, data) {
				t.Fatal("the rewrite must keep the size and change the file")
			}
			target := path
			if fresh {
				target = path + ".new"
			}
			if err := os.WriteFile(target, changed, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(target, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
			if fresh {
				if err := os.Rename(target, path); err != nil {
					t.Fatal(err)
				}
			}
			if got := label(); got != "新的主题" {
				t.Errorf("after the rewrite: label %q, want 新的主题", got)
			}
		})
	}
}

// The fixture's file as BettaFish's loader reads it (a node's name is its
// "name", else its "label"; nothing is derived): every node has the name
// the graph has (format 3 left 224 of the 277 without one), and no section
// stores its derivable summary (the loader here derives it:
// TestGraphMatchesFile).
func TestFixtureFileNamesEveryNode(t *testing.T) {
	g := fixtureGraph(t, "wuhan")
	path := saveGraph(t, t.TempDir(), g)
	var file struct {
		Nodes []struct {
			ID    string          `json:"id"`
			Type  string          `json:"type"`
			Name  *string         `json:"name"`
			Label *string         `json:"label"`
			Attrs json.RawMessage `json:"attributes"`
		} `json:"nodes"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Nodes) != g.NodeCount() || g.NodeCount() != 277 {
		t.Fatalf("the file has %d nodes, the graph %d, want 277", len(file.Nodes), g.NodeCount())
	}
	count, unnamed := map[string]int{}, 0
	for i, n := range file.Nodes {
		count[n.Type]++
		name := ""
		if n.Name != nil {
			name = *n.Name
		} else if n.Label != nil {
			name = *n.Label
		}
		if name == "" || name != g.Name(i) {
			unnamed++
			if unnamed <= 3 {
				t.Errorf("node %s (%s) reads with the name %q, want %q", n.ID, n.Type, name, g.Name(i))
			}
		}
		var a map[string]any
		if err := json.Unmarshal(n.Attrs, &a); err != nil {
			t.Fatal(err)
		}
		if _, ok := a["summary"]; n.Type == "section" && ok {
			t.Errorf("a section stores its summary: %s", n.Attrs)
		}
	}
	if unnamed > 0 {
		t.Errorf("%d of %d nodes read without their name", unnamed, len(file.Nodes))
	}
	if count["section"] == 0 || count["source"] == 0 {
		t.Fatalf("the fixture graph has %d sections, %d sources", count["section"], count["source"])
	}
}
