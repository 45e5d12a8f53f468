package server_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/localsearch"
	"reportengine/llm/offline"
	"reportengine/server"
)

// XSS payloads put into node names, ids and properties. If any of them ran,
// it would change the document title or add an element with id "pwned";
// if any were inserted as HTML (even with script blocked by the CSP), the
// dumped DOM would hold an <img src="x">, an <svg>, a javascript: link or
// an injected <script>.
var xssPayloads = []string{
	`<img src=x onerror="document.title='PWNED-img';document.body.insertAdjacentHTML('beforeend','<p id=pwned>')">`,
	`javascript:document.title='PWNED-js'`,
	`</script><script>document.title='PWNED-script'</script>`,
	`<svg onload="document.title='PWNED-svg'"></svg>`,
	`"><b id=pwned>bold</b>`,
}

const xssNodeID = `SRC_"><img src=x onerror=document.title='PWNED-id'>`

// xssGraph is the fixture graph plus a source node whose id, name and
// every property carry the payloads, found by the first search query, and a
// section whose title and summary carry them too.
func xssGraph(t testing.TB, id string) *graphrag.Graph {
	t.Helper()
	g := fixtureGraph(t, id)
	var query, engine string
	for v := 0; v < g.NodeCount(); v++ {
		switch g.Type(v) {
		case graphrag.TypeSearchQuery:
			if query == "" {
				query = g.ID(v)
			}
		case graphrag.TypeEngine:
			if engine == "" {
				engine = g.ID(v)
			}
		}
	}
	all := strings.Join(xssPayloads, " ")
	src := &graphrag.Node{ID: xssNodeID, Type: graphrag.TypeSource, Name: xssPayloads[0] + "武汉大学樱花", Attrs: graphrag.Attributes{
		{Key: "url", Value: xssPayloads[1]},
		{Key: "title", Value: xssPayloads[2]},
		{Key: "content", Value: "武汉大学樱花季的游客评论：" + strings.Repeat(all, 4) + "（全文完）"},
		{Key: "engines", Value: []any{xssPayloads[3]}},
		{Key: xssPayloads[4], Value: map[string]any{"nested": xssPayloads[0]}},
	}}
	sec := &graphrag.Node{ID: "xss_section", Type: graphrag.TypeSection, Name: xssPayloads[3], Attrs: graphrag.Attributes{
		{Key: "title", Value: xssPayloads[2]},
		{Key: "summary", Value: "武汉大学樱花：" + all},
		{Key: "content", Value: "武汉大学樱花的讨论。" + all},
		{Key: "engine", Value: engine},
	}}
	for _, n := range []*graphrag.Node{src, sec} {
		if err := g.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range []graphrag.Edge{{From: query, To: xssNodeID, Relation: graphrag.RelFound}, {From: engine, To: "xss_section", Relation: graphrag.RelContains}} {
		if err := g.AddEdge(e); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// chromiumBin finds Debian's chromium; without it the test skips, unless
// REPORTENGINE_REQUIRE_CHROMIUM is set (CI), when it fails.
func chromiumBin(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("REPORTENGINE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("chromium required (REPORTENGINE_REQUIRE_CHROMIUM) but not found: %v", err)
		}
		t.Skipf("browser test: skipped: chromium not installed")
	}
	t.Log("browser test: chromium ran")
	return bin
}

// chromiumDeadline bounds the wait for a viewer page's real ready
// condition; generous, since CI shares 2 cores with the whole suite.
const chromiumDeadline = 60 * time.Second

// domWhen loads url in headless Chromium driven over the DevTools pipe,
// polls the JavaScript expression ready (every 100 ms) until it is true or
// deadline passes, and returns the serialised DOM
// (document.documentElement.outerHTML). A page that never gets ready fails
// the test with the expression and the DOM it had, so a slow machine only
// makes the test slower, not flaky (a fixed --virtual-time-budget did).
func domWhen(t *testing.T, bin, url, ready string, deadline time.Duration) string {
	t.Helper()
	dom, _ := loadPage(t, bin, url, ready, deadline)
	return dom
}

// cspListener records the page's Content-Security-Policy violations (the
// events behind its console errors) in window.__csp, from before the
// page's first script: DevTools adds it, so the page's policy does not
// apply to it.
const cspListener = `window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '') + ' at ' + (e.sourceFile || '') + ':' + e.lineNumber);
});`

// loadPage is domWhen that also returns the page's Content-Security-Policy
// violations up to that point, one line each.
func loadPage(t *testing.T, bin, url, ready string, deadline time.Duration) (string, []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), deadline+30*time.Second)
	defer cancel()
	toChrome, chromeIn, err := os.Pipe() // chrome reads fd 3
	if err != nil {
		t.Fatal(err)
	}
	chromeOut, fromChrome, err := os.Pipe() // chrome writes fd 4
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+t.TempDir(), "--window-size=1280,900", "--remote-debugging-pipe", "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	_ = toChrome.Close()
	_ = fromChrome.Close()
	defer func() {
		_ = chromeIn.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = chromeOut.Close()
	}()
	type reply struct {
		ID     int             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	replies := make(chan reply, 16)
	go func() {
		defer close(replies)
		r := bufio.NewReader(chromeOut)
		for {
			msg, err := r.ReadBytes(0)
			if err != nil {
				return
			}
			var m reply
			if json.Unmarshal(msg[:len(msg)-1], &m) == nil && m.ID != 0 {
				replies <- m
			}
		}
	}()
	id := 0
	call := func(session, method string, params any, out any) {
		t.Helper()
		id++
		msg := map[string]any{"id": id, "method": method, "params": params}
		if session != "" {
			msg["sessionId"] = session
		}
		b, _ := json.Marshal(msg)
		if _, err := chromeIn.Write(append(b, 0)); err != nil {
			t.Fatalf("chromium %s: %v\n%s", method, err, stderr.String())
		}
		for {
			select {
			case m, ok := <-replies:
				if !ok {
					t.Fatalf("chromium exited during %s\n%s", method, stderr.String())
				}
				if m.ID != id {
					continue
				}
				if m.Error != nil {
					t.Fatalf("chromium %s: %s", method, m.Error.Message)
				}
				if out != nil {
					if err := json.Unmarshal(m.Result, out); err != nil {
						t.Fatalf("chromium %s: %v", method, err)
					}
				}
				return
			case <-ctx.Done():
				t.Fatalf("chromium %s: %v\n%s", method, ctx.Err(), stderr.String())
			}
		}
	}
	var target struct {
		TargetID string `json:"targetId"`
	}
	call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var session struct {
		SessionID string `json:"sessionId"`
	}
	call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &session)
	call(session.SessionID, "Page.enable", map[string]any{}, nil)
	call(session.SessionID, "Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": cspListener}, nil)
	call(session.SessionID, "Page.navigate", map[string]any{"url": url}, nil)
	eval := func(expr string) json.RawMessage {
		var res struct {
			Result struct {
				Value json.RawMessage `json:"value"`
			} `json:"result"`
		}
		call(session.SessionID, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res)
		return res.Result.Value
	}
	const dom = "document.documentElement ? document.documentElement.outerHTML : ''"
	end := time.Now().Add(deadline)
	for string(eval("Boolean("+ready+")")) != "true" {
		if time.Now().After(end) {
			var html string
			_ = json.Unmarshal(eval(dom), &html)
			t.Fatalf("page %s not ready after %v (%s); its DOM: %.2000s", url, deadline, ready, html)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var html string
	if err := json.Unmarshal(eval(dom), &html); err != nil {
		t.Fatal(err)
	}
	var violations []string
	if err := json.Unmarshal(eval("window.__csp || ['the listener did not run']"), &violations); err != nil {
		t.Fatal(err)
	}
	return html, violations
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// assertNoPayloadRan checks a dumped DOM: the title is the page's own, no
// payload element exists, and the payload text is present as text only.
func assertNoPayloadRan(t *testing.T, dom string) {
	t.Helper()
	if m := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(dom); m == nil || strings.Contains(m[1], "PWNED") {
		t.Errorf("document title changed: %v", m)
	}
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`<[a-z][^<>]*\bid="?pwned`),
		regexp.MustCompile(`<img[^>]*src="?x`),
		regexp.MustCompile(`<svg[^>]*onload`),
		regexp.MustCompile(`(?i)href="\s*javascript:`),
		regexp.MustCompile(`<script>document\.title`),
		regexp.MustCompile(`<b id=`),
	} {
		if loc := bad.FindStringIndex(dom); loc != nil {
			t.Errorf("payload inserted as HTML: %q", dom[max(0, loc[0]-80):min(len(dom), loc[1]+80)])
		}
	}
}

// The viewer on a graph whose names, ids and properties carry XSS payloads:
// the graph renders, the payload node's properties are shown as text, and
// nothing runs.
func TestViewerChromiumXSS(t *testing.T) {
	bin := chromiumBin(t)
	graphs := t.TempDir()
	g := xssGraph(t, "xss")
	saveGraph(t, graphs, g)
	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	// Ready: drawn, and the omitted content fetched into the details.
	dom := domWhen(t, bin, base+"/graph-viewer/xss?select="+url.QueryEscape(xssNodeID),
		`document.body.dataset.state === "ready" && document.getElementById("properties").textContent.indexOf("（全文完）") >= 0`, chromiumDeadline)

	body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	if !strings.Contains(body, `data-state="ready"`) || !strings.Contains(body, `data-nodes="`+itoa(g.NodeCount())+`"`) {
		t.Errorf("graph not rendered: %s", body)
	}
	if !strings.Contains(dom, "<canvas") {
		t.Error("no canvas: vis-network did not draw")
	}
	// The payload node's details are on the page, escaped: the id, the
	// name, the javascript: URL as plain text (not a link), the nested
	// object as JSON text.
	for _, want := range []string{
		`&lt;img src=x onerror="document.title='PWNED-img'`,
		`javascript:document.title='PWNED-js'`,
		`&lt;/script&gt;&lt;script&gt;document.title='PWNED-script'&lt;/script&gt;`,
		`"&gt;&lt;b id=pwned&gt;bold&lt;/b&gt;`,
		`SRC_"&gt;&lt;img src=x onerror=document.title='PWNED-id'&gt;`,
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("details lack the escaped text %q", want)
		}
	}
	// The content is over MaxListPropertyBytes: the viewer fetched it from
	// /api/graph/{id}/node and shows it whole, still as text.
	if !strings.Contains(dom, "（全文完）") {
		t.Error("the omitted content was not fetched and shown")
	}
	assertNoPayloadRan(t, dom)
	// Type and engine filters were built, the payload "engine" as text.
	if !strings.Contains(dom, `id="type-filters"><label class="filter">`) || !strings.Contains(dom, "&lt;svg onload=") {
		t.Error("filters missing or not escaped")
	}
}

// A question asked through the viewer's box (?ask=) gets a streamed answer
// from /api/search with citations highlighted in the graph; the answer
// quotes the payload-carrying texts, which stay text.
func TestViewerChromiumQuestion(t *testing.T) {
	bin := chromiumBin(t)
	graphs := t.TempDir()
	saveGraph(t, graphs, xssGraph(t, "xss"))
	// The payload nodes are always in the context (their titles are
	// included entity names), so the extractive answer quotes them.
	sc := searchConfig(offline.New())
	p := localsearch.DefaultParams()
	p.IncludeEntityNames = []string{xssPayloads[3], xssPayloads[0] + "武汉大学樱花"}
	sc.Params = &p
	s, err := server.New(server.Config{GraphsDir: graphs, Search: sc})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	// Ready: drawn, and the answer failed, or it is done with its
	// citations highlighted and the follow-ups from /api/questions shown.
	dom := domWhen(t, bin, base+"/graph-viewer/xss?ask="+url.QueryEscape("武汉大学樱花季的游客评论"),
		`document.body.dataset.state === "ready" && (document.getElementById("answer").dataset.state === "error" ||
		 document.getElementById("answer").dataset.state === "done" && document.body.dataset.highlighted !== undefined &&
		 document.body.dataset.followups !== undefined)`, chromiumDeadline)
	body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	if !strings.Contains(body, `data-state="ready"`) {
		t.Errorf("graph not rendered: %s", body)
	}
	answer := regexp.MustCompile(`(?s)<div id="answer" data-state="([a-z]+)">(.*?)</div>`).FindStringSubmatch(dom)
	if answer == nil || answer[1] != "done" || !strings.Contains(answer[2], "摘录式回答") || !strings.Contains(answer[2], "[Data: ") {
		t.Fatalf("no streamed answer: %.600v", answer)
	}
	if m := regexp.MustCompile(`data-highlighted="(\d+)"`).FindStringSubmatch(body); m == nil || m[1] == "0" {
		t.Errorf("cited entities not highlighted: %s", body)
	}
	if n := strings.Count(dom, "<li"); n == 0 || !strings.Contains(dom, `<ol id="citations"><li`) {
		t.Error("no citation listed")
	}
	if !regexp.MustCompile(`<div id="context-meta">上下文：[^<]*entities \d+`).MatchString(dom) {
		t.Error("the context event was not shown")
	}
	if !regexp.MustCompile(`<div id="answer-meta">模型调用 1 `).MatchString(dom) {
		t.Error("the summary event was not shown")
	}
	// Follow-up questions from /api/questions, as buttons.
	if !regexp.MustCompile(`<div id="followups"><button[^>]*>[^<]+</button>`).MatchString(dom) {
		t.Error("no follow-up questions shown")
	}
	assertNoPayloadRan(t, dom)
	// The answer quoted a payload sentence, escaped.
	if !strings.Contains(answer[2], "&lt;img src=x") {
		t.Errorf("the answer quoted no payload text: %.300s", answer[2])
	}
}

// The viewer's controls through URL parameters: a small ?limit=, a hidden
// type (?hide=source), a label search (?q=) and a neighbour expansion
// (?expand=ID); the counts the page reports are checked against the API.
func TestViewerChromiumControls(t *testing.T) {
	bin := chromiumBin(t)
	graphs := t.TempDir()
	g := fixtureGraph(t, "wuhan")
	saveGraph(t, graphs, g)
	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	var query string
	for v := 0; v < g.NodeCount() && query == ""; v++ {
		if g.Type(v) == graphrag.TypeSearchQuery {
			query = g.ID(v)
		}
	}
	const limit = 12
	_, b1 := get(t, fmt.Sprintf("%s/api/graph/wuhan?limit=%d", base, limit))
	_, b2 := get(t, base+"/api/graph/wuhan/neighbors?node="+url.QueryEscape(query)+"&depth=1")
	initial, expanded := decode[apiGraph](t, b1), decode[apiGraph](t, b2)
	group := map[string]string{}
	matches := 0
	for _, n := range initial.Graph.Nodes {
		group[n.ID] = n.Group
		if strings.Contains(strings.ToLower(n.Label), "武汉") {
			matches++
		}
	}
	for _, n := range expanded.Graph.Nodes {
		group[n.ID] = n.Group
	}
	visible := 0
	for _, gr := range group {
		if gr != "source" {
			visible++
		}
	}
	if visible == len(group) {
		t.Fatal("the expansion brings no source; pick another query node")
	}
	// Ready: drawn, the expansion merged and the label search counted.
	dom := domWhen(t, bin, fmt.Sprintf("%s/graph-viewer/wuhan?limit=%d&hide=source&q=%s&expand=%s", base, limit, url.QueryEscape("武汉"), url.QueryEscape(query)),
		`document.body.dataset.state === "ready" && document.body.dataset.expanded !== undefined && document.getElementById("search-result").textContent !== ""`, chromiumDeadline)
	body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	for _, want := range []string{
		`data-state="ready"`,
		fmt.Sprintf(`data-nodes="%d"`, len(group)),
		fmt.Sprintf(`data-visible="%d"`, visible),
		`data-expanded="` + query + `"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
	if !strings.Contains(dom, fmt.Sprintf(`<div id="search-result">%d 个匹配</div>`, matches)) {
		t.Errorf("label search: want %d matches: %s", matches, regexp.MustCompile(`<div id="search-result">[^<]*</div>`).FindString(dom))
	}
	// The source checkbox is unchecked, the others checked.
	filters := regexp.MustCompile(`(?s)<div id="type-filters">.*?</div>`).FindString(dom)
	if !regexp.MustCompile(`<input type="checkbox"><span class="swatch"[^>]*></span>来源 source</label>`).MatchString(filters) ||
		!regexp.MustCompile(`<input type="checkbox" checked=""><span class="swatch"[^>]*></span>段落 section</label>`).MatchString(filters) {
		t.Errorf("type filters: %s", filters)
	}
}

// The viewer's policy allows exactly what it and the vendored vis-network
// use: loading the fixture graph, drawing it, opening a node and expanding
// it raise no Content-Security-Policy violation (the events behind the
// console errors).
func TestViewerChromiumCSP(t *testing.T) {
	bin := chromiumBin(t)
	graphs := t.TempDir()
	saveGraph(t, graphs, fixtureGraph(t, "wuhan"))
	s, err := server.New(server.Config{GraphsDir: graphs})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	url := base + "/graph-viewer/wuhan?select=query&expand=query"
	dom, violations := loadPage(t, bin, url, `document.body.dataset.state === "ready" && document.body.dataset.expanded`, chromiumDeadline)
	if len(violations) > 0 {
		t.Errorf("%d Content-Security-Policy violations:\n%s", len(violations), strings.Join(violations, "\n"))
	}
	// Exactly: the policy's hashes are those of the <style> elements the
	// page holds, and of the empty text each is inserted with; no more.
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	allowed := regexp.MustCompile(`'sha256-[A-Za-z0-9+/=]+'`).FindAllString(csp, -1)
	empty := sha256.Sum256(nil)
	present := []string{"'sha256-" + base64.StdEncoding.EncodeToString(empty[:]) + "'"}
	for _, m := range regexp.MustCompile(`(?s)<style[^>]*>(.*?)</style>`).FindAllStringSubmatch(dom, -1) {
		h := sha256.Sum256([]byte(m[1]))
		present = append(present, "'sha256-"+base64.StdEncoding.EncodeToString(h[:])+"'")
	}
	slices.Sort(allowed)
	slices.Sort(present)
	if !slices.Equal(slices.Compact(allowed), slices.Compact(present)) || strings.Contains(csp, "unsafe") {
		t.Errorf("the policy allows %v; the page's <style> elements are %v (policy %q)", allowed, present, csp)
	}
}
