package offline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"runtime"
	"unicode"
	"unicode/utf8"

	"reportengine/internal/parallel"
	"reportengine/llm"
)

// EmbedderProvider and EmbedderModel name the offline embedder's vectors in
// llm.EmbedderInfo. A fitted embedder's model is EmbedderModel +
// "-idf-" + 12 hex digits of its document-frequency table, so vectors of
// embedders fitted on different texts are never mistaken for each other.
const (
	EmbedderProvider = "offline"
	EmbedderModel    = "offline-ngram-v1"
)

// DefaultEmbedDimensions is the vector length NewEmbedder uses for 0.
const DefaultEmbedDimensions = 512

// Embedder is a deterministic llm.Embedder that needs no network: hashed
// character n-grams with TF-IDF-style weights. It is safe for concurrent
// use (it never changes after construction).
//
// A text is lower-cased and split into runes; every run of 2 and 3 runes
// and every single rune that is a letter outside ASCII (a Chinese
// character carries meaning on its own, a Latin letter does not) is a
// feature, unless it holds no letter or digit. Each feature is hashed
// (FNV-1a, 64 bits) to one of Dimensions buckets with a sign taken from the
// hash, weighted 1+ln(count) and, for a fitted embedder, by the bucket's
// inverse document frequency ln((1+N)/(1+df))+1 over the fitting texts.
// The vector is L2-normalised; a text without features is the zero vector.
// So Chinese and English both work, without word segmentation, and equal
// texts give equal vectors on every machine.
type Embedder struct {
	dim   int
	idf   []float32 // nil: unfitted, every weight 1
	model string
}

var _ llm.Embedder = (*Embedder)(nil)

// NewEmbedder returns an unfitted embedder of dim dimensions
// (DefaultEmbedDimensions when dim ≤ 0).
func NewEmbedder(dim int) *Embedder {
	if dim <= 0 {
		dim = DefaultEmbedDimensions
	}
	return &Embedder{dim: dim, model: EmbedderModel}
}

// Fit returns a copy of e whose bucket weights are the inverse document
// frequencies over corpus (one document per string), so features common
// to most texts ("the", 的) weigh little. Embed queries with the same
// fitted embedder that embedded the documents.
func (e *Embedder) Fit(corpus []string) *Embedder {
	// document frequencies counted per chunk on all cores, then summed
	// (integer sums: the same table whatever the split)
	parts := make([][]int, workers(len(corpus)))
	parallel.Chunks(len(corpus), len(parts), func(w, lo, hi int) {
		df := make([]int, e.dim)
		seen := make([]bool, e.dim)
		for _, doc := range corpus[lo:hi] {
			clear(seen)
			forFeatures(doc, func(f uint64) {
				b, _ := e.bucket(f)
				if !seen[b] {
					seen[b] = true
					df[b]++
				}
			})
		}
		parts[w] = df
	})
	df := make([]int, e.dim)
	for _, p := range parts {
		for b, d := range p {
			df[b] += d
		}
	}
	n := float64(len(corpus))
	idf := make([]float32, e.dim)
	h := sha256.New()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], uint64(len(corpus)))
	h.Write(buf[:])
	for b, d := range df {
		idf[b] = float32(math.Log((1+n)/(1+float64(d))) + 1)
		binary.LittleEndian.PutUint64(buf[:], uint64(d))
		h.Write(buf[:])
	}
	return &Embedder{dim: e.dim, idf: idf, model: EmbedderModel + "-idf-" + hex.EncodeToString(h.Sum(nil))[:12]}
}

// Info returns provider "offline", the model name (see EmbedderModel) and
// the dimension.
func (e *Embedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: EmbedderProvider, Model: e.model, Dimensions: e.dim}
}

// Embed returns one unit vector (or the zero vector) per text, in order.
// It fails only when ctx ends (the context's error, wrapped).
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	// each text's vector depends on that text only: chunks on all cores
	parallel.Chunks(len(texts), workers(len(texts)), func(_, lo, hi int) { e.embedRange(ctx, texts, out, lo, hi) })
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("offline: embed: %w", err)
	}
	return out, nil
}

// workers is how many goroutines share n texts: one per core, at most one
// per embedChunk texts.
func workers(n int) int { return max(1, min(runtime.GOMAXPROCS(0), n/embedChunk)) }

// embedChunk is the fewest texts worth a goroutine of their own.
const embedChunk = 256

// embedRange fills out[lo:hi]; it stops early when ctx ends (Embed then
// returns the error).
func (e *Embedder) embedRange(ctx context.Context, texts []string, out [][]float32, lo, hi int) {
	index := map[uint64]int{} // feature hash → position in order
	var order []uint64        // features in order of first occurrence
	var counts []int
	for i := lo; i < hi; i++ {
		t := texts[i]
		if (i-lo)%64 == 0 && ctx.Err() != nil {
			return
		}
		clear(index)
		order, counts = order[:0], counts[:0]
		forFeatures(t, func(f uint64) {
			k, ok := index[f]
			if !ok {
				k = len(order)
				index[f] = k
				order = append(order, f)
				counts = append(counts, 0)
			}
			counts[k]++
		})
		// summed in first-occurrence order: the same bits on every run
		acc := make([]float64, e.dim)
		for k, f := range order {
			b, sign := e.bucket(f)
			w := 1 + math.Log(float64(counts[k]))
			if e.idf != nil {
				w *= float64(e.idf[b])
			}
			acc[b] += sign * w
		}
		v := make([]float32, e.dim)
		for b, x := range acc {
			v[b] = float32(x)
		}
		normalize(v)
		out[i] = v
	}
}

func (e *Embedder) bucket(x uint64) (int, float64) {
	sign := 1.0
	if x>>63 == 1 {
		sign = -1
	}
	return int(x % uint64(e.dim)), sign
}

// forFeatures calls fn with the FNV-1a hash (64 bits, over the UTF-8
// bytes) of every feature of text (see Embedder).
func forFeatures(text string, fn func(uint64)) {
	rs := []rune(text)
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	telling := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	var buf [3 * utf8.UTFMax]byte
	for i := range rs {
		if r := rs[i]; r > unicode.MaxASCII && unicode.IsLetter(r) {
			fn(fnv1a(buf[:utf8.EncodeRune(buf[:], r)]))
		}
		for n := 2; n <= 3 && i+n <= len(rs); n++ {
			g := rs[i : i+n]
			ok := false
			for _, r := range g {
				if telling(r) {
					ok = true
					break
				}
			}
			if ok {
				b := buf[:0]
				for _, r := range g {
					b = utf8.AppendRune(b, r)
				}
				fn(fnv1a(b))
			}
		}
	}
}

// fnv1a is the 64-bit FNV-1a hash.
func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

func normalize(v []float32) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := 1 / math.Sqrt(s)
	for i := range v {
		v[i] = float32(float64(v[i]) * inv)
	}
}
