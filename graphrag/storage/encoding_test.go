package storage_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// chineseGraph is a graph whose node names are Chinese.
func chineseGraph(t *testing.T, id string) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	g.TaskID = id
	mustNode(t, g, &graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "武汉大学"})
	mustNode(t, g, &graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query"})
	mustEdge(t, g, graphrag.Edge{From: "T_1", To: "query", Relation: graphrag.RelAnalyzedBy})
	for i := range 6 {
		id := fmt.Sprintf("query_P%d", i+1)
		mustNode(t, g, &graphrag.Node{ID: id, Type: graphrag.TypeSection, Name: fmt.Sprintf("樱花季舆情第%d段", i+1)})
		mustEdge(t, g, graphrag.Edge{From: "query", To: id, Relation: graphrag.RelContains})
	}
	return g
}

// A graph file in another encoding is refused as state files and forum
// logs are (exit 3 in the CLI: graphrag.ErrFormat), naming the file and
// the position; one bad byte loads with U+FFFD and a warning that says
// where. (Before: both loaded silently, titles garbled.) A folder or a
// device in the graph file's place is refused too.
func TestLoadGraphEncoding(t *testing.T) {
	st, err := storage.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path := mustSave(t, st, chineseGraph(t, "g1"))
	os.Remove(filepath.Join(filepath.Dir(path), storage.ColumnsFileName))
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// GBK: every Chinese character becomes two bytes that are not UTF-8
	// (中 in GBK is D6 D0)
	gbk := regexp.MustCompile(`\p{Han}`).ReplaceAll(orig, []byte("\xd6\xd0"))
	if err := os.WriteFile(path, gbk, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = st.Load("g1")
	var ee *storage.EncodingError
	if !errors.As(err, &ee) || !errors.Is(err, storage.ErrNotUTF8) || !errors.Is(err, graphrag.ErrFormat) {
		t.Fatalf("GBK graph: %v, want an EncodingError wrapping ErrNotUTF8 and ErrFormat", err)
	}
	if ee.Path != path || ee.Bad != 7 || ee.Strings != 7 || ee.Line < 1 || !strings.Contains(err.Error(), "iconv -f GBK") {
		t.Errorf("GBK graph: %+v (%v), want the file, 7 of 7 text strings and a line", ee, err)
	}

	// one flipped byte in one title: loaded, U+FFFD there, a warning naming file, line and column
	i := strings.Index(string(orig), "樱花季舆情第3段")
	flipped := append([]byte{}, orig...)
	flipped[i+1] ^= 0x40 // 樱's second byte no longer a continuation byte
	if err := os.WriteFile(path, flipped, 0o644); err != nil {
		t.Fatal(err)
	}
	g, rep, err := st.Load("g1")
	if err != nil {
		t.Fatalf("one flipped byte: %v", err)
	}
	n, _ := g.Node("query_P3")
	if n == nil || !strings.Contains(n.Name, "\uFFFD") || !strings.HasSuffix(n.Name, "花季舆情第3段") {
		t.Errorf("one flipped byte: name %q, want U+FFFD in place of the bad bytes", n.Name)
	}
	line := strings.Count(string(orig[:i]), "\n") + 1
	want := fmt.Sprintf("%s:%d:", path, line)
	found := false
	for _, w := range rep.Warnings {
		found = found || strings.HasPrefix(w, want) && strings.Contains(w, "1 of 7 strings")
	}
	if !found {
		t.Errorf("one flipped byte: warnings %q, want one starting %q counting 1 of 7 strings", rep.Warnings, want)
	}

	// exactly half is not more than half: loaded with the warning (the
	// threshold state files and forum logs use)
	half := append([]byte{}, orig...)
	for _, name := range []string{"樱花季舆情第1段", "樱花季舆情第2段", "樱花季舆情第4段"} {
		j := strings.Index(string(half), name)
		half[j+1] ^= 0x40
	}
	if err := os.WriteFile(path, half, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Load("g1"); err != nil {
		t.Errorf("3 of 7 strings bad: %v, want it loaded", err)
	}
	four := append([]byte{}, half...)
	j := strings.Index(string(four), "樱花季舆情第5段")
	four[j+1] ^= 0x40
	if err := os.WriteFile(path, four, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Load("g1"); !errors.Is(err, storage.ErrNotUTF8) {
		t.Errorf("4 of 7 strings bad: %v, want ErrNotUTF8", err)
	}

	// a folder, and a device, where the graph file goes
	os.Remove(path)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Load("g1"); !errors.Is(err, graphrag.ErrFormat) || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder as graph file: %v, want ErrFormat saying it is a folder", err)
	}
	os.Remove(path)
	if err := os.Symlink("/dev/zero", path); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Load("g1"); !errors.Is(err, graphrag.ErrFormat) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("/dev/zero as graph file: %v, want ErrFormat", err)
	}
}
