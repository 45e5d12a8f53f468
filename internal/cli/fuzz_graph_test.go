package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
)

// FuzzGraphFile feeds bytes as a stored graphrag.json through everything
// that reads one (#8 "no panic on any input"): graphrag.ReadJSON, a write
// and re-read of what it accepted, the query engine, and the `query`
// command itself (flag parsing, storage.Load, the query, the JSON output).
// Any panic fails, and so does:
//   - a refusal that does not wrap graphrag.ErrFormat;
//   - an accepted graph that does not read back with the same nodes and
//     edges after WriteJSON;
//   - the command exiting with anything but 0 (a graph it could query) or
//     3 (bad input), or exiting 3 on a file ReadJSON accepted, unless
//     the file is not UTF-8 (storage's encoding rule).
//
// scripts/test runs it for a bounded time.
func FuzzGraphFile(f *testing.F) {
	for _, s := range []string{
		``, `{}`, `[]`, `null`, `{"nodes": {}}`,
		`{"format_version": 2, "task_id": "g", "nodes": [{"id":"t","type":"topic","name":"舆情","attributes":{"query":"舆情"}},` +
			`{"id":"s","type":"source","name":"x","attributes":{"url":"https://x.example","title":"舆情 a","score":0.5,"content":"c","key":"url","engines":["query"],"found_count":1}}],` +
			`"edges": [{"from":"t","to":"s","relation":"found","weight":1,"attributes":{"records":[{"index":0,"score":null,"timestamp":""}]}}]}`,
		`{"task_id":"g","nodes":[{"id":1,"group":"section","label":"舆情","properties":{"summary":"x"}},{"id":"2","type":"source","attributes":{"url":"u","title":"t","preview":"c","score":1,"content":"c","key":"url","engines":[],"found_count":0}}],` +
			`"edges":[{"source":1,"target":"2","label":"found"},{"source":1,"target":"2"},{"from":"9","to":"2"}]}`,
		`{"success":true,"graph":{"nodes":[{"id":"a","group":"topic","label":"A","title":"<b>A</b>"}],"edges":[]}}`,
		`{"format_version": 3}`,
		`{"format_version": 2, "nodes": [{"id":"a","type":"source","name":"n","attributes":{"url":1}}]}`,
		`{"nodes":[{"id":"a","type":"t1"},{"id":"b","type":"t2"}],"edges":[{"from":"a","to":"b","weight":"x"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _, err := graphrag.ReadJSON(bytes.NewReader(data))
		if err != nil && !errors.Is(err, graphrag.ErrFormat) {
			t.Fatalf("ReadJSON refused with %v, want an error wrapping ErrFormat", err)
		}
		if err == nil {
			var buf bytes.Buffer
			if werr := g.WriteJSON(&buf); werr == nil {
				back, _, rerr := graphrag.ReadJSON(&buf)
				if rerr != nil {
					t.Fatalf("written graph does not read back: %v\n%s", rerr, buf.String())
				}
				if back.NodeCount() != g.NodeCount() || back.EdgeCount() != g.EdgeCount() {
					t.Fatalf("read back %d nodes / %d edges, want %d / %d", back.NodeCount(), back.EdgeCount(), g.NodeCount(), g.EdgeCount())
				}
			}
			if g.NodeCount() > 0 {
				if _, qerr := queryengine.New(g).Run(queryengine.Query{Keywords: []string{"舆情 a"}, Depth: 2}); qerr != nil && !errors.Is(qerr, queryengine.ErrEmptyGraph) {
					t.Logf("query: %v", qerr) // an error is fine; a panic is not
				}
			}
		}
		dir := t.TempDir()
		if mkErr := os.MkdirAll(filepath.Join(dir, "g"), 0o755); mkErr != nil {
			t.Fatal(mkErr)
		}
		if wErr := os.WriteFile(filepath.Join(dir, "g", "graphrag.json"), data, 0o644); wErr != nil {
			t.Fatal(wErr)
		}
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), []string{"query", "--quiet", "--graphs", dir, "--graph", "g", "-k", "舆情", "--depth", "2", "--json"},
			Deps{Stdout: &stdout, Stderr: &stderr})
		switch {
		case code == ExitOK:
		case code == ExitBadInput && err != nil:
		case code == ExitBadInput && g != nil && g.NodeCount() == 0:
			// an empty graph is refused by the command (nothing to query)
		case code == ExitBadInput && !utf8.Valid(data) && strings.Contains(stderr.String(), "not UTF-8"):
			// ReadJSON (the library) reads what encoding/json reads, bad
			// bytes as U+FFFD; storage.Load refuses a file whose strings
			// beyond ASCII are mostly not UTF-8 (another encoding)
		default:
			t.Fatalf("query exited %d (ReadJSON error: %v); stderr: %s", code, err, stderr.String())
		}
	})
}
