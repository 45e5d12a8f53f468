package localsearch

import (
	"testing"

	"reportengine/graphrag/knowledge"
)

// A follow-up pointing back with a pronoun takes its subject from the
// conversation though the knowledge never uses what it says was done
// (处理: "他后来怎么处理的？" after "7月断货是怎么回事？", new-user trial
// 39), but not a thing the knowledge never names (红烧肉).
func TestRefersBackPredicateUnused(t *testing.T) {
	for _, tc := range []struct {
		q     string
		stats []knowledge.TermStat
		want  bool
	}{
		{"他后来怎么处理的？", []knowledge.TermStat{{Term: "处理"}}, true},
		{"他喜欢吃红烧肉吗？", []knowledge.TermStat{{Term: "喜欢", Count: 5}, {Term: "红烧肉"}}, false},
		{"他后来怎么处理的？", []knowledge.TermStat{{Term: "处理", Count: 9}}, true},
	} {
		if got := refersBack(tc.q, tc.stats); got != tc.want {
			t.Errorf("refersBack(%s) = %v, want %v", tc.q, got, tc.want)
		}
	}
}
