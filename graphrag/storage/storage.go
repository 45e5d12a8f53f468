package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
)

// FileName is the name of the graph file inside a report's folder.
const FileName = "graphrag.json"

// ColumnsFileName is the name of the column file beside graphrag.json: a
// binary index of the graph file (graphrag.WriteJSONColumns) that Load
// reads with the JSON's bytes instead of parsing them, when it belongs to
// them. It is a cache: deleting it loses
// nothing, and only this package writes or reads it.
const ColumnsFileName = "graphrag.columns"

// Sentinel errors; test with errors.Is.
var (
	// ErrNotFound is wrapped when there is no graphrag.json for a report id
	// (Load) or no graph at all (Latest).
	ErrNotFound = errors.New("graph not found")
	// ErrInvalidID is wrapped when a report id fails ValidateID.
	ErrInvalidID = errors.New("invalid report id")
	// ErrNoDir is returned by New for an empty graphs folder name.
	ErrNoDir = errors.New("storage: no graphs folder given")
)

const (
	dirPerm  fs.FileMode = 0o755
	filePerm fs.FileMode = 0o644
)

// Store reads and writes graphs under one graphs folder, one sub-folder per
// report id: <dir>/<id>/graphrag.json. A Store holds no open files and no
// cache; it is safe for concurrent use, also by several processes (see
// Save).
type Store struct {
	dir string

	// FillColumns makes Load write the column file of a graph it had to
	// read from graphrag.json (no column file, or a stale or damaged
	// one: a graph saved by an older program or rewritten by another
	// tool), for the bytes it read, so that the next Load is
	// fast. It costs that Load about a tenth of the JSON read; a failure
	// (a read-only folder) is ignored. A graph the JSON reader changed on
	// its way in (a LoadReport with counts or warnings: duplicates, edges
	// to missing nodes) gets none, so every Load of it reports what was
	// skipped. LoadContext stops a fill when its ctx is done. Off by
	// default: a Store that only reads writes nothing.
	FillColumns bool

	// Codec writes and reads the files of a graph; nil (New's) is Fast,
	// with this Store's FillColumns.
	Codec Codec

	// Seams for tests that inject failures; New sets the real calls.
	syncFile func(*os.File) error
	rename   func(oldpath, newpath string) error
	// fillRenaming, when set, is called as a filled column file is about
	// to be renamed into place (tests: another process saving meanwhile).
	fillRenaming func()
	// graphRead, when set, is called once Load has read the graph file's
	// bytes (tests: a Save meanwhile).
	graphRead func()
}

// New returns a Store for the graphs folder dir (for the CLI, "graphs" by
// default). dir need not exist: Save creates it, and List and Latest treat a
// missing folder as one without graphs. An empty dir gives ErrNoDir; a dir
// that exists but is not a folder gives an error too.
func New(dir string) (*Store, error) {
	if dir == "" {
		return nil, ErrNoDir
	}
	dir = filepath.Clean(dir)
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("storage: new: %q is not a folder", dir)
	}
	return &Store{
		dir:      dir,
		syncFile: (*os.File).Sync,
		rename:   os.Rename,
	}, nil
}

// codec is s.Codec, or Fast with the Store's settings and test seams.
func (s *Store) codec() Codec {
	if s.Codec != nil {
		return s.Codec
	}
	return Fast{Sync: s.syncFile, Rename: s.rename, FillColumns: s.FillColumns,
		fillRenaming: s.fillRenaming, graphRead: s.graphRead}
}

// Dir returns the graphs folder, cleaned by filepath.Clean.
func (s *Store) Dir() string { return s.dir }

// Path returns the file path of the graph of report id,
// <dir>/<id>/graphrag.json, whether or not it exists. An id that fails
// ValidateID gives an error wrapping ErrInvalidID.
func (s *Store) Path(id string) (string, error) {
	if err := checkID("path", id); err != nil {
		return "", err
	}
	return s.path(id), nil
}

func (s *Store) path(id string) string { return filepath.Join(s.dir, id, FileName) }

// Save writes g to <dir>/<g.TaskID>/graphrag.json in the graphrag.WriteJSON
// format and returns that path. g.TaskID must pass ValidateID (else the
// error wraps ErrInvalidID); g is not modified. Missing folders are created
// with mode 0o755, the file gets mode 0o644.
//
// The write is atomic: the graph goes to a temporary file in the same
// folder (".graphrag.json.<random>.tmp"), which is flushed to disk (fsync),
// closed and renamed over graphrag.json; then the folder is flushed too. If
// anything fails before the rename (for example an attribute value that
// JSON cannot hold, such as math.NaN, or a full disk) the temporary file is
// removed and an existing graphrag.json keeps its old bytes, so readers and
// a crash see either the old file or the new one, never a mix. Concurrent
// Saves of the same id each use their own temporary file; the last rename
// wins.
//
// Beside it Save writes the column file (ColumnsFileName) in the same
// pass, renamed into place after graphrag.json and only if that was
// saved; a graph without a column form (graphrag.CheckColumns) gets none
// and an older one is removed.
//
// Temporary files of this package's naming that a killed save left in
// the graph's folder are removed once they are atomicfile.StaleAge old.
//
// If only the final flush of the folder fails, or only the column file
// cannot be written, the new graph file is already in place; Save then
// returns its path and the error.
func (s *Store) Save(g *graphrag.Graph) (path string, err error) {
	return s.SaveContext(context.Background(), g)
}

// SaveContext is Save that stops when ctx is done: the encoder's next write
// fails with ctx.Err(), the temporary file is removed and an existing
// graphrag.json keeps its old bytes; the error wraps ctx.Err(). (Once the
// graph is written, the fsync and rename are not interrupted.)
func (s *Store) SaveContext(ctx context.Context, g *graphrag.Graph) (path string, err error) {
	if g == nil {
		return "", errors.New("storage: save: nil graph")
	}
	id := g.TaskID
	if err := checkID("save", id); err != nil {
		return "", err
	}
	// graphrag.WriteJSON writes a NaN or infinite edge weight as the
	// invalid JSON text "NaN"/"+Inf" instead of failing; refuse it here.
	for i := 0; i < g.EdgeCount(); i++ {
		if w := g.Weight(i); math.IsNaN(w) || math.IsInf(w, 0) {
			e := g.EdgeAt(i)
			return "", fmt.Errorf("storage: save %q: edge %s -> %s: weight %v is not a JSON number", id, e.From, e.To, w)
		}
	}
	dir := filepath.Join(s.dir, id)
	final := filepath.Join(dir, FileName)
	created, err := mkdirAll(dir)
	if err != nil {
		return "", fmt.Errorf("storage: save %q: %w", id, err)
	}
	// Temporary files a killed save left here (nothing else removes
	// them); fresh ones, of a save running now, stay.
	atomicfile.RemoveStale(dir, atomicfile.StaleAge, time.Now())
	err = s.codec().Write(ctx, dir, g)
	var side *sideFileError
	if err != nil && !errors.As(err, &side) {
		removeCreated(created)
		return "", fmt.Errorf("storage: save %q: %w", id, err)
	}
	// Make the entries of newly created folders durable as well.
	for _, d := range created {
		if err := atomicfile.SyncDir(filepath.Dir(d)); err != nil {
			return final, fmt.Errorf("storage: save %q: sync folder: %w", id, err)
		}
	}
	if err != nil {
		return final, fmt.Errorf("storage: save %q: %w", id, err)
	}
	return final, nil
}

// removeCreated removes the folders a failed or interrupted save created
// (mkdirAll's, outermost first), innermost first, each only if it is
// empty: a save that did not happen leaves no empty graphs/<id>/ behind.
func removeCreated(created []string) {
	for i := len(created) - 1; i >= 0; i-- {
		if os.Remove(created[i]) != nil {
			return // not empty (or gone): its parents are not empty either
		}
	}
}

// mkdirAll creates dir and its missing parents and returns the folders it
// created, outermost first.
func mkdirAll(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if len(missing) == 0 {
		return nil, nil
	}
	if err := os.MkdirAll(dir, dirPerm); err != nil {
		return nil, err
	}
	slices.Reverse(missing)
	return missing, nil
}

// Load reads the graph of report id from <dir>/<id>/graphrag.json.
//
// Lookup is by the exact id only: no substring, case or '-'/'_' matching
// and no search through other files, so "report_1" never finds
// "report_17". (On a case-insensitive file system the file system itself
// may still match "Report_1" to "report_1".)
//
// Errors: an id that fails ValidateID wraps ErrInvalidID; no such file wraps
// ErrNotFound; a file that is not a graph wraps graphrag.ErrFormat and names
// the file path and the JSON path; so does a folder or a device in its
// place, a file over MaxFileBytes, and a file in another encoding (an
// *EncodingError, also wrapping ErrNotUTF8: more than half of its strings
// not UTF-8; fewer are replaced by U+FFFD with a LoadReport warning naming
// the file, line and column). When the file has no task_id, the
// graph's TaskID is set to id; when it has a different one, the file's is
// kept and the LoadReport gets a warning line. The LoadReport lists what
// was skipped (duplicate nodes or edges, edges to missing nodes).
func (s *Store) Load(id string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	return s.LoadContext(context.Background(), id)
}

// LoadContext is Load whose column-file fill (FillColumns) stops when ctx
// is done: once ctx is done no fill is started, and a fill under way is
// abandoned (its temporary file removed) before LoadContext returns, so a
// process stopped by Ctrl-C leaves no half-written file once it returns.
// Reading and parsing graphrag.json are not interrupted, and a done ctx is
// not an error: the graph read is returned.
func (s *Store) LoadContext(ctx context.Context, id string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	if err := checkID("load", id); err != nil {
		return nil, nil, err
	}
	g, rep, err := s.codec().Read(ctx, filepath.Join(s.dir, id))
	if err != nil {
		return nil, nil, fmt.Errorf("storage: load %q: %w", id, err)
	}
	switch g.TaskID {
	case "":
		g.TaskID = id
	case id:
	default:
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("task_id %q differs from the folder name %q (the file's is kept)", g.TaskID, id))
	}
	return g, rep, nil
}

// isNotExist is true for a missing file and for a path through a
// non-folder (<dir>/<id> being a plain file).
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
