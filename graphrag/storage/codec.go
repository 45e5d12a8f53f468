package storage

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"

	"reportengine/graphrag"
)

// Codec puts the files of one graph into its report folder and reads them
// back; the Store does the rest (report ids, folders, task ids). The
// product's is Fast (graphrag.json from the chunked sonic encoder of
// package graphrag, with the column file beside it, which a read takes
// instead of parsing the JSON). The tests hold it to Plain, the reference
// (graphrag.json alone, written one row at a time with encoding/json, read
// with graphrag.ReadJSONText; in the package's test files): both write the
// same bytes to graphrag.json and read the same graph from a folder
// (TestCodecsAgree, on the BettaFish fixture and a synthetic graph).
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
