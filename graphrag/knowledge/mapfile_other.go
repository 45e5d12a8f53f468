//go:build !linux

package knowledge

import "os"

// mapReadOnly maps nothing on systems other than Linux: the caller reads
// the file into memory instead.
func mapReadOnly(f *os.File, size int64) ([]byte, bool) { return nil, false }

// releaseMapped has nothing to give back where nothing is mapped.
func releaseMapped(b []byte) {}
