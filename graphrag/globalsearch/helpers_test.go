package globalsearch

import (
	"context"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag/builder"
	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
)

// runeTokenizer counts one token per rune, so budgets can be worked out by
// hand.
type runeTokenizer struct{}

func (runeTokenizer) Count(s string) int { return utf8.RuneCountInString(s) }

// dulceModel loads the Dulce index at the default community level.
func dulceModel(t testing.TB) *knowledge.Model {
	t.Helper()
	m, err := knowledge.FromParquet(fixture.Dulce(t), knowledge.ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// graphModel builds one of our fixture graphs as build-graph does and maps
// it with knowledge.FromGraph.
func graphModel(t testing.TB, run fixture.Run) *knowledge.Model {
	t.Helper()
	g := fixture.Graph(t, run, builder.Config{ReportID: "test"})
	m, err := knowledge.FromGraph(context.Background(), g, knowledge.GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func bettafishModel(t testing.TB) *knowledge.Model { return graphModel(t, fixture.BettaFish(t)) }

func coffeeModel(t testing.TB) *knowledge.Model { return graphModel(t, fixture.Coffee(t)) }

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

// UnknownCitations returns the citations that name no report of the
// batches.
func (r *Result) UnknownCitations() []Citation {
	var out []Citation
	for _, c := range r.Citations {
		if !c.InContext {
			out = append(out, c)
		}
	}
	return out
}
