package localsearch

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
)

// TestEmptyClaimsSlot: the API passes {"claims": []} when an index has no
// covariates; the empty covariate table still adds its "\n\n" separator
// (reference §3.7, §3.9.4).
func TestEmptyClaimsSlot(t *testing.T) {
	parts := smallParts()
	parts.Covariates = map[string][]knowledge.Covariate{"claims": {}}
	b := newBuilder(t, parts, Config{})
	c, err := b.Build(t.Context(), "", nil, emptyQueryParams())
	if err != nil {
		t.Fatal(err)
	}
	want := wantReports + "\n\n" + wantEntities + "\n\n" + wantRelationships + "\n\n" + "" + "\n\n" + wantSources
	if c.Text != want {
		t.Errorf("context:\n%q\nwant\n%q", c.Text, want)
	}
	if rec, ok := c.Records["claims"]; !ok || len(rec.Rows) != 0 {
		t.Errorf("claims records %+v, %v", rec, ok)
	}
}

// TestRuneSafeB18: records are never cut; a Chinese text unit either fits
// whole or is left out, and the context and its records stay valid UTF-8
// and re-parse as JSON.
func TestRuneSafeB18(t *testing.T) {
	parts := knowledge.Parts{
		Entities:  []knowledge.Entity{{ID: "a", ShortID: "0", Title: "舆情", Description: "舆情分析报告的主体", Rank: 1, HasRank: true, TextUnitIDs: []string{"u"}}},
		TextUnits: []knowledge.TextUnit{{ID: "u", ShortID: "0", Text: "舆情分析报告"}},
	}
	b := newBuilder(t, parts, Config{Tokenizer: runeTokenizer{}})
	header := utf8.RuneCountInString("-----Sources-----\nid|text\n")
	row := utf8.RuneCountInString("0|舆情分析报告\n")
	for budget := header; budget <= header+row; budget++ {
		p := emptyQueryParams()
		p.MaxContextTokens, p.CommunityProp, p.TextUnitProp = 1000, 0, float64(budget)/1000+1e-9
		c, err := b.Build(t.Context(), "", nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.ValidString(c.Text) || strings.ContainsRune(c.Text, utf8.RuneError) {
			t.Fatalf("budget %d: invalid UTF-8", budget)
		}
		fits := budget >= header+row
		if got := strings.Contains(c.Text, "0|舆情分析报告\n"); got != fits {
			t.Errorf("budget %d: text unit present = %v, want %v", budget, got, fits)
		}
		if !fits && strings.Contains(c.Text, "舆情分析报") && !strings.Contains(c.Text, "舆情分析报告") {
			t.Errorf("budget %d: a cut text unit", budget)
		}
		raw, err := json.Marshal(c.Records)
		if err != nil {
			t.Fatal(err)
		}
		var back Records
		if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, c.Records) {
			t.Errorf("budget %d: records do not round-trip through JSON: %v", budget, err)
		}
	}
}

func TestDulceExactEntityAndClaimRows(t *testing.T) {
	b, m := dulceBuilder(t)
	c, err := b.Build(t.Context(), "", nil, DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	e := c.Entities[0] // DULCE BASE
	row := e.ShortID + "|" + e.Title + "|" + e.Description + "|" + strconv.Itoa(e.Rank) + "\n"
	if !strings.Contains(c.Text, "-----Entities-----\nid|entity|description|number of relationships\n"+row) {
		t.Errorf("first entity row %q not found", row)
	}
	claims := m.Covariates()["claims"]
	if len(claims) == 0 {
		t.Fatal("no claims")
	}
	if !strings.Contains(c.Text, "-----claims-----\nid|entity|object_id|status|start_date|end_date|description\n") {
		t.Errorf("claims header missing")
	}
	// The first claim about DULCE BASE, formatted from its attributes.
	for _, cl := range claims {
		if cl.SubjectID != e.Title {
			continue
		}
		var parts []string
		for _, a := range cl.Attributes {
			parts = append(parts, a.Value)
		}
		want := cl.ShortID + "|" + cl.SubjectID + "|" + strings.Join(parts, "|") + "\n"
		if !strings.Contains(c.Text, "\n"+want) {
			t.Errorf("claim row %q not found", want)
		}
		break
	}
}

// TestReportOptions: include_community_rank, use_community_summary and
// min_community_rank on the small model; a rank filter that leaves no
// report omits the section instead of the reference's literal "[]"
// (§10 #2).
func TestReportOptions(t *testing.T) {
	b := newBuilder(t, smallParts(), Config{})
	tests := []struct {
		name string
		set  func(*Params)
		want string // the report section, "" = none
	}{
		{"min rank 8", func(p *Params) { p.MinCommunityRank = 8 },
			"-----Reports-----\nid|title|content\n1|Team|\"# Team\n\nAlpha and Beta.\"\n"},
		{"min rank 9: no report", func(p *Params) { p.MinCommunityRank = 9 }, ""},
		{"renamed section", func(p *Params) { p.CommunityContextName = "Communities" },
			"-----Communities-----\nid|title|content\n1|Team|\"# Team\n\nAlpha and Beta.\"\n2|Far|Gamma region\n"},
	}
	for _, tt := range tests {
		p := emptyQueryParams()
		tt.set(&p)
		c, err := b.Build(t.Context(), "", nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == "" {
			if !strings.HasPrefix(c.Text, "-----Entities-----") || strings.Contains(c.Text, "[]") || len(c.Records["reports"].Rows) != 0 {
				t.Errorf("%s: context starts %.40q", tt.name, c.Text)
			}
			continue
		}
		if !strings.HasPrefix(c.Text, tt.want+"\n\n-----Entities-----") {
			t.Errorf("%s: context starts\n%.200q\nwant\n%q", tt.name, c.Text, tt.want)
		}
		if _, ok := c.Records[strings.ToLower(p.CommunityContextName)]; !ok {
			t.Errorf("%s: no records under %q", tt.name, strings.ToLower(p.CommunityContextName))
		}
	}
}

// No entity row fits the local budget (long descriptions) but the
// relationship and claim tables do: they stay, as the reference keeps
// them; only the entity table, which has no row, is left out (B19). With
// no row in any table the section is left out.
func TestClaimsKeptWithoutEntityRows(t *testing.T) {
	parts := smallParts()
	long := strings.Repeat("a very long description ", 200)
	parts.Entities[0].Description = long
	parts.Entities[1].Description = long
	b := newBuilder(t, parts, Config{})
	p := emptyQueryParams()
	p.MaxContextTokens, p.CommunityProp, p.TextUnitProp = 300, 0, 0
	c, err := b.Build(t.Context(), "", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if want := wantRelationships + "\n\n" + wantClaims; c.Text != want {
		t.Errorf("context:\n%q\nwant\n%q", c.Text, want)
	}
	if len(c.Records["entities"].Rows) != 0 || len(c.Records["claims"].Rows) != 1 {
		t.Errorf("records: entities %v, claims %v", c.Records["entities"].Rows, c.Records["claims"].Rows)
	}
	p.MaxContextTokens = 12 // the headers alone
	if c, err = b.Build(t.Context(), "", nil, p); err != nil {
		t.Fatal(err)
	}
	if c.Text != "" || slices.Contains(c.Sections, "Entities") {
		t.Errorf("nothing fits: %q %v", c.Text, c.Sections)
	}
}
