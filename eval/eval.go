package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/knowledge"
	"reportengine/graphrag/localsearch"
)

// Answer is what a search returned for one question, as eval reads it.
type Answer struct {
	// Response is the answer text ("" when refused).
	Response string
	// NoMatch: the search refused the question (its relevance gate).
	NoMatch bool
	// Citations are the answer's [Data: …] citations resolved against the
	// context (localsearch.ParseCitations).
	Citations []localsearch.Citation
	// Records are the context records the answer was written from.
	Records localsearch.Records
	// Method is the search method that answered ("local", "global"); ""
	// when the searcher does not say.
	Method string
}

// FromLocal turns a local search result into an Answer.
func FromLocal(r *localsearch.Result) *Answer {
	return &Answer{Response: r.Response, NoMatch: r.NoMatch, Citations: r.Citations, Records: r.ContextData, Method: "local"}
}

// FromGlobal turns a global search result into an Answer: a result with
// no point above 0 (NoData) counts as refused; its citations name reports
// (Dataset "Reports", table "reports") and its records are the batches'
// reports.
func FromGlobal(r *globalsearch.Result) *Answer {
	a := &Answer{Response: r.Response, NoMatch: r.NoData, Method: "global", Records: localsearch.Records{}}
	if r.NoData {
		a.Response = ""
	}
	for name, t := range r.ContextData {
		a.Records[name] = localsearch.Table(t)
	}
	for _, c := range r.Citations {
		lc := localsearch.Citation{Dataset: c.Dataset, ID: c.ID, InContext: c.InContext, Row: -1}
		if c.InContext {
			lc.Table = "reports"
		}
		a.Citations = append(a.Citations, lc)
	}
	return a
}

// SearchFunc answers one question (no history). Its errors stop Run.
type SearchFunc func(ctx context.Context, question string) (*Answer, error)

// Config configures Run.
type Config struct {
	// Search answers the questions (required). Run calls it once per
	// question, one question at a time, so the latencies are not skewed
	// by one another.
	Search SearchFunc
	// Model, when set, lets expect_records name records by the ids of the
	// knowledge model: a shown entity row is known by its entity id
	// (our graphs: the node id; GraphRAG: the UUID) and title, a source
	// row by its text unit id and document id (our graphs: the node whose
	// text it is), a relationship by its id, a report by its id, community
	// and title, a claim by its id. Without it (and always) a row is also
	// known as "<table>:<id>" ("entities:14") and an entity row by its
	// entity column.
	Model *knowledge.Model
	// Now is the clock for latencies; nil = time.Now.
	Now func() time.Time
	// Method is the search method the run was asked for ("local",
	// "global", "auto"), reported in Totals.Method; "" when the caller
	// does not say.
	Method string
}

// ErrConfig is wrapped by configuration errors of Run.
var ErrConfig = errors.New("eval: invalid configuration")

// Verdict is the outcome of one question.
type Verdict struct {
	Line     int    `json:"line"`
	Question string `json:"question"`
	OffTopic bool   `json:"off_topic"`
	Refused  bool   `json:"refused"`
	Method   string `json:"method,omitempty"`
	// Assertions and AssertionsMet count the question's assertions;
	// Unmet lists those the answer does not state.
	Assertions    int        `json:"assertions"`
	AssertionsMet int        `json:"assertions_met"`
	Unmet         [][]string `json:"unmet,omitempty"`
	// LeadMet: the answer's first point (Lead) states one of the
	// question's assertions; false when refused or with no assertion.
	LeadMet bool `json:"lead_met"`
	// Citations and CitationsValid count the answer's citations and those
	// that name a record of the context; Invalid lists the others as
	// "Dataset (id)".
	Citations      int      `json:"citations"`
	CitationsValid int      `json:"citations_valid"`
	Invalid        []string `json:"invalid_citations,omitempty"`
	// ExpectedRecords and RecordsFound count expect_records and those
	// shown in the context; Missing lists the others.
	ExpectedRecords int      `json:"expected_records"`
	RecordsFound    int      `json:"records_found"`
	Missing         []string `json:"missing_records,omitempty"`
	// LatencyMS is the search's wall time in milliseconds.
	LatencyMS float64 `json:"latency_ms"`
}

// Pass reports whether the question came out right: an off-topic one
// refused; an answerable one answered with every assertion met, every
// citation valid, at least one citation and every expected record shown.
func (v Verdict) Pass() bool {
	if v.OffTopic {
		return v.Refused
	}
	return !v.Refused && v.AssertionsMet == v.Assertions && v.CitationsValid == v.Citations &&
		v.Citations > 0 && v.RecordsFound == v.ExpectedRecords
}

// Totals are the figures of a run (see the package doc for each).
type Totals struct {
	// Method is Config.Method: the method asked for ("auto" routes each
	// question); Local and Global count the answered questions each
	// method answered (by Answer.Method).
	Method string `json:"method,omitempty"`
	Local  int    `json:"local_answers"`
	Global int    `json:"global_answers"`

	Questions  int `json:"questions"`
	Answerable int `json:"answerable"`
	OffTopic   int `json:"off_topic"`

	FalseRefusals int `json:"false_refusals"`

	Assertions      int     `json:"assertions"`
	AssertionsMet   int     `json:"assertions_met"`
	AssertionRecall float64 `json:"assertion_recall"`

	// Led counts the answered questions with assertions, LeadMet those
	// whose first point states one (Verdict.LeadMet), LeadRate their
	// ratio: how often the answer opens on point.
	Led      int     `json:"led"`
	LeadMet  int     `json:"lead_met"`
	LeadRate float64 `json:"lead_rate"`

	Citations        int     `json:"citations"`
	CitationsValid   int     `json:"citations_valid"`
	CitationValidity float64 `json:"citation_validity"`
	// Uncited counts answered questions whose answer cites nothing.
	Uncited int `json:"uncited_answers"`

	ExpectedRecords int     `json:"expected_records"`
	RecordsFound    int     `json:"records_found"`
	SourceRecall    float64 `json:"source_recall"`

	OffTopicRefused int     `json:"off_topic_refused"`
	OffTopicRefusal float64 `json:"off_topic_refusal"`

	// Passed counts the questions whose Verdict.Pass holds.
	Passed int `json:"passed"`

	LatencyP50MS float64 `json:"latency_p50_ms"`
	LatencyP95MS float64 `json:"latency_p95_ms"`
}

// Report is a finished run.
type Report struct {
	Set       string    `json:"set"`
	Questions []Verdict `json:"questions"`
	Totals    Totals    `json:"totals"`
}

// Run asks every question of set through cfg.Search, in order, and
// returns the verdicts and totals. Errors: no Search (ErrConfig), the
// context's error when it is cancelled (checked before each question),
// and a search error, wrapped with the set's path and line.
func Run(ctx context.Context, set *Set, cfg Config) (*Report, error) {
	if cfg.Search == nil {
		return nil, fmt.Errorf("%w: Config.Search is required", ErrConfig)
	}
	if set == nil {
		return nil, fmt.Errorf("%w: nil set", ErrConfig)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	idx := newRecordIndex(cfg.Model)
	rep := &Report{Set: set.Path, Questions: make([]Verdict, 0, len(set.Questions))}
	for _, q := range set.Questions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start := now()
		a, err := cfg.Search(ctx, q.Text)
		elapsed := now().Sub(start)
		if err != nil {
			return nil, fmt.Errorf("eval: %s:%d: %w", set.Path, q.Line, err)
		}
		if a == nil {
			return nil, fmt.Errorf("eval: %s:%d: the search returned no answer", set.Path, q.Line)
		}
		rep.Questions = append(rep.Questions, judge(q, a, idx, elapsed))
	}
	rep.Totals = total(rep.Questions)
	rep.Totals.Method = cfg.Method
	return rep, nil
}

// judge is the verdict on one answer.
func judge(q Question, a *Answer, idx recordIndex, elapsed time.Duration) Verdict {
	v := Verdict{Line: q.Line, Question: q.Text, OffTopic: q.OffTopic, Refused: a.NoMatch, Method: a.Method,
		Assertions: len(q.Assertions), ExpectedRecords: len(q.ExpectRecords),
		LatencyMS: float64(elapsed.Microseconds()) / 1000}
	if !a.NoMatch {
		body := StripCitations(a.Response)
		lead := StripCitations(Lead(a.Response))
		for _, alts := range q.Assertions {
			if States(body, alts) {
				v.AssertionsMet++
			} else {
				v.Unmet = append(v.Unmet, alts)
			}
			v.LeadMet = v.LeadMet || States(lead, alts)
		}
		for _, c := range a.Citations {
			v.Citations++
			if c.InContext {
				v.CitationsValid++
			} else {
				v.Invalid = append(v.Invalid, fmt.Sprintf("%s (%s)", c.Dataset, c.ID))
			}
		}
	} else {
		v.Unmet = q.Assertions
	}
	shown := idx.shown(a.Records)
	for _, r := range q.ExpectRecords {
		if shown[strings.TrimSpace(r)] {
			v.RecordsFound++
		} else {
			v.Missing = append(v.Missing, r)
		}
	}
	return v
}

// total sums the verdicts.
func total(vs []Verdict) Totals {
	var t Totals
	lat := make([]float64, 0, len(vs))
	for _, v := range vs {
		t.Questions++
		lat = append(lat, v.LatencyMS)
		if !v.Refused {
			switch v.Method {
			case "local":
				t.Local++
			case "global":
				t.Global++
			}
		}
		if v.Pass() {
			t.Passed++
		}
		if v.OffTopic {
			t.OffTopic++
			if v.Refused {
				t.OffTopicRefused++
			}
			continue
		}
		t.Answerable++
		if v.Refused {
			t.FalseRefusals++
		} else if v.Citations == 0 {
			t.Uncited++
		}
		if !v.Refused && v.Assertions > 0 {
			t.Led++
			if v.LeadMet {
				t.LeadMet++
			}
		}
		t.Assertions += v.Assertions
		t.AssertionsMet += v.AssertionsMet
		t.Citations += v.Citations
		t.CitationsValid += v.CitationsValid
		t.ExpectedRecords += v.ExpectedRecords
		t.RecordsFound += v.RecordsFound
	}
	t.AssertionRecall = ratio(t.AssertionsMet, t.Assertions)
	t.LeadRate = ratio(t.LeadMet, t.Led)
	t.CitationValidity = ratio(t.CitationsValid, t.Citations)
	t.SourceRecall = ratio(t.RecordsFound, t.ExpectedRecords)
	t.OffTopicRefusal = ratio(t.OffTopicRefused, t.OffTopic)
	t.LatencyP50MS = Percentile(lat, 50)
	t.LatencyP95MS = Percentile(lat, 95)
	return t
}

// ratio is n/d, 1 when d is 0 (nothing to get wrong).
func ratio(n, d int) float64 {
	if d == 0 {
		return 1
	}
	return float64(n) / float64(d)
}

// Percentile is the nearest-rank p-th percentile (0 < p ≤ 100) of xs:
// the smallest value with at least p % of the values at or below it
// (sorted ascending, the value at rank ⌈p/100·n⌉). 0 for no values.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	rank = min(max(rank, 1), len(s))
	return s[rank-1]
}

// citationRE is a citation block ("[Data: Entities (1, 2)]", full-width
// brackets and colon too), which is not part of what an answer states.
var citationRE = regexp.MustCompile(`[\[［【]\s*(?i:data)\s*[:：][^\]］】]*[\]］】]`)

// StripCitations removes the citation blocks from an answer.
func StripCitations(answer string) string {
	return citationRE.ReplaceAllString(answer, " ")
}

// States reports whether text contains one of the alternatives once both
// are folded: lower case, full-width letters, digits and signs as their
// ASCII forms, white space and punctuation removed except "%" and a "."
// between digits ("Alex  Mercer," contains "alex mercer"; "充五百送五十"
// contains "“充五百送五十”"; "15%" does not contain "1.5%"). An empty
// alternative is contained in nothing.
func States(text string, alternatives []string) bool {
	ft := fold(text)
	for _, a := range alternatives {
		if fa := fold(a); fa != "" && strings.Contains(ft, fa) {
			return true
		}
	}
	return false
}

// fold is the comparison form of States. A "." between digits and "%"
// are kept: "1.5" must not match "15", nor "42%" "420".
func fold(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		r = narrow(r)
		keep := r == '%' || (r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(narrow(rs[i-1])) && unicode.IsDigit(narrow(rs[i+1])))
		if !keep && (unicode.IsSpace(r) || unicode.IsPunct(r)) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// narrow maps a full-width ASCII form to ASCII and the ideographic space
// to a space.
func narrow(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	}
	return r
}

// recordIndex maps the short ids shown in context tables to the names of
// the records behind them (Config.Model).
type recordIndex map[string]map[string][]string // table → short id → names

func newRecordIndex(m *knowledge.Model) recordIndex {
	idx := recordIndex{}
	if m == nil {
		return idx
	}
	add := func(table, short string, names ...string) {
		t := idx[table]
		if t == nil {
			t = map[string][]string{}
			idx[table] = t
		}
		for _, n := range names {
			if n != "" {
				t[short] = append(t[short], n)
			}
		}
	}
	for _, e := range m.Entities() {
		add("entities", e.ShortID, e.ID, e.Title)
	}
	for _, u := range m.TextUnits() {
		add("sources", u.ShortID, u.ID, u.DocumentID)
	}
	for _, r := range m.Relationships() {
		add("relationships", r.ShortID, r.ID)
	}
	for _, r := range m.Reports() {
		add("reports", r.ShortID, r.ID, r.CommunityID, r.Title)
	}
	for typ, cs := range m.Covariates() {
		for _, c := range cs {
			add(strings.ToLower(typ), c.ShortID, c.ID)
		}
	}
	return idx
}

// shown returns the names of the records the context showed.
func (idx recordIndex) shown(rec localsearch.Records) map[string]bool {
	out := map[string]bool{}
	for table, t := range rec {
		col := t.Column("id")
		if col < 0 {
			continue
		}
		ent := -1
		if table == "entities" {
			ent = t.Column("entity")
		}
		for i, row := range t.Rows {
			if col >= len(row) || t.InContext != nil && (i >= len(t.InContext) || !t.InContext[i]) {
				continue
			}
			id := row[col]
			out[table+":"+id] = true
			if ent >= 0 && ent < len(row) {
				out[row[ent]] = true
			}
			for _, n := range idx[table][id] {
				out[n] = true
			}
		}
	}
	return out
}
