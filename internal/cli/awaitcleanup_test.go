package cli

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// awaitCleanup returns ctx.Err() once ctx is done, but not before f has
// returned (its clean-up done) when f returns within the grace period;
// an f that takes longer is not waited for past it.
func TestAwaitCleanup(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cleanup  time.Duration // how long f runs after ctx is done
		grace    time.Duration
		returned bool // f has returned when awaitCleanup does
	}{
		{"quick clean-up waited for", 20 * time.Millisecond, 2 * time.Second, true},
		{"slow f not waited for", 2 * time.Second, 20 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			var done atomic.Bool
			go func() { time.Sleep(10 * time.Millisecond); cancel() }()
			start := time.Now()
			_, err := awaitCleanup(ctx, tc.grace, func() (int, error) {
				<-ctx.Done()
				time.Sleep(tc.cleanup)
				done.Store(true)
				return 1, nil
			})
			if !errors.Is(err, context.Canceled) {
				t.Errorf("err %v, want context.Canceled", err)
			}
			if done.Load() != tc.returned {
				t.Errorf("f returned before awaitCleanup: %v, want %v", done.Load(), tc.returned)
			}
			if took := time.Since(start); took > tc.grace+time.Second {
				t.Errorf("took %v, more than the grace %v", took, tc.grace)
			}
		})
	}
}
