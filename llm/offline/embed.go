package offline

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
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
	texts int   // fitted: the number of texts …
	df    []int // … and each bucket's document frequency (MarshalFit)
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
	parts := make([][]int, parallel.Workers(len(corpus), embedChunk))
	parallel.Chunks(len(corpus), len(parts), func(w, lo, hi int) {
		df := make([]int, e.dim)
		seen := make([]int, e.dim) // the last document (1-based) that counted the bucket
		var f features
		for i, doc := range corpus[lo:hi] {
			for _, x := range f.of(doc) {
				if b, _ := e.bucket(x); seen[b] != i+1 {
					seen[b] = i + 1
					df[b]++
				}
			}
		}
		parts[w] = df
	})
	df := make([]int, e.dim)
	for _, p := range parts {
		for b, d := range p {
			df[b] += d
		}
	}
	return fitted(e.dim, len(corpus), df)
}

// fitted is the embedder of dim dimensions fitted on n texts whose
// document frequencies per bucket are df.
func fitted(dim, n int, df []int) *Embedder {
	idf := make([]float32, dim)
	h := sha256.New()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], uint64(n))
	h.Write(buf[:])
	for b, d := range df {
		idf[b] = float32(math.Log((1+float64(n))/(1+float64(d))) + 1)
		binary.LittleEndian.PutUint64(buf[:], uint64(d))
		h.Write(buf[:])
	}
	return &Embedder{dim: dim, idf: idf, model: EmbedderModel + "-idf-" + hex.EncodeToString(h.Sum(nil))[:12], texts: n, df: df}
}

// fitMagic starts MarshalFit's bytes (the layout's version is its last byte).
const fitMagic = "REFIT\x00\x00\x01"

// MarshalFit returns what Fit learned, so that a later process can make
// the same embedder without reading the texts again (UnmarshalFit): the
// magic "REFIT\0\0\1", then as unsigned varints the dimensions, the
// number of texts and each bucket's document frequency. nil for an
// unfitted embedder.
func (e *Embedder) MarshalFit() []byte {
	if e.df == nil {
		return nil
	}
	b := append([]byte(nil), fitMagic...)
	b = binary.AppendUvarint(b, uint64(e.dim))
	b = binary.AppendUvarint(b, uint64(e.texts))
	for _, d := range e.df {
		b = binary.AppendUvarint(b, uint64(d))
	}
	return b
}

// ErrFit is wrapped by UnmarshalFit for bytes that are not a fit.
var ErrFit = errors.New("offline: not an embedder fit")

// UnmarshalFit returns the fitted embedder MarshalFit's bytes describe:
// equal to the one Fit made (the same weights and model name). Errors:
// ErrFit (wrapped) for other bytes (another layout, a count out of range,
// a frequency above the number of texts, bytes left over).
func UnmarshalFit(b []byte) (*Embedder, error) {
	if len(b) < len(fitMagic) || string(b[:len(fitMagic)]) != fitMagic {
		return nil, fmt.Errorf("%w: no fit header", ErrFit)
	}
	b = b[len(fitMagic):]
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	dim, ok1 := next()
	texts, ok2 := next()
	if !ok1 || !ok2 || dim == 0 || dim > 1<<16 || texts > 1<<40 {
		return nil, fmt.Errorf("%w: bad dimensions or text count", ErrFit)
	}
	df := make([]int, dim)
	for i := range df {
		d, ok := next()
		if !ok || d > texts {
			return nil, fmt.Errorf("%w: bucket %d: bad document frequency", ErrFit, i)
		}
		df[i] = int(d)
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%w: %d bytes left over", ErrFit, len(b))
	}
	return fitted(int(dim), int(texts), df), nil
}

// Info returns provider "offline", the model name (see EmbedderModel) and
// the dimension.
func (e *Embedder) Info() llm.EmbedderInfo {
	return llm.EmbedderInfo{Provider: EmbedderProvider, Model: e.model, Dimensions: e.dim}
}

// Embed returns one unit vector (or the zero vector) per text, in order,
// all in one block of len(texts)·Dimensions values. It fails only when
// ctx ends (the context's error, wrapped).
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	block := make([]float32, len(texts)*e.dim)
	if err := e.EmbedInto(ctx, texts, block); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = block[i*e.dim : (i+1)*e.dim : (i+1)*e.dim]
	}
	return out, nil
}

// EmbedInto writes the vector of texts[i] (as Embed gives it) into
// dst[i·Dimensions:(i+1)·Dimensions], on all cores, with no allocation per
// text: a caller holding many vectors in one block (the entity vector
// store) embeds straight into it. dst must hold len(texts)·Dimensions
// values (an error otherwise); it fails only then or when ctx ends (the
// context's error, wrapped; dst is then partly written).
func (e *Embedder) EmbedInto(ctx context.Context, texts []string, dst []float32) error {
	if len(dst) != len(texts)*e.dim {
		return fmt.Errorf("offline: embed: %d values for %d texts of %d dimensions", len(dst), len(texts), e.dim)
	}
	// each text's vector depends on that text only: chunks on all cores
	parallel.Chunks(len(texts), parallel.Workers(len(texts), embedChunk), func(_, lo, hi int) { e.embedRange(ctx, texts, dst, lo, hi) })
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("offline: embed: %w", err)
	}
	return nil
}

// embedChunk is the fewest texts worth a goroutine of their own.
const embedChunk = 256

// embedRange fills the rows lo…hi-1 of dst; it stops early when ctx ends
// (EmbedInto then returns the error).
func (e *Embedder) embedRange(ctx context.Context, texts []string, dst []float32, lo, hi int) {
	var f features
	var c featureCounts
	acc := make([]float64, e.dim)
	for i := lo; i < hi; i++ {
		if (i-lo)%64 == 0 && ctx.Err() != nil {
			return
		}
		c.count(f.of(texts[i]))
		// summed in first-occurrence order: the same bits on every run
		clear(acc)
		for k, x := range c.order {
			b, sign := e.bucket(x)
			w := tfWeight(c.counts[k])
			if e.idf != nil {
				w *= float64(e.idf[b])
			}
			acc[b] += sign * w
		}
		v := dst[i*e.dim : (i+1)*e.dim]
		for b, x := range acc {
			v[b] = float32(x)
		}
		normalize(v)
	}
}

func (e *Embedder) bucket(x uint64) (int, float64) {
	sign := 1.0
	if x>>63 == 1 {
		sign = -1
	}
	return int(x % uint64(e.dim)), sign
}

// features is the scratch space of one goroutine's feature extraction:
// of returns the FNV-1a hash (64 bits, over the UTF-8 bytes) of every
// feature of a text (see Embedder), in text order: for each rune its
// unigram (a letter outside ASCII), then the bigram and the trigram it
// starts (when one of their runes is a letter or digit). The returned
// slice is valid until the next call.
type features struct {
	runes  []rune
	flags  []uint8 // per rune: flagTelling, flagUnigram
	hashes []uint64
}

const (
	flagTelling = 1 << iota // a letter or digit
	flagUnigram             // a letter outside ASCII: a feature on its own
)

func (f *features) of(text string) []uint64 {
	rs, fl := f.runes[:0], f.flags[:0]
	for _, r := range text {
		if 0x4E00 <= r && r <= 0x9FFF { // CJK ideographs: letters without case (the common case)
			rs, fl = append(rs, r), append(fl, flagTelling|flagUnigram)
			continue
		}
		if r >= utf8.RuneSelf {
			r = unicode.ToLower(r) // may be ASCII: U+212A KELVIN SIGN is k
		} else if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		var c uint8
		switch {
		case r < utf8.RuneSelf:
			if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
				c = flagTelling
			}
		case unicode.IsLetter(r):
			c = flagTelling | flagUnigram
		case unicode.IsDigit(r):
			c = flagTelling
		}
		rs, fl = append(rs, r), append(fl, c)
	}
	out := f.hashes[:0]
	for i, r := range rs {
		h1 := fnvRune(fnvOffset, r)
		if fl[i]&flagUnigram != 0 {
			out = append(out, h1)
		}
		if i+2 > len(rs) {
			continue
		}
		h2 := fnvRune(h1, rs[i+1])
		tell := (fl[i] | fl[i+1]) & flagTelling
		if tell != 0 {
			out = append(out, h2)
		}
		if i+3 <= len(rs) && (tell|fl[i+2])&flagTelling != 0 {
			out = append(out, fnvRune(h2, rs[i+2]))
		}
	}
	f.runes, f.flags, f.hashes = rs, fl, out
	return out
}

// featureCounts counts a text's features: order holds each distinct
// feature once, in order of first occurrence, counts how often it occurs.
// An open-addressing table (reused from text to text, cleared by
// generation) replaces a map per text.
type featureCounts struct {
	order  []uint64
	counts []int
	keys   []uint64
	slot   []int32  // position in order
	gen    []uint32 // the generation that filled the slot
	cur    uint32
}

func (c *featureCounts) count(fs []uint64) {
	c.order, c.counts = c.order[:0], c.counts[:0]
	if n := 2 * len(fs); n > len(c.keys) {
		size := 64
		for size < n {
			size *= 2
		}
		c.keys, c.slot, c.gen, c.cur = make([]uint64, size), make([]int32, size), make([]uint32, size), 0
	}
	c.cur++
	if c.cur == 0 { // wrapped: forget every generation
		clear(c.gen)
		c.cur = 1
	}
	mask := uint64(len(c.keys) - 1)
	for _, x := range fs {
		i := (x * 0x9E3779B97F4A7C15) >> 32 & mask
		for c.gen[i] == c.cur && c.keys[i] != x {
			i = (i + 1) & mask
		}
		if c.gen[i] == c.cur {
			c.counts[c.slot[i]]++
			continue
		}
		c.gen[i], c.keys[i], c.slot[i] = c.cur, x, int32(len(c.order))
		c.order = append(c.order, x)
		c.counts = append(c.counts, 1)
	}
}

// tfWeight is 1 + ln(n), from a table for the small counts most
// features have (the same bits as computing it).
func tfWeight(n int) float64 {
	if n < len(tfWeights) {
		return tfWeights[n]
	}
	return 1 + math.Log(float64(n))
}

var tfWeights = func() (t [64]float64) {
	for n := range t {
		t[n] = 1 + math.Log(float64(n))
	}
	return t
}()

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnvRune continues the FNV-1a hash h over the UTF-8 bytes of r.
func fnvRune(h uint64, r rune) uint64 {
	if r < utf8.RuneSelf {
		return (h ^ uint64(r)) * fnvPrime
	}
	var buf [utf8.UTFMax]byte
	for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
		h = (h ^ uint64(c)) * fnvPrime
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
