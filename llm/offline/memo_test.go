package offline

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// listingAfter is a short meta sentence that is a list line's heading after
// a list line (text.PageNoise: Listing, kept) and a sentence about the
// research on its own (Meta, dropped): the verdict depends on the sentence
// before it.
const (
	listingAfter = "本报告旨在梳理舆情"
	outlineLine  = "一、事件概述"
)

// The memo gives the plain function's verdict for every sentence of the
// sample's engine reports and forum log, asked twice (the second from the
// memo), and for a sentence whose verdict depends on the one before it.
func TestBookkeepingMemoMatchesPlain(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "examples", "coffee-shop", "*", "*"))
	if len(files) < 4 {
		t.Fatalf("sample files: %v", files)
	}
	n, dropped := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		prev := ""
		for _, c := range splitClauses(string(data)) {
			want := plainBookkeeping(c.text, prev)
			for range 2 {
				if got := isBookkeeping(c.text, prev); got != want {
					t.Fatalf("%s: isBookkeeping(%q, %q) = %v, plain %v", f, c.text, prev, got, want)
				}
			}
			n++
			if want {
				dropped++
			}
			prev = c.text
		}
	}
	if n < 200 || dropped == 0 || dropped == n {
		t.Fatalf("%d sentences, %d dropped: the sample does not exercise both verdicts", n, dropped)
	}
	if plainBookkeeping(listingAfter, outlineLine) == plainBookkeeping(listingAfter, "") {
		t.Fatalf("%q: the same verdict after %q and alone; the case no longer depends on the sentence before", listingAfter, outlineLine)
	}
	var m verdictMemo
	for _, prev := range []string{"", outlineLine, ""} {
		if got, want := m.verdict(listingAfter, prev, plainBookkeeping), plainBookkeeping(listingAfter, prev); got != want {
			t.Errorf("after %q: %v, want %v (the memo's key must hold the sentence before)", prev, got, want)
		}
	}
}

// The memo computes a held verdict once and holds at most maxMemoEntries.
func TestVerdictMemoBounded(t *testing.T) {
	var m verdictMemo
	calls := 0
	f := func(s, _ string) bool { calls++; return len(s)%2 == 0 }
	for i := range maxMemoEntries + 10 {
		m.verdict(strconv.Itoa(i), "", f)
		if m.size() > maxMemoEntries {
			t.Fatalf("%d entries after %d sentences, bound %d", m.size(), i+1, maxMemoEntries)
		}
	}
	last := strconv.Itoa(maxMemoEntries + 9)
	before := calls
	if got := m.verdict(last, "", f); got != (len(last)%2 == 0) || calls != before {
		t.Errorf("held sentence: verdict %v, %d more calls", got, calls-before)
	}
	if m.verdict(last, "x", f); calls != before+1 {
		t.Errorf("another previous sentence: %d calls, want one", calls-before)
	}
}
