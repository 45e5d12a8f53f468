// Package memo holds the one bounded memo of the project: FIFO, values
// kept by key while their sizes add up to a limit, the oldest replaced
// first. graphrag/knowledge keeps its last lexical searches and word
// counts in it, graphrag/localsearch its last question mappings, llm/offline
// the sentences it parsed of each record.
package memo

import "sync"

// FIFO keeps values by key while their sizes (in the caller's unit: 1 a
// value, document hits, bytes) add up to at most the limit Put is given,
// the oldest replaced first; a value is kept once (putting its key again
// changes nothing) and one larger than the limit is not kept. The zero
// FIFO is empty and ready; it is safe for concurrent use. Values are
// handed out as they were put: a caller that may change one puts and gets
// copies.
type FIFO[V any] struct {
	mu    sync.Mutex
	vals  map[string]V
	sizes map[string]int
	order []string // oldest first
	held  int      // the sizes of the values held
}

// Get returns the value kept for key, false when none is.
func (c *FIFO[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.vals[key]
	return v, ok
}

// Put keeps v of size under key unless key is kept or size > limit,
// dropping the oldest values until the sizes held fit within limit.
func (c *FIFO[V]) Put(key string, v V, size, limit int) {
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

// Held is the sum of the sizes of the values kept.
func (c *FIFO[V]) Held() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.held
}
