package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag/knowledge"
	"reportengine/llm/tokens"
)

// dulceDir is the shared GraphRAG fixture index; tests skip without it.
func dulceDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "fixtures", "graphrag-dulce")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("fixtures not available: %v", err)
	}
	return dir
}

// copyDir copies the files of src into a new temp folder (one level).
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*.parquet"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// sampleGraphs builds the coffee-shop graph into a new graphs folder.
func sampleGraphs(t *testing.T) string {
	t.Helper()
	graphs := t.TempDir()
	args := append([]string{"build-graph", "--graphs", graphs, "--report-id", "coffee", "--forum", repoPath("examples", "coffee-shop", "logs", "forum.log")}, sampleStates(t)...)
	if code, _, errs := run(t, args...); code != 0 {
		t.Fatalf("build-graph: %d %s", code, errs)
	}
	return graphs
}

func TestSearchFlags(t *testing.T) {
	var got *searchOptions
	cmd := newSearchCmd(&Deps{Getenv: func(string) string { return "" }}, func(_ context.Context, o *searchOptions) error {
		got = o
		return nil
	})
	cmd.SetArgs([]string{"--graphrag-index", "ragtest", "--context-only", "--json", "--max-context-tokens", "4000", "--response-type", "single paragraph",
		"--history", "h.json", "--community-level", "1", "--embedding-model", "e", "--embedding-dimensions", "8", "who", "is", "it?"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Question != "who is it?" || got.Index != "ragtest" || !got.ContextOnly || !got.JSON || got.MaxContextTokens != 4000 || got.ResponseType != "single paragraph" ||
		got.HistoryFile != "h.json" || got.CommunityLevel != 1 || got.EmbeddingModel != "e" || got.EmbeddingDims != 8 || got.Graph != "latest" || got.GraphsDir != "graphs" {
		t.Errorf("options %+v", got)
	}
	if !got.changed("max-context-tokens") || got.changed("top-k-entities") {
		t.Error("changed flags not tracked")
	}
}

func TestSearchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"search"},
		{"search", "--graph", "x", "--graphrag-index", "y", "q"},
		{"search", "--graphrag-index", "DULCE", "--text-unit-prop", "0.9", "--community-prop", "0.2", "q"},
		{"search", "--graphrag-index", "DULCE", "--encoding", "p50k_base", "q"},
		{"search", "--graphrag-index", "DULCE", "--embedder", "magic", "q"},
		{"search", "--graphrag-index", "DULCE", "--embedder", "openai", "q"},
	} {
		for i, a := range args {
			if a == "DULCE" {
				args[i] = dulceDir(t)
			}
		}
		code, _, errs := run(t, args...)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", args, code, ExitUsage, errs)
		}
	}
	if code, _, errs := run(t, "search", "--graphrag-index", t.TempDir(), "q"); code != ExitBadInput || !strings.Contains(errs, "entities.parquet") {
		t.Errorf("empty folder: exit %d %s", code, errs)
	}
}

// Search on our graph: a streamed, cited answer from the offline model,
// load statistics on stderr, entity vectors cached beside the graph and
// read back the second time.
func TestSearchGraph(t *testing.T) {
	graphs := sampleGraphs(t)
	code, out, errs := run(t, "search", "--graphs", graphs, "--graph", "coffee", "李明为什么选择写字楼商圈？")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "[Data: ") || !strings.Contains(out, "Cited records:") || !strings.Contains(out, "写字楼商圈") {
		t.Errorf("stdout:\n%s", out)
	}
	// every entity of the sample is kept and embedded once (the count is
	// the sample's: examples/coffee-shop grows)
	m := regexp.MustCompile(`entities: read (\d+), kept (\d+)`).FindStringSubmatch(errs)
	if m == nil || m[1] != m[2] || !strings.Contains(errs, m[1]+" computed") {
		t.Fatalf("stderr:\n%s", errs)
	}
	n := m[1]
	caches, _ := filepath.Glob(filepath.Join(graphs, "coffee", "entity_vectors-offline-*.bin"))
	if len(caches) != 1 {
		t.Fatalf("cache files %v", caches)
	}
	code, out2, errs2 := run(t, "search", "--graphs", graphs, "--graph", "coffee", "李明为什么选择写字楼商圈？")
	// the answer from cached vectors is the answer from computed ones:
	// same input, same output
	if code != 0 || !strings.Contains(errs2, n+" cached, 0 computed") {
		t.Errorf("second run: exit %d\n%s", code, errs2)
	}
	if out2 != out {
		t.Errorf("second run answered differently:\n%s\n---\n%s", out, out2)
	}
}

// --context-only on Dulce: the context sections, no model call, no file
// written anywhere (empty HOME: no cache; the index is only read; B36,
// B37); --json gives the records; settings.yaml sets the budget and a
// flag overrides it.
func TestSearchDulceContextOnly(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "output")
	if err := os.Rename(copyDir(t, dulceDir(t)), out); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "settings.yaml"), []byte("local_search:\n  max_context_tokens: 3000\n  top_k_entities: 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := listFiles(t, root)
	code, text, errs := run(t, "search", "--graphrag-index", root, "--context-only", "Who is Alex Mercer?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// 3000 tokens: 450 for reports (less than any Dulce report: no
	// section, B19), 1050 for the local section (the entity table alone)
	for _, s := range []string{"-----Entities-----", "-----Sources-----"} {
		if !strings.Contains(text, s) {
			t.Errorf("context lacks %s", s)
		}
	}
	tk, _ := tokens.New(tokens.O200kBase)
	if n := tk.Count(text); n > 3000 || n < 1000 {
		t.Errorf("context has %d tokens; settings.yaml says 3000", n)
	}
	if !strings.Contains(errs, "settings: ") || !strings.Contains(errs, "entities: read 39, kept 39") || !strings.Contains(errs, "not cached") {
		t.Errorf("stderr:\n%s", errs)
	}
	if after := listFiles(t, root); !cmp.Equal(before, after) {
		t.Errorf("files changed:\n%s", cmp.Diff(before, after))
	}
	_, big, _ := run(t, "search", "--graphrag-index", root, "--context-only", "--max-context-tokens", "12000", "Who is Alex Mercer?")
	if n := tk.Count(big); n <= 3000 || n > 12000 {
		t.Errorf("--max-context-tokens 12000: %d tokens", n)
	}
	for _, s := range []string{"-----Reports-----", "-----Entities-----", "-----Relationships-----", "-----claims-----", "-----Sources-----"} {
		if !strings.Contains(big, s) {
			t.Errorf("12000-token context lacks %s", s)
		}
	}
	code, js, _ := run(t, "search", "--graphrag-index", root, "--context-only", "--json", "Who is Alex Mercer?")
	var v struct {
		Text    string                     `json:"context_text"`
		Records map[string]json.RawMessage `json:"context_data"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &v) != nil || strings.TrimRight(v.Text, "\n") != strings.TrimRight(text, "\n") || v.Records["entities"] == nil {
		t.Errorf("--json: exit %d, %.200s", code, js)
	}
}

func listFiles(t *testing.T, root string) []string {
	var out []string
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil {
			out = append(out, fmt.Sprintf("%s %d", p, fi.Size()))
		}
		return nil
	})
	return out
}

// A configured model answers; citations it makes up are reported; --json
// carries the result fields. The reference's vector mapping (--retrieval
// vector) puts report 3 in the context.
func TestSearchConfiguredModelCitations(t *testing.T) {
	answer := "Alex Mercer leads the squad [Data: Entities (3); Reports (3); Entities (999)]."
	_, srv := newFakeProvider(t, func(task, chapter string, n int) reply { return reply{content: &answer} })
	env := pipelineEnv(srv)
	code, out, errs := runEnv(t, env, "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--retrieval", "vector", "Who is Alex Mercer?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// the id not in the context is marked where it stands, as it streamed
	marked := strings.Replace(answer, "(999)", "(999⟨not in context⟩)", 1)
	if !strings.HasPrefix(out, marked) || !strings.Contains(out, "Entities 3:") || !strings.Contains(out, "Citations not in the context (marked ⟨not in context⟩ in the answer): Entities (999)") {
		t.Errorf("stdout:\n%s", out)
	}
	code, js, errs := runEnv(t, env, "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--retrieval", "vector", "--json", "Who is Alex Mercer?")
	var res struct {
		Response  string         `json:"response"`
		LLMCalls  int            `json:"llm_calls"`
		Cats      map[string]int `json:"llm_calls_categories"`
		Citations []struct {
			ID        string `json:"id"`
			InContext bool   `json:"in_context"`
		} `json:"citations"`
		Data map[string]json.RawMessage `json:"context_data"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &res) != nil {
		t.Fatalf("--json: exit %d %s %.300s", code, errs, js)
	}
	if res.Response != answer || res.LLMCalls != 1 || res.Cats["response"] != 1 || len(res.Citations) != 3 || res.Citations[2].InContext || res.Data["sources"] == nil {
		t.Errorf("result %+v", res)
	}
}

// An OpenAI-compatible embedding model (fake, httptest) embeds the
// entities once; its vectors are cached under its own name.
func TestSearchEmbeddingModel(t *testing.T) {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		calls++
		var data []string
		for i, s := range req.Input {
			data = append(data, fmt.Sprintf(`{"index":%d,"embedding":[%d,1,0]}`, i, len([]rune(s))%7))
		}
		fmt.Fprintf(w, `{"object":"list","data":[%s]}`, strings.Join(data, ","))
	}))
	defer srv.Close()
	graphs := sampleGraphs(t)
	env := map[string]string{"REPORT_ENGINE_EMBEDDING_MODEL": "fake-embed", "REPORT_ENGINE_EMBEDDING_BASE_URL": srv.URL + "/v1"}
	code, _, errs := runEnv(t, env, "search", "--graphs", graphs, "--context-only", "咖啡豆")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "openai-compatible/fake-embed, 3 dimensions") || calls < 3 {
		t.Errorf("stderr %s; %d calls", errs, calls)
	}
	if files, _ := filepath.Glob(filepath.Join(graphs, "coffee", "entity_vectors-openai-compatible-fake-embed-3.bin")); len(files) != 1 {
		t.Errorf("no cache file for the embedding model")
	}
}

// Load warnings of an index are listed up to maxLoadWarnings and counted
// after that; --quiet prints only their number. The expected number is the
// index's own load statistics, read here with knowledge.FromParquet.
func TestSearchLoadWarningsBounded(t *testing.T) {
	dir := dulceDir(t)
	m, err := knowledge.FromParquet(dir, knowledge.ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(m.Stats().Warnings)
	if n <= maxLoadWarnings {
		t.Skipf("the fixture has %d load warnings; the bound needs more", n)
	}
	countWarnings := func(errs string) (lines int, last string) {
		for _, l := range strings.Split(errs, "\n") {
			if strings.HasPrefix(l, "warning: ") {
				lines++
				last = l
			}
		}
		return
	}
	env := map[string]string{"HOME": t.TempDir()}
	code, _, errs := runEnv(t, env, "search", "--graphrag-index", dir, "--context-only", "Who is Alex Mercer?")
	lines, last := countWarnings(errs)
	if code != 0 || lines != maxLoadWarnings+1 || !strings.Contains(last, fmt.Sprintf("and %d more", n-maxLoadWarnings)) {
		t.Errorf("exit %d, %d warning lines (want %d), last %q", code, lines, maxLoadWarnings+1, last)
	}
	code, _, errs = runEnv(t, env, "search", "-q", "--graphrag-index", dir, "--context-only", "Who is Alex Mercer?")
	lines, last = countWarnings(errs)
	if code != 0 || lines != 1 || !strings.Contains(last, fmt.Sprintf("%d load warnings", n)) {
		t.Errorf("--quiet: exit %d, %d warning lines, last %q\n%s", code, lines, last, errs)
	}
}

// A flag that is wrong whatever the knowledge holds is refused (exit 2,
// naming the flag) before any graph is loaded: here the graph does not
// even exist, which loading would report as exit 3. On the 300 000-record
// graph these took a minute of loading and embedding before.
func TestSearchFlagsCheckedBeforeLoading(t *testing.T) {
	graphs := t.TempDir()
	for _, tc := range []struct {
		cmd  []string
		flag string
	}{
		{[]string{"search", "--encoding", "o300k"}, "--encoding"},
		{[]string{"search", "--embedder", "bogus"}, "--embedder"},
		{[]string{"search", "--llm", "bogus"}, "--llm"},
		{[]string{"search", "--top-k-entities", "-1"}, "--top-k-entities"},
		{[]string{"search", "--text-unit-prop", "0.8", "--community-prop", "0.5"}, "prop"},
		{[]string{"questions", "--encoding", "o300k"}, "--encoding"},
		{[]string{"chat", "--embedder", "bogus"}, "--embedder"},
	} {
		args := append(append([]string{}, tc.cmd...), "--graphs", graphs, "--graph", "missing")
		if tc.cmd[0] != "chat" {
			args = append(args, "问题")
		}
		code, _, errOut := run(t, args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.flag) {
			t.Errorf("%v: exit %d, stderr %q; want %d naming %s", tc.cmd, code, errOut, ExitUsage, tc.flag)
		}
	}
}

// Text from the data printed outside the streamed answer is escaped too:
// the context of --context-only, the questions of questions, the cited
// records (a scraped title carrying ANSI colours and a direction override).
func TestSearchOutputEscapesControls(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "query_engine_streamlit_reports", "state_咖啡.json")
	if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
		t.Fatal(err)
	}
	rec := `{"url":"https://example.com/a","title":"咖啡店\u001b[31m红字\u202e选址","content":"咖啡店选址看人流\u001b]0;owned\u0007与租金。","query":"咖啡店选址","search_tool":"basic","has_result":true,"timestamp":"2025-01-01T00:00:00"}`
	doc := `{"query":"咖啡店选址","report_title":"咖啡","paragraphs":[{"title":"选址","content":"咖啡店选址看人流与租金。","order":1,"research":{"search_history":[` + rec + `],"latest_summary":"咖啡店选址看人流与租金。","reflection_iteration":0}}]}`
	if err := os.WriteFile(state, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	graphs := filepath.Join(dir, "graphs")
	if code, _, errOut := run(t, "build-graph", "--graphs", graphs, "--report-id", "c", state); code != ExitOK {
		t.Fatalf("build-graph: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"search", "--context-only", "咖啡店选址红字"},
		{"search", "咖啡店选址红字"},
		{"questions", "-n", "3", "咖啡店选址红字"},
	} {
		code, out, errOut := run(t, append(append([]string{}, args[:len(args)-1]...), "--graphs", graphs, "--graph", "c", args[len(args)-1])...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("%v printed a raw control character:\n%q", args, out)
		}
		if args[1] == "--context-only" && !strings.Contains(out, "红字") {
			t.Errorf("%v: the record's text is not in the context:\n%s", args, out)
		}
	}
}
