package queryengine

import (
	"errors"
	"fmt"
	"testing"
)

// An integer parameter is accepted up to math.MaxInt32 (2147483647) and
// refused one above it, naming the key; the bound is the same on every
// platform, whatever the size of int.
func TestDecodeQueryIntegerBound(t *testing.T) {
	for _, key := range []string{"depth", "max_sections", "max_queries", "max_sources"} {
		q, err := DecodeQuery([]byte(fmt.Sprintf(`{%q: 2147483647}`, key)))
		if err != nil {
			t.Errorf("%s = 2147483647: %v", key, err)
			continue
		}
		if got := map[string]int{"depth": q.Depth, "max_sections": q.MaxSections, "max_queries": q.MaxQueries, "max_sources": q.MaxSources}[key]; got != 2147483647 {
			t.Errorf("%s = %d, want 2147483647", key, got)
		}
		_, err = DecodeQuery([]byte(fmt.Sprintf(`{%q: 2147483648}`, key)))
		var qe *QueryError
		if !errors.Is(err, ErrBadQuery) || !errors.As(err, &qe) || qe.Key != key {
			t.Errorf("%s = 2147483648: %v, want a *QueryError for %s", key, err, key)
		}
	}
}
