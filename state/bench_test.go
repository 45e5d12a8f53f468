package state

import (
	"os"
	"testing"
)

// largestFixture returns the biggest real state file and its engine.
func largestFixture(b testing.TB) (Input, []byte) {
	b.Helper()
	var best Input
	var bestData []byte
	for _, in := range fixtureFiles(b) {
		data, err := os.ReadFile(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		if len(data) > len(bestData) {
			best, bestData = in, data
		}
	}
	return best, bestData
}

// BenchmarkParse parses the largest real fixture (~0.5 MB).
func BenchmarkParse(b *testing.B) {
	in, data := largestFixture(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data, in.Path, in.Engine); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLarge parses a ~62 MB state built from the largest fixture's
// paragraphs repeated, the size of a long engine run.
func BenchmarkParseLarge(b *testing.B) {
	in, big := largeDoc(b, 62<<20)
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(big, "large.json", in.Engine); err != nil {
			b.Fatal(err)
		}
	}
}
