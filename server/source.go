package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// GraphSource is where a Server's graphs come from. The server keeps
// loaded graphs and asks the source, on every request, for the version of
// the graph it names; a new version is loaded again. NewFileSource serves
// a graphs folder (what `reportengine serve` uses); tests and programs
// that hold graphs elsewhere pass their own (Config.Graphs).
type GraphSource interface {
	// Version returns a token that changes whenever graph id changes
	// (opaque; compared for equality). Errors: storage.ErrInvalidID for
	// an id that is not one (never turned into a path),
	// storage.ErrNotFound for a graph that does not exist (matched with
	// errors.Is), anything else for a graph that cannot be read now (not
	// remembered: the next request asks again).
	Version(id string) (string, error)
	// Load loads graph id. Errors: as Version's, and graphrag.ErrFormat
	// for a graph that cannot be read as one (remembered per version).
	Load(ctx context.Context, id string) (*graphrag.Graph, *graphrag.LoadReport, error)
	// Latest returns the id of the newest graph; storage.ErrNotFound when
	// there is none.
	Latest() (string, error)
	// List lists the graphs, newest first, as GET /api/graphs shows them.
	List() ([]storage.Info, error)
	// Path returns the file graph id is read from, beside which search
	// keeps its entity vectors; "" when there is none (vectors are then
	// not cached).
	Path(id string) string
}

// fileSource is the GraphSource of a graphs folder (Latest and List are
// the store's).
type fileSource struct{ *storage.Store }

var _ GraphSource = fileSource{}

// NewFileSource returns the GraphSource of a graphs folder
// (<dir>/<id>/graphrag.json, read by graphrag/storage). A graph's version
// is its file's modification time and size and, on Linux, its inode and
// status change time, so that a file replaced or rewritten at the same
// size with its modification time put back is a new version. Errors: those
// of storage.New (dir exists but is not a folder).
func NewFileSource(dir string) (GraphSource, error) {
	st, err := storage.New(dir)
	if err != nil {
		return nil, err
	}
	return fileSource{st}, nil
}

func (f fileSource) Version(id string) (string, error) {
	path, err := f.Store.Path(id)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(path)
	if err != nil {
		// ENOTDIR: the path runs through a plain file (<dir>/<id> is not a folder)
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			err = storage.ErrNotFound
		}
		return "", fmt.Errorf("server: graph %q: %w", id, err)
	}
	ino, changed := fileID(fi)
	return strconv.FormatInt(fi.ModTime().UnixNano(), 10) + "/" + strconv.FormatInt(fi.Size(), 10) + "/" +
		strconv.FormatUint(ino, 10) + "/" + strconv.FormatInt(changed, 10), nil
}

func (f fileSource) Load(ctx context.Context, id string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	return f.Store.LoadContext(ctx, id)
}

func (f fileSource) Path(id string) string {
	p, err := f.Store.Path(id)
	if err != nil {
		return ""
	}
	return p
}
