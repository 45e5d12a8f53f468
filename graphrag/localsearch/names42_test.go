package localsearch

import (
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
)

// A person the fixture holds prominently (张平文, whom the dictionary does
// not know) is a subject the question names: a second name held only in
// passing (新华社) no longer makes the question look off-topic; asked
// alone, 新华社 still does.
func TestPersonNameHeldIsSubject(t *testing.T) {
	checkWeak(t, graphBuilder(t, fixture.BettaFish(t)), map[string]bool{
		"张平文校长被记者追问会不会撤销对肖同学的处分时，原话是怎么说的？新华社后来怎样评价这种表态？": false,
		"新华社后来怎样评价这种表态？": true,
	})
}

// predicateOnly: a follow-up of verbs only takes the earlier subject; a
// noun, a name, a person or an English word is a subject of its own.
func TestPredicateOnly(t *testing.T) {
	st := func(ws ...string) []knowledge.TermStat {
		out := make([]knowledge.TermStat, len(ws))
		for i, w := range ws {
			out[i] = knowledge.TermStat{Term: w}
		}
		return out
	}
	for _, tc := range []struct {
		stats []knowledge.TermStat
		want  bool
	}{
		{st("撤销"), true},
		{st("撤销", "道歉"), true},
		{st("樱花", "撤销"), false}, // a noun
		{st("北京", "撤销"), false}, // a common name (no IsName)
		{st("张平文"), false},      // a person
		{st("revoke"), false},   // not Chinese: judged alone
		{nil, false},
	} {
		if got := predicateOnly(tc.stats); got != tc.want {
			t.Errorf("predicateOnly(%v) = %v, want %v", tc.stats, got, tc.want)
		}
	}
}
