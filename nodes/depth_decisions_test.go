package nodes

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"reportengine/graphrag/queryengine"
	"reportengine/llm"
)

// decisionModel answers every call with one graph query decision.
type decisionModel struct{ reply string }

func (m decisionModel) Complete(context.Context, llm.Request) (llm.Response, error) {
	return llm.Response{Content: m.reply, FinishReason: "stop", Model: "decision"}, nil
}

func (m decisionModel) Stream(ctx context.Context, req llm.Request, fn func(llm.Chunk) error) (llm.Response, error) {
	r, _ := m.Complete(ctx, req)
	return r, fn(llm.Chunk{Delta: r.Content})
}

func (decisionModel) Info() llm.Info { return llm.Info{Provider: "test", Model: "decision"} }

// A model's depth is run as given from 0 to 3 and clamped outside that
// range, with a warning; the boundaries are checked on both sides.
func TestGraphQueryDepthClamp(t *testing.T) {
	eng := queryengine.New(testGraph())
	for _, tc := range []struct {
		depth, want int
		warned      bool
	}{{-1, 0, true}, {0, 0, false}, {3, 3, false}, {4, 3, true}} {
		m := decisionModel{fmt.Sprintf(`{"should_query":true,"keywords":["咖啡"],"depth":%d}`, tc.depth)}
		out, err := GraphQuery{Model: m, Engine: eng, Rounds: 1}.Run(t.Context(), GraphQueryInput{Topic: "李明咖啡店"})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.History) != 1 {
			t.Fatalf("depth %d: %d rounds run, want 1 (warnings %q)", tc.depth, len(out.History), out.Warnings)
		}
		if got := out.History[0].Depth; got != tc.want {
			t.Errorf("depth %d: run with depth %d, want %d", tc.depth, got, tc.want)
		}
		warned := strings.Contains(strings.Join(out.Warnings, "\n"), "clamped")
		if warned != tc.warned {
			t.Errorf("depth %d: clamp warning %v, want %v (%q)", tc.depth, warned, tc.warned, out.Warnings)
		}
	}
}
