package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Inputs without end (/dev/zero) or over their limit are refused with a
// clear error and exit 3, without reading until memory runs out (before:
// memory grew at ~80 MB/s until Go's "fatal error: out of memory", exit
// 2): a state file (query=/dev/zero), --forum, --history, a chat input
// line.
func TestUnboundedInputsRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	graphs := t.TempDir()
	states := sampleStates(t)
	others := withoutQuery(states)
	cases := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"state", "", append([]string{"build-graph", "--graphs", graphs, "query=/dev/zero"}, others...), "/dev/zero"},
		{"forum", "", append([]string{"build-graph", "--graphs", graphs, "--forum", "/dev/zero"}, states...), "/dev/zero"},
		{"history", "", []string{"search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--history", "/dev/zero", "Who is Alex Mercer?"}, "/dev/zero: more than the 4194304 bytes (4 MiB)"},
		{"chat line", strings.Repeat("长", 1<<19) + "\n", []string{"chat", "--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0"}, "longer than 1048576 bytes"},
	}
	for _, c := range cases {
		code, _, errs := runIn(t, c.stdin, nil, c.args...)
		if code != ExitBadInput || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, want %d; stderr %q should contain %q", c.name, code, ExitBadInput, lastLine(errs), c.want)
		}
	}
}

// Non-finite or out-of-range float flags are refused with exit 2 (before:
// --min-similarity NaN was accepted and switched the no-match check off).
func TestNonFiniteFloatFlags(t *testing.T) {
	graphs := sampleGraphs(t)
	for _, args := range [][]string{
		{"search", "--graphs", graphs, "--graph", "coffee", "--min-similarity", "NaN", "今天天气怎么样？"},
		{"search", "--graphs", graphs, "--graph", "coffee", "--min-similarity", "+Inf", "今天天气怎么样？"},
		{"questions", "--graphs", graphs, "--graph", "coffee", "--min-similarity", "nan", "今天天气怎么样？"},
		{"search", "--graphs", graphs, "--graph", "coffee", "--text-unit-prop", "NaN", "问题"},
		{"search", "--graphs", graphs, "--graph", "coffee", "--community-prop", "-Inf", "问题"},
		{"report", "--graphs", graphs, "--graph", "coffee", "--llm", "offline", "--out", t.TempDir(), "--temperature-plan", "NaN"},
	} {
		code, out, errs := run(t, args...)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want %d; stderr %q stdout %.80q", args[len(args)-3:], code, ExitUsage, lastLine(errs), out)
		}
	}
}

// Exit codes as the README's table says: a state file that is a symbolic
// link loop, a graph file that is a folder → 3 (before: 1).
func TestUnreadableInputsExit3(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "query.json")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, append([]string{"build-graph", "--graphs", dir, "query=" + loop}, withoutQuery(sampleStates(t))...)...)
	if code != ExitBadInput || !strings.Contains(errs, loop) {
		t.Errorf("symlink-loop state file: exit %d, want %d; stderr %q", code, ExitBadInput, lastLine(errs))
	}
	graphs := t.TempDir()
	if err := os.MkdirAll(filepath.Join(graphs, "g", "graphrag.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"query", "--graphs", graphs, "--graph", "g", "x"},
		{"search", "--graphs", graphs, "--graph", "g", "x"},
	} {
		code, _, errs := run(t, args...)
		if code != ExitBadInput || !strings.Contains(errs, "is a folder") {
			t.Errorf("%s on a folder as graph file: exit %d, want %d; stderr %q", args[0], code, ExitBadInput, lastLine(errs))
		}
	}
	// graphs lists it, with its error (before: left out)
	code, out, errs := run(t, "graphs", "--graphs", graphs)
	if code != 0 || !strings.Contains(out, "unreadable: g:") {
		t.Errorf("graphs: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// withoutQuery is states without the query engine's file.
func withoutQuery(states []string) []string {
	var out []string
	for _, s := range states {
		if !strings.Contains(s, "query_engine") {
			out = append(out, s)
		}
	}
	return out
}

// One dropped answer (the model refuses the first question's request)
// ends that answer, not the chat session: the next question is answered
// and the session ends normally (before: the error ended the session,
// exit 1, and the second question was never asked).
func TestChatDroppedAnswerKeepsSession(t *testing.T) {
	answer := "Alex Mercer leads the squad [Data: Entities (3)]."
	p, srv := newFakeProvider(t, func(task, chapter string, n int) reply {
		if n == 1 {
			return reply{status: 400, body: `{"error":{"message":"injected refusal"}}`}
		}
		return reply{content: &answer}
	})
	code, out, errs := runIn(t, "Who is Alex Mercer?\nWho is Alex Mercer?\nexit\n", pipelineEnv(srv), "chat", "--graphrag-index", dulceDir(t), "--no-vector-cache", "-n", "0")
	if code != 0 {
		t.Fatalf("exit %d, want 0: %s", code, errs)
	}
	if !strings.Contains(out, "(answer failed)") || !strings.Contains(errs, "injected refusal") || strings.Count(out, answer) != 1 {
		t.Errorf("want one failed answer and one answer:\nstdout %s\nstderr %s", out, errs)
	}
	if p.total() != 2 {
		t.Errorf("%d requests, want 2 (one per question)", p.total())
	}
}

// A settings.yaml whose budget shares add up to more than 1 is refused
// naming the file (exit 3: the input, not the command line; before: the
// reference's sentence alone, exit 2); the same shares given as flags are
// the command line's (exit 2). A settings.yaml over 1 MiB is refused
// naming the file.
func TestSettingsErrorsNameTheFile(t *testing.T) {
	idx := copyDir(t, dulceDir(t))
	set := filepath.Join(idx, "settings.yaml")
	if err := os.WriteFile(set, []byte("local_search:\n  text_unit_prop: 0.7\n  community_prop: 0.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := run(t, "search", "--graphrag-index", idx, "--no-vector-cache", "--context-only", "Who is Alex Mercer?")
	if code != ExitBadInput || !strings.Contains(errs, set) || !strings.Contains(errs, "should not exceed 1") {
		t.Errorf("budget in settings.yaml: exit %d, want %d; stderr %q", code, ExitBadInput, lastLine(errs))
	}
	code, _, errs = run(t, "search", "--graphrag-index", idx, "--no-vector-cache", "--context-only", "--text-unit-prop", "0.9", "Who is Alex Mercer?")
	if code != ExitUsage {
		t.Errorf("budget by flags: exit %d, want %d; stderr %q", code, ExitUsage, lastLine(errs))
	}
	if err := os.WriteFile(set, []byte("# "+strings.Repeat("x", 1<<20)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = run(t, "search", "--graphrag-index", idx, "--no-vector-cache", "--context-only", "Who is Alex Mercer?")
	if code != ExitBadInput || !strings.Contains(errs, set) || !strings.Contains(errs, "1 MiB") {
		t.Errorf("settings.yaml over 1 MiB: exit %d, want %d; stderr %q", code, ExitBadInput, lastLine(errs))
	}
}

// A model that always returns empty content fails the run as an HTTP
// 500 does: after the bounded attempts (3) of the stages that were asking
// when the first of them gave up, with an error saying the completion was
// empty, exit 1 (before: every stage fell back and every chapter was
// asked three times, 45 requests with the stages in sequence, 51 with
// the stage scheduler).
func TestReportAlwaysEmptyModelStops(t *testing.T) {
	empty := ""
	p, code, out, errs, dir := runScripted(t, func(string, string, int) reply { return reply{content: &empty} })
	if code != ExitFailure || !strings.Contains(errs, "empty completion") {
		t.Fatalf("exit %d, want %d with an empty-completion error\n%s\n%s", code, ExitFailure, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err == nil {
		t.Error("a report was written")
	}
	p500, code, _, errs, _ := runScripted(t, func(string, string, int) reply { return reply{status: 500, body: "boom"} })
	if code != ExitFailure {
		t.Errorf("HTTP 500: exit %d, want %d: %s", code, ExitFailure, lastLine(errs))
	}
	// The stages that run at once (remoteConcurrency for this server, and
	// one starting as the first gives up) each make their 3 attempts
	// before the first to give up stops the run (12-15 requests at 4 in
	// flight, 21-27 at 8, as timing has it); with empty replies not ending
	// the run it took 51.
	most := 3 * (remoteConcurrency + 1)
	if n, n500 := p.total(), p500.total(); n > most || n500 > most {
		t.Errorf("always empty: %d requests, HTTP 500: %d; want at most %d for both (the stages asking at once, 3 attempts each)", n, n500, most)
	}
}

// search --context-only on a question about nothing in the knowledge says
// so on stderr and exits 6 (before: an empty line, exit 0); --json has
// no_match (true here, false for a match) and the relevance figures.
func TestContextOnlyNoMatch(t *testing.T) {
	graphs := sampleGraphs(t)
	code, out, errs := run(t, "search", "--graphs", graphs, "--graph", "coffee", "--context-only", "今天天气怎么样？")
	if code != ExitNoMatch || strings.TrimSpace(out) != "" || !strings.Contains(errs, "holds nothing relevant") {
		t.Errorf("no-match: exit %d, want %d; stdout %q; stderr %q", code, ExitNoMatch, out, lastLine(errs))
	}
	for q, want := range map[string]bool{"今天天气怎么样？": true, "李明为什么选择写字楼商圈？": false} {
		code, out, errs := run(t, "search", "--graphs", graphs, "--graph", "coffee", "--context-only", "--json", q)
		var res struct {
			NoMatch   *bool           `json:"no_match"`
			Relevance json.RawMessage `json:"relevance"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil || res.NoMatch == nil || *res.NoMatch != want || (want && len(res.Relevance) == 0) {
			t.Errorf("%s --json: no_match %v relevance %s (%v), want %v", q, res.NoMatch, res.Relevance, err, want)
		}
		if wantCode := map[bool]int{true: ExitNoMatch, false: 0}[want]; code != wantCode {
			t.Errorf("%s --json: exit %d, want %d: %s", q, code, wantCode, lastLine(errs))
		}
	}
}

// B42 and B23 through search: a cited source resolves to the unit that
// showed its id in the context and carries that unit's own id and its
// human_readable_id (Dulce numbers its text units from 0, so the latter
// equals the row position the context shows; TestIdentifyCitations has
// an index numbered from 1); "+more" is kept (more: true) and said after
// the answer.
func TestSearchCitationIDs(t *testing.T) {
	answer := "Alex Mercer leads the squad [Data: Sources (0); Relationships (999, +more)]."
	_, srv := newFakeProvider(t, func(string, string, int) reply { return reply{content: &answer} })
	code, js, errs := runEnv(t, pipelineEnv(srv), "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "--json", "Who is Alex Mercer?")
	var res struct {
		Citations []struct {
			Table, ID       string
			InContext       bool   `json:"in_context"`
			More            bool   `json:"more"`
			RecordID        string `json:"record_id"`
			HumanReadableID string `json:"human_readable_id"`
		} `json:"citations"`
		Data map[string]struct {
			Columns []string   `json:"columns"`
			Rows    [][]string `json:"rows"`
		} `json:"context_data"`
	}
	if code != 0 || json.Unmarshal([]byte(js), &res) != nil || len(res.Citations) != 2 {
		t.Fatalf("exit %d %s: %.400s", code, lastLine(errs), js)
	}
	src, rel := res.Citations[0], res.Citations[1]
	if !src.InContext || src.HumanReadableID != "0" || !strings.HasPrefix(src.RecordID, "ff65e3e376") {
		t.Errorf("Sources (0): %+v, want in context with human_readable_id 0 and the first unit's own id ff65e3e376…", src)
	}
	if rel.InContext || !rel.More || rel.RecordID != "" {
		t.Errorf("Relationships (999, +more): %+v, want not in context, more", rel)
	}
	code, out, errs := runEnv(t, pipelineEnv(srv), "search", "--graphrag-index", dulceDir(t), "--no-vector-cache", "Who is Alex Mercer?")
	if code != 0 || !strings.Contains(out, "(id ff65e3e376") || !strings.Contains(out, "(+more) of: Relationships") || !strings.Contains(out, "(999⟨not in context⟩, +more)") {
		t.Errorf("exit %d; stdout:\n%s\n%s", code, out, lastLine(errs))
	}
}

// Runs told apart by the states' own times: the fixture's files named
// …_20250825_180214 started 22 hours apart (media on 2025-08-24 19:19);
// given as files, the graph is built with a warning naming each engine's
// date and the report says it on its first screen; given as the folder,
// the media file that started with the others (…_175347) is picked. A
// report from two engines names the missing one on its first screen.
// (Before: a "queries differ" warning only, and the folder gave the
// 22-hour set.)
func TestRunsToldApart(t *testing.T) {
	f := filepath.Join("..", "..", "..", "shared", "fixtures", "bettafish")
	if _, err := os.Stat(f); err != nil {
		t.Skipf("fixtures not available: %v", err)
	}
	file := func(engine, stamp string) string {
		return filepath.Join(f, engine+"_engine_streamlit_reports", "state_武汉大学_"+stamp+".json")
	}
	graphs, out := t.TempDir(), t.TempDir()
	code, sum, errs := run(t, "report", "--llm", "offline", "--graphs", graphs, "--out", out, "--report-id", "apart",
		file("query", "20250825_180214"), file("media", "20250825_180214"), file("insight", "20250825_180214"))
	if code != 0 || !strings.Contains(sum, "the engines started 22h apart (more than 3h): query 2025-08-25 17:38, media 2025-08-24 19:19, insight 2025-08-25 17:38") {
		t.Fatalf("files 22h apart: exit %d, the summary's warnings lack the start warning:\n%s\n%s", code, sum, lastLine(errs))
	}
	first := firstScreen(t, filepath.Join(out, "apart", "report.html"))
	if !strings.Contains(first, "相差约 22 小时") || !strings.Contains(first, "media 2025-08-24 19:19") {
		t.Errorf("report's first screen lacks the start notice:\n%.2000s", first)
	}
	code, stdout, errs := run(t, "build-graph", "--graphs", graphs, "--report-id", "folder", "--json", f)
	if code != 0 || !strings.Contains(errs, "state_武汉大学_20250825_175347.json (started 2025-08-25 17:38) instead of") || strings.Contains(stdout+errs, "22h apart") {
		t.Errorf("folder: exit %d, want the closest set picked and said, no start warning:\n%s", code, errs)
	}
	code, _, errs = run(t, "report", "--llm", "offline", "--graphs", graphs, "--out", out, "--report-id", "two",
		file("query", "20250825_180214"), file("insight", "20250825_180214"))
	if code != 0 {
		t.Fatalf("two engines: exit %d: %s", code, lastLine(errs))
	}
	if first := firstScreen(t, filepath.Join(out, "two", "report.html")); !strings.Contains(first, "只基于 query、insight 引擎的研究，没有 media 引擎的输入") {
		t.Errorf("two-engine report's first screen does not name the missing engine:\n%.2000s", first)
	}
}

// firstScreen is the text of a report page before its first chapter.
func firstScreen(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if i := strings.Index(s, "<body"); i >= 0 {
		s = s[i:]
	}
	if i := strings.Index(s, `id="S2"`); i >= 0 {
		s = s[:i]
	}
	return s
}

// readHistory reads at most maxHistoryBytes (4 MiB): a file of exactly
// that size is read, one byte more is refused from its size alone, and an
// input without end (/dev/zero, a device whose size says nothing) is
// refused after the limit is read; each refusal is an inputError (exit 3)
// naming the file and the limit (TestUnboundedInputsRefused runs
// `search --history /dev/zero`, the one command with the flag).
func TestReadHistoryLimit(t *testing.T) {
	dir := t.TempDir()
	// exactly the limit: a valid list padded with spaces
	list := `[{"role":"user","content":"问题"}]`
	atLimit := filepath.Join(dir, "at-limit.json")
	if err := os.WriteFile(atLimit, []byte(list+strings.Repeat(" ", maxHistoryBytes-len(list))), 0o644); err != nil {
		t.Fatal(err)
	}
	if msgs, err := readHistory(atLimit); err != nil || len(msgs) != 1 || msgs[0].Content != "问题" {
		t.Errorf("a history of exactly %d bytes: %v, %v", maxHistoryBytes, msgs, err)
	}
	// one byte over, sparse: refused by its size, nothing read
	over := filepath.Join(dir, "over.json")
	f, err := os.Create(over)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxHistoryBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	paths := []string{over}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		_, err := readHistory(p)
		if err == nil || ExitCode(err) != ExitBadInput || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "4194304") {
			t.Errorf("readHistory(%s): %v (exit %d), want exit %d naming the file and the limit", p, err, ExitCode(err), ExitBadInput)
		}
	}
}
