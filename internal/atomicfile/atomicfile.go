// Package atomicfile writes files so that a reader sees either the old
// file or the complete new one, never a part: the content goes to a
// temporary file in the same folder (".<name>.*.tmp"), which is fsynced,
// closed and renamed over the target; then the folder is flushed so the
// rename survives a crash. On any error before the rename the temporary
// file is removed and the target is untouched.
//
//	err := atomicfile.WriteFile("reports/r1/manifest.json", data, 0o644)
//	err := atomicfile.Write(path, 0o644, func(w io.Writer) error { return g.WriteJSON(w) })
//
// A whole folder is replaced the same way: TempDir makes a folder beside
// the target (".<name>.*.tmp"), the caller fills it, and ReplaceDir swaps
// it into place in one step, so the target holds the old files or the new
// ones, never a mix. Temporary files and folders that a killed process
// left behind (nothing else can remove them) are removed by RemoveStale
// once they are StaleAge old; IsTemp tells their names apart.
//
//	tmp, _ := atomicfile.TempDir("reports/r1")
//	// ... write tmp/report.html, tmp/manifest.json ...
//	err := atomicfile.ReplaceDir(tmp, "reports/r1")
//
// Used by graphrag/storage (graphrag.json) and nodes (report folders).
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// Writer writes files atomically. Its zero value uses (*os.File).Sync and
// os.Rename; tests replace them to inject failures.
type Writer struct {
	Sync   func(*os.File) error
	Rename func(oldpath, newpath string) error
}

// Write creates or replaces path with what fill writes, with permission
// perm (ignored on Windows). Errors: fill's error, or the file system's
// (create, sync, close, rename) naming the temporary file where it helps.
func (w Writer) Write(path string, perm os.FileMode, fill func(io.Writer) error) (err error) {
	sync, rename := w.Sync, w.Rename
	if sync == nil {
		sync = (*os.File).Sync
	}
	if rename == nil {
		rename = os.Rename
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close() // a second Close does nothing but fail
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		return err
	}
	if err := fill(f); err != nil {
		return err
	}
	if err := sync(f); err != nil {
		return fmt.Errorf("sync %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := rename(tmp, path); err != nil {
		return err
	}
	return SyncDir(dir)
}

// Write writes path atomically with the default Writer.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) error {
	return Writer{}.Write(path, perm, fill)
}

// WriteFile writes data to path atomically.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// SyncDir flushes a folder's entries (a rename or a new sub-folder) to
// disk. Windows cannot open folders for syncing; there it is a no-op.
func SyncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
