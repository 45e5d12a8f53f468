package state

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeStates writes name → content into a new temporary folder and returns
// the folder.
func writeStates(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A valid state: two paragraphs with one search each.
func twoParagraphs(query string) string {
	return `{"query":"` + query + `","report_title":"r","paragraphs":[
  {"title":"a","content":"ca","order":0,"research":{"search_history":[{"query":"q1","url":"https://a.example","title":"t","content":"c","score":0.5,"timestamp":"t"}]}},
  {"title":"b","content":"cb","order":1,"research":{"search_history":[{"query":"q2","url":"","title":"t","content":"c","score":null,"timestamp":"t"}]}}]}`
}

// B14: a missing or empty engine file is a warning; the others load.
func TestLoadB14(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"insight.json": twoParagraphs("某地暴雨"),
		"query.json":   twoParagraphs("某地暴雨"),
		"media.json":   `{"query":"某地暴雨","report_title":"","paragraphs":[]}`,
		"zero.json":    "",
		"blank.json":   " \n\t\r\n",
		"bom.json":     "\xEF\xBB\xBF\n",
	})
	path := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name   string
		inputs []Input
		media  string // expected reason for media
	}{
		{"empty media", []Input{
			{EngineInsight, path("insight.json")}, {EngineMedia, path("media.json")}, {EngineQuery, path("query.json")},
		}, "empty paragraphs"},
		{"missing media", []Input{
			{EngineInsight, path("insight.json")}, {EngineMedia, path("absent.json")}, {EngineQuery, path("query.json")},
		}, "file not found"},
		{"0-byte media", []Input{
			{EngineInsight, path("insight.json")}, {EngineMedia, path("zero.json")}, {EngineQuery, path("query.json")},
		}, "empty file"},
		{"white space media", []Input{
			{EngineInsight, path("insight.json")}, {EngineMedia, path("blank.json")}, {EngineQuery, path("query.json")},
		}, "empty file"},
		{"byte order mark media", []Input{
			{EngineInsight, path("insight.json")}, {EngineMedia, path("bom.json")}, {EngineQuery, path("query.json")},
		}, "empty file"},
	}
	for _, tt := range tests {
		l, err := Load(tt.inputs, LoadOptions{})
		if err != nil {
			t.Errorf("%s: Load: %v", tt.name, err)
			continue
		}
		if len(l.States) != 2 || l.States[0].Engine != EngineQuery || l.States[1].Engine != EngineInsight {
			t.Errorf("%s: States = %s, want query,insight", tt.name, engineList(l.States))
		}
		for _, st := range l.States {
			if len(st.Paragraphs) != 2 || st.RecordCount() != 2 {
				t.Errorf("%s: %s has %d paragraphs, %d records; want 2, 2", tt.name, st.Engine, len(st.Paragraphs), st.RecordCount())
			}
		}
		mediaPath := tt.inputs[1].Path
		wantU := Unavailable{Engine: EngineMedia, Path: mediaPath, Reason: tt.media}
		if len(l.Unavailable) != 1 || l.Unavailable[0] != wantU {
			t.Errorf("%s: Unavailable = %+v, want [%+v]", tt.name, l.Unavailable, wantU)
		}
		wantW := Warning{Engine: EngineMedia, Path: mediaPath, Msg: tt.media}
		if len(l.Warnings) != 1 || l.Warnings[0] != wantW {
			t.Errorf("%s: Warnings = %+v, want [%+v]", tt.name, l.Warnings, wantW)
		}
		if topic := l.Topic(); topic != "某地暴雨" {
			t.Errorf("%s: Topic = %q", tt.name, topic)
		}
		if s := wantW.String(); !strings.Contains(s, "media") || !strings.Contains(s, mediaPath) || !strings.Contains(s, tt.media) {
			t.Errorf("%s: warning %q does not name the engine, path and reason", tt.name, s)
		}
	}
}

// B14: an empty file is left out like a missing one, but a non-empty file
// that is not JSON still stops Load, and empty files alone are no engines.
func TestLoadEmptyFile(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"query.json":   twoParagraphs("q"),
		"insight.json": twoParagraphs("q"),
		"empty.json":   "",
		"blank.json":   "\n\n  \n",
		"junk.json":    "x",
		"cut.json":     "{",
	})
	path := func(name string) string { return filepath.Join(dir, name) }

	l, err := Load([]Input{{EngineQuery, path("query.json")}, {EngineMedia, path("empty.json")}, {EngineInsight, path("insight.json")}}, LoadOptions{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(l.States) != 2 || l.States[0].Engine != EngineQuery || l.States[1].Engine != EngineInsight {
		t.Errorf("States = %s, want query,insight", engineList(l.States))
	}
	wantU := []Unavailable{{Engine: EngineMedia, Path: path("empty.json"), Reason: ReasonEmptyFile}}
	if len(l.Unavailable) != 1 || l.Unavailable[0] != wantU[0] {
		t.Errorf("Unavailable = %+v, want %+v", l.Unavailable, wantU)
	}
	if len(l.Warnings) != 1 || l.Warnings[0].String() != "media engine ("+path("empty.json")+"): empty file" {
		t.Errorf("Warnings = %v, want the media engine's empty file", l.Warnings)
	}

	for _, name := range []string{"junk.json", "cut.json"} {
		l, err := Load([]Input{{EngineQuery, path("query.json")}, {EngineMedia, path(name)}}, LoadOptions{})
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Load = %+v, %v; want a *ParseError", name, l, err)
			continue
		}
		if pe.Empty || pe.Path != path(name) {
			t.Errorf("%s: ParseError Empty %v, Path %q; want false, %q", name, pe.Empty, pe.Path, path(name))
		}
	}

	_, err = Load([]Input{{EngineMedia, path("empty.json")}, {EngineQuery, path("blank.json")}}, LoadOptions{})
	if !errors.Is(err, ErrNoEngines) {
		t.Fatalf("only empty files: Load = %v, want ErrNoEngines", err)
	}
	for _, s := range []string{path("empty.json"), path("blank.json"), ReasonEmptyFile} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("message %q does not name %s", err, s)
		}
	}
}

func TestLoadNoEngines(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"media.json": `{"query":"某地暴雨","paragraphs":[]}`,
	})
	media, query := filepath.Join(dir, "media.json"), filepath.Join(dir, "gone.json")
	tests := []struct {
		name   string
		inputs []Input
		names  []string // what the message must name
	}{
		{"empty and missing", []Input{{EngineMedia, media}, {EngineQuery, query}}, []string{media, query}},
		{"no inputs", nil, nil},
	}
	for _, tt := range tests {
		l, err := Load(tt.inputs, LoadOptions{})
		if !errors.Is(err, ErrNoEngines) {
			t.Errorf("%s: Load = %+v, %v; want ErrNoEngines", tt.name, l, err)
			continue
		}
		if l != nil {
			t.Errorf("%s: Loaded %+v returned with the error", tt.name, l)
		}
		for _, n := range tt.names {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("%s: message %q does not name %s", tt.name, err, n)
			}
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := writeStates(t, map[string]string{
		"query.json":   twoParagraphs("q"),
		"media.json":   twoParagraphs("q"),
		"bad.json":     `{"query":"q","paragraphs":"x"}`,
		"broken.json":  "{\"query\":\n",
		"insight.json": twoParagraphs("q"),
	})
	path := func(name string) string { return filepath.Join(dir, name) }
	if err := os.Mkdir(path("folder"), 0o755); err != nil {
		t.Fatal(err)
	}

	t.Run("duplicate engine", func(t *testing.T) {
		_, err := Load([]Input{{EngineMedia, path("media.json")}, {EngineQuery, path("query.json")}, {EngineMedia, path("insight.json")}}, LoadOptions{})
		if !errors.Is(err, ErrDuplicateEngine) {
			t.Fatalf("Load = %v, want ErrDuplicateEngine", err)
		}
		if msg := err.Error(); !strings.Contains(msg, path("media.json")) || !strings.Contains(msg, path("insight.json")) {
			t.Errorf("message %q does not name both paths", msg)
		}
	})
	t.Run("one file for two engines", func(t *testing.T) {
		// the same file by two names: with a "." step (a name every
		// system accepts, and filepath.Clean would remove) and, where the
		// working folder and the temporary one share a root, relative
		other := []string{dir + string(filepath.Separator) + "." + string(filepath.Separator) + "query.json"}
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, path("query.json")); err == nil {
				other = append(other, rel)
			}
		}
		for _, name := range other {
			_, err := Load([]Input{{EngineQuery, path("query.json")}, {EngineMedia, name}, {EngineInsight, path("insight.json")}}, LoadOptions{})
			if !errors.Is(err, ErrDuplicateFile) {
				t.Fatalf("Load with %s = %v, want ErrDuplicateFile", name, err)
			}
			if msg := err.Error(); !strings.Contains(msg, "query") || !strings.Contains(msg, "media") || !strings.Contains(msg, name) {
				t.Errorf("message %q does not name both engines and the file", msg)
			}
		}
	})
	t.Run("duplicate of a missing file", func(t *testing.T) {
		_, err := Load([]Input{{EngineQuery, path("a.json")}, {EngineQuery, path("b.json")}}, LoadOptions{})
		if !errors.Is(err, ErrDuplicateEngine) {
			t.Errorf("Load = %v, want ErrDuplicateEngine", err)
		}
	})
	t.Run("unknown engine", func(t *testing.T) {
		_, err := Load([]Input{{EngineQuery, path("query.json")}, {"host", path("media.json")}}, LoadOptions{})
		if !errors.Is(err, ErrUnknownEngine) {
			t.Errorf("Load = %v, want ErrUnknownEngine", err)
		}
	})
	t.Run("wrong type is not skipped", func(t *testing.T) {
		l, err := Load([]Input{{EngineQuery, path("query.json")}, {EngineInsight, path("bad.json")}}, LoadOptions{})
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Load = %+v, %v; want a *ParseError", l, err)
		}
		if pe.Path != path("bad.json") || pe.JSONPath != "paragraphs" {
			t.Errorf("ParseError Path %q, JSONPath %q; want %q, paragraphs", pe.Path, pe.JSONPath, path("bad.json"))
		}
	})
	t.Run("syntax error is not skipped", func(t *testing.T) {
		_, err := Load([]Input{{EngineMedia, path("broken.json")}, {EngineQuery, path("query.json")}}, LoadOptions{})
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Load = %v; want a *ParseError", err)
		}
		// "{\"query\":\n" ends after the newline: the last character is
		// the newline at line 1, column 10.
		if pe.Path != path("broken.json") || pe.Line != 1 || pe.Column != 10 {
			t.Errorf("ParseError Path %q, Line %d, Column %d; want %q, 1, 10", pe.Path, pe.Line, pe.Column, path("broken.json"))
		}
	})
	t.Run("unreadable path is an error", func(t *testing.T) {
		_, err := Load([]Input{{EngineQuery, path("query.json")}, {EngineMedia, path("folder")}}, LoadOptions{})
		if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrNoEngines) {
			t.Fatalf("Load = %v; want the read error", err)
		}
		if !strings.Contains(err.Error(), path("folder")) {
			t.Errorf("message %q does not name the path", err)
		}
	})
	t.Run("canonical order", func(t *testing.T) {
		l, err := Load([]Input{{EngineInsight, path("insight.json")}, {EngineMedia, path("media.json")}, {EngineQuery, path("query.json")}}, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := engineList(l.States); got != "query,media,insight" {
			t.Errorf("States = %s, want query,media,insight", got)
		}
		if l.States[0].Path != path("query.json") || l.States[2].Path != path("insight.json") {
			t.Errorf("paths not kept with their engines: %q, %q", l.States[0].Path, l.States[2].Path)
		}
	})
}

// B13: differing queries are an error unless allowed; Topic picks the most
// common one, ties to the first engine in canonical order.
func TestLoadMixedQueries(t *testing.T) {
	tests := []struct {
		name                  string
		query, media, insight string // "-" for no file
		mixed                 bool
		topic                 string
	}{
		{"same", "某地暴雨", "某地暴雨", "某地暴雨", false, "某地暴雨"},
		{"white space and case", "Tesla 降价", " tesla 降价\n", "TESLA 降价", false, "Tesla 降价"},
		{"folding beyond ASCII", "ΣΊΣΥΦΟΣ", "σίσυφος", "-", false, "ΣΊΣΥΦΟΣ"},
		{"one rephrased (contains)", "武汉大学", "武汉大学舆情", "武汉大学", false, "武汉大学"},
		{"one differs", "武汉大学", "高校毕业生就业率", "武汉大学", true, "武汉大学"},
		{"majority not first", "A", "B", "b", true, "B"},
		{"all differ", "C", "B", "A", true, "C"},
		{"tie", "-", "B", "A", true, "B"},
		{"empty query does not vote", "", "某地暴雨", "某地暴雨", false, "某地暴雨"},
	}
	for _, tt := range tests {
		files := map[string]string{}
		var inputs []Input
		// Given in reverse order: Load sorts them.
		for _, f := range []struct {
			e Engine
			q string
		}{{EngineInsight, tt.insight}, {EngineMedia, tt.media}, {EngineQuery, tt.query}} {
			if f.q == "-" {
				continue
			}
			name := string(f.e) + ".json"
			files[name] = `{"query":` + jsonString(f.q) + `,"paragraphs":[{"title":"x"}]}`
			inputs = append(inputs, Input{Engine: f.e, Path: name})
		}
		dir := writeStates(t, files)
		for i := range inputs {
			inputs[i].Path = filepath.Join(dir, inputs[i].Path)
		}

		l, err := Load(inputs, LoadOptions{})
		var mq *MixedQueriesError
		if tt.mixed {
			if !errors.As(err, &mq) || !errors.Is(err, ErrMixedQueries) {
				t.Errorf("%s: Load = %v, want a *MixedQueriesError", tt.name, err)
			} else if len(mq.Queries) != len(inputs) || mq.Queries[0].Engine.Rank() > mq.Queries[len(mq.Queries)-1].Engine.Rank() {
				t.Errorf("%s: Queries = %+v, want one per state in canonical order", tt.name, mq.Queries)
			}
		} else {
			if err != nil {
				t.Errorf("%s: Load: %v", tt.name, err)
			} else if topic := l.Topic(); topic != tt.topic {
				t.Errorf("%s: Topic = %q, want %q", tt.name, topic, tt.topic)
			}
		}

		l, err = Load(inputs, LoadOptions{AllowMixedQueries: true})
		if err != nil {
			t.Errorf("%s: Load with AllowMixedQueries: %v", tt.name, err)
			continue
		}
		if topic := l.Topic(); topic != tt.topic {
			t.Errorf("%s: Topic = %q, want %q", tt.name, topic, tt.topic)
		}
	}
}

func TestLoadEmptyQueryWarns(t *testing.T) {
	dir := writeStates(t, map[string]string{"q.json": `{"paragraphs":[{}]}`})
	in := Input{Engine: EngineQuery, Path: filepath.Join(dir, "q.json")}
	l, err := Load([]Input{in}, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := Warning{Engine: EngineQuery, Path: in.Path, Msg: "empty query"}
	if len(l.Warnings) != 1 || l.Warnings[0] != want {
		t.Errorf("Warnings = %+v, want [%+v]", l.Warnings, want)
	}
	if len(l.Unavailable) != 0 || len(l.States) != 1 {
		t.Errorf("Unavailable %+v, %d states; want none, 1", l.Unavailable, len(l.States))
	}
	if topic := l.Topic(); topic != "" {
		t.Errorf("Topic = %q, want empty", topic)
	}
}

func jsonString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}
