package atomicfile

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// StaleAge is how old (by modification time) a temporary file or folder
// of this package's naming must be before RemoveStale removes it: a save
// in progress writes to its temporary file at least every few seconds
// (a staged folder is renamed into place within seconds of its last file),
// so one untouched for this long was left by a process that was killed
// (SIGKILL, a crash, a power cut) before it could remove it.
const StaleAge = 15 * time.Minute

// IsTemp reports whether name (a base name) is one of this package's
// temporary names: "." + the target's name + "." + decimal digits +
// ".tmp" (what os.CreateTemp and os.MkdirTemp make of the pattern
// ".<name>.*.tmp"). Listings of graphs and reports skip such names.
func IsTemp(name string) bool {
	core, ok := strings.CutSuffix(name, ".tmp")
	if !ok || !strings.HasPrefix(core, ".") {
		return false
	}
	core = core[1:]
	i := strings.LastIndexByte(core, '.')
	digits := core[i+1:]
	return i > 0 && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// RemoveStale removes, from folder dir, every entry whose name IsTemp and
// whose modification time is more than age before now (a folder with what
// it holds), and returns the paths it removed. Nothing else is touched:
// not other names, not fresh temporary files of a save still running. A
// missing dir is no error; the first removal error is returned, after the
// others were tried.
func RemoveStale(dir string, age time.Duration, now time.Time) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var removed []string
	var first error
	for _, e := range entries {
		if !IsTemp(e.Name()) {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) <= age {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := os.RemoveAll(p); err != nil {
			first = cmp.Or(first, err)
			continue
		}
		removed = append(removed, p)
	}
	return removed, first
}

// TempDir makes a new empty folder beside path, named like this package's
// temporary files (".<base>.<digits>.tmp"), for a folder that ReplaceDir
// will move into path's place. path's parent must exist.
func TempDir(path string) (string, error) {
	return os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
}

// ReplaceDir puts the folder staged (made by TempDir beside dir, and
// complete) in the place of dir, whole: a reader or a crash sees the old
// folder or the new one, never a mix of their files. When dir does not
// exist, staged is renamed to it. Otherwise, on Linux (amd64, arm64), the
// two are swapped in one step (renameat2 with RENAME_EXCHANGE) and the old
// folder, now under staged's name, is removed; where that is not
// available, dir is first renamed aside (to another temporary name) and
// staged renamed into its place, so a crash between the two renames leaves
// no dir, with the old folder under a temporary name that RemoveStale
// later removes. The parent folder is flushed to disk afterwards.
//
// Errors: the rename's (dir keeps its old content), or the flush's (the
// new folder is in place). A failure to remove the old folder is not
// reported: it keeps a temporary name and RemoveStale removes it later.
func ReplaceDir(staged, dir string) error {
	parent := filepath.Dir(dir)
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(staged, dir); err != nil {
			return err
		}
		return SyncDir(parent)
	}
	switch err := exchangeDirs(staged, dir); {
	case err == nil:
		os.RemoveAll(staged) // the old folder now
		return SyncDir(parent)
	case !errors.Is(err, errNoExchange):
		return fmt.Errorf("replace %s: %w", dir, err)
	}
	aside, err := TempDir(dir)
	if err != nil {
		return err
	}
	if err := os.Remove(aside); err != nil { // only its unique name is wanted
		return err
	}
	if err := os.Rename(dir, aside); err != nil {
		return err
	}
	if err := os.Rename(staged, dir); err != nil {
		if rerr := os.Rename(aside, dir); rerr != nil {
			return fmt.Errorf("replace %s: %w (and the old folder is at %s: %v)", dir, err, aside, rerr)
		}
		return err
	}
	os.RemoveAll(aside)
	return SyncDir(parent)
}

// exchangeDirs is exchange; tests replace it to take the other path.
var exchangeDirs = exchange

// errNoExchange says this system cannot swap two folders in one step.
var errNoExchange = errors.New("atomic exchange not supported")
