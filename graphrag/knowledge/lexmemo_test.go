package knowledge

import (
	"reflect"
	"testing"

	"reportengine/text"
)

// Search returns what the plain search computes, a kept result for the
// same terms (the same value, not recomputed), and another result for
// terms that differ only in their parts or synonyms; the oldest result
// goes once searchMemoSize others were searched.
func TestSearchMemo(t *testing.T) {
	x := lexModel(t).Lexical()
	plain := lexModel(t).Lexical()      // never memoised: the oracle
	whole := []text.Term{{Text: "樱花节"}} // not in the texts
	parts := []text.Term{{Text: "樱花节", Parts: []string{"樱花"}}}
	syn := []text.Term{{Text: "樱花节", Synonyms: []string{"网友"}}}
	first := x.Search(whole)
	if got := x.Search(whole); got != first {
		t.Error("the same terms searched again: recomputed, want the kept result")
	}
	for _, ts := range [][]text.Term{whole, parts, syn} {
		if got, want := x.Search(ts), plain.search(ts); !reflect.DeepEqual(got, want) {
			t.Errorf("Search(%+v) = %+v, want %+v", ts, got, want)
		}
	}
	// the parts and the synonyms change the result: a key without them
	// would return the first search's
	if reflect.DeepEqual(plain.search(whole), plain.search(parts)) || reflect.DeepEqual(plain.search(whole), plain.search(syn)) {
		t.Fatal("the test's terms do not tell the key's parts apart")
	}
	for i := range searchMemoSize {
		x.Search([]text.Term{{Text: string(rune('a' + i))}})
	}
	if got := x.Search(whole); got == first || !reflect.DeepEqual(got, first) {
		t.Errorf("after %d other searches: same kept result %v, equal %v; want a recomputed equal one", searchMemoSize, got == first, reflect.DeepEqual(got, first))
	}
}

// termsKey tells apart lists that concatenate to the same strings.
func TestTermsKey(t *testing.T) {
	lists := [][]text.Term{
		{{Text: "ab"}},
		{{Text: "a"}, {Text: "b"}},
		{{Text: "a", Parts: []string{"b"}}},
		{{Text: "a", Synonyms: []string{"b"}}},
		{{Text: "a", Parts: []string{"b", ""}}},
		nil,
	}
	seen := map[string]int{}
	for i, l := range lists {
		k := termsKey(l)
		if j, ok := seen[k]; ok {
			t.Errorf("lists %d and %d share the key %q", j, i, k)
		}
		seen[k] = i
	}
}
