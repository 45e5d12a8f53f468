package atomicfile

import (
	"os"
	"sync"
)

// writebackEvery is how many bytes a writer lets pile up before it asks
// the kernel to start writing them to disk.
const writebackEvery = 8 << 20

// writeback passes writes on to f and, every writebackEvery bytes, has a
// goroutine of its own start the disk write of what was written since
// (startWriteback: Linux's sync_file_range without waiting for the data;
// nothing elsewhere), so that the disk works while the rest is still
// being produced and the final fsync has only the tail left to wait for.
// The request runs beside the writes because it can block while the
// device queue is full. Durability still comes from that fsync alone:
// starting a write early changes when the bytes reach the disk, never
// what the rename may rely on.
type writeback struct {
	f          *os.File
	off, since int64 // bytes written, and where the pending range starts
	ranges     chan [2]int64
	done       sync.WaitGroup
}

func (w *writeback) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.off += int64(n)
	if w.off-w.since >= writebackEvery {
		if w.ranges == nil {
			w.ranges = make(chan [2]int64, 64)
			w.done.Go(func() {
				for r := range w.ranges {
					startWriteback(w.f, r[0], r[1])
				}
			})
		}
		select {
		case w.ranges <- [2]int64{w.since, w.off - w.since}:
			w.since = w.off
		default: // the disk is behind: ask again with a larger range
		}
	}
	return n, err
}

// wait ends the goroutine; call it before the file is synced or closed.
func (w *writeback) wait() {
	if w.ranges != nil {
		close(w.ranges)
		w.done.Wait()
		w.ranges = nil
	}
}
