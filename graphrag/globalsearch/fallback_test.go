package globalsearch

import (
	"slices"
	"strings"
	"testing"
)

// Engine.Answer under auto: a search whose map keeps no point calls fn
// never (neither the context nor the no-data answer) and returns the
// fallback route (local, NoPointReason, the router's reason kept); one
// that keeps points sends the context, then the answer, and keeps the
// route; asked global, the no-data answer streams as Stream sends it.
func TestAnswerFallsBack(t *testing.T) {
	e := offlineEngine(t, bettafishModel(t))
	route := Route{Method: MethodGlobal, Reason: "broad wording: 总体", Cues: []string{"总体"}}
	var events []Event
	fn := func(ev Event) error { events = append(events, ev); return nil }
	for _, asked := range []Method{MethodAuto, ""} {
		events = nil
		res, r, err := e.Answer(t.Context(), asked, route, Query{Text: "火星殖民计划的进展如何？"}, fn)
		if err != nil || !res.NoData || len(events) != 0 || r.Method != MethodLocal ||
			r.Reason != NoPointReason+"; it was routed global for broad wording: 总体" || len(r.Cues) != 1 {
			t.Errorf("asked %q: err %v, no_data %v, %d events, route %+v", asked, err, res != nil && res.NoData, len(events), r)
		}
	}
	events = nil
	res, r, err := e.Answer(t.Context(), MethodAuto, route, Query{Text: "总体舆情怎么样？"}, fn)
	if err != nil || res.NoData || r.Method != MethodGlobal || r.Reason != route.Reason || len(events) < 2 || events[0].Context == nil {
		t.Fatalf("points: err %v, route %+v, %d events", err, r, len(events))
	}
	var got strings.Builder
	for _, ev := range events[1:] {
		got.WriteString(ev.Delta)
	}
	if got.String() != res.Response {
		t.Errorf("streamed %q, answer %q", got.String(), res.Response)
	}
	events = nil
	res, r, err = e.Answer(t.Context(), MethodGlobal, route, Query{Text: "火星殖民计划的进展如何？"}, fn)
	if err != nil || !res.NoData || r.Method != MethodGlobal || len(events) != 2 || events[1].Delta != NoDataAnswerZH {
		t.Errorf("asked global: err %v, route %+v, %d events", err, r, len(events))
	}
}

// An answer whose first point refers back ("此事件还进一步发酵…", the
// new-user trial of session 30) opens with the point of the same batch
// written nearest before it, then the rest in their order; with no such
// point kept, or a first point that refers to nothing, the order stands.
func TestReduceOpensWithAntecedent(t *testing.T) {
	p := func(s string, batch, index int) RankedPoint {
		return RankedPoint{Point: Point{Description: s + " [Data: Reports (1)]"}, Batch: batch, Index: index}
	}
	order := func(kept []RankedPoint) []string {
		var out []string
		for _, l := range strings.Split(extractiveReduce("舆情总体怎么样？", kept), "\n")[2:] {
			out = append(out, strings.TrimPrefix(l, "- ")[:9])
		}
		return out
	}
	for _, c := range []struct {
		kept []RankedPoint
		want []string
	}{
		{[]RankedPoint{p("此事件还进一步发酵。", 0, 3), p("樱花季吸引游客。", 1, 0), p("该事件始于指控。", 0, 1), p("武汉大学备受关注。", 0, 0)},
			[]string{"该事件", "此事件", "樱花季", "武汉大"}},
		{[]RankedPoint{p("此事件还进一步发酵。", 0, 2), p("樱花季吸引游客。", 1, 1), p("该事件始于指控。", 0, 3)},
			[]string{"此事件", "樱花季", "该事件"}},
		{[]RankedPoint{p("武汉大学备受关注。", 0, 3), p("该事件始于指控。", 0, 1)},
			[]string{"武汉大", "该事件"}},
	} {
		if got := order(c.kept); !slices.Equal(got, c.want) {
			t.Errorf("bullets open %q, want %q", got, c.want)
		}
	}
}
