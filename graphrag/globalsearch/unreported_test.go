package globalsearch

import (
	"fmt"
	"strings"
	"testing"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// A question with broad wording (主要) about a thing the knowledge holds
// (雷军班, a word the dictionary lacks, in two texts) goes local when no
// community report names it — a report naming 雷军 alone does not — and
// global when one does (unreportedName). On the fixture, heldout64's
// question goes local: the fixture's reports never name 雷军班.
func TestBroadAboutUnreportedName(t *testing.T) {
	route := routeOver(t, "雷军班主要有哪些争议？", "雷军班设立后引发教育公平争议，雷军班承诺本硕博贯通。", "网友质疑雷军班占用公共资源，雷军班的选拔标准也有争议。", "樱花季预约人数再创新高。")
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

// A platform's name (推特) is a thing of its own too: broad wording about
// what was said on it goes local when no community report names the
// platform, global when one does (heldout71: "…海外校友在推特上搞了个啥话题？
// 大家主要啥立场" was answered from reports that never mention 推特).
func TestBroadAboutUnreportedPlatform(t *testing.T) {
	route := routeOver(t, "海外校友在推特上搞了个啥话题？大家主要啥立场", "推特上的话题引发海外校友讨论，推特用户立场分化。", "海外校友在推特发起话题，呼吁停止网暴。", "樱花季预约人数再创新高。")
	if got := route("海外校友的话题引发讨论，立场分化。"); got.Method != MethodLocal || !strings.Contains(got.Reason, "推特") {
		t.Errorf("reports not naming 推特: %+v, want local naming 推特", got)
	}
	if got := route("海外校友在推特上的话题引发讨论，立场分化。"); got.Method != MethodGlobal {
		t.Errorf("a report naming 推特: %+v, want global", got)
	}
}

// 大致 or 大体 hedging one act, figure or date is no broad wording; asking
// how things stand roughly, or into which kinds they fall, is (hedge).
func TestHedgeIsNoBroadCue(t *testing.T) {
	for q, want := range map[string]bool{
		"记者追问张平文校长，他当时大致是怎么回应的？": false,
		"樱花季大致多少人入校？":            false,
		"武大最近的舆情大致怎么样？":          true,
		"网民对这所学校的情绪大致能归成哪几类？":    true,
		"武大樱花大致什么时候开？":           false,
		"他主要是怎么回应的，大致是怎么处理的？":    true, // 主要 is no hedge
	} {
		if got := len(BroadCues(q)) > 0; got != want {
			t.Errorf("BroadCues(%s) = %q: broad %v, want %v", q, BroadCues(q), got, want)
		}
	}
}

// routeOver returns a function routing question over knowledge of the
// text units texts (ids u0, u1, …) and one community report of the
// content it is given.
func routeOver(t *testing.T, question string, texts ...string) func(report string) Route {
	t.Helper()
	var units []knowledge.TextUnit
	for i, s := range texts {
		units = append(units, knowledge.TextUnit{ID: fmt.Sprintf("u%d", i), Text: s})
	}
	return func(report string) Route {
		m, err := knowledge.New(knowledge.Parts{TextUnits: units, Reports: []knowledge.CommunityReport{{ID: "r0", ShortID: "0", CommunityID: "0", Title: "舆情",
			FullContent: report, Rank: 1, HasRank: true}}})
		if err != nil {
			t.Fatal(err)
		}
		return NewRouter(m).Route(question)
	}
}

// An aspect word the knowledge never uses (事由, stated as 以…为由) weighs
// nothing in the cover of steps 8 to 10: the question about one person's
// penalty goes local on the fixture, as it does without the word; without
// the rule 事由 was the heaviest term and sent it global (heldout77).
func TestUnusedAspectWeighsNothing(t *testing.T) {
	r := NewRouter(bettafishModel(t))
	for _, q := range []string{"学校当初给肖某某的是哪一种纪律处分？处分里写的事由是什么？", "学校当初给肖某某的是哪一种纪律处分？"} {
		if got := r.Route(q); got.Method != MethodLocal {
			t.Errorf("%s routed %+v, want local", q, got)
		}
	}
}

// unusedAspects: only an aspect word never used loses its weight, and
// none does when no term is used.
func TestUnusedAspects(t *testing.T) {
	ts := []text.Term{{Text: "事由"}, {Text: "特点"}, {Text: "处分"}}
	w := []float64{3, 2, 1}
	unusedAspects(ts, w, []float64{0, 0.1, 0.2})
	if fmt.Sprint(w) != "[0 2 1]" {
		t.Errorf("weights %v, want [0 2 1]: only the unused aspect word 事由 weighs nothing", w)
	}
	w = []float64{3, 2, 1}
	unusedAspects(ts, w, []float64{0, 0, 0})
	if fmt.Sprint(w) != "[3 2 1]" {
		t.Errorf("weights %v with no term used, want [3 2 1]", w)
	}
}
