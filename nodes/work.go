package nodes

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"reportengine/internal/atomicfile"
	"reportengine/internal/filelock"
)

// Resumable reports. A run given a Work (Input.Work) saves, as each
// completes, the output of every stage that asked the model and every
// chapter that was written, into the work area: one JSON file per output,
// written atomically (atomicfile.WriteFile), each with the digest of what
// the stage was given from the stages before it. A run that fails, is
// interrupted or leaves placeholder chapters keeps them; a later run opened
// with resume reuses an output whose digest equals what the stage is given
// now (the same template, layout, budget, plan and, for summary chapters,
// digests of the chapters before), and asks the model only for the rest.
// With the same replies the report equals an uninterrupted run's.
//
// What is saved, and when it is reused:
//
//	key.json                the RunKey (inputs, template, settings), written when the work area is made
//	template.json           the model's template choice (not with Config.Template, which asks nothing)
//	layout.json             the layout, made from a reply (a fallback is asked again)
//	budget.json             the word budget, made from a reply (likewise)
//	query-<file>.json       a chapter's graph query rounds, unless a decision failed (<file> as in ChapterRecord.File)
//	chapter-<file>.json     a valid chapter (ready or sparse; a degraded one or a placeholder is asked again)
//	followups.json          the follow-up questions, when the stage did not fail
//
// Everything else (evidence collection, the plan, the hero, stitching and
// rendering) is computed again: it asks no model and depends only on the
// inputs and the saved outputs.

// ErrNothingToResume is wrapped by OpenWork's error when resume is asked
// for and the work area holds no saved work (never made, or removed after
// the report was completed).
var ErrNothingToResume = errors.New("nothing to resume")

// ErrWorkLocked is wrapped by *WorkLockedError.
var ErrWorkLocked = errors.New("the work area is in use by another run")

// WorkLockedError is OpenWork's refusal to open a work area another run
// holds (two runs of one report id at once would overwrite each other's
// saved outputs). The lock is an exclusive lock on Dir+".lock"
// (internal/filelock: flock(2) on Unix, LockFileEx on Windows), which the
// system releases when its run ends, however it ends: a dead run's lock
// never blocks a later one.
type WorkLockedError struct {
	Dir string // the work area
	// Holder is what the other run wrote in the lock file ("pid 4242,
	// started 2026-12-02T06:50:00Z"); "" when it could not be read.
	Holder string
}

// Error returns "DIR is in use by another run (pid N, started T)".
func (e *WorkLockedError) Error() string {
	who := "another run"
	if e.Holder != "" {
		who += " (" + e.Holder + ")"
	}
	return fmt.Sprintf("%s is in use by %s", e.Dir, who)
}

// Unwrap returns ErrWorkLocked.
func (e *WorkLockedError) Unwrap() error { return ErrWorkLocked }

// Work is a report's work area (see the section above). Its methods are
// safe for concurrent use; a nil *Work saves and reuses nothing. An open
// Work holds the work area's lock until Close.
type Work struct {
	dir    string
	key    RunKey
	resume bool
	lock   *filelock.Lock // the locked dir+".lock"; nil once closed

	// earlier is the saved work an earlier run left, found by a run that
	// does not resume; pending is true while it is kept (until this run
	// saves its first output).
	earlier EarlierWork
	pending bool

	mu       sync.Mutex
	records  map[string]workRecord // saved outputs by name (resume: as found)
	saveErr  error                 // the first save that failed
	skipped  []string              // files of the work area that could not be read (resume)
	claimErr error                 // the reset of an earlier run's work that failed
}

// workRecord is one saved output: which stage made it, the digest of what
// the stage was given (deps) and the output itself.
type workRecord struct {
	Stage  string          `json:"stage"`
	Deps   string          `json:"deps"`
	Output json.RawMessage `json:"output"`
}

const (
	workKeyFile = "key.json"
	// maxWorkKey and maxWorkRecord are the read limits of key.json (1 MiB)
	// and of one saved output (64 MiB; a chapter with its graph results is
	// well under 1 MiB).
	maxWorkKey    = 1 << 20
	maxWorkRecord = 64 << 20
)

// EarlierWork is the saved work an earlier run left in a work area that a
// run without resume opened (Work.Earlier).
type EarlierWork struct {
	// Chapters are the saved chapters and Outputs all saved outputs
	// (chapters, graph queries, layout, …), counted by file.
	Chapters, Outputs int
	// Changes is what differs between the earlier run's key and this
	// run's (RunKey.Changes): nil when resume would reuse the outputs.
	Changes []string
}

// OpenWork takes the lock of the work area dir (an exclusive lock on
// dir+".lock", held until Close; another run holding it is a
// *WorkLockedError wrapping ErrWorkLocked, returned at once) and opens it
// for a run with key.
//
// Without resume the run starts afresh, but an earlier run's saved work
// is not removed yet: it stays, resumable, until this run saves its first
// output, which replaces it (Earlier says what there is; a run that stops
// before saving anything leaves it as it was). An area with no saved
// output (or no readable key.json) is cleared at once and key.json
// written.
//
// With resume, dir's key.json must hold key (else a *ResumeMismatchError
// naming each change, which wraps ErrResumeMismatch; a missing dir or
// key.json is an error wrapping ErrNothingToResume), and the saved
// outputs are read for the run to reuse (a file that cannot be read or
// decoded is skipped, and named by Skipped). Other errors name the file.
// On every error the lock is released.
func OpenWork(dir string, key RunKey, resume bool) (w *Work, err error) {
	lock, err := lockWork(dir)
	if err != nil {
		return nil, err
	}
	opened := &Work{dir: dir, key: key, resume: resume, records: map[string]workRecord{}, lock: lock}
	w = opened
	defer func() {
		if err != nil {
			opened.Close()
		}
	}()
	if !resume {
		if e := findEarlier(dir, key); e.Outputs > 0 {
			w.earlier, w.pending = e, true
			return w, nil
		}
		if err := w.reset(); err != nil {
			return nil, err
		}
		return w, nil
	}
	saved, err := SavedKey(dir)
	if err != nil {
		return nil, err
	}
	if ch := key.Changes(saved); len(ch) > 0 {
		return nil, &ResumeMismatchError{Dir: dir, Changes: ch}
	}
	// temporary files of saves that were killed (SIGKILL) go
	atomicfile.RemoveStale(dir, atomicfile.StaleAge, time.Now())
	names, err := savedOutputs(dir)
	if err != nil {
		return nil, fmt.Errorf("nodes: resume: %w", err)
	}
	for _, name := range names {
		p := filepath.Join(dir, name)
		data, err := readWorkFile(p, maxWorkRecord)
		var rec workRecord
		if err == nil {
			err = json.Unmarshal(data, &rec)
		}
		if err != nil {
			w.skipped = append(w.skipped, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		w.records[strings.TrimSuffix(name, ".json")] = rec
	}
	return w, nil
}

// reset empties the work area and writes key.json: the key first goes,
// so that an area cut short here is never resumed with a mix of runs.
func (w *Work) reset() error {
	if err := os.Remove(filepath.Join(w.dir, workKeyFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("nodes: work area: %w", err)
	}
	if err := os.RemoveAll(w.dir); err != nil {
		return fmt.Errorf("nodes: work area: %w", err)
	}
	if err := os.MkdirAll(w.dir, 0o755); err != nil {
		return fmt.Errorf("nodes: work area: %w", err)
	}
	b, err := marshalJSON(w.key)
	if err != nil {
		return fmt.Errorf("nodes: work area %s: %w", workKeyFile, err)
	}
	if err := writeFile(filepath.Join(w.dir, workKeyFile), b, 0o644); err != nil {
		return fmt.Errorf("nodes: work area %s: %w", filepath.Join(w.dir, workKeyFile), err)
	}
	return nil
}

// findEarlier counts the saved outputs of the work area dir that a run
// resuming it would read (regular .json files beside a readable
// key.json), with what differs from key; none when there is no key.
func findEarlier(dir string, key RunKey) EarlierWork {
	var e EarlierWork
	saved, err := SavedKey(dir)
	if err != nil {
		return e
	}
	names, _ := savedOutputs(dir)
	for _, name := range names {
		e.Outputs++
		if strings.HasPrefix(name, "chapter-") {
			e.Chapters++
		}
	}
	e.Changes = key.Changes(saved)
	return e
}

// savedOutputs are the names of the saved outputs in the work area dir:
// its regular .json files but key.json and temporary files, in name order.
func savedOutputs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && name != workKeyFile && strings.HasSuffix(name, ".json") && !atomicfile.IsTemp(name) {
			names = append(names, name)
		}
	}
	return names, err
}

// Earlier is the saved work an earlier run left, as OpenWork without
// resume found it, and whether it is still there untouched (true until
// this run saves its first output); ok is false when there was none.
func (w *Work) Earlier() (e EarlierWork, kept, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.earlier, w.pending, w.earlier.Outputs > 0
}

// Close releases the work area's lock (removing the lock file while it
// still holds it, so no later run finds a stale one; on Windows, where an
// open file cannot be removed, the file stays and blocks nothing). The saved work
// stays. Closing twice does nothing.
func (w *Work) Close() error {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	f := w.lock
	w.lock = nil
	w.mu.Unlock()
	return f.Release()
}

// lockSuffix names a work area's lock file: <dir>.lock.
const lockSuffix = ".lock"

// lockWork takes the exclusive lock of the work area dir (filelock.Take
// on dir+".lock"). Another run holding it: *WorkLockedError, at once.
func lockWork(dir string) (*filelock.Lock, error) {
	l, err := filelock.Take(dir + lockSuffix)
	var busy *filelock.LockedError
	if errors.As(err, &busy) {
		return nil, &WorkLockedError{Dir: dir, Holder: busy.Holder}
	}
	if err != nil {
		return nil, fmt.Errorf("nodes: work area %w", err)
	}
	return l, nil
}

// readWorkFile reads at most limit bytes of a regular file; more is an
// error naming the file and the limit.
func readWorkFile(p string, limit int64) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", p)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", p, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes", p, limit)
	}
	return data, nil
}

// Key is the RunKey the work area was opened with.
func (w *Work) Key() RunKey { return w.key }

// HasOutputs reports whether the work area holds a saved output (of this
// run or, resuming, of an earlier one).
func (w *Work) HasOutputs() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.records) > 0
}

// SaveError is the first save of this run that failed (the run goes on
// without it: a later resume asks the model again for that output); nil
// when every save succeeded.
func (w *Work) SaveError() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.saveErr
}

// Skipped lists the files of the work area that could not be read when it
// was opened to resume (their outputs are made again), "path: error" each.
func (w *Work) Skipped() []string { return append([]string(nil), w.skipped...) }

// Remove removes the work area (once its report is complete).
func (w *Work) Remove() error { return os.RemoveAll(w.dir) }

// load decodes the saved output name into v when it was saved from deps
// (the digest of what the stage is given now) and reports whether it did.
// A nil w, a run that does not resume, a missing output or one made from
// other deps load nothing.
func (w *Work) load(name, deps string, v any) bool {
	if w == nil || !w.resume {
		return false
	}
	w.mu.Lock()
	rec, ok := w.records[name]
	w.mu.Unlock()
	return ok && deps != "" && rec.Deps == deps && json.Unmarshal(rec.Output, v) == nil
}

// save writes v as the output name of stage, made from deps, atomically;
// a failure is kept for SaveError and otherwise ignored. A nil w saves
// nothing, nor does a closed one; the first save of a run that found an
// earlier run's work replaces that work first (claim).
func (w *Work) save(name, stage, deps string, v any) {
	if w == nil || deps == "" {
		return
	}
	out, err := json.Marshal(v)
	var b []byte
	rec := workRecord{Stage: stage, Deps: deps, Output: out}
	if err == nil {
		b, err = marshalJSON(rec)
	}
	p := filepath.Join(w.dir, name+".json")
	if err == nil {
		err = w.claim()
	}
	if err == nil {
		err = writeFile(p, b, 0o644)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		if w.saveErr == nil {
			w.saveErr = fmt.Errorf("nodes: save %s (%s): %w", p, stage, err)
		}
		return
	}
	w.records[name] = rec
}

// errWorkClosed is a save after Close (a stage a stopped run abandoned):
// the work area may be another run's by then, so nothing is written.
var errWorkClosed = errors.New("the work area was closed")

// claim replaces an earlier run's saved work by this run's (reset) before
// its first save; later calls return the first call's error.
func (w *Work) claim() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.lock == nil {
		return errWorkClosed
	}
	if w.pending {
		w.pending = false
		w.claimErr = w.reset()
	}
	return w.claimErr
}

// digestOf is the SHA-256 (hex) of the JSON of vs, each followed by a
// zero byte; "" when one of them cannot be encoded (load and save then do
// nothing). Maps encode with sorted keys, so equal values give equal
// digests.
func digestOf(vs ...any) string {
	h := sha256.New()
	for _, v := range vs {
		b, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		h.Write(b)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Names of the saved outputs (workName makes the per-chapter ones).
const (
	workTemplate  = "template"
	workLayout    = "layout"
	workBudget    = "budget"
	workFollowUps = "followups"
)

// reusedNote is the message of the events of a reused output.
const reusedNote = "reused from the work area"

// has reports whether a resumed run found a saved output name.
func (w *Work) has(name string) bool {
	if w == nil || !w.resume {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.records[name]
	return ok
}

// workName is the name of chapter sec's outputs in the work area: its
// chapter file's base name without ".json" ("010-section-1-0").
func workName(kind, chapterFile string) string {
	return kind + "-" + strings.TrimSuffix(path.Base(chapterFile), ".json")
}
