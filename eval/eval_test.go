package eval

import (
	"context"
	"errors"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
)

func TestStates(t *testing.T) {
	for _, c := range []struct {
		text string
		alts []string
		want bool
	}{
		{"李明选择了写字楼商圈。", []string{"写字楼商圈"}, true},
		{"会员活动“充五百送五十”很受欢迎", []string{"充五百送五十"}, true},                // quotes ignored
		{"Agent  Alex\nMercer leads", []string{"alex mercer"}, true},  // case and spaces ignored
		{"ＡＬＥＸ　ＭＥＲＣＥＲ", []string{"Alex Mercer"}, true},                // full width folded
		{"Operation Dulce began", []string{"Operation: Dulce"}, true}, // punctuation ignored
		{"月租一万五千元", []string{"两万", "2万"}, false},
		{"涨幅 15%", []string{"1.5%"}, false},  // "." between digits kept
		{"占比 420 人", []string{"42%"}, false}, // "%" kept
		{"占比 42%", []string{"42%"}, true},
		{"首月 1.5万 元", []string{"1.5万"}, true},
		{"", []string{"x"}, false},
		{"anything", []string{"。"}, false}, // an empty phrase states nothing
	} {
		if got := States(c.text, c.alts); got != c.want {
			t.Errorf("States(%q, %q) = %v, want %v", c.text, c.alts, got, c.want)
		}
	}
}

func TestStripCitations(t *testing.T) {
	got := StripCitations("拿铁二十八元 [Data: Entities (14, 22); Sources (3)]。美式【Data：Reports (2)】")
	if Contains(got, "14") || Contains(got, "Sources") || Contains(got, "Reports") || !Contains(got, "拿铁二十八元") || !Contains(got, "美式") {
		t.Errorf("StripCitations = %q", got)
	}
	// An assertion is not met by a citation id.
	v := judge(Question{Text: "q", Assertions: [][]string{{"14"}}}, &Answer{Response: "见 [Data: Entities (14)]"}, newRecordIndex(nil), 0)
	if v.AssertionsMet != 0 {
		t.Error("a citation id met an assertion")
	}
}

func TestPercentile(t *testing.T) {
	xs := []float64{15, 20, 35, 40, 50}
	// nearest rank, computed by hand: p30 → rank ⌈1.5⌉ = 2 → 20; p40 → rank 2 → 20;
	// p50 → rank ⌈2.5⌉ = 3 → 35; p95 → rank ⌈4.75⌉ = 5 → 50; p100 → 50.
	for p, want := range map[float64]float64{30: 20, 40: 20, 50: 35, 95: 50, 100: 50, 1: 15} {
		if got := Percentile(xs, p); got != want {
			t.Errorf("Percentile(%v, %v) = %v, want %v", xs, p, got, want)
		}
	}
	if Percentile(nil, 50) != 0 {
		t.Error("no values")
	}
	// against an independent computation on unsorted input
	ys := []float64{9, 1, 7, 3, 5, 2, 8, 4, 6, 10, 12, 11}
	s := append([]float64(nil), ys...)
	sort.Float64s(s)
	for _, p := range []float64{50, 95} {
		k := 0
		for k < len(s) && float64(k+1)/float64(len(s)) < p/100 { // smallest k with (k+1)/n ≥ p
			k++
		}
		if got := Percentile(ys, p); got != s[k] {
			t.Errorf("Percentile(p%v) = %v, want %v", p, got, s[k])
		}
	}
	if ys[0] != 9 {
		t.Error("Percentile sorted its input")
	}
}

// fakeRecords is a context with entities 0 and 1 and source 7 shown.
func fakeRecords() localsearch.Records {
	return localsearch.Records{
		"entities": {Columns: []string{"id", "entity", "description"}, Rows: [][]string{{"0", "ALPHA", "a"}, {"1", "BETA", "b"}, {"2", "GAMMA", "c"}},
			InContext: []bool{true, true, false}},
		"sources": {Columns: []string{"id", "text"}, Rows: [][]string{{"7", "text"}}},
	}
}

func TestRun(t *testing.T) {
	set := &Set{Path: "s.jsonl", Questions: []Question{
		{Line: 1, Text: "answered well", Assertions: [][]string{{"alpha"}, {"beta", "b2"}}, ExpectRecords: []string{"ALPHA", "n7", "entities:1"}},
		{Line: 2, Text: "answered badly", Assertions: [][]string{{"gamma"}}, ExpectRecords: []string{"GAMMA"}},
		{Line: 3, Text: "refused", Assertions: [][]string{{"alpha"}}},
		{Line: 4, Text: "off-topic refused", OffTopic: true},
		{Line: 5, Text: "off-topic answered", OffTopic: true},
		{Line: 6, Text: "uncited", Assertions: [][]string{{"alpha"}}},
	}}
	m, err := knowledge.New(knowledge.Parts{
		Entities:  []knowledge.Entity{{ID: "e0", ShortID: "0", Title: "ALPHA"}, {ID: "e1", ShortID: "1", Title: "BETA"}, {ID: "e2", ShortID: "2", Title: "GAMMA"}},
		TextUnits: []knowledge.TextUnit{{ID: "u7", ShortID: "7", Text: "text", DocumentID: "n7"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	cite := func(ids ...string) []localsearch.Citation {
		var out []localsearch.Citation
		for _, id := range ids {
			out = append(out, localsearch.Citation{Dataset: "Entities", Table: "entities", ID: id, InContext: id != "9"})
		}
		return out
	}
	answers := map[string]*Answer{
		"answered well":      {Response: "Alpha and Beta. [Data: Entities (0, 1)]", Citations: cite("0", "1"), Records: fakeRecords(), Method: "local"},
		"answered badly":     {Response: "nothing [Data: Entities (9)]", Citations: cite("9"), Records: fakeRecords(), Method: "global"},
		"refused":            {NoMatch: true, Method: "global"},
		"off-topic refused":  {NoMatch: true},
		"off-topic answered": {Response: "alpha [Data: Entities (0)]", Citations: cite("0"), Records: fakeRecords(), Method: "local"},
		"uncited":            {Response: "alpha", Records: fakeRecords()},
	}
	clock := time.Unix(0, 0)
	step := map[string]time.Duration{"answered well": 10, "answered badly": 20, "refused": 30, "off-topic refused": 40, "off-topic answered": 50, "uncited": 60}
	rep, err := Run(context.Background(), set, Config{Model: m, Method: "auto",
		Now: func() time.Time { return clock },
		Search: func(_ context.Context, q string) (*Answer, error) {
			clock = clock.Add(step[q] * time.Millisecond) // the search takes step[q]
			return answers[q], nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Questions
	if v[0].AssertionsMet != 2 || v[0].CitationsValid != 2 || v[0].RecordsFound != 3 || !v[0].Pass() {
		t.Errorf("answered well: %+v", v[0])
	}
	if v[1].AssertionsMet != 0 || v[1].Citations != 1 || v[1].CitationsValid != 0 || len(v[1].Invalid) != 1 || v[1].RecordsFound != 0 || v[1].Pass() {
		t.Errorf("answered badly (GAMMA is a row not in the context): %+v", v[1])
	}
	if !v[2].Refused || v[2].Pass() || v[3].Pass() != true || v[4].Pass() || v[5].Pass() {
		t.Errorf("verdicts %+v", v[2:])
	}
	tot := rep.Totals
	// Local and Global count answers (a refusal is neither): "answered
	// well" and "off-topic answered" locally, "answered badly" globally
	want := Totals{Method: "auto", Local: 2, Global: 1, Questions: 6, Answerable: 4, OffTopic: 2, FalseRefusals: 1,
		Assertions: 5, AssertionsMet: 3, AssertionRecall: 3.0 / 5,
		// led: the three answered answerable questions; "answered well"
		// and "uncited" open (their only paragraph) with an assertion
		Led: 3, LeadMet: 2, LeadRate: 2.0 / 3,
		Citations: 3, CitationsValid: 2, CitationValidity: 2.0 / 3, Uncited: 1,
		ExpectedRecords: 4, RecordsFound: 3, SourceRecall: 3.0 / 4,
		OffTopicRefused: 1, OffTopicRefusal: 0.5, Passed: 2,
		LatencyP50MS: 30, LatencyP95MS: 60}
	if tot != want {
		t.Errorf("totals\n got %+v\nwant %+v", tot, want)
	}
}

// A global search result as eval reads it: a no-data result is a
// refusal, its Reports citations resolve against the batches' reports.
func TestFromGlobal(t *testing.T) {
	res := &globalsearch.Result{Response: "点 [Data: Reports (1, 7)]",
		ContextData: map[string]globalsearch.Table{"reports": {Columns: []string{"id", "title"}, Rows: [][]string{{"1", "T"}}, InContext: []bool{true}}},
		Citations:   []globalsearch.Citation{{Dataset: "Reports", ID: "1", InContext: true}, {Dataset: "Reports", ID: "7"}}}
	a := FromGlobal(res)
	if a.NoMatch || a.Method != "global" || len(a.Citations) != 2 || !a.Citations[0].InContext || a.Citations[1].InContext ||
		a.Citations[0].Table != "reports" || a.Records["reports"].Rows[0][0] != "1" {
		t.Errorf("answer %+v", a)
	}
	v := judge(Question{Text: "q", Assertions: [][]string{{"点"}}, ExpectRecords: []string{"reports:1"}}, a, newRecordIndex(nil), 0)
	if v.AssertionsMet != 1 || v.CitationsValid != 1 || v.Citations != 2 || v.RecordsFound != 1 {
		t.Errorf("verdict %+v", v)
	}
	if nd := FromGlobal(&globalsearch.Result{Response: globalsearch.NoDataAnswer, NoData: true}); !nd.NoMatch || nd.Response != "" {
		t.Errorf("no data: %+v", nd)
	}
}

func TestRunErrors(t *testing.T) {
	set := &Set{Path: "s.jsonl", Questions: []Question{{Line: 4, Text: "q"}}}
	if _, err := Run(context.Background(), set, Config{}); !errors.Is(err, ErrConfig) {
		t.Errorf("no search: %v", err)
	}
	boom := errors.New("boom")
	_, err := Run(context.Background(), set, Config{Search: func(context.Context, string) (*Answer, error) { return nil, boom }})
	if !errors.Is(err, boom) || err.Error() != "eval: s.jsonl:4: boom" {
		t.Errorf("search error: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := false
	if _, err := Run(ctx, set, Config{Search: func(context.Context, string) (*Answer, error) { called = true; return &Answer{}, nil }}); !errors.Is(err, context.Canceled) || called {
		t.Errorf("cancelled: %v, searched %v", err, called)
	}
}

func TestRatioEmpty(t *testing.T) {
	tot := total(nil)
	if tot.AssertionRecall != 1 || tot.CitationValidity != 1 || tot.SourceRecall != 1 || tot.OffTopicRefusal != 1 || math.IsNaN(tot.LatencyP50MS) {
		t.Errorf("empty totals %+v", tot)
	}
}

// Each threshold fails its figure when the figure is on the wrong side of
// it by the least step, and passes it at equality.
func TestTotalsCheck(t *testing.T) {
	ok := Totals{FalseRefusals: 0, AssertionRecall: 0.9, CitationValidity: 1, OffTopicRefusal: 1}
	if got := ok.Check(DefaultThresholds); got != nil {
		t.Fatalf("at the thresholds: %v", got)
	}
	for _, tc := range []struct {
		name string
		mod  func(*Totals)
		want string
	}{
		{"false refusal", func(t *Totals) { t.FalseRefusals = 1 }, "false refusals 1 over 0"},
		{"recall", func(t *Totals) { t.AssertionRecall = 0.8999 }, "assertion recall 0.8999 under 0.9"},
		{"citations", func(t *Totals) { t.CitationValidity = 0.99 }, "citation validity 0.99 under 1"},
		{"off-topic", func(t *Totals) { t.OffTopicRefusal = 0.8 }, "off-topic refusals 0.8 under 1"},
	} {
		tot := ok
		tc.mod(&tot)
		if got := tot.Check(DefaultThresholds); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// thresholds are the caller's: a lower recall floor passes 0.85
	low := DefaultThresholds
	low.MinRecall = 0.85
	if got := (Totals{AssertionRecall: 0.85, CitationValidity: 1, OffTopicRefusal: 1}).Check(low); got != nil {
		t.Errorf("recall floor 0.85: %v", got)
	}
}

// Contains is States for one phrase.
func Contains(text, phrase string) bool {
	fp := fold(phrase)
	return fp != "" && strings.Contains(fold(text), fp)
}
