package queryengine

import (
	"math/bits"
	"sync"
)

// Term cache. A term of three or more runes needs its candidates' text
// checked (see the package doc); when that took at least
// cacheMinCandidates checks, the exact match set is kept, so that the same
// term in a later query (an LLM asking about the report topic once per
// chapter) costs no verification. The cache holds at most cacheEntries
// terms, least recently used out first; a set is stored as a sorted node
// list or as a bitmap of the whole graph, whichever is smaller, so the
// cache never exceeds cacheEntries × nodes/8 bytes.
const (
	cacheEntries       = 64
	cacheMinCandidates = 1024
)

// matchSet is an immutable set of node indexes.
type matchSet struct {
	list []uint32 // sorted, or nil when bitmap is used
	bits []uint64
}

func newMatchSet(nodes []uint32, n int) matchSet {
	if len(nodes)*32 <= n { // 4 bytes per entry vs n/8 bytes
		return matchSet{list: append([]uint32(nil), nodes...)}
	}
	bm := make([]uint64, (n+63)/64)
	for _, v := range nodes {
		bm[v>>6] |= 1 << (v & 63)
	}
	return matchSet{bits: bm}
}

func (m matchSet) each(fn func(v uint32)) {
	if m.bits == nil {
		for _, v := range m.list {
			fn(v)
		}
		return
	}
	for w, x := range m.bits {
		for x != 0 {
			fn(uint32(w<<6 + bits.TrailingZeros64(x)))
			x &= x - 1
		}
	}
}

func (m matchSet) bytes() int { return len(m.list)*4 + len(m.bits)*8 }

type termCache struct {
	mu    sync.Mutex
	clock uint64
	m     map[string]*cacheEntry
}

type cacheEntry struct {
	set  matchSet
	used uint64
}

func (c *termCache) get(t string) (matchSet, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[t]
	if !ok {
		return matchSet{}, false
	}
	c.clock++
	e.used = c.clock
	return e.set, true
}

func (c *termCache) put(t string, nodes []uint32, n int) {
	set := newMatchSet(nodes, n)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*cacheEntry{}
	}
	if _, ok := c.m[t]; ok {
		return
	}
	if len(c.m) >= cacheEntries {
		var oldest string
		var min uint64 = ^uint64(0)
		for k, e := range c.m {
			if e.used < min {
				oldest, min = k, e.used
			}
		}
		delete(c.m, oldest)
	}
	c.clock++
	c.m[t] = &cacheEntry{set: set, used: c.clock}
}

// reset empties the cache (benchmarks measure cold queries with it).
func (c *termCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m = nil
}

// size returns the number of cached terms and their bytes.
func (c *termCache) size() (terms, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.m {
		bytes += e.set.bytes()
	}
	return len(c.m), bytes
}
