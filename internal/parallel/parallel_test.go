package parallel

import (
	"sync"
	"testing"
)

// Every index is visited exactly once, by the chunk the split assigns it
// (ceil(n/k) indexes a chunk, computed here independently), for sizes that
// do and do not divide evenly, fewer indexes than workers, and none.
func TestChunksCoverEachIndexOnce(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{10, 1}, {10, 2}, {10, 3}, {2, 5}, {0, 4}, {0, 1}, {1000, 7}} {
		seen := make([]int, tc.n)
		worker := make([]int, tc.n)
		var mu sync.Mutex
		Chunks(tc.n, tc.k, func(w, lo, hi int) {
			mu.Lock()
			defer mu.Unlock()
			for i := lo; i < hi; i++ {
				seen[i]++
				worker[i] = w
			}
		})
		size := tc.n
		if tc.k > 1 {
			size = (tc.n + tc.k - 1) / tc.k
		}
		for i := range seen {
			if seen[i] != 1 {
				t.Errorf("n=%d k=%d: index %d visited %d times", tc.n, tc.k, i, seen[i])
			}
			if want := i / size; worker[i] != want {
				t.Errorf("n=%d k=%d: index %d in chunk %d, want %d", tc.n, tc.k, i, worker[i], want)
			}
		}
	}
}
