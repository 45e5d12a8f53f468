package nodes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
// manifest.json means the other files are complete. Save returns the paths
// written, in order; an error names the file.
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
	var paths []string
	write := func(rel string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := atomicfile.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("nodes: save %s: %w", p, err)
		}
		paths = append(paths, p)
		return nil
	}
	if err := write("report.html", res.HTML); err != nil {
		return paths, err
	}
	if err := write("report.md", res.Markdown); err != nil {
		return paths, err
	}
	b, err := marshalJSON(res.Document)
	if err != nil {
		return paths, fmt.Errorf("nodes: save document_ir.json: %w", err)
	}
	if err := write("document_ir.json", b); err != nil {
		return paths, err
	}
	if res.Evidence != nil {
		eb, err := marshalJSON(res.Evidence)
		if err != nil {
			return paths, fmt.Errorf("nodes: save evidence.json: %w", err)
		}
		if err := write("evidence.json", eb); err != nil {
			return paths, err
		}
	}
	for i, cr := range res.Chapters {
		ch := cr.Chapter
		if res.Document != nil && i < len(res.Document.Chapters) {
			ch = res.Document.Chapters[i]
		}
		b, err := marshalJSON(ch)
		if err != nil {
			return paths, fmt.Errorf("nodes: save chapter %s: %w", cr.Section.ChapterID, err)
		}
		if err := write(chapterFile(cr.Section), b); err != nil {
			return paths, err
		}
		if cr.Partial != "" {
			if err := write(partialFile(cr.Section), []byte(cr.Partial)); err != nil {
				return paths, err
			}
		}
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
