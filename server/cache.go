package server

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"reportengine/graphrag"
	"reportengine/graphrag/storage"
)

// graphCache keeps loaded graphs, one entry per report id, keyed by the
// version its GraphSource reports (for files: modification time, size and,
// on Linux, inode and status change time): a request whose graph has a new
// version loads it again, every other request shares the loaded graph.
// Concurrent requests for a version that is still loading wait for that one
// load. At most max entries are kept, the least recently used leaves first.
// Successful loads and corrupt files (graphrag.ErrFormat) are cached; other
// errors are not, so a passing I/O problem is retried on the next request.
type graphCache struct {
	src GraphSource
	max int
	ttl time.Duration
	log *slog.Logger

	mu      sync.Mutex
	entries map[string]*cacheEntry
	tick    uint64

	latestID string
	latestAt time.Time
}

type cacheEntry struct {
	ver   string
	ready chan struct{} // closed when view/err are set
	view  *graphView
	err   error
	used  uint64 // guarded by graphCache.mu
}

// get returns the loaded graph of report id. Errors: storage.ErrInvalidID,
// storage.ErrNotFound, graphrag.ErrFormat (corrupt file), or an I/O error.
func (c *graphCache) get(id string) (*graphView, error) {
	ver, err := c.src.Version(id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			c.mu.Lock()
			delete(c.entries, id)
			c.mu.Unlock()
		}
		return nil, err
	}
	c.mu.Lock()
	c.tick++
	e := c.entries[id]
	if e != nil && e.ver == ver {
		e.used = c.tick
		c.mu.Unlock()
		<-e.ready
		return e.view, e.err
	}
	e = &cacheEntry{ver: ver, ready: make(chan struct{}), used: c.tick}
	c.entries[id] = e
	c.evictLocked()
	c.mu.Unlock()

	start := time.Now()
	g, rep, err := c.src.Load(context.Background(), id)
	if err == nil {
		e.view = newGraphView(id, g)
		e.view.ver, e.view.loadWarnings = ver, rep.Warnings
		c.log.Info("graph loaded", "id", id, "nodes", g.NodeCount(), "edges", g.EdgeCount(),
			"skipped", len(rep.Warnings), "seconds", time.Since(start).Seconds())
		// The query index is built beside the requests, which do not
		// wait for it (startIndex).
		view := e.view
		view.startIndex()
		go func() {
			t0 := time.Now()
			<-view.indexed
			c.log.Info("graph query index built", "id", id, "seconds", time.Since(t0).Seconds())
		}()
	} else {
		e.err = err
		c.log.Warn("graph load failed", "id", id, "error", err)
	}
	close(e.ready)
	if err != nil && !errors.Is(err, graphrag.ErrFormat) {
		c.mu.Lock()
		if c.entries[id] == e {
			delete(c.entries, id)
		}
		c.mu.Unlock()
	}
	return e.view, e.err
}

// latest returns the id of the newest graph (storage.Store.Latest),
// reusing the answer for ttl.
func (c *graphCache) latest() (string, error) {
	c.mu.Lock()
	if c.ttl > 0 && c.latestID != "" && time.Since(c.latestAt) < c.ttl {
		id := c.latestID
		c.mu.Unlock()
		return id, nil
	}
	c.mu.Unlock()
	id, err := c.src.Latest()
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	c.latestID, c.latestAt = id, time.Now()
	c.mu.Unlock()
	return id, nil
}

// evictLocked drops the least recently used entries above max.
func (c *graphCache) evictLocked() {
	for len(c.entries) > c.max {
		oldest, least := "", uint64(0)
		for id, e := range c.entries {
			if oldest == "" || e.used < least || (e.used == least && id < oldest) {
				oldest, least = id, e.used
			}
		}
		delete(c.entries, oldest)
	}
}
