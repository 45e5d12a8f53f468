package knowledge

import "testing"

// BenchmarkFromParquetDulce measures loading the Dulce index (7 parquet
// files, 39 entities).
func BenchmarkFromParquetDulce(b *testing.B) {
	dir := dulce(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromParquet(dir, ParquetOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFromGraphBettaFish measures mapping the BettaFish fixture graph
// (277 nodes, 350 edges, about 280 texts) onto the data model.
func BenchmarkFromGraphBettaFish(b *testing.B) {
	g := bettafishGraph(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromGraph(g, GraphOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
