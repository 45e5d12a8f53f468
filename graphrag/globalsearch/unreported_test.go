package globalsearch

import (
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
)

// A question with broad wording (主要) about a thing the knowledge holds
// (雷军班, a word the dictionary lacks, in two texts) goes local when no
// community report names it — a report naming 雷军 alone does not — and
// global when one does (unreportedName). On the fixture, heldout64's
// question goes local: the fixture's reports never name 雷军班.
func TestBroadAboutUnreportedName(t *testing.T) {
	route := func(report string) Route {
		units := []knowledge.TextUnit{
			{ID: "u0", Text: "雷军班设立后引发教育公平争议，雷军班承诺本硕博贯通。"},
			{ID: "u1", Text: "网友质疑雷军班占用公共资源，雷军班的选拔标准也有争议。"},
			{ID: "u2", Text: "樱花季预约人数再创新高。"},
		}
		m, err := knowledge.New(knowledge.Parts{TextUnits: units, Reports: []knowledge.CommunityReport{{ID: "r0", ShortID: "0", CommunityID: "0", Title: "舆情",
			FullContent: report, Rank: 1, HasRank: true}}})
		if err != nil {
			t.Fatal(err)
		}
		return NewRouter(m).Route("雷军班主要有哪些争议？")
	}
	if got := route("雷军向母校捐款引发争议，教育公平受到关注。"); got.Method != MethodLocal || !strings.Contains(got.Reason, "雷军班") {
		t.Errorf("reports naming 雷军 only: %+v, want local naming 雷军班", got)
	}
	if got := route("雷军班设立引发教育公平争议，网友质疑雷军班。"); got.Method != MethodGlobal {
		t.Errorf("a report naming 雷军班: %+v, want global", got)
	}
	q := "“雷军班”当初为什么会被吵起来？雷军给母校捐了多少钱，这个班给学生开了哪些条件，大家质疑的点主要在哪？"
	if got := NewRouter(bettafishModel(t)).Route(q); got.Method != MethodLocal || !strings.Contains(got.Reason, "雷军班") {
		t.Errorf("fixture: %q routed %+v, want local naming 雷军班", q, got)
	}
}
