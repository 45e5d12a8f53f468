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
func await[T any](ctx context.Context, f func() (T, error)) (T, error) {
	if err := ctx.Err(); err != nil {
		var zero T
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
		var zero T
		return zero, ctx.Err()
	}
}

// stageLog prints a line on stderr when a stage that can take more than a
// second starts ("loading 3 state files (185.2 MiB)…") and, when it took
// a second or more, how long it took ("built the graph in 1.3s"). A nil
// *stageLog (--quiet) prints nothing.
type stageLog struct {
	w   io.Writer
	now func() time.Time
}

func newStageLog(w io.Writer, quiet bool) *stageLog {
	if quiet {
		return nil
	}
	return &stageLog{w: w, now: time.Now}
}

// start prints "<doing>…" and returns the function that ends the stage,
// printing "<done> in 1.3s" when the stage took a second or more.
func (s *stageLog) start(done, format string, args ...any) func() {
	if s == nil {
		return func() {}
	}
	fmt.Fprintf(s.w, format+"…\n", args...)
	t0 := s.now()
	return func() {
		if d := s.now().Sub(t0); d >= time.Second {
			fmt.Fprintf(s.w, "%s in %.1fs\n", done, d.Seconds())
		}
	}
}
