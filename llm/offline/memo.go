package offline

import "sync"

// maxMemoEntries bounds a verdictMemo: at most this many verdicts are
// kept (about 300 bytes each for a sentence of 100 runes, so a few MB);
// when full it starts over empty.
const maxMemoEntries = 1 << 14

// verdictMemo remembers a pure yes/no function of a sentence and the
// sentence before it. Questions about one knowledge quote the same context
// sentences again and again, and classifying one (text.PageNoise's
// regular expressions) was half the CPU of answering a question offline:
// 2026-12-05, internal/cli's shipped question sets, 29 of 64 s in
// text.PageNoise. Safe for concurrent use; the zero value is ready.
type verdictMemo struct {
	mu sync.Mutex
	m  map[string]bool
}

// bookkeepingMemo holds isBookkeeping's verdicts for the process.
var bookkeepingMemo verdictMemo

// verdict returns f(s, previous), computing it only when the memo does not
// hold it yet.
func (v *verdictMemo) verdict(s, previous string, f func(s, previous string) bool) bool {
	key := previous + "\x00" + s
	v.mu.Lock()
	got, ok := v.m[key]
	v.mu.Unlock()
	if ok {
		return got
	}
	got = f(s, previous)
	v.mu.Lock()
	if v.m == nil || len(v.m) >= maxMemoEntries {
		v.m = make(map[string]bool)
	}
	v.m[key] = got
	v.mu.Unlock()
	return got
}

// size is how many verdicts the memo holds.
func (v *verdictMemo) size() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.m)
}
