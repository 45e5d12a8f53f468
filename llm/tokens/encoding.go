package tokens

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"

	"reportengine/llm"
)

// Encoding names accepted by New. They are the tiktoken names; the
// vocabularies of both are compiled into the binary.
const (
	O200kBase  = "o200k_base"  // GPT-4o family; GraphRAG 3.x ENCODING_MODEL default
	Cl100kBase = "cl100k_base" // GPT-4 / GPT-3.5; what GraphRAG's LiteLLM path counts with (reference §6)
	// DefaultEncoding is the encoding New("") selects.
	DefaultEncoding = O200kBase
)

// ErrUnknownEncoding is wrapped by New when the configured encoding is not
// one of Encodings().
var ErrUnknownEncoding = errors.New("unknown token encoding")

// Encodings lists the encodings New accepts, default first.
func Encodings() []string { return []string{O200kBase, Cl100kBase} }

// codecs builds each codec once, on first use, and shares it.
var codecs = map[string]func() tokenizer.Codec{
	O200kBase:  sync.OnceValue(func() tokenizer.Codec { return mustGet(tokenizer.O200kBase) }),
	Cl100kBase: sync.OnceValue(func() tokenizer.Codec { return mustGet(tokenizer.Cl100kBase) }),
}

func mustGet(e tokenizer.Encoding) tokenizer.Codec {
	c, err := tokenizer.Get(e)
	if err != nil {
		// The vocabulary is compiled into the binary; failing here means
		// the library itself is broken, not the input.
		panic("tokens: loading " + string(e) + ": " + err.Error())
	}
	return c
}

// Tokenizer counts and truncates in one configured encoding. It is an
// llm.Tokenizer, safe for concurrent use, and never touches the network or
// a cache directory (field case B37).
//
// The encoding is chosen by configuration, never guessed from a model name
// (field case B40): a DeepSeek or Qwen model behind an OpenAI-compatible
// URL is counted with whatever encoding is configured, o200k_base by
// default, and the count is then an estimate of that model's own
// tokenizer.
//
// Special-token strings such as "<|endoftext|>" are counted as ordinary
// text (as GraphRAG's LiteLLM path does with disallowed_special=()); the
// tiktoken Python default raises on them instead (reference §6).
type Tokenizer struct {
	name  string
	codec func() tokenizer.Codec
}

var _ llm.Tokenizer = (*Tokenizer)(nil)

// New returns the Tokenizer for encoding: "o200k_base" (also for ""),
// or "cl100k_base". Names are matched after trimming spaces, case
// sensitively, as tiktoken spells them. Any other name returns an error
// wrapping ErrUnknownEncoding that lists the accepted names. The codec is
// built lazily on the first count (tens of milliseconds, once per process).
func New(encoding string) (*Tokenizer, error) {
	name := cmp.Or(strings.TrimSpace(encoding), DefaultEncoding)
	c, ok := codecs[name]
	if !ok {
		return nil, fmt.Errorf("tokens: encoding %q: %w (known: %s)", encoding, ErrUnknownEncoding, strings.Join(Encodings(), ", "))
	}
	return &Tokenizer{name: name, codec: c}, nil
}

// Encoding returns the tiktoken name of t's encoding.
func (t *Tokenizer) Encoding() string { return t.name }

// Count returns the number of tokens of s in t's encoding. It never fails:
// invalid UTF-8 is counted byte-level as the library does, special-token
// strings count as text, and if the splitter itself fails a rough estimate
// (about one token per four bytes) is returned. Count("") is 0.
func (t *Tokenizer) Count(s string) int { return countWith(t.codec(), s) }

// Truncate is the package-level Truncate in t's encoding: the longest
// rune-boundary prefix of s of at most maxTokens tokens.
func (t *Tokenizer) Truncate(s string, maxTokens int) string {
	return truncateWith(t.codec(), s, maxTokens)
}

func countWith(c tokenizer.Codec, s string) int {
	if s == "" {
		return 0
	}
	n, err := c.Count(s)
	if err != nil {
		return estimate(s)
	}
	return n
}

func truncateWith(c tokenizer.Codec, s string, maxTokens int) string {
	if maxTokens <= 0 || s == "" {
		return ""
	}
	_, toks, err := c.Encode(s)
	if err != nil {
		return truncateByCountWith(c, s, maxTokens)
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
	for out != "" && countWith(c, out) > maxTokens {
		_, size := utf8.DecodeLastRuneInString(out)
		out = out[:len(out)-size]
	}
	return out
}

func truncateByCountWith(c tokenizer.Codec, s string, maxTokens int) string {
	bounds := make([]int, 0, len(s)+1)
	for i := range s {
		bounds = append(bounds, i)
	}
	bounds = append(bounds, len(s))
	lo, hi := 0, len(bounds)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if countWith(c, s[:bounds[mid]]) <= maxTokens {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return s[:bounds[lo]]
}

// LineAdditive reports that, for this package's encodings, the count of a
// text made of lines that end in "\n" equals the sum of the counts of its
// lines whenever no line after the first starts with white space or '/'.
// It holds because tiktoken encodes each piece of its pre-tokenizer regexp
// separately and, for o200k_base and cl100k_base, a piece never runs from
// a "\n" into a following character of that kind. Context builders use it
// to count a table as the sum of its rows (graphrag/localsearch);
// TestLineAdditive checks it on real and random text.
func (t *Tokenizer) LineAdditive() bool { return true }

// LineAdditive: see Tokenizer.LineAdditive.
func (Counter) LineAdditive() bool { return true }
