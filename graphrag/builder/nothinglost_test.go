package builder_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/storage"
	"reportengine/internal/synth"
	"reportengine/state"
)

// record is one search record as the engines wrote it, or as it is read
// back from a stored graph.
type record struct {
	Query, URL, Title, Content, Timestamp string
	Score                                 *float64
}

// recordKey names a record by where it sits in the state files.
type recordKey struct {
	engine    string
	paragraph int // position in paragraphs[]
	index     int // position in search_history
}

// TestNothingLost builds the full input (3 engines × 200 paragraphs
// × 500 records = 300 000 search records, 193 MB), saves the graph, loads
// the stored file and checks that every record can be read back, field
// for field, from the part of the graph reachable from the topic, against
// what encoding/json reads from the state files. It takes about a minute and
// a few GB of memory, so it runs only with REPORTENGINE_BENCH_FULL set
// (scripts/bench NOTHING_LOST=1).
func TestNothingLost(t *testing.T) {
	if os.Getenv("REPORTENGINE_BENCH_FULL") == "" {
		t.Skip("set REPORTENGINE_BENCH_FULL=1 to build the 300 000-record input")
	}
	dir := t.TempDir()
	paths, err := synth.WriteAll(dir, synth.Config{Paragraphs: 200, Records: 500, Seed: 1}, 200)
	if err != nil {
		t.Fatal(err)
	}
	want := recordsByEncodingJSON(t, paths[:3])
	if len(want) != 300000 {
		t.Fatalf("the synthetic input holds %d records, want 300000", len(want))
	}

	saveGraph(t, paths, filepath.Join(dir, "graphs"))
	store, err := storage.New(filepath.Join(dir, "graphs"))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := store.Load("scale")
	if err != nil {
		t.Fatal(err)
	}
	got := recordsOfGraph(t, g)

	if len(got) != len(want) {
		t.Errorf("the stored graph holds %d records, the states %d", len(got), len(want))
	}
	bad := 0
	for k, w := range want {
		gr, ok := got[k]
		switch {
		case !ok:
			t.Errorf("%s paragraphs[%d].research.search_history[%d]: not in the stored graph", k.engine, k.paragraph, k.index)
		case gr.Query != w.Query || gr.URL != w.URL || gr.Title != w.Title || gr.Content != w.Content ||
			gr.Timestamp != w.Timestamp || fmtScore(gr.Score) != fmtScore(w.Score):
			t.Errorf("%s paragraphs[%d].research.search_history[%d]: stored %+v (score %s), state %+v (score %s)",
				k.engine, k.paragraph, k.index, gr, fmtScore(gr.Score), w, fmtScore(w.Score))
		default:
			continue
		}
		if bad++; bad == 10 {
			t.Fatal("stopping after 10 differences")
		}
	}
}

// recordsByEncodingJSON reads every record of the state files (query,
// media, insight) with encoding/json.
func recordsByEncodingJSON(t *testing.T, paths []string) map[recordKey]record {
	t.Helper()
	out := map[recordKey]record{}
	for i, e := range []string{"query", "media", "insight"} {
		data, err := os.ReadFile(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Paragraphs []struct {
				Research struct {
					SearchHistory []struct {
						Query     string   `json:"query"`
						URL       string   `json:"url"`
						Title     string   `json:"title"`
						Content   string   `json:"content"`
						Score     *float64 `json:"score"`
						Timestamp string   `json:"timestamp"`
					} `json:"search_history"`
				} `json:"research"`
			} `json:"paragraphs"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", paths[i], err)
		}
		for p, para := range doc.Paragraphs {
			for j, r := range para.Research.SearchHistory {
				out[recordKey{e, p, j}] = record{r.Query, r.URL, r.Title, r.Content, r.Timestamp, r.Score}
			}
		}
	}
	return out
}

// saveGraph does what `build-graph --report-id scale` does: load the states
// and the forum log, build, save.
func saveGraph(t *testing.T, paths []string, graphs string) {
	t.Helper()
	var inputs []state.Input
	for _, p := range paths[:3] {
		in, err := state.ParseArg(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, in)
	}
	loaded, err := state.Load(inputs, state.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := forum.ParseFile(paths[3])
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := builder.Build(builder.Config{Topic: loaded.Topic(), ReportID: "scale", States: loaded.States, Forum: entries, ForumPath: paths[3]})
	if err != nil {
		t.Fatal(err)
	}
	store, err := storage.New(graphs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Save(g); err != nil {
		t.Fatal(err)
	}
}

// recordsOfGraph reads the records back from the found edges of g whose
// ends are reachable from the topic: the query text from the search_query
// node, URL, title and content from the source (title and content from the
// record where it has its own), index, score and timestamp from the record.
func recordsOfGraph(t *testing.T, g *graphrag.Graph) map[recordKey]record {
	t.Helper()
	roots := g.Roots()
	if len(roots) != 1 {
		t.Fatalf("roots %v, want the topic alone", roots)
	}
	ids, err := g.ReachableFrom(roots[0])
	if err != nil {
		t.Fatal(err)
	}
	reach := make(map[string]bool, len(ids))
	for _, id := range ids {
		reach[id] = true
	}
	out := map[recordKey]record{}
	ends := g.EdgeEnds()
	for i := range g.EdgeCount() {
		if g.Relation(i) != graphrag.RelFound {
			continue
		}
		q, s := int(ends[i][0]), int(ends[i][1])
		if !reach[g.ID(q)] || !reach[g.ID(s)] {
			t.Fatalf("found edge %s → %s is not reachable from the topic", g.ID(q), g.ID(s))
		}
		engine := g.String(q, "engine")
		ref := g.String(q, "section_ref")
		para, err := strconv.Atoi(strings.TrimPrefix(ref, engine+"_P"))
		if err != nil {
			t.Fatalf("search_query %s: section_ref %q", g.ID(q), ref)
		}
		recs, _ := g.EdgeAt(i).Attrs.Get("records")
		list, ok := recs.([]any)
		if !ok || len(list) == 0 {
			t.Fatalf("found edge %s → %s: records %T %v", g.ID(q), g.ID(s), recs, recs)
		}
		for _, el := range list {
			get := field(t, el)
			idx, ok := get("index").(float64)
			if !ok {
				t.Fatalf("record %v: index", el)
			}
			r := record{Query: g.String(q, "query_text"), URL: g.String(s, "url"), Title: g.String(s, "title"), Content: g.String(s, "content")}
			if v, ok := get("title").(string); ok {
				r.Title = v
			}
			if v, ok := get("content").(string); ok {
				r.Content = v
			}
			r.Timestamp, _ = get("timestamp").(string)
			if v, ok := get("score").(float64); ok {
				r.Score = &v
			}
			k := recordKey{engine, para, int(idx)}
			if _, dup := out[k]; dup {
				t.Fatalf("%+v: two records in the graph", k)
			}
			out[k] = r
		}
	}
	return out
}

// field returns a getter for the members of a record element, whatever
// the graph's decoder made of it; numbers come back as float64.
func field(t *testing.T, el any) func(string) any {
	var get func(string) (any, bool)
	switch o := el.(type) {
	case graphrag.Attributes:
		get = o.Get
	case map[string]any:
		get = func(k string) (any, bool) { v, ok := o[k]; return v, ok }
	default:
		t.Fatalf("record element %T", el)
	}
	return func(k string) any {
		v, _ := get(k)
		switch n := v.(type) {
		case int:
			return float64(n)
		case int64:
			return float64(n)
		case json.Number:
			f, _ := n.Float64()
			return f
		}
		return v
	}
}

func fmtScore(p *float64) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}
