package llmtest

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"reportengine/llm"
)

// echoModel answers with the last user message, streamed one rune at a
// time. It exists only to exercise TestModel itself.
type echoModel struct{}

func (echoModel) reply(req llm.Request) string {
	return "回声：" + req.Messages[len(req.Messages)-1].Content
}

func (m echoModel) Complete(ctx context.Context, req llm.Request) (llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return llm.Response{}, err
	}
	return llm.Response{Content: m.reply(req), FinishReason: "stop", Model: "echo"}, nil
}

func (m echoModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	var b strings.Builder
	for _, r := range m.reply(req) {
		if err := ctx.Err(); err != nil {
			return llm.Response{Content: b.String()}, err
		}
		b.WriteRune(r)
		if err := fn(llm.Chunk{Delta: string(r)}); err != nil {
			return llm.Response{Content: b.String()}, err
		}
	}
	return llm.Response{Content: b.String(), FinishReason: "stop", Model: "echo"}, nil
}

func (echoModel) Info() llm.Info { return llm.Info{Provider: "echo", Model: "echo"} }

var _ llm.Model = echoModel{}

func TestTestModelPassesAConformingModel(t *testing.T) {
	TestModel(t, echoModel{}, llm.Request{
		Step:     "conformance",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "舆情概览"}},
	})
}

// recordingTB is a testing.TB double for one subtest: it records Errorf
// and Fatalf instead of failing the real test, and Fatalf ends the
// subtest's goroutine as testing.T does. The embedded nil TB makes any
// other method panic: the suite must use only these.
type recordingTB struct {
	testing.TB
	ctx      context.Context
	mu       sync.Mutex
	failures []string
}

func (r *recordingTB) Helper()                        {}
func (r *recordingTB) Context() context.Context       { return r.ctx }
func (r *recordingTB) Errorf(format string, a ...any) { r.record(format, a...) }
func (r *recordingTB) Fatalf(format string, a ...any) {
	r.record(format, a...)
	runtime.Goexit()
}

func (r *recordingTB) record(format string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, fmt.Sprintf(format, a...))
}

// recordingRunner runs each subtest on a recordingTB and keeps the
// failures by subtest name.
type recordingRunner struct {
	ran    []string
	failed map[string][]string
}

func (rr *recordingRunner) Run(name string, f func(testing.TB)) bool {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tb := &recordingTB{ctx: ctx}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(tb)
	}()
	<-done
	rr.ran = append(rr.ran, name)
	if len(tb.failures) > 0 {
		rr.failed[name] = tb.failures
	}
	return len(tb.failures) == 0
}

// Broken models, each breaking one rule of the contract.
type (
	noProvider      struct{ echoModel }
	emptyComplete   struct{ echoModel }
	contentMismatch struct{ echoModel }
	emptyDelta      struct{ echoModel }
	ignoresStop     struct{ echoModel }
	ignoresCancel   struct{ echoModel }
)

func (noProvider) Info() llm.Info { return llm.Info{Model: "x"} }

func (emptyComplete) Complete(ctx context.Context, _ llm.Request) (llm.Response, error) {
	return llm.Response{Content: " \n", FinishReason: "stop"}, ctx.Err()
}

func (m contentMismatch) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	resp, err := m.echoModel.Stream(ctx, req, fn)
	resp.Content += "（多出来的）"
	return resp, err
}

func (m emptyDelta) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	if err := fn(llm.Chunk{}); err != nil {
		return llm.Response{}, err
	}
	return m.echoModel.Stream(ctx, req, fn)
}

func (m ignoresStop) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	return m.echoModel.Stream(ctx, req, func(c llm.Chunk) error { _ = fn(c); return nil })
}

func (m ignoresCancel) Complete(_ context.Context, req llm.Request) (llm.Response, error) {
	return m.echoModel.Complete(context.Background(), req)
}

func (m ignoresCancel) Stream(_ context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	return m.echoModel.Stream(context.Background(), req, fn)
}

// The suite is shown to fail: every broken model fails exactly the checks
// of the rule it breaks, and the conforming model fails none.
func TestTestModelFailsNonConformingModels(t *testing.T) {
	req := llm.Request{Step: "conformance", Messages: []llm.Message{{Role: llm.RoleUser, Content: "舆情概览"}}}
	all := []string{"Info", "Complete", "Stream", "StreamCallbackError", "Cancelled", "Concurrent"}
	tests := []struct {
		name  string
		model llm.Model
		fail  []string // the subtests that must fail
	}{
		{"conforming", echoModel{}, nil},
		{"no provider", noProvider{}, []string{"Info"}},
		{"empty Complete content", emptyComplete{}, []string{"Complete", "Concurrent"}},
		{"Content differs from the deltas", contentMismatch{}, []string{"Stream", "Concurrent"}},
		{"empty delta", emptyDelta{}, []string{"Stream"}},
		{"callback error ignored", ignoresStop{}, []string{"StreamCallbackError"}},
		{"cancelled context ignored", ignoresCancel{}, []string{"Cancelled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rr := &recordingRunner{failed: map[string][]string{}}
			check(rr, tt.model, req)
			if !slices.Equal(rr.ran, all) {
				t.Errorf("subtests run %q, want %q", rr.ran, all)
			}
			var got []string
			for name := range rr.failed {
				got = append(got, name)
			}
			sort.Strings(got)
			want := slices.Clone(tt.fail)
			sort.Strings(want)
			if !slices.Equal(got, want) {
				t.Errorf("failed subtests %q, want %q; failures: %v", got, want, rr.failed)
			}
			for name, msgs := range rr.failed {
				for _, m := range msgs {
					if strings.TrimSpace(m) == "" {
						t.Errorf("%s: a failure with no message", name)
					}
				}
			}
		})
	}
}
