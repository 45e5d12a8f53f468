package knowledge

import (
	"cmp"
	"errors"
	"fmt"

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

// ExactStoreConfig configures NewExactStore.
type ExactStoreConfig struct {
	Info    llm.EmbedderInfo // the embedder that made Vectors; Info.Dimensions 0 = the first vector's length
	IDs     []string         // document ids (entity ids), one per vector, unique
	Vectors [][]float32
}

// nearestChunk is how many rows one goroutine scans at a time. The rows are
// cut into chunks of this fixed size whatever the number of cores, and the
// partial sums are added in chunk order, so the statistics have the same
// bits on every machine.
const nearestChunk = 8192

// nearer orders neighbours: smaller distance, then ascending id.
func nearer(a, b Neighbor) bool {
	if a.Distance != b.Distance {
		return a.Distance < b.Distance
	}
	return cmp.Less(a.ID, b.ID)
}

// compareNeighbors orders neighbours by nearer (0 when neither is).
func compareNeighbors(a, b Neighbor) int {
	switch {
	case nearer(a, b):
		return -1
	case nearer(b, a):
		return 1
	}
	return 0
}
