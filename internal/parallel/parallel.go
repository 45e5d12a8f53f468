// Package parallel runs index ranges on several goroutines: the one
// fan-out helper the CPU-bound stages share (evidence cutting and scoring,
// the offline embedder, the graph file decode, the traversal view and the
// query engine's scan), so each does not keep a copy of its own.
//
//	parallel.Chunks(len(xs), runtime.GOMAXPROCS(0), func(w, lo, hi int) {
//		for i := lo; i < hi; i++ { out[i] = f(xs[i]) }
//	})
//
// Results are deterministic when fn writes only out[lo:hi] (or scratch
// space of worker w): the split depends on n and k only.
package parallel

import (
	"runtime"
	"sync"
)

// Workers is how many goroutines n items are worth when each goroutine
// should get at least grain of them: GOMAXPROCS at most, and 1 when n <
// grain (n ≤ 0 included); a grain ≤ 0 counts as 1.
func Workers(n, grain int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/max(grain, 1)))
}

// Each calls fn(w, i) once for every i in [0, n), on Workers(n, grain)
// goroutines over consecutive chunks (Chunks); w is the chunk's worker
// number, below Workers(n, grain) and so below GOMAXPROCS, for per-worker
// scratch space.
func Each(n, grain int, fn func(w, i int)) {
	Chunks(n, Workers(n, grain), func(w, lo, hi int) {
		for i := lo; i < hi; i++ {
			fn(w, i)
		}
	})
}

// Chunks splits [0, n) into k contiguous chunks of ceil(n/k) indexes (the
// last may be shorter, empty ones are skipped) and calls fn(w, lo, hi) for
// chunk w, each on its own goroutine when k > 1, and returns when all have
// returned. k ≤ 1 runs fn(0, 0, n) on the caller's goroutine; n ≤ 0 with
// k > 1 calls nothing.
func Chunks(n, k int, fn func(w, lo, hi int)) {
	if k <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	size := (n + k - 1) / k
	for w := range k {
		lo, hi := w*size, min((w+1)*size, n)
		if lo >= hi {
			break
		}
		wg.Go(func() { fn(w, lo, hi) })
	}
	wg.Wait()
}
