package knowledge

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAnchoredCountOracle: anchoredCount, at every anchor position, counts
// what countIn (strings.Count, or strings.Index with the word-start rule)
// counts, on random texts over a small alphabet (so that words repeat,
// overlap and touch letters) and on cases written out.
func TestAnchoredCountOracle(t *testing.T) {
	cases := []struct{ s, w string }{
		{"aaaa", "aa"}, {"aaa", "aa"}, {"哈哈哈", "哈哈"}, {"樱花樱花季樱", "樱花"},
		{"agent agents reagent", "agent"}, {"x-agent,agent", "agent"}, {"", "a"}, {"a", "ab"},
		{"ab", "ab"}, {"武汉大学舆情", "舆情"}, {"舆情", "舆情"}, {"情舆情舆", "舆情"}, {"7agent", "agent"},
	}
	for _, c := range cases {
		for _, anywhere := range []bool{true, false} {
			want := countIn(c.s, c.w, anywhere)
			for k := range len(c.w) {
				if got := anchoredCount(c.s, c.w, k, anywhere); got != want {
					t.Errorf("anchoredCount(%q, %q, %d, %v) = %d, countIn %d", c.s, c.w, k, anywhere, got, want)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 9))
	alphabet := []string{"a", "b", "ab", " ", "樱", "花", "樱花", "-", "1", "é"}
	pick := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return sb.String()
	}
	for range 20000 {
		s, w := pick(rng.IntN(30)), pick(1+rng.IntN(3))
		for _, anywhere := range []bool{true, false} {
			want := countIn(s, w, anywhere)
			for k := range len(w) {
				if got := anchoredCount(s, w, k, anywhere); got != want {
					t.Fatalf("anchoredCount(%q, %q, %d, %v) = %d, countIn %d", s, w, k, anywhere, got, want)
				}
			}
		}
	}
}

// TestLexicalCountMemo: a word counted again gives the same hits (from the
// memo), and the memo holds no more than memoHits hits, the oldest words
// leaving first.
func TestLexicalCountMemo(t *testing.T) {
	m := lexModel(t)
	x := m.Lexical()
	first, n1 := x.count("樱花")
	again, n2 := x.count("樱花")
	if n1 != n2 || len(first) != len(again) || n1 == 0 {
		t.Fatalf("count twice: %d/%d hits, %d/%d total", len(first), len(again), n1, n2)
	}
	for i := range first {
		if first[i] != again[i] {
			t.Fatalf("hit %d: %v then %v", i, first[i], again[i])
		}
	}
	var c countMemo
	big := make([]docHit, memoHits/2+1)
	c.put("a", countResult{hits: big})
	c.put("b", countResult{hits: big})
	if _, ok := c.get("a"); ok {
		t.Error("the oldest word is still held past the bound")
	}
	if _, ok := c.get("b"); !ok {
		t.Error("the newest word is not held")
	}
	if c.held > memoHits {
		t.Errorf("held %d hits, bound %d", c.held, memoHits)
	}
	c.put("huge", countResult{hits: make([]docHit, memoHits+1)})
	if _, ok := c.get("huge"); ok {
		t.Error("a result over the bound is held")
	}
}
