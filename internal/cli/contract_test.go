package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/prompts"
)

// withBlock returns a reply transform for the scripted provider: it adds
// block (one IR block as JSON) to the good chapter the offline model wrote
// and sends the result as capable models do: pretty-printed, in a ```json
// fence, with a line of prose before and after.
func withBlock(t *testing.T, block string) func(string) string {
	return func(good string) string {
		var reply map[string]any
		if err := json.Unmarshal([]byte(good), &reply); err != nil {
			t.Errorf("offline chapter reply: %v", err)
			return good
		}
		var b any
		if err := json.Unmarshal([]byte(block), &b); err != nil {
			t.Fatalf("test block: %v", err)
		}
		ch := reply["chapter"].(map[string]any)
		ch["blocks"] = append(ch["blocks"].([]any), b)
		out, _ := json.MarshalIndent(reply, "", "  ")
		return "好的，以下是本章的 IR JSON：\n\n```json\n" + string(out) + "\n```\n\n如需调整篇幅请告诉我。"
	}
}

// Each deviation capable models make, one per chapter of one scripted
// run against the OpenAI-compatible server: every chapter is accepted as
// sent (one chapter call, no repair call), the deviation is fixed in the
// chapter IR and listed under the chapter's "normalized" in the manifest.
func TestPipelineScriptedDeviationsNeedNoRepair(t *testing.T) {
	deviations := map[string]struct {
		block string
		note  string // a substring of one manifest note
		check func(b ir.Block) error
	}{
		"S1": {`{"type":"list","items":[[{"type":"paragraph","inlines":[{"text":"门店回应及时"}]}],[{"type":"paragraph","inlines":[{"text":"顾客评价回暖"}]}]]}`,
			`listType set to "bullet"`, func(b ir.Block) error {
				return want(b.Type == ir.TypeList && b.ListType == "bullet", "list type %q", b.ListType)
			}},
		"S2": {`{"type":"engineQuote","engine":"insight","title":"洞察引擎观点","blocks":[{"type":"paragraph","inlines":[{"text":"顾客的负面情绪集中在排队时长。"}]}]}`,
			`replaced by the fixed "Insight Agent"`, func(b ir.Block) error {
				return want(b.Type == ir.TypeEngineQuote && b.Title == "Insight Agent", "engine quote title %q", b.Title)
			}},
		"S3": {`{"type":"callout","title":"研判","blocks":[{"type":"paragraph","inlines":[{"text":"舆情整体可控。"}]}]}`,
			`tone set to "info"`, func(b ir.Block) error {
				return want(b.Type == ir.TypeCallout && b.Tone == "info", "callout tone %q", b.Tone)
			}},
		"S4": {`{"type":"widget","widgetId":"share","widgetType":"chart.js/pie","data":{"labels":["好评","中评","差评"],"datasets":[{"label":"占比","data":["42%","30%","28%"]}]}}`,
			`"42%" → 42`, func(b ir.Block) error {
				ok := b.Type == ir.TypeWidget && b.Data != nil && len(b.Data.Datasets) == 1 &&
					fmt.Sprint(b.Data.Datasets[0].Data) == "[42 30 28]"
				return want(ok, "chart data %+v", b.Data)
			}},
		"S5": {`{"type":"table","headers":["平台","声量"],"rows":[["微博","1,200"],["小红书","860"]]}`,
			`headers converted to a header row`, func(b ir.Block) error {
				ok := b.Type == ir.TypeTable && len(b.Rows) == 3 && b.Rows[0].Cells[0].Header &&
					ir.PlainText(b.Rows[0].Cells[1].Blocks[0].Inlines) == "声量"
				return want(ok, "table rows %+v", b.Rows)
			}},
		"S6": {`{"type":"swotTable","strengths":[{"title":"口碑基础","impact":"高：支撑声誉"}]}`,
			`moved to detail`, func(b ir.Block) error {
				ok := b.Type == ir.TypeSwotTable && len(b.Strengths) == 1 && b.Strengths[0].Impact == "高" &&
					b.Strengths[0].Detail == "支撑声誉"
				return want(ok, "strengths %+v", b.Strengths)
			}},
		"S7": {`{"type":"pestTable","social":[{"title":"消费降级","trend":"负面"}]}`,
			`"负面" converted to "负面影响"`, func(b ir.Block) error {
				ok := b.Type == ir.TypePestTable && len(b.Social) == 1 && b.Social[0].Trend == "负面影响"
				return want(ok, "social %+v", b.Social)
			}},
	}
	p, code, out, errs, dir := runScripted(t, func(task, ch string, n int) reply {
		if d, ok := deviations[ch]; ok && task == "chapter" {
			return reply{wrap: withBlock(t, d.block)}
		}
		return reply{}
	})
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	m := readManifest(t, dir)
	doc := readDoc(t, dir)
	for id, d := range deviations {
		if n := p.count("chapter/" + id); n != 1 {
			t.Errorf("%s: %d chapter calls, want 1", id, n)
		}
		if n := p.count("chapter_repair/" + id); n != 0 {
			t.Errorf("%s: %d repair calls, want 0", id, n)
		}
		var notes []string
		for _, c := range m.Chapters {
			if c.ChapterID == id {
				notes = c.Normalized
				if c.Status != "ready" && c.Status != "sparse" {
					t.Errorf("%s: status %q", id, c.Status)
				}
			}
		}
		if !strings.Contains(strings.Join(notes, "\n"), d.note) {
			t.Errorf("%s: manifest notes %q lack %q", id, notes, d.note)
		}
		found := false
		for _, c := range doc.Chapters {
			if c.ChapterID != id {
				continue
			}
			last := c.Blocks[len(c.Blocks)-1]
			found = true
			if err := d.check(last); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}
		if !found {
			t.Errorf("%s: not in the document", id)
		}
	}
	if strings.Contains(readFile(t, filepath.Join(dir, "report.html")), "block omitted") {
		t.Error("a block was replaced by a notice")
	}
}

func want(ok bool, format string, args ...any) error {
	if ok {
		return nil
	}
	return fmt.Errorf("unexpected "+format, args...)
}

// Repair on the real fixture, through the scripted server: chapter S2
// cites an id no plan has; the one repair request carries that block with
// its error and the chapter's evidence ids, none of the evidence texts and
// none of the chapter's other blocks, at under a quarter of the chapter
// request's tokens; the repaired chapter is spliced and shows no mark.
func TestPipelineScriptedRepairIsSmall(t *testing.T) {
	invent := func(s string) string {
		return strings.Replace(s, `"inlines":[{"text":"`, `"inlines":[{"text":"据称[E987654]`, 1)
	}
	p, code, errs, dir := runFixtureScripted(t, func(task, ch string, n int) reply {
		if task == "chapter" && ch == "S2" {
			return reply{wrap: invent}
		}
		return reply{}
	})
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var chapter, repair *stageRequest
	reqs := stageRequests(t, p)
	for i := range reqs {
		switch r := &reqs[i]; {
		case r.Stage == "chapter" && r.Chapter == "S2":
			chapter = r
		case r.Stage == "chapter_repair":
			if repair != nil {
				t.Fatalf("more than one repair request")
			}
			repair = r
		}
	}
	if chapter == nil || repair == nil || repair.Chapter != "S2" {
		t.Fatalf("chapter request %v, repair request %v", chapter != nil, repair)
	}
	var ci prompts.ChapterInput
	var rin prompts.ChapterRepairInput
	if err := json.Unmarshal([]byte(chapter.User), &ci); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(repair.User), &rin); err != nil {
		t.Fatal(err)
	}
	if len(rin.FailedBlocks) != 1 || !strings.Contains(strings.Join(rin.FailedBlocks[0].Errors, " "), "E987654") {
		t.Fatalf("failed blocks %+v", rin.FailedBlocks)
	}
	ids := 0
	sent := map[string]bool{} // each item's id and its primary web sources' ids
	for _, sp := range ci.SubPoints {
		for _, e := range sp.Evidence {
			for _, id := range append([]string{e.ID}, e.Primary...) {
				if !sent[id] {
					sent[id] = true
					ids++
				}
			}
			if len([]rune(e.Text)) >= 12 && strings.Contains(repair.User, string([]rune(e.Text)[:12])) &&
				!strings.Contains(ir.BlockText(rin.FailedBlocks[0].Block), string([]rune(e.Text)[:12])) {
				t.Errorf("the repair request carries evidence text %q", e.Text)
			}
		}
	}
	// and the ids its essentials cite (every "E…" of their JSON: their
	// figures, timeline and platform rows are cited like the evidence)
	if ci.Essentials != nil {
		js, _ := json.Marshal(ci.Essentials)
		for _, id := range regexp.MustCompile(`E\d+`).FindAllString(string(js), -1) {
			if !sent[id] {
				sent[id] = true
				ids++
			}
		}
	}
	if ids == 0 || len(rin.EvidenceIDs) != ids {
		t.Errorf("%d evidence ids sent, the chapter prompt had %d", len(rin.EvidenceIDs), ids)
	}
	if r, c := countUser(repair.User), countUser(chapter.User); r*4 > c {
		t.Errorf("repair user message %d tokens, chapter's %d: want under a quarter", r, c)
	}
	t.Logf("chapter S2 request %d tokens (user %d); repair request %d tokens (user %d)",
		chapter.Prompt, countUser(chapter.User), repair.Prompt, countUser(repair.User))
	m := readManifest(t, dir)
	for _, c := range m.Chapters {
		if c.ChapterID == "S2" && c.Status != "ready" && c.Status != "sparse" {
			t.Errorf("S2 status %q after the repair", c.Status)
		}
	}
	if strings.Contains(readFile(t, filepath.Join(dir, "report.html")), ir.UnknownCitationMark) {
		t.Error("the repaired chapter still shows the unknown-citation mark")
	}
}

func countUser(s string) int { return tokens.Count(s) }
