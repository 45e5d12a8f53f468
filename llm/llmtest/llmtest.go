package llmtest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"reportengine/llm"
)

// Concurrency is the number of goroutines the Concurrent subtest runs.
const Concurrency = 8

// TestModel checks that m honours the llm.Model contract for req:
//
//   - Complete returns a nil error and non-empty Content;
//   - Stream calls its callback with non-empty deltas whose concatenation
//     equals the returned Response.Content, which is non-empty, and a
//     callback error stops the stream and is returned (errors.Is);
//   - Complete and Stream with an already-cancelled context return an
//     error wrapping context.Canceled;
//   - Concurrency goroutines calling Complete and Stream at once all
//     succeed (meaningful under -race);
//   - Info().Provider is not empty.
//
// Each check is a subtest that names what failed.
func TestModel(t *testing.T, m llm.Model, req llm.Request) {
	t.Helper()
	check(testingRunner{t}, m, req)
}

// runner runs one named subtest. *testing.T does (through testingRunner);
// so does the recording double with which this package's own tests show
// that every check fails on a model that breaks its rule.
type runner interface {
	Run(name string, f func(t testing.TB)) bool
}

type testingRunner struct{ t *testing.T }

func (r testingRunner) Run(name string, f func(testing.TB)) bool {
	return r.t.Run(name, func(t *testing.T) { f(t) })
}

// check is TestModel on any runner; the subtests use only Helper, Errorf,
// Fatalf and Context of their testing.TB.
func check(r runner, m llm.Model, req llm.Request) {
	r.Run("Info", func(t testing.TB) {
		if info := m.Info(); info.Provider == "" {
			t.Errorf("Info().Provider is empty (Info = %+v)", info)
		}
	})

	r.Run("Complete", func(t testing.TB) {
		resp, err := m.Complete(t.Context(), req)
		if err != nil {
			t.Fatalf("Complete: %v", err)
		}
		if strings.TrimSpace(resp.Content) == "" {
			t.Errorf("Complete returned empty Content (Response = %+v)", resp)
		}
	})

	r.Run("Stream", func(t testing.TB) { checkStream(t, m, req) })
	r.Run("StreamCallbackError", func(t testing.TB) { checkCallbackError(t, m, req) })
	r.Run("Cancelled", func(t testing.TB) { checkCancelled(t, m, req) })
	r.Run("Concurrent", func(t testing.TB) { checkConcurrent(t, m, req) })
}

// checkStream: Stream's deltas are non-empty and concatenate to the
// Response's non-empty Content.
func checkStream(t testing.TB, m llm.Model, req llm.Request) {
	var deltas []string
	resp, err := m.Stream(t.Context(), req, func(c llm.Chunk) error {
		deltas = append(deltas, c.Delta)
		return nil
	})
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	if len(deltas) == 0 {
		t.Fatalf("Stream called its callback 0 times")
	}
	for i, d := range deltas {
		if d == "" {
			t.Errorf("delta %d is empty", i)
		}
	}
	if joined := strings.Join(deltas, ""); joined != resp.Content {
		t.Errorf("concatenated deltas (%d runes) != Response.Content (%d runes)\ndeltas:  %q\ncontent: %q",
			len([]rune(joined)), len([]rune(resp.Content)), joined, resp.Content)
	}
	if strings.TrimSpace(resp.Content) == "" {
		t.Errorf("Stream returned empty Content")
	}
}

// checkCallbackError: a callback's error ends Stream, which returns it.
func checkCallbackError(t testing.TB, m llm.Model, req llm.Request) {
	stop := errors.New("llmtest: stop")
	calls := 0
	_, err := m.Stream(t.Context(), req, func(llm.Chunk) error {
		calls++
		return stop
	})
	if !errors.Is(err, stop) {
		t.Errorf("Stream with a failing callback: err = %v, want the callback's error", err)
	}
	if calls != 1 {
		t.Errorf("callback called %d times after returning an error, want 1", calls)
	}
}

// checkCancelled: Complete and Stream with a cancelled context return
// context.Canceled.
func checkCancelled(t testing.TB, m llm.Model, req llm.Request) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := m.Complete(ctx, req); !errors.Is(err, context.Canceled) {
		t.Errorf("Complete with a cancelled context: err = %v, want context.Canceled", err)
	}
	_, err := m.Stream(ctx, req, func(llm.Chunk) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Stream with a cancelled context: err = %v, want context.Canceled", err)
	}
}

// checkConcurrent: Concurrency calls at once, Complete and Stream in
// turn, all answer.
func checkConcurrent(t testing.TB, m llm.Model, req llm.Request) {
	var wg sync.WaitGroup
	errs := make(chan error, 2*Concurrency)
	for i := range Concurrency {
		wg.Go(func() {
			var resp llm.Response
			var err error
			if i%2 == 0 {
				resp, err = m.Complete(t.Context(), req)
				if err == nil && strings.TrimSpace(resp.Content) == "" {
					err = errors.New("empty Content")
				}
			} else {
				var b strings.Builder
				resp, err = m.Stream(t.Context(), req, func(c llm.Chunk) error {
					b.WriteString(c.Delta)
					return nil
				})
				if err == nil && b.String() != resp.Content {
					err = errors.New("deltas do not concatenate to Content")
				}
			}
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent call: %v", err)
	}
}
