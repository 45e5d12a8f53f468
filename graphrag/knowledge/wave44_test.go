package knowledge

import (
	"context"
	"slices"
	"testing"
)

// A subject named more often than maxWordChecks (李明, 132 times in the
// sample) is read whole for a sentence telling former work: none does, so
// the question asks for a fact the knowledge never states (heldout44 line
// 19); 王芳's former work is still asked where only her present work is
// told, and a question about the shop's choice of place asks none.
func TestFormerWorkReadWhole(t *testing.T) {
	m, err := FromGraph(context.Background(), coffeeGraph(t), GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	x := m.Lexical()
	if hits, _ := x.count("李明"); len(hits) == 0 || x.occurrences("李明") <= maxWordChecks {
		t.Fatalf("李明 occurs %d times, want more than %d for this test to hold", x.occurrences("李明"), maxWordChecks)
	}
	for q, want := range map[string]bool{
		"李明开咖啡店之前是做什么工作的？是辞职出来创业的吗？": true,
		"店长王芳以前在哪儿工作过？":              true,
		"李明为什么选择写字楼商圈？":              false,
	} {
		if got := slices.Contains(x.Unasked(q), "职业"); got != want {
			t.Errorf("Unasked(%q) = %v: 职业 among them %v, want %v", q, x.Unasked(q), got, want)
		}
	}
}

// occurrences counts w in every document (a test's plain count).
func (x *Lexical) occurrences(w string) int {
	_, total := x.count(w)
	return total
}
