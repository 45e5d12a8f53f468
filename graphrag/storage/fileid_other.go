//go:build !unix

package storage

import "os"

// fileID has no device and inode to give on this system (Windows, Plan 9,
// wasm): a column file's stamp there is the JSON file's size, time and
// edge CRCs only.
func fileID(os.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }
