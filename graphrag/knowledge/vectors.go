package knowledge

import (
	"cmp"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"reportengine/internal/parallel"
	"reportengine/llm"
)

// Errors of vector comparisons (B29); test with errors.Is, read the details
// with errors.As on *EmbedderMismatchError.
var (
	// ErrDimensionMismatch: a query vector or a stored vector does not have
	// the stored vectors' length.
	ErrDimensionMismatch = errors.New("embedding dimension mismatch")
	// ErrEmbedderMismatch: the vectors were made by another embedder
	// (provider or model differs) than the one embedding the query.
	ErrEmbedderMismatch = errors.New("embedding model mismatch")
)

// EmbedderMismatchError says which vectors cannot be compared.
type EmbedderMismatchError struct {
	Stored llm.EmbedderInfo // the stored vectors' embedder (Dimensions = their length)
	Query  llm.EmbedderInfo // the query's embedder, or only Dimensions for a bare vector
	Entity string           // for a stored vector of the wrong length: its entity id …
	Got    int              // … and its length
}

func (e *EmbedderMismatchError) Error() string {
	switch {
	case e.Entity != "":
		return fmt.Sprintf("embedding dimension mismatch: entity %q has a %d-dimensional vector, the others %d", e.Entity, e.Got, e.Stored.Dimensions)
	case e.Stored.Dimensions != e.Query.Dimensions:
		return fmt.Sprintf("embedding dimension mismatch: stored=%d, query=%d (graph built with a different embedding model?)", e.Stored.Dimensions, e.Query.Dimensions)
	}
	return fmt.Sprintf("embedding model mismatch: stored vectors are from %s, the query embedder is %s (graph built with a different embedding model?)", describeEmbedder(e.Stored), describeEmbedder(e.Query))
}

func (e *EmbedderMismatchError) Unwrap() error {
	if e.Entity != "" || e.Stored.Dimensions != e.Query.Dimensions {
		return ErrDimensionMismatch
	}
	return ErrEmbedderMismatch
}

func describeEmbedder(i llm.EmbedderInfo) string {
	return fmt.Sprintf("%s/%s (%d dimensions)", i.Provider, i.Model, i.Dimensions)
}

// SameEmbedder reports whether vectors of a and b can be compared: equal
// provider, model and dimensions.
func SameEmbedder(a, b llm.EmbedderInfo) bool { return a == b }

// Metric is how ExactStore measures distance.
type Metric int

const (
	// L2 is the squared Euclidean distance (what LanceDB, GraphRAG's
	// default store, reports for its l2 metric). On unit vectors it orders
	// as cosine similarity does.
	L2 Metric = iota
	// Cosine is 1 − cos(a, b); a zero vector is at distance 1 from all.
	Cosine
)

// ExactStoreConfig configures NewExactStore.
type ExactStoreConfig struct {
	Info    llm.EmbedderInfo // the embedder that made Vectors; Info.Dimensions 0 = the first vector's length
	IDs     []string         // document ids (entity ids), one per vector, unique
	Vectors [][]float32
	Metric  Metric
}

// ExactStore is the default VectorStore: exact nearest-neighbour search over
// every stored vector, in plain Go. Results are deterministic (ties by
// ascending id) and it is safe for concurrent use (nothing changes after
// NewExactStore). Cost per query: one pass over n·d floats plus O(n log k).
type ExactStore struct {
	info   llm.EmbedderInfo
	ids    []string
	data   []float32 // n × dim, row-major
	norms  []float64 // Cosine only
	metric Metric
	// norm2 is ‖x‖² of every row, made on first use (rowNorms)
	normOnce sync.Once
	norm2    []float64
	maxNorm2 float64
}

var _ VectorStore = (*ExactStore)(nil)

// NewExactStore copies the vectors into one block. Every vector must have
// Info.Dimensions values: the first one that does not is an
// *EmbedderMismatchError (ErrDimensionMismatch) naming its id (B29).
func NewExactStore(cfg ExactStoreConfig) (*ExactStore, error) {
	if len(cfg.IDs) != len(cfg.Vectors) {
		return nil, fmt.Errorf("knowledge: exact store: %d ids for %d vectors", len(cfg.IDs), len(cfg.Vectors))
	}
	dim := cfg.Info.Dimensions
	if dim == 0 && len(cfg.Vectors) > 0 {
		dim = len(cfg.Vectors[0])
	}
	info := cfg.Info
	info.Dimensions = dim
	s := &ExactStore{info: info, ids: append([]string(nil), cfg.IDs...), data: make([]float32, 0, dim*len(cfg.Vectors)), metric: cfg.Metric}
	seen := make(map[string]bool, len(cfg.IDs))
	for i, v := range cfg.Vectors {
		if len(v) != dim {
			return nil, &EmbedderMismatchError{Stored: info, Query: info, Entity: cfg.IDs[i], Got: len(v)}
		}
		if seen[cfg.IDs[i]] {
			return nil, fmt.Errorf("knowledge: exact store: duplicate id %q", cfg.IDs[i])
		}
		seen[cfg.IDs[i]] = true
		s.data = append(s.data, v...)
	}
	if cfg.Metric == Cosine {
		s.norms = make([]float64, len(cfg.Vectors))
		for i, v := range cfg.Vectors {
			s.norms[i] = math.Sqrt(dot64(v, v))
		}
	}
	return s, nil
}

// newFlatStore is NewExactStore on vectors already in one block (len(ids)
// rows of info.Dimensions), which the store takes over without a copy.
// unique says the ids are known to be unique (a Model's entity ids), so
// they are not checked again.
func newFlatStore(info llm.EmbedderInfo, ids []string, data []float32, metric Metric, unique bool) (*ExactStore, error) {
	dim := info.Dimensions
	if len(data) != len(ids)*dim {
		return nil, fmt.Errorf("knowledge: exact store: %d values for %d vectors of %d dimensions", len(data), len(ids), dim)
	}
	if !unique {
		seen := make(map[string]bool, len(ids))
		for _, id := range ids {
			if seen[id] {
				return nil, fmt.Errorf("knowledge: exact store: duplicate id %q", id)
			}
			seen[id] = true
		}
	}
	s := &ExactStore{info: info, ids: ids, data: data, metric: metric}
	if metric == Cosine {
		s.norms = make([]float64, len(ids))
		for i := range ids {
			v := data[i*dim : (i+1)*dim]
			s.norms[i] = math.Sqrt(dot64(v, v))
		}
	}
	return s, nil
}

// Info returns the embedder the stored vectors came from.
func (s *ExactStore) Info() llm.EmbedderInfo { return s.info }

// Len returns the number of stored vectors.
func (s *ExactStore) Len() int { return len(s.ids) }

// Nearest returns the k stored vectors nearest to q, nearest first, ties
// by ascending id; fewer when the store holds fewer, none for k ≤ 0. A q
// of another length is an *EmbedderMismatchError (ErrDimensionMismatch),
// never a silent similarity of 0. It stops with ctx's error when ctx ends.
func (s *ExactStore) Nearest(ctx context.Context, q []float32, k int) ([]Neighbor, error) {
	if out, ok, err := s.nearestSparse(ctx, q, k); ok || err != nil {
		return out, err
	}
	out, _, err := s.NearestStats(ctx, q, k)
	return out, err
}

// sparseShare: nearestSparse serves a query vector with at most this
// share of non-zero values (the offline embedder's question vectors: a
// question of 12 runes has about 30 of 512).
const sparseShare = 4

// nearestSparse is Nearest for the L2 metric and a query vector q with
// few non-zero values (at most 1/sparseShare of them; ok is false
// otherwise, and for the cosine metric). The squared distance of row x is
// ‖x‖² + ‖q‖² − 2 x·q, and x·q needs only q's non-zero positions: with
// each row's ‖x‖² computed once (norms), every row's distance is
// estimated from those positions alone (30 of 512 values for a question
// of the offline embedder) in float64, within about 1e-13 of the distance
// NearestStats computes term by term (for unit vectors). The rows whose
// estimate is within a margin of the k-th smallest estimate (1e-9 of the
// largest magnitude involved, thousands of times the rounding) are the
// only ones that can be among the k nearest; their distances are then computed exactly as NearestStats
// computes them, and the k nearest taken by (distance, id). So the
// result is NearestStats', bit for bit (TestNearestSparseOracle), for a
// pass over |q's non-zero values| columns instead of every value.
func (s *ExactStore) nearestSparse(ctx context.Context, q []float32, k int) ([]Neighbor, bool, error) {
	dim, n := s.info.Dimensions, len(s.ids)
	if s.metric != L2 || len(q) != dim || k <= 0 || n == 0 || dim == 0 {
		return nil, false, nil
	}
	var nz []int
	qn := 0.0
	for j, v := range q {
		if v != 0 {
			nz = append(nz, j)
			qn += float64(v) * float64(v)
		}
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, false, nil
		}
	}
	if len(nz)*sparseShare > dim {
		return nil, false, nil
	}
	norms := s.rowNorms()
	if norms == nil {
		return nil, false, nil // a row holds NaN or ∞
	}
	est := make([]float64, n)
	chunks := (n + nearestChunk - 1) / nearestChunk
	kth := make([][]float64, chunks) // per chunk: its k smallest estimates
	parallel.Chunks(chunks, parallel.Workers(chunks, 1), func(_, lo, hi int) {
		for c := lo; c < hi; c++ {
			if ctx.Err() != nil {
				return
			}
			top := make([]float64, 0, k+1)
			for i := c * nearestChunk; i < min((c+1)*nearestChunk, n); i++ {
				row := s.data[i*dim : (i+1)*dim : (i+1)*dim]
				var dot float64
				for _, j := range nz {
					dot += float64(row[j]) * float64(q[j])
				}
				e := norms[i] + qn - 2*dot
				est[i] = e
				if len(top) < k || e < top[len(top)-1] {
					at, _ := slices.BinarySearch(top, e)
					top = slices.Insert(top, at, e)
					if len(top) > k {
						top = top[:k]
					}
				}
			}
			kth[c] = top
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, true, err
	}
	var all []float64
	for _, t := range kth {
		all = append(all, t...)
	}
	slices.Sort(all)
	// the margin: the estimate and the term-by-term sum each differ from
	// the true distance by less than about 600 × 2⁻⁵³ × (‖x‖² + ‖q‖²)
	// (3e-13 for unit vectors); 1e-9 of the largest magnitude is
	// thousands of times that
	bar := all[min(k, len(all))-1]
	bar += 1e-9 * (1 + math.Abs(bar) + qn + s.maxNorm2)
	var near neighborHeap
	for i, e := range est {
		if e > bar {
			continue
		}
		row := s.data[i*dim : (i+1)*dim]
		var d float64
		for j, x := range row {
			t := float64(x) - float64(q[j])
			d += t * t
		}
		nb := Neighbor{ID: s.ids[i], Distance: d}
		if len(near) < k {
			heap.Push(&near, nb)
		} else if nearer(nb, near[0]) {
			near[0] = nb
			heap.Fix(&near, 0)
		}
	}
	out := []Neighbor(near)
	slices.SortFunc(out, func(a, b Neighbor) int {
		if nearer(a, b) {
			return -1
		}
		if nearer(b, a) {
			return 1
		}
		return 0
	})
	return out, true, nil
}

// rowNorms returns ‖x‖² of every row (float64, in row order), computed
// on the first call on all cores; nil when a row holds NaN or ∞ (the
// estimate of nearestSparse would not bound it).
func (s *ExactStore) rowNorms() []float64 {
	s.normOnce.Do(func() {
		dim, n := s.info.Dimensions, len(s.ids)
		norms := make([]float64, n)
		bad := make([]bool, parallel.Workers(n, 4096))
		parallel.Chunks(n, len(bad), func(w, lo, hi int) {
			for i := lo; i < hi; i++ {
				var t float64
				for _, x := range s.data[i*dim : (i+1)*dim] {
					t += float64(x) * float64(x)
				}
				if math.IsNaN(t) || math.IsInf(t, 0) {
					bad[w] = true
				}
				norms[i] = t
			}
		})
		if !slices.Contains(bad, true) {
			s.norm2 = norms
			for _, t := range norms {
				s.maxNorm2 = max(s.maxNorm2, t)
			}
		}
	})
	return s.norm2
}

// DistanceStats describe the distances of every stored vector to one
// query: how many, their mean and their (population) standard deviation,
// in the store's metric. Local search uses them to tell a match that
// stands out from the bulk of the entities from one that does not.
type DistanceStats struct {
	Count     int
	Mean, Std float64
}

// nearestChunk is how many rows one goroutine scans at a time. The rows are
// cut into chunks of this fixed size whatever the number of cores, and the
// partial sums are added in chunk order, so the statistics have the same
// bits on every machine.
const nearestChunk = 8192

// NearestStats is Nearest plus the statistics of all the distances,
// computed in the same pass. The scan runs on all cores, each chunk of
// rows keeping its own k nearest; the chunks' lists are merged by
// (distance, id), so the result does not depend on the split. Cost: one
// pass over n·d floats, O(n log k).
func (s *ExactStore) NearestStats(ctx context.Context, q []float32, k int) ([]Neighbor, DistanceStats, error) {
	dim := s.info.Dimensions
	if len(q) != dim {
		return nil, DistanceStats{}, &EmbedderMismatchError{Stored: s.info, Query: llm.EmbedderInfo{Dimensions: len(q)}}
	}
	n := len(s.ids)
	if k <= 0 || n == 0 {
		return nil, DistanceStats{}, nil
	}
	var qn float64
	if s.metric == Cosine {
		qn = math.Sqrt(dot64(q, q))
	}
	type part struct {
		near    neighborHeap
		sum, sq float64
	}
	parts := make([]part, (n+nearestChunk-1)/nearestChunk)
	parallel.Chunks(len(parts), parallel.Workers(len(parts), 1), func(_, lo, hi int) {
		for c := lo; c < hi; c++ {
			if ctx.Err() != nil {
				return
			}
			p := &parts[c]
			p.near = make(neighborHeap, 0, min(k, nearestChunk)+1)
			for i := c * nearestChunk; i < min((c+1)*nearestChunk, n); i++ {
				row := s.data[i*dim : (i+1)*dim]
				var d float64
				switch s.metric {
				case Cosine:
					if qn == 0 || s.norms[i] == 0 {
						d = 1
					} else {
						d = 1 - dot64(q, row)/(qn*s.norms[i])
					}
				default:
					for j, x := range row {
						t := float64(x) - float64(q[j])
						d += t * t
					}
				}
				p.sum += d
				p.sq += d * d
				nb := Neighbor{ID: s.ids[i], Distance: d}
				if len(p.near) < k {
					heap.Push(&p.near, nb)
				} else if nearer(nb, p.near[0]) {
					p.near[0] = nb
					heap.Fix(&p.near, 0)
				}
			}
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, DistanceStats{}, err
	}
	var all []Neighbor
	var sum, sq float64
	for _, p := range parts {
		all = append(all, p.near...)
		sum += p.sum
		sq += p.sq
	}
	slices.SortFunc(all, func(a, b Neighbor) int {
		if nearer(a, b) {
			return -1
		}
		if nearer(b, a) {
			return 1
		}
		return 0
	})
	mean := sum / float64(n)
	st := DistanceStats{Count: n, Mean: mean, Std: math.Sqrt(max(0, sq/float64(n)-mean*mean))}
	return all[:min(k, len(all))], st, nil
}

func dot64(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// nearer orders neighbours: smaller distance, then ascending id.
func nearer(a, b Neighbor) bool {
	if a.Distance != b.Distance {
		return a.Distance < b.Distance
	}
	return cmp.Less(a.ID, b.ID)
}

// neighborHeap is a max-heap (the farthest kept neighbour on top).
type neighborHeap []Neighbor

func (h neighborHeap) Len() int           { return len(h) }
func (h neighborHeap) Less(i, j int) bool { return nearer(h[j], h[i]) }
func (h neighborHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *neighborHeap) Push(x any)        { *h = append(*h, x.(Neighbor)) }
func (h *neighborHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// CheckEmbedder returns an *EmbedderMismatchError when store knows which
// embedder made its vectors (it has an Info method, as ExactStore does) and
// that is not emb: vectors from different embedders are never compared
// (B29). Stores that cannot say are let through.
func CheckEmbedder(store VectorStore, emb llm.Embedder) error {
	is, ok := store.(interface{ Info() llm.EmbedderInfo })
	if !ok || emb == nil {
		return nil
	}
	if a, b := is.Info(), emb.Info(); !SameEmbedder(a, b) {
		return &EmbedderMismatchError{Stored: a, Query: b}
	}
	return nil
}
