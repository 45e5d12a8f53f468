package synth

import (
	"cmp"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Config describes one synthetic engine state (and, for WriteAll, the set of
// three). Zero values of Queries, ContentRunes, URLShare, SharedURLs and
// Topic select the Default constants. Paragraphs and Records are used as
// given, and 0 is allowed. Negative counts are an error.
type Config struct {
	// Paragraphs is the number of paragraphs per engine.
	Paragraphs int
	// Records is the number of search_history records per paragraph.
	Records int
	// Queries is the number of distinct query texts per paragraph, compared
	// after strings.TrimSpace and strings.ToLower. It is capped at Records.
	// 0 means DefaultQueries.
	Queries int
	// ContentRunes is the mean length of a record's content in runes. The
	// lengths are spread evenly between 0.25 and 1.75 times the mean.
	// 0 means DefaultContentRunes.
	ContentRunes int
	// URLShare is the fraction of records that have a URL; the others have
	// "url": "". 0 means DefaultURLShare. Use a negative value to give no
	// record a URL. Values above 1 act as 1.
	URLShare float64
	// SharedURLs is the fraction of URL records that reuse a URL already
	// written earlier in the same file, with the same title. 0 means
	// DefaultSharedURLs, and a negative value turns reuse off. For URL-less
	// insight records the same share reuses an earlier post (the same title
	// and content). Apart from this, every tenth new URL comes from a pool
	// that all three engines share, so sources are also shared across
	// engines.
	SharedURLs float64
	// Seed selects the pseudo-random stream. Each engine derives its own
	// stream from it.
	Seed int64
	// Topic is written as the state's "query", and it starts every record's
	// query text. "" means DefaultTopic.
	Topic string
}

// Defaults that apply to zero Config fields.
const (
	// DefaultQueries is the number of distinct query texts per paragraph.
	DefaultQueries = 5
	// DefaultContentRunes is the mean content length in runes.
	DefaultContentRunes = 150
	// DefaultURLShare is the fraction of records that have a URL.
	DefaultURLShare = 0.9
	// DefaultSharedURLs is the fraction of URL records that reuse an
	// earlier URL.
	DefaultSharedURLs = 0.1
	// DefaultTopic is the topic query used when Config.Topic is empty.
	DefaultTopic = "合成话题"
)

// normalize checks c and fills in the defaults.
func (c Config) normalize() (Config, error) {
	if c.Paragraphs < 0 || c.Records < 0 || c.Queries < 0 || c.ContentRunes < 0 {
		return c, fmt.Errorf("synth: negative count in config (paragraphs %d, records %d, queries %d, content runes %d)",
			c.Paragraphs, c.Records, c.Queries, c.ContentRunes)
	}
	if math.IsNaN(c.URLShare) || math.IsNaN(c.SharedURLs) {
		return c, fmt.Errorf("synth: NaN share in config")
	}
	c.Queries = min(cmp.Or(c.Queries, DefaultQueries), c.Records)
	c.ContentRunes = cmp.Or(c.ContentRunes, DefaultContentRunes)
	c.URLShare = share(c.URLShare, DefaultURLShare)
	c.SharedURLs = share(c.SharedURLs, DefaultSharedURLs)
	c.Topic = strings.ToValidUTF8(cmp.Or(c.Topic, DefaultTopic), "\uFFFD")
	return c, nil
}

// share maps 0 to def, negative values to 0, and caps the result at 1.
func share(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}

// FileTopic turns a topic into the <q> part of a file name. It follows the
// BettaFish rule: keep Unicode letters, numbers and " -_", trim the right
// end, turn spaces into "_", cut to 30 runes, and use "report" if nothing is
// left.
func FileTopic(topic string) string {
	var b strings.Builder
	for _, r := range topic {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == ' ' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	s := strings.ReplaceAll(strings.TrimRight(b.String(), " "), " ", "_")
	if utf8.RuneCountInString(s) > 30 {
		s = string([]rune(s)[:30])
	}
	return cmp.Or(s, "report")
}
