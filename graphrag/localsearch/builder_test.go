package localsearch

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag/knowledge"
	"reportengine/llm"
)

// Expected texts of the small model with the empty query, k = 2 (BETA rank
// 3, ALPHA rank 2), DefaultParams, computed by hand from reference §3.
const (
	wantReports = "-----Reports-----\nid|title|content\n" +
		"1|Team|\"# Team\n\nAlpha and Beta.\"\n" +
		"2|Far|Gamma region\n"
	wantEntities = "-----Entities-----\nid|entity|description|number of relationships\n" +
		"1|BETA|Beta leads \"ops\".|3\n" +
		"0|ALPHA|Alpha is a team.|2\n"
	// Iteration 2 (BETA, ALPHA): r0 in-network; r1, r2 out with links 2;
	// r0 carries links=1 from iteration 1 and, being rels[0], brings the
	// links column.
	wantRelationships = "-----Relationships-----\nid|source|target|description|weight|links\n" +
		"0|ALPHA|BETA|works with|2.0|1\n" +
		"1|BETA|GAMMA|commands|1.5|2\n" +
		"2|ALPHA|GAMMA|knows|1.0|2\n"
	wantClaims = "-----claims-----\nid|entity|object_id|status|start_date|end_date|description\n" +
		"0|BETA|NONE|TRUE|NONE|NONE|Beta did \"x\".\n"
	// BETA lists t2 then t1, each related to one of BETA's relationships.
	wantSources = "-----Sources-----\nid|text\n" +
		"1|Beta commands Gamma.\n" +
		"0|Alpha and Beta met.\nThey talked.\n"
)

func emptyQueryParams() Params {
	p := DefaultParams()
	p.TopKMappedEntities = 2
	return p
}

func TestBuildSmallModelExactText(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{})
	c, err := b.Build(t.Context(), "", nil, emptyQueryParams())
	if err != nil {
		t.Fatal(err)
	}
	want := wantReports + "\n\n" + wantEntities + "\n\n" + wantRelationships + "\n\n" + wantClaims + "\n\n" + wantSources
	if diff := cmp.Diff(want, c.Text); diff != "" {
		t.Errorf("context text (-want +got):\n%s", diff)
	}
	if got := []string{"Reports", "Entities", "Sources"}; !slices.Equal(c.Sections, got) {
		t.Errorf("Sections = %v, want %v", c.Sections, got)
	}
	wantRec := Records{
		"reports": {Columns: []string{"id", "title", "content"}, Rows: [][]string{
			{"1", "Team", "# Team\n\nAlpha and Beta."}, {"2", "Far", "Gamma region"}}},
		"entities": {Columns: []string{"id", "entity", "description", "number of relationships"}, Rows: [][]string{
			{"1", "BETA", `Beta leads "ops".`, "3"}, {"0", "ALPHA", "Alpha is a team.", "2"}}, InContext: []bool{true, true}},
		"relationships": {Columns: []string{"id", "source", "target", "description", "weight", "links"}, Rows: [][]string{
			{"0", "ALPHA", "BETA", "works with", "2.0", "1"}, {"1", "BETA", "GAMMA", "commands", "1.5", "2"},
			{"2", "ALPHA", "GAMMA", "knows", "1.0", "2"}}, InContext: []bool{true, true, true}},
		"claims": {Columns: []string{"id", "entity", "object_id", "status", "start_date", "end_date", "description"}, Rows: [][]string{
			{"0", "BETA", "NONE", "TRUE", "NONE", "NONE", `Beta did "x".`}}, InContext: []bool{true}},
		"sources": {Columns: []string{"id", "text"}, Rows: [][]string{{"1", "Beta commands Gamma."}, {"0", "Alpha and Beta met.\nThey talked."}}},
	}
	if diff := cmp.Diff(wantRec, c.Records); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
}

func TestBuildMethodDefaultsColumns(t *testing.T) {
	// build_context's own defaults: no rank column, no weight column.
	b := newBuilder(t, smallParts(), Config{})
	p := MethodDefaults()
	p.TopKMappedEntities = 2
	c, err := b.Build(t.Context(), "", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"-----Entities-----\nid|entity|description\n1|BETA|Beta leads \"ops\".\n0|ALPHA|Alpha is a team.\n",
		"-----Relationships-----\nid|source|target|description|links\n0|ALPHA|BETA|works with|1\n",
	} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("context lacks %q:\n%s", want, c.Text)
		}
	}
}

func TestBudgets(t *testing.T) {
	// Reference §3.3 step 5 examples.
	tests := []struct {
		m          int
		cp, tp     float64
		c, l, text int
	}{
		{12000, 0.15, 0.5, 1800, 4200, 6000},
		{8000, 0.1, 0.5, 800, 3200, 4000},
		{11987, 0.15, 0.5, 1798, 4195, 5993},
		{8000, 0.25, 0.5, 2000, 2000, 4000},
		{400, 0.25, 0.5, 100, 100, 200},
		{-5, 0.25, 0.5, 0, 0, 0},
	}
	for _, tt := range tests {
		c, l, x := budgets(tt.m, tt.cp, tt.tp)
		if c != tt.c || l != tt.l || x != tt.text {
			t.Errorf("budgets(%d, %v, %v) = %d/%d/%d, want %d/%d/%d", tt.m, tt.cp, tt.tp, c, l, x, tt.c, tt.l, tt.text)
		}
	}
}

func TestParamsValidate(t *testing.T) {
	mod := func(f func(*Params)) Params { p := DefaultParams(); f(&p); return p }
	tests := []struct {
		name    string
		p       Params
		propSum bool
	}{
		{"sum over one", mod(func(p *Params) { p.CommunityProp, p.TextUnitProp = 0.6, 0.5 }), true},
		{"negative community", mod(func(p *Params) { p.CommunityProp = -0.1 }), false},
		{"negative text units", mod(func(p *Params) { p.TextUnitProp = -0.1 }), false},
		{"negative budget", mod(func(p *Params) { p.MaxContextTokens = -1 }), false},
		{"empty delimiter", mod(func(p *Params) { p.ColumnDelimiter = "" }), false},
		{"negative k", mod(func(p *Params) { p.TopKMappedEntities = -1 }), false},
	}
	for _, tt := range tests {
		err := tt.p.Validate()
		if !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Validate = %v, want ErrConfig", tt.name, err)
		}
		if errors.Is(err, ErrPropSum) != tt.propSum {
			t.Errorf("%s: errors.Is(err, ErrPropSum) = %v", tt.name, !tt.propSum)
		}
	}
	if err := mod(func(p *Params) { p.CommunityProp, p.TextUnitProp = 0.6, 0.5 }).Validate(); !strings.Contains(err.Error(), "0.6") || !strings.Contains(err.Error(), "0.5") {
		t.Errorf("sum error %q does not name both values", err)
	}
	if err := DefaultParams().Validate(); err != nil {
		t.Errorf("DefaultParams().Validate() = %v", err)
	}
	if err := mod(func(p *Params) { p.CommunityProp, p.TextUnitProp = 0.5, 0.5 }).Validate(); err != nil {
		t.Errorf("a sum of exactly 1 is allowed: %v", err)
	}
	b := newBuilder(t, smallParts(), Config{})
	if _, err := b.Build(t.Context(), "", nil, mod(func(p *Params) { p.CommunityProp = 0.9 })); !errors.Is(err, ErrPropSum) {
		t.Errorf("Build with a share sum of 1.4: %v, want ErrPropSum", err)
	}
}

// TestB19SmallReportBudget: max_tokens 400, community_prop 0.25: the 100
// token report share cannot hold the ~300-token report; the section is left
// out (no "[]", no header-only table) and the rest is still packed.
func TestB19SmallReportBudget(t *testing.T) {
	parts := knowledge.Parts{
		Entities: []knowledge.Entity{
			{ID: "a", ShortID: "0", Title: "A", Description: "first", Rank: 2, HasRank: true, CommunityIDs: []string{"0"}, TextUnitIDs: []string{"u"}},
			{ID: "b", ShortID: "1", Title: "B", Description: "second", Rank: 1, HasRank: true, CommunityIDs: []string{"0"}},
		},
		Relationships: []knowledge.Relationship{{ID: "r", ShortID: "0", Source: "A", Target: "B", Description: "ab", Weight: 1, HasWeight: true, Rank: 3, HasRank: true}},
		TextUnits:     []knowledge.TextUnit{{ID: "u", ShortID: "0", Text: "short text"}},
		Reports:       []knowledge.CommunityReport{{ID: "c", ShortID: "0", CommunityID: "0", Title: "Big", FullContent: strings.Repeat("report ", 300), Rank: 1, HasRank: true}},
	}
	b := newBuilder(t, parts, Config{}) // o200k_base
	p := DefaultParams()
	p.MaxContextTokens, p.CommunityProp, p.TextUnitProp = 400, 0.25, 0.5
	c, err := b.Build(t.Context(), "", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(c.Text, "Reports") || strings.Contains(c.Text, "[]") {
		t.Errorf("report section present:\n%s", c.Text)
	}
	if r, ok := c.Records["reports"]; !ok || len(r.Rows) != 0 { // B34: the key stays, empty
		t.Errorf("reports records: %v, %v", r, ok)
	}
	want := "-----Entities-----\nid|entity|description|number of relationships\n0|A|first|2\n1|B|second|1\n" +
		"\n\n-----Relationships-----\nid|source|target|description|weight\n0|A|B|ab|1.0\n" +
		"\n\n-----Sources-----\nid|text\n0|short text\n"
	if c.Text != want {
		t.Errorf("context:\n%q\nwant\n%q", c.Text, want)
	}
	if n := b.Tokenizer().Count(c.Text); n > 400 {
		t.Errorf("context is %d tokens, budget 400", n)
	}
	if c.Budgets.Reports != 100 || c.Budgets.Local != 100 || c.Budgets.Sources != 200 {
		t.Errorf("budgets = %+v", c.Budgets)
	}
}

func TestLocalBudgetStopsAtOverflow(t *testing.T) {
	// With a rune tokenizer: E = 126 runes; iteration 1 adds R1 (2 rows) and
	// C; iteration 2 adds a third row. A local budget between the two
	// totals keeps iteration 1.
	b := newBuilder(t, smallParts(), Config{Tokenizer: runeTokenizer{}})
	tk := runeTokenizer{}
	r1 := "-----Relationships-----\nid|source|target|description|weight|links\n0|ALPHA|BETA|works with|2.0|1\n1|BETA|GAMMA|commands|1.5|1\n"
	total1 := tk.Count(wantEntities) + tk.Count(r1) + tk.Count(wantClaims)
	total2 := tk.Count(wantEntities) + tk.Count(wantRelationships) + tk.Count(wantClaims)
	p := emptyQueryParams()
	p.CommunityProp, p.TextUnitProp = 0, 0
	p.MaxContextTokens = total1
	c, err := b.Build(t.Context(), "", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if total2 <= total1 {
		t.Fatalf("test data: totals %d, %d", total1, total2)
	}
	// The sources share is 0 tokens: the reference still emits the header;
	// we leave a header-only table out (B19).
	const emptySources = ""
	want := wantEntities + "\n\n" + r1 + "\n\n" + wantClaims + emptySources
	if c.Text != want {
		t.Errorf("local section with budget %d:\n%q\nwant\n%q", total1, c.Text, want)
	}
	// One token less: iteration 1 overflows, only the entities remain,
	// followed by the reference's "\n\n".
	p.MaxContextTokens = total1 - 1
	c, _ = b.Build(t.Context(), "", nil, p)
	if c.Text != wantEntities+"\n\n"+emptySources {
		t.Errorf("budget %d: %q", total1-1, c.Text)
	}
	if r := c.Records["relationships"]; len(r.Rows) != 0 {
		t.Errorf("relationships records %v after iteration 1 overflowed", r)
	}
}

// TestB32NothingCarried: the reference writes links into shared
// relationships, so a later build's columns depend on earlier builds. Here
// a build's output depends only on its arguments.
func TestB32NothingCarried(t *testing.T) {
	parts := smallParts()
	parts.Relationships = parts.Relationships[:2] // r0 ALPHA-BETA, r1 BETA-GAMMA
	b := newBuilder(t, parts, Config{})
	pB := DefaultParams()
	pB.TopKMappedEntities = 0
	pB.IncludeEntityNames = []string{"ALPHA", "BETA"}
	fresh, err := b.Build(t.Context(), "", nil, pB)
	if err != nil {
		t.Fatal(err)
	}
	// A build that selects BETA alone makes r0 out-of-network with links.
	pA := DefaultParams()
	pA.TopKMappedEntities = 1
	a, _ := b.Build(t.Context(), "", nil, pA)
	if !strings.Contains(a.Text, "|links\n") {
		t.Fatalf("build A has no links column:\n%s", a.Text)
	}
	again, _ := b.Build(t.Context(), "", nil, pB)
	if again.Text != fresh.Text {
		t.Errorf("build B changed after build A:\nfresh: %q\nagain: %q", fresh.Text, again.Text)
	}
	want := "-----Relationships-----\nid|source|target|description|weight\n0|ALPHA|BETA|works with|2.0\n1|BETA|GAMMA|commands|1.5\n"
	if !strings.Contains(again.Text, want) {
		t.Errorf("build B relationships: want %q in\n%s", want, again.Text)
	}
	if rs := b.m.Relationships(); rs[0].Attributes != nil || rs[1].Attributes != nil {
		t.Errorf("relationships were mutated: %+v", rs[:2])
	}
}

func TestHistoryB30(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{})
	hist := []llm.Message{
		{Role: llm.RoleUser, Content: "哪个平台讨论最多？"}, {Role: llm.RoleAssistant, Content: "微博讨论最多。"},
		{Role: llm.RoleUser, Content: "负面情绪占比多少？"}, {Role: llm.RoleAssistant, Content: "约四成。"},
	}
	p := emptyQueryParams()
	p.ConversationHistoryMaxTurns = 1
	emb := &stubEmbedder{dim: 2}
	b.cfg.Embedder, b.cfg.VectorStore = emb, &exactStore{ids: []string{"e2"}, vecs: [][]float32{{0, 0}}}
	c, err := b.Build(t.Context(), "那它的正面情绪呢？", hist, p)
	if err != nil {
		t.Fatal(err)
	}
	wantSec := "-----Conversation History-----\nturn|content\nuser|负面情绪占比多少？\n"
	if !strings.HasPrefix(c.Text, wantSec+"\n\n") {
		t.Errorf("history section: want prefix %q, got\n%s", wantSec, c.Text)
	}
	if strings.Contains(c.Text, "哪个平台") {
		t.Errorf("older turn present")
	}
	if c.EmbeddedQuery != "那它的正面情绪呢？\n负面情绪占比多少？" {
		t.Errorf("embedded query %q", c.EmbeddedQuery)
	}
	if c.Budgets.History != (c.Budgets.Total-(c.Budgets.Total-c.Budgets.History)) || c.Budgets.History == 0 {
		t.Errorf("history tokens not counted: %+v", c.Budgets)
	}
	wantRep, _, _ := budgets(12000-b.cfg.Tokenizer.Count(wantSec), 0.15, 0.5)
	if c.Budgets.Reports != wantRep {
		t.Errorf("report budget %d, want %d (history subtracted)", c.Budgets.Reports, wantRep)
	}

	// Assistant turns included; two turns; newest kept when the budget
	// only holds one.
	p.ConversationHistoryMaxTurns = 5
	p.ConversationHistoryUserTurnsOnly = false
	c, _ = b.Build(t.Context(), "那它的正面情绪呢？", hist, p)
	want2 := "-----Conversation History-----\nturn|content\nuser|哪个平台讨论最多？\nassistant|微博讨论最多。\nuser|负面情绪占比多少？\nassistant|约四成。\n"
	if !strings.HasPrefix(c.Text, want2) {
		t.Errorf("two turns: got\n%s", c.Text)
	}
	one := "-----Conversation History-----\nturn|content\nuser|负面情绪占比多少？\nassistant|约四成。\n"
	p.MaxContextTokens = b.cfg.Tokenizer.Count(one)
	c, _ = b.Build(t.Context(), "那它的正面情绪呢？", hist, p)
	if !strings.HasPrefix(c.Text, one) || strings.Contains(c.Text, "哪个平台") {
		t.Errorf("over budget: oldest turn must go first; got\n%s", c.Text)
	}

	// Empty history: no section, no error; an empty non-nil history still
	// adds "\n" to the embedded query, as in the reference.
	c, err = b.Build(t.Context(), "q", []llm.Message{}, emptyQueryParams())
	if err != nil || strings.Contains(c.Text, "Conversation") || c.EmbeddedQuery != "q\n" {
		t.Errorf("empty history: err %v, embedded %q\n%s", err, c.EmbeddedQuery, c.Text)
	}
	if _, err := b.Build(t.Context(), "q", []llm.Message{{Role: "robot", Content: "x"}}, emptyQueryParams()); !errors.Is(err, ErrConfig) {
		t.Errorf("invalid role: %v", err)
	}
}

func TestEmptyKnowledgeB24b(t *testing.T) {
	b := newBuilder(t, knowledge.Parts{}, Config{})
	if _, err := b.Build(t.Context(), "任何问题", nil, DefaultParams()); !errors.Is(err, ErrEmptyKnowledge) || err.Error() != "localsearch: knowledge graph is empty" {
		t.Errorf("Build on an empty model: %v", err)
	}
}

// TestBuilderRelationshipIndex: the builder's relationships are the
// model's, each id once (the first; records without an id always kept),
// and the relationships touching a title are those whose source or
// target it is, ascending, a loop once — computed here by a plain scan.
func TestBuilderRelationshipIndex(t *testing.T) {
	rels := []knowledge.Relationship{
		{ID: "r1", Source: "A", Target: "B"},
		{ID: "r2", Source: "B", Target: "C"},
		{ID: "r1", Source: "C", Target: "A", Description: "repeat"},
		{ID: "", Source: "A", Target: "A"},
		{ID: "", Source: "A", Target: "D"},
		{ID: "r3", Source: "X", Target: "B"},
	}
	for _, c := range []struct {
		name string
		rels []knowledge.Relationship
	}{{"ids repeat", rels}, {"ids unique", rels[3:]}} {
		m, err := knowledge.New(knowledge.Parts{Entities: []knowledge.Entity{{ID: "a", Title: "A"}, {ID: "b", Title: "B"}, {ID: "c", Title: "C"}}, Relationships: c.rels})
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewContextBuilder(m, Config{})
		if err != nil {
			t.Fatal(err)
		}
		var want []knowledge.Relationship
		seen := map[string]bool{}
		for _, r := range c.rels {
			if r.ID != "" && seen[r.ID] {
				continue
			}
			seen[r.ID] = true
			want = append(want, r)
		}
		if !slices.EqualFunc(b.rels, want, func(x, y knowledge.Relationship) bool { return cmp.Equal(x, y) }) {
			t.Fatalf("%s: relationships %+v, want %+v", c.name, b.rels, want)
		}
		for _, title := range []string{"A", "B", "C", "D", "X", "none"} {
			var touching []int32
			for i, r := range want {
				if r.Source == title || r.Target == title {
					touching = append(touching, int32(i))
				}
			}
			if got := b.relsOf(title); !slices.Equal(got, touching) {
				t.Errorf("%s: relationships of %s: %v, want %v", c.name, title, got, touching)
			}
		}
	}
}

// A follow-up naming nothing ("那后来呢？": no content terms) is built with
// the assistant's answers in its history although the user turns only are
// asked for (historyParams), so a model sees what it has said; a question
// with content terms keeps the user turns only. Without historyParams the
// first build shows no answer.
func TestHistoryEllipticShowsAnswers(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{})
	hist := []llm.Message{{Role: llm.RoleUser, Content: "哪个平台讨论最多？"}, {Role: llm.RoleAssistant, Content: "微博讨论最多。"}}
	p := emptyQueryParams()
	b.cfg.Embedder, b.cfg.VectorStore = &stubEmbedder{dim: 2}, &exactStore{ids: []string{"e2"}, vecs: [][]float32{{0, 0}}}
	for q, want := range map[string]bool{"那后来呢？": true, "负面情绪占比多少？": false} {
		c, err := b.Build(t.Context(), q, hist, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(c.Text, "assistant|微博讨论最多。"); got != want {
			t.Errorf("%s: answer in the history %v, want %v\n%s", q, got, want, c.Text)
		}
	}
}
