package tokens

import (
	"unicode/utf8"

	"reportengine/llm"
)

// Encoding is the encoding of the package-level functions (Count, Truncate,
// Counter); a Tokenizer from New can use another one.
const Encoding = "o200k_base"

// codec is the shared o200k_base codec (built once, on first use).
var codec = codecs[O200kBase]

// Count returns the number of o200k_base tokens in s. Invalid UTF-8 is
// counted as the library counts it (byte-level), never an error. Count("")
// is 0.
func Count(s string) int { return countWith(codec(), s) }

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
func Truncate(s string, maxTokens int) string { return truncateWith(codec(), s, maxTokens) }

// Counter is an llm.Tokenizer backed by Count. The zero value is ready to
// use and safe for concurrent use.
type Counter struct{}

var _ llm.Tokenizer = Counter{}

// Count returns Count(s): o200k_base tokens.
func (Counter) Count(s string) int { return Count(s) }
