package knowledge

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/llm/offline"
)

// BenchmarkFromParquetDulce measures loading the Dulce index (7 parquet
// files, 39 entities).
func BenchmarkFromParquetDulce(b *testing.B) {
	dir := fixture.Dulce(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromParquet(dir, ParquetOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFromGraphBettaFish measures mapping the BettaFish fixture graph
// (277 nodes, 350 edges, about 280 texts) onto the data model.
func BenchmarkFromGraphBettaFish(b *testing.B) {
	g := bettafishGraph(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromGraph(context.Background(), g, GraphOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFromGraphScale is FromGraph on a large stored graph:
// REPORTENGINE_BENCH_GRAPH names its graphrag.json (e.g. the graph of the
// 300 000-record synthetic input, 259 382 entities and 256 561 text
// units); skipped without it. The name automaton's pass over every text is
// most of it.
func BenchmarkFromGraphScale(b *testing.B) {
	path := os.Getenv("REPORTENGINE_BENCH_GRAPH")
	if path == "" {
		b.Skip("REPORTENGINE_BENCH_GRAPH not set")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	g, _, err := graphrag.ReadJSON(bufio.NewReader(f))
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromGraph(context.Background(), g, GraphOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOfflineEmbedderBettaFish measures the offline embedder over the
// BettaFish fixture graph: fitting it on every entity text
// ("title:description"), then (fitted once outside the loop) embedding
// every entity text, then every text unit.
func BenchmarkOfflineEmbedderBettaFish(b *testing.B) {
	m, err := FromGraph(context.Background(), bettafishGraph(b), GraphOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var ents, units []string
	for _, e := range m.Entities() {
		ents = append(ents, EntityText(e))
	}
	for _, u := range m.TextUnits() {
		units = append(units, u.Text)
	}
	b.Run("fit_entities", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			offline.NewEmbedder(0).Fit(ents)
		}
	})
	emb := offline.NewEmbedder(0).Fit(ents)
	for _, c := range []struct {
		name  string
		texts []string
	}{{"entities", ents}, {"text_units", units}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := emb.Embed(context.Background(), c.texts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExactStoreNearest100k measures one exact search for the 20
// nearest of 100 000 vectors of 128 dimensions.
func BenchmarkExactStoreNearest100k(b *testing.B) {
	const n, dim = 100_000, 128
	ids := make([]string, n)
	vecs := make([][]float32, n)
	x := uint32(1)
	for i := range vecs {
		ids[i] = "e" + strconv.Itoa(i)
		vecs[i] = make([]float32, dim)
		for k := range vecs[i] {
			x = x*1664525 + 1013904223
			vecs[i][k] = float32(x>>8)/(1<<24) - 0.5
		}
	}
	s, err := NewExactStore(ExactStoreConfig{IDs: ids, Vectors: vecs})
	if err != nil {
		b.Fatal(err)
	}
	q := vecs[n/2]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Nearest(context.Background(), q, 20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVectorFile measures writing and reading the binary vector cache
// of 50 000 entities of 512 dimensions (103 MB; the JSON of earlier
// releases took about ten times as long to read).
func BenchmarkVectorFile(b *testing.B) {
	const n, dim = 50_000, 512
	info := llm.EmbedderInfo{Provider: "offline", Model: "bench", Dimensions: dim}
	f := vectorFile{info: info, ids: make([]string, n), sums: make([]textSum, n), sq: make([]float64, n), cols: make([]float32, n*dim)}
	for i := range f.ids {
		f.ids[i] = "SRC_" + strconv.Itoa(i)
		f.sums[i] = sumText(f.ids[i])
	}
	for i := range f.cols {
		f.cols[i] = float32(i%977) / 977
	}
	path := filepath.Join(b.TempDir(), "v.bin")
	write := func(b *testing.B) {
		if err := atomicfile.Write(path, 0o644, func(w io.Writer) error { return writeVectorFile(context.Background(), w, f) }); err != nil {
			b.Fatal(err)
		}
	}
	write(b)
	b.Run("write", func(b *testing.B) {
		b.SetBytes(int64(4 * len(f.cols)))
		for b.Loop() {
			write(b)
		}
	})
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(4 * len(f.cols)))
		for b.Loop() {
			if _, err := readVectorFile(context.Background(), path, info); err != nil {
				b.Fatal(err)
			}
		}
	})
}
