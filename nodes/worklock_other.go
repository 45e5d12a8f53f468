//go:build !unix

package nodes

import "os"

// flockFile locks nothing where flock(2) does not exist: concurrent runs
// of one report id are not refused there.
func flockFile(*os.File) (busy bool, err error) { return false, nil }

// sameFile reports whether the open file f is still the file at path.
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
