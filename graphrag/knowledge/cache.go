package knowledge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"reportengine/internal/atomicfile"
	"reportengine/llm"
)

// VectorOptions configure EntityVectors.
type VectorOptions struct {
	// Embedder embeds the entity texts (and, later, the queries). Required.
	Embedder llm.Embedder
	// CacheDirs are the folders the vector cache file is looked for in, in
	// order; it is written to the first one where writing works. Empty: no
	// cache. DefaultCacheDirs gives the usual ones. A folder inside a
	// GraphRAG index's output folder is never written (B36).
	CacheDirs []string
	// IndexEmbedder names the embedder that produced the vectors stored in
	// the index itself (Entity.DescriptionEmbedding), e.g. from the index's
	// settings.yaml. When its Model and Dimensions equal Embedder's (the
	// provider names of GraphRAG and of our clients differ), those vectors
	// are used as they are; otherwise, or when nil, they are ignored.
	IndexEmbedder *llm.EmbedderInfo
}

// VectorReport says where the entity vectors came from.
type VectorReport struct {
	FromIndex, FromCache, Computed int
	CacheFile                      string   // the cache file read or written; "" without one
	Notes                          []string // one sentence each (cache not writable, index vectors ignored, …)
	Warnings                       []string // one sentence each: a damaged cache file ignored (naming it and why)
}

// EntityText is the text an entity's vector is computed from, as GraphRAG
// indexes it: "title:description".
func EntityText(e Entity) string { return e.Title + ":" + e.Description }

// CacheFileName is the vector cache file's name for an embedder:
// entity_vectors-<provider>-<model>-<dimensions>.bin, with characters
// other than letters, digits, '.', '_' and '-' replaced by '_'. Vectors of
// different embedders live in different files. The format is in
// vecfile.go.
func CacheFileName(info llm.EmbedderInfo) string {
	return cacheBaseName(info) + ".bin"
}

// legacyCacheFileName is the JSON cache of earlier releases (base64
// vectors in JSON, 1.4 times the binary file and ten times slower to
// read): no longer read, only pointed out.
func legacyCacheFileName(info llm.EmbedderInfo) string { return cacheBaseName(info) + ".json" }

func cacheBaseName(info llm.EmbedderInfo) string {
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r < 128 && (r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return r
			}
			return '_'
		}, s)
	}
	return "entity_vectors-" + clean(info.Provider) + "-" + clean(info.Model) + "-" + strconv.Itoa(info.Dimensions)
}

// DefaultCacheDirs returns where a Model's entity vectors are cached: for
// our graphs, the folder of the graph file Source().Path names
// (graphs/<id>/, beside graphrag.json; none when Path is not a .json
// file); for a GraphRAG index, <userCacheDir>/reportengine/index-<16 hex
// of the SHA-256 of the index's absolute path>, never the index or its
// project folder, which may be read-only or shared (B36). userCacheDir is
// the user's cache folder (os.UserCacheDir, e.g. ~/.cache); "" (HOME
// unset) means no cache for indexes.
func DefaultCacheDirs(m *Model, userCacheDir string) []string {
	src := m.Source()
	if src.Path == "" {
		return nil
	}
	if src.Kind != "graphrag-index" {
		if !strings.HasSuffix(src.Path, ".json") {
			return nil // not a graph file path (a bare report id): no place known
		}
		return []string{filepath.Dir(src.Path)}
	}
	if userCacheDir == "" || !filepath.IsAbs(userCacheDir) {
		return nil
	}
	abs, err := filepath.Abs(src.Path)
	if err != nil {
		abs = src.Path
	}
	sum := sha256.Sum256([]byte(abs))
	return []string{filepath.Join(userCacheDir, "reportengine", "index-"+hex.EncodeToString(sum[:8]))}
}

// EntityVectors returns an ExactStore with one vector per entity of m
// (ids = entity ids), made by opts.Embedder from EntityText: the index's
// own vectors when opts.IndexEmbedder says they come from the same
// embedder, else vectors from the cache file when the entity's text is
// unchanged, else computed (in one Embed call for all missing entities)
// and written back to the cache atomically. It never writes into a
// GraphRAG index folder; a cache that cannot be written is a note, not an
// error; a cache that is damaged (truncated, a flipped bit, another
// embedder in its header) is ignored with a warning naming the file, and
// its vectors are computed again. Memory: one block of
// entities × dimensions float32 (the store's), read into or computed into
// in place. Errors: the embedder's, ctx's, an embedder whose Info gives no
// vector length, an *EmbedderMismatchError when index vectors have mixed
// lengths or the embedder returns vectors of another length than its Info
// says.
func EntityVectors(ctx context.Context, m *Model, opts VectorOptions) (*ExactStore, VectorReport, error) {
	var rep VectorReport
	if opts.Embedder == nil {
		return nil, rep, fmt.Errorf("knowledge: entity vectors: no embedder")
	}
	info := opts.Embedder.Info()
	ents := m.Entities()
	if info.Dimensions <= 0 { // llm.Embedder's vectors have Info().Dimensions values
		return nil, rep, fmt.Errorf("knowledge: entity vectors: the embedder %s does not say its vector length", describeEmbedder(info))
	}
	ids := make([]string, len(ents))
	for i, e := range ents {
		ids[i] = e.ID
	}
	// the texts' sums say which cached vectors are still right: the model
	// file keeps them, else they are computed here
	v := vectorBlock{n: len(ents), dim: info.Dimensions, have: make([]bool, len(ents))}
	sums := m.entityTextSums()
	dirs := writableCacheDirs(m, opts.CacheDirs, &rep)
	name := CacheFileName(info)
	if err := useIndexVectors(ents, info, opts.IndexEmbedder, &rep, v.set); err != nil {
		return nil, rep, err
	}
	stale, err := v.fromCache(ctx, dirs, name, info, ids, sums, &rep)
	if err != nil {
		return nil, rep, err
	}
	var missing []int
	for i, ok := range v.have {
		if !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		if err := v.embed(ctx, opts.Embedder, info, ents, ids, missing); err != nil {
			return nil, rep, err
		}
		rep.Computed = len(missing)
	}
	if v.cols == nil {
		v.cols = []float32{}
	}
	// the ids are the model's entity ids, unique (New checks them)
	store, err := newFlatStore(info, ids, v.cols, v.sq)
	if err != nil {
		return nil, rep, err
	}
	store.mapped = v.mapped
	if rep.Computed > 0 || stale {
		writeCache(ctx, dirs, name, m, info, ids, sums, store, &rep)
	}
	return store, rep, nil
}

// vectorBlock gathers the entity vectors of EntityVectors by column
// (ExactStore's layout): have says which rows are set; sq is the cache
// file's norms when every vector came from it unchanged.
type vectorBlock struct {
	n, dim int
	cols   []float32
	sq     []float64
	mapped bool // cols are the cache file's mapping (vectorFile.mapped)
	have   []bool
}

// set puts vec in row i.
func (v *vectorBlock) set(i int, vec []float32) { v.setRows([]int{i}, vec) }

// setRows puts the vectors of rows (row after row, dim values each) in
// the rows at, 64 rows at a time a column at a time (a tile of rows
// stays in the cache while each column's values are written in turn).
func (v *vectorBlock) setRows(at []int, rows []float32) {
	if v.cols == nil {
		v.cols = make([]float32, v.n*v.dim)
	}
	for lo := 0; lo < len(at); lo += 64 {
		tile := at[lo:min(lo+64, len(at))]
		for j := range v.dim {
			col := v.cols[j*v.n : (j+1)*v.n]
			for k, i := range tile {
				col[i] = rows[(lo+k)*v.dim+j]
			}
		}
	}
	for _, i := range at {
		v.have[i] = true
	}
}

// fromCache takes the vectors of the first cache file in dirs that can be
// read: all of it when it holds the same entities with the same texts in
// the same order (no copy), else the rows of the entities whose text is
// unchanged. stale says the file held entities no longer there or
// changed. Errors: ctx's; a damaged file is a warning in rep.
func (v *vectorBlock) fromCache(ctx context.Context, dirs []string, name string, info llm.EmbedderInfo, ids []string, sums []textSum, rep *VectorReport) (bool, error) {
	for _, dir := range dirs {
		legacy := filepath.Join(dir, legacyCacheFileName(info))
		if _, err := os.Stat(legacy); err == nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("vector cache %s is in the JSON format of earlier releases and is no longer read; it can be deleted", legacy))
		}
		path := filepath.Join(dir, name)
		c, err := readVectorFile(ctx, path, info)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return false, fmt.Errorf("knowledge: reading vector cache: %w", ctx.Err())
			}
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("vector cache %s ignored: %v; the vectors are computed again", path, err))
			continue
		}
		rep.CacheFile = path
		if v.cols == nil && slices.Equal(c.ids, ids) && slices.Equal(c.sums, sums) {
			v.cols, v.sq, v.mapped = c.cols, c.sq, c.mapped // the common case: the same entities in the same order
			for i := range v.have {
				v.have[i] = true
			}
			rep.FromCache = v.n
			return false, nil
		}
		byID := make(map[string]int, len(c.ids))
		for k, id := range c.ids {
			byID[id] = k
		}
		row := make([]float32, v.dim)
		for i, id := range ids {
			if k, ok := byID[id]; ok && !v.have[i] && c.sums[k] == sums[i] {
				for j := range row {
					row[j] = c.cols[j*len(c.ids)+k]
				}
				v.set(i, row)
				rep.FromCache++
			}
		}
		return rep.FromIndex == 0 && len(c.ids) != rep.FromCache, nil // entities removed or changed
	}
	return false, nil
}

// intoEmbedder is an embedder that writes its vectors into the caller's
// block (offline.Embedder.EmbedInto): no vector of its own per text.
type intoEmbedder interface {
	EmbedInto(ctx context.Context, texts []string, dst []float32) error
}

// embedBatch is how many texts an intoEmbedder embeds into one row block
// (8 MiB at 512 dimensions) before the block is put into the columns.
const embedBatch = 4096

// embed computes the vectors of the entities missing (indexes into ents,
// ascending) into their rows.
func (v *vectorBlock) embed(ctx context.Context, emb llm.Embedder, info llm.EmbedderInfo, ents []Entity, ids []string, missing []int) error {
	texts := func(at []int) []string {
		in := make([]string, len(at))
		for k, i := range at {
			in[k] = EntityText(ents[i])
		}
		return in
	}
	fail := func(err error) error {
		return fmt.Errorf("knowledge: embedding %d entity descriptions: %w", len(missing), err)
	}
	if ie, ok := emb.(intoEmbedder); ok {
		// the texts a batch at a time: all at once they were 0.1 GB on the
		// 300 000-record graph, held beside the vectors
		rows := make([]float32, min(len(missing), embedBatch)*v.dim)
		for lo := 0; lo < len(missing); lo += embedBatch {
			hi := min(lo+embedBatch, len(missing))
			if err := ie.EmbedInto(ctx, texts(missing[lo:hi]), rows[:(hi-lo)*v.dim]); err != nil {
				return fail(err)
			}
			v.setRows(missing[lo:hi], rows)
		}
		return nil
	}
	in := texts(missing)
	out, err := emb.Embed(ctx, in)
	if err != nil {
		return fail(err)
	}
	if len(out) != len(in) {
		return fmt.Errorf("knowledge: the embedder returned %d vectors for %d texts", len(out), len(in))
	}
	for k, i := range missing {
		if len(out[k]) != v.dim {
			return &EmbedderMismatchError{Stored: info, Query: info, Entity: ids[i], Got: len(out[k])}
		}
		v.set(i, out[k])
	}
	return nil
}

func useIndexVectors(ents []Entity, info llm.EmbedderInfo, idx *llm.EmbedderInfo, rep *VectorReport, use func(i int, v []float32)) error {
	have := 0
	for _, e := range ents {
		if e.DescriptionEmbedding != nil {
			have++
		}
	}
	if have == 0 {
		return nil
	}
	if idx == nil || idx.Model != info.Model || idx.Dimensions != info.Dimensions {
		rep.Notes = append(rep.Notes, fmt.Sprintf("the index's own vectors (%d entities) are not used: they are not known to come from %s", have, describeEmbedder(info)))
		return nil
	}
	for i, e := range ents {
		if e.DescriptionEmbedding == nil {
			continue
		}
		if len(e.DescriptionEmbedding) != info.Dimensions {
			return &EmbedderMismatchError{Stored: info, Query: info, Entity: e.ID, Got: len(e.DescriptionEmbedding)}
		}
		use(i, e.DescriptionEmbedding)
		rep.FromIndex++
	}
	return nil
}

// writableCacheDirs drops folders inside a GraphRAG index's output folder.
func writableCacheDirs(m *Model, dirs []string, rep *VectorReport) []string {
	src := m.Source()
	if src.Kind != "graphrag-index" {
		return dirs
	}
	index, err := filepath.Abs(src.Path)
	if err != nil {
		return dirs
	}
	var out []string
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err == nil && (abs == index || strings.HasPrefix(abs, index+string(filepath.Separator))) {
			rep.Notes = append(rep.Notes, fmt.Sprintf("vector cache folder %s is inside the GraphRAG index; not used (the index is never written)", d))
			continue
		}
		out = append(out, d)
	}
	return out
}

// fitMark is what a model name holds before the hash of the texts an
// embedder was fitted on (the offline embedder's "offline-ngram-v1-idf-
// 3f0788e00c26"): its vectors are valid for those texts only.
const fitMark = "-idf-"

// removeRefitted removes from dir the cache files of the same embedder
// fitted on other texts (the knowledge's texts changed when the graph was
// built again; CacheFileName with the model's fit hash, fitMark, other
// than name's): nothing reads them again, and each rebuild had left one
// behind. Caches of other embedders, models or vector lengths stay. A
// file that cannot be removed is left; nothing is reported.
func removeRefitted(dir, name string, info llm.EmbedderInfo) {
	base, _, fitted := strings.Cut(info.Model, fitMark)
	if !fitted {
		return
	}
	stale := info
	stale.Model = base + fitMark
	prefix := cacheBaseName(stale)
	prefix = strings.TrimSuffix(prefix, "-"+strconv.Itoa(info.Dimensions))
	suffix := "-" + strconv.Itoa(info.Dimensions) + ".bin"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if n != name && e.Type().IsRegular() && strings.HasPrefix(n, prefix) && strings.HasSuffix(n, suffix) && !strings.ContainsAny(n[len(prefix):len(n)-len(suffix)], "-.") {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

func writeCache(ctx context.Context, dirs []string, name string, m *Model, info llm.EmbedderInfo, ids []string, sums []textSum, store *ExactStore, rep *VectorReport) {
	if len(dirs) == 0 {
		rep.Notes = append(rep.Notes, "entity vectors are not cached (no cache folder); they are computed again next time")
		return
	}
	var failures []string
	for _, dir := range dirs {
		path := filepath.Join(dir, name)
		err := os.MkdirAll(dir, 0o755)
		if err == nil {
			// the part of a cache a killed process left (nothing else removes it)
			atomicfile.RemoveStale(dir, atomicfile.StaleAge, time.Now())
			err = atomicfile.Write(path, 0o644, func(w io.Writer) error {
				return writeVectorFile(ctx, w, vectorFile{info: info, source: m.Source().Path, ids: ids, sums: sums, sq: store.sq, cols: store.cols})
			})
		}
		if err == nil {
			rep.CacheFile = path
			removeRefitted(dir, name, info)
			return
		}
		failures = append(failures, err.Error())
	}
	rep.Notes = append(rep.Notes, "entity vectors are not cached: "+strings.Join(failures, "; "))
}
