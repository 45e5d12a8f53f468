package knowledge

import (
	"encoding/binary"
	"sync"

	"reportengine/text"
)

// searchMemoSize is how many lexical searches a Lexical keeps (Search,
// fifoMemo): a chat turn searches its question and its few follow-up
// candidates.
const searchMemoSize = 8

// fifoMemo keeps values by key while their sizes add up to at most the
// limit put is given, the oldest replaced first; a value is kept once
// (putting its key again changes nothing) and one larger than the limit
// is not kept. Safe for concurrent use.
type fifoMemo[V any] struct {
	mu    sync.Mutex
	vals  map[string]V
	sizes map[string]int
	order []string // oldest first
	held  int      // the sizes of the values held
}

func (c *fifoMemo[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[key]
	return v, ok
}

func (c *fifoMemo[V]) put(key string, v V, size, limit int) {
	if size > limit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.vals[key]; ok {
		return
	}
	if c.vals == nil {
		c.vals, c.sizes = map[string]V{}, map[string]int{}
	}
	for c.held+size > limit && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.held -= c.sizes[old]
		delete(c.vals, old)
		delete(c.sizes, old)
	}
	c.vals[key], c.sizes[key] = v, size
	c.order = append(c.order, key)
	c.held += size
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
