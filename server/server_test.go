package server_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"reportengine/server"
)

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReports(t *testing.T) {
	root := t.TempDir()
	reports := filepath.Join(root, "reports")
	writeFile(t, filepath.Join(reports, "wuhan", "report.html"), "<html>wuhan report</html>")
	writeFile(t, filepath.Join(reports, "wuhan", "report.md"), "# wuhan")
	writeFile(t, filepath.Join(reports, "wuhan", "report.pdf"), "%PDF-1.4")
	writeFile(t, filepath.Join(reports, "wuhan", "evidence.json"), "{}")
	writeFile(t, filepath.Join(reports, "wuhan", "chapters", "010-a.json"), `{"chapterId":"S1"}`)
	writeFile(t, filepath.Join(reports, "wuhan", ".report.html.123.tmp"), "half")
	writeFile(t, filepath.Join(reports, "wuhan", "manifest.json"),
		`{"reportId":"wuhan","topic":"武汉大学","template":"t","status":"complete","graphId":"wuhan","createdAt":"2025-01-02T03:04:05Z"}`)
	writeFile(t, filepath.Join(reports, "newer", "report.html"), "<html>newer</html>")
	writeFile(t, filepath.Join(reports, "newer", "manifest.json"), `{"status":"partial","createdAt":"2026-01-02T03:04:05Z"}`)
	writeFile(t, filepath.Join(reports, "badmanifest", "manifest.json"), `{"status":`)
	writeFile(t, filepath.Join(reports, "empty", "notes.txt"), "not a report")
	writeFile(t, filepath.Join(root, "secret.txt"), "SECRET")
	if err := os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(reports, "wuhan", "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(reports, "wuhan", "up")); err != nil {
		t.Fatal(err)
	}
	_, ts := newServer(t, server.Config{GraphsDir: filepath.Join(root, "graphs"), ReportsDir: reports})

	status, body := get(t, ts.URL+"/api/reports")
	type entry struct {
		ID      string   `json:"id"`
		URL     string   `json:"url"`
		Topic   string   `json:"topic"`
		Status  string   `json:"status"`
		GraphID string   `json:"graph_id"`
		Files   []string `json:"files"`
		Error   string   `json:"error"`
	}
	l := decode[struct {
		Success bool    `json:"success"`
		Reports []entry `json:"reports"`
	}](t, body)
	if status != 200 || !l.Success || len(l.Reports) != 3 {
		t.Fatalf("reports %d %s", status, body)
	}
	if l.Reports[0].ID != "newer" || l.Reports[1].ID != "wuhan" || l.Reports[2].ID != "badmanifest" {
		t.Errorf("order %v, want newer, wuhan, badmanifest", l.Reports)
	}
	w := l.Reports[1]
	if w.Topic != "武汉大学" || w.Status != "complete" || w.GraphID != "wuhan" || w.URL != "/reports/wuhan/" ||
		strings.Join(w.Files, ",") != "report.html,report.md,report.pdf,evidence.json,manifest.json" {
		t.Errorf("wuhan entry %+v", w)
	}
	if l.Reports[2].Error == "" {
		t.Error("a broken manifest is not reported")
	}

	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/reports/wuhan/", 200, "<html>wuhan report</html>"},
		{"/reports/wuhan/report.md", 200, "# wuhan"},
		{"/reports/wuhan/chapters/010-a.json", 200, `{"chapterId":"S1"}`},
		{"/reports/wuhan/chapters/", 404, ""},
		{"/reports/wuhan/chapters", 404, ""},
		{"/reports/wuhan/.report.html.123.tmp", 404, ""},
		{"/reports/wuhan/link.txt", 404, ""},
		{"/reports/wuhan/up/secret.txt", 404, ""},
		{"/reports/wuhan/..%2F..%2Fsecret.txt", 404, ""},
		{"/reports/..%2Fsecret.txt/", 400, ""},
		{"/reports/nope/", 404, ""},
		{"/reports/empty/", 404, ""},
	}
	for _, c := range cases {
		status, body := get(t, ts.URL+c.path)
		if c.status != 200 {
			wantFailure(t, c.path, status, body, c.status)
		} else if status != 200 || string(body) != c.body {
			t.Errorf("%s: %d %q, want %q", c.path, status, body, c.body)
		}
		if strings.Contains(string(body), "SECRET") {
			t.Errorf("%s: served a file outside the report folder", c.path)
		}
	}
	resp, err := http.Get(ts.URL + "/reports/wuhan/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); strings.Contains(csp, "script-src") || !strings.Contains(csp, "default-src 'none'") {
		t.Errorf("report CSP %q allows scripts", csp)
	}
	// /reports/{id} without the slash redirects.
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = c.Get(ts.URL + "/reports/wuhan")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != "/reports/wuhan/" {
		t.Errorf("redirect %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	// No reports folder configured: an empty list.
	_, ts2 := newServer(t, server.Config{GraphsDir: filepath.Join(root, "graphs")})
	if status, body := get(t, ts2.URL+"/api/reports"); status != 200 || !strings.Contains(string(body), `"reports":[]`) {
		t.Errorf("no reports dir: %d %s", status, body)
	}
}

func TestToken(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, Token: "s3cret-token"})
	req := func(path string, set func(*http.Request)) *http.Response {
		t.Helper()
		r, _ := http.NewRequest("GET", ts.URL+path, nil)
		if set != nil {
			set(r)
		}
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	for _, path := range []string{"/api/graph/wuhan", "/api/graphs", "/api/reports", "/graph-viewer", "/assets/viewer.js", "/reports/x/", "/api/nope"} {
		if resp := req(path, nil); resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("%s without token: %d", path, resp.StatusCode)
		}
		if resp := req(path, func(r *http.Request) { r.Header.Set("Authorization", "Bearer wrong") }); resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s wrong token: %d", path, resp.StatusCode)
		}
	}
	if resp := req("/api/graph/wuhan", func(r *http.Request) { r.Header.Set("Authorization", "Bearer s3cret-token") }); resp.StatusCode != 200 {
		t.Errorf("bearer: %d", resp.StatusCode)
	}
	resp := req("/graph-viewer?token=s3cret-token", nil)
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == server.TokenCookie {
			cookie = c
		}
	}
	if resp.StatusCode != 200 || cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("?token=: %d, cookie %+v", resp.StatusCode, cookie)
	}
	if resp := req("/api/graph/wuhan", func(r *http.Request) { r.AddCookie(cookie) }); resp.StatusCode != 200 {
		t.Errorf("cookie: %d", resp.StatusCode)
	}
	if resp := req("/api/graph/wuhan", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: server.TokenCookie, Value: "x"}) }); resp.StatusCode != 401 {
		t.Errorf("wrong cookie: %d", resp.StatusCode)
	}
	// ?token= is for page loads: a POST with it is refused.
	r, _ := http.NewRequest("POST", ts.URL+"/api/graph/query?token=s3cret-token", strings.NewReader("{}"))
	r.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(r); err != nil || resp.StatusCode != 401 {
		t.Errorf("POST with ?token=: %v %v", resp.StatusCode, err)
	}
}

func TestHostsAndHeaders(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	_, ts := newServer(t, server.Config{GraphsDir: graphs, AllowedHosts: []string{"127.0.0.1", "localhost"}})
	r, _ := http.NewRequest("GET", ts.URL+"/api/graph/wuhan?limit=1", nil)
	r.Host = "rebind.example:8080"
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("foreign Host: %d, want 421", resp.StatusCode)
	}
	resp, err = http.Get(ts.URL + "/api/graph/wuhan?limit=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	h := resp.Header
	if resp.StatusCode != 200 || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
		!strings.HasPrefix(h.Get("Content-Type"), "application/json") || !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("API headers: %d %v", resp.StatusCode, h)
	}
}

func TestViewerPage(t *testing.T) {
	graphs := t.TempDir()
	_, ts := newServer(t, server.Config{GraphsDir: graphs, DefaultLimit: 1234})
	for _, c := range []struct{ path, id string }{{"/graph-viewer", ""}, {"/graph-viewer/latest", ""}, {"/graph-viewer/武汉-2025", "武汉-2025"}} {
		resp, err := http.Get(ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page := string(b)
		if resp.StatusCode != 200 || !strings.Contains(page, `data-report-id="`+c.id+`"`) || !strings.Contains(page, `data-limit="1234"`) {
			t.Errorf("%s: %d %.300s", c.path, resp.StatusCode, page)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") || strings.Contains(csp, "http") {
			t.Errorf("%s: CSP %q", c.path, csp)
		}
		// No inline script, no remote resource: every src/href is local.
		if regexp.MustCompile(`<script>|<script [^>]*>[^<]`).MatchString(page) {
			t.Errorf("%s: inline script", c.path)
		}
		for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
			if !strings.HasPrefix(m[1], "/assets/") {
				t.Errorf("%s: loads %q", c.path, m[1])
			}
			if status, _ := get(t, ts.URL+m[1]); status != 200 {
				t.Errorf("%s: %s is %d", c.path, m[1], status)
			}
		}
	}
	// The root sends a browser to the viewer.
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if resp, err := c.Get(ts.URL + "/"); err != nil || resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/graph-viewer" {
		t.Errorf("GET /: %v %v", resp, err)
	}
	status, body := get(t, ts.URL+"/graph-viewer/..%2Fx")
	wantFailure(t, "viewer bad id", status, body, http.StatusBadRequest)
	status, body = get(t, ts.URL+"/assets/viewer.html")
	wantFailure(t, "template source", status, body, http.StatusNotFound)
	status, body = get(t, ts.URL+"/assets/nope.js")
	wantFailure(t, "missing asset", status, body, http.StatusNotFound)
	// paths outside every route answer the same JSON error, not the mux's
	// plain "404 page not found"
	for _, path := range []string{"/reports/", "/favicon.png", "/nope/x", "/reports"} { // /favicon.ico: TestFaviconNotLogged
		status, body = get(t, ts.URL+path)
		wantFailure(t, path, status, body, http.StatusNotFound)
	}
}

// The vendored vis-network is the file VERSION describes, served as is,
// with both licence files.
func TestVendoredVisNetwork(t *testing.T) {
	_, ts := newServer(t, server.Config{GraphsDir: t.TempDir()})
	status, version := get(t, ts.URL+"/assets/vendor/vis-network/VERSION")
	if status != 200 || !strings.HasPrefix(string(version), "vis-network ") {
		t.Fatalf("VERSION: %d %q", status, version)
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(version)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 4 && f[2] == "sha256" {
			sums[f[0]] = f[3]
		}
	}
	if len(sums) != 2 {
		t.Fatalf("VERSION lists %d checksums: %v", len(sums), sums)
	}
	for name, want := range sums {
		status, data := get(t, ts.URL+"/assets/vendor/vis-network/"+name)
		sum := sha256.Sum256(data)
		if status != 200 || hex.EncodeToString(sum[:]) != want {
			t.Errorf("%s: status %d, sha256 %x, VERSION says %s", name, status, sum, want)
		}
	}
	for _, lic := range []string{"LICENSE-MIT", "LICENSE-APACHE-2.0"} {
		if status, data := get(t, ts.URL+"/assets/vendor/vis-network/"+lic); status != 200 || len(data) < 500 {
			t.Errorf("%s: %d, %d bytes", lic, status, len(data))
		}
	}
}

// Serve stops on context cancellation, after the requests in flight.
func TestServeShutdown(t *testing.T) {
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	s, err := server.New(server.Config{GraphsDir: graphs, ShutdownTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	url, stop := startServe(t, s)
	if status, _ := get(t, url+"/api/graph/wuhan?limit=3"); status != 200 {
		t.Fatalf("status %d", status)
	}
	if err := stop(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get(url + "/api/graphs"); err == nil {
		t.Error("still serving after shutdown")
	}
	// A listener that fails: the error is returned.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	ln2.Close()
	if err := s.Serve(context.Background(), ln2); err == nil || errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve on a closed listener: %v", err)
	}
}
