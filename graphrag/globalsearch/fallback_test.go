package globalsearch

import (
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

// The answer never opens with a point referring back to a sentence it
// does not hold ("此事件还进一步发酵…", the new-user trial of session 30):
// the first point that names its subject leads, the others keep their
// order; when every point refers back the order stands.
func TestReduceOpensWithoutBackReference(t *testing.T) {
	p := func(s string) RankedPoint { return RankedPoint{Point: Point{Description: s + " [Data: Reports (1)]"}} }
	got := extractiveReduce("舆情总体怎么样？", []RankedPoint{p("此事件还进一步发酵，引发了质疑。"), p("该事件始于一名女生的指控。"), p("武汉大学因其学术声誉备受关注。"), p("樱花季吸引大量游客。")})
	lines := strings.Split(got, "\n")[2:]
	want := []string{"武汉大学因其学术声誉", "此事件还进一步发酵", "该事件始于", "樱花季"}
	for i, w := range want {
		if i >= len(lines) || !strings.Contains(lines[i], w) {
			t.Fatalf("bullets %q, want %q in that order", lines, want)
		}
	}
	got = extractiveReduce("舆情总体怎么样？", []RankedPoint{p("此事件还进一步发酵，引发了质疑。"), p("该事件始于一名女生的指控。")})
	if lines := strings.Split(got, "\n")[2:]; len(lines) != 2 || !strings.Contains(lines[0], "此事件") {
		t.Errorf("every point refers back: bullets %q, want the order kept", lines)
	}
}
