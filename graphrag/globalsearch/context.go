package globalsearch

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/text"
)

// ContextName is the name of the reports table ("-----Reports-----", the
// dataset a citation names: [Data: Reports (…)]).
const ContextName = "Reports"

// WeightColumn is the column of a report's occurrence weight.
const WeightColumn = "occurrence weight"

// Config configures a ContextBuilder.
type Config struct {
	// Tokenizer counts the batch budgets, in tokens; nil = o200k_base.
	Tokenizer llm.Tokenizer
}

// ContextBuilder cuts a knowledge model's community reports into batches
// for the map step. It is safe for concurrent use; what it computes once
// per model (occurrence weights, rendered rows and their token counts) is
// shared by every build.
type ContextBuilder struct {
	m  *knowledge.Model
	tk llm.Tokenizer

	once    sync.Once
	weights []float64 // per report of m.Reports(): normalised occurrence weight
	hasW    bool      // the model has entities: the weight column exists
	attrs   []string  // attribute keys of the first report (columns before the content)
	low     []string  // per report: title, summary and content, lower-cased (the extractive steps' corpus)

	evidence func() *evidenceTable     // the run's evidence behind a sentence (evidence.go), made on first use
	themes   func() map[string]float64 // the heading words' recurrence over the reports (themes.go), made on first use

	rowTokens func() []int // countRows, made on first use
}

// NewContextBuilder returns a builder over m. Errors wrap ErrConfig (m is
// nil).
func NewContextBuilder(m *knowledge.Model, cfg Config) (*ContextBuilder, error) {
	if m == nil {
		return nil, fmt.Errorf("%w: nil knowledge model", ErrConfig)
	}
	tk := cfg.Tokenizer
	if tk == nil {
		tk = tokens.Counter{}
	}
	b := &ContextBuilder{m: m, tk: tk}
	b.evidence = sync.OnceValue(func() *evidenceTable { return newEvidenceTable(m.TextUnits()) })
	b.themes = sync.OnceValue(func() map[string]float64 { return headingRecurrence(m) })
	b.rowTokens = sync.OnceValue(b.countRows)
	return b, nil
}

// Tokenizer returns the builder's tokenizer.
func (b *ContextBuilder) Tokenizer() llm.Tokenizer { return b.tk }

// Model returns the knowledge model the builder reads.
func (b *ContextBuilder) Model() *knowledge.Model { return b.m }

// Batch is one map request's data: a CSV table of reports.
type Batch struct {
	// Text is the batch as the map prompt's {context_data}: the
	// conversation history section (when there is one) and the reports
	// table, header line first, rows ordered by occurrence weight then rank
	// (descending, stable).
	Text string `json:"text"`
	// Reports are the indexes into Model.Reports() of the rows, in row
	// order.
	Reports []int `json:"reports"`
	// Tokens is the table's size as the budget counted it: the header
	// block ("-----Reports-----", the header line) plus each row's raw
	// text, in tokens. It is at most Params.MaxContextTokens.
	Tokens int `json:"tokens"`
}

// Table is a context-records table (knowledge.Table); InContext is always
// true here: every row was sent to the model.
type Table = knowledge.Table

// Context is a built global-search context.
type Context struct {
	// Batches are the map requests' data, in batch order.
	Batches []Batch `json:"batches"`
	// Records holds "reports": every row of every batch, batch by batch
	// (the reference's context_records), and "conversation history" when a
	// history was given.
	Records map[string]Table `json:"records"`
	// History is the conversation history section put before each batch
	// ("" without history).
	History string `json:"history,omitempty"`
	// Cut lists the short ids of reports whose content was cut so that
	// the report fits in one batch (the reference sends such a report whole,
	// over the budget).
	Cut []string `json:"cut,omitempty"`
}

// ReportIDs returns the short ids of the reports the batches hold, each
// once, in batch order: the ids a citation may name.
func (c *Context) ReportIDs() []string {
	t := c.Records[strings.ToLower(ContextName)]
	col := t.Column("id")
	var ids []string
	for _, r := range t.Rows {
		if col >= 0 {
			ids = append(ids, r[col])
		}
	}
	return text.Unique(ids)
}

// prepare computes the occurrence weights once: per report, the number of
// distinct text units of the entities in its community
// (knowledge.Model.CommunityUnitCount), divided by the
// largest such number (the reference's _compute_community_weights with
// normalize=True; 0 for all when no community has a text unit, where the
// reference divides by zero).
func (b *ContextBuilder) prepare() {
	b.once.Do(func() {
		reps := b.m.Reports()
		b.weights = make([]float64, len(reps))
		b.low = make([]string, len(reps))
		for i, r := range reps {
			b.low[i] = lowerText(r)
		}
		if len(reps) > 0 {
			for _, a := range reps[0].Attributes {
				if a.Key != "id" && a.Key != "title" && a.Key != WeightColumn {
					b.attrs = append(b.attrs, a.Key)
				}
			}
		}
		if len(b.m.Entities()) == 0 {
			return
		}
		b.hasW = true
		top := 0
		for _, r := range reps {
			top = max(top, b.m.CommunityUnitCount(r.CommunityID))
		}
		if top == 0 {
			return
		}
		for i, r := range reps {
			b.weights[i] = float64(b.m.CommunityUnitCount(r.CommunityID)) / float64(top)
		}
	})
}

// header returns the table's columns: id, title, the first report's
// attribute keys, occurrence weight (when the model has entities),
// content, rank.
func (b *ContextBuilder) header() []string {
	h := append([]string{"id", "title"}, b.attrs...)
	if b.hasW {
		h = append(h, WeightColumn)
	}
	return append(h, "content", "rank")
}

// cells renders report i's row with the given content.
func (b *ContextBuilder) cells(i int, content string) []string {
	r := b.m.Reports()[i]
	row := []string{r.ShortID, r.Title}
	for _, k := range b.attrs {
		v := ""
		if a := slices.IndexFunc(r.Attributes, func(a knowledge.Attribute) bool { return a.Key == k }); a >= 0 {
			v = r.Attributes[a].Value
		}
		row = append(row, v)
	}
	if b.hasW {
		row = append(row, knowledge.PyFloat(b.weights[i]))
	}
	return append(row, content, knowledge.PyFloat(r.Rank))
}

// countRows returns the raw row token counts per report (rowTokens
// keeps them; prepare must have run).
func (b *ContextBuilder) countRows() []int {
	reps := b.m.Reports()
	out := make([]int, len(reps))
	for i, r := range reps {
		out[i] = b.tk.Count(strings.Join(b.cells(i, r.FullContent), "|") + "\n")
	}
	return out
}

// Build cuts the reports into batches (the reference's
// build_community_context with single_batch=False, reference
// query/context_builder/community_context.py):
//
//  1. keep the reports that have a rank ≥ p.MinCommunityRank, in model order;
//  2. shuffle them as random.seed(p.ShuffleSeed); random.shuffle does (p.Shuffle);
//  3. start a batch at the tokens of "-----Reports-----\n" and the header
//     line; for each report, count its raw row (cells joined by "|", not
//     quoted, "\n"); when the batch's tokens plus the row's exceed
//     p.MaxContextTokens, close the batch and start another; add the row;
//  4. render each batch as CSV the way pandas writes it (header line, rows
//     sorted by occurrence weight then rank, descending, stable; a cell is
//     quoted when it holds "|", a quote or a line break), without the
//     "-----Reports-----" line, as the reference sends it.
//
// Where it differs: a report whose row alone does not fit under the header
// is cut (token-safe) to fit, and listed in Context.Cut, where the
// reference sends it whole in a batch over the budget. The history section
// (user turns only, the first p.HistoryMaxTurns of them, as the reference
// keeps) comes before each batch and is not counted in the batch budget,
// as in the reference.
//
// Errors: ErrConfig (bad params), ErrNoReports (the model has no report),
// ctx.Err().
func (b *ContextBuilder) Build(ctx context.Context, history []llm.Message, p Params) (*Context, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	reps := b.m.Reports()
	if len(reps) == 0 {
		return nil, ErrNoReports
	}
	b.prepare()
	rowTok := b.rowTokens()
	var sel []int
	for i, r := range reps {
		if r.HasRank && r.Rank >= p.MinCommunityRank {
			sel = append(sel, i)
		}
	}
	if p.Shuffle {
		pyShuffle(sel, p.ShuffleSeed)
	}
	header := b.header()
	c := &Context{Records: map[string]Table{}}
	c.History = historySection(history, p.HistoryMaxTurns, p.MaxContextTokens, b.tk, c.Records)
	headTok := b.tk.Count("-----" + ContextName + "-----\n" + strings.Join(header, "|") + "\n")

	all := Table{Columns: header, Rows: [][]string{}}
	var cur []batchRow
	curTok := headTok
	for _, i := range sel {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r := reps[i]
		content := r.FullContent
		t := rowTok[i]
		if headTok+t > p.MaxContextTokens {
			content, t = b.fit(i, content, p.MaxContextTokens-headTok)
			c.Cut = append(c.Cut, r.ShortID)
		}
		if curTok+t > p.MaxContextTokens {
			b.addBatch(c, &all, cur, curTok)
			cur, curTok = nil, headTok
		}
		cur = append(cur, batchRow{rep: i, cells: b.cells(i, content), weight: b.weights[i], rank: r.Rank})
		curTok += t
	}
	b.addBatch(c, &all, cur, curTok)
	all.InContext = slices.Repeat([]bool{true}, len(all.Rows))
	c.Records[strings.ToLower(ContextName)] = all
	return c, nil
}

// batchRow is a report's row in a batch: its index, its cells, and the
// keys the batch is sorted by.
type batchRow struct {
	rep    int
	cells  []string
	weight float64
	rank   float64
}

// addBatch closes a batch of rows (tok tokens with the header): sorted by
// weight (when the builder has weights), then rank, both descending, ties
// kept in order; written as the pandas CSV table after the history, and
// appended to c.Batches and to all's rows. Nothing without rows.
func (b *ContextBuilder) addBatch(c *Context, all *Table, rows []batchRow, tok int) {
	if len(rows) == 0 {
		return
	}
	slices.SortStableFunc(rows, func(x, y batchRow) int {
		if d := cmp.Compare(y.weight, x.weight); d != 0 && b.hasW {
			return d
		}
		return cmp.Compare(y.rank, x.rank)
	})
	bt := Batch{Tokens: tok}
	cells := make([][]string, len(rows))
	for k, r := range rows {
		cells[k] = r.cells
		bt.Reports = append(bt.Reports, r.rep)
	}
	table := knowledge.PandasCSV(all.Columns, cells, "|")
	bt.Text = table
	if c.History != "" {
		bt.Text = c.History + "\n\n" + table
	}
	c.Batches = append(c.Batches, bt)
	all.Rows = append(all.Rows, cells...)
}

// truncater is the optional interface of a tokenizer that cuts text to a
// number of tokens (llm/tokens.Tokenizer).
type truncater interface {
	Truncate(s string, maxTokens int) string
}

// fit cuts report i's content so that its row counts at most budget
// tokens; it returns the content and the row's tokens.
func (b *ContextBuilder) fit(i int, content string, budget int) (string, int) {
	count := func(s string) int { return b.tk.Count(strings.Join(b.cells(i, s), "|") + "\n") }
	rest := count("")
	if rest >= budget {
		return "", rest
	}
	room := budget - rest
	var out string
	if tr, ok := b.tk.(truncater); ok {
		out = tr.Truncate(content, room)
	} else {
		// the longest rune prefix that fits, by bisection
		rs := []rune(content)
		lo, hi := 0, len(rs)
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if b.tk.Count(string(rs[:mid])) <= room {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		out = string(rs[:lo])
	}
	// a cut inside the row may count a token more when joined: shrink until it fits
	for n := count(out); n > budget && out != ""; n = count(out) {
		_, size := utf8.DecodeLastRuneInString(out)
		out = out[:len(out)-size]
	}
	return out, count(out)
}

// historySection renders the conversation history as the reference's
// global context does (user turns only, recency_bias false: the first
// maxTurns user turns; a table "turn|content" under
// "-----Conversation History-----", grown turn by turn while it fits in
// budget tokens). It records the table under "conversation history".
func historySection(history []llm.Message, maxTurns, budget int, tk llm.Tokenizer, rec map[string]Table) string {
	var qs []string
	for _, m := range history {
		if m.Role == llm.RoleUser || m.Role == "" {
			qs = append(qs, m.Content)
		}
	}
	if len(qs) == 0 {
		return ""
	}
	if maxTurns > 0 && len(qs) > maxTurns {
		qs = qs[:maxTurns]
	}
	header := []string{"turn", "content"}
	rows := [][]string{}
	text := ""
	for _, q := range qs {
		next := append(slices.Clone(rows), []string{"user", q})
		t := "-----Conversation History-----\n" + knowledge.PandasCSV(header, next, "|")
		if tk.Count(t) > budget {
			break
		}
		rows, text = next, t
	}
	if text == "" {
		text = "-----Conversation History-----\n" + knowledge.PandasCSV(header, nil, "|")
	}
	rec["conversation history"] = Table{Columns: header, Rows: rows, InContext: slices.Repeat([]bool{true}, len(rows))}
	return text
}
