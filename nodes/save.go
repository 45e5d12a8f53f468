package nodes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"reportengine/internal/atomicfile"
)

// Save writes a Result into dir:
//
//	dir/report.html                       Result.HTML
//	dir/report.md                         Result.Markdown
//	dir/document_ir.json                  Result.Document
//	dir/chapters/<order:03d>-<slug>.json  one per chapter (ChapterRecord.File)
//	dir/chapters/<order:03d>-<slug>.partial  the raw text of a truncated
//	                                      reply (ChapterRecord.PartialFile), if any
//	dir/manifest.json                     Result.Manifest, written LAST
//
// JSON is indented by two spaces, UTF-8 without HTML escaping. Each file is
// written atomically: a temporary file in the same directory, fsync,
// rename; so a reader sees either the old or the new file, and a
// manifest.json means the other files are complete. The files before
// manifest.json are written concurrently (their fsyncs overlap: 46-56 ms
// → 13-23 ms for a six-chapter report, BenchmarkSave). Save returns the
// paths written, in the order above; an error names the file, and then
// the paths are those before it (a later file may have been written too)
// and no manifest.json is written.
func Save(dir string, res *Result) ([]string, error) {
	if res == nil || res.Document == nil {
		return nil, fmt.Errorf("nodes: save: no result")
	}
	if err := os.MkdirAll(filepath.Join(dir, "chapters"), 0o755); err != nil {
		return nil, fmt.Errorf("nodes: save: %w", err)
	}
	// A manifest.json says the files beside it are complete: remove the
	// previous run's before anything is replaced, so an interrupted save
	// never leaves an old manifest over a mix of old and new files.
	if err := os.Remove(filepath.Join(dir, "manifest.json")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("nodes: save: %w", err)
	}
	// Every file but the manifest is written at once (each write waits on
	// its own fsyncs, which the file system then commits together); paths
	// and the error reported keep the order below.
	type file struct {
		rel  string
		data []byte
		err  error // of making data
	}
	files := []file{{rel: "report.html", data: res.HTML}, {rel: "report.md", data: res.Markdown}}
	b, err := marshalJSON(res.Document)
	files = append(files, file{rel: "document_ir.json", data: b, err: wrapSave("document_ir.json", err)})
	if res.Evidence != nil {
		eb, err := marshalJSON(res.Evidence)
		files = append(files, file{rel: "evidence.json", data: eb, err: wrapSave("evidence.json", err)})
	}
	for i, cr := range res.Chapters {
		ch := cr.Chapter
		if res.Document != nil && i < len(res.Document.Chapters) {
			ch = res.Document.Chapters[i]
		}
		b, err := marshalJSON(ch)
		files = append(files, file{rel: chapterFile(cr.Section), data: b, err: wrapSave("chapter "+cr.Section.ChapterID, err)})
		if cr.Partial != "" {
			files = append(files, file{rel: partialFile(cr.Section), data: []byte(cr.Partial)})
		}
	}
	// a file whose data could not be made ends the list: those before it
	// are written, as one by one
	for i, f := range files {
		if f.err != nil {
			files = files[:i+1]
			break
		}
	}
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		if f.err != nil {
			errs[i] = f.err
			continue
		}
		wg.Go(func() {
			p := filepath.Join(dir, filepath.FromSlash(f.rel))
			if err := atomicfile.WriteFile(p, f.data, 0o644); err != nil {
				errs[i] = fmt.Errorf("nodes: save %s: %w", p, err)
			}
		})
	}
	wg.Wait()
	var paths []string
	for i, f := range files {
		if errs[i] != nil {
			return paths, errs[i]
		}
		paths = append(paths, filepath.Join(dir, filepath.FromSlash(f.rel)))
	}
	write := func(rel string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := atomicfile.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("nodes: save %s: %w", p, err)
		}
		paths = append(paths, p)
		return nil
	}
	// Chapter files of an earlier run into the same folder that this run
	// did not write (another template, fewer chapters) would contradict
	// the manifest: remove them.
	written := map[string]bool{}
	for _, p := range paths {
		written[filepath.Base(p)] = true
	}
	old, _ := filepath.Glob(filepath.Join(dir, "chapters", "*.json"))
	oldPartial, _ := filepath.Glob(filepath.Join(dir, "chapters", "*.partial"))
	for _, p := range append(old, oldPartial...) {
		if !written[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return paths, fmt.Errorf("nodes: save: remove stale %s: %w", p, err)
			}
		}
	}
	b, err = marshalJSON(res.Manifest)
	if err != nil {
		return paths, fmt.Errorf("nodes: save manifest.json: %w", err)
	}
	if err := write("manifest.json", b); err != nil {
		return paths, err
	}
	return paths, nil
}

// wrapSave names the file a marshalling error is about; nil stays nil.
func wrapSave(what string, err error) error {
	if err != nil {
		return fmt.Errorf("nodes: save %s: %w", what, err)
	}
	return nil
}

func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
