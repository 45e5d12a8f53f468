package storage

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// List's order is newest first by created_at, then by modification time,
// then by id ascending. The directory is read in name order, which hides a
// missing id tie-break in a listing test; here the infos come shuffled.
func TestCompareInfoOrderAndTieBreak(t *testing.T) {
	t0 := time.Date(2025, 8, 27, 13, 0, 0, 0, time.UTC)
	want := []Info{
		{ID: "n", CreatedAt: t0.Add(time.Hour), ModTime: t0},
		{ID: "a", CreatedAt: t0, ModTime: t0.Add(time.Minute)},
		{ID: "b", CreatedAt: t0, ModTime: t0},
		{ID: "c", CreatedAt: t0, ModTime: t0},
		{ID: "m", CreatedAt: t0, ModTime: t0},
		{ID: "z", CreatedAt: t0, ModTime: t0.Add(-time.Minute)},
		{ID: "k", ModTime: t0.Add(time.Hour)}, // no created_at: after every dated graph
		{ID: "d", ModTime: t0},
		{ID: "e", ModTime: t0},
	}
	ids := func(is []Info) []string {
		var out []string
		for _, i := range is {
			out = append(out, i.ID)
		}
		return out
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		got := slices.Clone(want)
		rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		slices.SortFunc(got, compareInfo)
		if !slices.Equal(ids(got), ids(want)) {
			t.Fatalf("order %v, want %v", ids(got), ids(want))
		}
	}
}
