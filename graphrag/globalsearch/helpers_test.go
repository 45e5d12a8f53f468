package globalsearch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"reportengine/forum"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/knowledge"
	"reportengine/state"
)

// runeTokenizer counts one token per rune, so budgets can be worked out by
// hand.
type runeTokenizer struct{}

func (runeTokenizer) Count(s string) int { return utf8.RuneCountInString(s) }

const (
	dulceDir     = "../../../shared/fixtures/graphrag-dulce"
	bettafishDir = "../../../shared/fixtures/bettafish"
	coffeeDir    = "../../examples/coffee-shop"
)

// dulceModel loads the Dulce index at the default community level.
func dulceModel(t testing.TB) *knowledge.Model {
	t.Helper()
	if _, err := os.Stat(dulceDir); err != nil {
		t.Skipf("fixture not available: %v", err)
	}
	m, err := knowledge.FromParquet(dulceDir, knowledge.ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// graphModel builds one of our fixture graphs as build-graph does and maps
// it with knowledge.FromGraph.
func graphModel(t testing.TB, dir, topic, stamp string) *knowledge.Model {
	t.Helper()
	var inputs []state.Input
	for _, e := range []string{"query", "media", "insight"} {
		p := filepath.Join(dir, e+"_engine_streamlit_reports", "state_"+topic+"_"+stamp+".json")
		if _, err := os.Stat(p); err != nil {
			t.Skipf("fixtures not available: %v", err)
		}
		in, err := state.ParseArg(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, in)
	}
	loaded, err := state.Load(inputs, state.LoadOptions{AllowMixedQueries: true})
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := forum.ParseFile(filepath.Join(dir, "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := builder.Build(builder.Config{Topic: topic, ReportID: "test", States: loaded.States, Forum: entries, Unavailable: loaded.Unavailable})
	if err != nil {
		t.Fatal(err)
	}
	m, err := knowledge.FromGraph(context.Background(), g, knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func bettafishModel(t testing.TB) *knowledge.Model {
	return graphModel(t, bettafishDir, "武汉大学", "20250825_180214")
}

func coffeeModel(t testing.TB) *knowledge.Model {
	return graphModel(t, coffeeDir, "李明咖啡店", "20241001_100000")
}

func offlineEngine(t testing.TB, m *knowledge.Model) *Engine {
	t.Helper()
	b, err := NewContextBuilder(m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(b, EngineConfig{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}
