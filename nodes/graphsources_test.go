package nodes

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
)

// TestGraphSourcesLookup: a chapter link to a graph source is found
// through the graph's URL map (first source node with that URL), not
// through a copy of every source.
func TestGraphSourcesLookup(t *testing.T) {
	g := graphrag.New()
	for _, n := range []*graphrag.Node{
		{ID: "S1", Type: graphrag.TypeSource, Name: "one", Attrs: graphrag.Attributes{{Key: "url", Value: "https://a.example/1"}}},
		{ID: "S2", Type: graphrag.TypeSource, Name: "two", Attrs: graphrag.Attributes{{Key: "url", Value: "https://a.example/2"},
			{Key: "title", Value: "Two"}, {Key: "engines", Value: []string{"media"}}}},
		{ID: "S2b", Type: graphrag.TypeSource, Name: "dup", Attrs: graphrag.Attributes{{Key: "url", Value: "https://a.example/2"}}},
		{ID: "Q", Type: graphrag.TypeSearchQuery, Name: "q", Attrs: graphrag.Attributes{{Key: "url", Value: "https://a.example/q"}}},
	} {
		if err := g.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	gs := graphSources{g: g}
	if got, ok := gs.byURL("https://a.example/2"); !ok || got.ID != "S2" || got.Title != "Two" || !cmp.Equal(got.Engines, []string{"media"}) {
		t.Errorf("byURL = %+v, %v; want S2 (the first with that URL) titled Two", got, ok)
	}
	if _, ok := gs.byURL("https://a.example/q"); ok {
		t.Error("a search query node was taken for a source")
	}
	if got, ok := gs.byURL("https://a.example/1"); !ok || got.Title != "one" {
		t.Errorf("byURL(…/1) = %+v, %v; want the name as title", got, ok)
	}
}
