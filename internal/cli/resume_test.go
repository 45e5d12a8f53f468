package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// scriptedReport runs `report` against srv with the scripted tests'
// inputs and template, into base, and returns the exit code and output.
func scriptedReport(t *testing.T, env map[string]string, base string, extra ...string) (int, string, string) {
	t.Helper()
	args := append([]string{"report", "--report-id", "scripted", "--out", filepath.Join(base, "reports"),
		"--graphs", filepath.Join(base, "graphs"), "--forum", repoPath("examples", "coffee-shop", "logs", "forum.log"),
		"--template", "企业品牌声誉分析报告模板", "--timeout", "2s"}, extra...)
	args = append(args, sampleStates(t)...)
	return runEnv(t, env, args...)
}

// uninterruptedDocument is the document_ir.json of the scripted report
// made in one run by a server that answers every request, and the number
// of requests it made; a complete report leaves no work area.
func uninterruptedDocument(t *testing.T) (string, int) {
	t.Helper()
	p, srv := newFakeProvider(t, good)
	base := t.TempDir()
	if code, out, errs := scriptedReport(t, pipelineEnv(srv), base); code != ExitOK {
		t.Fatalf("uninterrupted run: exit %d\n%s\n%s", code, out, errs)
	}
	if _, err := os.Stat(workDir(filepath.Join(base, "reports"), "scripted")); !os.IsNotExist(err) {
		t.Errorf("a complete report left its work area: %v", err)
	}
	return readFile(t, filepath.Join(base, "reports", "scripted", "document_ir.json")), p.total()
}

// calls are the requests p received from index from on, sorted.
func (p *fakeProvider) callsFrom(from int) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := slices.Clone(p.calls[from:])
	slices.Sort(out)
	return out
}

// report --resume on a scripted OpenAI-compatible server whose chapter 4
// of 7 (S4) answers 429 to every attempt (Retry-After: 0, so the client's
// three attempts are quick): the first run keeps S4 as a placeholder
// (exit 5, manifest "partial", the work area kept and named on stderr);
// `report --resume scripted` with no inputs (those of the saved run) asks
// the model only for S4 and for the two chapters written from the others'
// digests (1.0 摘要与核心发现 and 7.0 结论与战略建议, whose input now holds
// S4's digest): 3 requests, no layout, budget, graph query or follow-up
// request; its document_ir.json equals an uninterrupted run's byte for
// byte, and the complete report removes the work area.
func TestReportResumeAfter429(t *testing.T) {
	want, uninterrupted := uninterruptedDocument(t)

	var limited atomic.Bool
	limited.Store(true)
	p, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if limited.Load() && task == "chapter" && ch == "S4" {
			return reply{status: 429, body: `{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}`,
				header: map[string]string{"Retry-After": "0"}}
		}
		return reply{}
	})
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	dir := filepath.Join(out, "scripted")
	code, stdout, stderr := scriptedReport(t, pipelineEnv(srv), base)
	if code != ExitPartial {
		t.Fatalf("run with S4 rate limited: exit %d, want %d\n%s\n%s", code, ExitPartial, stdout, stderr)
	}
	if n := p.count("chapter/S4"); n != 3 {
		t.Errorf("S4 was asked %d times, want the client's 3 attempts", n)
	}
	m := readManifest(t, dir)
	if m.Status != "partial" || m.RunKey == nil {
		t.Errorf("first run: manifest status %q, run key %v", m.Status, m.RunKey)
	}
	for _, c := range m.Chapters {
		if (c.ChapterID == "S4") != (c.Status == "placeholder") {
			t.Errorf("first run: chapter %s is %s", c.ChapterID, c.Status)
		}
	}
	wdir := workDir(out, "scripted")
	if !strings.Contains(stderr, "--resume scripted") || !strings.Contains(stderr, wdir) {
		t.Errorf("first run: stderr does not say how to resume:\n%s", lastLine(stderr))
	}
	if strings.Contains(readFile(t, filepath.Join(wdir, "key.json")), "SECRET123") {
		t.Error("the API key is in the work area's key")
	}
	saved, _ := filepath.Glob(filepath.Join(wdir, "chapter-*.json"))
	if len(saved) != 6 {
		t.Errorf("%d chapters saved in the work area, want the 6 written: %v", len(saved), saved)
	}

	// resumed, the server answering S4 now
	limited.Store(false)
	before := p.total()
	code, stdout, stderr = runEnv(t, pipelineEnv(srv), "report", "--resume", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"), "--timeout", "2s")
	if code != ExitOK {
		t.Fatalf("resumed run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if got, wantCalls := p.callsFrom(before), []string{"chapter/S1", "chapter/S4", "chapter/S7"}; !slices.Equal(got, wantCalls) {
		t.Errorf("resumed run made requests %v, want only %v", got, wantCalls)
	}
	got := readFile(t, filepath.Join(dir, "document_ir.json"))
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("resumed document_ir.json differs from the uninterrupted run's at byte %d: …%q… vs …%q…", i,
			got[max(0, i-80):min(len(got), i+80)], want[max(0, i-80):min(len(want), i+80)])
	}
	m = readManifest(t, dir)
	reused := 0
	for _, c := range m.Chapters {
		if c.Reused {
			reused++
		}
		if c.Reused == (c.ChapterID == "S1" || c.ChapterID == "S4" || c.ChapterID == "S7") {
			t.Errorf("resumed run: chapter %s reused=%v", c.ChapterID, c.Reused)
		}
	}
	if m.Status != "complete" || reused != 4 {
		t.Errorf("resumed run: status %q, %d chapters reused", m.Status, reused)
	}
	if _, err := os.Stat(wdir); !os.IsNotExist(err) {
		t.Errorf("the completed report left its work area: %v", err)
	}
	t.Logf("requests: uninterrupted %d; first run %d; resumed %d", uninterrupted, before, p.total()-before)
}

// --resume refuses saved work of other inputs or settings, naming what
// changed (exit 3), and a report with no saved work (exit 4); the saved
// work stays for a resume with the right inputs.
func TestReportResumeRefusals(t *testing.T) {
	_, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if task == "chapter" && ch == "S2" {
			return reply{status: 429, header: map[string]string{"Retry-After": "0"}}
		}
		return reply{}
	})
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	forum := filepath.Join(base, "forum.log")
	data, err := os.ReadFile(repoPath("examples", "coffee-shop", "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(forum, data, 0o644); err != nil {
		t.Fatal(err)
	}
	env := pipelineEnv(srv)
	args := func(extra ...string) []string {
		a := append([]string{"report", "--resume", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"),
			"--forum", forum, "--template", "企业品牌声誉分析报告模板", "--timeout", "2s"}, extra...)
		return append(a, sampleStates(t)...)
	}
	if code, _, errs := runEnv(t, env, args()...); code != ExitNotFound || !strings.Contains(errs, "no saved work") {
		t.Fatalf("--resume with nothing saved: exit %d, want %d\n%s", code, ExitNotFound, errs)
	}
	a := append([]string{"report", "--report-id", "scripted"}, args()[3:]...)
	if code, _, errs := runEnv(t, env, a...); code != ExitPartial {
		t.Fatalf("first run: exit %d\n%s", code, errs)
	}
	// the forum log changes
	if err := os.WriteFile(forum, append(bytes.Clone(data), "\n[12:00:00] [HOST] 新的一条\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runEnv(t, env, args()...)
	if code != ExitBadInput || !strings.Contains(errs, "forum "+forum+" changed") {
		t.Errorf("--resume after the forum log changed: exit %d, want %d naming the forum log\n%s", code, ExitBadInput, lastLine(errs))
	}
	if err := os.WriteFile(forum, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// a temperature and the template
	env2 := pipelineEnv(srv)
	env2["REPORT_ENGINE_TEMPERATURE_PROSE"] = "0.7"
	code, _, errs = runEnv(t, env2, append(args()[:9], append([]string{"--template", "社会公共热点事件分析报告模板"}, args()[11:]...)...)...)
	if code != ExitBadInput || !strings.Contains(errs, `setting temperature_prose "0.6" → "0.7"`) || !strings.Contains(errs, "template") {
		t.Errorf("--resume with another temperature and template: exit %d, want %d naming both\n%s", code, ExitBadInput, lastLine(errs))
	}
	if _, err := os.Stat(filepath.Join(workDir(out, "scripted"), "key.json")); err != nil {
		t.Errorf("a refused resume touched the saved work: %v", err)
	}
	// another build of the program saved the work
	keyFile := filepath.Join(workDir(out, "scripted"), "key.json")
	saved := readFile(t, keyFile)
	cur := fmt.Sprintf("%q", versionString())
	if !strings.Contains(saved, `"program": `+cur) && !strings.Contains(saved, `"program":`+cur) {
		t.Fatalf("key.json does not record the program %s:\n%s", cur, saved)
	}
	older := strings.Replace(saved, cur, `"reportengine v0.9.0"`, 1)
	if err := os.WriteFile(keyFile, []byte(older), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runEnv(t, env, args()...)
	if code != ExitBadInput || !strings.Contains(errs, `setting program "reportengine v0.9.0" → `+cur) {
		t.Errorf("--resume of work saved by another build: exit %d, want %d naming the program\n%s", code, ExitBadInput, lastLine(errs))
	}
	if err := os.WriteFile(keyFile, []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	// --resume and --report-id naming two reports
	if code, _, _ := runEnv(t, env, append(args(), "--report-id", "other")...); code != ExitUsage {
		t.Errorf("--resume scripted --report-id other: exit %d, want %d", code, ExitUsage)
	}
}

// A run interrupted (Ctrl-C) while chapter S4 is being written exits 130
// with no report folder, keeping the work area; `report --resume` then
// asks again for neither the layout nor the word budget, writes S4, and
// its document_ir.json equals an uninterrupted run's.
func TestReportResumeAfterInterrupt(t *testing.T) {
	want, _ := uninterruptedDocument(t)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if task == "chapter" && ch == "S4" && ctx.Err() == nil {
			cancel() // Ctrl-C while S4 is asked
			return reply{delay: 5 * time.Second}
		}
		return reply{}
	})
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	args := []string{"report", "--report-id", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"),
		"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log"), "--template", "企业品牌声誉分析报告模板", "--timeout", "2s"}
	args = append(args, sampleStates(t)...)
	code, _, stderr := runCtx(ctx, pipelineEnv(srv), args...)
	if code != ExitInterrupted {
		t.Fatalf("interrupted run: exit %d, want %d\n%s", code, ExitInterrupted, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "scripted")); !os.IsNotExist(err) {
		t.Errorf("the interrupted run left a report folder: %v", err)
	}
	for _, f := range []string{"key.json", "layout.json", "budget.json"} {
		if _, err := os.Stat(filepath.Join(workDir(out, "scripted"), f)); err != nil {
			t.Errorf("the interrupted run's work area lacks %s: %v", f, err)
		}
	}
	before := p.total()
	code, stdout, stderr := runEnv(t, pipelineEnv(srv), "report", "--resume", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"))
	if code != ExitOK {
		t.Fatalf("resumed run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	calls := p.callsFrom(before)
	if slices.Contains(calls, "document_layout/") || slices.Contains(calls, "word_budget/") || !slices.Contains(calls, "chapter/S4") {
		t.Errorf("resumed run made requests %v: want S4 and no layout or budget", calls)
	}
	if got := readFile(t, filepath.Join(out, "scripted", "document_ir.json")); got != want {
		t.Error("the resumed document_ir.json differs from the uninterrupted run's")
	}
	t.Logf("resumed after the interrupt with %d requests: %v", len(calls), calls)
}

// Graph query rounds that ended because a decision call failed are not
// kept for a resume (they stand for what the model never answered): with
// chapter S5's decisions and chapter S4 answering 429 in the first run
// (S4 a placeholder, so the run is partial), the resumed run asks S5's
// decisions again and no other chapter's, and its document_ir.json equals
// an uninterrupted run's (the evidence plan, made from every chapter's
// rounds, equals that run's again, so chapters written from the first
// run's plan are written again).
func TestReportResumeRetriesStoppedGraphQueries(t *testing.T) {
	want, _ := uninterruptedDocument(t)
	var limited atomic.Bool
	limited.Store(true)
	p, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if limited.Load() && (task == "graph_query_decision" && ch == "S5" || task == "chapter" && ch == "S4") {
			return reply{status: 429, header: map[string]string{"Retry-After": "0"}}
		}
		return reply{}
	})
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	if code, stdout, stderr := scriptedReport(t, pipelineEnv(srv), base); code != ExitPartial {
		t.Fatalf("first run: exit %d, want %d\n%s\n%s", code, ExitPartial, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(workDir(out, "scripted"), "query-050-section-5-0.json")); err == nil {
		t.Error("S5's stopped graph query rounds were saved")
	}
	limited.Store(false)
	before := p.total()
	code, stdout, stderr := runEnv(t, pipelineEnv(srv), "report", "--resume", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"))
	if code != ExitOK {
		t.Fatalf("resumed run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	calls := p.callsFrom(before)
	for _, c := range calls {
		if strings.HasPrefix(c, "graph_query_decision/") && c != "graph_query_decision/S5" || c == "document_layout/" || c == "word_budget/" {
			t.Errorf("resumed run asked %s again", c)
		}
	}
	if !slices.Contains(calls, "graph_query_decision/S5") || !slices.Contains(calls, "chapter/S4") {
		t.Errorf("resumed run made requests %v: want S5's graph queries and S4", calls)
	}
	if got := readFile(t, filepath.Join(out, "scripted", "document_ir.json")); got != want {
		t.Error("the resumed document_ir.json differs from the uninterrupted run's")
	}
	t.Logf("resumed with %d requests: %v", len(calls), calls)
}

// Two runs of one report id at once: a second process's run holds the
// work area (its first model request hangs); a run started then is
// refused at once, naming the report id and the other run's pid, and asks
// the model nothing, exiting ExitLocked (7). Killed with SIGKILL, the holder leaves its lock file
// behind, which blocks nothing: the next run proceeds (the kernel released
// the flock).
func TestReportConcurrentRunsRefused(t *testing.T) {
	asked := make(chan struct{}, 1)
	_, held := newFakeProvider(t, func(task, ch string, n int) reply {
		select {
		case asked <- struct{}{}:
		default:
		}
		return reply{delay: time.Minute}
	})
	p, srv := newFakeProvider(t, good)
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	args := []string{"report", "--report-id", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"),
		"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log"), "--template", "企业品牌声誉分析报告模板", "--timeout", "2m"}
	args = append(args, sampleStates(t)...)
	raw, _ := json.Marshal(args)
	child := exec.Command(os.Args[0], "-test.run=^TestSignalChild$", "-test.count=1")
	child.Env = append(os.Environ(), childArgsEnv+"="+string(raw))
	for k, v := range pipelineEnv(held) {
		child.Env = append(child.Env, k+"="+v)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer child.Process.Kill()
	select {
	case <-asked:
	case <-time.After(2 * time.Minute):
		t.Fatal("the first run asked the model nothing in 2 minutes")
	}
	start := time.Now()
	code, _, errs := runEnv(t, pipelineEnv(srv), args...)
	took := time.Since(start)
	wantErr := fmt.Sprintf("report scripted: %s is in use by another run (pid %d, started ", workDir(out, "scripted"), child.Process.Pid)
	if code != ExitLocked || !strings.Contains(errs, wantErr) || p.total() != 0 {
		t.Errorf("second run: exit %d after %d requests, want %d with %q and none:\n%s", code, p.total(), ExitLocked, wantErr, errs)
	}
	if _, err := os.Stat(filepath.Join(base, "graphs", "scripted")); !os.IsNotExist(err) {
		t.Errorf("the refused run saved the graph: %v", err)
	}
	if took > 30*time.Second {
		t.Errorf("the second run took %v to refuse", took)
	}
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	if _, err := os.Stat(workDir(out, "scripted") + ".lock"); err != nil {
		t.Fatalf("the killed run's lock file: %v", err)
	}
	if code, _, errs := runEnv(t, pipelineEnv(srv), args...); code != ExitOK {
		t.Errorf("after the holder was killed: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(workDir(out, "scripted") + ".lock"); !os.IsNotExist(err) {
		t.Errorf("the finished run left its lock file: %v", err)
	}
}

// A plain run (no --resume) of a report whose earlier run saved work says
// so on stderr (6 chapters saved, --resume reuses them) and removes
// nothing until it saves its own first output: interrupted before that,
// it leaves the saved work as it was, and --resume still asks only for
// the chapters the first run lacked.
func TestReportRerunKeepsSavedWork(t *testing.T) {
	var limited atomic.Bool
	limited.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var interrupt atomic.Bool
	p, srv := newFakeProvider(t, func(task, ch string, n int) reply {
		if interrupt.Load() {
			cancel() // Ctrl-C while the rerun's first request is out
			return reply{delay: 5 * time.Second}
		}
		if limited.Load() && task == "chapter" && ch == "S4" {
			return reply{status: 429, header: map[string]string{"Retry-After": "0"}}
		}
		return reply{}
	})
	base := t.TempDir()
	out := filepath.Join(base, "reports")
	wdir := workDir(out, "scripted")
	if code, _, errs := scriptedReport(t, pipelineEnv(srv), base); code != ExitPartial {
		t.Fatalf("first run: exit %d\n%s", code, errs)
	}
	snapshot := func() []string {
		var s []string
		entries, _ := os.ReadDir(wdir)
		for _, e := range entries {
			s = append(s, e.Name()+" "+readFile(t, filepath.Join(wdir, e.Name())))
		}
		return s
	}
	saved := snapshot()
	if chapters, _ := filepath.Glob(filepath.Join(wdir, "chapter-*.json")); len(chapters) != 6 {
		t.Fatalf("%d chapters saved, want 6", len(chapters))
	}

	limited.Store(false)
	interrupt.Store(true)
	args := []string{"report", "--report-id", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"),
		"--forum", repoPath("examples", "coffee-shop", "logs", "forum.log"), "--template", "企业品牌声誉分析报告模板", "--timeout", "2s"}
	code, _, errs := runCtx(ctx, pipelineEnv(srv), append(args, sampleStates(t)...)...)
	if code != ExitInterrupted {
		t.Fatalf("interrupted rerun: exit %d\n%s", code, errs)
	}
	if !strings.Contains(errs, "an earlier run of report scripted saved 6 chapter(s)") || !strings.Contains(errs, "report --resume scripted --out "+out+" --graphs "+filepath.Join(base, "graphs")+"` to reuse them") ||
		!strings.Contains(errs, "the earlier run's saved work is kept") {
		t.Errorf("rerun stderr does not say what is saved:\n%s", errs)
	}
	if got := snapshot(); !slices.Equal(got, saved) {
		t.Errorf("the interrupted rerun changed the saved work: %d files, was %d", len(got), len(saved))
	}

	interrupt.Store(false)
	before := p.total()
	code, _, errs = runEnv(t, pipelineEnv(srv), "report", "--resume", "scripted", "--out", out, "--graphs", filepath.Join(base, "graphs"), "--timeout", "2s")
	if code != ExitOK {
		t.Fatalf("resume after the rerun: exit %d\n%s", code, errs)
	}
	// the chapters asked (the interrupted rerun's abandoned requests for
	// its first stages may still arrive meanwhile)
	var chapters []string
	for _, c := range p.callsFrom(before) {
		if strings.HasPrefix(c, "chapter/") {
			chapters = append(chapters, c)
		}
	}
	if want := []string{"chapter/S1", "chapter/S4", "chapter/S7"}; !slices.Equal(chapters, want) {
		t.Errorf("resume after the interrupted rerun asked for chapters %v, want %v", chapters, want)
	}
}
