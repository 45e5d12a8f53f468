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
