package storage

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"syscall"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
)

// FileName is the name of the graph file inside a report's folder.
const FileName = "graphrag.json"

// ColumnsFileName is the name of the column file beside graphrag.json: a
// binary copy of the graph (graphrag.WriteColumns) that Load reads instead
// of the JSON when it belongs to it. It is a cache: deleting it loses
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
	// tool), stamped with the file it read, so that the next Load is
	// fast. It costs that Load about a tenth of the JSON read; a failure
	// (a read-only folder) is ignored. Off by default: a Store that only
	// reads writes nothing.
	FillColumns bool

	// Seams for tests that inject failures; New sets the real calls.
	syncFile func(*os.File) error
	rename   func(oldpath, newpath string) error
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
// If only the final flush of the folder fails, the new file is already in
// place; Save then returns its path and the error.
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
	// The column file is written on a goroutine of its own while the
	// JSON file is (it only reads g), with zeros for the stamp; once
	// graphrag.json is in place its stamp goes into the column file's
	// header (see saveColumns). So the column file costs CPU, not the
	// wall time of a second write after the first.
	stampLen, err := stampSize(dir)
	if err != nil {
		return "", fmt.Errorf("storage: save %q: %w", id, err)
	}
	colCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	stamps := make(chan []byte, 1)
	colDone := make(chan error, 1)
	go func() { colDone <- s.saveColumns(colCtx, g, dir, stampLen, stamps) }()
	// The stamp is taken from the temporary file once it is flushed,
	// before the rename: it names these bytes even if another Save
	// replaces graphrag.json right after.
	var stamp []byte
	w := atomicfile.Writer{Rename: s.rename, Sync: func(f *os.File) error {
		if err := s.syncFile(f); err != nil {
			return err
		}
		var err error
		stamp, err = stampOf(f)
		return err
	}}
	fill := func(f io.Writer) error { return g.WriteJSONContext(ctx, ctxWriter{ctx, f}) }
	if err := w.Write(final, filePerm, fill); err != nil {
		cancel()
		close(stamps)
		<-colDone // its temporary file is removed
		return "", fmt.Errorf("storage: save %q: %w", id, err)
	}
	stamps <- stamp
	close(stamps)
	// Make the entries of newly created folders durable as well.
	for _, d := range created {
		if err := atomicfile.SyncDir(filepath.Dir(d)); err != nil {
			return final, fmt.Errorf("storage: save %q: sync folder: %w", id, err)
		}
	}
	if err := <-colDone; err != nil {
		return final, fmt.Errorf("storage: save %q: %w", id, err)
	}
	return final, nil
}

// errNoStamp ends a column file whose graph file was not saved.
var errNoStamp = errors.New("graph file not saved")

// saveColumns writes the column file of g beside its graph file. It is a
// cache checked by its stamp and checksum on every Load, so it is renamed
// into place without an fsync (a crash leaves a file Load ignores). It is
// written with stampLen zero bytes for the stamp, then waits for the graph
// file's stamp on stamps (closed without one when the graph file was not
// saved: the column file is dropped) and puts it in place (setStamp)
// before the rename. A graph without a column form (graphrag.ErrNoColumns)
// gets none: an older column file is removed, though its stamp already
// keeps Load from using it.
func (s *Store) saveColumns(ctx context.Context, g *graphrag.Graph, dir string, stampLen int, stamps <-chan []byte) error {
	path := filepath.Join(dir, ColumnsFileName)
	w := atomicfile.Writer{Rename: s.rename, Sync: func(f *os.File) error {
		stamp, ok := <-stamps
		if !ok {
			return errNoStamp
		}
		return setStamp(f, stamp)
	}}
	err := w.Write(path, filePerm, func(f io.Writer) error {
		bw := bufio.NewWriterSize(f, 1<<20)
		if err := g.WriteColumns(ctx, bw, make([]byte, stampLen)); err != nil {
			return err
		}
		return bw.Flush()
	})
	if errors.Is(err, graphrag.ErrNoColumns) {
		if rerr := os.Remove(path); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return rerr
		}
		return nil
	}
	if errors.Is(err, errNoStamp) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("column file: %w", err)
	}
	return nil
}

// columnsStampAt is where a column file's stamp starts: after the magic
// "REGRAPHC", the u32 version and the u32 stamp length (the layout in
// graphrag's columns.go).
const columnsStampAt = 16

// setStamp writes stamp over the zeros a column file was written with and
// brings its trailing CRC-32C (of every byte before it) up to date, by
// reading the file back (from the page cache: a few tens of milliseconds
// for 150 MB, against writing it again after the graph file).
func setStamp(f *os.File, stamp []byte) error {
	head := make([]byte, columnsStampAt+len(stamp))
	if _, err := f.ReadAt(head, 0); err != nil {
		return fmt.Errorf("column file: read header: %w", err)
	}
	if n := binary.LittleEndian.Uint32(head[columnsStampAt-4:]); int(n) != len(stamp) || !allZero(head[columnsStampAt:]) {
		return fmt.Errorf("column file: stamp place holds %d bytes, want %d zeros", n, len(stamp))
	}
	if _, err := f.WriteAt(stamp, columnsStampAt); err != nil {
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	body := fi.Size() - 4
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	if _, err := io.Copy(crc, io.NewSectionReader(f, 0, body)); err != nil {
		return fmt.Errorf("column file: checksum: %w", err)
	}
	_, err = f.WriteAt(binary.LittleEndian.AppendUint32(nil, crc.Sum32()), body)
	return err
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// stampOf identifies the contents of the graph file f: its size,
// modification time (nanoseconds) and, where the system has them, device
// and inode numbers, and the CRC-32C of its first and last 64 KiB. Any
// rewrite of the file changes the time or the inode (a rename of a new
// file over it), so a column file whose stamp matches was written for
// these bytes.
func stampOf(f *os.File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	b := stampHead(fi)
	const edge = 64 << 10
	buf := make([]byte, min(size, edge))
	crc := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	for _, off := range []int64{0, max(0, size-edge)} {
		if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		crc.Write(buf)
	}
	return crc.Sum(b), nil
}

// stampHead is the part of a stamp stat gives: size, modification time,
// device and inode.
func stampHead(fi os.FileInfo) []byte {
	b := binary.LittleEndian.AppendUint64(nil, uint64(fi.Size()))
	b = binary.LittleEndian.AppendUint64(b, uint64(fi.ModTime().UnixNano()))
	if dev, ino, ok := fileID(fi); ok {
		b = binary.LittleEndian.AppendUint64(b, dev)
		b = binary.LittleEndian.AppendUint64(b, ino)
	}
	return b
}

// stampSize is the length of the stamp of a file in dir (the same for
// every file of this system: stampHead and the 4-byte CRC).
func stampSize(dir string) (int, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return 0, err
	}
	return len(stampHead(fi)) + crc32.Size, nil
}

// ctxWriter fails every Write once ctx is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
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
	for i, j := 0, len(missing)-1; i < j; i, j = i+1, j-1 {
		missing[i], missing[j] = missing[j], missing[i]
	}
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
// the file path and the JSON path. When the file has no task_id, the
// graph's TaskID is set to id; when it has a different one, the file's is
// kept and the LoadReport gets a warning line. The LoadReport lists what
// was skipped (duplicate nodes or edges, edges to missing nodes).
func (s *Store) Load(id string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	if err := checkID("load", id); err != nil {
		return nil, nil, err
	}
	path := s.path(id)
	f, err := os.Open(path)
	if err != nil {
		if isNotExist(err) {
			return nil, nil, fmt.Errorf("storage: load %q: %w: %w", id, ErrNotFound, err)
		}
		return nil, nil, fmt.Errorf("storage: load %q: %w", id, err)
	}
	defer f.Close()
	g, rep, warning := s.loadColumns(f, id)
	if g == nil {
		if g, rep, err = graphrag.ReadJSON(f); err != nil {
			return nil, nil, fmt.Errorf("storage: load %q: %s: %w", id, path, err)
		}
		if s.FillColumns {
			if stamp, err := stampOf(f); err == nil {
				stamps := make(chan []byte, 1)
				stamps <- stamp
				close(stamps)
				_ = s.saveColumns(context.Background(), g, filepath.Dir(path), len(stamp), stamps)
			}
		}
	}
	if warning != "" {
		rep.Warnings = append(rep.Warnings, warning)
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

// loadColumns reads the graph from the column file beside the open graph
// file f when that file belongs to f (same stamp). A missing or stale
// column file gives nil and no warning: the caller reads the JSON. A
// damaged one gives nil and a warning naming the file and the damage; the
// JSON is read then too, so a bad cache never changes a result.
func (s *Store) loadColumns(f *os.File, id string) (*graphrag.Graph, *graphrag.LoadReport, string) {
	path := filepath.Join(s.dir, id, ColumnsFileName)
	cf, err := os.Open(path)
	if err != nil {
		return nil, nil, ""
	}
	defer cf.Close()
	stamp, err := stampOf(f)
	if err != nil {
		return nil, nil, ""
	}
	g, err := graphrag.ReadColumns(cf, stamp)
	switch {
	case err == nil:
		return g, &graphrag.LoadReport{}, ""
	case errors.Is(err, graphrag.ErrColumnsStale):
		return nil, nil, ""
	}
	return nil, nil, fmt.Sprintf("%s: %v; read %s instead", path, err, FileName)
}

// isNotExist is true for a missing file and for a path through a
// non-folder (<dir>/<id> being a plain file).
func isNotExist(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
