package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"sync"
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
// sizes. It measures the first /neighbors (the graph's load), then the
// queries from then on for three phases' time (30 s by default: the
// query index is built meanwhile, and the server's log line saying when
// is printed), then, once the index is built, /neighbors of nodes of
// every type, then the queries again, and the process's peak memory. Targets: neighbours p99 ≤ 50 ms,
// query p99 ≤ 200 ms (all phases), peak ≤ 1.5 GB.
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

	log := newTestLog(t)
	s, err := server.New(server.Config{GraphsDir: graphs, Logger: slog.New(slog.NewTextHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	t0 := time.Now()
	if status, body := get(t, base+"/api/graph/"+id+"/neighbors?node="+nodes[0]); status != 200 {
		t.Fatalf("first load: %d %.200s", status, body)
	}
	t.Logf("first load (the graph; its query index is built beside the requests): %.1f s", time.Since(t0).Seconds())
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
	phase := func(name string, r loadRoute, d time.Duration) {
		c0 := processCPU()
		res := runLoad(base, r, clients, d)
		report(name, r, res)
		if res.requests > 0 {
			t.Logf("%-34s CPU %.2f ms per request (server and client); peak resident memory so far %.0f MiB", "", ms(processCPU()-c0)/float64(res.requests), float64(vmHWM())/(1<<20))
		}
	}
	phase(query.name+" (first)", query, 3*d)
	// the next phases' CPU is their own, not the index build's
	t0 = time.Now()
	select {
	case <-log.built:
	case <-time.After(5 * time.Minute):
		t.Fatal("the query index was not built in 5 minutes")
	}
	t.Logf("waited %.1f s more for the query index", time.Since(t0).Seconds())
	phase(neighbours.name, neighbours, d)
	phase(query.name+" (again)", query, d)
	peak := vmHWM()
	t.Logf("peak resident memory of the process (server and clients): %.0f MiB", float64(peak)/(1<<20))
	if peak > 1536<<20 {
		t.Errorf("peak memory %.0f MiB above 1.5 GiB", float64(peak)/(1<<20))
	}
}

// testLog writes a server's log lines to the test's until the test ends,
// and closes built at the line saying a query index is built.
type testLog struct {
	t     *testing.T
	mu    sync.Mutex
	done  bool
	built chan struct{}
}

func newTestLog(t *testing.T) *testLog {
	l := &testLog{t: t, built: make(chan struct{})}
	t.Cleanup(func() { l.mu.Lock(); l.done = true; l.mu.Unlock() })
	return l
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.t.Logf("server: %s", bytes.TrimSpace(p))
	}
	if bytes.Contains(p, []byte("query index built")) {
		select {
		case <-l.built:
		default:
			close(l.built)
		}
	}
	return len(p), nil
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
		nodes = append(nodes, strings.Clone(g.ID(v)))
	}
	for v := range min(g.NodeCount(), 5) {
		nodes = append(nodes, strings.Clone(g.ID(v)))
	}
	// the ids are copies: this graph (whose strings may be views of its
	// file's bytes) is garbage before the server loads its own
	g = nil
	runtime.GC()
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
	// load the graph and wait for its query index outside the timing
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
	warm("POST", "/api/graph/query", `{"report_id":"`+id+`","keywords":["索引"]}`) // waits for the query index
	return s, id
}

// BenchmarkScaleNeighbors: per-request cost on the large graph (in
// process, no network) of the load test's /neighbors requests in its
// order: its 1 003 nodes at depths 1 and 2, limit 500 (-benchtime 1000x
// is one pass over them). Every body is written from the graph: the
// first pass costs what later ones do.
func BenchmarkScaleNeighbors(b *testing.B) {
	s, id := scaleHandler(b)
	nodes := scaleNodes(b, id)
	b.ReportAllocs()
	defer reportCPU(b)()
	i := 0
	var n int64
	for b.Loop() {
		path := fmt.Sprintf("/api/graph/%s/neighbors?node=%s&depth=%d&limit=500", id, nodes[(i*7919)%len(nodes)], 1+i%2)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusOK {
			b.Fatalf("%s: %d", path, w.Code)
		}
		n += int64(w.Body.Len())
		i++
	}
	b.ReportMetric(float64(n)/float64(b.N), "body-B/op")
}

// BenchmarkScaleQuery: the load test's queries (its keywords, depths 1
// and 2 in turn), answered from the server's cache after their first run
// (cached), and queries no earlier request asked (uncached: two keywords
// of the synthetic text's words, 1 560 pairs at depth 1 and 2, each run on
// the gram index).
func BenchmarkScaleQuery(b *testing.B) {
	s, id := scaleHandler(b)
	keywords := []string{"舆情", "樱花", "网友", "政策", "校园", "评论", "学生", "交通", "预约", "新闻", "发布", "热度"}
	words := []string{"舆情", "樱花", "网友", "政策", "校园", "评论", "学生", "交通", "预约", "新闻", "发布", "热度", "用户", "门店", "品牌", "市场",
		"平台", "推荐", "数据", "折扣", "保洁", "老板", "售后", "行业", "渠道", "媒体", "记者", "直播", "产品", "停车", "地铁", "创新", "监管", "风险",
		"成本", "质量", "物流", "社区", "话题", "库存"}
	b.Run("cached", func(b *testing.B) {
		run(b, s, func(i int) string {
			i %= 2 * len(keywords)
			return fmt.Sprintf(`{"report_id":%q,"keywords":[%q],"depth":%d}`, id, keywords[i%len(keywords)], 1+i/len(keywords))
		})
	})
	b.Run("uncached", func(b *testing.B) {
		n := 0
		run(b, s, func(int) string {
			a, c := n%len(words), (n/len(words))%(len(words)-1)
			if c >= a {
				c++
			}
			depth := 1 + n/(len(words)*(len(words)-1))%2
			n++
			return fmt.Sprintf(`{"report_id":%q,"keywords":[%q,%q],"depth":%d}`, id, words[a], words[c], depth)
		})
	})
}

// run times POST /api/graph/query with the i-th body of body.
func run(b *testing.B, s http.Handler, body func(i int) string) {
	b.ReportAllocs()
	defer reportCPU(b)()
	i := 0
	for b.Loop() {
		r := httptest.NewRequest("POST", "/api/graph/query", strings.NewReader(body(i)))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %.200s", w.Code, w.Body.String())
		}
		i++
	}
}

// reportCPU reports the process's CPU time (user + system, the collector
// included) per iteration as cpu-ns/op, from its call to the call of the
// function it returns: on a shared machine a firmer figure than ns/op,
// which counts the time waiting for a core.
func reportCPU(b *testing.B) func() {
	c0 := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(processCPU()-c0)/float64(b.N), "cpu-ns/op")
		}
	}
}

// processCPU is the process's user and system CPU time so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
