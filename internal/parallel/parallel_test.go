package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
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

func TestWorkers(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	for _, tc := range []struct{ n, grain, want int }{
		{0, 256, 1}, {-5, 256, 1}, {255, 256, 1}, {256, 256, 1}, {512, 256, min(2, procs)},
		{1 << 30, 256, procs}, {10, 0, min(10, procs)},
	} {
		if got := Workers(tc.n, tc.grain); got != tc.want {
			t.Errorf("Workers(%d, %d) = %d, want %d", tc.n, tc.grain, got, tc.want)
		}
	}
}

func TestEachVisitsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 255, 1000, 4097} {
		seen := make([]int32, n)
		var mu sync.Mutex
		maxW := -1
		Each(n, 256, func(w, i int) {
			atomic.AddInt32(&seen[i], 1)
			mu.Lock()
			maxW = max(maxW, w)
			mu.Unlock()
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: index %d visited %d times", n, i, c)
			}
		}
		if maxW >= Workers(n, 256) {
			t.Errorf("n=%d: worker %d, want below %d", n, maxW, Workers(n, 256))
		}
	}
}
