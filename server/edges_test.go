package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
	"reportengine/llm/offline"
	"reportengine/server"
)

// The allowed-host check matches whole host names: a name that starts or
// ends with an allowed one (DNS rebinding from a domain the attacker owns)
// is refused, and the allowed ones pass in any letter case, with or without
// a port.
func TestAllowedHostsExact(t *testing.T) {
	graphs := t.TempDir()
	_, ts := newServer(t, server.Config{GraphsDir: graphs, AllowedHosts: []string{"127.0.0.1", "localhost", "::1"}})
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{"localhost", true},
		{"LOCALHOST:8080", true},
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"localhost.attacker.example", false},
		{"localhost.attacker.example:8080", false},
		{"127.0.0.1.nip.io:8080", false},
		{"localhostx", false},
		{"evil-localhost", false},
		{"attacker.localhost.example", false},
		{"[::1].evil", false},
	} {
		r, _ := http.NewRequest("GET", ts.URL+"/api/graphs", nil)
		r.Host = c.host
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.StatusCode != http.StatusMisdirectedRequest; got != c.ok {
			t.Errorf("Host %q: status %d, allowed=%v want %v", c.host, resp.StatusCode, got, c.ok)
		}
	}
}

// A report folder that is itself a symbolic link is not served, wherever
// it points; a symbolic link inside a report that leaves the reports
// folder is not followed either, one that stays inside it is.
func TestReportSymlinks(t *testing.T) {
	root := t.TempDir()
	reports := filepath.Join(root, "reports")
	writeFile(t, filepath.Join(reports, "real", "report.html"), "<html>real</html>")
	writeFile(t, filepath.Join(reports, "other", "report.md"), "# other")
	writeFile(t, filepath.Join(root, "outside", "report.html"), "<html>SECRET outside</html>")
	writeFile(t, filepath.Join(root, "outside", "passwd"), "SECRET root:x:0:0")
	for _, l := range []struct{ target, link string }{
		{"/", filepath.Join(reports, "evil")},
		{filepath.Join(root, "outside"), filepath.Join(reports, "evil2")},
		{filepath.Join(reports, "real"), filepath.Join(reports, "alias")},
		{filepath.Join(root, "outside"), filepath.Join(reports, "real", "sub")},
		{filepath.Join("..", "other", "report.md"), filepath.Join(reports, "real", "other.md")},
	} {
		if err := os.Symlink(l.target, l.link); err != nil {
			t.Fatal(err)
		}
	}
	_, ts := newServer(t, server.Config{GraphsDir: filepath.Join(root, "graphs"), ReportsDir: reports})
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/reports/evil/etc/passwd", 404, ""},
		{"/reports/evil/etc/hostname", 404, ""},
		{"/reports/evil2/", 404, ""},
		{"/reports/evil2/passwd", 404, ""},
		{"/reports/alias/", 404, ""}, // a linked folder, even to one inside
		{"/reports/real/sub/passwd", 404, ""},
		{"/reports/real/", 200, "<html>real</html>"},
		{"/reports/real/other.md", 200, "# other"}, // stays inside the reports folder
	} {
		status, body := get(t, ts.URL+c.path)
		if c.status != 200 {
			wantFailure(t, c.path, status, body, c.status)
		} else if status != 200 || string(body) != c.body {
			t.Errorf("%s: %d %q, want %q", c.path, status, body, c.body)
		}
		if strings.Contains(string(body), "SECRET") || strings.Contains(string(body), "root:") {
			t.Errorf("%s: served a file outside the reports folder: %.100s", c.path, body)
		}
	}
	// The list leaves linked folders out.
	if _, body := get(t, ts.URL+"/api/reports"); strings.Contains(string(body), "evil") || strings.Contains(string(body), "alias") {
		t.Errorf("/api/reports lists a linked folder: %s", body)
	}
}

// syncBuffer is a bytes.Buffer safe for the server's concurrent log lines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A 500 tells the client what failed and an error id, never the file's
// path or the parser's text; the log has both under that id.
func TestInternalErrorsAreGeneric(t *testing.T) {
	root := t.TempDir()
	graphs := filepath.Join(root, "graphs")
	writeFile(t, filepath.Join(graphs, "broken", "graphrag.json"), `{"nodes":[{"id":1}`)
	// a graph file that is a folder: an I/O error naming the path
	if err := os.MkdirAll(filepath.Join(graphs, "dir", "graphrag.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	var logs syncBuffer
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	idRe := regexp.MustCompile(`error id ([0-9a-f]{12})`)
	for _, path := range []string{"/api/graph/broken", "/api/graph/dir", "/api/graph/broken/neighbors?node=x", "/api/graph/dir/node?node=x"} {
		status, body := get(t, ts.URL+path)
		wantFailure(t, path, status, body, http.StatusInternalServerError)
		f := decode[struct {
			Message string `json:"message"`
			ErrorID string `json:"error_id"`
		}](t, body)
		m := idRe.FindStringSubmatch(f.Message)
		if m == nil || m[1] != f.ErrorID {
			t.Errorf("%s: message %q, error_id %q: want the id in both", path, f.Message, f.ErrorID)
			continue
		}
		for _, leak := range []string{root, "graphrag.json", "bad graph JSON", "nodes[0]", "is a directory"} {
			if strings.Contains(string(body), leak) {
				t.Errorf("%s: the response carries %q: %s", path, leak, body)
			}
		}
		if l := logs.String(); !strings.Contains(l, m[1]) || !strings.Contains(l, root) {
			t.Errorf("%s: the log lacks the error id %s or the detail:\n%s", path, m[1], l)
		}
	}
	// The list names a broken graph's kind of problem, not its path.
	_, body := get(t, ts.URL+"/api/graphs")
	if strings.Contains(string(body), root) || !strings.Contains(string(body), "corrupt") {
		t.Errorf("/api/graphs: %s", body)
	}
}

// POST /api/graph/query refuses what the query command refuses: a node
// type or engine the graph cannot have and a depth past MaxDepth, with 422
// and the field; the values it does take still answer 200.
func TestGraphQueryValidates(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	for _, c := range []struct {
		body    string
		status  int
		mention string
	}{
		{`{"node_types":["section","sectoin"]}`, 422, "node_types[1]"},
		{`{"node_types":["Section"]}`, 422, "node_types[0]"},
		{`{"engine_filter":["query","twitter"]}`, 422, "engine_filter[1]"},
		{`{"depth":99}`, 422, "depth"},
		{`{"depth":4}`, 422, "depth"},
		{`{"depth":3,"node_types":["search_query","source"],"engine_filter":["media","host"]}`, 200, ""},
		{`{"depth":0,"engine_filter":["insight"]}`, 200, ""},
	} {
		status, body := postJSON(t, ts.URL+"/api/graph/query", c.body)
		if c.status == 200 {
			if status != 200 {
				t.Errorf("%s: %d %.300s", c.body, status, body)
			}
			continue
		}
		wantFailure(t, c.body, status, body, c.status)
		if f := decode[failureBody](t, body); !strings.Contains(f.Message, c.mention) {
			t.Errorf("%s: message %q does not name %q", c.body, f.Message, c.mention)
		}
	}
}

// Search on an empty graph answers 422 before any event, as the query
// and questions routes do.
func TestSearchEmptyGraph(t *testing.T) {
	graphs := t.TempDir()
	g := graphrag.New()
	g.TaskID = "empty"
	saveGraph(t, graphs, g)
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Search: searchConfig(offline.New())})
	status, body := postJSON(t, ts.URL+"/api/search", `{"report_id":"empty","question":"武汉大学"}`)
	wantFailure(t, "search on an empty graph", status, body, http.StatusUnprocessableEntity)
	if f := decode[failureBody](t, body); !strings.Contains(f.Message, "empty") || !strings.Contains(f.Message, `"empty"`) {
		t.Errorf("message %q", f.Message)
	}
	status, body = postJSON(t, ts.URL+"/api/questions", `{"report_id":"empty"}`)
	wantFailure(t, "questions on an empty graph", status, body, http.StatusUnprocessableEntity)
}

// A query's kept answer belongs to its graph version: the same query on a
// replaced file answers from the new one.
func TestQueryAnswersFollowTheFile(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs})
	q := `{"report_id":"wuhan","keywords":["樱花"],"depth":1}`
	first, b1 := postJSON(t, ts.URL+"/api/graph/query", q)
	again, b2 := postJSON(t, ts.URL+"/api/graph/query", q)
	if first != 200 || again != 200 || !bytes.Equal(b1, b2) {
		t.Fatalf("the same query: %d %d, bodies equal %v", first, again, bytes.Equal(b1, b2))
	}
	g := graphrag.New()
	g.TaskID = "wuhan"
	saveGraph(t, graphs, g)
	status, body := postJSON(t, ts.URL+"/api/graph/query", q)
	wantFailure(t, "the query on the replaced (empty) graph", status, body, http.StatusUnprocessableEntity)
}

// memSource is a GraphSource of graphs held in memory, counting loads.
type memSource struct {
	mu      sync.Mutex
	graphs  map[string]*graphrag.Graph
	version map[string]int
	loads   int
}

func (m *memSource) Version(id string) (string, error) {
	if err := storage.ValidateID(id); err != nil {
		return "", err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.graphs[id] == nil {
		return "", storage.ErrNotFound
	}
	return fmt.Sprint(m.version[id]), nil
}

func (m *memSource) Load(_ context.Context, id string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.loads++
	if g := m.graphs[id]; g != nil {
		return g, &graphrag.LoadReport{}, nil
	}
	return nil, nil, storage.ErrNotFound
}

func (m *memSource) Latest() (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id := range m.graphs {
		return id, nil
	}
	return "", storage.ErrNotFound
}

func (m *memSource) List() ([]storage.Info, error) { return nil, nil }
func (m *memSource) Path(string) string            { return "" }

func (m *memSource) set(id string, g *graphrag.Graph) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.graphs[id] = g
	m.version[id]++
}

// The server takes its graphs from a GraphSource: no graphs folder at all;
// a graph is loaded once per version the source reports, and a new
// version is served at once.
func TestGraphSource(t *testing.T) {
	src := &memSource{graphs: map[string]*graphrag.Graph{}, version: map[string]int{}}
	src.set("wuhan", fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{Graphs: src})
	for range 3 {
		if status, body := get(t, ts.URL+"/api/graph/wuhan?limit=5"); status != 200 || !strings.Contains(string(body), `"total_nodes":277`) {
			t.Fatalf("%d %.200s", status, body)
		}
	}
	if status, _ := get(t, ts.URL+"/api/graph/latest?limit=5"); status != 200 {
		t.Errorf("latest: %d", status)
	}
	if src.loads != 1 {
		t.Errorf("%d loads for one version, want 1", src.loads)
	}
	small := graphrag.New()
	if err := small.AddNode(&graphrag.Node{ID: "t", Type: graphrag.TypeTopic, Name: "新"}); err != nil {
		t.Fatal(err)
	}
	src.set("wuhan", small)
	if status, body := get(t, ts.URL+"/api/graph/wuhan"); status != 200 || !strings.Contains(string(body), `"total_nodes":1`) || src.loads != 2 {
		t.Errorf("new version: %d %.200s after %d loads", status, body, src.loads)
	}
	status, body := get(t, ts.URL+"/api/graph/nope")
	wantFailure(t, "unknown graph", status, body, http.StatusNotFound)
	if _, err := server.New(server.Config{}); !errors.Is(err, server.ErrConfig) {
		t.Errorf("neither GraphsDir nor Graphs: %v", err)
	}
}
