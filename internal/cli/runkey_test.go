package cli

import (
	"bytes"
	"context"
	"fmt"
	"hash/crc32"
	"os"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
	"reportengine/nodes"
)

// A stored graph enters a report's run key by the length and CRC-32C its
// load took of graphrag.json, computed here from the file's bytes; a byte
// changed in place (same length) changes the key, naming the graph; a
// graph without the load's sum is keyed by the file's SHA-256.
func TestReportKeyGraphByLoadSum(t *testing.T) {
	dir := t.TempDir()
	store, err := storage.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	g := graphrag.New()
	g.TaskID = "k"
	if err := g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "话题甲"}); err != nil {
		t.Fatal(err)
	}
	path, err := store.Save(g)
	if err != nil {
		t.Fatal(err)
	}
	opts := &reportOptions{Graph: "k", graphInputs: graphInputs{GraphsDir: dir}}
	graphInput := func(withSum bool) nodes.InputFile {
		t.Helper()
		g, id, rep, err := loadGraphContext(context.Background(), nil, dir, "k")
		if err != nil {
			t.Fatal(err)
		}
		src := &reportGraph{g: g, graphID: id}
		if withSum {
			src.file = rep
		}
		key, err := reportKey(opts, src, limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range key.Inputs {
			if in.Role == "graph" {
				return in
			}
		}
		t.Fatalf("no graph input in %+v", key.Inputs)
		return nodes.InputFile{}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := func(b []byte) string {
		return fmt.Sprintf("%08x", crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
	}
	before := graphInput(true)
	if want := (nodes.InputFile{Role: "graph", Path: path, Bytes: int64(len(data)), CRC32C: sum(data)}); before != want {
		t.Fatalf("graph input %+v, want %+v", before, want)
	}
	changed := bytes.Replace(data, []byte("话题甲"), []byte("话题乙"), 1)
	if bytes.Equal(changed, data) || len(changed) != len(data) {
		t.Fatal("the test's edit did not apply")
	}
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	after := graphInput(true)
	if after.CRC32C != sum(changed) {
		t.Errorf("after the edit: crc32c %s, want %s", after.CRC32C, sum(changed))
	}
	ch := nodes.RunKey{Inputs: []nodes.InputFile{after}}.Changes(nodes.RunKey{Inputs: []nodes.InputFile{before}})
	if len(ch) != 1 || !strings.HasPrefix(ch[0], "graph "+path+" changed") {
		t.Errorf("changes %q, want the graph named", ch)
	}
	if plain := graphInput(false); plain != after {
		t.Errorf("without the load's sum: %+v, want the file read again to give %+v", plain, after)
	}
}
