package storage

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
)

// Codec puts the files of one graph into its report folder and reads them
// back; the Store does the rest (report ids, folders, task ids). There are
// two: Plain, the reference (graphrag.json alone, written one row at a
// time with encoding/json, read with graphrag.ReadJSONText), and Fast
// (the same graphrag.json from the chunked sonic encoder of package graphrag,
// with the column file beside it, which a read takes instead of parsing
// the JSON). A Store uses Fast unless its Codec field says otherwise. Both
// write the same bytes to graphrag.json and read the same graph from a
// folder (TestCodecsAgree, on the BettaFish fixture and a synthetic
// graph).
type Codec interface {
	// Write writes g into the folder dir, which exists: graphrag.json
	// atomically (a failure leaves the previous file as it was), and
	// any file of the codec's own beside it. An error wrapping a
	// *sideFileError means graphrag.json is in place and only a file
	// beside it failed.
	Write(ctx context.Context, dir string, g *graphrag.Graph) error
	// Read reads the graph of the folder dir, with what the reader
	// skipped or repaired. Errors name the file (see Store.Load).
	Read(ctx context.Context, dir string) (*graphrag.Graph, *graphrag.LoadReport, error)
}

// Plain is the reference Codec: graphrag.json alone (see WritePlainJSON
// and graphrag.ReadJSONText). Sync and Rename replace (*os.File).Sync and
// os.Rename when set (tests).
type Plain struct {
	Sync   func(*os.File) error
	Rename func(oldpath, newpath string) error
}

// Write writes graphrag.json with WritePlainJSON, atomically. It does not
// touch a column file beside it: Fast's Read finds that it belongs to
// other bytes and reads the JSON, with a warning.
func (p Plain) Write(ctx context.Context, dir string, g *graphrag.Graph) error {
	w := atomicfile.Writer{Rename: p.Rename, Sync: p.Sync}
	return w.Write(filepath.Join(dir, FileName), filePerm, func(f io.Writer) error {
		bw := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<20)
		if err := WritePlainJSON(bw, g); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// Read reads graphrag.json in dir with graphrag.ReadJSONText, after the
// size and encoding checks of Store.Load.
func (p Plain) Read(_ context.Context, dir string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	f, _, err := openGraph(filepath.Join(dir, FileName))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	js, err := graphrag.ReadGraphText(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	g, rep, _, err := readJSON(js, f.Name())
	if err == nil {
		rep.FileBytes, rep.FileCRC32C = int64(len(js.Text)), js.CRC()
	}
	return g, rep, err
}

// openGraph opens the graph file at path and checks that it is a regular
// file of at most MaxFileBytes. Errors: a missing file wraps ErrNotFound;
// a folder, a device or a file too large wraps graphrag.ErrFormat.
func openGraph(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		if isNotExist(err) {
			return nil, nil, fmt.Errorf("%w: %w", ErrNotFound, err)
		}
		return nil, nil, err
	}
	read, err := f.Stat()
	switch {
	case err != nil:
	case read.IsDir():
		err = fmt.Errorf("%s is a folder, not a graph file: %w", path, graphrag.ErrFormat)
	case !read.Mode().IsRegular():
		err = fmt.Errorf("%s is not a regular file (%v), not a graph file: %w", path, read.Mode().Type(), graphrag.ErrFormat)
	case read.Size() > MaxFileBytes:
		err = fmt.Errorf("%s: %d bytes, more than the %d (4 GiB) a graph file may have: %w", path, read.Size(), int64(MaxFileBytes), graphrag.ErrFormat)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, read, nil
}

// readJSON parses the graph file text js of the file path: the encoding
// check (checkUTF8), then graphrag.ReadJSONText. fixed is true when bytes
// that were not UTF-8 were replaced (the LoadReport then says where).
func readJSON(js graphrag.GraphText, path string) (g *graphrag.Graph, rep *graphrag.LoadReport, fixed bool, err error) {
	text, encWarning := js.Text, ""
	if !graphrag.ValidUTF8(text) {
		if text, encWarning, err = checkUTF8(text, path); err != nil {
			return nil, nil, false, err
		}
	}
	if g, rep, err = graphrag.ReadJSONText(text); err != nil {
		return nil, nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if encWarning != "" {
		rep.Warnings = append(rep.Warnings, encWarning)
	}
	return g, rep, encWarning != "", nil
}

// sideFileError is a failure of a file written beside graphrag.json
// (the column file) once graphrag.json is in place.
type sideFileError struct{ err error }

func (e *sideFileError) Error() string { return "column file: " + e.err.Error() }
func (e *sideFileError) Unwrap() error { return e.err }

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
