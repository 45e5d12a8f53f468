package cli

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var sectionRE = regexp.MustCompile(`(?m)^-----([^-\n]+)-----$`)

// B34: the context records always carry reports, entities, relationships,
// claims and sources, under the same field name (context_data) with and
// without --context-only, in search and in questions. B19: no table of the
// context text is a header alone.
func TestSearchRecordKeysAndNoHeaderOnlyTables(t *testing.T) {
	wuhan := wuhanGraphs(t)
	want := []string{"claims", "entities", "relationships", "reports", "sources"}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"dulce", []string{"--graphrag-index", dulceDir(t), "--max-context-tokens", "400", "Agent Mercer"}},
		{"wuhan", []string{"--graphs", wuhan, "--graph", "wuhan", "--max-context-tokens", "400", "樱花"}},
		{"wuhan-12000", []string{"--graphs", wuhan, "--graph", "wuhan", "樱花"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, mode := range [][]string{{"search", "--json"}, {"search", "--json", "--context-only"}, {"questions", "--json"}} {
				code, js, errs := run(t, append(append([]string{mode[0], "-q", "--no-vector-cache"}, mode[1:]...), tc.args...)...)
				var res struct {
					Text string                     `json:"context_text"`
					Data map[string]json.RawMessage `json:"context_data"`
				}
				if code != 0 || json.Unmarshal([]byte(js), &res) != nil {
					t.Fatalf("%v: exit %d %s %.200s", mode, code, errs, js)
				}
				var keys []string
				for k := range res.Data {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				if !slices.Equal(keys, want) {
					t.Errorf("%v: context_data keys %v, want %v", mode, keys, want)
				}
				locs := sectionRE.FindAllStringIndex(res.Text, -1)
				if len(locs) == 0 {
					t.Fatalf("%v: no section in %q", mode, res.Text)
				}
				for i, l := range locs {
					end := len(res.Text)
					if i+1 < len(locs) {
						end = locs[i+1][0]
					}
					body := strings.TrimSpace(res.Text[l[0]:end])
					if lines := strings.Split(body, "\n"); len(lines) < 3 {
						t.Errorf("%v: header-only table %q", mode, body)
					}
				}
			}
		})
	}
}

var statRE = regexp.MustCompile(`(\w+): read (\d+), kept (\d+)`)

// Load stats mean what they say: no table keeps more than it read (the
// graph's text units are counted as units, the texts they were cut from in
// a note), and Dulce's references to missing entities are reported as
// kept, as its warnings say, not as skipped.
func TestLoadStatsReadKept(t *testing.T) {
	wuhan := wuhanGraphs(t)
	for _, args := range [][]string{
		{"--graphs", wuhan, "--graph", "wuhan"},
		{"--graphrag-index", dulceDir(t)},
	} {
		code, _, errs := run(t, append(append([]string{"search", "--context-only", "--no-vector-cache"}, args...), "樱花")...)
		// 樱花 is about nothing in Dulce: --context-only then exits 6,
		// after the load statistics this test reads
		if code != 0 && !(code == ExitNoMatch && args[0] == "--graphrag-index") {
			t.Fatalf("exit %d: %s", code, errs)
		}
		ms := statRE.FindAllStringSubmatch(errs, -1)
		if len(ms) < 4 {
			t.Fatalf("stats lines: %s", errs)
		}
		for _, m := range ms {
			var read, kept int
			fmt.Sscan(m[2], &read)
			fmt.Sscan(m[3], &kept)
			if kept > read {
				t.Errorf("%s: read %d, kept %d", m[1], read, kept)
			}
		}
		kept := strings.Count(errs, "kept, as GraphRAG does")
		if strings.Contains(errs, "dangling references skipped") && strings.Contains(errs, "is not an entity; kept") {
			t.Errorf("stats say skipped, warnings say kept:\n%s", errs)
		}
		if args[0] == "--graphrag-index" && kept < 2 {
			t.Errorf("Dulce: stats do not report the kept references:\n%s", errs)
		}
	}
}
