package localsearch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
	"reportengine/llm/offline"
)

// dulceDir is the Dulce index's folder, set by dulceBuilder (the tests
// of this package do not run in parallel) before the first load.
var dulceDir string

var dulceOnce = sync.OnceValues(func() (*knowledge.Model, error) {
	return knowledge.FromParquet(dulceDir, knowledge.ParquetOptions{})
})

// dulceVectors are the 39 entity description vectors of the Dulce index
// (text-embedding-3-large, 3072-d), ids = entity ids.
var dulceVectors = sync.OnceValues(func() (*exactStore, error) {
	raw, err := os.ReadFile(filepath.Join(dulceDir, "entity_description_vectors.json"))
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID     string    `json:"id"`
		Vector []float32 `json:"vector"`
	}
	if err := json.Unmarshal(raw, &rows); err != nil {
		return nil, err
	}
	s := &exactStore{}
	for _, r := range rows {
		s.ids = append(s.ids, r.ID)
		s.vecs = append(s.vecs, r.Vector)
	}
	return s, nil
})

// dulceBuilder returns a builder over the Dulce index whose embedder maps
// each entity title to that entity's own vector (query vector = an
// entity's vector, as in reference §8).
func dulceBuilder(t testing.TB) (*ContextBuilder, *knowledge.Model) {
	t.Helper()
	dulceDir = fixture.Dulce(t)
	m, err := dulceOnce()
	if err != nil {
		t.Fatal(err)
	}
	store, err := dulceVectors()
	if err != nil {
		t.Fatal(err)
	}
	emb := &stubEmbedder{vecs: map[string][]float32{}, dim: 3072}
	for i, id := range store.ids {
		e, ok := m.EntityByID(id)
		if !ok {
			t.Fatalf("vector id %s is not a Dulce entity", id)
		}
		emb.vecs[e.Title] = store.vecs[i]
	}
	b, err := NewContextBuilder(m, Config{Embedder: emb, VectorStore: store})
	if err != nil {
		t.Fatal(err)
	}
	return b, m
}

func titles(es []knowledge.Entity) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Title)
	}
	return out
}

func TestDulceEntityOrderAlexMercerVector(t *testing.T) {
	b, _ := dulceBuilder(t)
	c, err := b.Build(t.Context(), "ALEX MERCER", nil, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	// Reference §8: L2 order for ALEX MERCER's own vector, top 20 = 2k.
	want := []string{"ALEX MERCER", "SAM RIVERA", "OPERATION: DULCE", "TEAM OF AGENTS", "PARANORMAL MILITARY SQUAD",
		"TAYLOR CRUZ", "JORDAN HAYES", "RIVERA", "CRUZ", "AGENT", "AGENTS' CAMARADERIE", "MISSION",
		"DRONE ENCOUNTER IN DULCE BASE", "SERVER ROOM", "MILITARY COMPLEX", "MISSION TO DULCE BASE", "EQUIPMENT BAY",
		"BRIEFING ROOM", "ELECTRONIC ANOMALY DETECTION", "DULCE"}
	if got := titles(c.Entities); !slices.Equal(got, want) {
		t.Errorf("selection:\n got %q\nwant %q", got, want)
	}
}

func TestDulceEmptyQuery(t *testing.T) {
	b, m := dulceBuilder(t)
	c, err := b.Build(t.Context(), "", nil, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	// Reference §2 Dulce check.
	want := []string{"DULCE BASE", "TAYLOR CRUZ", "ALEX MERCER", "SAM RIVERA", "JORDAN HAYES", "PARANORMAL MILITARY SQUAD",
		"OPERATION: DULCE", "BRIEFING ROOM", "TEAM OF AGENTS", "AGENT"}
	if got := titles(c.Entities); !slices.Equal(got, want) {
		t.Fatalf("selection:\n got %q\nwant %q", got, want)
	}
	if want := []string{"Reports", "Entities", "Sources"}; !slices.Equal(c.Sections, want) {
		t.Errorf("sections %v, want %v", c.Sections, want)
	}
	if c.Budgets.Reports != 1800 || c.Budgets.Local != 4200 || c.Budgets.Sources != 6000 {
		t.Errorf("budgets %+v, want 1800/4200/6000", c.Budgets)
	}
	// Reports: ranking 0, 4, 3, … (Appendix A); report 0 fits, 4 does not.
	reports := map[string]knowledge.CommunityReport{}
	for _, r := range m.Reports() {
		reports[r.CommunityID] = r
	}
	r0, r4 := reports["0"], reports["4"]
	q := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	wantReports := "-----Reports-----\nid|title|content\n0|" + r0.Title + "|" + q(r0.FullContent) + "\n"
	if !strings.HasPrefix(c.Text, wantReports+"\n\n-----Entities-----\n") {
		t.Errorf("reports section:\n%.600q", c.Text)
	}
	tk := b.Tokenizer()
	head := tk.Count("-----Reports-----\nid|title|content\n")
	row0 := tk.Count("0|" + r0.Title + "|" + r0.FullContent + "\n")
	row4 := tk.Count("4|" + r4.Title + "|" + r4.FullContent + "\n")
	if head+row0 > 1800 || head+row0+row4 <= 1800 {
		t.Errorf("report budget: header %d + report 0 %d (+ report 4 %d) vs 1800", head, row0, row4)
	}
	if got := c.Records["reports"].Rows; len(got) != 1 || got[0][0] != "0" {
		t.Errorf("reports records %v", got)
	}
	// Sources order (Appendix A): short ids 2, 3, 1, 0, 4, as many as fit.
	src := c.Records["sources"]
	var ids []string
	for _, r := range src.Rows {
		ids = append(ids, r[0])
	}
	order := []string{"2", "3", "1", "0", "4"}
	if len(ids) == 0 || !slices.Equal(ids, order[:len(ids)]) {
		t.Errorf("sources ids %v, want a prefix of %v", ids, order)
	}
	// The local budget cuts the relationship loop before iteration 10
	// (whose order TestDulceRelationshipOrderAllIterations checks); the
	// kept iteration still carries the links column.
	rel := c.Records["relationships"]
	if rel.Column("links") < 0 {
		t.Fatalf("relationships columns %v lack links", rel.Columns)
	}
	local := c.Text[strings.Index(c.Text, "-----Entities-----"):strings.Index(c.Text, "-----Sources-----")]
	if n := tk.Count(local); n > 4200+10 {
		t.Errorf("local section is %d tokens, budget 4200", n)
	}
	if n := tk.Count(c.Text); n > 12000 {
		t.Errorf("context is %d tokens, budget 12000", n)
	}
	t.Logf("entities %d, relationships %d, claims %d, sources %d; context %d tokens",
		len(c.Records["entities"].Rows), len(rel.Rows), len(c.Records["claims"].Rows), len(src.Rows), tk.Count(c.Text))
}

func TestDulceRelationshipOrderAllIterations(t *testing.T) {
	b, _ := dulceBuilder(t)
	c, err := b.Build(t.Context(), "", nil, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	// Replay the loop without budget: the links state of iterations 1…9
	// carries into iteration 10 as in the reference's first call.
	s := b.newRelState()
	defer s.release()
	var rs []int
	for i := 1; i <= len(c.Entities); i++ {
		rs = s.filterRelationships(c.Entities[:i], 10)
	}
	var ids []string
	for _, i := range rs {
		ids = append(ids, b.rels[i].ShortID)
	}
	want := []string{"7", "10", "21", "23", "42", "47", "48", "49"}
	if len(ids) < len(want) || !slices.Equal(ids[:len(want)], want) {
		t.Errorf("iteration 10 order %v, want prefix %v", ids, want)
	}
	if got := s.sc.links[rs[0]]; got != 2 {
		t.Errorf("first relationship links = %d, want 2", got)
	}
}

// plainTokenizer hides LineAdditive, so every table is counted whole.
type plainTokenizer struct {
	tk interface{ Count(string) int }
}

func (p plainTokenizer) Count(s string) int { return p.tk.Count(s) }

// TestDulceRowSumsEqualWholeCounts: counting tables as the sum of their
// rows (lineAdditive) gives the same contexts as counting them whole.
func TestDulceRowSumsEqualWholeCounts(t *testing.T) {
	fast, m := dulceBuilder(t)
	slow, err := NewContextBuilder(m, Config{Tokenizer: plainTokenizer{fast.Tokenizer()}, Embedder: fast.cfg.Embedder, VectorStore: fast.cfg.VectorStore})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"", "ALEX MERCER", "DULCE BASE", "SAM RIVERA"} {
		for _, max := range []int{12000, 5000, 2500} {
			p := DefaultParams()
			p.MaxContextTokens = max
			a, err1 := fast.Build(t.Context(), q, nil, p)
			b, err2 := slow.Build(t.Context(), q, nil, p)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if a.Text != b.Text {
				t.Errorf("query %q, %d tokens: row-sum and whole counting differ", q, max)
			}
		}
	}
}

// The offline answer on Dulce cites only what the context showed: the
// community reports it quotes hold their own "[Data: Entities (0, 3);
// Relationships (…)]" blocks, whose ids name records this context may not
// hold; the copied sentences lose them and are cited by their report
// alone. Every entity of the index is asked by its title.
func TestDulceOfflineCitationsInContext(t *testing.T) {
	b, m := dulceBuilder(t)
	e, err := NewEngine(b, EngineConfig{Model: offline.New()})
	if err != nil {
		t.Fatal(err)
	}
	store, _ := dulceVectors()
	embedded, quotedReports := 0, 0
	for _, id := range store.ids {
		ent, _ := m.EntityByID(id)
		res, err := e.Search(t.Context(), Query{Text: ent.Title})
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range res.ContextData["reports"].Rows {
			if strings.Contains(row[len(row)-1], "[Data:") {
				embedded++
			}
		}
		for _, c := range res.Citations {
			if !c.InContext {
				t.Errorf("%s: cites %s (%s), which the context did not show:\n%s", ent.Title, c.Dataset, c.ID, res.Response)
			}
			if c.Table == "reports" {
				quotedReports++
			}
		}
		if strings.Count(res.Response, "[Data:") != strings.Count(res.Response, "\n- ") {
			t.Errorf("%s: a sentence with other than one citation block:\n%s", ent.Title, res.Response)
		}
	}
	// the rule is exercised: the contexts held reports with their own
	// citation blocks, and answers quoted reports
	if embedded == 0 || quotedReports == 0 {
		t.Errorf("reports with embedded citations %d, report citations %d: the case is not exercised", embedded, quotedReports)
	}
}
