package state

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestStamp(t *testing.T) {
	tests := []struct {
		path string
		want string // "" = no stamp
	}{
		{"a/state_武汉大学_20250825_180214.json", "20250825_180214"},
		{"state_x_y_20250101_000000.json", "20250101_000000"},
		{"media.json", ""},
		{"state_x_20251301_000000.json", ""}, // month 13
		{"state_x_20250101_000000.md", ""},
		{"state_x_2025010_000000.json", ""},
	}
	for _, tt := range tests {
		tm, text, ok := Stamp(tt.path)
		if text != tt.want || ok != (tt.want != "") {
			t.Errorf("Stamp(%q) = %q, %v; want %q", tt.path, text, ok, tt.want)
			continue
		}
		if ok && tm.Format(stampLayout) != tt.want {
			t.Errorf("Stamp(%q) time = %v, want %s", tt.path, tm, tt.want)
		}
	}
}

func TestRelatedQueries(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"武汉大学", "武汉大学舆情", true},
		{"武汉大学舆情", "武汉大学", true},
		{" 新能源车降价 ", "新能源车降价", true},
		{"Tesla", "tesla 降价", true},
		{"新能源车降价", "高校毕业生就业率", false},
		{"", "x", false},
		{"  ", "  ", false},
	}
	for _, tt := range tests {
		if got := RelatedQueries(tt.a, tt.b); got != tt.want {
			t.Errorf("RelatedQueries(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// B13, the field case as written: two unrelated queries, one of them in an
// empty engine file. Refused with every engine's query listed (the empty
// file included); allowed with the override, flagged Unrelated.
func TestLoadB13(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"insight.json": `{"query":"新能源车降价","report_title":"降价舆情","paragraphs":[{"title":"概览","content":"……","order":1,"research":{"search_history":[],"latest_summary":"","reflection_iteration":0}}]}`,
		"media.json":   `{"query":"高校毕业生就业率","report_title":"就业舆情","paragraphs":[{"title":"概览","content":"……","order":1,"research":{"search_history":[],"latest_summary":"","reflection_iteration":0}}]}`,
		"query.json":   `{"query":"新能源车降价","report_title":"降价舆情","paragraphs":[]}`,
	})
	inputs := []Input{
		{EngineInsight, filepath.Join(dir, "insight.json")},
		{EngineMedia, filepath.Join(dir, "media.json")},
		{EngineQuery, filepath.Join(dir, "query.json")},
	}
	_, err := Load(inputs, LoadOptions{})
	var mq *MixedQueriesError
	if !errors.As(err, &mq) || !errors.Is(err, ErrMixedQueries) {
		t.Fatalf("Load = %v, want a *MixedQueriesError", err)
	}
	want := []QueryOf{
		{EngineQuery, inputs[2].Path, "新能源车降价", ReasonEmptyParagraphs},
		{EngineMedia, inputs[1].Path, "高校毕业生就业率", ""},
		{EngineInsight, inputs[0].Path, "新能源车降价", ""},
	}
	if len(mq.Queries) != len(want) {
		t.Fatalf("Queries = %+v, want %+v", mq.Queries, want)
	}
	for i := range want {
		if mq.Queries[i] != want[i] {
			t.Errorf("Queries[%d] = %+v, want %+v", i, mq.Queries[i], want[i])
		}
	}
	for _, part := range []string{`insight="新能源车降价"`, `media="高校毕业生就业率"`, `query="新能源车降价"`} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("error %q does not name %s", err, part)
		}
	}

	l, err := Load(inputs, LoadOptions{AllowMixedQueries: true})
	if err != nil {
		t.Fatalf("Load with AllowMixedQueries: %v", err)
	}
	if !l.Unrelated || !strings.Contains(l.QueryNote, "unrelated") {
		t.Errorf("Unrelated = %v, QueryNote %q; want true and a note", l.Unrelated, l.QueryNote)
	}
	if len(l.States) != 2 || len(l.Unavailable) != 1 || l.Unavailable[0].Engine != EngineQuery {
		t.Errorf("%d states, unavailable %+v; want 2 and the query engine", len(l.States), l.Unavailable)
	}
}

// B13, one run by the time rule: unrelated-looking queries whose file
// stamps lie within RunWindow (the real run's 10:47:43, 10:59:43, 11:01:04)
// load without the override; two hours apart they are refused. A chain of
// stamps each within the window of the next is one run.
func TestLoadRunByStamps(t *testing.T) {
	tests := []struct {
		name   string
		stamps [3]string
		oneRun bool
	}{
		{"real run", [3]string{"20250101_104743", "20250101_105943", "20250101_110104"}, true},
		{"same stamp", [3]string{"20250101_104743", "20250101_104743", "20250101_104743"}, true},
		{"chain", [3]string{"20250101_100000", "20250101_105000", "20250101_114000"}, true},
		{"one far", [3]string{"20250101_100000", "20250101_100500", "20250101_120600"}, false},
		{"days apart", [3]string{"20250825_180214", "20250825_180214", "20250827_123055"}, false},
	}
	queries := [3]string{"新能源车降价", "车企价格战", "消费者观望"}
	for _, tt := range tests {
		files := map[string]string{}
		var inputs []Input
		for i, e := range Engines {
			name := "state_" + queries[i] + "_" + tt.stamps[i] + ".json"
			files[string(e)+"/"+name] = `{"query":"` + queries[i] + `","paragraphs":[{"title":"x"}]}`
			inputs = append(inputs, Input{Engine: e, Path: string(e) + "/" + name})
		}
		dir := writeStates(t, files)
		for i := range inputs {
			inputs[i].Path = filepath.Join(dir, inputs[i].Path)
		}
		l, err := Load(inputs, LoadOptions{})
		if tt.oneRun {
			if err != nil {
				t.Errorf("%s: Load: %v", tt.name, err)
				continue
			}
			if !strings.Contains(l.QueryNote, "file stamps within "+RunWindow.String()) || l.Unrelated {
				t.Errorf("%s: QueryNote %q, Unrelated %v; want the stamp rule named", tt.name, l.QueryNote, l.Unrelated)
			}
			continue
		}
		if !errors.Is(err, ErrMixedQueries) {
			t.Errorf("%s: Load = %v, want ErrMixedQueries", tt.name, err)
		}
	}
}

func TestOneRunWindowEdge(t *testing.T) {
	t0 := time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		gap  time.Duration
		want bool
	}{{RunWindow, true}, {RunWindow + time.Second, false}} {
		ok, _ := oneRun([]runVote{{"A", t0, true}, {"B", t0.Add(tt.gap), true}})
		if ok != tt.want {
			t.Errorf("gap %s: oneRun = %v, want %v", tt.gap, ok, tt.want)
		}
	}
	// A file without a stamp is joined only by its query.
	if ok, _ := oneRun([]runVote{{"A", t0, true}, {"B", time.Time{}, false}}); ok {
		t.Error("an unstamped file with an unrelated query joined the run")
	}
}
