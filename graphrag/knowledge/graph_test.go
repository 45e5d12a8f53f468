package knowledge

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/internal/fixture"
	"reportengine/text"
)

func bettafishGraph(t testing.TB) *graphrag.Graph {
	return fixture.Graph(t, fixture.BettaFish(t), builder.Config{ReportID: "test"})
}

func coffeeGraph(t testing.TB) *graphrag.Graph {
	return fixture.Graph(t, fixture.Coffee(t), builder.Config{ReportID: "test"})
}

func TestFromGraph(t *testing.T) {
	for _, c := range []struct {
		name  string
		graph func(testing.TB) *graphrag.Graph
	}{{"bettafish", bettafishGraph}, {"coffee-shop", coffeeGraph}} {
		t.Run(c.name, func(t *testing.T) {
			g := c.graph(t)
			m, err := FromGraph(context.Background(), g, GraphOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkGraphModel(t, g, m)
			again, err := FromGraph(context.Background(), g, GraphOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m, again) {
				t.Error("two loads of one graph differ")
			}
			t.Log(m.Stats().Lines())
		})
	}
}

func checkGraphModel(t *testing.T, g *graphrag.Graph, m *Model) {
	t.Helper()
	nodes := make([]graphrag.Node, g.NodeCount())
	for v := range nodes {
		nodes[v] = g.NodeAt(v)
	}
	edges := make([]graphrag.Edge, g.EdgeCount())
	for i := range edges {
		edges[i] = g.EdgeAt(i)
	}
	ents := m.Entities()
	if len(ents) != len(nodes) {
		t.Fatalf("%d entities for %d nodes", len(ents), len(nodes))
	}
	degree := map[string]int{}
	for _, e := range edges {
		degree[e.From]++
		degree[e.To]++
	}
	titles := map[string]string{} // title → node id
	for i, n := range nodes {
		e := ents[i]
		if e.ID != n.ID || e.ShortID != strconv.Itoa(i) || e.Type != string(n.Type) {
			t.Errorf("entity %d: %q/%q/%q for node %q", i, e.ID, e.ShortID, e.Type, n.ID)
		}
		if e.Title != n.Name && e.Title != n.Name+" ["+n.ID+"]" {
			t.Errorf("entity %s: title %q, node name %q", n.ID, e.Title, n.Name)
		}
		if prev, dup := titles[e.Title]; dup {
			t.Errorf("title %q used by %s and %s", e.Title, prev, n.ID)
		}
		titles[e.Title] = n.ID
		if e.Rank != degree[n.ID] || !e.HasRank {
			t.Errorf("entity %s: rank %d, degree %d", n.ID, e.Rank, degree[n.ID])
		}
		if e.Description == "" {
			t.Errorf("entity %s (%s) has no description", n.ID, n.Type)
		}
		if len(e.CommunityIDs) == 0 || e.CommunityIDs[0] != "0" {
			t.Errorf("entity %s: communities %v, want the topic community 0 first", n.ID, e.CommunityIDs)
		}
	}
	rels := m.Relationships()
	if len(rels) != len(edges) {
		t.Fatalf("%d relationships for %d edges", len(rels), len(edges))
	}
	for i, e := range edges {
		r := rels[i]
		if titles[r.Source] != e.From || titles[r.Target] != e.To || r.Description == "" {
			t.Errorf("relationship %d: %q → %q for edge %s → %s", i, r.Source, r.Target, e.From, e.To)
		}
		if r.Rank != degree[e.From]+degree[e.To] {
			t.Errorf("relationship %d: rank %d, combined degree %d", i, r.Rank, degree[e.From]+degree[e.To])
		}
	}
	// both fixture topics are Chinese: so are the words FromGraph adds
	if strings.Contains(m.Reports()[0].FullContent, "researched by") || !strings.Contains(m.Reports()[0].FullContent, "个引擎研究") {
		t.Errorf("topic report not in the topic's language:\n%s", m.Reports()[0].FullContent)
	}
	for _, r := range m.Relationships() {
		if strings.Contains(r.Description, "the ") {
			t.Errorf("relationship %s described in English: %s", r.ShortID, r.Description)
			break
		}
	}
	// reports: the topic report, then one per engine final_report
	var finals []string
	for _, n := range nodes {
		if n.Type == graphrag.TypeEngine && strings.TrimSpace(n.Attrs.String("final_report")) != "" {
			finals = append(finals, strings.TrimSpace(n.Attrs.String("final_report")))
		}
	}
	reps := m.Reports()
	if len(reps) != 1+len(finals) || len(finals) == 0 {
		t.Fatalf("%d reports, %d final reports", len(reps), len(finals))
	}
	for i, f := range finals {
		if reps[i+1].ShortID != strconv.Itoa(i+1) {
			t.Errorf("report %d has short id %s", i+1, reps[i+1].ShortID)
		}
		// a final report cut off mid-sentence (the fixture's media report
		// stops at "影响最为深远的") is written from its sections' summaries
		if r, _ := utf8.DecodeLastRuneInString(f); unicode.IsLetter(r) {
			if reps[i+1].FullContent == f || !strings.Contains(reps[i+1].FullContent, "图书馆事件") {
				t.Errorf("report %d holds the cut final report %d, not its sections:\n%s", i+1, i, reps[i+1].FullContent)
			}
			continue
		}
		if reps[i+1].FullContent != f {
			t.Errorf("report %d does not hold engine final report %d", i+1, i)
		}
	}
	// an engine community holds the sources its searches found
	comm := map[string]map[string]bool{} // entity id → community ids
	for _, e := range ents {
		comm[e.ID] = map[string]bool{}
		for _, c := range e.CommunityIDs {
			comm[e.ID][c] = true
		}
	}
	engineComm := map[string]string{}
	for i, n := range nodes {
		if n.Type == graphrag.TypeEngine && len(ents[i].CommunityIDs) > 1 {
			engineComm[n.ID] = ents[i].CommunityIDs[1]
		}
	}
	for _, n := range nodes {
		if n.Type != graphrag.TypeSource {
			continue
		}
		for _, eng := range n.Attrs.Strings("engines") {
			if c, ok := engineComm[eng]; ok && !comm[n.ID][c] {
				t.Errorf("source %s found by %s is not in community %s", n.ID, eng, c)
			}
		}
	}
	// text units: sources' full content, with the passages their search
	// records add, survives the cut into units
	units := m.TextUnits()
	byDoc := map[string][]TextUnit{}
	for i, u := range units {
		if u.ShortID != strconv.Itoa(i) || utf8.RuneCountInString(u.Text) > DefaultTextUnitRunes {
			t.Errorf("unit %d: short id %q, %d runes", i, u.ShortID, utf8.RuneCountInString(u.Text))
		}
		byDoc[u.DocumentID] = append(byDoc[u.DocumentID], u)
	}
	squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
	for _, n := range nodes {
		if n.Type != graphrag.TypeSource || strings.TrimSpace(n.Attrs.String("content")) == "" {
			continue
		}
		var got strings.Builder
		for _, u := range byDoc[n.ID] {
			got.WriteString(u.Text)
			if u.EntityIDs[0] != n.ID {
				t.Errorf("unit %s is not linked to its source %s first", u.ID, n.ID)
			}
		}
		// its content, then each passage of its records not held so far
		want := n.Attrs.String("content")
		for _, e := range edges {
			if e.To != n.ID || e.Relation != graphrag.RelFound {
				continue
			}
			recs, _ := e.Attrs.Get("records")
			list, _ := recs.([]any)
			for _, r := range list {
				c, _ := r.(graphrag.Attributes).Get("content")
				if p, _ := c.(string); strings.TrimSpace(p) != "" && !strings.Contains(want, strings.TrimSpace(p)) {
					want += strings.TrimSpace(p)
				}
			}
		}
		if squash(got.String()) != squash(want) {
			t.Errorf("source %s: units do not add up to its content and its records' passages", n.ID)
		}
	}
	// mentions (Chinese, no spaces): every unit containing a section title
	// lists that section, found here by plain substring search
	linked := 0
	for _, u := range units {
		in := map[string]bool{}
		for _, id := range u.EntityIDs {
			in[id] = true
		}
		for i, n := range nodes {
			if n.Type != graphrag.TypeSection || utf8.RuneCountInString(ents[i].Title) < 2 || !text.IsCJKText(ents[i].Title) {
				continue
			}
			if strings.Contains(strings.ToLower(u.Text), strings.ToLower(ents[i].Title)) {
				if !in[n.ID] {
					t.Errorf("unit %s mentions %q but does not list %s", u.ID, ents[i].Title, n.ID)
				}
				if u.DocumentID != n.ID {
					linked++
				}
			}
		}
	}
	t.Logf("%d units, %d mention links to sections from other texts", len(units), linked)
	// each entity's text units exist; relationships' units hold both ends
	ids := map[string]TextUnit{}
	for _, u := range units {
		ids[u.ID] = u
	}
	for _, e := range ents {
		for _, id := range e.TextUnitIDs {
			u, ok := ids[id]
			if !ok || !slicesContains(u.EntityIDs, e.ID) {
				t.Errorf("entity %s lists unit %s, which does not list it", e.ID, id)
			}
		}
	}
	for i, r := range rels {
		for _, id := range r.TextUnitIDs {
			u := ids[id]
			if !slicesContains(u.EntityIDs, edges[i].From) || !slicesContains(u.EntityIDs, edges[i].To) || !slicesContains(u.RelationshipIDs, r.ID) {
				t.Errorf("relationship %s lists unit %s without both ends", r.ID, id)
			}
		}
	}
	if _, ok := m.Covariates()["claims"]; ok {
		t.Error("our graphs hold no claims: no claims key")
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The text units are cut and matched on all cores: the model must be the
// one a single core builds (the sequential run is the oracle), units,
// their entities and relationships in the same order.
func TestFromGraphSameOnAnyCores(t *testing.T) {
	g := bettafishGraph(t)
	prev := runtime.GOMAXPROCS(1)
	one, err := FromGraph(context.Background(), g, GraphOptions{})
	runtime.GOMAXPROCS(4)
	many, err2 := FromGraph(context.Background(), g, GraphOptions{})
	runtime.GOMAXPROCS(prev)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if len(one.TextUnits()) < 100 {
		t.Fatalf("%d text units: the fixture should give hundreds", len(one.TextUnits()))
	}
	if !reflect.DeepEqual(one.TextUnits(), many.TextUnits()) || !reflect.DeepEqual(one.Entities(), many.Entities()) ||
		!reflect.DeepEqual(one.Relationships(), many.Relationships()) {
		t.Error("the model built on 4 cores differs from the one built on 1")
	}
}

// countdownCtx is a context whose Err is nil for its first n calls and
// context.Canceled from then on, so a test can end the context at each
// point where the code looks at it.
type countdownCtx struct {
	context.Context
	n, calls atomic.Int64
}

func (c *countdownCtx) Err() error {
	if c.calls.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// FromGraph looks at its context in every loop and, whichever check sees
// it ended, returns the context's error and no model (never a model cut
// short); with the context alive throughout it returns the same model as
// with context.Background.
func TestFromGraphStopsWhenCancelled(t *testing.T) {
	g := bettafishGraph(t)
	want, err := FromGraph(context.Background(), g, GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	probe := &countdownCtx{Context: context.Background()}
	probe.n.Store(1 << 40)
	if _, err := FromGraph(probe, g, GraphOptions{}); err != nil {
		t.Fatal(err)
	}
	checks := probe.calls.Load()
	if checks < 8 {
		t.Fatalf("FromGraph looked at its context %d times; want one per loop at least", checks)
	}
	for n := int64(0); n < checks; n++ {
		ctx := &countdownCtx{Context: context.Background()}
		ctx.n.Store(n)
		m, err := FromGraph(ctx, g, GraphOptions{})
		if !errors.Is(err, context.Canceled) || m != nil {
			t.Fatalf("context ended at check %d of %d: model %v, error %v; want no model and context.Canceled", n+1, checks, m != nil, err)
		}
	}
	ctx := &countdownCtx{Context: context.Background()}
	ctx.n.Store(checks)
	got, err := FromGraph(ctx, g, GraphOptions{})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("context alive throughout: error %v, same model %v", err, reflect.DeepEqual(got, want))
	}
}
