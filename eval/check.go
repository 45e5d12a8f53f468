package eval

import "fmt"

// Thresholds are the figures a run must reach for `eval --check` to pass.
// DefaultThresholds are the issue's: no false refusal, assertion recall
// 0.9, every citation valid, every off-topic question refused.
type Thresholds struct {
	MaxFalseRefusals    int
	MinRecall           float64 // assertion recall, 0–1
	MinCitationValidity float64 // 0–1
	MinOffTopicRefusal  float64 // 0–1
}

// DefaultThresholds: 0 false refusals, recall 0.9, citation validity 1,
// off-topic refusals 1.
var DefaultThresholds = Thresholds{MaxFalseRefusals: 0, MinRecall: 0.9, MinCitationValidity: 1, MinOffTopicRefusal: 1}

// Check returns one sentence for each figure of t that misses its
// threshold ("assertion recall 0.88 under 0.90"), in the order false
// refusals, assertion recall, citation validity, off-topic refusals; nil
// when every figure reaches it. A figure equal to its threshold passes.
func (t Totals) Check(th Thresholds) []string {
	var out []string
	if t.FalseRefusals > th.MaxFalseRefusals {
		out = append(out, fmt.Sprintf("false refusals %d over %d", t.FalseRefusals, th.MaxFalseRefusals))
	}
	if t.AssertionRecall < th.MinRecall {
		out = append(out, fmt.Sprintf("assertion recall %.4g under %.4g", t.AssertionRecall, th.MinRecall))
	}
	if t.CitationValidity < th.MinCitationValidity {
		out = append(out, fmt.Sprintf("citation validity %.4g under %.4g", t.CitationValidity, th.MinCitationValidity))
	}
	if t.OffTopicRefusal < th.MinOffTopicRefusal {
		out = append(out, fmt.Sprintf("off-topic refusals %.4g under %.4g", t.OffTopicRefusal, th.MinOffTopicRefusal))
	}
	return out
}
