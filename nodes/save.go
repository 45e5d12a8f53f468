package nodes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"reportengine/internal/atomicfile"
)

// Save writes a Result into dir, replacing whatever dir held, as a whole:
//
//	dir/report.html                       Result.HTML
//	dir/report.md                         Result.Markdown
//	dir/document_ir.json                  Result.Document
//	dir/evidence.json                     Result.Evidence, if any
//	dir/chapters/<order:03d>-<slug>.json  one per chapter (ChapterRecord.File)
//	dir/chapters/<order:03d>-<slug>.partial  the raw text of a truncated
//	                                      reply (ChapterRecord.PartialFile), if any
//	dir/manifest.json                     Result.Manifest, written LAST
//
// Save is Stage then Commit: the files are written into a new folder
// beside dir, which then takes dir's place in one step
// (atomicfile.ReplaceDir), so a reader, a crash or a full disk leaves
// either the previous report, every file of it, or the new one, never a
// mix (and never the previous report without its manifest.json). JSON is
// indented by two spaces, UTF-8 without HTML escaping. Save returns the
// paths written, under dir, in the order above; on an error (which names
// the file) nothing is in dir's place but what was there before, and the
// paths are nil.
func Save(dir string, res *Result) ([]string, error) {
	st, err := Stage(dir, res)
	if err != nil {
		return nil, err
	}
	return st.Commit()
}

// Staged is a report folder written beside its place (Stage) and not yet
// in it: a caller may add files (report.pdf) to Dir before Commit puts
// the whole folder in place, or Discard it.
type Staged struct {
	dir, tmp string
	rel      []string // files written, relative to the folder, slash-separated
}

// Stage writes res's files (see Save) into a new temporary folder beside
// dir (".<dir's name>.<digits>.tmp", created with dir's parent when that
// is missing), the manifest last, each file fsynced. Stale temporary
// folders of earlier runs that were killed while saving
// (atomicfile.RemoveStale, atomicfile.StaleAge) are removed from dir's
// parent first. Nothing in dir changes. Errors name the file; the
// temporary folder is then removed.
func Stage(dir string, res *Result) (*Staged, error) {
	if res == nil || res.Document == nil {
		return nil, fmt.Errorf("nodes: save: no result")
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("nodes: save: %w", err)
	}
	atomicfile.RemoveStale(parent, atomicfile.StaleAge, time.Now())
	tmp, err := atomicfile.TempDir(dir)
	if err != nil {
		return nil, fmt.Errorf("nodes: save: %w", err)
	}
	st := &Staged{dir: dir, tmp: tmp}
	if err := st.write(res); err != nil {
		st.Discard()
		return nil, err
	}
	return st, nil
}

// Dir is the temporary folder holding the staged files.
func (s *Staged) Dir() string { return s.tmp }

// Commit puts the staged folder in dir's place (atomicfile.ReplaceDir: the
// previous folder, with any file this run did not write, is removed) and
// returns the paths of the files Stage wrote, under dir, in Save's order.
// On an error dir keeps what it held and the staged folder is removed.
func (s *Staged) Commit() ([]string, error) {
	if err := os.Chmod(s.tmp, 0o755); err != nil { // MkdirTemp makes it 0o700
		s.Discard()
		return nil, fmt.Errorf("nodes: save %s: %w", s.dir, err)
	}
	if err := atomicfile.ReplaceDir(s.tmp, s.dir); err != nil {
		s.Discard()
		return nil, fmt.Errorf("nodes: save %s: %w", s.dir, err)
	}
	paths := make([]string, len(s.rel))
	for i, r := range s.rel {
		paths[i] = filepath.Join(s.dir, filepath.FromSlash(r))
	}
	return paths, nil
}

// Discard removes the staged folder; dir is untouched.
func (s *Staged) Discard() { os.RemoveAll(s.tmp) }

// write writes res's files into s.tmp, the manifest last.
func (s *Staged) write(res *Result) error {
	dir := s.tmp
	if err := os.Mkdir(filepath.Join(dir, "chapters"), 0o755); err != nil {
		return fmt.Errorf("nodes: save: %w", err)
	}
	// The files' data first (a marshalling error writes nothing), then
	// the files in the order below.
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
	mb, err := marshalJSON(res.Manifest)
	files = append(files, file{rel: "manifest.json", data: mb, err: wrapSave("manifest.json", err)})
	for _, f := range files {
		if f.err != nil {
			return f.err
		}
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(f.rel)), f.data, 0o644); err != nil {
			return fmt.Errorf("nodes: save %s: %w", filepath.Join(s.dir, filepath.FromSlash(f.rel)), err)
		}
		s.rel = append(s.rel, f.rel)
	}
	return nil
}

// writeFile is atomicfile.WriteFile; tests replace it to fail a write.
var writeFile = atomicfile.WriteFile

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
