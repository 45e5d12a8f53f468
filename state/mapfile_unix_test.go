//go:build unix

package state

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A state file cut short after it was mapped (an engine rewriting it in
// place) gives an error naming the file, not a crash: reading past its
// new end faults, and the fault becomes io.ErrUnexpectedEOF.
func TestParseFileCutShortWhileMapped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.json")
	doc := `{"query":"武汉","paragraphs":[{"title":"` + strings.Repeat("长文", 40000) + `"}]}`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	mapped, unmap, err := mapFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer unmap()
	if mapped != doc {
		t.Fatalf("mapFile gave %d bytes, want the file's %d", len(mapped), len(doc))
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	in := Input{Engine: EngineQuery, Path: path}
	_, err = parseMapped(mapped, in, LoadOptions{})
	if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), path) {
		t.Errorf("err = %v, want io.ErrUnexpectedEOF naming %s", err, path)
	}
}

// ParseFile of a mapped file and Parse of its bytes give the same State,
// also for an empty file (which the system will not map) and a
// document with errors whose JSON paths come from keys in the mapping.
func TestParseFileMappedEqualsParse(t *testing.T) {
	dir := t.TempDir()
	docs := map[string]string{
		"ok.json":    `{"query":"武汉","paragraphs":[{"title":"一","research":{"search_history":[{"query":"q","url":"u","score":0.5}]}}]}`,
		"empty.json": "",
		"bad.json":   `{"query":"武汉","paragraphs":[{"title":"一","research":{"search_history":[{"score":"x"}]}}]}`,
		"utf8.json":  `{"query":"武` + "\xff" + `","paragraphs":[{"title":"一"},{"title":"二"},{"title":"三"}]}`,
	}
	for name, doc := range docs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ParseFile(Input{Engine: EngineQuery, Path: path})
		want, wantErr := Parse([]byte(doc), path, EngineQuery)
		if !reflect.DeepEqual(err, wantErr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v, %v", name, got, err, want, wantErr)
		}
	}
}
