package offline

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The memo gives parseRecord's sentences for every file of the sample's
// engine reports and forum log, asked twice (the second from the memo),
// and parseRecord's sentences are those of an independent reading:
// splitClauses, each classified after the clause before it, its terms
// and its lower-cased text after its heading.
func TestRecordMemoMatchesPlain(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "coffee-shop", "*", "*"))
	if len(files) < 4 {
		t.Fatalf("sample files: %v", files)
	}
	var memo recordMemo
	n, dropped := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raw := string(data)
		want := parseRecord(raw)
		for range 2 {
			if got := memo.sentences(raw); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: the memo's sentences differ from parseRecord's", f)
			}
		}
		cs := splitClauses(raw)
		if len(cs) != len(want) {
			t.Fatalf("%s: %d sentences, %d clauses", f, len(want), len(cs))
		}
		prev := ""
		for i, c := range cs {
			w := want[i]
			if w.text != c.text || w.bookkeeping != isBookkeeping(c.text, prev) {
				t.Fatalf("%s: sentence %d %q bookkeeping %v; clause %q after %q", f, i, w.text, w.bookkeeping, c.text, prev)
			}
			if !w.bookkeeping && (w.lower != strings.ToLower(strings.TrimSpace(c.heading+" "+c.text)) || !reflect.DeepEqual(w.terms, matchTerms(c.text))) {
				t.Fatalf("%s: sentence %d %q: lower %q, terms %v", f, i, w.text, w.lower, w.terms)
			}
			n++
			if w.bookkeeping {
				dropped++
			}
			prev = c.text
		}
	}
	if n < 200 || dropped == 0 || dropped == n {
		t.Fatalf("%d sentences, %d dropped: the sample does not exercise both verdicts", n, dropped)
	}
}

// The memo parses a held record once, and its texts stay within
// maxMemoBytes.
func TestRecordMemoBounded(t *testing.T) {
	var m recordMemo
	rec := strings.Repeat("咖", 1000) // 3000 bytes
	for i := range maxMemoBytes/3000 + 10 {
		m.sentences(rec + string(rune('a'+i%26)) + strings.Repeat("x", i/26))
		if b := m.Held(); b > maxMemoBytes {
			t.Fatalf("%d bytes held after %d records, bound %d", b, i+1, maxMemoBytes)
		}
	}
	held := "李明的咖啡店开在大学城。"
	first := m.sentences(held)
	b := m.Held()
	if again := m.sentences(held); &again[0] != &first[0] {
		t.Error("a held record was parsed again")
	}
	if b2 := m.Held(); b2 != b {
		t.Errorf("asking a held record again changed the memo: %d bytes → %d", b, b2)
	}
}

// contextSentences leaves a record's bookkeeping out (a search record's
// "网络搜索「…」，3 条结果"), and the sentence before it does not run on into
// the one after it (joinsNext is cut where a sentence was left out).
func TestContextSentencesSkipBookkeeping(t *testing.T) {
	text := "李明的咖啡店开在大学城；网络搜索「李明咖啡店 拿铁 定价」，3 条结果。\n拿铁定价二十八元，比连锁门店低四元。"
	parsed := parseRecord(text)
	if len(parsed) != 3 || !parsed[1].bookkeeping || parsed[0].bookkeeping || parsed[2].bookkeeping || !parsed[0].joinsNext {
		t.Fatalf("parseRecord: %+v", parsed)
	}
	sents := contextSentences([]ctxTable{{name: "Sources", header: []string{"id", "text"}, rows: [][]string{{"7", text}}}})
	if len(sents) != 2 || sents[0].text != parsed[0].text || sents[1].text != parsed[2].text {
		t.Fatalf("contextSentences: %d sentences %+v", len(sents), sents)
	}
	if sents[0].joinsNext {
		t.Errorf("%q runs on into %q past the bookkeeping left out between them", sents[0].text, sents[1].text)
	}
}
