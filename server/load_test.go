package server_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"reportengine/llm/offline"
	"reportengine/server"
)

// loadRoute is one route of the load test: make builds the i-th request.
type loadRoute struct {
	name string
	make func(base string, i int) (*http.Request, error)
	// check reads a response body; a non-nil error counts as a failure.
	check func(status int, body []byte) error
	// p99 is the latency target.
	p99 time.Duration
}

// loadResult is what one route measured.
type loadResult struct {
	requests, errors int
	seconds          float64
	p50, p99, max    time.Duration
	firstErr         string
}

// runLoad sends requests from clients goroutines for d and measures the
// latency of each (client-side, loopback).
func runLoad(base string, r loadRoute, clients int, d time.Duration) loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var mu sync.Mutex
	var lat []time.Duration
	res := loadResult{}
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			var mine []time.Duration
			var buf bytes.Buffer
			errs := 0
			first := ""
			for i := c; time.Now().Before(deadline); i += clients {
				req, err := r.make(base, i)
				if err != nil {
					errs++
					first = err.Error()
					break
				}
				t0 := time.Now()
				resp, err := hc.Do(req)
				if err == nil {
					// a buffer per client, reused: the client's share
					// of the CPU per request stays small
					buf.Reset()
					_, err = buf.ReadFrom(resp.Body)
					resp.Body.Close()
					if err == nil {
						err = r.check(resp.StatusCode, buf.Bytes())
					}
				}
				mine = append(mine, time.Since(t0))
				if err != nil {
					errs++
					if first == "" {
						first = err.Error()
					}
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			res.errors += errs
			if res.firstErr == "" {
				res.firstErr = first
			}
			mu.Unlock()
		}(c)
	}
	wg.Wait()
	res.seconds = time.Since(start).Seconds()
	res.requests = len(lat)
	if len(lat) > 0 {
		slices.Sort(lat)
		res.p50 = lat[len(lat)/2]
		res.p99 = lat[min(len(lat)-1, len(lat)*99/100)]
		res.max = lat[len(lat)-1]
	}
	return res
}

// loadEnv reads the load-test switches: REPORTENGINE_LOADTEST=1 runs it;
// REPORTENGINE_LOADTEST_SECONDS (default 10) and
// REPORTENGINE_LOADTEST_CLIENTS (default 50) size it.
func loadEnv(t *testing.T) (clients int, d time.Duration) {
	if os.Getenv("REPORTENGINE_LOADTEST") == "" {
		t.Skip("load test: set REPORTENGINE_LOADTEST=1 (50 clients × 10 s per route on loopback)")
	}
	clients, d = 50, 10*time.Second
	if v, err := strconv.Atoi(os.Getenv("REPORTENGINE_LOADTEST_CLIENTS")); err == nil && v > 0 {
		clients = v
	}
	if v, err := strconv.ParseFloat(os.Getenv("REPORTENGINE_LOADTEST_SECONDS"), 64); err == nil && v > 0 {
		d = time.Duration(v * float64(time.Second))
	}
	return clients, d
}

func statusOK(status int, body []byte) error {
	if status != http.StatusOK {
		return fmt.Errorf("status %d: %.200s", status, body)
	}
	if !bytes.Contains(body, []byte(`"success":true`)) {
		return fmt.Errorf("no success: %.200s", body)
	}
	return nil
}

var loadKeywords = []string{"樱花", "武汉大学", "校园", "游客", "预约", "美食", "交通", "开放", "评论", "学生"}

// graphLoadRoutes are the graph API routes of the load test.
func graphLoadRoutes(id string) []loadRoute {
	return []loadRoute{
		{name: "GET /api/graph/{id}", p99: 50 * time.Millisecond, check: statusOK,
			make: func(base string, i int) (*http.Request, error) {
				return http.NewRequest("GET", base+"/api/graph/"+id, nil)
			}},
		{name: "GET /api/graph/{id}/neighbors", p99: 50 * time.Millisecond, check: statusOK,
			make: func(base string, i int) (*http.Request, error) {
				node := []string{"query", "media", "insight"}[i%3]
				return http.NewRequest("GET", base+"/api/graph/"+id+"/neighbors?node="+node+"&depth=1", nil)
			}},
		{name: "POST /api/graph/query", p99: 50 * time.Millisecond, check: statusOK,
			make: func(base string, i int) (*http.Request, error) {
				body := fmt.Sprintf(`{"report_id":%q,"keywords":[%q],"depth":%d}`, id, loadKeywords[i%len(loadKeywords)], 1+i%2)
				req, err := http.NewRequest("POST", base+"/api/graph/query", bytes.NewBufferString(body))
				if err == nil {
					req.Header.Set("Content-Type", "application/json")
				}
				return req, err
			}},
	}
}

var loadQuestions = []string{"武汉大学樱花季的预约制度", "网友怎么评价武大赏樱", "樱花的历史争议", "校园开放对学生的影响", "游客数量和交通", "官方发布了什么政策"}

// searchLoadRoute asks questions through /api/search; a response counts as
// good only when the stream ends with a summary event.
func searchLoadRoute(id string) loadRoute {
	return loadRoute{name: "POST /api/search (SSE)", p99: 200 * time.Millisecond,
		make: func(base string, i int) (*http.Request, error) {
			body := fmt.Sprintf(`{"report_id":%q,"question":%q}`, id, loadQuestions[i%len(loadQuestions)])
			req, err := http.NewRequest("POST", base+"/api/search", bytes.NewBufferString(body))
			if err == nil {
				req.Header.Set("Content-Type", "application/json")
			}
			return req, err
		},
		check: func(status int, body []byte) error {
			if status != http.StatusOK {
				return fmt.Errorf("status %d: %.200s", status, body)
			}
			if !bytes.HasPrefix(body, []byte("event: context\n")) || !bytes.Contains(body, []byte("\nevent: summary\n")) {
				return fmt.Errorf("stream without context or summary: %.200s", body)
			}
			return nil
		}}
}

// TestLoad: 50 concurrent clients for 10 s per route on loopback against
// the fixture graph; no request may fail, and p99 must meet the route's
// target. Behind REPORTENGINE_LOADTEST; prints requests/s and latencies.
func TestLoad(t *testing.T) {
	clients, d := loadEnv(t)
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	s, err := server.New(server.Config{GraphsDir: graphs, Search: &server.SearchConfig{Model: offline.New(), Retrieval: testRetrieval, MaxConcurrent: 8}})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	routes := append(graphLoadRoutes("wuhan"), searchLoadRoute("wuhan"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(len(routes))*(d+30*time.Second))
	defer cancel()
	t.Logf("fixture graph: %d nodes, %d edges; %d clients, %v per route", g.NodeCount(), g.EdgeCount(), clients, d)
	for _, r := range routes {
		if ctx.Err() != nil {
			t.Fatal("load test overran its bound")
		}
		// Warm up (first load, index build) outside the measurement.
		if w := runLoad(base, r, 1, 200*time.Millisecond); w.errors > 0 {
			t.Fatalf("%s: warm-up failed: %s", r.name, w.firstErr)
		}
		res := runLoad(base, r, clients, d)
		t.Logf("%-32s %7d req  %8.1f req/s  p50 %7.2f ms  p99 %7.2f ms  max %7.2f ms  errors %d",
			r.name, res.requests, float64(res.requests)/res.seconds, ms(res.p50), ms(res.p99), ms(res.max), res.errors)
		if res.errors > 0 {
			t.Errorf("%s: %d errors, first: %s", r.name, res.errors, res.firstErr)
		}
		if res.p99 > r.p99 {
			t.Errorf("%s: p99 %.2f ms above the %v target", r.name, ms(res.p99), r.p99)
		}
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
