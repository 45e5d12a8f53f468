package knowledge

import (
	"context"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"reportengine/internal/parallel"
	"reportengine/llm"
)

// ExactStore is the default VectorStore: exact nearest-neighbour search over
// every stored vector, in plain Go. Results are deterministic (ties by
// ascending id) and it is safe for concurrent use (nothing changes after
// NewExactStore but KeepPages, called before the store is shared). Cost per query: one pass over n·d floats plus O(n log k),
// or for a sparse query vector a pass over its non-zero positions
// (nearestSparse).
//
// The vectors are held by column (position j of row i at cols[j·n+i]),
// as the vector cache keeps them (vecfile.go): a query of 30 non-zero
// positions reads 30 columns (30 MB of the 300 000-record graph's 531)
// instead of every row, and the pages of a mapped cache that no question
// needs are never read. Every sum over a row's positions is still taken
// in position order, as it would be row by row, so the distances have the
// same bits.
type ExactStore struct {
	info llm.EmbedderInfo
	ids  []string
	cols []float32 // dim × n, by column
	// sq is ‖x‖² of every row (float64, summed in position order);
	// sparse says none is NaN or ∞ (nearestSparse's estimate then bounds
	// every row) and maxSq is the largest
	sq     []float64
	sparse bool
	maxSq  float64
	// mapped says cols lie in a mapped vector cache: nearestSparse gives
	// back the pages of each column it read (releaseMapped), so that a
	// process does not keep the columns of every question it was asked,
	// unless keep (KeepPages)
	mapped, keep bool
}

var _ VectorStore = (*ExactStore)(nil)

// NewExactStore copies the vectors into one block. Every vector must have
// Info.Dimensions values: the first one that does not is an
// *EmbedderMismatchError (ErrDimensionMismatch) naming its id (B29).
func NewExactStore(cfg ExactStoreConfig) (*ExactStore, error) {
	if len(cfg.IDs) != len(cfg.Vectors) {
		return nil, fmt.Errorf("knowledge: exact store: %d ids for %d vectors", len(cfg.IDs), len(cfg.Vectors))
	}
	dim, n := cfg.Info.Dimensions, len(cfg.Vectors)
	if dim == 0 && n > 0 {
		dim = len(cfg.Vectors[0])
	}
	info := cfg.Info
	info.Dimensions = dim
	cols := make([]float32, dim*n)
	seen := make(map[string]bool, n)
	for i, v := range cfg.Vectors {
		if len(v) != dim {
			return nil, &EmbedderMismatchError{Stored: info, Query: info, Entity: cfg.IDs[i], Got: len(v)}
		}
		if seen[cfg.IDs[i]] {
			return nil, fmt.Errorf("knowledge: exact store: duplicate id %q", cfg.IDs[i])
		}
		seen[cfg.IDs[i]] = true
		for j, x := range v {
			cols[j*n+i] = x
		}
	}
	return newFlatStore(info, append([]string(nil), cfg.IDs...), cols, nil)
}

// newFlatStore is NewExactStore on vectors already in one block by column
// (len(ids) rows of info.Dimensions), which the store takes over without
// a copy, with sq their rows' ‖x‖² (nil: computed here, rowSquares).
// The ids must be unique (NewExactStore checks them; a Model's entity ids
// are).
func newFlatStore(info llm.EmbedderInfo, ids []string, cols []float32, sq []float64) (*ExactStore, error) {
	dim, n := info.Dimensions, len(ids)
	if len(cols) != n*dim || sq != nil && len(sq) != n {
		return nil, fmt.Errorf("knowledge: exact store: %d values and %d norms for %d vectors of %d dimensions", len(cols), len(sq), n, dim)
	}
	if sq == nil {
		sq = rowSquares(cols, n, dim)
	}
	s := &ExactStore{info: info, ids: ids, cols: cols, sq: sq, sparse: true}
	for _, t := range sq {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			s.sparse, s.maxSq = false, 0
			break
		}
		s.maxSq = max(s.maxSq, t)
	}
	return s, nil
}

// rowSquares returns ‖x‖² of each of the n rows of cols (dim × n, by
// column), each summed in position order, on all cores.
func rowSquares(cols []float32, n, dim int) []float64 {
	sq := make([]float64, n)
	chunks := (n + nearestChunk - 1) / nearestChunk
	parallel.Chunks(chunks, parallel.Workers(chunks, 1), func(_, lo, hi int) {
		for c := lo; c < hi; c++ {
			a, b := c*nearestChunk, min((c+1)*nearestChunk, n)
			acc := sq[a:b]
			for j := range dim {
				for i, x := range cols[j*n+a : j*n+b] {
					acc[i] += float64(x) * float64(x)
				}
			}
		}
	})
	return sq
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
	return s.nearestScan(ctx, q, k)
}

// sparseShare: nearestSparse serves a query vector with at most this
// share of non-zero values (the offline embedder's question vectors: a
// question of 12 runes has about 30 of 512; chat's, embedded with the
// earlier questions, up to about 200).
const sparseShare = 2

// nearestSparse is Nearest for a query vector q with few non-zero values
// (at most 1/sparseShare of them; ok is false otherwise). The squared
// distance of row x is
// ‖x‖² + ‖q‖² − 2 x·q, and x·q needs only q's non-zero positions: with
// each row's ‖x‖² known (sq), every row's distance is estimated from
// those columns alone (30 of 512 for a question of the offline embedder)
// in float64, within about 1e-13 of the distance nearestScan computes
// term by term (for unit vectors). The rows whose estimate is within a
// margin of the k-th smallest estimate (1e-9 of the largest magnitude
// involved, thousands of times the rounding) are the only ones that can
// be among the k nearest; their distances are then computed exactly as
// nearestScan computes them, and the k nearest taken by (distance, id).
// So the result is nearestScan's, bit for bit (TestNearestSparseOracle).
func (s *ExactStore) nearestSparse(ctx context.Context, q []float32, k int) ([]Neighbor, bool, error) {
	dim, n := s.info.Dimensions, len(s.ids)
	if !s.sparse || len(q) != dim || k <= 0 || n == 0 || dim == 0 {
		return nil, false, nil
	}
	var nz []int
	qn := 0.0
	for j, v := range q {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, false, nil
		}
		if v != 0 {
			nz = append(nz, j)
			qn += float64(v) * float64(v)
		}
	}
	if len(nz)*sparseShare > dim {
		return nil, false, nil
	}
	est, bar := s.estimates(ctx, q, nz, qn, k)
	if err := ctx.Err(); err != nil {
		return nil, true, err
	}
	var rows []int
	for i, e := range est {
		if e <= bar {
			rows = append(rows, i)
		}
	}
	near := topN[Neighbor]{n: k, order: compareNeighbors}
	for r, d := range s.l2(q, rows) {
		near.offer(Neighbor{ID: s.ids[rows[r]], Distance: d})
	}
	return near.sorted(), true, nil
}

// estimates returns every row's estimated squared distance to q from its
// non-zero positions nz (‖q‖² = qn), and the bar no row among the k
// nearest can be above: the k-th smallest estimate and the margin. The
// rows are cut into chunks of nearestChunk, each keeping its k smallest
// estimates, on all cores.
func (s *ExactStore) estimates(ctx context.Context, q []float32, nz []int, qn float64, k int) ([]float64, float64) {
	n := len(s.ids)
	est := make([]float64, n)
	chunks := (n + nearestChunk - 1) / nearestChunk
	kth := make([][]float64, chunks)
	parallel.Chunks(chunks, parallel.Workers(chunks, 1), func(_, lo, hi int) {
		for c := lo; c < hi; c++ {
			if ctx.Err() != nil {
				return
			}
			a, b := c*nearestChunk, min((c+1)*nearestChunk, n)
			dot := est[a:b] // x·q first, in nz order, then the estimate
			for _, j := range nz {
				qj := float64(q[j])
				for i, x := range s.cols[j*n+a : j*n+b] {
					dot[i] += float64(x) * qj
				}
			}
			top := make([]float64, 0, k+1)
			for i, d := range dot {
				e := s.sq[a+i] + qn - 2*d
				dot[i] = e
				if len(top) < k || e < top[len(top)-1] {
					at, _ := slices.BinarySearch(top, e)
					top = slices.Insert(top, at, e)
					top = top[:min(len(top), k)]
				}
			}
			kth[c] = top
		}
	})
	for _, j := range nz {
		s.release(j)
	}
	var all []float64
	for _, t := range kth {
		all = append(all, t...)
	}
	if len(all) == 0 {
		return est, math.Inf(-1) // ended by ctx
	}
	slices.Sort(all)
	bar := all[min(k, len(all))-1]
	return est, bar + 1e-9*(1+math.Abs(bar)+qn+s.maxSq)
}

// l2 returns the squared distances of the rows to q, each summed in
// position order as nearestScan sums it, a column at a time (each
// column released once read: a row touches a page of every column).
func (s *ExactStore) l2(q []float32, rows []int) []float64 {
	n := len(s.ids)
	d := make([]float64, len(rows))
	for j, v := range q {
		col := s.cols[j*n : (j+1)*n]
		for r, i := range rows {
			t := float64(col[i]) - float64(v)
			d[r] += t * t
		}
		s.release(j)
	}
	return d
}

// KeepPages makes s keep the pages of a mapped vector cache that Nearest
// reads instead of giving them back after each question: for a process
// that asks many (chat, eval, serve), where reading them again costs more
// than the search (on the 300 000-record graph a question's Nearest took
// 120–210 ms giving them back, 8–27 ms keeping them). The pages kept are
// the cache file's at most (544 MB there), clean pages of the file that
// the system may reclaim. Results are the same either way. Call it before
// s is shared; a store in memory (not mapped) is unaffected.
func (s *ExactStore) KeepPages() { s.keep = true }

// release gives back the pages of column j when the store is mapped and
// does not keep them (KeepPages).
func (s *ExactStore) release(j int) {
	if n := len(s.ids); s.mapped && !s.keep && n > 0 {
		releaseMapped(unsafe.Slice((*byte)(unsafe.Pointer(&s.cols[j*n])), 4*n))
	}
}

// nearestScan is Nearest by a pass over every row (the plain path,
// which nearestSparse is held to). The scan runs on all cores, each chunk
// of rows keeping its own k nearest; the chunks' lists are merged by
// (distance, id), so the result does not depend on the split. Cost: one
// pass over n·d floats, O(n log k).
func (s *ExactStore) nearestScan(ctx context.Context, q []float32, k int) ([]Neighbor, error) {
	dim := s.info.Dimensions
	if len(q) != dim {
		return nil, &EmbedderMismatchError{Stored: s.info, Query: llm.EmbedderInfo{Dimensions: len(q)}}
	}
	n := len(s.ids)
	if k <= 0 || n == 0 {
		return nil, nil
	}
	parts := make([]topN[Neighbor], (n+nearestChunk-1)/nearestChunk)
	parallel.Chunks(len(parts), parallel.Workers(len(parts), 1), func(_, lo, hi int) {
		for c := lo; c < hi; c++ {
			if ctx.Err() != nil {
				return
			}
			a := c * nearestChunk
			parts[c] = topN[Neighbor]{n: k, order: compareNeighbors}
			for i, d := range s.distances(q, a, min(a+nearestChunk, n)) {
				parts[c].offer(Neighbor{ID: s.ids[a+i], Distance: d})
			}
		}
	})
	for j := range dim {
		s.release(j) // as nearestSparse does: a mapped store's pages are read again when needed
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var all []Neighbor
	for _, p := range parts {
		all = append(all, p.best...)
	}
	slices.SortFunc(all, compareNeighbors)
	return all[:min(k, len(all))], nil
}

// distances returns the squared L2 distances of rows a…b-1 to q, each
// sum taken in position order.
func (s *ExactStore) distances(q []float32, a, b int) []float64 {
	n := len(s.ids)
	acc := make([]float64, b-a)
	for j, v := range q {
		qj := float64(v)
		for i, x := range s.cols[j*n+a : j*n+b] {
			t := float64(x) - qj
			acc[i] += t * t
		}
	}
	return acc
}
