package nodes

import (
	"slices"
	"testing"

	"reportengine/evidence"
	"reportengine/prompts"
	"reportengine/state"
)

// An engine passage whose claim a web page states too carries the page's
// id in the chapter prompt (primary), the chapter may cite it, and a
// repair request lists it before the passage.
func TestPrimarySourceReachesThePrompt(t *testing.T) {
	st := &state.State{Engine: state.EngineMedia, Paragraphs: []state.Paragraph{{Title: "回应", LatestSummary: "校方在法院判决后仍未撤销处分，引发舆论对程序正义的广泛质疑。",
		Searches: []state.SearchRecord{{URL: "https://a.cn/1", Content: "有评论指出，校方在法院判决后仍未撤销处分，引发舆论对程序正义的广泛质疑。"}}}}}
	set := evidence.Collect(evidence.Input{Topic: "武汉大学", States: []*state.State{st}})
	p := evidence.MakePlan(set, "武汉大学", []evidence.ChapterSpec{{ID: "S1", Title: "校方回应", SubPoints: []string{"1.1 校方回应与舆论质疑"}}}, nil)
	briefs := subPointBriefs(set, p.Chapters[0], false)
	var summary prompts.EvidenceRef
	for _, e := range briefs[0].Evidence {
		if e.Kind == "summary" {
			summary = e
		}
	}
	page, ok := set.ItemByURL("https://a.cn/1")
	if !ok || !slices.Equal(summary.Primary, []string{page.ID}) {
		t.Fatalf("summary %+v: want primary [%s]", summary, page.ID)
	}
	if !planIDs(p)[page.ID] {
		t.Errorf("the page %s may not be cited", page.ID)
	}
	ids := promptEvidenceIDs(prompts.ChapterInput{SubPoints: briefs})
	if i, j := slices.Index(ids, page.ID), slices.Index(ids, summary.ID); i < 0 || j < 0 || i > j {
		t.Errorf("repair ids %v: want %s before %s", ids, page.ID, summary.ID)
	}
}
