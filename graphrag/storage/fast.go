package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
)

// Fast is the Codec a Store uses: graphrag.json from the chunked sonic
// encoder of package graphrag (graphrag.WriteJSONColumns) and, in the same pass,
// the column file (ColumnsFileName), which Read takes with the JSON's
// bytes instead of parsing them when it belongs to them (see the package
// documentation). Sync and Rename replace (*os.File).Sync and os.Rename
// when set (tests).
type Fast struct {
	Sync   func(*os.File) error
	Rename func(oldpath, newpath string) error
	// FillColumns: see Store.FillColumns.
	FillColumns bool
	// fillRenaming, when set, is called as a filled column file is about
	// to be renamed into place (tests: another process saving meanwhile).
	fillRenaming func()
	// graphRead, when set, is called once Read has read the graph file's
	// bytes (tests: a Save meanwhile).
	graphRead func()
}

func (c Fast) rename(oldpath, newpath string) error {
	if c.Rename != nil {
		return c.Rename(oldpath, newpath)
	}
	return os.Rename(oldpath, newpath)
}

// Write writes graphrag.json and its column file. The column file is
// written at the same time as the JSON file, by the same encoder
// (graphrag.WriteJSONColumns: each chunk's column records are made from
// the chunk's JSON right after it), into a temporary file of
// its own, renamed into place once graphrag.json is. A graph without a
// column form (graphrag.CheckColumns) gets none, and an older one is
// removed (it would not match the new graph file).
func (c Fast) Write(ctx context.Context, dir string, g *graphrag.Graph) error {
	var cols *columnsSave
	if g.CheckColumns() == nil {
		cols = c.startColumns(dir)
	}
	w := atomicfile.Writer{Rename: c.Rename, Sync: c.Sync}
	err := w.Write(filepath.Join(dir, FileName), filePerm, func(f io.Writer) error {
		if cols != nil && cols.w != nil {
			return cols.finish(g.WriteJSONColumns(ctx, ctxWriter{ctx, f}, cols.w))
		}
		return g.WriteJSONContext(ctx, ctxWriter{ctx, f})
	})
	colErr := cols.done(err == nil)
	if err != nil {
		return err
	}
	if cols == nil {
		colErr = os.Remove(filepath.Join(dir, ColumnsFileName))
		if errors.Is(colErr, fs.ErrNotExist) {
			colErr = nil
		}
	}
	if colErr != nil {
		return &sideFileError{colErr}
	}
	return nil
}

// Read reads the graph of dir from its column file when that belongs to
// graphrag.json's bytes, else from the JSON (graphrag.ReadJSONText; with
// FillColumns, then writing the column file).
func (c Fast) Read(ctx context.Context, dir string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	path := filepath.Join(dir, FileName)
	f, read, err := openGraph(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	// The column file is opened with the graph file, before the graph
	// file's bytes are read (a few hundred ms for a large one), so that a
	// Save replacing both meanwhile does not pair the old graph file with
	// the new column file (the JSON would be parsed, with a warning).
	cf, cfErr := os.Open(filepath.Join(dir, ColumnsFileName))
	if cfErr == nil {
		defer cf.Close()
	}
	js, err := graphrag.ReadGraphText(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.graphRead != nil {
		c.graphRead()
	}
	// A column file belongs to bytes that were valid UTF-8 when it was
	// written (graphrag.WriteColumns refuses others), so only a graph read
	// from its JSON needs the encoding check.
	g, warning := loadColumns(js, cf, cfErr)
	rep := &graphrag.LoadReport{}
	if g == nil {
		var fixed bool
		if g, rep, fixed, err = readJSON(js, path); err != nil {
			return nil, nil, err
		}
		// A graph the reader changed (skipped a duplicate or an edge to
		// a missing node, replaced bytes that were not UTF-8) gets no
		// column file: a Load from it would not know what was skipped,
		// and the report would be lost.
		if !fixed && c.FillColumns && readAsIs(rep) {
			c.fillColumns(ctx, g, js, path, read)
		}
	}
	if warning != "" {
		rep.Warnings = append(rep.Warnings, warning)
	}
	rep.FileBytes, rep.FileCRC32C = int64(len(js.Text)), js.CRC()
	return g, rep, nil
}

// columnsSave is a column file being written beside a graph file: a
// goroutine holds its temporary file open (atomicfile.Writer.Write) and
// hands its writer over in w; finish gives it the outcome of the encoder,
// done whether the graph file was saved, upon which it is renamed into
// place (without an fsync: it is a cache that Load checks against the
// graph file's bytes, so a crash leaves a file Load does not use) or
// removed.
type columnsSave struct {
	w        io.Writer // nil when the temporary file could not be made
	result   chan error
	saved    chan bool
	finished bool
	err      chan error
}

func (c Fast) startColumns(dir string) *columnsSave {
	cs := &columnsSave{result: make(chan error, 1), saved: make(chan bool, 1), err: make(chan error, 1)}
	writers := make(chan io.Writer, 1)
	go func() {
		w := atomicfile.Writer{Rename: c.Rename, Sync: func(*os.File) error {
			if !<-cs.saved {
				return errNotSaved
			}
			return nil
		}}
		cs.err <- w.Write(filepath.Join(dir, ColumnsFileName), filePerm, func(f io.Writer) error {
			bw := bufio.NewWriterSize(f, 1<<20)
			writers <- bw
			if err := <-cs.result; err != nil {
				return err
			}
			return bw.Flush()
		})
		close(writers)
	}()
	cs.w = <-writers // nil when Write failed before the file was made
	return cs
}

// finish passes on the encoder's error, which it returns.
func (c *columnsSave) finish(err error) error {
	c.finished = true
	c.result <- err
	return err
}

// done ends the column file (saved: the graph file is in place) and
// returns its error; nil for no column file (c nil) or a graph file
// that was not saved.
func (c *columnsSave) done(saved bool) error {
	if c == nil {
		return nil
	}
	if c.w != nil && !c.finished {
		c.result <- errNotSaved // the encoder never ran
	}
	c.saved <- saved
	if err := <-c.err; err != nil && !errors.Is(err, errNotSaved) && saved {
		return err
	}
	return nil
}

// errNotSaved ends a column file whose graph file was not saved.
var errNotSaved = errors.New("graph file not saved")

// errGraphReplaced ends a filled column file whose graph file changed
// while it was made.
var errGraphReplaced = errors.New("graph file replaced")

// loadColumns reads the graph from the column file cf, opened (with error
// openErr) beside the graph file whose text js is, when the column file
// belongs to those bytes (its recorded length and CRC-32C). A missing
// column file, or one of another
// version (an older program's), gives nil and no warning: the caller
// reads the JSON. One written for other bytes (the graph file was edited
// or replaced since) or damaged gives nil and a warning naming the file
// and what is wrong; the JSON is read then too, so a bad cache never
// changes a result.
func loadColumns(js graphrag.GraphText, cf *os.File, openErr error) (*graphrag.Graph, string) {
	if openErr != nil {
		return nil, ""
	}
	path := cf.Name()
	g, err := graphrag.ReadColumns(cf, js)
	switch {
	case err == nil:
		return g, ""
	case errors.Is(err, graphrag.ErrColumnsStale):
		return nil, ""
	}
	return nil, fmt.Sprintf("%s: %v; read %s instead", path, err, FileName)
}

// readAsIs is true when ReadJSONText reported nothing: the graph is
// what the file says.
func readAsIs(rep *graphrag.LoadReport) bool {
	return rep.DuplicateNodes == 0 && rep.DuplicateEdges == 0 && rep.DanglingEdges == 0 && len(rep.Warnings) == 0
}

// fillColumns writes the column file of g, read from the graph file text
// js of the file path, which was read as the file read
// (Fast.FillColumns). A failure (a read-only folder) is ignored: the
// next Load reads the JSON again. When path is no longer that file (a
// Save or another tool replaced or rewrote it while the column file was
// made), the column file is not put in place: it would belong to the
// bytes replaced and hide the column file the Save wrote, so that every
// Load until the next fill would read the JSON with a warning.
func (c Fast) fillColumns(ctx context.Context, g *graphrag.Graph, js graphrag.GraphText, path string, read fs.FileInfo) {
	if ctx.Err() != nil {
		return
	}
	rename := func(oldpath, newpath string) error {
		if c.fillRenaming != nil {
			c.fillRenaming()
		}
		now, err := os.Stat(path)
		if err != nil || !os.SameFile(read, now) || now.Size() != read.Size() || !now.ModTime().Equal(read.ModTime()) {
			return errGraphReplaced
		}
		return c.rename(oldpath, newpath)
	}
	w := atomicfile.Writer{Rename: rename, Sync: func(*os.File) error { return nil }}
	_ = w.Write(filepath.Join(filepath.Dir(path), ColumnsFileName), filePerm, func(f io.Writer) error {
		bw := bufio.NewWriterSize(f, 1<<20)
		if err := g.WriteColumns(ctx, bw, js); err != nil {
			return err
		}
		return bw.Flush()
	})
}
