package localsearch

import (
	"testing"
)

// BenchmarkBuildDulce: the default-parameter context build on the Dulce
// index for ALEX MERCER's vector (target: < 2 ms p50).
func BenchmarkBuildDulce(b *testing.B) {
	cb, _ := dulceBuilder(b)
	p := DefaultParams()
	if _, err := cb.Build(b.Context(), "ALEX MERCER", nil, p); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cb.Build(b.Context(), "ALEX MERCER", nil, p); err != nil {
			b.Fatal(err)
		}
	}
}
