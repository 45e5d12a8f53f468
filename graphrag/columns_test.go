package graphrag

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// textOf is js as ReadGraphText gives it.
func textOf(js []byte) GraphText { return NewGraphText(bytes.Clone(js)) }

// bothFiles writes g's graph file and its column file at once
// (WriteJSONColumns, as Save does).
func bothFiles(t testing.TB, g *Graph) (GraphText, []byte) {
	t.Helper()
	var js, cols bytes.Buffer
	if err := g.WriteJSONColumns(context.Background(), &js, &cols); err != nil {
		t.Fatal(err)
	}
	return textOf(js.Bytes()), cols.Bytes()
}

// bothWays writes g as JSON and as columns and reads each back: the
// column file must give the graph the JSON file gives.
func bothWays(t *testing.T, g *Graph) (fromJSON, fromColumns *Graph) {
	t.Helper()
	js, cols := bothFiles(t, g)
	if js.Text != writeString(t, g) {
		t.Fatal("WriteJSONColumns writes other JSON than WriteJSON")
	}
	fromJSON, _, err := ReadJSONText(js.Text)
	if err != nil {
		t.Fatal(err)
	}
	fromColumns, err = ReadColumns(bytes.NewReader(cols), js)
	if err != nil {
		t.Fatal(err)
	}
	return fromJSON, fromColumns
}

// sameGraph compares two graphs through every accessor, and their JSON.
func sameGraph(t *testing.T, want, got *Graph) {
	t.Helper()
	if a, b := writeString(t, want), writeString(t, got); a != b {
		t.Errorf("graphs write different JSON:\n%s", cmp.Diff(a, b))
	}
	if got.TaskID != want.TaskID || got.CreatedAt != want.CreatedAt {
		t.Errorf("task_id, created_at = %q, %q; want %q, %q", got.TaskID, got.CreatedAt, want.TaskID, want.CreatedAt)
	}
	if d := cmp.Diff(want.Meta, got.Meta); d != "" {
		t.Errorf("meta (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want.TypeNames(), got.TypeNames()); d != "" {
		t.Errorf("type names (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want.Stats(), got.Stats()); d != "" {
		t.Errorf("stats (-want +got):\n%s", d)
	}
	if got.NodeCount() != want.NodeCount() || got.EdgeCount() != want.EdgeCount() {
		t.Fatalf("%d nodes, %d edges; want %d, %d", got.NodeCount(), got.EdgeCount(), want.NodeCount(), want.EdgeCount())
	}
	for v := 0; v < want.NodeCount(); v++ {
		if got.ID(v) != want.ID(v) || got.Type(v) != want.Type(v) || got.TypeCode(v) != want.TypeCode(v) || got.Name(v) != want.Name(v) {
			t.Errorf("node %d: %q %q %q, want %q %q %q", v, got.ID(v), got.Type(v), got.Name(v), want.ID(v), want.Type(v), want.Name(v))
		}
		if (got.srcRow[v] >= 0) != (want.srcRow[v] >= 0) {
			t.Errorf("node %q: typed %v, want %v", want.ID(v), got.srcRow[v] >= 0, want.srcRow[v] >= 0)
		}
		if d := cmp.Diff(want.Attrs(v), got.Attrs(v)); d != "" {
			t.Errorf("node %q attributes (-want +got):\n%s", want.ID(v), d)
		}
		if got.DerivedOf(v) != want.DerivedOf(v) {
			t.Errorf("node %q derived %+v, want %+v", want.ID(v), got.DerivedOf(v), want.DerivedOf(v))
		}
		w, okW := want.Lookup(want.ID(v))
		g, okG := got.Lookup(want.ID(v))
		if w != g || okW != okG {
			t.Errorf("Lookup(%q) = %d %v, want %d %v", want.ID(v), g, okG, w, okW)
		}
		if u := want.String(v, "url"); u != "" {
			w, okW := want.SourceByURL(u)
			g, okG := got.SourceByURL(u)
			if w != g || okW != okG {
				t.Errorf("SourceByURL(%q) = %d %v, want %d %v", u, g, okG, w, okW)
			}
		}
	}
	if d := cmp.Diff(want.EdgeEnds(), got.EdgeEnds()); d != "" {
		t.Errorf("edge ends (-want +got):\n%s", d)
	}
	for i := 0; i < want.EdgeCount(); i++ {
		if got.Relation(i) != want.Relation(i) || got.Weight(i) != want.Weight(i) {
			t.Errorf("edge %d: %q %v, want %q %v", i, got.Relation(i), got.Weight(i), want.Relation(i), want.Weight(i))
		}
		if d := cmp.Diff(want.Records(i), got.Records(i)); d != "" {
			t.Errorf("edge %d records (-want +got):\n%s", i, d)
		}
		if d := cmp.Diff(want.EdgeAttrs(i), got.EdgeAttrs(i)); d != "" {
			t.Errorf("edge %d attributes (-want +got):\n%s", i, d)
		}
	}
}

// oddGraph adds to richGraph what the JSON reader changes on the way
// (invalid UTF-8 spelt U+FFFD, a generic source that reads back typed, a
// typed source that reads back generic, generic edge attributes in the
// record shape, values set in code that read back as json.Number or
// ordered objects) and what it keeps (empty names, huge and tiny numbers).
func oddGraph(t *testing.T) *Graph { return oddGraphSized(t, 300_000) }

// oddGraphSized is oddGraph with a report of n runes (the fuzz seeds use
// a small one).
func oddGraphSized(t *testing.T, n int) *Graph {
	g := richGraph(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	bad := "坏\xff\xfe字"
	s, err := g.AddSource(Source{ID: "SRC_bad", Name: bad, URL: "https://x.example/" + bad, Title: bad, Content: "内容" + bad, Score: fp(math.Copysign(0, -1)), Key: "url"})
	must(err)
	g.SetSourceTally(s, []string{"media", bad}, -3)
	s2, err := g.AddSource(Source{ID: "SRC_oddkey", Name: "n", Title: "t", Content: "c", Key: "other"})
	must(err)
	g.SetSourceTally(s2, nil, 0)
	must(g.AddNode(&Node{ID: "SRC_generic", Type: TypeSource, Name: "g", Attrs: Attributes{{Key: "url", Value: "https://x.example/g"}, {Key: "key", Value: "url"}, {Key: "engines", Value: []string{}}}}))
	must(g.AddNode(&Node{ID: "SRC_generic2", Type: TypeSource, Name: "g2", Attrs: Attributes{{Key: "url", Value: "https://x.example/1"}, {Key: "extra", Value: 1}}}))
	must(g.AddNode(&Node{ID: "sec", Type: TypeSection, Name: "", Attrs: Attributes{
		{Key: "order", Value: 3}, {Key: "big", Value: int64(1) << 60}, {Key: "f", Value: 1e300}, {Key: "tiny", Value: 5e-324},
		{Key: "m", Value: map[string]any{"b": 1, "a": []string{"x"}}}, {Key: "s", Value: struct {
			X int `json:"x"`
		}{7}}, {Key: "bad", Value: bad}, {Key: "nil", Value: nil}, {Key: "empty", Value: Attributes{}}, {Key: "list", Value: []any{}}}}))
	must(g.AddEdge(Edge{From: "sec", To: "SRC_bad", Relation: RelFound, Attrs: Attributes{{Key: "records", Value: []any{
		Attributes{{Key: "index", Value: 1}, {Key: "score", Value: nil}, {Key: "timestamp", Value: "t"}}}}}}))
	must(g.AddEdge(Edge{From: "sec", To: "x", Relation: Relation("rel" + "\u2028"), Weight: 0.125, Attrs: Attributes{}}))
	must(g.AddFound(1, s, []Record{{Index: -1, Score: fp(math.Copysign(0, -1)), Timestamp: bad, Title: sp(""), Content: sp(bad)}}))
	must(g.AddNode(&Node{ID: "sec2", Type: TypeSection, Name: "二", Attrs: Attributes{
		{Key: "order", Value: 3}, {Key: "big", Value: int64(1) << 60}, {Key: "u", Value: uint8(7)}, {Key: "f", Value: 1e300}, {Key: "tiny", Value: 5e-324},
		{Key: "neg", Value: math.Copysign(0, -1)}, {Key: "n", Value: json.Number("1.50")}, {Key: "dup", Value: 1}, {Key: "dup", Value: "2"},
		{Key: "strs", Value: []string{"a", bad}}, {Key: "deep", Value: []any{[]any{Attributes{{Key: "k", Value: []any{}}}}}},
		{Key: bad, Value: true}, {Key: "empty", Value: Attributes{}}}}))
	// Over a megabyte of text before a value only JSON spells: the value
	// written so far is taken back, not flushed.
	must(g.AddNode(&Node{ID: "report", Type: TypeEngine, Name: "query", Attrs: Attributes{
		{Key: "final_report", Value: strings.Repeat("报", n)}, {Key: "m", Value: map[string]int{"z": 1, "a": 2}}}}))
	must(g.AddEdge(Edge{From: "sec2", To: "report", Relation: "cites", Attrs: Attributes{{Key: "records", Value: "not records"}, {Key: "n", Value: 2}}}))
	must(g.AddEdge(Edge{From: "report", To: "sec2", Relation: "cites", Attrs: Attributes{{Key: "x", Value: map[string]int{"a": 1}}}}))
	g.Meta = append(g.Meta, Attr{Key: "note", Value: bad}, Attr{Key: "nodes", Value: "reserved: not written"})
	g.TaskID = "r" + bad
	return g
}

func TestColumnsMatchJSON(t *testing.T) {
	for name, g := range map[string]*Graph{"rich": richGraph(t), "odd": oddGraph(t), "empty": New(), "sources": sourcesGraph(t, 5000), "derived": derivedGraph(t)} {
		t.Run(name, func(t *testing.T) {
			fromJSON, fromColumns := bothWays(t, g)
			sameGraph(t, fromJSON, fromColumns)
			// The column file of a graph read from a file (Load's
			// FillColumns): written for that file's text.
			js := textOf([]byte(writeString(t, g)))
			var cols bytes.Buffer
			if err := fromJSON.WriteColumns(context.Background(), &cols, js); err != nil {
				t.Fatal(err)
			}
			filled, err := ReadColumns(&cols, js)
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, fromJSON, filled)
		})
	}
}

// sourcesGraph is a graph of n typed sources found by one query, the
// shape of a built graph, with one text that JSON must escape.
func sourcesGraph(t testing.TB, n int) *Graph {
	g := NewWithCapacity(n+1, n)
	// A report of 90 KB that JSON escapes (its newlines), before the
	// sources: the look-ups after it must find the rows again.
	report := strings.Repeat("报告的一行。\n", 5000)
	// A value set in code that only JSON spells (a struct, as the
	// builder's forum speeches), with a text JSON escapes.
	speeches := []struct {
		Content string `json:"content"`
	}{{"发言一：\"引号\"\n换行的发言内容"}}
	if err := g.AddNode(&Node{ID: "q", Type: TypeSearchQuery, Name: "查询", Attrs: Attributes{{Key: "query", Value: "查询"}, {Key: "report", Value: report}, {Key: "speeches", Value: speeches}}}); err != nil {
		t.Fatal(err)
	}
	const q = 0
	for i := range n {
		content := fmt.Sprintf("第%d条：网友讨论了价格、服务和排队的问题，评论区很热闹。", i)
		if i == n/2 {
			content = "a \"quoted\"\nline"
		}
		v, err := g.AppendSource(Source{ID: fmt.Sprintf("SRC_%06d", i), Name: fmt.Sprintf("标题%d", i), URL: fmt.Sprintf("https://example.com/%d", i),
			Title: fmt.Sprintf("标题%d", i), Content: content, Score: fp(float64(i%100) / 100), Key: "url"})
		if err != nil {
			t.Fatal(err)
		}
		g.SetSourceTally(v, []string{"query", "media"}, 1+i%3)
		if err := g.AddFound(q, v, []Record{{Index: i, Score: fp(0.5), Timestamp: "2024-10-01T10:01:13.177549"}}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// The column file points into the graph file, also to the texts JSON
// spells with escapes (the report's newlines, a quote): it holds no text
// of the graph, also after a long escaped text and when written for a file
// read back (WriteColumns).
func TestColumnsIndexTheJSON(t *testing.T) {
	g := sourcesGraph(t, 5000)
	js, cols := bothFiles(t, g)
	back, _, err := ReadJSONText(js.Text)
	if err != nil {
		t.Fatal(err)
	}
	var filled bytes.Buffer
	if err := back.WriteColumns(context.Background(), &filled, js); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string][]byte{"saved": cols, "filled": filled.Bytes()} {
		if limit := len(js.Text) / 8; len(c) > limit {
			t.Errorf("%s: column file %d bytes for %d bytes of JSON, want at most %d", name, len(c), len(js.Text), limit)
		}
		for _, text := range []string{"报告的一行。", "换行的发言内容"} {
			if bytes.Contains(c, []byte(text)) {
				t.Errorf("%s: %q is stored in the column file", name, text)
			}
		}
		for v := range g.NodeCount() {
			if s := g.String(v, "content"); s != "" && bytes.Contains(c, []byte(s)) {
				t.Errorf("%s: node %s: content %q stored in the column file", name, g.ID(v), s)
			}
		}
	}
}

func TestWriteColumnsRefuses(t *testing.T) {
	dup := New()
	for _, id := range []string{"a", "b"} {
		if err := dup.AddNode(&Node{ID: id, Type: TypeTopic}); err != nil {
			t.Fatal(err)
		}
	}
	_ = dup.Link(0, 1, RelContains)
	_ = dup.Link(0, 1, RelContains) // unchecked: the JSON reader drops it
	badID := New()
	_ = badID.AddNode(&Node{ID: "a\xff", Type: TypeTopic})
	badType := New()
	_ = badType.AddNode(&Node{ID: "a", Type: "t\xff"})
	for name, g := range map[string]*Graph{"duplicate edge": dup, "invalid id": badID, "invalid type": badType} {
		var js bytes.Buffer
		if err := g.WriteJSONColumns(context.Background(), &js, &bytes.Buffer{}); !errors.Is(err, ErrNoColumns) || js.Len() != 0 {
			t.Errorf("%s: %v after %d bytes of JSON, want ErrNoColumns before any", name, err, js.Len())
		}
		if err := g.WriteColumns(context.Background(), &bytes.Buffer{}, GraphText{}); !errors.Is(err, ErrNoColumns) {
			t.Errorf("%s: WriteColumns: %v, want ErrNoColumns", name, err)
		}
	}
	if err := New().WriteColumns(context.Background(), &bytes.Buffer{}, textOf([]byte("{\"nodes\": [\"\xff\"]}"))); !errors.Is(err, ErrNoColumns) {
		t.Errorf("a graph file that is not UTF-8: %v, want ErrNoColumns", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := richGraph(t).WriteJSONColumns(ctx, &bytes.Buffer{}, &bytes.Buffer{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	js := textOf([]byte(writeString(t, richGraph(t))))
	if err := richGraph(t).WriteColumns(ctx, &bytes.Buffer{}, js); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled WriteColumns: %v", err)
	}
}

func TestReadColumnsRejects(t *testing.T) {
	js, good := bothFiles(t, richGraph(t))
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x40
		return b
	}
	otherVersion := bytes.Clone(good)
	binary.LittleEndian.PutUint32(otherVersion[8:], ColumnsVersion+1)
	older := bytes.Clone(good)
	binary.LittleEndian.PutUint32(older[8:], 2) // the layout with a copy of every string
	// The same length, one byte in the middle changed (a same-size edit).
	edited := []byte(js.Text)
	edited[len(edited)/2] ^= 1
	for name, tc := range map[string]struct {
		data []byte
		js   GraphText
		want error
	}{
		"edited graph file":   {good, textOf(edited), ErrColumnsMismatch},
		"longer graph file":   {good, textOf([]byte(js.Text + " ")), ErrColumnsMismatch},
		"other version":       {otherVersion, js, ErrColumnsStale},
		"version 2":           {older, js, ErrColumnsStale},
		"empty":               {nil, js, ErrColumnsCorrupt},
		"not columns":         {[]byte(`{"nodes": []}` + strings.Repeat(" ", 20)), js, ErrColumnsCorrupt},
		"truncated header":    {good[:10], js, ErrColumnsCorrupt},
		"truncated":           {good[:len(good)/2], js, ErrColumnsCorrupt},
		"no checksum":         {good[:len(good)-4], js, ErrColumnsCorrupt},
		"damaged body":        {flip(len(good) / 2), js, ErrColumnsCorrupt},
		"damaged checksum":    {flip(len(good) - 1), js, ErrColumnsCorrupt},
		"damaged file crc":    {flip(len(good) - 6), js, ErrColumnsCorrupt},
		"offset out of file":  {withTrailer(good, textOf([]byte(js.Text[:len(js.Text)/3]))), textOf([]byte(js.Text[:len(js.Text)/3])), ErrColumnsCorrupt},
		"edges in the header": {withEdgesAt(good, 5), js, ErrColumnsCorrupt},
		"edges past the end":  {withEdgesAt(good, uint64(len(good))), js, ErrColumnsCorrupt},
		"edges one byte late": {withEdgesAt(good, binary.LittleEndian.Uint64(good[len(good)-trailerSize:])+1), js, ErrColumnsCorrupt},
	} {
		g, err := ReadColumns(bytes.NewReader(tc.data), tc.js)
		if !errors.Is(err, tc.want) || g != nil {
			t.Errorf("%s: %v, %v; want %v", name, g != nil, err, tc.want)
		}
	}
}

// withTrailer gives a column file the length and CRC-32C of js and a
// valid checksum, so that the fuzzer reaches the parser behind them.
func withTrailer(b []byte, js GraphText) []byte {
	if len(b) < trailerSize {
		return b
	}
	out := bytes.Clone(b[:len(b)-16]) // through the edges' offset
	out = binary.LittleEndian.AppendUint64(out, uint64(len(js.Text)))
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum([]byte(js.Text), castagnoli))
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
}

// withEdgesAt sets where a column file says its edges start, with a
// valid checksum.
func withEdgesAt(b []byte, at uint64) []byte {
	out := bytes.Clone(b[:len(b)-4])
	binary.LittleEndian.PutUint64(out[len(out)-20:], at)
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
}

// FuzzReadColumns: any input is refused with ErrColumnsStale or
// ErrColumnsCorrupt, or gives a graph that writes and reads back as
// itself. Inputs get the graph file's length and CRC and a valid
// checksum, so the parser is what is fuzzed; the graph file is fuzzed too.
func FuzzReadColumns(f *testing.F) {
	t := &testing.T{}
	for _, g := range []*Graph{richGraph(t), oddGraphSized(t, 10), New(), sourcesGraph(t, 20), derivedGraph(t)} {
		js, cols := bothFiles(t, g)
		f.Add(cols, js.Text)
	}
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		js := textOf([]byte(text))
		data = withTrailer(data, js)
		g, err := ReadColumns(bytes.NewReader(data), js)
		if err != nil {
			if !errors.Is(err, ErrColumnsCorrupt) && !errors.Is(err, ErrColumnsStale) {
				t.Fatalf("error %v is neither corrupt nor stale", err)
			}
			return
		}
		var jb bytes.Buffer
		if err := g.WriteJSON(&jb); err != nil {
			return // a value JSON cannot hold (a NaN score): Save refuses it too
		}
		js2, cb := bothFilesOK(g)
		if cb == nil {
			return // duplicate ids or edges the file declared: no column form
		}
		back, err := ReadColumns(bytes.NewReader(cb), js2)
		if err != nil {
			t.Fatalf("rewritten columns: %v", err)
		}
		// Compared after a JSON round trip each: a crafted file may hold
		// invalid UTF-8, which the JSON writer escapes and the column
		// writer stores as the JSON reader gives it back.
		g1, _, err1 := ReadJSON(&jb)
		g2, _, err2 := ReadJSON(strings.NewReader(writeString(t, back)))
		if err1 != nil || err2 != nil {
			t.Fatalf("reading the JSON back: %v, %v", err1, err2)
		}
		if a, b := writeString(t, g1), writeString(t, g2); a != b {
			t.Fatalf("rewritten columns write different JSON:\n%s", cmp.Diff(a, b))
		}
	})
}

// bothFilesOK is bothFiles with nil for a graph without a column form.
func bothFilesOK(g *Graph) (GraphText, []byte) {
	var js, cols bytes.Buffer
	if err := g.WriteJSONColumns(context.Background(), &js, &cols); err != nil {
		return GraphText{}, nil
	}
	return textOf(js.Bytes()), cols.Bytes()
}

// ReadGraphText gives the bytes and CRC-32C of what it reads: a file in
// parts (over 8 MiB: one goroutine per core), or any other reader.
func TestReadGraphText(t *testing.T) {
	data := make([]byte, 17<<20+123)
	for i := range data {
		data[i] = byte(i*7 + i>>13)
	}
	path := filepath.Join(t.TempDir(), "g.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromFile, err := ReadGraphText(f)
	if err != nil {
		t.Fatal(err)
	}
	fromReader, err := ReadGraphText(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli))
	for name, got := range map[string]GraphText{"file": fromFile, "reader": fromReader} {
		if got.Text != string(data) || got.CRC() != want {
			t.Errorf("%s: %d bytes, CRC %08x; want %d, %08x", name, len(got.Text), got.CRC(), len(data), want)
		}
	}
	if empty, err := ReadGraphText(strings.NewReader("")); err != nil || empty.Text != "" || empty.CRC() != 0 {
		t.Errorf("empty: %q, %v", empty.Text, err)
	}
}

// BenchmarkReadGraphText reads a 64 MiB file: "file" in parts on every
// core into one buffer (ReadGraphText given the *os.File), "stream" as a
// reader of known size that is no io.ReaderAt (one goroutine reading into
// a buffer of the file's size).
func BenchmarkReadGraphText(b *testing.B) {
	path := filepath.Join(b.TempDir(), "g.json")
	if err := os.WriteFile(path, bytes.Repeat([]byte(`{"id":"SRC_1","name":"标题"},`), 64<<20/32), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, how := range []string{"file", "stream"} {
		b.Run(how, func(b *testing.B) {
			b.SetBytes(64 << 20)
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				var r io.Reader = f
				if how == "stream" {
					r = statReader{f}
				}
				if _, err := ReadGraphText(r); err != nil {
					b.Fatal(err)
				}
				f.Close()
			}
		})
	}
}

// statReader is a file seen as a plain reader that can say its size.
type statReader struct{ f *os.File }

func (s statReader) Read(p []byte) (int, error) { return s.f.Read(p) }
func (s statReader) Stat() (os.FileInfo, error) { return s.f.Stat() }

// CheckColumns keeps its outcome only until the graph changes.
func TestCheckColumnsAfterChange(t *testing.T) {
	g := New()
	for _, id := range []string{"a", "b"} {
		if err := g.AddNode(&Node{ID: id, Type: TypeTopic}); err != nil {
			t.Fatal(err)
		}
	}
	_ = g.Link(0, 1, RelContains)
	if err := g.CheckColumns(); err != nil {
		t.Fatalf("one edge: %v", err)
	}
	_ = g.Link(0, 1, RelContains) // the same pair again
	if err := g.CheckColumns(); !errors.Is(err, ErrNoColumns) {
		t.Fatalf("after a repeated edge: %v, want ErrNoColumns", err)
	}
	h := New()
	_ = h.AddNode(&Node{ID: "a", Type: TypeTopic})
	if err := h.CheckColumns(); err != nil {
		t.Fatal(err)
	}
	_ = h.AddNode(&Node{ID: "b\xff", Type: TypeTopic})
	if err := h.CheckColumns(); !errors.Is(err, ErrNoColumns) {
		t.Fatalf("after an invalid id: %v, want ErrNoColumns", err)
	}
}

// anchorID is its definition: printable ASCII (DEL included) without the
// bytes some JSON writers escape.
func TestAnchorIDDefinition(t *testing.T) {
	oracle := func(s string) bool {
		for _, r := range []byte(s) {
			if r < 0x20 || r >= 0x80 || strings.IndexByte("\"\\<>&/", r) >= 0 {
				return false
			}
		}
		return true
	}
	for c := 0; c < 256; c++ {
		for _, s := range []string{string(rune(0)) + "x", "SRC_" + string([]byte{byte(c)}), string([]byte{byte(c)}) + "abc", ""} {
			s = strings.Replace(s, "\x00", string([]byte{byte(c)}), 1)
			if got, want := anchorID(s), oracle(s); got != want {
				t.Fatalf("anchorID(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

// The graph's Meta (a build section holding a long text: a non-forum file
// given as a forum is one entry of 1 MB, with newlines and quotes) is not
// stored in the column file but pointed to in the graph file, when saved
// and when filled for a file read back; the column file gives the Meta
// the JSON gives. Before, the column file held the whole text again.
func TestColumnsPointToMeta(t *testing.T) {
	g := sourcesGraph(t, 20)
	entry := strings.Repeat("不是论坛日志的一行 \"引号\" a<b&c\n", 4000)
	g.Meta.Set("build", map[string]any{"forum_unattached": []map[string]string{{"speaker": "SYSTEM", "content": entry}}})
	g.Meta.Set("note", "最后一个")
	fromJSON, fromColumns := bothWays(t, g)
	sameGraph(t, fromJSON, fromColumns)
	js, cols := bothFiles(t, g)
	var filled bytes.Buffer
	if err := fromJSON.WriteColumns(context.Background(), &filled, js); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string][]byte{"saved": cols, "filled": filled.Bytes()} {
		if bytes.Contains(c, []byte("不是论坛日志的一行")) || len(c) > len(entry)/20 {
			t.Errorf("%s: column file of %d bytes holds the build text (%d bytes)", name, len(c), len(entry))
		}
		back, err := ReadColumns(bytes.NewReader(c), js)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sameGraph(t, fromJSON, back)
		if b, _ := back.Meta.Get("build"); !strings.Contains(fmt.Sprint(b), "不是论坛日志的一行 \"引号\" a<b&c\n") {
			t.Errorf("%s: Meta build %.80v", name, b)
		}
	}
}
