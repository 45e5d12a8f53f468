package builder_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/synth"
	"reportengine/state"
)

// FuzzBuildGraph feeds bytes as a query engine state file through what
// build-graph does with it (#8 "no panic on any input"): state.Load reads
// the file, builder.Build builds the graph, and the graph goes through its
// file format and back. Any panic fails, and so does:
//   - a refusal of the input that is not a *state.ParseError naming the
//     file, or ErrNoEngines for a state without paragraphs;
//   - a Build error on input that Load accepted (bad input must be caught
//     where it enters, with the file's name, not later);
//   - a graph that does not read back with the same nodes and edges.
//
// scripts/test runs it for a bounded time.
func FuzzBuildGraph(f *testing.F) {
	var small bytes.Buffer
	if err := synth.WriteState(&small, "query", synth.Config{Paragraphs: 2, Records: 3, Seed: 1}); err != nil {
		f.Fatal(err)
	}
	f.Add(small.Bytes())
	for _, s := range []string{
		``,
		`{}`,
		`{"query":"q","paragraphs":[{}]}`,
		`{"query":"q","paragraphs":[{"title":"t","order":1,"research":{"search_history":[{"query":"a","url":"https://x.example/1","content":"c","score":0.5},{"query":"a","url":"https://x.example/1"}]}}]}`,
		`{"query":"","paragraphs":[{"research":null},{"research":{"search_history":null}}]}`,
		`{"query":"q","paragraphs":[{"order":1},{"order":1},{"research":{"search_history":[{"url":"javascript:alert(1)","title":"<b>"}]}}]}`,
		`{"query":"q\u0000\ud800","paragraphs":[{"title":"\u2028","research":{"search_history":[{"query":"\t","url":" "}]}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "query.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		loaded, err := state.Load([]state.Input{{Engine: state.EngineQuery, Path: path}}, state.LoadOptions{})
		if err != nil {
			var pe *state.ParseError
			if !errors.As(err, &pe) && !errors.Is(err, state.ErrNoEngines) {
				t.Fatalf("Load error %T %v: want a *state.ParseError or ErrNoEngines", err, err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("Load error %q does not name the file", err)
			}
			return
		}
		topic := loaded.Topic()
		if topic == "" {
			topic = "fuzz" // build-graph asks for --topic then
		}
		g, _, err := builder.Build(builder.Config{Topic: topic, ReportID: "fuzz", States: loaded.States, Unavailable: loaded.Unavailable})
		if err != nil {
			t.Fatalf("Build refused a state that Load accepted: %v", err)
		}
		var buf bytes.Buffer
		if err := g.WriteJSON(&buf); err != nil {
			t.Fatalf("WriteJSON: %v", err)
		}
		back, _, err := graphrag.ReadJSON(&buf)
		if err != nil {
			t.Fatalf("ReadJSON of a written graph: %v", err)
		}
		if back.NodeCount() != g.NodeCount() || back.EdgeCount() != g.EdgeCount() {
			t.Errorf("read back %d nodes, %d edges; wrote %d, %d", back.NodeCount(), back.EdgeCount(), g.NodeCount(), g.EdgeCount())
		}
	})
}
