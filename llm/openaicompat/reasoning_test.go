package openaicompat

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"reportengine/llm"
)

// B01 on the stream: a reasoning block written into the content (a
// DeepSeek-R1 or QwQ served without a reasoning parser) never reaches the
// deltas a terminal or the server shows, also when its tags are split
// across chunks; Content stays the raw reply, for StripReasoning and
// ExtractJSON. A reply that is only a reasoning block is an empty
// completion (B25), streamed or not, retried a bounded number of times.
func TestStreamInlineReasoningNotDelivered(t *testing.T) {
	parts := []string{"<th", "ink>先想一想，", "再回答。</thi", "nk>\n结论：", "微博讨论最多 [Data: Entities (0)]。"}
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		var cs []chunk
		for i, p := range parts {
			c := chunk{content: p}
			if i == len(parts)-1 {
				c.finish = "stop"
			}
			cs = append(cs, c)
		}
		sse(w, cs...)
	})
	var shown strings.Builder
	resp, err := newModel(t, f.URL).Stream(t.Context(), userRequest(), func(c llm.Chunk) error {
		shown.WriteString(c.Delta)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(shown.String()), "结论：微博讨论最多 [Data: Entities (0)]。"; got != want {
		t.Errorf("streamed %q, want %q", got, want)
	}
	if raw := strings.Join(parts, ""); resp.Content != raw {
		t.Errorf("Content = %q, want the raw reply %q", resp.Content, raw)
	}

	only := "<think>先想一想，再回答。</think>\n"
	for _, streamed := range []bool{true, false} {
		f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
			if streamed {
				sse(w, chunk{content: only[:10]}, chunk{content: only[10:], finish: "stop"}) // "<think>先" | …
				return
			}
			completion(w, only, "", "stop")
		})
		m := newModel(t, f.URL)
		var shown strings.Builder
		if streamed {
			_, err = m.Stream(t.Context(), userRequest(), func(c llm.Chunk) error { shown.WriteString(c.Delta); return nil })
		} else {
			_, err = m.Complete(t.Context(), userRequest())
		}
		if !errors.Is(err, llm.ErrEmptyCompletion) {
			t.Errorf("streamed=%v: reasoning-only reply: err = %v, want ErrEmptyCompletion", streamed, err)
		}
		if got := f.count(); got != 3 {
			t.Errorf("streamed=%v: %d requests, want 3 (bounded retries)", streamed, got)
		}
		if strings.TrimSpace(shown.String()) != "" {
			t.Errorf("streamed=%v: reasoning shown: %q", streamed, shown.String())
		}
	}
}

// B02 on the stream: the chat template put <think> into the prompt, so
// the reply streams reasoning, then "</think>", then the answer. The
// reasoning already delivered is taken back by a Chunk with Reset before
// the answer; what a caller keeps after the last Reset is the answer.
func TestStreamOrphanCloserResets(t *testing.T) {
	parts := []string{"需要输出。先写个草稿 ", "秘密推理ABC 再改。</thi", "nk>\n武大", "发布通报。"}
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		sse(w, chunk{content: parts[0]}, chunk{content: parts[1]}, chunk{content: parts[2]}, chunk{content: parts[3], finish: "stop"})
	})
	var shown strings.Builder
	resets := 0
	resp, err := newModel(t, f.URL).Stream(t.Context(), userRequest(), func(c llm.Chunk) error {
		if c.Reset {
			resets++
			shown.Reset()
		}
		shown.WriteString(c.Delta)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(shown.String()); got != "武大发布通报。" || resets != 1 {
		t.Errorf("kept %q after %d resets, want 武大发布通报。 after 1", got, resets)
	}
	if resp.Content != strings.Join(parts, "") {
		t.Errorf("Content = %q, want the raw reply", resp.Content)
	}
}
