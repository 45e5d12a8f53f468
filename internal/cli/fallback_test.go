package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"reportengine/graphrag/globalsearch"
)

// fallbackQuestion is specific (the penalty the accused student was
// given) but no single entity covers its terms, so the router sends it to
// global search, whose map finds no point in the fixture's community
// reports; local search answers it from the texts that state the 记过.
// (Before heldout77 it was "武大在长江大保护方面的舆论反响怎么样？", which
// now goes local at once: 反响, an aspect word the fixture never uses,
// weighs nothing in the router's cover.)
const fallbackQuestion = "事件刚在网上曝光时，学校对被指控的男生给出了什么纪律处分？"

// fallbackFact is what local search's answer to fallbackQuestion cites.
const fallbackFact = "记过"

// fallbackAnswer is the part of search --json these tests read of a local
// answer: its citations and the context records they point at.
type fallbackAnswer struct {
	searchJSON
	Citations []struct {
		Table     string `json:"table"`
		Row       int    `json:"row"`
		InContext bool   `json:"in_context"`
	} `json:"citations"`
	ContextData map[string]struct {
		Rows [][]string `json:"rows"`
	} `json:"context_data"`
}

// citesText reports whether a cited record of a holds s.
func (a fallbackAnswer) citesText(s string) bool {
	for _, c := range a.Citations {
		rows := a.ContextData[c.Table].Rows
		if c.InContext && c.Row >= 0 && c.Row < len(rows) && strings.Contains(strings.Join(rows[c.Row], " "), s) {
			return true
		}
	}
	return false
}

// Under --method auto a question routed global whose global search keeps
// no point is answered by local search, and the output says so (before:
// the no-data answer, though local search answers it well); --method
// global still gives the no-data answer. Fails without the fallback.
func TestAutoFallsBackToLocalSearch(t *testing.T) {
	g := []string{"--graphs", fixtureGraph(t), "--graph", "wuhan"}
	code, out, errs := run(t, append([]string{"search", "--json"}, append(g, fallbackQuestion)...)...)
	var a fallbackAnswer
	if code != 0 || json.Unmarshal([]byte(out), &a) != nil {
		t.Fatalf("exit %d %s %.300s", code, errs, out)
	}
	if a.Method != "local" || !strings.HasPrefix(a.MethodReason, globalsearch.NoPointReason) || a.NoMatch || a.NoData || !a.citesText(fallbackFact) {
		t.Errorf("auto: method %q (%s), no_match %v, no_data %v, cites %s %v\n%s", a.Method, a.MethodReason, a.NoMatch, a.NoData, fallbackFact, a.citesText(fallbackFact), a.Response)
	}
	global := searchAsJSON(t, append(g, "--method", "global", fallbackQuestion)...)
	if global.Method != "global" || !global.NoData || global.Response != globalsearch.NoDataAnswerZH {
		t.Errorf("--method global: method %q, no_data %v\n%s", global.Method, global.NoData, global.Response)
	}
	// the text output: local search's answer and its method line, nothing
	// of global search's no-data answer before it
	code, out, errs = run(t, append([]string{"search"}, append(g, fallbackQuestion)...)...)
	if code != 0 || strings.Contains(out, globalsearch.NoDataAnswerZH) || !strings.Contains(out, fallbackFact) || !strings.Contains(out, "\nCited records:\n  ") ||
		!strings.Contains(errs, "method: local ("+globalsearch.NoPointReason) || strings.Contains(errs, "method: global") {
		t.Errorf("text: exit %d\nstderr:\n%s\nstdout:\n%s", code, errs, out)
	}
	// --context-only decides with the extractive map: local search's context
	code, out, errs = run(t, append([]string{"search", "--context-only", "--json"}, append(g, fallbackQuestion)...)...)
	if code != 0 || !strings.Contains(out, `"no_match": false`) || !strings.Contains(out, `"method": "local"`) || !strings.Contains(out, fallbackFact) {
		t.Errorf("--context-only: exit %d %s\n%.400s", code, errs, out)
	}
	// chat answers it the same way
	code, out, errs = runIn(t, fallbackQuestion+"\nexit\n", nil, append([]string{"chat", "-n", "0"}, g...)...)
	if code != 0 || strings.Contains(out, globalsearch.NoDataAnswerZH) || !strings.Contains(out, fallbackFact) || !strings.Contains(errs, "method: local ("+globalsearch.NoPointReason) {
		t.Errorf("chat: exit %d\nstderr:\n%s\nstdout:\n%s", code, errs, out)
	}
}

// The fallback leaves the decision to local search's relevance rule: an
// off-topic question stays refused under auto, on the fixture and on the
// folder build, where a broad question about another university (北京大学,
// which its texts name and no community report does) goes local at once
// (globalsearch's unreportedName; before it, global, which found no
// point) and is refused by local search.
func TestAutoFallbackStillRefusesOffTopic(t *testing.T) {
	off := searchAsJSON(t, "--graphs", fixtureGraph(t), "--graph", "wuhan", "火星殖民计划的进展如何？")
	if !off.NoMatch || off.Method != "local" {
		t.Errorf("off-topic: method %q (%s), no_match %v\n%s", off.Method, off.MethodReason, off.NoMatch, off.Response)
	}
	const other = "总体而言，北京大学的争议主要集中在哪些方面？" // 负面舆情 would ask sentiment, local at once
	off = searchAsJSON(t, "--graphs", folderGraph(t), "--graph", "wuhan-run", other)
	if !off.NoMatch || off.Method != "local" || !strings.HasPrefix(off.MethodReason, "broad wording") || !strings.Contains(off.MethodReason, "北京大学") {
		t.Errorf("%s: method %q (%s), no_match %v\n%s", other, off.Method, off.MethodReason, off.NoMatch, off.Response)
	}
}
