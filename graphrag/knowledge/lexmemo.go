package knowledge

import (
	"encoding/binary"
	"sync"

	"reportengine/text"
)

// searchMemoSize is how many lexical searches a Lexical keeps (Search):
// a chat turn searches its question and its few follow-up candidates.
const searchMemoSize = 8

// searchMemo keeps the last searchMemoSize results of Lexical.Search by
// their terms' key (termsKey), the oldest replaced first. Safe for
// concurrent use.
type searchMemo struct {
	mu   sync.Mutex
	keys []string
	res  []*LexicalResult
	next int // the slot replaced next once all are taken
}

func (c *searchMemo) get(key string) *LexicalResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range c.keys {
		if k == key {
			return c.res[i]
		}
	}
	return nil
}

func (c *searchMemo) put(key string, r *LexicalResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.keys {
		if k == key {
			return
		}
	}
	if len(c.keys) < searchMemoSize {
		c.keys, c.res = append(c.keys, key), append(c.res, r)
		return
	}
	c.keys[c.next], c.res[c.next] = key, r
	c.next = (c.next + 1) % searchMemoSize
}

// termsKey identifies a list of terms with everything Search reads of
// them: each term's text, parts and synonyms, every string preceded by
// its length and each list by its size, so that no two lists share a key.
func termsKey(terms []text.Term) string {
	var b []byte
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(terms)))
	for _, t := range terms {
		str(t.Text)
		for _, list := range [][]string{t.Parts, t.Synonyms} {
			b = binary.AppendUvarint(b, uint64(len(list)))
			for _, s := range list {
				str(s)
			}
		}
	}
	return string(b)
}
