package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
	"reportengine/state"
)

func needFixtures(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(fixtureDir); err != nil {
		t.Skipf("shared fixtures not available at %s: %v", fixtureDir, err)
	}
}

// fixtureRun returns the three state files of the complete fixture run.
func fixtureRun() []string {
	var states []string
	for _, e := range []string{"query", "media", "insight"} {
		states = append(states, filepath.Join(fixtureDir, e+"_engine_streamlit_reports", "state_武汉大学_20250825_180214.json"))
	}
	return states
}

func topicNodes(g *graphrag.Graph) []*graphrag.Node {
	var out []*graphrag.Node
	for _, n := range g.Nodes() {
		if n.Type == graphrag.TypeTopic {
			out = append(out, &n)
		}
	}
	return out
}

// B13 on the real fixture, as the README runs it: the media engine
// researched "武汉大学舆情", the others "武汉大学"; one run, so build-graph
// and report work without --allow-mixed-queries, the topic node records
// the differing queries, and the report shows them as a notice (also when
// the graph is stored and the states only supply excerpts).
func TestFixtureOneRunWithoutOverride(t *testing.T) {
	needFixtures(t)
	dir := t.TempDir()
	graphs, reports := filepath.Join(dir, "graphs"), filepath.Join(dir, "reports")
	forumLog := filepath.Join(fixtureDir, "logs", "forum.log")
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "wuhan", "--forum", forumLog}, fixtureRun()...)
	code, out, errOut := run(t, args...)
	if code != ExitOK {
		t.Fatalf("build-graph exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, `media="武汉大学舆情"`) {
		t.Errorf("build-graph does not warn about the differing queries:\n%s", out)
	}
	st, _ := storage.New(graphs)
	g, _, err := st.Load("wuhan")
	if err != nil {
		t.Fatal(err)
	}
	topics := topicNodes(g)
	if len(topics) != 1 || topics[0].Name != "武汉大学" {
		t.Fatalf("topic nodes %+v, want one named 武汉大学", topics)
	}
	note := topics[0].Attrs.String("query_warning")
	for _, part := range []string{`query="武汉大学"`, `media="武汉大学舆情"`, `insight="武汉大学"`} {
		if !strings.Contains(note, part) {
			t.Errorf("query_warning %q does not contain %s", note, part)
		}
	}

	args = append([]string{"report", "--graph", "wuhan", "--graphs", graphs, "--out", reports, "--llm", "offline",
		"--template", "社会公共热点事件分析报告模板", "--forum", forumLog}, fixtureRun()...)
	code, out, errOut = run(t, args...)
	if code != ExitOK {
		t.Fatalf("report exit %d\n%s\n%s", code, out, errOut)
	}
	m := readManifest(t, filepath.Join(reports, "wuhan"))
	if !containsString(m.Warnings, note) {
		t.Errorf("manifest warnings %q lack the query note %q", m.Warnings, note)
	}
	// The reader's notice is in the report's language, with every
	// engine's query; the English note stays in the manifest.
	wantNotice := []string{"各引擎的研究问题不完全相同", "Query 引擎「武汉大学」", "Media 引擎「武汉大学舆情」", "Insight 引擎「武汉大学」", "问题相互包含"}
	checkNotice := func(dir string) {
		t.Helper()
		html := readFile(t, filepath.Join(dir, "report.html"))
		for _, part := range wantNotice {
			if !strings.Contains(html, part) {
				t.Errorf("%s/report.html does not show %q", dir, part)
			}
		}
		if strings.Contains(html, "taken as one research run") {
			t.Errorf("%s/report.html shows the English query note to the reader", dir)
		}
	}
	checkNotice(filepath.Join(reports, "wuhan"))

	// A stored graph alone (no states): the notice comes from the graph.
	code, out, errOut = run(t, "report", "--graph", "wuhan", "--graphs", graphs, "--out", reports, "--report-id", "wuhan-graph", "--llm", "offline",
		"--template", "社会公共热点事件分析报告模板")
	if code != ExitOK {
		t.Fatalf("report --graph exit %d\n%s\n%s", code, out, errOut)
	}
	checkNotice(filepath.Join(reports, "wuhan-graph"))
}

// fileWriter returns a function that writes name under dir and returns
// its path.
func fileWriter(t *testing.T, dir string) func(name, body string) string {
	return func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// B13 through the command line: unrelated files are refused (exit 3) with
// every engine's query named, the empty file's too; with the override one
// topic node per distinct query. report --graph with such states as
// excerpts follows the same rule.
func TestB13MixedRunsCLI(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	ins := write("insight.json", `{"query":"新能源车降价","report_title":"降价舆情","paragraphs":[{"title":"概览","content":"……","order":1,"research":{"search_history":[],"latest_summary":"","reflection_iteration":0}}]}`)
	med := write("media.json", `{"query":"高校毕业生就业率","report_title":"就业舆情","paragraphs":[{"title":"概览","content":"……","order":1,"research":{"search_history":[],"latest_summary":"","reflection_iteration":0}}]}`)
	qry := write("query.json", `{"query":"新能源车降价","report_title":"降价舆情","paragraphs":[]}`)
	graphs := filepath.Join(dir, "graphs")

	code, _, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "mixed", ins, med, qry)
	if code != ExitBadInput {
		t.Errorf("exit %d, want %d (%s)", code, ExitBadInput, errOut)
	}
	for _, part := range []string{`insight="新能源车降价"`, `media="高校毕业生就业率"`, `query="新能源车降价"`, "--allow-mixed-queries"} {
		if !strings.Contains(errOut, part) {
			t.Errorf("stderr %q does not name %s", errOut, part)
		}
	}
	if _, err := os.Stat(filepath.Join(graphs, "mixed")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused build left %s behind (%v)", filepath.Join(graphs, "mixed"), err)
	}

	code, out, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "mixed", "--allow-mixed-queries", ins, med, qry)
	if code != ExitOK {
		t.Fatalf("with the override: exit %d (%s)", code, errOut)
	}
	// The summary names both topics, each with the engines under it (the
	// query engine, whose file has no paragraphs, is under neither), the
	// main topic first: the query two of the three files research, the
	// one without paragraphs included.
	if want := "topic:   新能源车降价 (insight)\ntopic:   高校毕业生就业率 (media)\n"; !strings.Contains(out, want) {
		t.Errorf("summary lacks %q:\n%s", want, out)
	}
	st, _ := storage.New(graphs)
	g, _, err := st.Load("mixed")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range topicNodes(g) {
		names[n.Name] = true
	}
	if len(names) != 2 || !names["新能源车降价"] || !names["高校毕业生就业率"] {
		t.Errorf("topic nodes %v, want one per distinct query", names)
	}

	// The stored graph with the unrelated states as excerpts: refused too.
	code, _, errOut = run(t, "report", "--graph", "mixed", "--graphs", graphs, "--out", filepath.Join(dir, "r"), "--llm", "offline", ins, med)
	if code != ExitBadInput || !strings.Contains(errOut, `media="高校毕业生就业率"`) {
		t.Errorf("report --graph with unrelated excerpts: exit %d, stderr %q", code, errOut)
	}
	var mq *state.MixedQueriesError
	_, err = state.Load([]state.Input{{Engine: state.EngineInsight, Path: ins}, {Engine: state.EngineMedia, Path: med}}, state.LoadOptions{})
	if !errors.As(err, &mq) {
		t.Errorf("state.Load = %v, want *MixedQueriesError", err)
	}
}

// A BettaFish output folder instead of files: the newest complete run is
// picked and stderr says which files; --run picks another; a stamp no run
// has is a usage error listing the runs.
func TestFolderInput(t *testing.T) {
	needFixtures(t)
	graphs := filepath.Join(t.TempDir(), "graphs")
	code, out, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "picked", "--json", fixtureDir)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// the media file whose engine started with the others (…_175347) is
	// taken, and said; its own run is no other run any more
	closest := filepath.Join(fixtureDir, "media_engine_streamlit_reports", "state_武汉大学_20250825_175347.json")
	if !strings.HasPrefix(errOut, "picked run 20250825_180214 from "+fixtureDir+":\n") ||
		!strings.Contains(errOut, "  media    "+closest+"\n") ||
		!strings.Contains(errOut, "other runs: 20250827_123055 (query); pick one with --run STAMP") ||
		!strings.Contains(errOut, "warning: picked the state files whose engines started closest together: media "+closest) {
		t.Errorf("stderr does not say what was picked:\n%s", errOut)
	}
	// the folder's logs/forum.log (BettaFish writes it there) is read, and said
	forumLog := filepath.Join(fixtureDir, "logs", "forum.log")
	if !strings.Contains(errOut, "forum log: "+forumLog+" (found in the folder") {
		t.Errorf("stderr does not name the folder's forum log:\n%s", errOut)
	}
	if fp := storedForumPath(t, graphs, "picked"); fp != forumLog {
		t.Errorf("graph records forum log %q, want %q", fp, forumLog)
	}
	var sum buildSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	// as from those three files, given as such (no forum log: state files
	// are taken as given)
	code, byFiles, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "files", "--json", fixtureRun()[0], closest, fixtureRun()[2])
	var want buildSummary
	if code != ExitOK || json.Unmarshal([]byte(byFiles), &want) != nil {
		t.Fatalf("the three files: exit %d: %s", code, errOut)
	}
	if fp := storedForumPath(t, graphs, "files"); fp != "" || strings.Contains(errOut, "forum log:") {
		t.Errorf("state files: forum log %q read, stderr:\n%s", fp, errOut)
	}
	if sum.Topic != "武汉大学" || len(sum.Engines) != 3 || sum.TotalNodes != want.TotalNodes || want.TotalNodes == 277 {
		t.Errorf("summary: topic %q, %d engines, %d nodes; want 武汉大学, 3, %d (as from the three files, not 277 as from the …_180214 media file)", sum.Topic, len(sum.Engines), sum.TotalNodes, want.TotalNodes)
	}

	code, out, errOut = run(t, "build-graph", "--graphs", graphs, "--report-id", "later", "--json", "--run", "20250827_123055", fixtureDir)
	if code != ExitOK {
		t.Fatalf("--run: exit %d: %s", code, errOut)
	}
	sum = buildSummary{}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Engines) != 1 || !strings.HasSuffix(sum.Engines[0].Path, "state_武汉大学舆情_20250827_123055.json") {
		t.Errorf("--run 20250827_123055 built from %+v", sum.Engines)
	}

	// One engine folder: its newest run is partial, so a warning.
	code, out, errOut = run(t, "build-graph", "--graphs", graphs, "--report-id", "q", filepath.Join(fixtureDir, "query_engine_streamlit_reports"))
	if code != ExitOK || !strings.Contains(errOut, "warning: no run has all three engines") || !strings.Contains(out, "no run has all three engines") {
		t.Errorf("engine folder: exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown stamp", []string{"--run", "20250101_000000", fixtureDir}, ExitUsage, "20250825_180214 (query, media, insight)"},
		{"run without folder", append([]string{"--run", "20250825_180214"}, fixtureRun()...), ExitUsage, "--run picks a run from a folder"},
		{"folder and file", []string{fixtureDir, fixtureRun()[0]}, ExitUsage, "not both"},
		{"folder as a state file", []string{"query=" + fixtureDir}, ExitBadInput, fixtureDir + " is a folder, not a state file"},
		{"state file as forum", append([]string{"--forum", fixtureRun()[0]}, fixtureRun()...), ExitBadInput, "not a forum log"},
		{"folder without states", []string{filepath.Join(fixtureDir, "logs")}, ExitBadInput, "no *.json state file"},
	} {
		code, _, errOut := run(t, append([]string{"build-graph", "--graphs", graphs, "-q"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q; want %d and one line containing %q", tc.name, code, errOut, tc.code, tc.want)
		}
	}
}

// A named file that does not exist is said first on stderr, with its
// path, before anything else happens.
func TestMissingFileSaidFirst(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope", "media.json")
	args := append([]string{"build-graph", "--graphs", filepath.Join(dir, "g"), "media=" + missing}, sampleStates(t)[0])
	for _, s := range sampleStates(t) {
		if strings.Contains(s, "query_engine") {
			args[len(args)-1] = s
		}
	}
	code, _, errOut := run(t, args...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	first := strings.SplitN(errOut, "\n", 2)[0]
	if first != "warning: no such file: "+missing+" (the media engine is left out)" {
		t.Errorf("first stderr line %q", first)
	}
	// Nothing usable at all: the error says "no such file" first, too.
	code, _, errOut = run(t, "build-graph", "--graphs", filepath.Join(dir, "g"), "-q", missing)
	if code != ExitBadInput || !strings.HasPrefix(errOut, "warning: no such file: "+missing) ||
		!strings.Contains(errOut, "reportengine: state: no such file: "+missing) {
		t.Errorf("no engine: exit %d, stderr %q", code, errOut)
	}
}

// A forum log that cannot be opened is the one line on stderr, before
// any progress ("loading 3 state files…" came first), with exit 3.
func TestMissingForumSaidFirst(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope", "forum.log")
	for _, cmd := range []string{"build-graph", "report"} {
		args := append([]string{cmd, "--graphs", filepath.Join(dir, "g"), "--forum", missing}, sampleStates(t)...)
		if cmd == "report" {
			args = append(args, "--llm", "offline", "--out", filepath.Join(dir, "r"))
		}
		code, _, errOut := run(t, args...)
		want := "reportengine: forum: open " + missing + ": no such file or directory\n"
		if code != ExitBadInput || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", cmd, code, errOut, ExitBadInput, want)
		}
	}
}

// report takes the folder too.
func TestReportFromFolder(t *testing.T) {
	needFixtures(t)
	dir := t.TempDir()
	code, out, errOut := run(t, "report", "--llm", "offline", "--quiet", "--out", filepath.Join(dir, "r"), "--graphs", filepath.Join(dir, "g"),
		"--report-id", "wuhan", "--template", "社会公共热点事件分析报告模板", fixtureDir)
	if code != ExitOK || !strings.HasPrefix(errOut, "picked run 20250825_180214") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	m := readManifest(t, filepath.Join(dir, "r", "wuhan"))
	if m.Status != "complete" || !strings.Contains(strings.Join(m.Warnings, "\n"), "state_武汉大学_20250825_175347.json (started 2025-08-25 17:38) instead of") {
		t.Errorf("manifest: status %q, warnings %q", m.Status, m.Warnings)
	}
}

// storedForumPath is the forum log path graph id in graphs records
// (build.forum.path of its graphrag.json).
func storedForumPath(t *testing.T, graphs, id string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(graphs, id, "graphrag.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Build struct {
			Forum *struct {
				Path string `json:"path"`
			} `json:"forum"`
		} `json:"build"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if g.Build.Forum == nil {
		return ""
	}
	return g.Build.Forum.Path
}

// TestDescribeInputs: the progress line counts the files and their bytes
// and says how many are not found (new-user trial 44: a missing file was
// announced as "1 state file (0 B)").
func TestDescribeInputs(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	if err := os.WriteFile(p, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	got := describeInputs([]state.Input{{Path: p}, {Path: filepath.Join(dir, "nope.json")}})
	if want := "2 state files (" + humanBytes(2048) + ", 1 not found)"; got != want {
		t.Errorf("describeInputs = %q, want %q", got, want)
	}
	if got, want := describeInputs([]state.Input{{Path: p}}), "1 state file ("+humanBytes(2048)+")"; got != want {
		t.Errorf("describeInputs = %q, want %q", got, want)
	}
}
