package nodes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/templates"
)

// A planned chapter with one broken chart among sound paragraphs: the
// repair request carries that block, its errors and the chapter's evidence
// ids, but no other block's text and no evidence text; the repaired block
// is spliced back at its position and the chapter validates.
func TestRepairSendsOnlyFailingBlocks(t *testing.T) {
	sec := templates.Section{ChapterID: "S3", Title: "传播路径", Slug: "section-3", Order: 3}
	evidenceText := "武汉大学图书馆事件在微博的首轮传播由校园博主发起，两小时内转发破万。"
	var subs []prompts.SubPointBrief
	for i := 1; i <= 3; i++ {
		sp := prompts.SubPointBrief{Title: fmt.Sprintf("要点%d", i)}
		for k := 0; k < 6; k++ {
			id := fmt.Sprintf("E%d", i*10+k)
			sp.Evidence = append(sp.Evidence, prompts.EvidenceRef{ID: id, Kind: "summary", Engine: "media",
				Text: fmt.Sprintf("%s（第%d条）", evidenceText, i*10+k)})
		}
		subs = append(subs, sp)
	}
	known := map[string]bool{}
	for _, sp := range subs {
		for _, e := range sp.Evidence {
			known[e.ID] = true
		}
	}
	sound1 := strings.Repeat("首轮传播集中在微博校园圈层，校友账号随后跟进[E10]。", 12)
	sound2 := strings.Repeat("第二阶段短视频平台的二次剪辑放大了争议[E21]。", 12)
	chapter := fmt.Sprintf(`{"chapter":{"blocks":[
		{"type":"heading","level":2,"text":"传播路径","anchor":"section-3"},
		{"type":"paragraph","inlines":[{"text":%q}]},
		{"type":"widget","widgetId":"spread","widgetType":"chart.js/line","props":{"title":"转发量走势"},"data":{"labels":["第1小时","第2小时"],"datasets":[]}},
		{"type":"paragraph","inlines":[{"text":%q}]}]}}`, sound1, sound2)
	repaired := `{"blocks":[{"index":2,"block":{"type":"table","rows":[["时段","转发量"],["第1小时","3200"],["第2小时","1.1万"]]}}]}`
	f := newFake()
	f.set("chapter:S3", text(chapter))
	f.set("chapter_repair:S3", text(repaired))
	out, err := ChapterGen{Model: f}.Run(context.Background(), ChapterGenInput{Topic: "武汉大学舆情", Section: sec,
		Constraints: prompts.Constraints{AllowedBlocks: chapterBlockTypes}, SubPoints: subs,
		Known: func(id string) bool { return known[id] }})
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("chapter_repair:S3"); n != 1 {
		t.Fatalf("%d repair calls, want 1", n)
	}
	req := f.userOf("chapter_repair:S3")[0]
	gen := f.userOf("chapter:S3")[0]
	for _, s := range []string{sound1[:30], sound2[:30], evidenceText[:30]} {
		if strings.Contains(req, s) {
			t.Errorf("the repair request carries %q (another block's text or the evidence)", s)
		}
	}
	var rin prompts.ChapterRepairInput
	if err := json.Unmarshal([]byte(req), &rin); err != nil {
		t.Fatal(err)
	}
	if len(rin.FailedBlocks) != 1 || rin.FailedBlocks[0].Index != 2 || rin.FailedBlocks[0].Block.WidgetID != "spread" {
		t.Fatalf("failed blocks %+v, want the chart at index 2", rin.FailedBlocks)
	}
	if errs := strings.Join(rin.FailedBlocks[0].Errors, "\n"); !strings.Contains(errs, "blocks[2].data.datasets") {
		t.Errorf("errors sent %q lack the chart's path", errs)
	}
	if len(rin.EvidenceIDs) != 18 || rin.EvidenceIDs[0] != "E10" || rin.Section.Anchor != "section-3" {
		t.Errorf("evidence ids %v, section %+v", rin.EvidenceIDs, rin.Section)
	}
	if r, g := tokens.Count(req), tokens.Count(gen); r*4 > g {
		t.Errorf("repair request %d tokens, chapter request %d: want it under a quarter", r, g)
	}
	c := out.Chapter
	if out.Status != ChapterReady {
		t.Fatalf("status %q (errors %q)", out.Status, out.Errors)
	}
	if err := ir.ValidateChapter(&c); err != nil {
		t.Fatalf("spliced chapter invalid: %v", err)
	}
	if len(c.Blocks) != 4 || c.Blocks[2].Type != ir.TypeTable || ir.PlainText(c.Blocks[1].Inlines) != sound1 ||
		ir.PlainText(c.Blocks[3].Inlines) != sound2 {
		t.Errorf("spliced blocks: %+v", c.Blocks)
	}
}

func TestSpliceRepairShapes(t *testing.T) {
	p := func(s string) ir.Block { return ir.Block{Type: ir.TypeParagraph, Inlines: []ir.Inline{{Text: s}}} }
	base := ir.Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []ir.Block{p("a"), {Type: ir.TypeList}, p("c"), {Type: ir.TypeCallout}}}
	rin := prompts.ChapterRepairInput{FailedBlocks: []prompts.FailedBlock{{Index: 1}, {Index: 3}}}
	texts := func(c ir.Chapter) string {
		var out []string
		for _, b := range c.Blocks {
			out = append(out, b.Type+":"+ir.BlockText(b))
		}
		return strings.Join(out, " ")
	}
	tests := []struct {
		name, reply, want string
		note              string // a substring of one note
	}{
		{"indexed", `{"blocks":[{"index":3,"block":"x3"},{"index":1,"block":{"type":"paragraph","inlines":[{"text":"x1"}]}}]}`,
			"paragraph:a paragraph:x1 paragraph:c paragraph:x3", "blocks[3] (repaired): blocks[0]: string block converted to paragraph"},
		{"indexed, several blocks and an unknown index", `{"blocks":[{"index":1,"blocks":["x1","y1"]},{"index":7,"block":"z"}]}`,
			"paragraph:a paragraph:x1 paragraph:y1 paragraph:c callout:", "index 7 is not a failed block"},
		{"indexed, dropped", `{"blocks":[{"index":1,"blocks":[]},{"index":3,"block":"x3"}]}`,
			"paragraph:a paragraph:c paragraph:x3", "blocks[1]: dropped by the repair"},
		{"bare blocks in order", `{"blocks":["x1","x3"]}`, "paragraph:a paragraph:x1 paragraph:c paragraph:x3", ""},
		{"chapter of the failed blocks", `{"chapter":{"chapterId":"S9","blocks":["x1","x3"]}}`,
			"paragraph:a paragraph:x1 paragraph:c paragraph:x3", ""},
		{"whole chapter rewritten", `{"chapter":{"blocks":["n1","n2","n3"]}}`, "paragraph:n1 paragraph:n2 paragraph:n3", "rewrote the whole chapter"},
		{"missing block kept", `{"blocks":[{"index":1,"block":"x1"}]}`, "paragraph:a paragraph:x1 paragraph:c callout:", "blocks[3]: not in the repair reply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, notes, err := spliceRepair(base, rin, json.RawMessage(tt.reply))
			if err != nil {
				t.Fatal(err)
			}
			if s := texts(got); s != tt.want {
				t.Errorf("blocks %q, want %q", s, tt.want)
			}
			if tt.note != "" && !strings.Contains(strings.Join(notes, "\n"), tt.note) {
				t.Errorf("notes %q lack %q", notes, tt.note)
			}
			if got.ChapterID != "S1" || texts(base) != "paragraph:a list: paragraph:c callout:" {
				t.Errorf("identity %q or the input chapter changed", got.ChapterID)
			}
		})
	}
	for _, bad := range []string{`{"blocks":["only one"]}`, `{"text":"no blocks"}`, `{"chapter":{"blocks":["1"]}}`, `[1]`} {
		if _, _, err := spliceRepair(base, rin, json.RawMessage(bad)); err == nil {
			t.Errorf("reply %s accepted", bad)
		}
	}
}

// The schema in the prompts covers the block types the chapter may use:
// no SWOT or PEST table unless the layout allowed it.
func TestChapterSystemSchema(t *testing.T) {
	plain := chapterSystem(prompts.Constraints{AllowedBlocks: chapterBlockTypes})
	swot := chapterSystem(prompts.Constraints{AllowedBlocks: chapterBlockTypes, AllowSwot: true})
	if strings.Contains(plain, "\nswotTable ") || strings.Contains(plain, "\npestTable ") || !strings.Contains(swot, "\nswotTable ") {
		t.Errorf("schema does not follow allowSwot/allowPest:\n%s", plain)
	}
	for _, typ := range chapterBlockTypes {
		if typ == ir.TypeSwotTable || typ == ir.TypePestTable {
			continue
		}
		if !strings.Contains(plain, "\n"+typ) {
			t.Errorf("schema lacks %s", typ)
		}
	}
	if !strings.HasPrefix(plain, systemChapter) || !strings.Contains(repairSystem(schemaTypes(prompts.Constraints{})), ir.Schema(chapterBlockTypes[:4])[:40]) {
		t.Error("prompts do not carry the schema")
	}
}

// The schema stays compact: its size, in tokens of the tool's tokenizer,
// for the block types a chapter may use (SWOT and PEST allowed: the
// largest case) is logged, and bounded.
func TestSchemaTokenSize(t *testing.T) {
	all := ir.Schema(schemaTypes(prompts.Constraints{AllowedBlocks: chapterBlockTypes, AllowSwot: true, AllowPest: true}))
	plain := ir.Schema(schemaTypes(prompts.Constraints{AllowedBlocks: chapterBlockTypes}))
	n, m := tokens.Count(all), tokens.Count(plain)
	t.Logf("schema: %d tokens with SWOT and PEST, %d without; chapter system prompt %d → %d tokens",
		n, m, tokens.Count(systemChapter), tokens.Count(chapterSystem(prompts.Constraints{AllowedBlocks: chapterBlockTypes})))
	if n > 1500 || m >= n {
		t.Errorf("schema %d tokens (without SWOT/PEST %d): want at most 1500, and less without", n, m)
	}
}

func TestRepairOutputTokens(t *testing.T) {
	small := prompts.ChapterRepairInput{FailedBlocks: []prompts.FailedBlock{{Index: 1, Block: ir.Block{Type: ir.TypeList}}}}
	b, _ := json.Marshal(small.FailedBlocks)
	if got, want := repairOutputTokens(small, 4000), 2*tokens.Count(string(b))+1024; got != want {
		t.Errorf("limit for a small block = %d, want %d", got, want)
	}
	big := prompts.ChapterRepairInput{FailedBlocks: []prompts.FailedBlock{{Block: ir.Block{Type: ir.TypeParagraph,
		Inlines: []ir.Inline{{Text: strings.Repeat("很长的段落文字。", 800)}}}}}}
	if got := repairOutputTokens(big, 4000); got != 4000 {
		t.Errorf("limit for a big block = %d, want the chapter's 4000", got)
	}
	if got := repairOutputTokens(big, 0); got <= 4000 {
		t.Errorf("without a chapter limit = %d, want the blocks' size", got)
	}
}

// A chart value that is no number costs one repair of that block, not a
// regeneration of the chapter: the failed block goes to the repair call
// with the value as null.
func TestChartValueNotANumberRepairsTheBlock(t *testing.T) {
	sec := templates.Section{ChapterID: "S4", Title: "情绪", Slug: "section-4", Order: 4}
	body := strings.Repeat("负面情绪集中在预约开放当周，随后逐步回落。", 20)
	f := newFake()
	f.set("chapter:S4", text("```json\n"+`{"chapter":{"blocks":[{"type":"heading","level":2,"text":"情绪","anchor":"section-4"},`+
		`{"type":"paragraph","inlines":[{"text":"`+body+`"}]},`+
		`{"type":"widget","widgetId":"mood","widgetType":"chart.js/bar","data":{"labels":["正面","负面"],"datasets":[{"label":"占比","data":["42%","n/a"]}]}}]}}`+"\n```"))
	f.set("chapter_repair:S4", text(`{"blocks":[{"index":2,"block":{"type":"widget","widgetId":"mood","widgetType":"chart.js/bar",`+
		`"data":{"labels":["正面"],"datasets":[{"label":"占比","data":[42]}]}}}]}`))
	out, err := ChapterGen{Model: f}.Run(context.Background(), ChapterGenInput{Section: sec,
		Constraints: prompts.Constraints{AllowedBlocks: chapterBlockTypes}})
	if err != nil {
		t.Fatal(err)
	}
	if n, r := f.count("chapter:S4"), f.count("chapter_repair:S4"); n != 1 || r != 1 {
		t.Fatalf("%d chapter and %d repair calls, want 1 and 1 (errors %q)", n, r, out.Errors)
	}
	var rin prompts.ChapterRepairInput
	if err := json.Unmarshal([]byte(f.userOf("chapter_repair:S4")[0]), &rin); err != nil {
		t.Fatal(err)
	}
	if len(rin.FailedBlocks) != 1 || !strings.Contains(f.userOf("chapter_repair:S4")[0], `"data":[42,null]`) ||
		!strings.Contains(strings.Join(rin.FailedBlocks[0].Errors, " "), "blocks[2].data.datasets[0].data[1]") {
		t.Errorf("repair input %s", f.userOf("chapter_repair:S4")[0])
	}
	if out.Status == ChapterDegraded || out.Status == ChapterPlaceholder || out.Chapter.Blocks[2].Data == nil || fmt.Sprint(out.Chapter.Blocks[2].Data.Datasets[0].Data) != "[42]" {
		t.Errorf("status %q, chart %+v", out.Status, out.Chapter.Blocks[2].Data)
	}
}
