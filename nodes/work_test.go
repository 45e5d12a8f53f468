package nodes

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func testKey() RunKey {
	return RunKey{Topic: "咖啡店", Template: "", TemplateSHA256: "t1",
		Inputs: []InputFile{
			{Role: "forum", Path: "a/forum.log", Bytes: 10, SHA256: "aaaaaaaaaaaaaaaaaaaa"},
			{Role: "state query", Path: "a/q.json", Bytes: 20, SHA256: "bbbbbbbbbbbbbbbbbbbb"},
		},
		Settings: map[string]string{"model": "m", "temperature_prose": "0.6"}}
}

// Changes names each difference with its saved and current values, in a
// fixed order; a file moved with the same content is no change.
func TestRunKeyChanges(t *testing.T) {
	k := testKey()
	if ch := k.Changes(testKey()); ch != nil {
		t.Errorf("equal keys: %v", ch)
	}
	moved := testKey()
	moved.Inputs[0].Path = "b/forum.log"
	if ch := moved.Changes(k); ch != nil {
		t.Errorf("a moved file with the same content: %v", ch)
	}
	now := testKey()
	now.Topic = "奶茶店"
	now.Inputs[0].SHA256, now.Inputs[0].Bytes = "cccccccccccccccccccc", 11
	now.Inputs[1] = InputFile{Role: "state media", Path: "a/m.json", Missing: true}
	now.Template, now.TemplateSHA256 = "社会公共热点事件分析报告模板", "t2"
	now.Settings["temperature_prose"] = "0.7"
	now.Settings["base_url"] = "http://x/v1"
	want := []string{
		`topic "咖啡店" → "奶茶店"`,
		"forum a/forum.log changed (10 bytes, sha256 aaaaaaaaaaaa… → 11 bytes, sha256 cccccccccccc…)",
		"state media a/m.json was not an input",
		"state query a/q.json is no longer an input",
		`template (chosen by the model) → "社会公共热点事件分析报告模板"`,
		`setting base_url "" → "http://x/v1"`,
		`setting temperature_prose "0.6" → "0.7"`,
	}
	if got := now.Changes(k); !slices.Equal(got, want) {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// a graph file keyed by its CRC-32C (its load's): a changed sum with
	// the same length is a change
	crc := testKey()
	crc.Inputs[0] = InputFile{Role: "graph", Path: "g/graphrag.json", Bytes: 30, CRC32C: "0000aaaa"}
	crc2 := testKey()
	crc2.Inputs[0] = InputFile{Role: "graph", Path: "g/graphrag.json", Bytes: 30, CRC32C: "0000aaab"}
	if got, want := crc2.Changes(crc), []string{"graph g/graphrag.json changed (30 bytes, crc32c 0000aaaa → 30 bytes, crc32c 0000aaab)"}; !slices.Equal(got, want) {
		t.Errorf("a graph file whose CRC-32C changed: %q, want %q", got, want)
	}
	same := testKey()
	same.TemplateSHA256 = "t2"
	if got := same.Changes(k); len(got) != 1 || !strings.Contains(got[0], "template (chosen by the model) changed") {
		t.Errorf("a template whose text changed: %v", got)
	}
}

// OpenWork: a fresh run clears what the area held; resume refuses another
// key (naming it) and a missing area; a saved output is reused only for
// the same deps; a record that cannot be read is skipped and named.
func TestOpenWork(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".r.work")
	if _, err := OpenWork(dir, testKey(), true); !errors.Is(err, ErrNothingToResume) {
		t.Fatalf("resume with no area: %v", err)
	}
	w, err := OpenWork(dir, testKey(), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := w.Earlier(); ok {
		t.Error("a new work area reports earlier work")
	}
	type out struct{ A []string }
	w.save("chapter-010-x", "chapter S1", digestOf("input 1"), out{A: []string{"段落"}})
	w.save("layout", "document layout", "", out{}) // deps "": nothing saved
	if err := os.WriteFile(filepath.Join(dir, "budget.json"), []byte(`{"stage":`), 0o644); err != nil {
		t.Fatal(err)
	}
	var got out
	if w.load("chapter-010-x", digestOf("input 1"), &got) {
		t.Error("a run that does not resume reused an output")
	}
	if _, err := os.Stat(filepath.Join(dir, "layout.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an output made from no inputs (deps \"\") was saved: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "chapter-010-x.json")); err != nil {
		t.Errorf("the chapter was not saved: %v", err)
	}
	w.Close()

	other := testKey()
	other.Settings["model"] = "m2"
	_, err = OpenWork(dir, other, true)
	var me *ResumeMismatchError
	if !errors.As(err, &me) || !errors.Is(err, ErrResumeMismatch) || len(me.Changes) != 1 || !strings.Contains(err.Error(), `setting model "m" → "m2"`) {
		t.Fatalf("resume with another model: %v", err)
	}

	r, err := OpenWork(dir, testKey(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.load("chapter-010-x", digestOf("input 2"), &got) {
		t.Error("an output saved for other deps was reused")
	}
	if !r.load("chapter-010-x", digestOf("input 1"), &got) || !slices.Equal(got.A, []string{"段落"}) {
		t.Errorf("the saved output was not reused: %+v", got)
	}
	if r.load("layout", "", &got) || r.has("layout") {
		t.Error("an output saved without deps exists")
	}
	if sk := r.Skipped(); len(sk) != 1 || !strings.Contains(sk[0], "budget.json") {
		t.Errorf("skipped %v", sk)
	}

	r.Close()

	// a fresh run keeps the saved outputs until it saves its first own,
	// which replaces them
	other.Settings["model"] = "m3"
	f, err := OpenWork(dir, other, false)
	if err != nil {
		t.Fatal(err)
	}
	e, kept, ok := f.Earlier()
	if !ok || !kept || e.Chapters != 1 || e.Outputs != 2 || len(e.Changes) != 1 || !strings.Contains(e.Changes[0], "setting model") {
		t.Errorf("earlier work %+v kept %v ok %v, want 1 chapter of 2 outputs, the model changed", e, kept, ok)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("a fresh run removed the earlier work before saving: %v", entries)
	}
	f.save("layout", "document layout", digestOf("l"), out{A: []string{"布局"}})
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 || entries[0].Name() != workKeyFile || entries[1].Name() != "layout.json" {
		t.Errorf("after the fresh run's first save the area holds %v, want its key and layout", entries)
	}
	if saved, err := SavedKey(dir); err != nil || saved.Settings["model"] != "m3" {
		t.Errorf("the area's key is %v (%v), want the fresh run's", saved.Settings, err)
	}
	if _, kept, _ := f.Earlier(); kept {
		t.Error("Earlier says the replaced work is kept")
	}
	f.Close()
	var nilWork *Work
	nilWork.save("x", "s", "d", out{})
	if nilWork.load("x", "d", &got) || nilWork.has("x") {
		t.Error("a nil Work loaded something")
	}
}

// Two runs of one work area at once: the second is refused at once, with
// the first's pid; closing releases the lock (and removes its file), and
// a lock file left without a holder (its run killed) blocks nothing.
func TestOpenWorkLock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".r.work")
	a, err := OpenWork(dir, testKey(), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, resume := range []bool{false, true} {
		_, err = OpenWork(dir, testKey(), resume)
		var le *WorkLockedError
		if !errors.As(err, &le) || !errors.Is(err, ErrWorkLocked) || le.Dir != dir ||
			!strings.HasPrefix(le.Holder, fmt.Sprintf("pid %d, started ", os.Getpid())) {
			t.Fatalf("resume %v while another run holds the area: %v", resume, err)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir + ".lock"); !os.IsNotExist(err) {
		t.Errorf("Close left the lock file: %v", err)
	}
	a.Close() // twice: nothing
	// a lock file whose run died (the kernel released its flock)
	if err := os.WriteFile(dir+".lock", []byte("pid 999999999, started 2026-01-01T00:00:00Z"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := OpenWork(dir, testKey(), true)
	if err != nil {
		t.Fatalf("a stale lock file blocked the next run: %v", err)
	}
	b.Close()
}
