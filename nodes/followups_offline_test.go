package nodes

import (
	"slices"
	"testing"

	"reportengine/evidence"
	"reportengine/llm/offline"
)

// Offline, the follow-up questions come from the offline writer called
// directly (FollowUps.Offline): the model given, which would answer with
// a question of its own, is not asked, and the questions, the dropped and
// the unfit ones are those of the offline model answering the
// question-generation JSON request (the LLM path), on the fixture's graph.
func TestFollowUpsOfflineDirect(t *testing.T) {
	g, entries := fixtureGraph(t)
	set := evidence.Collect(evidence.Input{Topic: "武汉大学", Graph: g, Forum: entries})
	er, err := newEvidenceRetrieval(t.Context(), g, set, fitted)
	if err != nil {
		t.Fatal(err)
	}
	in := FollowUpsInput{Graph: g, Topic: "武汉大学", Builder: er.builder} // as the pipeline passes them
	viaJSON, err := FollowUps{Model: offline.New(), Embedders: fitted}.Run(t.Context(), in)
	if err != nil {
		t.Fatal(err)
	}
	model := decisionModel{reply: "- 这是模型自己写的问题吗？"}
	direct, err := FollowUps{Model: model, Offline: true, Embedders: fitted}.Run(t.Context(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(viaJSON.Questions) == 0 {
		t.Fatal("the offline model proposed no question: the case is not exercised")
	}
	if !slices.Equal(direct.Questions, viaJSON.Questions) || !slices.Equal(direct.Dropped, viaJSON.Dropped) ||
		!slices.Equal(direct.Unfit, viaJSON.Unfit) || direct.Calls != viaJSON.Calls {
		t.Errorf("direct: %q dropped %q unfit %q calls %d\nwant (through the JSON request): %q dropped %q unfit %q calls %d",
			direct.Questions, direct.Dropped, direct.Unfit, direct.Calls, viaJSON.Questions, viaJSON.Dropped, viaJSON.Unfit, viaJSON.Calls)
	}
}
