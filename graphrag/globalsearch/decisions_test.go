package globalsearch

import (
	"testing"

	"reportengine/graphrag/knowledge"
)

// A point whose formatted text fills the reduce budget exactly is kept;
// one token less and it is not (packPoints: used + n > budget stops).
func TestPackPointsBudgetInclusive(t *testing.T) {
	e, err := NewEngine(mustBuilder(t), EngineConfig{Tokenizer: runeTokenizer{}})
	if err != nil {
		t.Fatal(err)
	}
	pts := []RankedPoint{{Point: Point{"aaaa", 90}}, {Point: Point{"bb", 80}, Batch: 1}}
	one := len([]rune(formatPoint(pts[0])))
	two := one + len([]rune(formatPoint(pts[1])))
	for _, tc := range []struct{ budget, kept int }{{one - 1, 0}, {one, 1}, {two - 1, 1}, {two, 2}} {
		if kept, _ := e.packPoints(pts, tc.budget); len(kept) != tc.kept {
			t.Errorf("budget %d: kept %d, want %d", tc.budget, len(kept), tc.kept)
		}
	}
}

// routeModel is a knowledge whose text units use every word the router
// tests ask about twice, none of them more than two of the words, and
// whose one community report holds them all: the router's first rules
// (terms held only in passing, or by no report: local) and the text units'
// coverage never decide, the entities chosen per test do.
func routeModel(t *testing.T, ents ...knowledge.Entity) *Router {
	t.Helper()
	const market = "bob acme sells apples pears plums quinces at the market"
	units := []knowledge.TextUnit{{ID: "u0", Text: "apples and pears; apples, pears."}, {ID: "u1", Text: "plums and quinces; plums, quinces."},
		{ID: "u2", Text: "bob and acme sells; bob, acme sells."}}
	m, err := knowledge.New(knowledge.Parts{Entities: ents, TextUnits: units, Reports: []knowledge.CommunityReport{{ID: "r0", ShortID: "0", CommunityID: "0", Title: "Market",
		FullContent: market, Rank: 1, HasRank: true}}})
	if err != nil {
		t.Fatal(err)
	}
	return NewRouter(m)
}

// Each case fails when the rule it names is changed: a title without Han
// characters names an entity from 4 characters on, as a whole word; an
// entity covers a question when it holds at least CoverShare (3/4) of the
// content terms, rounded up; topic and engine entities never make a
// question local.
func TestRouteEntityRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		ents []knowledge.Entity
		q    string
		want Method
	}{
		{"3-letter title does not name", []knowledge.Entity{{ID: "b", Title: "Bob", Type: "person", Description: "a trader"}},
			"Bob sells apples, pears and plums?", MethodGlobal},
		{"4-letter title names", []knowledge.Entity{{ID: "b", Title: "Acme", Type: "organization", Description: "a trader"}},
			"Acme sells apples, pears and plums?", MethodLocal},
		{"2 of 3 terms is under 3/4", []knowledge.Entity{{ID: "s", Title: "Stall", Type: "place", Description: "apples and pears"}},
			"apples pears plums?", MethodGlobal},
		{"3 of 4 terms is 3/4", []knowledge.Entity{{ID: "s", Title: "Stall", Type: "place", Description: "apples, pears and plums"}},
			"apples pears plums quinces?", MethodLocal},
		{"a topic named is no subject", []knowledge.Entity{{ID: "t", Title: "Acme", Type: "topic", Description: "apples pears plums"}},
			"Acme sells apples, pears and plums?", MethodGlobal},
		{"an engine covering is no subject", []knowledge.Entity{{ID: "e", Title: "query", Type: "engine", Description: "apples pears plums quinces"}},
			"apples pears plums quinces?", MethodGlobal},
	} {
		got := routeModel(t, tc.ents...).Route(tc.q)
		if got.Method != tc.want {
			t.Errorf("%s: %q routed %+v, want %s", tc.name, tc.q, got, tc.want)
		}
	}
}

// A broad question whose framing words no report holds (近期, 态势) is
// still answered from the reports that hold its other terms: with the
// unheld terms weighed (dropUnheld removed) every report falls under
// MinCoverage and the answer is the no-data one. A broad question none of
// whose terms any report holds still yields nothing.
func TestBroadUnheldTermsDropped(t *testing.T) {
	e := offlineEngine(t, bettafishModel(t))
	res, err := e.Search(t.Context(), Query{Text: "武汉大学近期舆情的总体态势怎么样？"})
	if err != nil {
		t.Fatal(err)
	}
	if res.NoData || checkCited(t, res) < 2 {
		t.Fatalf("no_data %v:\n%s", res.NoData, res.Response)
	}
	res, err = e.Search(t.Context(), Query{Text: "火星殖民的总体态势怎么样？"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.NoData {
		t.Errorf("answered a question no report holds:\n%s", res.Response)
	}
}
