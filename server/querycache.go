package server

import (
	"sync"
)

// queryCache keeps the encoded responses of one graph version's queries,
// keyed by the query's canonical JSON (queryengine.Query.MarshalJSON:
// every parameter, in a fixed order), so that a query asked again — a
// front end reloading, many viewers of one graph — is answered without
// running it; concurrent requests for one key wait for one run. Errors
// are not kept. At most maxBytes of bodies are kept; past that the oldest
// entries leave first. A new graph version has a new view and so a new
// cache: an answer never outlives the file it came from.
type queryCache struct {
	maxBytes int

	mu      sync.Mutex
	entries map[string]*queryEntry
	order   []string // keys, oldest first
	bytes   int
}

type queryEntry struct {
	ready chan struct{} // closed when body and err are set
	body  []byte
	err   error
}

// maxQueryCacheBytes bounds a graph's cached query responses, in bytes.
const maxQueryCacheBytes = 16 << 20

func newQueryCache(maxBytes int) *queryCache {
	return &queryCache{maxBytes: maxBytes, entries: map[string]*queryEntry{}}
}

// get returns the body for key, running run when no request has (or is
// running) it; a failed run is returned to its waiters and forgotten.
func (c *queryCache) get(key string, run func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.mu.Unlock()
		<-e.ready
		return e.body, e.err
	}
	e := &queryEntry{ready: make(chan struct{})}
	c.entries[key] = e
	c.mu.Unlock()

	e.body, e.err = run()
	close(e.ready)

	c.mu.Lock()
	defer c.mu.Unlock()
	if e.err != nil || len(e.body) > c.maxBytes {
		delete(c.entries, key)
		return e.body, e.err
	}
	c.order = append(c.order, key)
	c.bytes += len(e.body)
	for c.bytes > c.maxBytes && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		if oe, ok := c.entries[old]; ok {
			c.bytes -= len(oe.body)
			delete(c.entries, old)
		}
	}
	return e.body, e.err
}
