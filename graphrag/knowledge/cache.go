package knowledge

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

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
	// Metric of the returned store (default L2).
	Metric Metric
}

// VectorReport says where the entity vectors came from.
type VectorReport struct {
	FromIndex, FromCache, Computed int
	CacheFile                      string   // the cache file read or written; "" without one
	Notes                          []string // one sentence each (cache not writable, index vectors ignored, …)
}

// EntityText is the text an entity's vector is computed from, as GraphRAG
// indexes it: "title:description".
func EntityText(e Entity) string { return e.Title + ":" + e.Description }

// cacheFormat is the "format" field of a vector cache file.
const cacheFormat = "reportengine-entity-vectors/1"

// cacheFile is the JSON of a vector cache file: the embedder, then per
// entity its id, the SHA-256 (first 16 hex digits) of EntityText and the
// vector as base64 of little-endian float32 values (exact, and about a
// third of the size of JSON numbers).
type cacheFile struct {
	Format   string           `json:"format"`
	Embedder llm.EmbedderInfo `json:"embedder"`
	Source   string           `json:"source"`
	Entities []cacheEntry     `json:"entities"`
}

type cacheEntry struct {
	ID     string `json:"id"`
	Text   string `json:"text_sha256"`
	Vector string `json:"vector"`
}

// CacheFileName is the vector cache file's name for an embedder:
// entity_vectors-<provider>-<model>-<dimensions>.json, with characters
// other than letters, digits, '.', '_' and '-' replaced by '_'. Vectors of
// different embedders live in different files.
func CacheFileName(info llm.EmbedderInfo) string {
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r < 128 && (r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return r
			}
			return '_'
		}, s)
	}
	return "entity_vectors-" + clean(info.Provider) + "-" + clean(info.Model) + "-" + strconv.Itoa(info.Dimensions) + ".json"
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
// error. Errors: the embedder's, ctx's, an *EmbedderMismatchError when
// index vectors have mixed lengths or the embedder returns vectors of
// another length than its Info says.
func EntityVectors(ctx context.Context, m *Model, opts VectorOptions) (*ExactStore, VectorReport, error) {
	var rep VectorReport
	if opts.Embedder == nil {
		return nil, rep, fmt.Errorf("knowledge: entity vectors: no embedder")
	}
	info := opts.Embedder.Info()
	ents := m.Entities()
	vecs := make([][]float32, len(ents))
	texts := make([]string, len(ents))
	sums := make([]string, len(ents))
	for i, e := range ents {
		texts[i] = EntityText(e)
		sum := sha256.Sum256([]byte(texts[i]))
		sums[i] = hex.EncodeToString(sum[:8])
	}
	if err := useIndexVectors(ents, vecs, info, opts.IndexEmbedder, &rep); err != nil {
		return nil, rep, err
	}
	dirs := writableCacheDirs(m, opts.CacheDirs, &rep)
	name := CacheFileName(info)
	stale := false
	for _, dir := range dirs {
		cached, err := readCache(filepath.Join(dir, name), info)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			rep.Notes = append(rep.Notes, fmt.Sprintf("vector cache %s ignored: %v", filepath.Join(dir, name), err))
			continue
		}
		rep.CacheFile = filepath.Join(dir, name)
		for i, e := range ents {
			if vecs[i] != nil {
				continue
			}
			if c, ok := cached[e.ID]; ok && c.sum == sums[i] {
				vecs[i] = c.vec
				rep.FromCache++
			}
		}
		stale = rep.FromIndex == 0 && len(cached) != rep.FromCache // entities removed or changed
		break
	}
	var missing []int
	for i := range ents {
		if vecs[i] == nil {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		in := make([]string, len(missing))
		for k, i := range missing {
			in[k] = texts[i]
		}
		out, err := opts.Embedder.Embed(ctx, in)
		if err != nil {
			return nil, rep, fmt.Errorf("knowledge: embedding %d entity descriptions: %w", len(in), err)
		}
		if len(out) != len(in) {
			return nil, rep, fmt.Errorf("knowledge: the embedder returned %d vectors for %d texts", len(out), len(in))
		}
		for k, i := range missing {
			vecs[i] = out[k]
		}
		rep.Computed = len(missing)
	}
	ids := make([]string, len(ents))
	for i, e := range ents {
		ids[i] = e.ID
	}
	store, err := NewExactStore(ExactStoreConfig{Info: info, IDs: ids, Vectors: vecs, Metric: opts.Metric})
	if err != nil {
		return nil, rep, err
	}
	if rep.Computed > 0 || stale {
		writeCache(dirs, name, m, info, ents, sums, vecs, &rep)
	}
	return store, rep, nil
}

func useIndexVectors(ents []Entity, vecs [][]float32, info llm.EmbedderInfo, idx *llm.EmbedderInfo, rep *VectorReport) error {
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
		vecs[i] = e.DescriptionEmbedding
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

type cachedVector struct {
	sum string
	vec []float32
}

func readCache(path string, info llm.EmbedderInfo) (map[string]cachedVector, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f cacheFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("not a vector cache: %w", err)
	}
	if f.Format != cacheFormat {
		return nil, fmt.Errorf("format %q, want %q", f.Format, cacheFormat)
	}
	if !SameEmbedder(f.Embedder, info) {
		return nil, &EmbedderMismatchError{Stored: f.Embedder, Query: info}
	}
	out := make(map[string]cachedVector, len(f.Entities))
	for _, e := range f.Entities {
		raw, err := base64.StdEncoding.DecodeString(e.Vector)
		if err != nil || len(raw) != 4*info.Dimensions {
			continue // a damaged entry is recomputed
		}
		v := make([]float32, info.Dimensions)
		for k := range v {
			v[k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*k:]))
		}
		out[e.ID] = cachedVector{sum: e.Text, vec: v}
	}
	return out, nil
}

func writeCache(dirs []string, name string, m *Model, info llm.EmbedderInfo, ents []Entity, sums []string, vecs [][]float32, rep *VectorReport) {
	if len(dirs) == 0 {
		rep.Notes = append(rep.Notes, "entity vectors are not cached (no cache folder); they are computed again next time")
		return
	}
	f := cacheFile{Format: cacheFormat, Embedder: info, Source: m.Source().Path, Entities: make([]cacheEntry, len(ents))}
	raw := make([]byte, 4*info.Dimensions)
	for i, e := range ents {
		for k, x := range vecs[i] {
			binary.LittleEndian.PutUint32(raw[4*k:], math.Float32bits(x))
		}
		f.Entities[i] = cacheEntry{ID: e.ID, Text: sums[i], Vector: base64.StdEncoding.EncodeToString(raw)}
	}
	var failures []string
	for _, dir := range dirs {
		path := filepath.Join(dir, name)
		err := os.MkdirAll(dir, 0o755)
		if err == nil {
			err = atomicfile.Write(path, 0o644, func(w io.Writer) error {
				enc := json.NewEncoder(w)
				enc.SetIndent("", " ")
				return enc.Encode(f)
			})
		}
		if err == nil {
			rep.CacheFile = path
			return
		}
		failures = append(failures, err.Error())
	}
	rep.Notes = append(rep.Notes, "entity vectors are not cached: "+strings.Join(failures, "; "))
}
