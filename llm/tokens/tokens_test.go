package tokens

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

func TestCountKnownValues(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello world", 2}, // tiktoken o200k_base: [24912, 2375]
		{"hello", 1},
	}
	for _, tt := range tests {
		if got := Count(tt.in); got != tt.want {
			t.Errorf("Count(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestCountMatchesLibraryEncodeLength(t *testing.T) {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"舆情分析报告：武汉大学樱花季的网络讨论在三天内迅速升温。",
		"官方通报已发布，短视频传播最快。",
		"Mixed 中英文 text, with numbers 2025-08-27.",
	} {
		ids, _, err := c.Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := Count(s); got != len(ids) {
			t.Errorf("Count(%q) = %d, library Encode gives %d tokens", s, got, len(ids))
		}
		if got := (Counter{}).Count(s); got != len(ids) {
			t.Errorf("Counter.Count(%q) = %d, want %d", s, got, len(ids))
		}
	}
}

func TestTruncateCJK(t *testing.T) {
	s := strings.Repeat("舆情分析报告，网络讨论迅速升温。", 4)
	total := Count(s)
	for limit := 0; limit <= total+1; limit++ {
		got := Truncate(s, limit)
		if !utf8.ValidString(got) {
			t.Fatalf("Truncate(s, %d) is not valid UTF-8: %q", limit, got)
		}
		if strings.ContainsRune(got, utf8.RuneError) {
			t.Fatalf("Truncate(s, %d) contains U+FFFD", limit)
		}
		if n := Count(got); n > limit {
			t.Fatalf("Truncate(s, %d) has %d tokens", limit, n)
		}
		if !strings.HasPrefix(s, got) {
			t.Fatalf("Truncate(s, %d) is not a prefix", limit)
		}
		if limit >= total && got != s {
			t.Fatalf("Truncate(s, %d) cut a text of %d tokens", limit, total)
		}
		first, _ := utf8.DecodeRuneInString(s)
		if limit >= Count(string(first)) && got == "" {
			t.Fatalf("Truncate(s, %d) = \"\" though the first rune fits", limit)
		}
	}
}

// longestPrefix is the reference answer, computed independently of the
// code under test: the longest prefix of s cut on a rune boundary whose
// token count is at most limit, found by trying every boundary.
func longestPrefix(s string, limit int) string {
	best := ""
	for i := range s {
		if i > 0 && Count(s[:i]) <= limit {
			best = s[:i]
		}
	}
	if Count(s) <= limit {
		best = s
	}
	return best
}

// checkTruncation holds a truncation to its documented contract against
// the reference: a valid UTF-8 prefix within the budget, and no shorter
// than the longest such prefix by more than one token's worth of runes
// (so "" passes only when not even the first rune fits).
func checkTruncation(t *testing.T, name, s string, limit int, got string) {
	t.Helper()
	best := longestPrefix(s, limit)
	switch {
	case !utf8.ValidString(got) || !strings.HasPrefix(s, got):
		t.Errorf("%s(%q, %d) = %q: not a valid UTF-8 prefix", name, s, limit, got)
	case Count(got) > limit:
		t.Errorf("%s(%q, %d) = %q: %d tokens", name, s, limit, got, Count(got))
	case best != "" && got == "":
		t.Errorf("%s(%q, %d) = \"\", but %q (%d tokens) fits", name, s, limit, best, Count(best))
	case len(got) > len(best):
		t.Errorf("%s(%q, %d) = %q is longer than the longest fitting prefix %q", name, s, limit, got, best)
	case Count(best[len(got):]) > 1:
		t.Errorf("%s(%q, %d) = %q: %q more fits (%d tokens of them)", name, s, limit, got, best, Count(best[len(got):]))
	}
}

func TestTruncateB18(t *testing.T) {
	// B18: "舆情分析报告" packed into a small budget yields a rune-boundary
	// prefix, as long as the budget allows.
	s := "舆情分析报告"
	if Count(s) < 2 {
		t.Fatalf("Count(%q) = %d: the test needs a text of several tokens", s, Count(s))
	}
	for limit := 1; limit <= Count(s); limit++ {
		checkTruncation(t, "Truncate", s, limit, Truncate(s, limit))
	}
}

func TestTruncateSlowPathAgrees(t *testing.T) {
	s := "舆情分析报告 hello world 网络讨论"
	for limit := 1; limit <= Count(s); limit++ {
		slow := truncateByCountWith(codec(), s, limit)
		checkTruncation(t, "truncateByCountWith", s, limit, slow)
		if fast := Truncate(s, limit); fast != slow {
			t.Errorf("Truncate(%q, %d) = %q, slow path %q", s, limit, fast, slow)
		}
	}
}

func TestCountConcurrent(t *testing.T) {
	done := make(chan int)
	for range 8 {
		go func() { done <- Count("舆情分析报告 hello world") }()
	}
	want := Count("舆情分析报告 hello world")
	for range 8 {
		if got := <-done; got != want {
			t.Errorf("concurrent Count = %d, want %d", got, want)
		}
	}
}

func BenchmarkCount(b *testing.B) {
	s := strings.Repeat("舆情分析报告：武汉大学樱花季的网络讨论在三天内迅速升温。The official notice was published. ", 50)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	Count(s) // build the codec before b.Loop starts the timer
	for b.Loop() {
		Count(s)
	}
}
