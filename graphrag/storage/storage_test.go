package storage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// newStore returns a Store over a fresh temporary graphs folder.
func newStore(t *testing.T) (*storage.Store, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "graphs")
	st, err := storage.New(dir)
	if err != nil {
		t.Fatalf("New(%q): %v", dir, err)
	}
	return st, dir
}

// smallGraph returns a two-node graph with the given id and created_at.
func smallGraph(t *testing.T, id, createdAt string) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	g.TaskID = id
	g.CreatedAt = createdAt
	mustNode(t, g, &graphrag.Node{ID: "T_1", Type: graphrag.TypeTopic, Name: "topic " + id})
	mustNode(t, g, &graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query"})
	mustEdge(t, g, graphrag.Edge{From: "T_1", To: "query", Relation: graphrag.RelAnalyzedBy})
	return g
}

func mustNode(t testing.TB, g *graphrag.Graph, n *graphrag.Node) {
	t.Helper()
	if err := g.AddNode(n); err != nil {
		t.Fatalf("AddNode(%q): %v", n.ID, err)
	}
}

func mustEdge(t testing.TB, g *graphrag.Graph, e graphrag.Edge) {
	t.Helper()
	if err := g.AddEdge(e); err != nil {
		t.Fatalf("AddEdge(%s -> %s): %v", e.From, e.To, err)
	}
}

func mustSave(t *testing.T, st *storage.Store, g *graphrag.Graph) string {
	t.Helper()
	path, err := st.Save(g)
	if err != nil {
		t.Fatalf("Save(%q): %v", g.TaskID, err)
	}
	return path
}

// copyTree copies the files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}

func TestNew(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "plain-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		dir     string
		wantErr bool
		wantIs  error
	}{
		{name: "empty", dir: "", wantErr: true, wantIs: storage.ErrNoDir},
		{name: "missing folder is fine", dir: filepath.Join(tmp, "not", "yet")},
		{name: "existing folder", dir: tmp},
		{name: "a file", dir: file, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := storage.New(tt.dir)
			if (err != nil) != tt.wantErr {
				t.Fatalf("New(%q) error = %v, want error %v", tt.dir, err, tt.wantErr)
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("New(%q) error = %v, want errors.Is %v", tt.dir, err, tt.wantIs)
			}
			if err == nil && st.Dir() != filepath.Clean(tt.dir) {
				t.Errorf("Dir() = %q, want %q", st.Dir(), filepath.Clean(tt.dir))
			}
		})
	}
}

func TestValidateID(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"武汉大学-2025_08.v1", true},
		{"report_1724579334", true},
		{"report-1a2b3c4d", true},
		{"a", true},
		{"v1.2.3", true},
		{"Ünïcödé", true},
		{"ภาษาไทย", true}, // Thai: letters plus combining marks
		{strings.Repeat("a", 200), true},
		{strings.Repeat("武", 66), true}, // 198 bytes

		{"", false},
		{".", false},
		{"..", false},
		{"../x", false},
		{"x/..", false},
		{"a/b", false},
		{"/abs", false},
		{`a\b`, false},
		{"a\x00b", false},
		{"a\nb", false},
		{"a\tb", false},
		{"a\x7fb", false},
		{"a\u0085b", false}, // C1 control
		{".hidden", false},
		{"trailing.", false},
		{"a b", false},
		{"a:b", false},
		{"a*b", false},
		{"a\u202eb", false}, // right-to-left override (format character)
		{"a\u200db", false}, // zero-width joiner
		{"\xff\xfe", false},
		{"a\xc3", false}, // truncated UTF-8
		{strings.Repeat("a", 201), false},
		{strings.Repeat("武", 67), false}, // 201 bytes
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.id), func(t *testing.T) {
			err := storage.ValidateID(tt.id)
			if tt.ok {
				if err != nil {
					t.Fatalf("ValidateID(%q) = %v, want nil", tt.id, err)
				}
				return
			}
			if !errors.Is(err, storage.ErrInvalidID) {
				t.Fatalf("ValidateID(%q) = %v, want an error wrapping ErrInvalidID", tt.id, err)
			}
			if quoted := fmt.Sprintf("%q", tt.id); !strings.Contains(err.Error(), quoted) {
				t.Errorf("ValidateID(%q) = %q, want the quoted id %s in the message", tt.id, err, quoted)
			}
		})
	}
}

// Every entry point refuses an id that could escape the graphs folder, and
// creates nothing outside it.
func TestInvalidIDEverywhere(t *testing.T) {
	st, dir := newStore(t)
	parent := filepath.Dir(dir)
	for _, id := range []string{"", "..", "../x", "a/b", `a\b`, "a\x00b", ".hidden"} {
		t.Run(fmt.Sprintf("%q", id), func(t *testing.T) {
			if _, err := st.Path(id); !errors.Is(err, storage.ErrInvalidID) {
				t.Errorf("Path(%q) error = %v, want ErrInvalidID", id, err)
			}
			if _, _, err := st.Load(id); !errors.Is(err, storage.ErrInvalidID) {
				t.Errorf("Load(%q) error = %v, want ErrInvalidID", id, err)
			}
			g := smallGraph(t, id, "")
			if _, err := st.Save(g); !errors.Is(err, storage.ErrInvalidID) {
				t.Errorf("Save(TaskID %q) error = %v, want ErrInvalidID", id, err)
			}
		})
	}
	entries, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("invalid ids created %d entries in %s, want none", len(entries), parent)
	}
	if _, err := st.Save(nil); err == nil {
		t.Error("Save(nil) = nil error, want an error")
	}
}

func TestPath(t *testing.T) {
	st, dir := newStore(t)
	got, err := st.Path("武汉大学-2025_08.v1")
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "武汉大学-2025_08.v1", "graphrag.json")
	if got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
}

// normalize turns an attribute value into a comparable shape, applied to
// the saved and the loaded side alike: every number becomes a float64 (int,
// int64 and float64 in code; json.Number from a file), []string becomes
// []any, and objects become Attributes: a map[string]any (written by
// encoding/json with sorted keys) in key order, an Attributes in its own
// order (the file keeps it). Recursively.
func normalize(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return "bad number " + x.String()
		}
		return f
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make(graphrag.Attributes, 0, len(x))
		for _, k := range keys {
			out = append(out, graphrag.Attr{Key: k, Value: normalize(x[k])})
		}
		return out
	case graphrag.Attributes:
		return normAttrs(x)
	}
	return v
}

func normAttrs(a graphrag.Attributes) graphrag.Attributes {
	out := make(graphrag.Attributes, len(a))
	for i, kv := range a {
		out[i] = graphrag.Attr{Key: kv.Key, Value: normalize(kv.Value)}
	}
	return out
}

type nodeView struct {
	ID, Type, Name string
	Attrs          graphrag.Attributes
}

type edgeView struct {
	From, To, Relation string
	Weight             float64
	Attrs              graphrag.Attributes
}

func viewNodes(g *graphrag.Graph) []nodeView {
	var out []nodeView
	for _, n := range g.Nodes() {
		out = append(out, nodeView{n.ID, string(n.Type), n.Name, normAttrs(n.Attrs)})
	}
	return out
}

func viewEdges(g *graphrag.Graph) []edgeView {
	var out []edgeView
	for _, e := range g.Edges() {
		out = append(out, edgeView{e.From, e.To, string(e.Relation), e.Weight, normAttrs(e.Attrs)})
	}
	return out
}

// Values come back in the types a file decodes to (json.Number for every
// number, Attributes for objects, []any for lists), not the int, float64,
// []string or map[string]any they were built with; so the comparison
// normalises both sides with normalize, and the typed accessors (Int,
// Float, Strings, String) are checked on their own, including an integer
// above 2^53 that a float64 could not hold.
func TestSaveLoadRoundTrip(t *testing.T) {
	st, dir := newStore(t)
	tricky := "武汉大学 \"引号\" 'single' \\ back\nline2\r\ttab </script><script>alert(1)</script> & < > \u2028 \u2029 emoji 🌸"
	g := graphrag.New()
	g.TaskID = "武汉大学-2025_08.v1"
	g.CreatedAt = "2025-08-27T13:16:30.123456+08:00"
	g.Meta = graphrag.Attributes{
		{Key: "builder", Value: "reportengine test"},
		{Key: "warnings", Value: []string{"警告一", "second </script>"}},
	}
	mustNode(t, g, &graphrag.Node{ID: "T_1b0dd0f7", Type: graphrag.TypeTopic, Name: "武汉大学", Attrs: graphrag.Attributes{}})
	mustNode(t, g, &graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query", Attrs: graphrag.Attributes{
		{Key: "report_title", Value: tricky},
		{Key: "original_query", Value: "武汉大学"},
	}})
	mustNode(t, g, &graphrag.Node{ID: "query_S0", Type: graphrag.TypeSection, Name: "樱花季 \"预约\"", Attrs: graphrag.Attributes{
		{Key: "order", Value: 0},
		{Key: "count", Value: 42},
		{Key: "big", Value: int64(1) << 40},
		{Key: "beyond_float", Value: int64(1)<<53 + 1},
		{Key: "negative", Value: -7},
		{Key: "score", Value: 0.98541},
		{Key: "tiny", Value: 1.5e-9},
		{Key: "huge", Value: 6.02e23},
		{Key: "flag", Value: true},
		{Key: "off", Value: false},
		{Key: "missing", Value: nil},
		{Key: "tags", Value: []string{"樱花", "a\"b", ""}},
		{Key: "mixed", Value: []any{1, "two", 3.5, nil, true, []any{"nested", 2}}},
		{Key: "nested", Value: map[string]any{
			"name":  "内层 </script>",
			"list":  []any{map[string]any{"k": "v", "n": 1}},
			"empty": map[string]any{},
			"null":  nil,
		}},
		{Key: "ordered", Value: graphrag.Attributes{{Key: "z", Value: 1}, {Key: "a", Value: "x"}}},
		{Key: "empty_list", Value: []any{}},
		{Key: "", Value: "empty key"},
	}})
	mustNode(t, g, &graphrag.Node{ID: "SRC_0d09a0eb", Type: graphrag.TypeSource, Name: tricky, Attrs: graphrag.Attributes{
		{Key: "url", Value: "https://example.com/?q=武汉&x=<y>"},
		{Key: "score", Value: 0.98541},
	}})
	mustNode(t, g, &graphrag.Node{ID: "other", Type: "custom_type", Name: "", Attrs: nil})
	mustEdge(t, g, graphrag.Edge{From: "T_1b0dd0f7", To: "query", Relation: graphrag.RelAnalyzedBy})
	mustEdge(t, g, graphrag.Edge{From: "query", To: "query_S0", Relation: graphrag.RelContains, Weight: 2.5})
	mustEdge(t, g, graphrag.Edge{From: "query_S0", To: "SRC_0d09a0eb", Relation: graphrag.RelFound, Weight: 1,
		Attrs: graphrag.Attributes{{Key: "rank", Value: 3}, {Key: "note", Value: tricky}}})
	mustEdge(t, g, graphrag.Edge{From: "SRC_0d09a0eb", To: "other", Relation: "custom_rel", Weight: 0.125})

	path := mustSave(t, st, g)
	if want := filepath.Join(dir, "武汉大学-2025_08.v1", "graphrag.json"); path != want {
		t.Errorf("Save path = %q, want %q", path, want)
	}
	back, rep, err := st.Load("武汉大学-2025_08.v1")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := &graphrag.LoadReport{FileBytes: int64(len(data)), FileCRC32C: crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli))}
	if diff := cmp.Diff(want, rep); diff != "" {
		t.Errorf("LoadReport (-want +got):\n%s", diff)
	}
	if back.TaskID != g.TaskID || back.CreatedAt != g.CreatedAt {
		t.Errorf("TaskID, CreatedAt = %q, %q; want %q, %q", back.TaskID, back.CreatedAt, g.TaskID, g.CreatedAt)
	}
	if diff := cmp.Diff(viewNodes(g), viewNodes(back)); diff != "" {
		t.Errorf("nodes (-saved +loaded):\n%s", diff)
	}
	if diff := cmp.Diff(viewEdges(g), viewEdges(back)); diff != "" {
		t.Errorf("edges (-saved +loaded):\n%s", diff)
	}
	if diff := cmp.Diff(normAttrs(g.Meta), normAttrs(back.Meta)); diff != "" {
		t.Errorf("meta (-saved +loaded):\n%s", diff)
	}

	// The typed accessors see the same values whatever the decoded type.
	sec, _ := back.Node("query_S0")
	if n, ok := sec.Attrs.Int("count"); !ok || n != 42 {
		t.Errorf("Int(count) = %d, %v; want 42, true", n, ok)
	}
	if n, ok := sec.Attrs.Int("big"); !ok || n != 1<<40 {
		t.Errorf("Int(big) = %d, %v; want %d, true", n, ok, 1<<40)
	}
	if n, ok := sec.Attrs.Int("beyond_float"); !ok || n != 1<<53+1 {
		t.Errorf("Int(beyond_float) = %d, %v; want %d, true", n, ok, 1<<53+1)
	}
	if n, ok := sec.Attrs.Int("negative"); !ok || n != -7 {
		t.Errorf("Int(negative) = %d, %v; want -7, true", n, ok)
	}
	if f, ok := sec.Attrs.Float("score"); !ok || f != 0.98541 {
		t.Errorf("Float(score) = %v, %v; want 0.98541, true", f, ok)
	}
	if got := sec.Attrs.Strings("tags"); !cmp.Equal(got, []string{"樱花", "a\"b", ""}) {
		t.Errorf("Strings(tags) = %q", got)
	}
	if v, ok := sec.Attrs.Get("missing"); !ok || v != nil {
		t.Errorf("Get(missing) = %v, %v; want nil, true", v, ok)
	}
	eng, _ := back.Node("query")
	if got := eng.Attrs.String("report_title"); got != tricky {
		t.Errorf("String(report_title) = %q, want %q", got, tricky)
	}

	// On disk: UTF-8 kept, </script> not HTML-escaped; U+2028 and U+2029
	// are written as they are (valid JSON, RFC 8259 §7) and come back
	// unchanged (checked with report_title above).
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"武汉大学", "</script>", `\"引号\"`} {
		if !bytes.Contains(raw, []byte(want)) {
			t.Errorf("file does not contain %q", want)
		}
	}
	if !json.Valid(raw) {
		t.Error("file is not valid JSON")
	}

	// Saving the loaded graph again gives the same bytes.
	mustSave(t, st, back)
	raw2, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(raw, raw2) {
		t.Errorf("re-saving the loaded graph changed the file:\n%s", cmp.Diff(string(raw), string(raw2)))
	}
}

func TestSaveFileModes(t *testing.T) {
	if os.PathSeparator == '\\' {
		t.Skip("Unix permissions")
	}
	st, dir := newStore(t)
	path := mustSave(t, st, smallGraph(t, "modes", ""))
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o644 {
		t.Errorf("file mode = %o, want 644", got)
	}
	di, err := os.Stat(filepath.Join(dir, "modes"))
	if err != nil {
		t.Fatal(err)
	}
	if got := di.Mode().Perm(); got&^0o755 != 0 || got&0o700 != 0o700 {
		t.Errorf("folder mode = %o, want 755 less the umask", got)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "modes"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[0].Name() != storage.ColumnsFileName || entries[1].Name() != storage.FileName {
		t.Errorf("folder holds %v, want only graphrag.columns and graphrag.json", entries)
	}
	for _, e := range entries {
		if fi, err := e.Info(); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, %v; want 644", e.Name(), fi.Mode().Perm(), err)
		}
	}
}

func TestLoadReferenceFormat(t *testing.T) {
	st, err := storage.New("testdata/graphs")
	if err != nil {
		t.Fatal(err)
	}
	const id = "report_20250827_131630"
	g, rep, err := st.Load(id)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	// The file has 5 nodes and 6 edges; one edge repeats an earlier
	// (from, to) pair and one points at SRC_ffffffff, which is no node.
	if got, want := g.NodeCount(), 5; got != want {
		t.Errorf("NodeCount = %d, want %d", got, want)
	}
	if got, want := g.EdgeCount(), 4; got != want {
		t.Errorf("EdgeCount = %d, want %d", got, want)
	}
	if rep.DuplicateNodes != 0 || rep.DuplicateEdges != 1 || rep.DanglingEdges != 1 || len(rep.Warnings) != 2 {
		t.Errorf("LoadReport = %+v, want 0 duplicate nodes, 1 duplicate edge, 1 dangling edge, 2 warnings", rep)
	}
	if g.TaskID != id || g.CreatedAt != "2025-08-27T13:16:30.123456" {
		t.Errorf("TaskID, CreatedAt = %q, %q", g.TaskID, g.CreatedAt)
	}
	wantStats := map[graphrag.NodeType]int{"topic": 1, "engine": 1, "section": 1, "search_query": 1, "source": 1}
	if diff := cmp.Diff(wantStats, g.Stats().ByType); diff != "" {
		t.Errorf("ByType (-want +got):\n%s", diff)
	}
	// "label" became Name and "properties" became Attrs.
	src, ok := g.Node("SRC_0d09a0eb")
	if !ok {
		t.Fatal("no node SRC_0d09a0eb")
	}
	if src.Name != "武大樱花预约指南" || src.Type != graphrag.TypeSource {
		t.Errorf("source node = %q (%s)", src.Name, src.Type)
	}
	if f, ok := src.Attrs.Float("score"); !ok || f != 0.98541 {
		t.Errorf("score = %v, %v", f, ok)
	}
	if got := src.Attrs.String("preview"); got != `预约"通道"将于<b>3月</b>开放` {
		t.Errorf("preview = %q", got)
	}
	e, ok := g.Edge("query_S0_Q0", "SRC_0d09a0eb")
	if !ok || e.Relation != graphrag.RelFound || e.Weight != 1 {
		t.Errorf("edge query_S0_Q0 -> SRC_0d09a0eb = %+v, %v", e, ok)
	}
}

func TestLoadAPIEnvelope(t *testing.T) {
	st, err := storage.New("testdata/graphs")
	if err != nil {
		t.Fatal(err)
	}
	g, rep, err := st.Load("api_envelope")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if g.TaskID != "api_envelope" {
		t.Errorf("TaskID = %q, want the folder id (the file has none)", g.TaskID)
	}
	if len(rep.Warnings) != 0 {
		t.Errorf("warnings = %q", rep.Warnings)
	}
	want := []nodeView{
		{"T_3f2a1b9c", "topic", "咖啡店", graphrag.Attributes{}},
		{"media", "engine", "media", graphrag.Attributes{{Key: "report_title", Value: "咖啡店媒体报告"}}},
		{"media_S1", "section", "门店扩张", graphrag.Attributes{{Key: "title", Value: "门店扩张"}, {Key: "order", Value: 1.0}, {Key: "engine", Value: "media"}}},
	}
	if diff := cmp.Diff(want, viewNodes(g)); diff != "" {
		t.Errorf("nodes (-want +got):\n%s", diff)
	}
	wantEdges := []edgeView{
		{"T_3f2a1b9c", "media", "analyzed_by", 1, graphrag.Attributes{}},
		{"media", "media_S1", "contains", 1, graphrag.Attributes{}},
	}
	if diff := cmp.Diff(wantEdges, viewEdges(g)); diff != "" {
		t.Errorf("edges (-want +got):\n%s", diff)
	}
}

func TestLoadErrors(t *testing.T) {
	st, dir := newStore(t)
	mustSave(t, st, smallGraph(t, "report_17", ""))
	if err := os.MkdirAll(filepath.Join(dir, "no_file"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plain"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt", "graphrag.json")
	if err := os.MkdirAll(filepath.Dir(corrupt), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(corrupt, []byte(`{"task_id": "corrupt", "nodes": [{"id": "a"}, {"id": `), 0o644); err != nil {
		t.Fatal(err)
	}
	notGraph := filepath.Join(dir, "not_graph", "graphrag.json")
	if err := os.MkdirAll(filepath.Dir(notGraph), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notGraph, []byte(`{"nodes": {"id": "a"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id       string
		want     error
		wantText string // a part of the message
	}{
		{id: "report_1", want: storage.ErrNotFound, wantText: `"report_1"`},
		{id: "report_", want: storage.ErrNotFound},
		{id: "REPORT_17x", want: storage.ErrNotFound},
		{id: "no_file", want: storage.ErrNotFound},
		{id: "plain", want: storage.ErrNotFound},
		{id: "corrupt", want: graphrag.ErrFormat, wantText: corrupt},
		{id: "not_graph", want: graphrag.ErrFormat, wantText: "nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			g, rep, err := st.Load(tt.id)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Load(%q) error = %v, want errors.Is %v", tt.id, err, tt.want)
			}
			if g != nil || rep != nil {
				t.Errorf("Load(%q) returned a graph or report with an error", tt.id)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("Load(%q) error = %q, want it to contain %q", tt.id, err, tt.wantText)
			}
		})
	}
}

// Lookup is by exact id: report_1 never loads report_17 or report_1x.
func TestLoadExactID(t *testing.T) {
	st, _ := newStore(t)
	mustSave(t, st, smallGraph(t, "report_17", ""))
	mustSave(t, st, smallGraph(t, "report-1", ""))
	mustSave(t, st, smallGraph(t, "Report_1x", ""))
	if _, _, err := st.Load("report_1"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("Load(report_1) with only report_17, report-1, Report_1x saved: error = %v, want ErrNotFound", err)
	}
	mustSave(t, st, smallGraph(t, "report_1", ""))
	for _, id := range []string{"report_1", "report_17", "report-1", "Report_1x"} {
		g, _, err := st.Load(id)
		if err != nil {
			t.Fatalf("Load(%q): %v", id, err)
		}
		n, _ := g.Node("T_1")
		if g.TaskID != id || n.Name != "topic "+id {
			t.Errorf("Load(%q) returned the graph of %q (topic %q)", id, g.TaskID, n.Name)
		}
	}
}

// A file whose task_id differs from its folder keeps its own and says so.
func TestLoadTaskIDMismatch(t *testing.T) {
	st, dir := newStore(t)
	mustSave(t, st, smallGraph(t, "original", ""))
	if err := os.Rename(filepath.Join(dir, "original"), filepath.Join(dir, "copy")); err != nil {
		t.Fatal(err)
	}
	g, rep, err := st.Load("copy")
	if err != nil {
		t.Fatal(err)
	}
	if g.TaskID != "original" || len(rep.Warnings) != 1 {
		t.Errorf("TaskID = %q, warnings = %q; want the file's id and one warning", g.TaskID, rep.Warnings)
	}
}

func TestListAndLatest(t *testing.T) {
	st, dir := newStore(t)
	if list, err := st.List(); err != nil || len(list) != 0 {
		t.Fatalf("List on a missing folder = %v, %v; want empty, nil", list, err)
	}
	if _, err := st.Latest(); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("Latest on a missing folder error = %v, want ErrNotFound", err)
	}

	base := time.Date(2025, 8, 27, 13, 16, 30, 0, time.UTC)
	mtime := func(minutes int) time.Time { return base.Add(time.Duration(minutes) * time.Minute) }
	graphs := []struct {
		id, createdAt string
		mtime         time.Time
	}{
		{"a", "2025-08-27T13:16:30Z", mtime(0)},
		{"b", "2025-08-27T21:16:30.5+08:00", mtime(-60)}, // 0.5 s after a, old mtime
		{"c", "2025-08-27T13:16:30Z", mtime(10)},         // ties a; newer mtime
		{"d", "2025-08-27T13:16:30.000Z", mtime(0)},      // ties a on both; id after
		{"e", "", mtime(100)},                            // no created_at: oldest
		{"f", "27/08/2025", mtime(50)},                   // unparsable: oldest
		{"g", "2025-08-28T09:00:00.123456", mtime(-100)}, // local ISO, the newest
	}
	for _, gr := range graphs {
		path := mustSave(t, st, smallGraph(t, gr.id, gr.createdAt))
		if err := os.Chtimes(path, gr.mtime, gr.mtime); err != nil {
			t.Fatal(err)
		}
	}
	// A corrupt graph is listed (with zero counts) after the dated ones.
	corrupt := filepath.Join(dir, "h", "graphrag.json")
	if err := os.MkdirAll(filepath.Dir(corrupt), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(corrupt, []byte(`{"created_at": "2030-01-01T00:00:00Z", "stats": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(corrupt, mtime(-500), mtime(-500)); err != nil {
		t.Fatal(err)
	}
	// Listed with their errors: no graphrag.json, a name that is not an
	// id, a graphrag.json that is a folder (before: left out, as if there
	// were nothing wrong). Ignored: a hidden folder, a plain file.
	for _, p := range []string{"empty", ".hidden/graphrag.json", "with space/graphrag.json", "dirfile/graphrag.json"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{".hidden/graphrag.json/x", "with space/graphrag.json/x", "plainfile"} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	list, err := st.List()
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	var ids []string
	broken := map[string]error{}
	for _, in := range list {
		switch in.ID {
		case "empty", "dirfile", "with space":
			broken[in.ID] = in.Err
		default:
			ids = append(ids, in.ID)
		}
	}
	if diff := cmp.Diff([]string{"g", "b", "c", "a", "d", "e", "f", "h"}, ids); diff != "" {
		t.Errorf("List order (-want +got):\n%s", diff)
	}
	for id, want := range map[string]error{"empty": storage.ErrNotFound, "dirfile": graphrag.ErrFormat, "with space": storage.ErrInvalidID} {
		if err, ok := broken[id]; !ok || !errors.Is(err, want) || !strings.Contains(err.Error(), filepath.Join(dir, id)) {
			t.Errorf("folder %q: listed %v with error %v, want one wrapping %v naming the folder", id, ok, err, want)
		}
	}
	byID := map[string]storage.Info{}
	for _, in := range list {
		byID[in.ID] = in
	}
	wantCreated := map[string]time.Time{
		"a": base,
		"b": base.Add(500 * time.Millisecond),
		"c": base,
		"d": base,
		"g": time.Date(2025, 8, 28, 9, 0, 0, 123456000, time.Local),
	}
	for id, in := range byID {
		if _, ok := broken[id]; ok {
			continue
		}
		if want := wantCreated[id]; !in.CreatedAt.Equal(want) {
			t.Errorf("%s: CreatedAt = %v, want %v", id, in.CreatedAt, want)
		}
	}
	for _, gr := range graphs {
		in := byID[gr.id]
		fi, err := os.Stat(filepath.Join(dir, gr.id, "graphrag.json"))
		if err != nil {
			t.Fatal(err)
		}
		want := storage.Info{
			ID: gr.id, Path: filepath.Join(dir, gr.id, "graphrag.json"),
			CreatedAt: wantCreated[gr.id], ModTime: fi.ModTime(), Size: fi.Size(),
			Nodes: 2, Edges: 1, TypeCounts: map[string]int{"topic": 1, "engine": 1},
		}
		if diff := cmp.Diff(want, in, cmp.Comparer(func(x, y time.Time) bool { return x.Equal(y) })); diff != "" {
			t.Errorf("Info %s (-want +got):\n%s", gr.id, diff)
		}
		// one graph's counts, read alone (keepStored's question)
		if got, err := st.TypeCounts(gr.id); err != nil || !cmp.Equal(got, want.TypeCounts) {
			t.Errorf("TypeCounts(%s) = %v, %v; want %v", gr.id, got, err, want.TypeCounts)
		}
	}
	if _, err := st.TypeCounts("h"); !errors.Is(err, graphrag.ErrFormat) {
		t.Errorf("TypeCounts(h) error = %v, want ErrFormat", err)
	}
	if _, err := st.TypeCounts("../x"); !errors.Is(err, storage.ErrInvalidID) {
		t.Errorf("TypeCounts(../x) error = %v, want ErrInvalidID", err)
	}
	h := byID["h"]
	if !errors.Is(h.Err, graphrag.ErrFormat) || h.Nodes != 0 || h.Edges != 0 || h.TypeCounts != nil || !h.CreatedAt.IsZero() {
		t.Errorf("corrupt Info = %+v, want ErrFormat and zero counts", h)
	}
	if _, _, err := st.Load("h"); !errors.Is(err, graphrag.ErrFormat) {
		t.Errorf("Load(h) error = %v, want ErrFormat", err)
	}

	latest, err := st.Latest()
	if err != nil || latest != "g" {
		t.Errorf("Latest = %q, %v; want g", latest, err)
	}

	// Info as JSON (the CLI prints it) carries the error text.
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["error"].(string); !ok || m["id"] != "h" {
		t.Errorf("Info JSON = %s, want id and error", b)
	}
}

// Without any created_at, Latest is the newest file; ties go by id.
func TestLatestByModTime(t *testing.T) {
	st, _ := newStore(t)
	now := time.Now().Truncate(time.Second)
	for i, id := range []string{"x", "y", "z"} {
		path := mustSave(t, st, smallGraph(t, id, ""))
		mt := now.Add(-time.Duration(i) * time.Hour)
		if id == "z" {
			mt = now // same as x
		}
		if err := os.Chtimes(path, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Latest()
	if err != nil || got != "x" {
		t.Errorf("Latest = %q, %v; want x (newest mtime, tied with z, first by id)", got, err)
	}
}

func TestListCounts(t *testing.T) {
	tmp := t.TempDir()
	copyTree(t, "testdata/graphs", tmp)
	st, err := storage.New(tmp)
	if err != nil {
		t.Fatal(err)
	}
	write := func(id, content string) {
		t.Helper()
		p := filepath.Join(tmp, id, "graphrag.json")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Reference layout without stats: the arrays are counted.
	write("no_stats", `{"task_id": "no_stats", "extra": {"deep": [1, {"x": [2]}]}, "nodes": [
		{"id": "a", "type": "topic", "label": "A", "properties": {"big": [1, 2, 3]}},
		{"id": "b", "group": "engine"},
		{"id": "c", "type": "engine"},
		{"id": "d"}
	], "edges": [{"source": "a", "target": "b"}, {"source": "a", "target": "c"}]}`)
	// Our layout, with garbage after the head that ends as a graph file
	// ends: List reads the head and the last bytes only, and gives the
	// head's counts; Load sees the damage.
	write("head_only", `{"task_id": "head_only", "created_at": "2025-01-02T03:04:05Z",
		"stats": {"total_nodes": 300000, "total_edges": 299999, "topic": 1, "source": 299999},
		"meta": {"k": ["v"]}, "nodes": [ this is not JSON ]
}
`)
	// The same head on a file cut short: listed with an error, not with
	// the counts its head declares.
	write("cut_short", `{"task_id": "cut_short", "created_at": "2025-01-02T03:04:05Z",
		"stats": {"total_nodes": 3, "total_edges": 2, "topic": 1, "source": 2},
		"nodes": [
    {"id": "t", "type": "topic", "name": "t", "attributes": {}},
    {"id": "a", "type": "source", "name": "a", "attributes": {}}`)
	// Odd stats values are ignored; the first of a repeated key wins.
	write("odd_stats", `{"stats": {"total_nodes": 3, "total_nodes": 9, "topic": 1, "engine": 2.5,
		"section": "x", "search_query": {"n": 1}, "source": -1, "total_edges": null}, "nodes": [], "edges": []}`)
	write("empty_object", `{}`)
	write("trailing", `{"nodes": [], "edges": []} {}`) // read to the end: the extra value is seen
	write("not_object", `[1, 2]`)
	write("bad_node", `{"nodes": [1]}`)

	list, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	type counts struct {
		Nodes, Edges int
		Types        map[string]int
		Err          error
	}
	got := map[string]counts{}
	for _, in := range list {
		got[in.ID] = counts{in.Nodes, in.Edges, in.TypeCounts, in.Err}
	}
	want := map[string]counts{
		"report_20250827_131630": {5, 6, map[string]int{"topic": 1, "engine": 1, "section": 1, "search_query": 1, "source": 1}, nil},
		"api_envelope":           {3, 2, map[string]int{"topic": 1, "engine": 1, "section": 1}, nil},
		"truncated":              {0, 0, nil, graphrag.ErrFormat},
		"no_stats":               {4, 2, map[string]int{"topic": 1, "engine": 2, "": 1}, nil},
		"head_only":              {300000, 299999, map[string]int{"topic": 1, "source": 299999}, nil},
		"cut_short":              {0, 0, nil, graphrag.ErrFormat},
		"odd_stats":              {3, 0, map[string]int{"topic": 1}, nil},
		"empty_object":           {0, 0, map[string]int{}, nil},
		"trailing":               {0, 0, nil, graphrag.ErrFormat},
		"not_object":             {0, 0, nil, graphrag.ErrFormat},
		"bad_node":               {0, 0, nil, graphrag.ErrFormat},
	}
	errIs := cmp.Comparer(func(a, b error) bool {
		if a == nil || b == nil {
			return a == nil && b == nil
		}
		return errors.Is(a, b) || errors.Is(b, a)
	})
	if diff := cmp.Diff(want, got, errIs); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	ref := list[0]
	for _, in := range list {
		if in.ID == "report_20250827_131630" {
			ref = in
		}
	}
	if want := time.Date(2025, 8, 27, 13, 16, 30, 123456000, time.Local); !ref.CreatedAt.Equal(want) {
		t.Errorf("reference CreatedAt = %v, want %v (local time)", ref.CreatedAt, want)
	}
	if _, _, err := st.Load("head_only"); !errors.Is(err, graphrag.ErrFormat) {
		t.Errorf("Load(head_only) error = %v, want ErrFormat", err)
	}
}

// Concurrent Saves of one id leave exactly one of the graphs, whole, and no
// temporary file; concurrent Loads never see a partial file. The graphs
// are of one or two of the writer's units (2 048 nodes), so that saves
// overlap for many chunks; four writers, not more: under the race detector
// each node costs the codec milliseconds (eight writers of up to 5 500
// nodes took over three minutes in CI; 500-2 900 nodes now).
func TestSaveConcurrent(t *testing.T) {
	st, dir := newStore(t)
	const writers = 4
	var want [writers][]byte
	graphs := make([]*graphrag.Graph, writers)
	for w := range writers {
		g := graphrag.New()
		g.TaskID = "same"
		g.CreatedAt = fmt.Sprintf("2025-08-27T13:16:%02dZ", w)
		for i := range 500 + 800*w {
			mustNode(t, g, &graphrag.Node{ID: fmt.Sprintf("n%d", i), Type: graphrag.TypeSource, Name: fmt.Sprintf("writer %d node %d", w, i),
				Attrs: graphrag.Attributes{{Key: "writer", Value: w}, {Key: "text", Value: strings.Repeat("武", 20)}}})
			if i > 0 {
				mustEdge(t, g, graphrag.Edge{From: "n0", To: fmt.Sprintf("n%d", i), Relation: graphrag.RelFound})
			}
		}
		var buf bytes.Buffer
		if err := g.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		want[w] = buf.Bytes()
		graphs[w] = g
	}
	mustSave(t, st, graphs[0])

	var wg sync.WaitGroup
	errs := make(chan error, writers*10)
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for range 6 { // bounded: a Load under the race detector takes seconds
				select {
				case <-stop:
					return
				default:
				}
				if _, _, err := st.Load("same"); err != nil {
					errs <- fmt.Errorf("concurrent Load: %w", err)
					return
				}
			}
		}()
	}
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				if _, err := st.Save(graphs[w]); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "same", "graphrag.json"))
	if err != nil {
		t.Fatal(err)
	}
	match := -1
	for w := range writers {
		if bytes.Equal(raw, want[w]) {
			match = w
		}
	}
	if match < 0 {
		t.Fatalf("graphrag.json (%d bytes) is none of the %d saved graphs", len(raw), writers)
	}
	g, _, err := st.Load("same")
	if err != nil {
		t.Fatal(err)
	}
	// The column file, whichever Save wrote it last, never gives another
	// graph than the graph file.
	var back bytes.Buffer
	if err := g.WriteJSON(&back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Bytes(), want[match]) {
		t.Errorf("loaded a graph of %d nodes that is not the graph file's (writer %d, %d nodes)", g.NodeCount(), match, graphs[match].NodeCount())
	}
	entries, err := os.ReadDir(filepath.Join(dir, "same"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %q, want only graphrag.columns and graphrag.json", names)
	}
}

// List reads what Load reads: a graph file that starts with a UTF-8 byte
// order mark (a file saved by a Windows editor) is listed with its counts,
// not as unreadable; an empty one is unreadable as an empty graph file, as
// Load says.
func TestListBOMAndEmpty(t *testing.T) {
	st, dir := newStore(t)
	g := graphrag.New()
	g.TaskID, g.CreatedAt = "bom", "2025-01-02T03:04:05Z"
	for _, n := range []graphrag.Node{{ID: "t", Type: graphrag.TypeTopic, Name: "话题"}, {ID: "q", Type: graphrag.TypeEngine, Name: "query"}} {
		if err := g.AddNode(&n); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddEdge(graphrag.Edge{From: "t", To: "q", Relation: "analyzed_by"}); err != nil {
		t.Fatal(err)
	}
	path, err := st.Save(g)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append([]byte("\uFEFF"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty", storage.FileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	loaded, _, err := st.Load("bom")
	if err != nil || loaded.NodeCount() != 2 {
		t.Fatalf("Load of the file with a byte order mark: %v", err)
	}
	_, _, loadErr := st.Load("empty")
	list, err := st.List()
	if err != nil || len(list) != 2 {
		t.Fatalf("List: %v, %d entries; want 2", err, len(list))
	}
	byID := map[string]storage.Info{}
	for _, in := range list {
		byID[in.ID] = in
	}
	if in := byID["bom"]; in.Err != nil || in.Nodes != 2 || in.Edges != 1 || in.TypeCounts[string(graphrag.TypeEngine)] != 1 {
		t.Errorf("bom: %+v; want 2 nodes, 1 edge, no error", in)
	}
	in := byID["empty"]
	if !errors.Is(in.Err, graphrag.ErrFormat) || !errors.Is(loadErr, graphrag.ErrFormat) || !strings.Contains(in.Err.Error(), "empty graph file (0 bytes") {
		t.Errorf("empty: List error %v, Load error %v; want both ErrFormat, List saying empty graph file", in.Err, loadErr)
	}
}
