package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"reportengine/nodes/draft"
	"reportengine/templates"
)

// The first graph query decision of every chapter is made beside the
// layout and the word budget: here the budget's reply waits until a
// decision has arrived, so a pipeline whose decisions waited for the
// budget gets no budget (a fallback). The first decisions know the
// chapters' titles and outlines only; the later ones, made after the
// budget, also the chapter's target words.
func TestDecisionsOverlapWordBudget(t *testing.T) {
	f := newFake()
	decided := make(chan struct{})
	var once sync.Once
	f.script["graph_query_decision"] = func(in map[string]any, _ int) reply {
		once.Do(func() { close(decided) })
		h, _ := in["history"].([]any)
		return text(fmt.Sprintf(`{"should_query":true,"keywords":["咖啡%d","李明"],"depth":1}`, len(h)))
	}
	f.script["word_budget"] = func(in map[string]any, n int) reply {
		select {
		case <-decided:
			return defaultReply("word_budget")(in, n)
		case <-time.After(5 * time.Second):
			return text("no decision arrived while the budget was asked")
		}
	}
	res, err := newPipeline(t, f, func(c *Config) { c.Template = templates.Default }).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Manifest.Stages {
		if st.Name == StageBudget && st.Status != StatusDone {
			t.Errorf("word budget %s (%s): the decisions waited for it", st.Status, st.Error)
		}
	}
	first, later := 0, 0
	for _, r := range f.requests {
		if !strings.HasPrefix(r.key, "graph_query_decision") {
			continue
		}
		var in struct {
			History []any `json:"history"`
			Chapter struct {
				TargetWords int      `json:"targetWords"`
				Outline     []string `json:"outline"`
			} `json:"chapter"`
		}
		if err := json.Unmarshal([]byte(r.user), &in); err != nil {
			t.Fatal(err)
		}
		switch {
		case len(in.History) == 0:
			first++
			if in.Chapter.TargetWords != 0 || len(in.Chapter.Outline) == 0 {
				t.Errorf("%s: first decision's chapter has target %d, outline %q; want no target, the outline", r.key, in.Chapter.TargetWords, in.Chapter.Outline)
			}
		default:
			later++
			if in.Chapter.TargetWords <= 0 {
				t.Errorf("%s: a later decision without the budget's target words", r.key)
			}
		}
	}
	if first != 6 || later == 0 {
		t.Errorf("%d first and %d later decisions, want 6 and some", first, later)
	}
}

// The offline stages (Config.Offline: package draft called with typed
// inputs) and the LLM stages over draft.NewModel (the same writer behind
// the JSON contract, its replies read leniently) make the same document:
// the typed checks and the decoding of the JSON replies agree.
func TestOfflineStagesMatchJSONContract(t *testing.T) {
	doc := func(offline bool) string {
		p, err := New(Config{Model: draft.NewModel(), Offline: offline, Embedders: fitted, Now: fixedClock})
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(context.Background(), testInput())
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.MarshalIndent(res.Document, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if diff := cmp.Diff(doc(false), doc(true)); diff != "" {
		t.Errorf("offline stages differ from the JSON contract (-json +offline):\n%s", diff)
	}
}
