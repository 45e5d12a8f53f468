package cli

import (
	"context"
	"fmt"
	"io"
	"time"
)

// await runs f in its own goroutine and returns its result, or ctx.Err()
// as soon as ctx is done, leaving f to finish in the background. It is
// for stages that read and compute but write nothing (parsing states,
// building a graph, loading a graph, indexing it) and take no context of
// their own: an interrupted command returns within milliseconds and the
// process exits, abandoning the work. Stages that write take the context
// themselves (storage.Store.SaveContext).
func await[T any](ctx context.Context, f func() (T, error)) (zero T, err error) {
	if err = ctx.Err(); err != nil {
		return zero, err
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// awaitCleanup is await for an f that, once ctx is done, stops writing
// and removes its temporary files quickly (storage.Store.LoadContext
// abandoning a column file): when ctx is done first, it waits up to
// grace for f to return, so that the process does not exit with a
// half-written file, then returns ctx.Err().
func awaitCleanup[T any](ctx context.Context, grace time.Duration, f func() (T, error)) (T, error) {
	done := make(chan struct{})
	v, err := await(ctx, func() (T, error) {
		defer close(done)
		return f()
	})
	if ctx.Err() != nil {
		select {
		case <-done:
		case <-time.After(grace):
		}
	}
	return v, err
}

// fillAbandonWait bounds how long a command stopped while a graph loads
// waits for a column file being filled to be abandoned (milliseconds in
// practice; a load still parsing the JSON is not waited for longer).
const fillAbandonWait = 300 * time.Millisecond

// stageLog prints a line on stderr when a stage that can take more than a
// second starts ("loading 3 state files (185.2 MiB)…") and, when it took
// a second or more, how long it took ("built the graph in 1.3s"). A nil
// *stageLog (--quiet) prints nothing.
type stageLog struct{ w io.Writer }

// start prints "<doing>…" and returns the function that ends the stage,
// printing "<done> in 1.3s" when the stage took a second or more.
func (s *stageLog) start(done, format string, args ...any) func() {
	if s == nil {
		return func() {}
	}
	fmt.Fprintf(s.w, format+"…\n", args...)
	t0 := time.Now()
	return func() {
		if d := time.Since(t0); d >= time.Second {
			fmt.Fprintf(s.w, "%s in %.1fs\n", done, d.Seconds())
		}
	}
}
