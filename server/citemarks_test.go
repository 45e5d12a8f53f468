package server

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
)

// The viewer marks a cited id that was not in the context where it
// stands (assets/cite.js), as the CLI does (localsearch.MarkCitations, for
// global answers globalsearch.MarkCitations):
// for the same answer and citations, the JavaScript's marks put back into
// the text are the Go marks, B23's answer and the variants included. The
// JavaScript is run by Node when it is installed.
func TestViewerCitationMarksMatchGo(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	js, err := assets.ReadFile("assets/cite.js")
	if err != nil {
		t.Fatal(err)
	}
	if html, _ := assets.ReadFile("assets/viewer.html"); !strings.Contains(string(html), `<script src="/assets/cite.js"></script>`) {
		t.Error("viewer.html does not load cite.js")
	}
	rec := localsearch.Records{
		"entities":      {Columns: []string{"id", "entity"}, Rows: [][]string{{"5", "品牌甲"}, {"6", "品牌乙"}}, InContext: []bool{true, true}},
		"relationships": {Columns: []string{"id", "source", "target"}, Rows: [][]string{{"37", "a", "b"}, {"38", "b", "c"}}, InContext: []bool{true, true}},
		"reports":       {Columns: []string{}, Rows: [][]string{}},
	}
	answers := []string{
		"品牌甲声量最高 [Data: Entities (5), Relationships (37, 38, 41, +more)]。另见 [Data: Entities(6); Reports (99)]。",
		"【Data：Entities 5, 7；Relationships 38、42】 and [data: Entity (#41)] [1] [Data: Entities (5)]",
		"no citation at all",
		"😀 [Data: Sources (1)] 😀 [Data: Entities (6, 8)]",
	}
	type input struct {
		Text      string                 `json:"text"`
		Citations []localsearch.Citation `json:"citations"`
	}
	var ins []input
	var wants []string
	for _, a := range answers {
		ins = append(ins, input{a, localsearch.ParseCitations(a, rec)})
		wants = append(wants, localsearch.MarkCitations(a, rec))
	}
	// global answers: the summary's citations as resolveGlobal sends them
	gc := &globalsearch.Context{Records: map[string]globalsearch.Table{"reports": {Columns: []string{"id", "title"}, Rows: [][]string{{"0", "a"}, {"1", "b"}}, InContext: []bool{true, true}}}}
	for _, a := range []string{"总体平稳 [Data: Reports (0, 999999)]，另见 [Data: Entities (3)]。", "【Data：Report 1、7；Reports（0, +more）】"} {
		var cs []localsearch.Citation
		for _, c := range globalsearch.ParseCitations(a, gc, nil) {
			cs = append(cs, localsearch.Citation{Dataset: c.Dataset, ID: c.ID, InContext: c.InContext})
		}
		ins = append(ins, input{a, cs})
		wants = append(wants, globalsearch.MarkCitations(a, gc))
	}
	data, _ := json.Marshal(ins)
	script := string(js) + `
const ins = ` + string(data) + `;
const out = ins.map(function (x) {
  return globalThis.citationSegments(x.text, x.citations).map(function (s) { return s.text + (s.missing ? MARK : ""); }).join("");
});
process.stdout.write(JSON.stringify(out));`
	script = strings.Replace(script, "MARK", strings.ReplaceAll(`"`+localsearch.NotInContextMark+`"`, "\n", ""), 1)
	raw, err := exec.Command(node, "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, raw)
	}
	var got []string
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("node output %q: %v", raw, err)
	}
	for i, want := range wants {
		if got[i] != want {
			t.Errorf("answer %d: viewer marks\n%s\nGo marks\n%s", i, got[i], want)
		}
	}
	if !strings.Contains(got[0], "41"+localsearch.NotInContextMark) || !strings.Contains(got[0], "99"+localsearch.NotInContextMark) {
		t.Errorf("B23: 41 and 99 not marked: %s", got[0])
	}
	if g := got[len(answers)]; !strings.Contains(g, "999999"+localsearch.NotInContextMark) || !strings.Contains(g, "(3"+localsearch.NotInContextMark) {
		t.Errorf("global answer not marked: %s", g)
	}
}
