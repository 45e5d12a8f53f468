package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag/storage"
)

// run executes the CLI in-process and returns exit code, stdout, stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, Deps{
		Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" },
		Now:    func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
	})
	return code, out.String(), errb.String()
}

func repoPath(parts ...string) string {
	return filepath.Join(append([]string{"..", ".."}, parts...)...)
}

func sampleStates(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(repoPath("examples", "coffee-shop", "*_engine_streamlit_reports", "*.json"))
	if err != nil || len(paths) != 3 {
		t.Fatalf("sample states: %v %v", paths, err)
	}
	return paths
}

// Flag parsing is checked without running the command (runF).
func TestBuildGraphFlags(t *testing.T) {
	var got *buildGraphOptions
	cmd := newBuildGraphCmd(&Deps{Now: time.Now}, func(_ context.Context, o *buildGraphOptions) error {
		got = o
		return nil
	})
	cmd.SetArgs([]string{"--topic", "T", "--forum", "f.log", "--report-id", "r1", "--graphs", "g", "--allow-mixed-queries", "--json", "query=a.json", "b.json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	want := buildGraphOptions{graphInputs: graphInputs{Topic: "T", Forum: "f.log", ReportID: "r1", GraphsDir: "g", AllowMixedQueries: true,
		States: []string{"query=a.json", "b.json"}}, JSON: true}
	got.cmdIO = cmdIO{}
	if d := cmp.Diff(want, *got, cmp.AllowUnexported(buildGraphOptions{}, graphInputs{}, cmdIO{})); d != "" {
		t.Errorf("options (-want +got):\n%s", d)
	}
}

func TestQueryFlags(t *testing.T) {
	var got *queryOptions
	cmd := newQueryCmd(&Deps{}, func(_ context.Context, o *queryOptions) error {
		got = o
		return nil
	})
	cmd.SetArgs([]string{"-k", "樱花", "--keyword", "a, b", "--type", "section", "--type", "source", "--engine", "media", "--depth", "2", "--max-sources", "3", "--graph", "x", "--json"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	want := queryOptions{GraphsDir: "graphs", Graph: "x", Keywords: []string{"樱花", "a, b"}, Types: []string{"section", "source"}, Engines: []string{"media"},
		Depth: 2, MaxSections: 15, MaxQueries: 20, MaxSources: 3, JSON: true}
	got.cmdIO = cmdIO{}
	if d := cmp.Diff(want, *got, cmp.AllowUnexported(queryOptions{}, cmdIO{})); d != "" {
		t.Errorf("options (-want +got):\n%s", d)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no states", []string{"build-graph"}, "build-graph: STATE... | FOLDER... is missing (requires at least 1 arg"},
		{"no question", []string{"search"}, "search: QUESTION is missing (requires at least 1 arg"},
		{"unknown flag", []string{"query", "--nope"}, "unknown flag: --nope"},
		{"misspelt flag", []string{"build-graph", "--froum", "f.log", "query=a.json"}, "unknown flag: --froum (did you mean --forum?)"},
		{"misspelt flag, two near", []string{"search", "--graps", "g", "q"}, "(did you mean --graph or --graphs?)"},
		{"negative depth", []string{"query", "--depth", "-1"}, "--depth"},
		{"bad report id", []string{"build-graph", "--report-id", "../x", "query=a.json"}, "--report-id"},
		{"unknown command", []string{"bogus"}, `unknown command "bogus"`},
		{"misspelt command", []string{"querry"}, "did you mean query"},
		{"bad int value", []string{"query", "--depth", "x"}, `--depth: "x" is not a whole number`},
		{"bad duration", []string{"report", "--timeout", "5"}, `--timeout: "5" is not a duration such as 90s`},
		{"flag without value", []string{"query", "--graph"}, "--graph needs a value"},
		{"extra argument", []string{"graphs", "x"}, "unknown command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(t, tc.args...)
			if code != ExitUsage {
				t.Errorf("exit code %d, want %d (stderr %q)", code, ExitUsage, errOut)
			}
			if !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 ||
				tc.name == "unknown flag" && strings.Contains(errOut, "did you mean") {
				t.Errorf("stderr %q: want one line containing %q", errOut, tc.want)
			}
		})
	}
}

// The main job on the bundled sample: build, list, query, all through Main.
func TestBuildListQuerySample(t *testing.T) {
	graphs := t.TempDir()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "coffee", "--json",
		"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}, sampleStates(t)...)
	code, out, errOut := run(t, args...)
	if code != 0 {
		t.Fatalf("build-graph exit %d: %s", code, errOut)
	}
	var sum buildSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("summary JSON: %v\n%s", err, out)
	}
	if sum.ReportID != "coffee" || sum.Topic != "李明咖啡店" || sum.Nodes["engine"] != 4 || sum.Edges["analyzed_by"] != 4 {
		t.Errorf("summary: %+v", sum)
	}
	st, _ := storage.New(graphs)
	g, _, err := st.Load("coffee")
	if err != nil {
		t.Fatal(err)
	}
	if g.NodeCount() != sum.TotalNodes || g.EdgeCount() != sum.TotalEdges {
		t.Errorf("stored graph %d/%d, summary %d/%d", g.NodeCount(), g.EdgeCount(), sum.TotalNodes, sum.TotalEdges)
	}
	if g.CreatedAt != "2025-01-02T03:04:05Z" {
		t.Errorf("created_at %q", g.CreatedAt)
	}

	code, out, _ = run(t, "graphs", "--graphs", graphs)
	if code != 0 || !strings.Contains(out, "coffee") {
		t.Errorf("graphs: %d %q", code, out)
	}

	// Query with --json: the result keys of the reference API, and each
	// matched section really contains the keyword.
	code, out, errOut = run(t, "query", "--graphs", graphs, "-k", "会员", "--depth", "0", "--type", "section", "--json")
	if code != 0 {
		t.Fatalf("query exit %d: %s", code, errOut)
	}
	var res struct {
		Sections []map[string]any `json:"matched_sections"`
		Total    int              `json:"total_nodes"`
		Params   map[string]any   `json:"query_params"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := 0
	for _, n := range g.Nodes() {
		if n.Type != "section" {
			continue
		}
		for _, f := range []string{"title", "summary", "latest_summary", "content"} {
			if strings.Contains(n.Attrs.String(f), "会员") {
				want++
				break
			}
		}
	}
	if want == 0 || len(res.Sections) != want || res.Total != want {
		t.Errorf("sections matching 会员: got %d (total %d), want %d", len(res.Sections), res.Total, want)
	}
	if res.Params == nil {
		t.Error("no query_params")
	}

	// Text output names the graph and the summary line.
	code, out, _ = run(t, "query", "--graphs", graphs, "-k", "会员")
	if code != 0 || !strings.Contains(out, "graph:   coffee") || !strings.Contains(out, "段落(") {
		t.Errorf("query text output: %d\n%s", code, out)
	}
}

// B14: a missing engine file is a warning, the graph is built from the rest
// and the topic says which engine is unavailable; exit code 0.
func TestBuildGraphMissingEngine(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	para := `{"title":"%s","content":"c","order":0,"research":{"search_history":[{"query":"q","url":"https://x.example/%s","title":"t","content":"c","score":0.5}]}}`
	mk := func(eng string) string {
		return write(eng+".json", `{"query":"某地暴雨","report_title":"","paragraphs":[`+
			strings.ReplaceAll(strings.ReplaceAll(para, "%s", eng+"1"), "\"order\":0", "\"order\":0")+","+
			strings.ReplaceAll(para, "%s", eng+"2")+`]}`)
	}
	q, i := mk("query"), mk("insight")
	graphs := filepath.Join(dir, "graphs")
	for n, media := range []string{
		write("media.json", `{"query":"某地暴雨","report_title":"","paragraphs":[]}`),
		filepath.Join(dir, "absent", "media.json"),
	} {
		graphs := filepath.Join(graphs, strconv.Itoa(n)) // a first build: no stored graph to keep
		code, out, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "storm", "--json", q, "media="+media, i)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var sum buildSummary
		if err := json.Unmarshal([]byte(out), &sum); err != nil {
			t.Fatal(err)
		}
		joined := strings.Join(sum.Warnings, "\n")
		if !strings.Contains(joined, "media") || !(strings.Contains(joined, "empty paragraphs") || strings.Contains(joined, "file not found")) {
			t.Errorf("warnings %q do not name media and the reason", sum.Warnings)
		}
		st, _ := storage.New(graphs)
		g, _, err := st.Load("storm")
		if err != nil {
			t.Fatal(err)
		}
		var engines []string
		for _, e := range g.Edges() {
			if e.Relation == "analyzed_by" {
				engines = append(engines, e.To)
			}
		}
		if !cmp.Equal(engines, []string{"query", "insight"}) {
			t.Errorf("analyzed_by targets %v, want [query insight]", engines)
		}
		topic := g.Nodes()[0]
		un, _ := topic.Attrs.Get("unavailable_engines")
		if !strings.Contains(strings.Join(flatten(un), " "), "media") {
			t.Errorf("topic does not record media as unavailable: %v", topic.Attrs)
		}
	}
	// A state file not found where a graph of that id is stored: most
	// often a mistyped path; the stored graph, built with the engine, is
	// kept byte for byte and the build refused (exit 3); under another id
	// the build goes on without the engine.
	full := filepath.Join(dir, "full")
	if code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm", q, "media="+write("media2.json", strings.ReplaceAll(readFile(t, q), "query1", "media1")), i); code != ExitOK {
		t.Fatalf("full build: exit %d: %s", code, errOut)
	}
	before := readFile(t, filepath.Join(full, "storm", "graphrag.json"))
	code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm", q, "media="+filepath.Join(dir, "typo", "media.json"), i)
	if code != ExitBadInput || !strings.Contains(errOut, "graph storm is stored") || !strings.Contains(errOut, "media engine") {
		t.Errorf("rebuild over a stored graph with a state file not found: exit %d, stderr %q", code, errOut)
	}
	if after := readFile(t, filepath.Join(full, "storm", "graphrag.json")); after != before {
		t.Error("the stored graph was replaced")
	}
	// so with an empty state file or one without paragraphs (new-user
	// trial 42: an empty file replaced a stored graph with exit 0)
	for _, media := range []string{write("empty.json", " \n"), write("nopara.json", `{"query":"某地暴雨","report_title":"","paragraphs":[]}`)} {
		code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm", q, "media="+media, i)
		if code != ExitBadInput || !strings.Contains(errOut, "graph storm is stored") || !strings.Contains(errOut, filepath.Base(media)) {
			t.Errorf("rebuild over a stored graph with %s: exit %d, stderr %q", filepath.Base(media), code, errOut)
		}
		if after := readFile(t, filepath.Join(full, "storm", "graphrag.json")); after != before {
			t.Errorf("the stored graph was replaced by a build with %s", filepath.Base(media))
		}
	}
	if code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm-2", q, "media="+filepath.Join(dir, "typo", "media.json"), i); code != ExitOK {
		t.Errorf("another id: exit %d: %s", code, errOut)
	}
	// the same inputs built again over the graph they made, which never
	// had the engine (new-user trial 43: every rebuild was refused)
	for _, media := range []string{filepath.Join(dir, "typo", "media.json"), write("nopara2.json", `{"query":"某地暴雨","report_title":"","paragraphs":[]}`)} {
		if code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm-2", q, "media="+media, i); code != ExitOK {
			t.Errorf("the same build again (media %s): exit %d: %s", filepath.Base(media), code, errOut)
		}
	}
	// with a forum log whose host speaks: the host is an engine node too
	host := write("forum.log", "[10:00:00] [HOST] 请各位先说说暴雨的情况\n[10:01:00] [QUERY] 暴雨导致积水\n")
	for range 2 {
		if code, _, errOut := run(t, "build-graph", "--graphs", full, "--report-id", "storm-3", "--forum", host, q, "media="+filepath.Join(dir, "typo", "media.json"), i); code != ExitOK {
			t.Errorf("the same build with a host again: exit %d: %s", code, errOut)
		}
	}
	// Zero usable engines: a clear error, exit 3.
	code, _, errOut = run(t, "build-graph", "--graphs", graphs, filepath.Join(dir, "nope", "query.json"))
	if code != ExitBadInput || !strings.Contains(errOut, "query") {
		t.Errorf("no engines: exit %d, stderr %q", code, errOut)
	}
}

func flatten(v any) []string {
	var out []string
	data, _ := json.Marshal(v)
	out = append(out, string(data))
	return out
}

// Errors have the right exit code and one line naming the problem.
func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "query.json")
	if err := os.WriteFile(bad, []byte(`{"query":"x","paragraphs":"x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "build-graph", "--graphs", dir, bad)
	if code != ExitBadInput || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "paragraphs") {
		t.Errorf("invalid state: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = run(t, "query", "--graphs", dir, "--graph", "missing")
	if code != ExitNotFound {
		t.Errorf("missing graph: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = run(t, "query", "--graphs", filepath.Join(dir, "empty"))
	if code != ExitNotFound || !strings.Contains(errOut, "build-graph") {
		t.Errorf("no graph at all: exit %d, stderr %q", code, errOut)
	}
}

// Same inputs, same default report id; another input, another id.
func TestDefaultReportIDDeterministic(t *testing.T) {
	graphs := t.TempDir()
	states := sampleStates(t)
	var ids []string
	for i := 0; i < 2; i++ {
		code, out, errOut := run(t, append([]string{"build-graph", "--graphs", graphs, "--json"}, states...)...)
		if code != 0 {
			t.Fatal(errOut)
		}
		var sum buildSummary
		_ = json.Unmarshal([]byte(out), &sum)
		ids = append(ids, sum.ReportID)
	}
	if ids[0] != ids[1] || !strings.HasPrefix(ids[0], "李明咖啡店-") {
		t.Errorf("ids %v", ids)
	}
	code, out, _ := run(t, append([]string{"build-graph", "--graphs", graphs, "--json"}, states[:2]...)...)
	var sum buildSummary
	_ = json.Unmarshal([]byte(out), &sum)
	if code != 0 || sum.ReportID == ids[0] {
		t.Errorf("fewer inputs gave the same id %q", sum.ReportID)
	}
}

// Text from the graph never reaches the terminal raw; unknown --type and
// --engine values are command-line errors; --engine takes commas.
func TestQueryTextSafetyAndFilters(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "query.json")
	body := `{"query":"q","paragraphs":[{"title":"A\u001b]0;pwned\u0007\u001b[31mRED \u202e段落","content":"会员","order":0,
	  "research":{"search_history":[{"query":"会员","url":"https://x.example/1","title":"t\u0000x","content":"会员"}]}}]}`
	if err := os.WriteFile(state, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	graphs := filepath.Join(dir, "graphs")
	if code, _, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "esc", state); code != 0 {
		t.Fatal(errOut)
	}
	code, out, _ := run(t, "query", "--graphs", graphs, "-k", "会员")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, bad := range []string{"\x1b", "\x07", "\x00", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("output contains raw %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, `\x1b]0;pwned\x07\x1b[31mRED \u202e段落`) {
		t.Errorf("escaped title not shown:\n%s", out)
	}
	for _, args := range [][]string{{"--type", "bogus"}, {"--engine", "bogus"}} {
		code, _, errOut := run(t, append([]string{"query", "--graphs", graphs, "-k", "会员"}, args...)...)
		if code != ExitUsage || !strings.Contains(errOut, "want one of") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	code, out, _ = run(t, "query", "--graphs", graphs, "-k", "会员", "--engine", "media,query", "--json")
	if code != 0 || !strings.Contains(out, `"engine_filter": [`) || !strings.Contains(out, `"query_P0"`) {
		t.Errorf("--engine media,query: exit %d\n%s", code, out)
	}
	// "latest" is not a usable report id.
	if code, _, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "latest", state); code != ExitUsage {
		t.Errorf("--report-id latest: exit %d, %s", code, errOut)
	}
	// A corrupt graph is listed as unreadable, the good one still listed.
	if err := os.MkdirAll(filepath.Join(graphs, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(graphs, "broken", "graphrag.json"), []byte(`{"nodes":[{"id":"a",`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, "graphs", "--graphs", graphs)
	if code != 0 || !strings.Contains(out, "esc") || !strings.Contains(out, "unreadable: broken") {
		t.Errorf("graphs with a corrupt file: exit %d\n%s", code, out)
	}
}
