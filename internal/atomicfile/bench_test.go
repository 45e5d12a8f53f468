package atomicfile

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkWrite writes 128 MiB atomically in 1 MiB writes (about the
// chunks the graph encoder hands over), with the early writeback and
// without it (plain: the writes, then one fsync that waits for all).
func BenchmarkWrite(b *testing.B) {
	chunk := make([]byte, 1<<20)
	for i := range chunk {
		chunk[i] = byte('a' + i%26)
	}
	for _, early := range []bool{true, false} {
		name := "writeback"
		if !early {
			name = "plain"
		}
		b.Run(name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "f")
			b.SetBytes(128 << 20)
			for b.Loop() {
				err := Writer{noWriteback: !early}.Write(path, 0o644, func(w io.Writer) error {
					for range 128 {
						if _, err := w.Write(chunk); err != nil {
							return err
						}
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
