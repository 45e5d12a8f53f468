package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"reportengine/graphrag"
)

// bigNodes is the node count of bigGraph: more than one unit of the
// writer (2 048 nodes) and several chunks of the column reader (512).
const bigNodes = 2500

// bigGraph returns a graph whose JSON is several MB (bigNodes nodes of
// about 2 KB), so that WriteJSON has flushed data to the file before it
// reaches the last node. Few long nodes rather than many short ones: under
// the race detector the JSON codec's cost is per call (20 000 nodes of
// 240 bytes made this package's tests take 6 minutes in CI).
func bigGraph(t *testing.T, id string, lastValue any) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	g.TaskID = id
	g.CreatedAt = "2025-08-27T13:16:30Z"
	const n = bigNodes
	for i := range n {
		var v any = strings.Repeat("樱花", 320)
		if i == n-1 {
			v = lastValue
		}
		if err := g.AddNode(&graphrag.Node{ID: fmt.Sprintf("n%d", i), Type: graphrag.TypeSource, Name: "node",
			Attrs: graphrag.Attributes{{Key: "v", Value: v}}}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// countWriter counts bytes and discards them.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

// A failure at any step of Save leaves the old file byte for byte and no
// temporary file.
func TestSaveAtomicOnFailure(t *testing.T) {
	nanGraph := bigGraph(t, "r1", math.NaN())
	// The NaN is in the last node: check that WriteJSON really wrote
	// megabytes before failing, so the failure is midway through the file.
	var cw countWriter
	if err := nanGraph.WriteJSON(&cw); err == nil {
		t.Fatal("WriteJSON of a NaN attribute succeeded")
	}
	if cw.n < 1<<20 {
		t.Fatalf("WriteJSON wrote %d bytes before failing, want > 1 MiB", cw.n)
	}
	weightGraph := graphrag.New()
	weightGraph.TaskID = "r1"
	for _, id := range []string{"a", "b", "c"} {
		if err := weightGraph.AddNode(&graphrag.Node{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := weightGraph.AddEdge(graphrag.Edge{From: "a", To: "b", Weight: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	errInjected := errors.New("injected failure")

	tests := []struct {
		name   string
		graph  *graphrag.Graph
		setup  func(t *testing.T, s *Store, dir string)
		wantIs error
	}{
		{name: "unencodable attribute midway", graph: nanGraph},
		{name: "infinite edge weight", graph: weightGraph},
		{
			name:  "fsync fails",
			graph: bigGraph(t, "r1", "fine"),
			setup: func(t *testing.T, s *Store, dir string) {
				s.syncFile = func(*os.File) error { return errInjected }
			},
			wantIs: errInjected,
		},
		{
			name:  "rename fails",
			graph: bigGraph(t, "r1", "fine"),
			setup: func(t *testing.T, s *Store, dir string) {
				s.rename = func(string, string) error { return errInjected }
			},
			wantIs: errInjected,
		},
		{
			name:  "read-only folder",
			graph: bigGraph(t, "r1", "fine"),
			setup: func(t *testing.T, s *Store, dir string) {
				if runtime.GOOS == "windows" {
					t.Skip("folder permissions are not enforced on Windows")
				}
				if os.Geteuid() == 0 {
					// Mode bits do not stop root (CI runs as root); the
					// immutable attribute does: creating a file in the
					// folder fails with EPERM.
					readOnlyForRoot(t, dir)
					return
				}
				if err := os.Chmod(dir, 0o555); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.Chmod(dir, 0o755) })
			},
			wantIs: os.ErrPermission,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			old := graphrag.New()
			old.TaskID = "r1"
			old.CreatedAt = "2020-01-01T00:00:00Z"
			if err := old.AddNode(&graphrag.Node{ID: "old", Type: graphrag.TypeTopic, Name: "旧图"}); err != nil {
				t.Fatal(err)
			}
			path, err := s.Save(old)
			if err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			folder := filepath.Dir(path)
			if tt.setup != nil {
				tt.setup(t, s, folder)
			}

			_, err = s.Save(tt.graph)
			if err == nil {
				t.Fatal("Save succeeded, want an error")
			}
			if tt.wantIs != nil && !errors.Is(err, tt.wantIs) {
				t.Errorf("Save error = %v, want errors.Is %v", err, tt.wantIs)
			}
			if !strings.Contains(err.Error(), `"r1"`) {
				t.Errorf("Save error = %q, want the quoted id", err)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Errorf("graphrag.json changed after a failed Save:\n got %d bytes\nwant %d bytes", len(after), len(before))
			}
			entries, err := os.ReadDir(folder)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != 2 || entries[0].Name() != ColumnsFileName || entries[1].Name() != FileName {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("folder holds %q after a failed Save, want only %s and %s", names, ColumnsFileName, FileName)
			}
			g, _, err := s.Load("r1")
			if err != nil || g.NodeCount() != 1 {
				t.Errorf("Load after a failed Save = %v nodes, %v; want the old graph", g.NodeCount(), err)
			}
			// The old column file still belongs to the old graph file.
			if g, _ := s.loadColumnsOf(t, "r1"); g == nil || g.ID(0) != "old" {
				t.Error("the old column file is not used after a failed Save")
			}
		})
	}
}

// A failed first Save leaves no graphrag.json at all, so the id stays "not
// found" (the folder may remain, and List ignores it).
func TestSaveFailureWithoutOldFile(t *testing.T) {
	s, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(bigGraph(t, "fresh", math.Inf(-1))); err == nil {
		t.Fatal("Save succeeded, want an error")
	}
	if _, _, err := s.Load("fresh"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load error = %v, want ErrNotFound", err)
	}
	if list, err := s.List(); err != nil || len(list) != 0 {
		t.Errorf("List = %v, %v; want empty", list, err)
	}
	entries, _ := os.ReadDir(filepath.Join(s.Dir(), "fresh"))
	if len(entries) != 0 {
		t.Errorf("folder holds %d entries, want none", len(entries))
	}
}

func TestParseCreatedAt(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{"2025-08-27T13:16:30Z", time.Date(2025, 8, 27, 13, 16, 30, 0, time.UTC)},
		{"2025-08-27T13:16:30.123456789Z", time.Date(2025, 8, 27, 13, 16, 30, 123456789, time.UTC)},
		{"2025-08-27T21:16:30+08:00", time.Date(2025, 8, 27, 13, 16, 30, 0, time.UTC)},
		{"2025-08-27T21:16:30.5+08:00", time.Date(2025, 8, 27, 13, 16, 30, 5e8, time.UTC)},
		{"2025-08-27T13:16:30.123456", time.Date(2025, 8, 27, 13, 16, 30, 123456000, time.Local)},
		{"2025-08-27T13:16:30", time.Date(2025, 8, 27, 13, 16, 30, 0, time.Local)},
		{"2025-08-27 13:16:30.5", time.Date(2025, 8, 27, 13, 16, 30, 5e8, time.Local)},
		{"", time.Time{}},
		{"2025-08-27", time.Time{}},
		{"27/08/2025 13:16", time.Time{}},
		{"2025-13-45T99:00:00", time.Time{}},
		{"null", time.Time{}},
	}
	for _, tt := range tests {
		if got := parseCreatedAt(tt.in); !got.Equal(tt.want) {
			t.Errorf("parseCreatedAt(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// readHead on our own layout stops at "nodes": it must not read the rest of
// the file.
func TestReadHeadStopsAtNodes(t *testing.T) {
	g := bigGraph(t, "big", "fine")
	var buf bytes.Buffer
	if err := g.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	r := &countingReader{r: bytes.NewReader(buf.Bytes())}
	h, err := readHead(r)
	if err != nil {
		t.Fatal(err)
	}
	nodes, _, types := h.counts()
	if nodes != bigNodes || types["source"] != bigNodes {
		t.Errorf("counts = %d, %v", nodes, types)
	}
	if r.n > 64<<10 {
		t.Errorf("readHead read %d of %d bytes, want only the head", r.n, buf.Len())
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// readOnlyForRoot makes dir refuse new files even to root (chattr +i,
// the immutable attribute), and undoes it when the test ends. It skips only
// where the file system or the process cannot set the attribute, and says
// so.
func readOnlyForRoot(t *testing.T, dir string) {
	t.Helper()
	chattr, err := exec.LookPath("chattr")
	if err != nil {
		t.Skipf("running as root without chattr: cannot make %s read-only for root", dir)
	}
	if out, err := exec.Command(chattr, "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("running as root and chattr +i fails here (%v: %s): cannot make the folder read-only for root", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command(chattr, "-i", dir).CombinedOutput(); err != nil {
			t.Errorf("chattr -i %s: %v: %s", dir, err, out)
		}
	})
	probe := filepath.Join(dir, "probe")
	if f, err := os.Create(probe); err == nil {
		f.Close()
		os.Remove(probe)
		t.Fatalf("%s is immutable but root can still create files in it", dir)
	}
}

// loadColumnsOf opens graph id's file and tries its column file.
func (s *Store) loadColumnsOf(t *testing.T, id string) (*graphrag.Graph, string) {
	t.Helper()
	f, err := os.Open(s.path(id))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	js, err := graphrag.ReadGraphText(f)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := os.Open(filepath.Join(s.dir, id, ColumnsFileName))
	if err == nil {
		defer cf.Close()
	}
	return loadColumns(js, cf, err)
}

func jsonOf(t *testing.T, g *graphrag.Graph) string {
	t.Helper()
	var b bytes.Buffer
	if err := g.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Save writes the column file, and Load reads it instead of the JSON,
// giving the graph the JSON gives.
func TestLoadUsesColumns(t *testing.T) {
	s, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	g := bigGraph(t, "r1", "末尾")
	path, err := s.Save(g)
	if err != nil {
		t.Fatal(err)
	}
	fromCols, warning := s.loadColumnsOf(t, "r1")
	if fromCols == nil || warning != "" {
		t.Fatalf("column file not used: %v, warning %q", fromCols != nil, warning)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, _, err := graphrag.ReadJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := jsonOf(t, fromJSON), jsonOf(t, fromCols); a != b {
		t.Error("the column file gives another graph than the JSON file")
	}
	loaded, _, err := s.Load("r1")
	if err != nil || jsonOf(t, loaded) != string(data) {
		t.Errorf("Load: %v, or another graph than the file", err)
	}
}

// topicGraph is graph r1 with one topic node named name.
func topicGraph(t *testing.T, name string) *graphrag.Graph {
	t.Helper()
	g := graphrag.New()
	g.TaskID, g.CreatedAt = "r1", "2025-08-27T13:16:30Z"
	if err := g.AddNode(&graphrag.Node{ID: "t", Type: graphrag.TypeTopic, Name: name}); err != nil {
		t.Fatal(err)
	}
	return g
}

// savedTopic is a Store over a new folder holding graph r1, topic 旧的,
// saved with its column file, and the graph file's path.
func savedTopic(t *testing.T) (*Store, string) {
	t.Helper()
	s, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path, err := s.Save(topicGraph(t, "旧的"))
	if err != nil {
		t.Fatal(err)
	}
	return s, path
}

// A column file that does not belong to the bytes of the graph file
// beside it (an older Save's, a graph file rewritten by hand or by another
// tool, even at the same size and modification time) or is damaged is not
// used: Load reads the JSON, with a warning naming the column file. One of
// another version (an older program's) is not used either, silently.
func TestLoadIgnoresForeignColumns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		change  func(t *testing.T, s *Store, dir string)
		want    string // the topic name Load must give
		warning bool
	}{
		{"older save's columns", func(t *testing.T, s *Store, dir string) {
			old, err := os.ReadFile(filepath.Join(dir, ColumnsFileName))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Save(topicGraph(t, "新的")); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ColumnsFileName), old, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "新的", true},
		{"graph file rewritten in place, same size", func(t *testing.T, s *Store, dir string) {
			time.Sleep(10 * time.Millisecond) // a later modification time
			rewrite(t, filepath.Join(dir, FileName), false, func(b []byte) []byte { return bytes.Replace(b, []byte("旧的"), []byte("改过"), 1) })
		}, "改过", true},
		{"same size, modification time put back", func(t *testing.T, s *Store, dir string) {
			p := filepath.Join(dir, FileName)
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			rewrite(t, p, false, func(b []byte) []byte { return bytes.Replace(b, []byte("旧的"), []byte("悄改"), 1) })
			if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}, "悄改", true},
		{"graph file replaced by a copy", func(t *testing.T, s *Store, dir string) {
			rewrite(t, filepath.Join(dir, FileName), true, func(b []byte) []byte { return bytes.Replace(b, []byte("旧的"), []byte("换了"), 1) })
		}, "换了", true},
		{"columns of another version", func(t *testing.T, s *Store, dir string) {
			rewrite(t, filepath.Join(dir, ColumnsFileName), false, func(b []byte) []byte {
				b[8]++ // the version field after the magic
				return b
			})
		}, "旧的", false},
		{"damaged columns", func(t *testing.T, s *Store, dir string) {
			rewrite(t, filepath.Join(dir, ColumnsFileName), false, func(b []byte) []byte {
				b[len(b)-8] ^= 1
				return b
			})
		}, "旧的", true},
		{"truncated columns", func(t *testing.T, s *Store, dir string) {
			if err := os.Truncate(filepath.Join(dir, ColumnsFileName), 40); err != nil {
				t.Fatal(err)
			}
		}, "旧的", true},
		{"no columns", func(t *testing.T, s *Store, dir string) {
			if err := os.Remove(filepath.Join(dir, ColumnsFileName)); err != nil {
				t.Fatal(err)
			}
		}, "旧的", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, path := savedTopic(t)
			tc.change(t, s, filepath.Dir(path))
			g, warning := s.loadColumnsOf(t, "r1")
			if g != nil {
				t.Errorf("the column file was used (topic %q)", g.Name(0))
			}
			if (warning != "") != tc.warning || tc.warning && !strings.Contains(warning, filepath.Join(filepath.Dir(path), ColumnsFileName)) {
				t.Errorf("warning %q, want one naming the column file: %v", warning, tc.warning)
			}
			loaded, rep, err := s.Load("r1")
			if err != nil {
				t.Fatal(err)
			}
			if loaded.Name(0) != tc.want {
				t.Errorf("Load gives topic %q, want %q", loaded.Name(0), tc.want)
			}
			if got := len(rep.Warnings) > 0; got != tc.warning {
				t.Errorf("load report warnings %q, want a warning: %v", rep.Warnings, tc.warning)
			}
		})
	}
}

// rewrite replaces the contents of file p by change(contents), in place
// or (fresh) as a new file (a new inode).
func rewrite(t *testing.T, p string, fresh bool, change func([]byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if fresh {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(p, change(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// With FillColumns, Load writes the column file of a graph it read from
// JSON (no column file, or an older program's), and the next Load uses it;
// without, it writes nothing.
func TestLoadFillsColumns(t *testing.T) {
	for _, fill := range []bool{false, true} {
		for _, older := range []bool{false, true} {
			s, err := New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			s.FillColumns = fill
			path, err := s.Save(bigGraph(t, "r1", "末尾"))
			if err != nil {
				t.Fatal(err)
			}
			cols := filepath.Join(filepath.Dir(path), ColumnsFileName)
			if older {
				// A version 2 header (the layout with a copy of every string).
				rewrite(t, cols, false, func(b []byte) []byte { b[8] = 2; return b })
			} else if err := os.Remove(cols); err != nil {
				t.Fatal(err)
			}
			fromJSON, rep, err := s.Load("r1")
			if err != nil || len(rep.Warnings) != 0 {
				t.Fatalf("Load: %v, warnings %q", err, rep.Warnings)
			}
			g, warning := s.loadColumnsOf(t, "r1")
			if (g != nil) != fill || warning != "" {
				t.Fatalf("FillColumns %v, older %v: column file used after Load: %v (warning %q)", fill, older, g != nil, warning)
			}
			if g != nil && jsonOf(t, g) != jsonOf(t, fromJSON) {
				t.Error("the filled column file gives another graph")
			}
			if _, statErr := os.Stat(cols); !fill && (statErr == nil) != older {
				t.Errorf("without FillColumns the column file changed: %v", statErr)
			}
		}
	}
}

// A graph file the JSON reader changes on its way in (an edge to a missing
// node, a duplicate node or edge: skipped, counted and warned about, B21)
// keeps saying so on every Load: with FillColumns, the column file written
// for it must not make a later Load skip the count and the warning.
func TestLoadReportSurvivesFillColumns(t *testing.T) {
	const (
		nodes    = `{"id":"t","type":"topic","name":"话题"},{"id":"e","type":"engine","name":"query"}`
		edge     = `{"from":"t","to":"e","relation":"analyzed_by","weight":1}`
		dangling = `{"from":"e","to":"nope","relation":"contains","weight":1}`
	)
	for _, tc := range []struct {
		name                 string
		file                 string
		dangling, dupN, dupE int
	}{
		{"edge to a missing node", `{"task_id":"r1","nodes":[` + nodes + `],"edges":[` + edge + `,` + dangling + `]}`, 1, 0, 0},
		{"duplicate node", `{"task_id":"r1","nodes":[` + nodes + `,{"id":"e","type":"engine","name":"media"}],"edges":[` + edge + `]}`, 0, 1, 0},
		{"duplicate edge", `{"task_id":"r1","nodes":[` + nodes + `],"edges":[` + edge + `,` + edge + `]}`, 0, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			s.FillColumns = true
			if err := os.MkdirAll(filepath.Join(s.Dir(), "r1"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(s.Dir(), "r1", FileName), []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			for load := 1; load <= 2; load++ {
				g, rep, err := s.Load("r1")
				if err != nil {
					t.Fatal(err)
				}
				if g.NodeCount() != 2 || g.EdgeCount() != 1 {
					t.Errorf("load %d: %d nodes, %d edges; want 2, 1", load, g.NodeCount(), g.EdgeCount())
				}
				if rep.DanglingEdges != tc.dangling || rep.DuplicateNodes != tc.dupN || rep.DuplicateEdges != tc.dupE || len(rep.Warnings) != 1 {
					t.Errorf("load %d: dangling %d, duplicate nodes %d, duplicate edges %d, warnings %q; want %d, %d, %d and one warning",
						load, rep.DanglingEdges, rep.DuplicateNodes, rep.DuplicateEdges, rep.Warnings, tc.dangling, tc.dupN, tc.dupE)
				}
			}
		})
	}
}

// A Load that fills the column file of the graph file it read must not put
// it in place when a Save replaced the graph file meanwhile (a query
// running while build-graph rewrites the graph): the column file left is
// the Save's, for the new bytes, and the next Load uses it without a
// warning. Also when the graph file was rewritten in place.
func TestFillColumnsAfterConcurrentSave(t *testing.T) {
	for _, tc := range []struct {
		name    string
		replace func(t *testing.T, s *Store, path string)
		want    string // the topic of the graph file after the race
		cols    bool   // the column file then belongs to it
	}{
		{"replaced by a Save", func(t *testing.T, s *Store, path string) {
			other, err := New(s.Dir())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.Save(topicGraph(t, "新的")); err != nil {
				t.Fatal(err)
			}
		}, "新的", true},
		{"rewritten in place", func(t *testing.T, s *Store, path string) {
			time.Sleep(10 * time.Millisecond) // a later modification time
			rewrite(t, path, false, func(b []byte) []byte { return bytes.Replace(b, []byte("旧的"), []byte("改过"), 1) })
		}, "改过", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, path := savedTopic(t)
			if err := os.Remove(filepath.Join(filepath.Dir(path), ColumnsFileName)); err != nil {
				t.Fatal(err)
			}
			s.FillColumns = true
			s.fillRenaming = func() { tc.replace(t, s, path) }
			g, _, err := s.Load("r1")
			if err != nil || g.Name(0) != "旧的" {
				t.Fatalf("Load during the race: %v, topic %q; want the graph it read, 旧的", err, g.Name(0))
			}
			fresh, err := New(s.Dir())
			if err != nil {
				t.Fatal(err)
			}
			fromCols, warning := fresh.loadColumnsOf(t, "r1")
			if warning != "" || (fromCols != nil) != tc.cols {
				t.Fatalf("after the race: column file used %v (want %v), warning %q (want none)", fromCols != nil, tc.cols, warning)
			}
			loaded, rep, err := fresh.Load("r1")
			if err != nil || loaded.Name(0) != tc.want || len(rep.Warnings) != 0 {
				t.Errorf("Load after the race: %v, topic %q, warnings %q; want %q and none", err, loaded.Name(0), rep.Warnings, tc.want)
			}
			matches, _ := filepath.Glob(filepath.Join(s.Dir(), "r1", ".*.tmp"))
			if len(matches) != 0 {
				t.Errorf("temporary files left: %q", matches)
			}
		})
	}
}

// laterCancelled is a context whose Err is nil for its first n calls and
// context.Canceled after: cancelled while a column file is being written.
type laterCancelled struct {
	context.Context
	n atomic.Int32
}

func (c *laterCancelled) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// LoadContext fills no column file once ctx is done, and abandons one
// under way (Ctrl-C during a query's fill): the graph read is returned,
// and neither a column file nor a temporary file is left.
func TestLoadContextStopsFill(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  func() context.Context
	}{
		{"done before", func() context.Context { return cancelled }},
		{"done during the fill", func() context.Context {
			c := &laterCancelled{Context: context.Background()}
			c.n.Store(3) // the fill's own check and two chunks of records
			return c
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			path, err := s.Save(bigGraph(t, "r1", "末尾"))
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Dir(path)
			if err := os.Remove(filepath.Join(dir, ColumnsFileName)); err != nil {
				t.Fatal(err)
			}
			s.FillColumns = true
			g, _, err := s.LoadContext(tc.ctx(), "r1")
			if err != nil || g.NodeCount() != bigNodes {
				t.Fatalf("LoadContext: %v; want the graph of %d nodes", err, bigNodes)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if len(names) != 1 || names[0] != FileName {
				t.Errorf("files in the graph folder: %q; want only %s", names, FileName)
			}
		})
	}
}

// A Save that replaces the graph while a Load reads the graph file's bytes
// (build-graph rewriting a graph that a query is loading) does not pair
// the old graph file with the new column file: Load takes the column file
// opened with the graph file, so it reads the old graph from its own
// column file, without a warning.
func TestLoadPairsFilesOpenedTogether(t *testing.T) {
	s, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(topicGraph(t, "旧的")); err != nil {
		t.Fatal(err)
	}
	other, err := New(s.Dir())
	if err != nil {
		t.Fatal(err)
	}
	saved := false
	s.graphRead = func() {
		if !saved {
			saved = true
			if _, err := other.Save(topicGraph(t, "新的")); err != nil {
				t.Fatal(err)
			}
		}
	}
	g, rep, err := s.Load("r1")
	if err != nil || g.Name(0) != "旧的" || len(rep.Warnings) != 0 {
		t.Fatalf("Load during a Save: %v, topic %q, warnings %q; want 旧的 and no warning", err, g.Name(0), rep.Warnings)
	}
	g, rep, err = s.Load("r1")
	if err != nil || g.Name(0) != "新的" || len(rep.Warnings) != 0 {
		t.Errorf("Load after the Save: %v, topic %q, warnings %q; want 新的 and no warning", err, g.Name(0), rep.Warnings)
	}
}
