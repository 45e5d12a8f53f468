package cli

import (
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
			out = append(out, n)
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
	html := readFile(t, filepath.Join(reports, "wuhan", "report.html"))
	if !strings.Contains(html, "武汉大学舆情") || !strings.Contains(html, "taken as one research run") {
		t.Error("report.html does not show the differing queries")
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
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
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

	code, _, errOut = run(t, "build-graph", "--graphs", graphs, "--report-id", "mixed", "--allow-mixed-queries", ins, med, qry)
	if code != ExitOK {
		t.Fatalf("with the override: exit %d (%s)", code, errOut)
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
