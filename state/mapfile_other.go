//go:build !unix

package state

// mapFile reads the file at path (systems without mmap); unmap does
// nothing.
func mapFile(path string) (doc string, unmap func(), err error) {
	doc, err = readString(path)
	return doc, func() {}, err
}
