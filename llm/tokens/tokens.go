package tokens

import (
	"sync"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"

	"reportengine/llm"
)

// Encoding is the tokenizer encoding every function of this package uses.
const Encoding = "o200k_base"

var codec = sync.OnceValue(func() tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		// The encoding is compiled into the binary; failing here means the
		// library itself is broken, not the input.
		panic("tokens: loading " + Encoding + ": " + err.Error())
	}
	return c
})

// Count returns the number of o200k_base tokens in s. Invalid UTF-8 is
// counted as the library counts it (byte-level), never an error. Count("")
// is 0.
func Count(s string) int {
	if s == "" {
		return 0
	}
	n, err := codec().Count(s)
	if err != nil {
		// Only the regexp splitter can fail (on pathological backtracking);
		// fall back to a rough estimate rather than report zero.
		return estimate(s)
	}
	return n
}

// estimate is about one token per 4 bytes, never less than one per rune
// group; used only if the codec fails.
func estimate(s string) int {
	return max(utf8.RuneCountInString(s)/2, len(s)/4, 1)
}

// Truncate returns the longest prefix of s, cut on a rune boundary, that
// the tokenizer encodes in at most maxTokens tokens (within one token's
// worth of runes of the longest possible prefix). It never splits a UTF-8
// character, so a valid UTF-8 input gives a valid UTF-8 output; it adds no
// marker. maxTokens ≤ 0 gives "". If s already fits, s is returned
// unchanged.
func Truncate(s string, maxTokens int) string {
	if maxTokens <= 0 || s == "" {
		return ""
	}
	_, toks, err := codec().Encode(s)
	if err != nil {
		return truncateByCount(s, maxTokens)
	}
	if len(toks) <= maxTokens {
		return s
	}
	cut := 0
	for _, t := range toks[:maxTokens] {
		cut += len(t)
	}
	cut = min(cut, len(s))
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	out := s[:cut]
	// Re-encoding a prefix can, rarely, merge differently; shrink by runes
	// until the count holds.
	for out != "" && Count(out) > maxTokens {
		_, size := utf8.DecodeLastRuneInString(out)
		out = out[:len(out)-size]
	}
	return out
}

// truncateByCount is the slow path: binary search on rune boundaries.
func truncateByCount(s string, maxTokens int) string {
	bounds := make([]int, 0, len(s)+1)
	for i := range s {
		bounds = append(bounds, i)
	}
	bounds = append(bounds, len(s))
	lo, hi := 0, len(bounds)-1 // bounds[lo] fits
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if Count(s[:bounds[mid]]) <= maxTokens {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return s[:bounds[lo]]
}

// Counter is an llm.Tokenizer backed by Count. The zero value is ready to
// use and safe for concurrent use.
type Counter struct{}

var _ llm.Tokenizer = Counter{}

// Count returns Count(s): o200k_base tokens.
func (Counter) Count(s string) int { return Count(s) }
