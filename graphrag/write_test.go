package graphrag

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// naiveJSON is the oracle of WriteJSON: every node and edge encoded by the
// codec's struct encoder, one after the other on one goroutine.
func naiveJSON(t testing.TB, g *Graph) string {
	t.Helper()
	head, _, err := g.headJSON()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.Write(head)
	enc := func(v any) {
		out, err := appendValue(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(out)
	}
	for v := 0; v < g.NodeCount(); v++ {
		if v > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		if r := g.srcRow[v]; r >= 0 {
			o := g.sourceOut(v)
			enc(&o)
		} else {
			a := g.attrs[v]
			if a == nil {
				a = Attributes{}
			}
			var derive *bool
			if g.Type(v) == TypeSection {
				var keep bool
				if a, keep = sectionOut(a); keep {
					derive = new(bool)
				}
			}
			enc(&nodeOut{g.ids[v], g.Type(v), g.names[v], a, derive})
		}
	}
	b.WriteString(g.midJSON())
	for i := 0; i < g.EdgeCount(); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		ab := g.ends[i]
		f, to := g.ids[ab[0]], g.ids[ab[1]]
		if recs := g.Records(i); recs != nil {
			enc(&foundOut{f, to, g.Relation(i), g.Weight(i), foundAttrs{recs}})
		} else {
			var a Attributes
			if g.eattrs != nil {
				a = g.eattrs[i]
			}
			if a == nil {
				a = Attributes{}
			}
			enc(&edgeOut{f, to, g.Relation(i), g.Weight(i), a})
		}
	}
	if g.EdgeCount() > 0 {
		b.WriteString("\n  ]\n}\n")
	} else {
		b.WriteString("]\n}\n")
	}
	return b.String()
}

// texts are strings of every kind the writers treat apart: plain ASCII,
// Chinese, escapes, control bytes, invalid UTF-8, U+2028.
var texts = []string{"", "plain", "https://x.example/a?b=1&c=2", "武汉大学舆情", "中文 and English，标点！", "q \"引号\"", "back\\slash",
	"tab\there", "\x01\x1f", "\u2028\u2029", "bad\xffbyte", "\xc3", "😀", "<script>&", "\x7f", strings.Repeat("长内容", 200)}

// rowsGraph has n typed sources with random texts and scores, n found
// edges with 1-3 records each (some with their own title or content),
// and a few generic nodes and edges in between.
func rowsGraph(t testing.TB, n int, seed uint64) *Graph {
	rng := rand.New(rand.NewPCG(seed, 1))
	pick := func() string { return texts[rng.IntN(len(texts))] + fmt.Sprint(rng.IntN(3)) }
	score := func() *float64 {
		switch rng.IntN(4) {
		case 0:
			return nil
		case 1:
			f := math.Float64frombits(rng.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) {
				f = 1e-7
			}
			return &f
		}
		f := float64(rng.IntN(100000)) / 100000
		return &f
	}
	g := NewWithCapacity(2*n, 2*n)
	g.TaskID, g.CreatedAt = "rand", "2026-12-01T00:00:00Z"
	if err := g.AddNode(&Node{ID: "q", Type: TypeSearchQuery, Name: pick(), Attrs: Attributes{{Key: "query_text", Value: pick()}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		key := "url"
		if rng.IntN(3) == 0 {
			key = "text"
		}
		v, err := g.AddSource(Source{ID: fmt.Sprintf("SRC_%d", i), Name: pick(), URL: pick(), Title: pick(), Content: pick(), Score: score(), Key: key})
		if err != nil {
			t.Fatal(err)
		}
		g.SetSourceTally(v, [][]string{{"query"}, {"query", "media"}, {"insight"}}[rng.IntN(3)], rng.IntN(5))
		var recs []Record
		for k := 0; k <= rng.IntN(3); k++ {
			r := Record{Index: rng.IntN(1000) - 10, Score: score(), Timestamp: pick()}
			if rng.IntN(4) == 0 {
				s := pick()
				r.Title = &s
			}
			if rng.IntN(4) == 0 {
				s := pick()
				r.Content = &s
			}
			recs = append(recs, r)
		}
		if err := g.AddFound(0, v, recs); err != nil {
			t.Fatal(err)
		}
		if i%1000 == 0 {
			id := fmt.Sprintf("gen%d", i)
			if err := g.AddNode(&Node{ID: id, Type: "entity", Name: pick(), Attrs: Attributes{{Key: "x", Value: pick()}}}); err != nil {
				t.Fatal(err)
			}
			if err := g.AddEdge(Edge{From: id, To: "q", Relation: "mentions", Weight: 0.5, Attrs: Attributes{{Key: "why", Value: pick()}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

// WriteJSON (chunks encoded in parallel, written in order) gives the
// oracle's bytes, on graphs of less than one chunk and of several.
func TestWriteJSONMatchesNaive(t *testing.T) {
	for _, n := range []int{0, 1, 50, 5000} {
		g := rowsGraph(t, n, uint64(n))
		var b bytes.Buffer
		if err := g.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if got, want := b.String(), naiveJSON(t, g); got != want {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("n=%d: WriteJSON differs from the codec at byte %d:\n got %.200q\nwant %.200q", n, i, got[i:], want[i:])
		}
	}
	g := richGraph(t)
	if got, want := writeString(t, g), naiveJSON(t, g); got != want {
		t.Fatalf("rich graph: got\n%s\nwant\n%s", got, want)
	}
}

// A NaN score or weight still fails the write, naming the node or edge.
func TestWriteJSONNonFinite(t *testing.T) {
	nan := math.NaN()
	g := New()
	if _, err := g.AddSource(Source{ID: "s", Name: "s", Score: &nan, Key: "url"}); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteJSON(io.Discard); err == nil || !strings.Contains(err.Error(), `node "s"`) {
		t.Errorf("NaN score: %v", err)
	}
	g = New()
	g.AddSource(Source{ID: "s", Name: "s", Key: "url"})
	g.AddNode(&Node{ID: "q", Type: TypeSearchQuery})
	if err := g.AddFound(1, 0, []Record{{Score: &nan}}); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteJSON(io.Discard); err == nil || !strings.Contains(err.Error(), "edge q -> s") {
		t.Errorf("NaN record score: %v", err)
	}
}

// BenchmarkAppendString: the ASCII shortcut against the codec for an id,
// and the codec (appendString's path) for a Chinese/English content.
func BenchmarkAppendString(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"id", "SRC_1f3a9c0b44d2e8a7b6c5d4e3"},
		{"content", strings.Repeat("舆情分析 market 报告，数据显示：公众关注度上升 12%。", 6)},
	} {
		buf := make([]byte, 0, 4096)
		b.Run(c.name+"/appendString", func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				buf = appendString(buf[:0], c.s)
			}
		})
		b.Run(c.name+"/codec", func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				buf, _ = appendValue(buf[:0], c.s)
			}
		})
	}
}

// Nodes appended unchecked (AppendNode, AppendSource) are found by every
// look-up afterwards, also by look-ups that start concurrently; the first
// source with a URL keeps it, and a checked AddNode still refuses a taken
// id.
func TestAppendIndexedOnUse(t *testing.T) {
	g := New()
	if err := g.AddNode(&Node{ID: "T", Type: TypeTopic}); err != nil {
		t.Fatal(err)
	}
	s1, _ := g.AppendSource(Source{ID: "s1", URL: "https://u", Key: "url"})
	s2, _ := g.AppendSource(Source{ID: "s2", URL: "https://u", Key: "url"})
	q, _ := g.AppendNode(&Node{ID: "q", Type: TypeSource, Attrs: Attributes{{Key: "url", Value: "https://v"}}})
	if _, err := g.AppendNode(&Node{ID: ""}); !errors.Is(err, ErrEmptyID) {
		t.Errorf("empty id: %v", err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for id, want := range map[string]int{"T": 0, "s1": s1, "s2": s2, "q": q} {
				if v, ok := g.Lookup(id); !ok || v != want {
					t.Errorf("Lookup(%q) = %d, %v; want %d", id, v, ok, want)
				}
			}
			if v, ok := g.SourceByURL("https://u"); !ok || v != s1 {
				t.Errorf("SourceByURL = %d, %v; want %d", v, ok, s1)
			}
			if v, ok := g.SourceByURL("https://v"); !ok || v != q {
				t.Errorf("SourceByURL(generic) = %d, %v; want %d", v, ok, q)
			}
		})
	}
	wg.Wait()
	if err := g.AddNode(&Node{ID: "s2", Type: TypeSource}); !errors.Is(err, ErrDuplicateNode) {
		t.Errorf("AddNode of an appended id: %v", err)
	}
	s3, _ := g.AppendSource(Source{ID: "s3", Key: "text"})
	if err := g.AddEdge(Edge{From: "q", To: "s3", Relation: RelFound}); err != nil {
		t.Fatal(err)
	}
	if n, ok := g.Node("s3"); !ok || n.ID != "s3" || s3 != 4 {
		t.Errorf("Node(s3) = %v, %v", n, ok)
	}
}

// benchGraph has n typed sources with text shaped like the synthetic
// scale input (ASCII ids and URLs, mixed Chinese/English titles and
// contents of about 30 and 450 bytes) and one found edge each.
func benchGraph(b *testing.B, n int) *Graph {
	words := []string{"舆情", "分析", "market", "报告", "数据", "显示", "公众", "关注度", "上升", "dashboard", "平台", "用户", "热度", "fix", "，", "。", "！"}
	rng := rand.New(rand.NewPCG(1, 2))
	text := func(k int) string {
		var sb strings.Builder
		for range k {
			sb.WriteString(words[rng.IntN(len(words))])
		}
		return sb.String()
	}
	g := NewWithCapacity(n+1, n)
	g.TaskID = "bench"
	g.AddNode(&Node{ID: "query_P0_Q0", Type: TypeSearchQuery, Name: "q"})
	for i := range n {
		sc := float64(rng.IntN(100000)) / 100000
		v, _ := g.AppendSource(Source{ID: fmt.Sprintf("SRC_%024x", rng.Uint64()), Name: text(6), URL: fmt.Sprintf("https://blog.example.net/p/%d", i),
			Title: text(6), Content: text(90), Score: &sc, Key: "url"})
		g.SetSourceTally(v, []string{"query"}, 1)
		g.AddFound(0, v, []Record{{Index: i, Score: &sc, Timestamp: "2024-10-01T10:01:13.177549"}})
	}
	return g
}

// BenchmarkWriteRuns encodes typed rows in chunks as WriteJSON's workers
// do, on one goroutine: a run at a time, and (as before) one codec call
// per row.
func BenchmarkWriteRuns(b *testing.B) {
	g := benchGraph(b, 20000)
	b.Run("runs", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			var err error
			for v := 0; v < g.NodeCount(); v += writeChunk {
				if buf, err = g.appendNodes(buf[:0], v, min(v+writeChunk, g.NodeCount())); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < g.EdgeCount(); i += writeChunk {
				if buf, err = g.appendEdges(buf[:0], i, min(i+writeChunk, g.EdgeCount())); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("per-row", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			for v := 0; v < g.NodeCount(); v++ {
				if v%writeChunk == 0 {
					buf = buf[:0]
				}
				if r := g.srcRow[v]; r >= 0 {
					o := g.sourceOut(v)
					buf, _ = appendValue(append(buf, ",\n    "...), &o)
				}
			}
			for i := 0; i < g.EdgeCount(); i++ {
				if i%writeChunk == 0 {
					buf = buf[:0]
				}
				ab := g.ends[i]
				buf, _ = appendValue(append(buf, ",\n    "...), &foundOut{g.ids[ab[0]], g.ids[ab[1]], g.Relation(i), g.Weight(i), foundAttrs{g.Records(i)}})
			}
		}
	})
}
