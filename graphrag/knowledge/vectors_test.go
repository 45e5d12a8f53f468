package knowledge

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"reportengine/internal/fixture"
	"reportengine/llm"
	"reportengine/llm/offline"
)

// B29: a query of another length is a clear error, never a panic or a
// similarity of 0; mixed stored lengths name the first offending entity.
func TestExactStoreDimensionMismatch(t *testing.T) {
	info := llm.EmbedderInfo{Provider: "p", Model: "m", Dimensions: 4}
	s, err := NewExactStore(ExactStoreConfig{Info: info, IDs: []string{"e1"}, Vectors: [][]float32{{0.1, 0.2, 0.3, 0.4}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Nearest(context.Background(), []float32{0.5, 0.1, 0.2}, 1)
	var me *EmbedderMismatchError
	if !errors.Is(err, ErrDimensionMismatch) || !errors.As(err, &me) {
		t.Fatalf("err %v", err)
	}
	if want := "embedding dimension mismatch: stored=4, query=3 (graph built with a different embedding model?)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = NewExactStore(ExactStoreConfig{Info: info, IDs: []string{"e1", "e2", "e3"}, Vectors: [][]float32{{1, 2, 3, 4}, {1, 2, 3}, {1}}})
	if !errors.As(err, &me) || me.Entity != "e2" || me.Got != 3 || !errors.Is(err, ErrDimensionMismatch) {
		t.Errorf("mixed dims: %v", err)
	}
	other := offline.NewEmbedder(4)
	if err := checkEmbedder(s, other); !errors.Is(err, ErrEmbedderMismatch) {
		t.Errorf("other model, same dims: %v", err)
	}
	if err := checkEmbedder(s, offline.NewEmbedder(8)); !errors.Is(err, ErrDimensionMismatch) {
		t.Errorf("other dims: %v", err)
	}
}

func TestExactStoreNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n, dim = 20_000, 8 // several chunks of nearestChunk rows
	ids := make([]string, n)
	vecs := make([][]float32, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("e%05d", (i*7919)%n) // not in id order
		vecs[i] = make([]float32, dim)
		for k := range vecs[i] {
			vecs[i][k] = float32(rng.IntN(3)) // few values: many exact ties
		}
	}
	s, err := NewExactStore(ExactStoreConfig{Info: llm.EmbedderInfo{Dimensions: dim}, IDs: ids, Vectors: vecs})
	if err != nil {
		t.Fatal(err)
	}
	q := []float32{1, 0, 2, 1, 1, 0, 2, 1}
	type pair struct {
		id string
		d  float64
	}
	var all []pair
	for i, v := range vecs {
		var d float64
		for k := range v {
			d += float64((v[k] - q[k]) * (v[k] - q[k]))
		}
		all = append(all, pair{ids[i], d})
	}
	sort.Slice(all, func(a, b int) bool {
		if all[a].d != all[b].d {
			return all[a].d < all[b].d
		}
		return all[a].id < all[b].id
	})
	for _, k := range []int{1, 10, 57, n, n + 5} {
		got, err := s.Nearest(context.Background(), q, k)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != min(k, n) {
			t.Fatalf("k=%d: %d results", k, len(got))
		}
		for i, g := range got {
			if g.ID != all[i].id || g.Distance != all[i].d {
				t.Fatalf("k=%d: result %d = %+v, want %+v", k, i, g, all[i])
			}
		}
	}
	if got, _ := s.Nearest(context.Background(), q, 0); len(got) != 0 {
		t.Errorf("k=0 gave %d", len(got))
	}
	// concurrent queries give the sequential answer
	want, _ := s.Nearest(context.Background(), q, 20)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got, err := s.Nearest(context.Background(), q, 20)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Error("concurrent result differs")
			}
		})
	}
	wg.Wait()
}

// The Dulce vectors (text-embedding-3-large, 3072-d, extracted from the
// index's LanceDB table) with ALEX MERCER's own vector as the query give
// the L2 order reference §8 lists for the top 20.
func TestExactStoreDulceOrder(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	store, byID := dulceStore(t)
	var mercer []float32
	for _, e := range m.Entities() {
		if e.Title == "ALEX MERCER" {
			mercer = byID[e.ID]
		}
	}
	hits, err := store.Nearest(context.Background(), mercer, 20)
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, h := range hits {
		e, ok := m.EntityByID(h.ID)
		if !ok {
			t.Fatalf("hit %s is no entity", h.ID)
		}
		titles = append(titles, e.Title)
	}
	want := strings.Split("ALEX MERCER|SAM RIVERA|OPERATION: DULCE|TEAM OF AGENTS|PARANORMAL MILITARY SQUAD|TAYLOR CRUZ|JORDAN HAYES|RIVERA|CRUZ|AGENT|AGENTS' CAMARADERIE|MISSION|DRONE ENCOUNTER IN DULCE BASE|SERVER ROOM|MILITARY COMPLEX|MISSION TO DULCE BASE|EQUIPMENT BAY|BRIEFING ROOM|ELECTRONIC ANOMALY DETECTION|DULCE", "|")
	if !slices.Equal(titles, want) {
		t.Errorf("order\n got %v\nwant %v", titles, want)
	}
}

func dulceStore(t testing.TB) (*ExactStore, map[string][]float32) {
	data, err := os.ReadFile(filepath.Join(fixture.Dulce(t), "entity_description_vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ID     string    `json:"id"`
		Vector []float32 `json:"vector"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	byID := map[string][]float32{}
	var ids []string
	var vecs [][]float32
	for _, r := range rows {
		ids, vecs = append(ids, r.ID), append(vecs, r.Vector)
		byID[r.ID] = r.Vector
	}
	s, err := NewExactStore(ExactStoreConfig{Info: llm.EmbedderInfo{Provider: "openai", Model: "text-embedding-3-large", Dimensions: 3072}, IDs: ids, Vectors: vecs})
	if err != nil {
		t.Fatal(err)
	}
	return s, byID
}

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	llm.Embedder
	mu    sync.Mutex
	texts int
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.mu.Lock()
	c.texts += len(texts)
	c.mu.Unlock()
	return c.Embedder.Embed(ctx, texts)
}

// B36: vectors are computed once and cached in our own file beside the
// graph, keyed by embedder, model and dimension; a changed entity is
// recomputed alone.
func TestEntityVectorsCacheBesideGraph(t *testing.T) {
	g := coffeeGraph(t)
	dir := t.TempDir()
	m, err := FromGraph(context.Background(), g, GraphOptions{Path: filepath.Join(dir, "graphrag.json")})
	if err != nil {
		t.Fatal(err)
	}
	if got := DefaultCacheDirs(m, "/unused"); !slices.Equal(got, []string{dir}) {
		t.Fatalf("cache dirs %v, want the graph folder", got)
	}
	emb := &countingEmbedder{Embedder: offline.NewEmbedder(64)}
	opts := VectorOptions{Embedder: emb, CacheDirs: DefaultCacheDirs(m, "")}
	s1, rep, err := EntityVectors(context.Background(), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	n := len(m.Entities())
	if rep.Computed != n || emb.texts != n || rep.CacheFile != filepath.Join(dir, CacheFileName(emb.Info())) {
		t.Fatalf("first run %+v, %d texts embedded", rep, emb.texts)
	}
	s2, rep2, err := EntityVectors(context.Background(), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep2.FromCache != n || rep2.Computed != 0 || emb.texts != n || !sameStore(s1, s2) {
		t.Fatalf("second run %+v, %d texts embedded; stores equal: %v", rep2, emb.texts, sameStore(s1, s2))
	}
	// the store read from the mapped file gives back the pages it reads
	// (release): asked twice, it answers as the computed one does
	if s2.mapped != (runtime.GOOS == "linux") {
		t.Errorf("store read from the cache: mapped %v", s2.mapped)
	}
	for _, q := range [][]float32{sparseQuery(s1.info.Dimensions, 1, 5, 9), sparseQuery(s1.info.Dimensions, 0, 63), make([]float32, s1.info.Dimensions)} {
		want, err := s1.Nearest(context.Background(), q, 7)
		for range 2 {
			if got, err2 := s2.Nearest(context.Background(), q, 7); err != nil || err2 != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("query %v: from the cache %v (%v), computed %v (%v)", q, got, err2, want, err)
			}
		}
	}
	// one changed description: one text embedded again
	p := Parts{Entities: slices.Clone(m.Entities()), Source: m.Source()}
	p.Entities[3].Description += " (updated)"
	m2, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, rep3, err := EntityVectors(context.Background(), m2, opts); err != nil || rep3.Computed != 1 || rep3.FromCache != n-1 {
		t.Fatalf("changed entity: %+v %v", rep3, err)
	}
	// another dimension is another file; the first one stays
	other := VectorOptions{Embedder: offline.NewEmbedder(32), CacheDirs: opts.CacheDirs}
	if _, rep4, err := EntityVectors(context.Background(), m, other); err != nil || rep4.Computed != n || rep4.CacheFile == rep.CacheFile {
		t.Fatalf("other embedder: %+v %v", rep4, err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "entity_vectors-*.bin"))
	if len(files) != 2 {
		t.Errorf("cache files %v", files)
	}
	// a damaged cache is ignored with a warning and rewritten
	if err := os.WriteFile(rep.CacheFile, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, rep5, err := EntityVectors(context.Background(), m2, opts)
	if err != nil || rep5.Computed != n || len(rep5.Warnings) != 1 || !strings.Contains(rep5.Warnings[0], rep.CacheFile) {
		t.Fatalf("damaged cache: %+v %v", rep5, err)
	}
}

// B36: a GraphRAG index folder is never written: the cache goes to the
// user cache folder; a cache folder inside the index is refused; with no
// folder the vectors are computed and not cached.
func TestEntityVectorsNeverWriteIndex(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "output")
	if err := os.Rename(copyDulce(t), out); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(out, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(out, 0o755) })
	before, _ := os.ReadDir(out)
	m, err := FromParquet(root, ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	emb := offline.NewEmbedder(32)
	userCache := t.TempDir()
	if got := DefaultCacheDirs(m, ""); got != nil {
		t.Errorf("no user cache folder: %v", got)
	}
	dirs := append([]string{filepath.Join(out, "cache")}, DefaultCacheDirs(m, userCache)...)
	_, rep, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, CacheDirs: dirs})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(DefaultCacheDirs(m, userCache)[0], CacheFileName(emb.Info())); rep.CacheFile != want || !strings.HasPrefix(want, filepath.Join(userCache, "reportengine", "index-")) {
		t.Errorf("cache file %q, want %q", rep.CacheFile, want)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "inside the GraphRAG index") {
		t.Errorf("notes %v", rep.Notes)
	}
	after, _ := os.ReadDir(out)
	if len(after) != len(before) {
		t.Errorf("index folder changed: %d → %d entries", len(before), len(after))
	}
	_, rep2, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb})
	if err != nil || rep2.Computed != len(m.Entities()) || rep2.CacheFile != "" || len(rep2.Notes) == 0 {
		t.Errorf("no cache: %+v %v", rep2, err)
	}
}

// The index's own vectors are used only when they come from the
// configured embedder; mixed lengths are an error naming the entity (B29).
func TestEntityVectorsFromIndex(t *testing.T) {
	type withVec struct {
		ID     string    `parquet:"id"`
		Title  string    `parquet:"title"`
		Degree int64     `parquet:"degree"`
		Vec    []float64 `parquet:"description_embedding,list"`
	}
	dir := smallIndex(t)
	writePQ(t, dir, "entities.parquet", []withVec{{"e1", "A", 1, []float64{1, 0}}, {"e2", "B", 1, []float64{0, 1}}, {"e3", "C", 1, []float64{1, 1}}})
	m, err := FromParquet(dir, ParquetOptions{CommunityLevel: Level(-1)})
	if err != nil {
		t.Fatal(err)
	}
	emb := &countingEmbedder{Embedder: offline.NewEmbedder(2)}
	match := emb.Info()
	s, rep, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, IndexEmbedder: &match})
	if err != nil || rep.FromIndex != 3 || emb.texts != 0 {
		t.Fatalf("matching embedder: %+v %v", rep, err)
	}
	if hits, _ := s.Nearest(context.Background(), []float32{0, 1}, 1); hits[0].ID != "e2" {
		t.Errorf("hits %v", hits)
	}
	otherModel := llm.EmbedderInfo{Model: "text-embedding-3-small", Dimensions: 2}
	if _, rep, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, IndexEmbedder: &otherModel}); err != nil || rep.FromIndex != 0 || rep.Computed != 3 {
		t.Fatalf("other embedder: %+v %v", rep, err)
	}
	writePQ(t, dir, "entities.parquet", []withVec{{"e1", "A", 1, []float64{1, 0}}, {"e2", "B", 1, []float64{0, 1, 0}}, {"e3", "C", 1, []float64{1, 1}}})
	m, err = FromParquet(dir, ParquetOptions{CommunityLevel: Level(-1)})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, IndexEmbedder: &match})
	var me *EmbedderMismatchError
	if !errors.As(err, &me) || me.Entity != "e2" {
		t.Errorf("mixed dims: %v", err)
	}
}

// The binary vector cache round-trips exactly, and a file cut at any byte,
// with any single byte changed, or naming another embedder is refused by
// the reader (errVectorFile); EntityVectors then warns naming the file and
// computes the vectors again, equal to the embedder's own. A JSON cache
// of earlier releases is pointed out and not read.
func TestVectorCacheDamaged(t *testing.T) {
	g := coffeeGraph(t)
	dir := t.TempDir()
	full, err := FromGraph(context.Background(), g, GraphOptions{Path: filepath.Join(dir, "graphrag.json")})
	if err != nil {
		t.Fatal(err)
	}
	p := Parts{Entities: slices.Clone(full.Entities()[:3]), Source: full.Source()}
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	emb := offline.NewEmbedder(8)
	info := emb.Info()
	var texts []string
	for _, e := range m.Entities() {
		texts = append(texts, EntityText(e))
	}
	want, err := emb.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	opts := VectorOptions{Embedder: emb, CacheDirs: []string{dir}}
	first, rep, err := EntityVectors(context.Background(), m, opts)
	if err != nil || rep.Computed != 3 {
		t.Fatalf("first run: %+v %v", rep, err)
	}
	path := rep.CacheFile
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readVectorFile(context.Background(), path, info); err != nil {
		t.Fatal(err)
	}
	// the file is rewritten in place below: what is kept of it is read
	// from a copy (a mapped file cut short under its reader faults)
	f, err := parseVectorFile(good, info, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range m.Entities() {
		// by column: position j of entity i at j·n+i; the norm summed
		// in position order
		row, sq := make([]float32, 8), 0.0
		for j := range row {
			row[j] = f.cols[j*len(f.ids)+i]
			sq += float64(want[i][j]) * float64(want[i][j])
		}
		if f.ids[i] != e.ID || f.sums[i] != sumText(texts[i]) || !slices.Equal(row, want[i]) || f.sq[i] != sq {
			t.Fatalf("entity %d read back as %q %x %v %v, want %q %v %v", i, f.ids[i], f.sums[i], row, f.sq[i], e.ID, want[i], sq)
		}
	}
	// every cut and every changed byte is refused by the reader; a few of
	// them go through EntityVectors (each rewrites the file, with an fsync)
	refused := func(what string, data []byte) {
		t.Helper()
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readVectorFile(context.Background(), path, info); !errors.Is(err, errVectorFile) {
			t.Fatalf("%s: read error %v, want errVectorFile", what, err)
		}
	}
	recomputed := func(what string) {
		t.Helper()
		s, rep, err := EntityVectors(context.Background(), m, opts)
		if err != nil || rep.Computed != 3 || rep.FromCache != 0 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], path) {
			t.Fatalf("%s: %+v %v", what, rep, err)
		}
		if !sameStore(s, first) {
			t.Fatalf("%s: recomputed store differs", what)
		}
	}
	for n := 0; n < len(good); n++ {
		refused(fmt.Sprintf("cut at byte %d", n), good[:n])
		if n == 0 || n == len(good)/2 || n == len(good)-1 {
			recomputed(fmt.Sprintf("cut at byte %d", n))
		}
	}
	refused("a byte more", append(slices.Clone(good), 0))
	for i := range good {
		bad := slices.Clone(good)
		bad[i] ^= 0x10
		refused(fmt.Sprintf("byte %d changed", i), bad)
		if i == 20 || i == len(good)-20 {
			recomputed(fmt.Sprintf("byte %d changed", i))
		}
	}
	var other bytes.Buffer
	otherInfo := info
	otherInfo.Model += "-other"
	if err := writeVectorFile(context.Background(), &other, vectorFile{info: otherInfo, ids: f.ids, sums: f.sums, sq: f.sq, cols: f.cols}); err != nil {
		t.Fatal(err)
	}
	refused("another embedder", other.Bytes())
	var mismatch *EmbedderMismatchError
	if _, err := readVectorFile(context.Background(), path, info); !errors.As(err, &mismatch) || mismatch.Stored != otherInfo {
		t.Errorf("another embedder: %v, want an EmbedderMismatchError naming it", err)
	}
	recomputed("another embedder")
	// the rewritten file is good again, and a legacy JSON cache is only named
	legacy := filepath.Join(dir, legacyCacheFileName(info))
	if err := os.WriteFile(legacy, []byte(`{"format":"reportengine-entity-vectors/1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, rep, err := EntityVectors(context.Background(), m, opts)
	if err != nil || rep.FromCache != 3 || len(rep.Warnings) != 0 || !sameStore(s, first) || !strings.Contains(strings.Join(rep.Notes, " "), legacy) {
		t.Fatalf("after rewrite: %+v %v", rep, err)
	}
}

// TestVectorFileAligned: the writer pads the header so that the vectors
// start at a multiple of 64 bytes (a mapped file's vectors are then used
// where they lie), for ids of every length; the padded file reads back
// whole, and so does one whose vectors are not aligned (the file of an
// earlier release: copied).
func TestVectorFileAligned(t *testing.T) {
	info := llm.EmbedderInfo{Provider: "p", Model: "m", Dimensions: 3}
	for n := 0; n < 70; n++ {
		f := vectorFile{info: info, source: "s", ids: make([]string, 3), sums: make([]textSum, 3), sq: []float64{1, 2, 3}, cols: make([]float32, 9)}
		for i := range f.ids {
			f.ids[i] = strings.Repeat("x", n+i)
			f.sums[i][0] = byte(i)
			for k := 0; k < 3; k++ {
				f.cols[3*i+k] = float32(10*i + k)
			}
		}
		var buf bytes.Buffer
		if err := writeVectorFile(context.Background(), &buf, f); err != nil {
			t.Fatal(err)
		}
		b := buf.Bytes()
		if at := len(b) - 4 - 4*9; at%64 != 0 {
			t.Fatalf("ids of %d bytes: vectors at byte %d", n, at)
		}
		// read from the bytes, and from a mapping of the file (checked
		// and released page by page: read back unchanged)
		path := filepath.Join(t.TempDir(), "v.bin")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := parseVectorFile(b, info, false)
		if err != nil {
			t.Fatal(err)
		}
		if read, err := readVectorFile(context.Background(), path, info); err != nil || read.mapped != (runtime.GOOS == "linux") {
			t.Fatalf("ids of %d bytes: the file read back mapped %v, %v", n, read != nil && read.mapped, err)
		} else if read.mapped = false; !reflect.DeepEqual(read, got) {
			t.Fatalf("ids of %d bytes: the file read back %+v, its bytes %+v", n, read, got)
		}
		if !slices.Equal(got.ids, f.ids) || !slices.Equal(got.sums, f.sums) || !slices.Equal(got.sq, f.sq) || !slices.Equal(got.cols, f.cols) {
			t.Fatalf("ids of %d bytes: read back %+v, %v", n, got, err)
		}
		// a changed byte: the message gives the sum of what was read,
		// then the one the file stores as wanted (as the model file's does)
		if n == 0 {
			bad := slices.Clone(b)
			bad[len(bad)-5] ^= 1
			stored := binary.LittleEndian.Uint32(bad[len(bad)-4:])
			if _, err := parseVectorFile(bad, info, false); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("want %08x", stored)) {
				t.Fatalf("a changed byte: %v, want the stored sum %08x as wanted", err, stored)
			}
		}
		// unaligned: one byte more before the file's start
		shifted := append([]byte{0}, b...)[1:]
		if got, err := parseVectorFile(shifted, info, false); err != nil || !slices.Equal(got.cols, f.cols) || !slices.Equal(got.sq, f.sq) {
			t.Fatalf("unaligned: %v", err)
		}
	}
}

// TestNearestSparseOracle: Nearest's sparse path (a query vector with few
// non-zero values, L2) returns nearestScan's neighbours bit for bit: unit
// and unnormalised rows, zero rows, repeated rows (ties broken by id),
// negative values, k above the number of rows; a dense query, the cosine
// metric and rows holding NaN take the full pass.
func TestNearestSparseOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	ctx := context.Background()
	for _, c := range []struct {
		name        string
		n, dim, nnz int
		scale       float32
	}{{"unit", 3000, 64, 20, 1}, {"big", 2000, 32, 8, 1e4}, {"small", 9, 16, 3, 1}, {"many", 20000, 128, 40, 1}} {
		ids := make([]string, c.n)
		vecs := make([][]float32, c.n)
		for i := range vecs {
			ids[i] = fmt.Sprintf("e%05d", (i*7919)%c.n)
			v := make([]float32, c.dim)
			switch {
			case i%97 == 5:
				// a zero row
			case i%13 == 0 && i > 0:
				copy(v, vecs[i-1]) // a repeated row: a tie
			default:
				for range c.nnz {
					v[rng.IntN(c.dim)] = (rng.Float32()*2 - 1) * c.scale
				}
				if c.scale == 1 {
					var sq float64
					for _, x := range v {
						sq += float64(x) * float64(x)
					}
					for j := range v {
						if sq > 0 {
							v[j] = float32(float64(v[j]) / math.Sqrt(sq))
						}
					}
				}
			}
			vecs[i] = v
		}
		s, err := NewExactStore(ExactStoreConfig{Info: llm.EmbedderInfo{Dimensions: c.dim}, IDs: ids, Vectors: vecs})
		if err != nil {
			t.Fatal(err)
		}
		queries := 40
		if testing.Short() {
			// the race step: the same stores and goroutines, fewer of
			// the row-by-row oracle's passes (minutes under the detector)
			queries = 5
		}
		for qi := range queries {
			q := make([]float32, c.dim)
			if qi%5 == 0 {
				copy(q, vecs[rng.IntN(c.n)]) // a stored row itself
			}
			for range 1 + rng.IntN(c.dim/sparseShare) {
				q[rng.IntN(c.dim)] = (rng.Float32()*2 - 1) * c.scale
			}
			if qi%5 == 0 {
				q = slices.Clone(vecs[rng.IntN(c.n)])
			}
			for _, k := range []int{1, 20, c.n + 3} {
				want, err := s.nearestScan(ctx, q, k)
				if err != nil {
					t.Fatal(err)
				}
				// the store keeps the vectors by column: its distances
				// are still the row-by-row sums, bit for bit
				if rows := rowNearest(vecs, ids, q, k); !reflect.DeepEqual(want, rows) {
					t.Fatalf("%s query %d k %d: the full pass\n got %v\nwant %v", c.name, qi, k, want[:min(5, len(want))], rows[:min(5, len(rows))])
				}
				got, ok, err := s.nearestSparse(ctx, q, k)
				nnz := 0
				for _, x := range q {
					if x != 0 {
						nnz++
					}
				}
				if wantOK := nnz*sparseShare <= c.dim; ok != wantOK || err != nil {
					t.Fatalf("%s: sparse path taken %v with %d of %d non-zero (err %v)", c.name, ok, nnz, c.dim, err)
				}
				if ok && !reflect.DeepEqual(got, want) {
					t.Fatalf("%s query %d k %d:\n got %v\nwant %v", c.name, qi, k, got[:min(5, len(got))], want[:min(5, len(want))])
				}
			}
		}
	}
	// a NaN row: the full pass
	nan := float32(math.NaN())
	s, _ := NewExactStore(ExactStoreConfig{Info: llm.EmbedderInfo{Dimensions: 8}, IDs: []string{"a", "b"}, Vectors: [][]float32{{1, 0, 0, 0, 0, 0, 0, 0}, {nan, 0, 0, 0, 0, 0, 0, 0}}})
	if _, ok, _ := s.nearestSparse(ctx, []float32{1, 0, 0, 0, 0, 0, 0, 0}, 1); ok {
		t.Error("a NaN row took the sparse path")
	}
}

// rowNearest is the k nearest of vecs to q by squared L2 distance, each
// summed over a row in position order in float64, ties by id: the plain
// rule, written out row by row.
func rowNearest(vecs [][]float32, ids []string, q []float32, k int) []Neighbor {
	all := make([]Neighbor, len(vecs))
	for i, v := range vecs {
		var d float64
		for j, x := range v {
			t := float64(x) - float64(q[j])
			d += t * t
		}
		all[i] = Neighbor{ID: ids[i], Distance: d}
	}
	slices.SortFunc(all, func(a, b Neighbor) int {
		if a.Distance != b.Distance {
			return cmp.Compare(a.Distance, b.Distance)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return all[:min(k, len(all))]
}

// sameStore says a and b hold the same vectors for the same ids with the
// same norms (one may lie in a mapped file, the other not).
func sameStore(a, b *ExactStore) bool {
	return a.info == b.info && slices.Equal(a.ids, b.ids) && slices.Equal(a.cols, b.cols) && slices.Equal(a.sq, b.sq) &&
		a.sparse == b.sparse && a.maxSq == b.maxSq
}

// sparseQuery is a vector of dim values, 1 at the positions given.
func sparseQuery(dim int, at ...int) []float32 {
	q := make([]float32, dim)
	for _, j := range at {
		q[j] = 1
	}
	return q
}

// A store whose columns lie in a mapped cache file of many pages gives
// back each column's pages once read (release), and answers every
// question as the same vectors in memory do, asked once or again.
func TestMappedStoreReleases(t *testing.T) {
	const dim = 16
	plain, s := mappedTestStore(t, 5000, dim)
	for qi := range 6 {
		q := sparseQuery(dim, qi, (qi+5)%dim)
		want, err := plain.nearestScan(context.Background(), q, 9)
		for range 2 {
			if got, err2 := s.Nearest(context.Background(), q, 9); err != nil || err2 != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("query %d: mapped %v (%v), in memory %v (%v)", qi, got, err2, want, err)
			}
		}
	}
}

// mappedTestStore makes n random vectors of dim values into a store in
// memory (plain) and the same read back from a vector cache file, mapped
// where the system maps files (s). With n = 5000 a column is 20 000
// bytes, several pages.
func mappedTestStore(t *testing.T, n, dim int) (plain, s *ExactStore) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	info := llm.EmbedderInfo{Provider: "p", Model: "m", Dimensions: dim}
	ids, vecs := make([]string, n), make([][]float32, n)
	for i := range vecs {
		ids[i] = fmt.Sprintf("e%05d", i)
		vecs[i] = make([]float32, dim)
		for j := range vecs[i] {
			vecs[i][j] = rng.Float32()
		}
	}
	plain, err := NewExactStore(ExactStoreConfig{Info: info, IDs: ids, Vectors: vecs})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v.bin")
	var buf bytes.Buffer
	if err := writeVectorFile(context.Background(), &buf, vectorFile{info: info, ids: ids, sums: make([]textSum, n), sq: plain.sq, cols: plain.cols}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := readVectorFile(context.Background(), path, info)
	if err != nil {
		t.Fatal(err)
	}
	if s, err = newFlatStore(info, f.ids, f.cols, f.sq); err != nil {
		t.Fatal(err)
	}
	s.mapped = f.mapped
	return plain, s
}

// The offline embedder writes its rows into a block (EmbedInto), which
// EntityVectors puts in the columns a tile of rows at a time: the store
// holds what Embed returns for each entity, in the entities' order.
func TestEntityVectorsIntoColumns(t *testing.T) {
	m, err := FromGraph(context.Background(), coffeeGraph(t), GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	emb := offline.NewEmbedder(64)
	var _ intoEmbedder = emb
	got, _, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb})
	if err != nil {
		t.Fatal(err)
	}
	ids, texts := make([]string, len(m.Entities())), make([]string, len(m.Entities()))
	for i, e := range m.Entities() {
		ids[i], texts[i] = e.ID, e.Title+":"+e.Description
	}
	if len(ids) <= 64 {
		t.Fatalf("%d entities: want more than one tile of 64", len(ids))
	}
	vecs, err := emb.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	want, err := NewExactStore(ExactStoreConfig{Info: emb.Info(), IDs: ids, Vectors: vecs})
	if err != nil {
		t.Fatal(err)
	}
	if !sameStore(got, want) {
		t.Error("the store differs from the embedder's vectors")
	}
}

// checkEmbedder returns an *EmbedderMismatchError when store knows which
// embedder made its vectors (it has an Info method, as ExactStore does) and
// that is not emb: vectors from different embedders are never compared
// (B29). Stores that cannot say are let through.
func checkEmbedder(store VectorStore, emb llm.Embedder) error {
	is, ok := store.(interface{ Info() llm.EmbedderInfo })
	if !ok || emb == nil {
		return nil
	}
	if a, b := is.Info(), emb.Info(); a != b {
		return &EmbedderMismatchError{Stored: a, Query: b}
	}
	return nil
}

// A graph built again on changed texts fits the offline embedder anew
// (another -idf- hash in its model name): writing its cache removes the
// file of the earlier fit, and leaves the caches of other embedders,
// vector lengths and an unfitted model.
func TestEntityVectorsRemoveRefitted(t *testing.T) {
	g := coffeeGraph(t)
	dir := t.TempDir()
	m, err := FromGraph(context.Background(), g, GraphOptions{Path: filepath.Join(dir, "graphrag.json")})
	if err != nil {
		t.Fatal(err)
	}
	texts := func(extra string) []string {
		var out []string
		for _, e := range m.Entities() {
			out = append(out, EntityText(e)+extra)
		}
		return out
	}
	first, second := offline.NewEmbedder(64).Fit(texts("")), offline.NewEmbedder(64).Fit(texts(" 新增"))
	if first.Info().Model == second.Info().Model {
		t.Fatal("the two fits have one model name")
	}
	keep := []string{"entity_vectors-openai-text-embedding-3-small-64.bin", "entity_vectors-offline-offline-ngram-v1-64.bin",
		CacheFileName(offline.NewEmbedder(32).Fit(texts("")).Info())}
	for _, n := range keep {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, emb := range []*offline.Embedder{first, second} {
		if _, _, err := EntityVectors(context.Background(), m, VectorOptions{Embedder: emb, CacheDirs: []string{dir}}); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	files, _ := filepath.Glob(filepath.Join(dir, "entity_vectors-*.bin"))
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	want := append(slices.Clone(keep), CacheFileName(second.Info()))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("cache files %v, want %v (the first fit's %s removed)", got, want, CacheFileName(first.Info()))
	}
}
