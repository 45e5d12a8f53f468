package localsearch

import (
	"slices"
	"strings"
	"testing"

	"reportengine/internal/fixture"
)

// withTopUnits adds, as candidates of no selected entity, the highest
// scoring text units that score above every candidate already there, the
// lower index first among equal scores, at most n, none twice.
func TestWithTopUnits(t *testing.T) {
	score := []float64{0.5, 0.2, 0.9, 0.7, 0.6, 0.9, 0, 0.4}
	got := withTopUnits([]unitCand{{0, 0, 1}, {1, 1, 0}}, score, 2, 3)
	var added []int
	for _, c := range got[2:] {
		if c.ent != 2 {
			t.Errorf("unit %d added as entity %d's, want 2 (after every selected one)", c.u, c.ent)
		}
		added = append(added, c.u)
	}
	if want := []int{2, 5, 3}; !slices.Equal(added, want) {
		t.Errorf("added units %v, want %v (above 0.5, best first, 2 before 5)", added, want)
	}
	if got := withTopUnits([]unitCand{{2, 0, 0}}, score, 1, 3); len(got) != 1 {
		t.Errorf("no unit scores above the best candidate's 0.9, yet %d were added", len(got)-1)
	}
	if got := withTopUnits(nil, []float64{0, 0}, 0, 3); len(got) != 0 {
		t.Errorf("units scoring 0 added: %v", got)
	}
}

// A forum speech kept on an engine node (an entity never selected) holds
// the answer to the fixture's sentiment tracking question; it reaches the
// sources section because it holds more of the question's words than any
// unit of the selected entities (heldout43 line 12: the answer opened with
// an unrelated sentence before).
func TestTopUnitReachesSources(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
	c, err := b.Build(t.Context(), "有一份情感追踪说，某次武大舆情曝光后正面情绪三天内断崖式下跌。从多少跌到了多少？负面情绪里哪一类一下子成了主导？", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	rows := c.Records["sources"].Rows
	if len(rows) == 0 || !strings.Contains(rows[0][1], "31%") && !strings.Contains(rows[0][1], "31.2%") {
		first := ""
		if len(rows) > 0 {
			first = rows[0][1]
		}
		t.Errorf("the first source is not the sentiment tracking (31%% on the first day): %.200s", first)
	}
}

// A question on what negative comments bear is answered by the complaints,
// not by the shares of sentiment: no Sentiment section (the new-user trial
// of session 30 saw "负面评论主要集中在哪些方面？" open with 负面10%); a
// question asking the share still gets one.
func TestSentimentAspectsNoShares(t *testing.T) {
	b := graphBuilder(t, fixture.Coffee(t))
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
	for q, want := range map[string]bool{"负面评论主要集中在哪些方面？": false, "负面评论占多少？": true} {
		c, err := b.Build(t.Context(), q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(c.Sections, SentimentName); got != want {
			t.Errorf("%s: a Sentiment section %v, want %v (sections %v)", q, got, want, c.Sections)
		}
	}
}
