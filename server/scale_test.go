package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"reportengine/graphrag/storage"
	"reportengine/server"
)

// vmHWM is the process's peak resident memory in bytes (Linux; 0
// elsewhere).
func vmHWM() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb int64
		if _, err := fmt.Sscanf(sc.Text(), "VmHWM: %d kB", &kb); err == nil {
			return kb << 10
		}
	}
	return 0
}

// TestScaleLoad: the graph API under 50 clients on a large graph (the
// 300 000-record graph of scripts/bench: cmd/synthstates -paragraphs 200
// -records 500, built with build-graph --report-id scale). Behind
// REPORTENGINE_SCALE_GRAPHS (the graphs folder holding it; the id is
// REPORTENGINE_SCALE_ID, default "scale") and the load-test switches'
// sizes. It measures /api/graph/query right after the first load, while
// the query index builds, then /neighbors of nodes of every type, then the
// queries again, and the process's peak memory. Targets: neighbours p99
// ≤ 50 ms, query p99 ≤ 200 ms (both phases), peak ≤ 1.5 GB.
func TestScaleLoad(t *testing.T) {
	graphs := os.Getenv("REPORTENGINE_SCALE_GRAPHS")
	if graphs == "" {
		t.Skip("scale load test: set REPORTENGINE_SCALE_GRAPHS to a graphs folder holding the 300 000-record graph (see the test's comment)")
	}
	id := os.Getenv("REPORTENGINE_SCALE_ID")
	if id == "" {
		id = "scale"
	}
	clients, d := 50, 10*time.Second
	if os.Getenv("REPORTENGINE_LOADTEST") != "" {
		clients, d = loadEnv(t)
	}
	nodes := scaleNodes(t, id)
	t.Logf("graph %s: %d clients, %v per phase; %d node ids", id, clients, d, len(nodes))

	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	t0 := time.Now()
	if status, body := get(t, base+"/api/graph/"+id+"/neighbors?node="+nodes[0]); status != 200 {
		t.Fatalf("first load: %d %.200s", status, body)
	}
	t.Logf("first load: %.1f s", time.Since(t0).Seconds())

	neighbours := loadRoute{name: "GET /neighbors (depth 1-2)", p99: 50 * time.Millisecond, check: statusOK,
		make: func(base string, i int) (*http.Request, error) {
			return http.NewRequest("GET", fmt.Sprintf("%s/api/graph/%s/neighbors?node=%s&depth=%d&limit=500", base, id, nodes[(i*7919)%len(nodes)], 1+i%2), nil)
		}}
	keywords := []string{"舆情", "樱花", "网友", "政策", "校园", "评论", "学生", "交通", "预约", "新闻", "发布", "热度"}
	query := loadRoute{name: "POST /api/graph/query", p99: 200 * time.Millisecond, check: statusOK,
		make: func(base string, i int) (*http.Request, error) {
			body := fmt.Sprintf(`{"report_id":%q,"keywords":[%q],"depth":%d}`, id, keywords[i%len(keywords)], 1+i%2)
			req, err := http.NewRequest("POST", base+"/api/graph/query", bytes.NewBufferString(body))
			if err == nil {
				req.Header.Set("Content-Type", "application/json")
			}
			return req, err
		}}
	report := func(name string, r loadRoute, res loadResult) {
		t.Logf("%-34s %7d req  %8.1f req/s  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms  errors %d",
			name, res.requests, float64(res.requests)/res.seconds, ms(res.p50), ms(res.p99), ms(res.max), res.errors)
		if res.errors > 0 {
			t.Errorf("%s: %d errors, first: %s", name, res.errors, res.firstErr)
		}
		if res.p99 > r.p99 {
			t.Errorf("%s: p99 %.2f ms above the %v target", name, ms(res.p99), r.p99)
		}
	}
	// cpu is the process's CPU time (user + system) so far: per request,
	// a figure that the machine's other load does not inflate as it does
	// the latencies.
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	phase := func(name string, r loadRoute) {
		c0 := cpu()
		res := runLoad(base, r, clients, d)
		report(name, r, res)
		if res.requests > 0 {
			t.Logf("%-34s CPU %.2f ms per request (server and client)", "", ms(cpu()-c0)/float64(res.requests))
		}
	}
	// The load starts the query index in the background: this phase runs
	// while it builds.
	phase(query.name+" (index building)", query)
	phase(neighbours.name, neighbours)
	phase(query.name+" (after)", query)
	peak := vmHWM()
	t.Logf("peak resident memory of the process (server and clients): %.0f MiB", float64(peak)/(1<<20))
	if peak > 1536<<20 {
		t.Errorf("peak memory %.0f MiB above 1.5 GiB", float64(peak)/(1<<20))
	}
}

// scaleNodes returns about a thousand node ids of the scale graph, every
// 260th or so (of every type, mostly sources) plus the first five (topic
// and engines), read once here (the server loads its own copy).
func scaleNodes(tb testing.TB, id string) []string {
	st, err := storage.New(os.Getenv("REPORTENGINE_SCALE_GRAPHS"))
	if err != nil {
		tb.Fatal(err)
	}
	g, _, err := st.Load(id)
	if err != nil {
		tb.Fatal(err)
	}
	var nodes []string
	step := max(1, g.NodeCount()/997)
	for v := 0; v < g.NodeCount(); v += step {
		nodes = append(nodes, g.ID(v))
	}
	for v := range min(g.NodeCount(), 5) {
		nodes = append(nodes, g.ID(v))
	}
	return nodes
}

// scaleHandler serves the REPORTENGINE_SCALE_GRAPHS graph in process,
// loaded and (after warm) with its query index built.
func scaleHandler(b *testing.B) (*server.Server, string) {
	graphs := os.Getenv("REPORTENGINE_SCALE_GRAPHS")
	if graphs == "" {
		b.Skip("set REPORTENGINE_SCALE_GRAPHS (see TestScaleLoad)")
	}
	id := os.Getenv("REPORTENGINE_SCALE_ID")
	if id == "" {
		id = "scale"
	}
	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		b.Fatal(err)
	}
	// load the graph and start the query index outside the timing
	warm := func(method, path, body string) {
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("warm-up %s: %d %.200s", path, w.Code, w.Body.String())
		}
	}
	warm("GET", "/api/graph/"+id+"/neighbors?node=query", "")
	warm("POST", "/api/graph/query", `{"report_id":"`+id+`","keywords":["x"],"depth":0}`)
	time.Sleep(5 * time.Second) // the index builds meanwhile
	return s, id
}

// Per-request cost on the large graph (CPU in process, no network): the
// neighbours of the load test's nodes, in turn, and its queries.
func BenchmarkScaleNeighbors(b *testing.B) {
	s, id := scaleHandler(b)
	nodes := scaleNodes(b, id)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		path := fmt.Sprintf("/api/graph/%s/neighbors?node=%s&depth=%d&limit=500", id, nodes[(i*7919)%len(nodes)], 1+i%2)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusOK {
			b.Fatalf("%s: %d", path, w.Code)
		}
		i++
	}
}

func BenchmarkScaleQuery(b *testing.B) {
	s, id := scaleHandler(b)
	for _, depth := range []int{1, 2} {
		b.Run(fmt.Sprint("depth", depth), func(b *testing.B) {
			benchRoute(b, s, "POST", "/api/graph/query", fmt.Sprintf(`{"report_id":%q,"keywords":["舆情"],"depth":%d}`, id, depth))
		})
	}
}
