package nodes

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"reportengine/forum"
	"reportengine/ir"
	"reportengine/llm"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	"reportengine/templates"
)

func newPipeline(t testing.TB, f *fakeModel, mod func(*Config)) *Pipeline {
	t.Helper()
	cfg := Config{Model: f, Embedders: fitted, Now: fixedClock}
	if mod != nil {
		mod(&cfg)
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return p
}

func testInput() Input {
	return Input{Topic: "李明咖啡店", ReportID: "r1", GraphID: "g1", Graph: testGraph(), States: testStates(),
		Forum: []forum.Entry{{Line: 1, Time: "10:00:00", Speaker: "QUERY", Content: "李明咖啡店的咖啡口碑不错", Known: true}}}
}

func defaultSections(t testing.TB) []templates.Section {
	t.Helper()
	tpl, err := templates.Lookup(templates.Default)
	if err != nil {
		t.Fatalf("templates.Lookup(Default): %v", err)
	}
	return tpl.Sections
}

func stage(m Manifest, name string) StageRecord {
	for _, s := range m.Stages {
		if s.Name == name {
			return s
		}
	}
	return StageRecord{}
}

func TestPipelineHappyPath(t *testing.T) {
	f := newFake()
	var evMu sync.Mutex
	var events []Event
	p := newPipeline(t, f, func(c *Config) {
		c.OnEvent = func(e Event) { evMu.Lock(); events = append(events, e); evMu.Unlock() }
	})
	res, err := p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	secs := defaultSections(t)
	doc := res.Document
	if got, want := len(doc.Chapters), len(secs); got != want {
		t.Fatalf("chapters = %d, want %d", got, want)
	}
	for i, c := range doc.Chapters {
		if c.ChapterID != secs[i].ChapterID || c.Order != secs[i].Order || c.Title != secs[i].Title {
			t.Errorf("chapter %d = %s/%d/%q, want template %s/%d/%q", i, c.ChapterID, c.Order, c.Title, secs[i].ChapterID, secs[i].Order, secs[i].Title)
		}
		if res.Chapters[i].Status != ChapterReady {
			t.Errorf("chapter %s status %q (errors %v)", c.ChapterID, res.Chapters[i].Status, res.Chapters[i].Errors)
		}
		if res.Chapters[i].QueryRounds != 1 {
			t.Errorf("chapter %s query rounds = %d, want 1", c.ChapterID, res.Chapters[i].QueryRounds)
		}
		if doc.Metadata.TOC.Entries[i].Anchor != c.Anchor {
			t.Errorf("toc entry %d anchor %q, chapter anchor %q", i, doc.Metadata.TOC.Entries[i].Anchor, c.Anchor)
		}
	}
	if doc.Metadata.Title != "咖啡店舆情报告" || doc.Metadata.TemplateName != templates.Default {
		t.Errorf("metadata title %q template %q", doc.Metadata.Title, doc.Metadata.TemplateName)
	}
	if doc.Metadata.GeneratedAt != "2026-03-01T08:00:00Z" || doc.Version != ir.Version || doc.ReportID != "r1" || doc.Metadata.GraphID != "g1" {
		t.Errorf("metadata: %+v", doc.Metadata)
	}
	if len(doc.Sources) == 0 || doc.Sources[0].URL != "https://example.com/a" {
		t.Errorf("sources = %+v, want the cited source first", doc.Sources)
	}
	if res.Manifest.Status != "complete" || len(res.Manifest.Failures) != 0 {
		t.Errorf("manifest status %q failures %v", res.Manifest.Status, res.Manifest.Failures)
	}
	for _, name := range []string{StageTemplate, StageLayout, StageBudget, StageEvidence, StageChapters, StageStitch, StageRender} {
		if s := stage(res.Manifest, name); s.Status != StatusDone {
			t.Errorf("stage %q = %+v, want done", name, s)
		}
	}
	if len(res.HTML) == 0 || len(res.Markdown) == 0 {
		t.Errorf("render output empty")
	}
	// anchors unique
	seen := map[string]bool{}
	for _, c := range doc.Chapters {
		if seen[c.Anchor] {
			t.Errorf("duplicate chapter anchor %q", c.Anchor)
		}
		seen[c.Anchor] = true
	}
	for _, c := range doc.Chapters {
		for _, b := range c.Blocks {
			if b.Type == ir.TypeHeading && b.Anchor != c.Anchor {
				if seen[b.Anchor] {
					t.Errorf("duplicate heading anchor %q", b.Anchor)
				}
				seen[b.Anchor] = true
			}
		}
	}
	evMu.Lock()
	defer evMu.Unlock()
	var chapterDone, stageDone int
	for _, e := range events {
		if e.Kind == KindChapter && e.Status == StatusDone {
			chapterDone++
			if e.Total != len(secs) || e.Done < 1 {
				t.Errorf("chapter event counts %d/%d", e.Done, e.Total)
			}
		}
		if e.Kind == KindStage && e.Status == StatusDone {
			stageDone++
		}
		if e.Time.IsZero() {
			t.Errorf("event without time: %+v", e)
		}
	}
	if chapterDone != len(secs) || stageDone != 7 {
		t.Errorf("events: %d chapters done, %d stages done", chapterDone, stageDone)
	}

	dir := t.TempDir()
	paths, err := Save(dir, res)
	if err != nil {
		t.Fatalf("Save: %v", err)
	}
	if last := paths[len(paths)-1]; filepath.Base(last) != "manifest.json" {
		t.Errorf("last file written = %s, want manifest.json", last)
	}
	if len(paths) != 5+len(secs) { // html, md, document_ir, evidence, chapters, manifest
		t.Errorf("wrote %d files, want %d", len(paths), 5+len(secs))
	}
	for _, p := range paths {
		if strings.HasSuffix(p, ".json") {
			b, err := os.ReadFile(p)
			if err != nil || !json.Valid(b) {
				t.Errorf("%s: not valid JSON (%v)", p, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, res.Manifest.Chapters[0].File)); err != nil {
		t.Errorf("manifest chapter file: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestNewConfigErrors(t *testing.T) {
	if _, err := New(Config{}); !errors.Is(err, ErrConfig) {
		t.Errorf("nil model: %v", err)
	}
	_, err := New(Config{Model: newFake(), Embedders: fitted, Template: "没有这个模板"})
	if !errors.Is(err, ErrConfig) || !errors.Is(err, templates.ErrUnknown) {
		t.Errorf("unknown template: %v", err)
	}
	for _, c := range []Config{{Model: newFake(), Embedders: fitted, Concurrency: -1}, {Model: newFake(), Embedders: fitted, PromptTokens: 10}, {Model: newFake()}} {
		if _, err := New(c); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	p, _ := New(Config{Model: newFake(), Embedders: fitted})
	if _, err := p.Run(context.Background(), Input{}); !errors.Is(err, ErrConfig) {
		t.Errorf("empty topic: %v", err)
	}
}

func TestGivenTemplateSkipsSelection(t *testing.T) {
	f := newFake()
	p := newPipeline(t, f, func(c *Config) { c.Template = templates.Default; c.QueryRounds = -1 })
	res, err := p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("template_selection"); n != 0 {
		t.Errorf("selection calls = %d, want 0", n)
	}
	if res.Manifest.Template != templates.Default {
		t.Errorf("template %q", res.Manifest.Template)
	}
	for _, c := range res.Chapters {
		if c.QueryRounds != 0 {
			t.Errorf("graph queries ran although disabled")
		}
	}
	for _, r := range f.requests {
		if strings.Contains(r.key, "graph_query") {
			t.Errorf("graph query call with QueryRounds < 0")
		}
	}
}

func TestTemplateSelectionFallback(t *testing.T) {
	list := templates.List()
	if len(list) < 2 {
		t.Skip("needs two templates")
	}
	other := list[0].Name
	if other == templates.Default {
		other = list[1].Name
	}
	f := newFake()
	f.set("template_selection", text("我认为应该使用「"+other+"」，因为主题是品牌。"))
	p := newPipeline(t, f, func(c *Config) { c.QueryRounds = -1 })
	res, err := p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if res.Manifest.Template != other {
		t.Errorf("template %q, want %q (named in the prose reply)", res.Manifest.Template, other)
	}
	if s := stage(res.Manifest, StageTemplate); s.Status != StatusFallback || !strings.Contains(s.Error, "template selection") || s.Calls != 2 {
		t.Errorf("stage = %+v", s)
	}

	f = newFake()
	f.set("template_selection", text(`{"template_name":"不存在的模板","selection_reason":"x"}`))
	p = newPipeline(t, f, func(c *Config) { c.QueryRounds = -1 })
	res, err = p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if res.Manifest.Template != templates.Default || stage(res.Manifest, StageTemplate).Status != StatusFallback {
		t.Errorf("unknown name: template %q stage %+v", res.Manifest.Template, stage(res.Manifest, StageTemplate))
	}
	if !strings.Contains(res.Manifest.TemplateReason, "fallback") {
		t.Errorf("reason %q does not say fallback", res.Manifest.TemplateReason)
	}
}

// B01: a reasoning block before the layout JSON.
func TestLayoutReasoningPrefix(t *testing.T) {
	f := newFake()
	f.script["document_layout"] = func(in map[string]any, _ int) reply {
		return text("<think>\n先确定章节结构，再补充段落内容。\n</think>\n" + layoutJSON(in))
	}
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if s := stage(res.Manifest, StageLayout); s.Status != StatusDone || s.Calls != 1 {
		t.Errorf("layout stage %+v", s)
	}
	if res.Document.Metadata.Title != "咖啡店舆情报告" {
		t.Errorf("title %q", res.Document.Metadata.Title)
	}
	b, _ := json.Marshal(res.Document)
	if strings.Contains(string(b), "先确定章节结构") {
		t.Errorf("reasoning text leaked into the document")
	}
}

// B03 and B05: prose or an array of arrays where the layout object is
// expected → the fallback layout, recorded and visible.
func TestLayoutFallback(t *testing.T) {
	for name, rep := range map[string]string{
		"B03 prose":           "**讨论摘要**\n| Agent | 要点 |\n|-------|------|\n| QUERY | 官方通报已发布 |\n| MEDIA | 短视频传播最快 |",
		"B05 array of arrays": "\n[\n  [\"第一章 事件概览\", \"第二章 传播路径\"],\n]",
	} {
		t.Run(name, func(t *testing.T) {
			f := newFake()
			f.set("document_layout", text(rep))
			res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
			if err != nil {
				t.Fatal(err)
			}
			s := stage(res.Manifest, StageLayout)
			if s.Status != StatusFallback || s.Calls != DefaultMaxAttempts {
				t.Errorf("layout stage %+v, want fallback after %d calls", s, DefaultMaxAttempts)
			}
			if !strings.Contains(s.Error, "document layout") {
				t.Errorf("stage error %q does not name the step", s.Error)
			}
			if f.count("document_layout") != DefaultMaxAttempts {
				t.Errorf("layout calls = %d", f.count("document_layout"))
			}
			md := res.Document.Metadata
			if len(md.LayoutNotes) == 0 || !strings.Contains(md.LayoutNotes[0], "默认版式") {
				t.Errorf("layout notes %q: the fallback is not visible", md.LayoutNotes)
			}
			if md.Title != "李明咖啡店舆情分析报告" {
				t.Errorf("fallback title %q", md.Title)
			}
			if len(md.Hero.KPIs) == 0 {
				t.Errorf("fallback hero has no graph KPIs")
			}
			if len(md.TOC.Entries) != len(res.Document.Chapters) {
				t.Errorf("toc %d entries for %d chapters", len(md.TOC.Entries), len(res.Document.Chapters))
			}
			for _, n := range md.LayoutNotes {
				if strings.Contains(n, "官方通报") || strings.Contains(n, "第一章") {
					t.Errorf("raw reply in layout note %q", n)
				}
			}
		})
	}
}

func TestLayoutChecks(t *testing.T) {
	secs := defaultSections(t)
	m, err := decodeObject(json.RawMessage(`{"title":["x"],"hero":"oops","tocPlan":[
		{"chapterId":"S9","display":"x"},
		{"chapterId":"S1","display":"一、概览","description":"描述，{\"key\": 1","allowSwot":true,"allowPest":true},
		{"chapterId":"S2","allowSwot":"true"},
		{"chapterId":"S3","allowPest":true}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r, dw := decodeLayout(m)
	l, warns := checkLayout(r, dw, "话题", secs)
	if l.Title != "话题舆情分析报告" {
		t.Errorf("title %q", l.Title)
	}
	if len(l.TOCPlan) != len(secs) {
		t.Fatalf("toc plan %d entries", len(l.TOCPlan))
	}
	e1, e2, e3 := l.TOCPlan[0], l.TOCPlan[1], l.TOCPlan[2]
	if !e1.AllowSwot || e1.AllowPest || e2.AllowSwot || !e3.AllowPest {
		t.Errorf("swot/pest: %+v %+v %+v", e1, e2, e3)
	}
	if e1.Description != "描述" {
		t.Errorf("description %q", e1.Description)
	}
	if e1.Anchor != secs[0].Slug || e2.Display == "" {
		t.Errorf("anchor/display: %+v %+v", e1, e2)
	}
	if len(warns) == 0 {
		t.Errorf("no warnings for the fixes")
	}
}

func TestWordBudgetFallback(t *testing.T) {
	f := newFake()
	f.set("word_budget", text(`{"chapters":{"S1":{"targetWords":"1,500字"}}}`))
	res, err := newPipeline(t, f, func(c *Config) { c.QueryRounds = -1 }).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if s := stage(res.Manifest, StageBudget); s.Status != StatusFallback {
		t.Errorf("budget stage %+v", s)
	}
	users := f.userOf("chapter:S1")
	if len(users) == 0 || !strings.Contains(users[0], `"wordTarget":1500`) {
		t.Errorf("S1 word target not 1500: %.300s", users)
	}
	share := DefaultTotalWords / len(defaultSections(t))
	if u := f.userOf("chapter:S2"); len(u) == 0 || !strings.Contains(u[0], `"wordTarget":`+itoa(share)) {
		t.Errorf("S2 word target not the equal share %d", share)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// B04: prose with a python fence before the JSON fence.
func TestChapterMultiFence(t *testing.T) {
	f := newFake()
	f.script["chapter:S1"] = func(in map[string]any, _ int) reply {
		return text("下面先给出一个示例脚本：\n```python\nprint({'a': 1})\n```\n正式结果：\n```json\n" + chapterJSON(in, "") + "\n```\n以上。")
	}
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if res.Chapters[0].Status != ChapterReady || f.count("chapter:S1") != 1 {
		t.Errorf("S1 status %q after %d calls: %v", res.Chapters[0].Status, f.count("chapter:S1"), res.Chapters[0].Errors)
	}
}

// B07: unescaped quotes inside a string: the sentence is whole, or the
// chapter is a placeholder — never cut short.
func TestChapterInnerQuotes(t *testing.T) {
	f := newFake()
	f.script["chapter:S1"] = func(in map[string]any, _ int) reply {
		s := chapterJSON(in, `,{"type":"paragraph","inlines":[{"text": "发言人表示"不同意"后离场"}]}`)
		return text(s)
	}
	f.set("document_layout", text(`{"title": ""舆论反转"", "order": 2}`))
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if res.Document.Metadata.Title == "" {
		t.Errorf("empty title")
	}
	c := res.Chapters[0]
	if c.Status == ChapterPlaceholder {
		return
	}
	found := false
	for _, b := range c.Chapter.Blocks {
		for _, in := range b.Inlines {
			if strings.Contains(in.Text, "发言人表示") {
				found = true
				if !strings.Contains(in.Text, `发言人表示"不同意"后离场`) {
					t.Errorf("sentence cut: %q", in.Text)
				}
			}
		}
	}
	if !found {
		t.Errorf("the quoted paragraph vanished from a ready chapter")
	}
}

// B08: a chapter truncated twice (the second time asked for 60 % of the
// words) becomes a placeholder naming the chapter; the others are fine.
func TestChapterTruncated(t *testing.T) {
	f := newFake()
	f.set("chapter:S3", reply{err: &llm.Error{Kind: llm.ErrTruncated, Step: "chapter S3", Model: "scripted"}})
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("chapter:S3"); n != 2 {
		t.Errorf("truncated chapter called %d times, want 2 (one retry with a smaller target)", n)
	}
	users := f.userOf("chapter:S3")
	if len(users) == 2 {
		first, second := wordTarget(t, users[0]), wordTarget(t, users[1])
		if first <= 0 || second != first*60/100 {
			t.Errorf("word targets %d then %d, want the retry at 60%% of the first", first, second)
		}
	}
	checkPlaceholder(t, res, "S3", "截断")
	for i, c := range res.Chapters {
		if c.Section.ChapterID != "S3" && c.Status != ChapterReady {
			t.Errorf("chapter %d status %q", i, c.Status)
		}
	}
	if res.Manifest.Status != "partial" {
		t.Errorf("manifest status %q", res.Manifest.Status)
	}
	if !strings.Contains(res.Document.Metadata.Hero.Summary, "S3") {
		t.Errorf("hero summary does not name the failed chapter: %q", res.Document.Metadata.Hero.Summary)
	}
}

// B08 (field-failures.md): a reply cut by the token limit, reported by the
// client (finish_reason=length), by the model without an error, or by a
// stream that just ends inside the JSON without any finish_reason, is a
// truncation: no repair, asked again only once with a smaller word target,
// the chapter is a placeholder whose errors name the chapter and the cause,
// and the raw
// partial text is kept in a .partial file beside the chapter, never in the
// HTML, the Markdown, the IR or the manifest.
func TestChapterB08TruncationKeptNotRepaired(t *testing.T) {
	const partial = `{"chapter":{"chapterId":"S6","title":"趋势研判","blocks":[{"type":"paragraph","inlines":[{"text":"预计未来一周讨论热度将`
	clientErr := &llm.Error{Kind: llm.ErrTruncated, Step: "chapter S6", Model: "scripted",
		Message: "the reply stopped at max_tokens 64 after 96 runes (finish_reason=length); partial output is not repaired"}
	tests := []struct {
		name  string
		r     reply
		wants []string // in the chapter's errors
	}{
		{"client error, finish_reason=length", reply{text: partial, err: clientErr, finish: "length", requests: 1}, []string{"chapter S6", "finish_reason=length"}},
		{"finish_reason=length without an error", reply{text: partial, finish: "length", requests: 1}, []string{"chapter S6", "finish_reason=length"}},
		{"stream ends inside the JSON, no finish_reason", reply{text: partial, finish: "absent", requests: 1}, []string{"chapter S6", "truncated output", "unterminated JSON string"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			f.set("chapter:S6", tt.r)
			res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
			if err != nil {
				t.Fatal(err)
			}
			if n, r := f.count("chapter:S6"), f.count("chapter_repair:S6"); n != 2 || r != 0 {
				t.Errorf("chapter calls %d, repair calls %d; want 2 and 0 (one retry with a smaller target, not repaired)", n, r)
			}
			checkPlaceholder(t, res, "S6", "截断")
			cr := res.Chapters[5]
			if cr.Section.ChapterID != "S6" {
				t.Fatalf("chapter 5 is %s", cr.Section.ChapterID)
			}
			errs := strings.Join(cr.Errors, "\n")
			for _, w := range tt.wants {
				if !strings.Contains(errs, w) {
					t.Errorf("chapter errors %q do not contain %q", errs, w)
				}
			}
			if cr.Partial != partial {
				t.Errorf("Partial = %q, want the raw partial text", cr.Partial)
			}
			dir := t.TempDir()
			if _, err := Save(dir, res); err != nil {
				t.Fatal(err)
			}
			var rec ChapterRecord
			for _, r := range res.Manifest.Chapters {
				if r.ChapterID == "S6" {
					rec = r
				}
			}
			if want := "chapters/060-section-6-0.partial"; rec.PartialFile != want {
				t.Errorf("manifest partialFile = %q, want %q", rec.PartialFile, want)
			}
			got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rec.PartialFile)))
			if err != nil || string(got) != partial {
				t.Errorf("partial file = %q, %v; want the raw partial text", got, err)
			}
			for _, name := range []string{"report.html", "report.md", "document_ir.json", "manifest.json", "chapters/060-section-6-0.json"} {
				b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(string(b), "预计未来一周讨论热度将") {
					t.Errorf("%s shows the partial text", name)
				}
			}
			// a later run without truncation removes the stale .partial
			res2, err := newPipeline(t, newFake(), nil).Run(context.Background(), testInput())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Save(dir, res2); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(dir, "chapters", "060-section-6-0.partial")); !os.IsNotExist(err) {
				t.Errorf("stale .partial file kept: %v", err)
			}
		})
	}
}

// B02 at the pipeline level: a reply that is reasoning ending in an orphan
// closing tag with nothing after it fails the chapter (after the bounded
// attempts) without any of the reasoning, or its JSON-looking draft,
// reaching the manifest, the IR or the page. B06: structural full-width
// quotes are read as a fallback.
func TestChapterReasoningNeverInManifest(t *testing.T) {
	const reasoning = "需要输出章节JSON。先写个草稿 {\"chapterId\":\"draft\",\"blocks\":[]} 再改。</think>\n"
	f := newFake()
	f.set("chapter:S2", text(reasoning))
	f.script["chapter:S4"] = func(in map[string]any, _ int) reply {
		return text(fullWidth(chapterJSON(in, "")))
	}
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	checkPlaceholder(t, res, "S2", "JSON")
	errs := strings.Join(res.Chapters[1].Errors, "\n")
	if !strings.Contains(errs, "no JSON found after reasoning block") {
		t.Errorf("chapter S2 errors %q do not say no JSON followed the reasoning", errs)
	}
	if c := res.Chapters[3]; c.Status != ChapterReady {
		t.Errorf("chapter S4 with full-width quotes: status %q, errors %v", c.Status, c.Errors)
	}
	dir := t.TempDir()
	if _, err := Save(dir, res); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"manifest.json", "document_ir.json", "report.html", "report.md"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range []string{"草稿", "再改", `\"draft\"`, `"draft"`} {
			if strings.Contains(string(b), leak) {
				t.Errorf("%s contains reasoning text %q", name, leak)
			}
		}
	}
}

// fullWidth turns the structural quotes of a compact JSON text into “ ”.
func fullWidth(s string) string {
	var b strings.Builder
	open := true
	for _, r := range s {
		if r == '"' {
			if open {
				b.WriteRune('“')
			} else {
				b.WriteRune('”')
			}
			open = !open
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// The manifest counts the requests the model actually sent (its client's
// retries included, llm.Response.Requests), per stage and per chapter,
// beside the pipeline's own calls.
func TestManifestCountsRequests(t *testing.T) {
	f := newFake()
	// every call reports 2 requests (one retried failure); the S2 chapter
	// needs a second call (unusable first reply, 3 requests).
	for _, task := range []string{prompts.TaskTemplateSelection, prompts.TaskDocumentLayout, prompts.TaskWordBudget} {
		fn := defaultReply(task)
		f.script[task] = func(in map[string]any, n int) reply { r := fn(in, n); r.requests = 2; return r }
	}
	gq := defaultReply(prompts.TaskGraphQuery)
	f.script[prompts.TaskGraphQuery] = func(in map[string]any, n int) reply { r := gq(in, n); r.requests = 2; return r }
	ch := defaultReply(prompts.TaskChapter)
	f.script[prompts.TaskChapter] = func(in map[string]any, n int) reply { r := ch(in, n); r.requests = 2; return r }
	f.script["chapter:S2"] = func(in map[string]any, n int) reply {
		if n == 0 {
			return reply{text: "稍等，我想一想。", requests: 3}
		}
		r := ch(in, n)
		r.requests = 2
		return r
	}
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{StageTemplate, StageLayout, StageBudget} {
		if s := stage(res.Manifest, name); s.Calls != 1 || s.Requests != 2 {
			t.Errorf("stage %s: calls %d requests %d, want 1 and 2", name, s.Calls, s.Requests)
		}
	}
	wantTotal := 0
	for _, rec := range res.Manifest.Chapters {
		rounds := f.count(prompts.TaskGraphQuery + ":" + rec.ChapterID)
		if rounds == 0 {
			t.Errorf("chapter %s: no graph query calls counted", rec.ChapterID)
		}
		want := 2*rounds + 2
		if rec.ChapterID == "S2" {
			want += 3
		}
		if rec.Requests != want {
			t.Errorf("chapter %s: requests %d, want %d (%d graph query calls)", rec.ChapterID, rec.Requests, want, rounds)
		}
		wantTotal += want
	}
	if s := stage(res.Manifest, StageChapters); s.Requests != wantTotal {
		t.Errorf("chapters stage requests %d, want %d", s.Requests, wantTotal)
	}
}

func checkPlaceholder(t *testing.T, res *Result, id, reason string) {
	t.Helper()
	var cr *ChapterResult
	for i := range res.Chapters {
		if res.Chapters[i].Section.ChapterID == id {
			cr = &res.Chapters[i]
		}
	}
	if cr == nil {
		t.Fatalf("no chapter %s", id)
	}
	if cr.Status != ChapterPlaceholder || !cr.Chapter.Placeholder {
		t.Fatalf("%s status %q placeholder %v", id, cr.Status, cr.Chapter.Placeholder)
	}
	c := cr.Chapter
	if len(c.Blocks) < 2 || c.Blocks[0].Type != ir.TypeHeading || c.Blocks[0].Anchor != c.Anchor || c.Blocks[0].Text != cr.Section.Title {
		t.Errorf("placeholder heading: %+v", c.Blocks)
	}
	if c.Blocks[1].Type != ir.TypeCallout || c.Blocks[1].Tone != "danger" {
		t.Errorf("placeholder callout: %+v", c.Blocks[1])
	}
	if err := ir.ValidateChapter(&c); err != nil {
		t.Errorf("placeholder is not valid IR: %v", err)
	}
	msg := c.Blocks[1].Blocks[0].Inlines[0].Text
	if !strings.Contains(msg, reason) {
		t.Errorf("placeholder text %q does not say %q", msg, reason)
	}
	var found bool
	for _, fl := range res.Document.Metadata.Failures {
		if fl.ChapterID == id && strings.Contains(fl.Reason, "chapter "+id) {
			found = true
		}
	}
	if !found {
		t.Errorf("no failure for %s in %+v", id, res.Document.Metadata.Failures)
	}
	found = false
	for _, fl := range res.Manifest.Failures {
		found = found || fl.ChapterID == id
	}
	if !found {
		t.Errorf("no manifest failure for %s", id)
	}
}

// When every chapter fails, Run's error wraps ErrAllChaptersFailed and the
// first chapter's error with %w, so a caller maps its kind with errors.Is.
func TestAllChaptersFailedWraps(t *testing.T) {
	f := newFake()
	f.set(prompts.TaskChapter, reply{err: &llm.Error{Kind: llm.ErrContextTooLong, Step: "chapter", StatusCode: 400, Limit: 8192, Requested: 9000}})
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if res != nil || err == nil {
		t.Fatalf("Run = %v, %v; want an error", res, err)
	}
	if !errors.Is(err, ErrAllChaptersFailed) || !errors.Is(err, llm.ErrContextTooLong) {
		t.Errorf("err %v: Is(ErrAllChaptersFailed) %v, Is(ErrContextTooLong) %v; want both", err,
			errors.Is(err, ErrAllChaptersFailed), errors.Is(err, llm.ErrContextTooLong))
	}
	var ae *AllChaptersFailedError
	if !errors.As(err, &ae) || ae.Chapters != len(defaultSections(t)) {
		t.Fatalf("err %T %v: want *AllChaptersFailedError for %d chapters", err, err, len(defaultSections(t)))
	}
	var le *llm.Error
	if !errors.As(ae.First, &le) || le.Limit != 8192 {
		t.Errorf("First = %v, want the first chapter's *llm.Error", ae.First)
	}
	if !strings.HasPrefix(err.Error(), "chapters: all 6 chapters failed; the first: chapter S1") {
		t.Errorf("message %q", err)
	}
}

// B09: context too long is not retried.
func TestChapterContextTooLong(t *testing.T) {
	f := newFake()
	f.set("chapter:S2", reply{err: &llm.Error{Kind: llm.ErrContextTooLong, Step: "chapter S2", StatusCode: 400,
		Limit: 65536, Requested: 70210, Message: "This model's maximum context length is 65536 tokens."}})
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("chapter:S2"); n != 1 {
		t.Errorf("calls = %d, want exactly 1", n)
	}
	checkPlaceholder(t, res, "S2", "上下文")
}

// B25: an empty reply text is a content problem the stage asks again
// about (bounded by MaxAttempts); an ErrEmptyCompletion from the model has
// already been retried by the client (llm/openaicompat), so the stage does
// not multiply the requests. Both end as a placeholder, never as an empty
// chapter.
func TestChapterEmptyCompletion(t *testing.T) {
	f := newFake()
	f.set("chapter:S1", text(""))
	f.set("chapter:S2", reply{err: &llm.Error{Kind: llm.ErrEmptyCompletion, Step: "chapter S2"}})
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]int{"S1": DefaultMaxAttempts, "S2": 1} {
		if n := f.count("chapter:" + id); n != want {
			t.Errorf("%s calls = %d, want %d", id, n, want)
		}
		checkPlaceholder(t, res, id, "空内容")
	}
}

// B28: a chart without labels → one repair call with the validator errors;
// when the repair is still invalid the chapter keeps its sound blocks and
// the chart becomes a visible "chart data unavailable" notice (degraded).
func TestChapterRepair(t *testing.T) {
	bad := `,{"type":"widget","widgetId":"w1","widgetType":"chart.js/bar","props":{"title":"平台分布"},"data":{"labels":[],"datasets":[]}}`
	for _, fixed := range []bool{false, true} {
		f := newFake()
		f.script["chapter:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
		if !fixed {
			f.script["chapter_repair:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
		}
		res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
		if err != nil {
			t.Fatal(err)
		}
		if n := f.count("chapter_repair:S1"); n != 1 {
			t.Errorf("repair calls = %d, want 1", n)
		}
		users := f.userOf("chapter_repair:S1")
		if len(users) == 1 {
			var rin prompts.ChapterRepairInput
			_ = json.Unmarshal([]byte(users[0]), &rin)
			if len(rin.FailedBlocks) != 1 || !strings.Contains(strings.Join(rin.FailedBlocks[0].Errors, "\n"), "blocks[") {
				t.Errorf("failed blocks sent: %+v", rin.FailedBlocks)
			}
		}
		if fixed {
			if res.Chapters[0].Status != ChapterReady {
				t.Errorf("repaired chapter status %q", res.Chapters[0].Status)
			}
			continue
		}
		c := res.Chapters[0]
		if c.Status != ChapterDegraded || c.Chapter.Placeholder || c.Attempts != 2 {
			t.Fatalf("status %q placeholder %v attempts %d; want degraded, not a placeholder, 2 calls", c.Status, c.Chapter.Placeholder, c.Attempts)
		}
		var widgets, notices int
		for _, b := range c.Chapter.Blocks {
			if b.Type == ir.TypeWidget {
				widgets++
			}
			if b.Type == ir.TypeCallout && strings.Contains(b.Title, "chart data unavailable") &&
				strings.Contains(ir.PlainText(b.Blocks[0].Inlines), "平台分布") &&
				!strings.Contains(ir.PlainText(b.Blocks[0].Inlines), "bar chart requires non-empty labels") {
				notices++ // a plain notice: the validator's message is for the manifest
			}
		}
		if widgets != 0 || notices != 1 {
			t.Errorf("widgets %d notices %d; want the chart replaced by one plain notice", widgets, notices)
		}
		if !strings.Contains(strings.Join(c.Errors, "\n"), "degraded: ") || !strings.Contains(strings.Join(c.Errors, "\n"), "bar chart requires non-empty labels") {
			t.Errorf("errors (for the manifest) %v lack the validator's message", c.Errors)
		}
		if err := ir.ValidateChapter(&c.Chapter); err != nil {
			t.Errorf("degraded chapter invalid: %v", err)
		}
		if len(res.Document.Metadata.Failures) != 0 {
			t.Errorf("a degraded chapter is listed as failed: %+v", res.Document.Metadata.Failures)
		}
	}
}

// B27: a javascript: link the repair keeps is dropped as a link; its text
// stays as plain text and the rest of the chapter is kept.
func TestChapterUnsafeLinkDegrades(t *testing.T) {
	bad := `,{"type":"paragraph","inlines":[{"text":"原帖","marks":[{"type":"link","href":"javascript:alert(1)"}]}]}`
	f := newFake()
	f.script["chapter:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
	f.script["chapter_repair:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	c := res.Chapters[0]
	if c.Status != ChapterDegraded {
		t.Fatalf("status %q, want degraded", c.Status)
	}
	found := false
	for _, b := range c.Chapter.Blocks {
		for _, in := range b.Inlines {
			if in.Text == "原帖" {
				found = true
				if len(in.Marks) != 0 {
					t.Errorf("unsafe link kept: %+v", in.Marks)
				}
			}
		}
	}
	if !found {
		t.Error("the link text was dropped")
	}
}

// A reply that is no chapter at all after the repair still gives a
// placeholder (degrade cannot help with chapter-level problems).
func TestChapterRepairFailsToPlaceholder(t *testing.T) {
	f := newFake()
	f.set("chapter:S1", text(`{"chapter":{"blocks":[]}}`))
	f.set("chapter_repair:S1", text(`{"chapter":{"blocks":[]}}`))
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	checkPlaceholder(t, res, "S1", "校验")
}

// §8 #17 after a repair: the repair reply's identity is replaced by the
// template's too, not only the first reply's.
func TestRepairedChapterGetsTemplateIdentity(t *testing.T) {
	bad := `,{"type":"widget","widgetId":"w1","widgetType":"chart.js/bar","props":{"title":"平台分布"},"data":{"labels":[],"datasets":[]}}`
	f := newFake()
	f.script["chapter:S2"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
	// the model answers with a chapter wrapper of its own identity around
	// the one repaired block
	f.set("chapter_repair:S2", text(`{"chapter":{"chapterId":"S9","title":"修复后的标题","anchor":"fixed","order":999,`+
		`"blocks":[{"type":"paragraph","inlines":[{"text":"`+strings.Repeat("修复后的段落。", 20)+`"}]}]}}`))
	secs := uniqueSlugs(defaultSections(t))
	sec := secs[1]
	out, err := ChapterGen{Model: f}.Run(context.Background(), ChapterGenInput{Topic: "李明咖啡店", TemplateName: templates.Default, Section: sec,
		Constraints: prompts.Constraints{AllowedBlocks: ir.BlockTypes()}})
	if err != nil {
		t.Fatal(err)
	}
	if f.count("chapter_repair:S2") != 1 || out.Status != ChapterReady {
		t.Fatalf("repair calls %d status %q (errors %v); want one repair and a ready chapter", f.count("chapter_repair:S2"), out.Status, out.Errors)
	}
	c := out.Chapter
	if c.ChapterID != sec.ChapterID || c.Title != sec.Title || c.Anchor != sec.Slug || c.Order != sec.Order {
		t.Errorf("repaired chapter = %s/%d/%q/%q, want template %s/%d/%q/%q", c.ChapterID, c.Order, c.Title, c.Anchor,
			sec.ChapterID, sec.Order, sec.Title, sec.Slug)
	}
}

// §8 #17: the template's chapterId, order, title and anchor win.
func TestTemplateIdentityWins(t *testing.T) {
	f := newFake()
	f.set("chapter:S2", text(`{"chapter":{"chapterId":"S9","title":"模型的标题","anchor":"mine","order":999,"blocks":[`+
		`{"type":"paragraph","inlines":[{"text":"`+strings.Repeat("内容充实的段落。", 50)+`"}]},`+
		`{"type":"paragraph","inlines":[{"text":"`+strings.Repeat("第二段。", 50)+`"}]}]}}`))
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	secs := defaultSections(t)
	c := res.Document.Chapters[1]
	if c.ChapterID != "S2" || c.Order != secs[1].Order || c.Title != secs[1].Title || c.Anchor != secs[1].Slug {
		t.Errorf("chapter = %s/%d/%q/%q, want template %s/%d/%q/%q", c.ChapterID, c.Order, c.Title, c.Anchor,
			secs[1].ChapterID, secs[1].Order, secs[1].Title, secs[1].Slug)
	}
}

// §8 #16 and determinism: two runs on one Pipeline, and runs with
// different concurrency, give identical documents.
func TestRunsAreIndependentAndDeterministic(t *testing.T) {
	f := newFake()
	p := newPipeline(t, f, nil)
	a, err := p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Document.Chapters {
		if a.Document.Chapters[i].Anchor != b.Document.Chapters[i].Anchor {
			t.Errorf("anchor %d: %q then %q", i, a.Document.Chapters[i].Anchor, b.Document.Chapters[i].Anchor)
		}
	}
	ja, _ := json.Marshal(a.Document)
	jb, _ := json.Marshal(b.Document)
	if string(ja) != string(jb) {
		t.Errorf("two runs differ")
	}
	f2 := newFake()
	f2.delay = 2 * time.Millisecond
	c, err := newPipeline(t, f2, func(c *Config) { c.Concurrency = 1 }).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	jc, _ := json.Marshal(c.Document)
	if string(ja) != string(jc) {
		t.Errorf("Concurrency 1 and 4 give different documents")
	}
}

func TestConcurrency(t *testing.T) {
	f := newFake()
	f.delay = 50 * time.Millisecond
	res, err := newPipeline(t, f, func(c *Config) { c.Template = templates.Default }).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Chapters) < 2 {
		t.Skip("needs two chapters")
	}
	f.mu.Lock()
	peak := f.maxInflight
	f.mu.Unlock()
	if peak < 2 {
		t.Errorf("max calls in flight = %d, want >= 2", peak)
	}
	if peak > DefaultConcurrency {
		t.Errorf("max calls in flight = %d, above Concurrency %d", peak, DefaultConcurrency)
	}
}

func TestCancellation(t *testing.T) {
	f := newFake()
	f.delay = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	var once sync.Once
	f.script["chapter"] = func(in map[string]any, _ int) reply {
		once.Do(func() { close(started) })
		return text(chapterJSON(in, ""))
	}
	go func() { <-started; cancel() }()
	res, err := newPipeline(t, f, nil).Run(ctx, testInput())
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("Run = %v, %v; want nil, context.Canceled", res, err)
	}
	before := f.total()
	time.Sleep(60 * time.Millisecond)
	if after := f.total(); after != before {
		t.Errorf("calls went on after Run returned: %d → %d", before, after)
	}
}

// B24: a graph that matches nothing gives a chapter prompt without any
// graph section.
func TestNoGraphMatch(t *testing.T) {
	f := newFake()
	f.script["graph_query_decision"] = func(_ map[string]any, n int) reply {
		if n == 0 {
			return text(`{"should_query":true,"keywords":["火星殖民"],"depth":1}`)
		}
		return text(`{"should_query":false}`)
	}
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range f.userOf("chapter:S1") {
		if strings.Contains(u, "graphResults") || strings.Contains(u, "matchedSections") {
			t.Errorf("chapter prompt has a graph section: %.200s", u)
		}
	}
	if res.Chapters[0].QueryRounds != 1 {
		t.Errorf("query rounds %d", res.Chapters[0].QueryRounds)
	}
	// only the source the chapters link to (a real graph source) is listed
	for _, s := range res.Document.Sources {
		if s.ID != "SRC_query" {
			t.Errorf("source not cited by any chapter: %+v", s)
		}
	}
	// the empty round ends the loop: nothing new to look at
	if gq := f.userOf("graph_query_decision:S1"); len(gq) != 1 {
		t.Errorf("%d decisions after a round that matched nothing, want 1", len(gq))
	}
}

func TestPromptBudget(t *testing.T) {
	f := newFake()
	in := testInput()
	in.Graph = nil // the evidence then comes from the states (a graph, when given, holds it instead)
	var big strings.Builder
	for i := 0; i < 400; i++ { // distinct passages, all relevant to sub-point 3.3 of the template the fake picks
		for k := 0; k < 3; k++ {
			big.WriteRune(rune(0x5000 + i*8 + k))
		}
		big.WriteString("：" + strings.Repeat("主要平台与意见领袖的推动作用，", 14) + "。\n\n")
	}
	in.States[0].FinalReport = big.String()
	for i := 0; i < 200; i++ {
		in.Forum = append(in.Forum, forum.Entry{Line: i + 2, Time: "10:00:01", Speaker: "MEDIA", Content: strings.Repeat("咖啡口碑讨论", 40), Known: true})
	}
	// 2000 tokens besides the schema the system prompt carries
	budget := 2000 + tokens.Count(ir.Schema(chapterBlockTypes))
	res, err := newPipeline(t, f, func(c *Config) { c.PromptTokens = budget }).Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	_ = res
	for _, u := range f.userOf("chapter:S3") {
		var ci prompts.ChapterInput
		_ = json.Unmarshal([]byte(u), &ci)
		if n := tokens.Count(u) + tokens.Count(chapterSystem(ci.Constraints)); n > budget {
			t.Errorf("chapter prompt = %d tokens, budget %d", n, budget)
		}
		// the planned evidence replaces excerpts and is cut to the budget
		n := 0
		for _, sp := range ci.SubPoints {
			n += len(sp.Evidence)
		}
		if len(ci.Excerpts) != 0 || len(ci.ForumExcerpts) != 0 || len(ci.SubPoints) == 0 || n == 0 {
			t.Errorf("excerpts %d, forum excerpts %d, sub-points %d with %d evidence items", len(ci.Excerpts), len(ci.ForumExcerpts), len(ci.SubPoints), n)
		}
		planned := 0
		for _, sp := range res.Evidence.Plan.Chapters[2].SubPoints {
			planned += len(sp.Items)
		}
		if n >= planned {
			t.Errorf("the prompt holds all %d planned items: the budget did not cut (test input too small)", planned)
		}
	}
}

// §8 #1: a thin but valid chapter is kept, marked sparse, and the report
// is complete.
func TestSparseChapterKept(t *testing.T) {
	f := newFake()
	f.set("chapter:S4", text(`{"chapter":{"chapterId":"S4","title":"t","anchor":"a","order":1,"blocks":[{"type":"paragraph","inlines":[{"text":"只有一句话。"}]}]}}`))
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	c := res.Chapters[3]
	if c.Status != ChapterSparse || c.Chapter.Placeholder || len(c.Chapter.Blocks) != 1 {
		t.Errorf("S4: %+v", c)
	}
	if f.count("chapter:S4") != 1 {
		t.Errorf("a thin chapter was regenerated")
	}
	if res.Manifest.Status != "complete" || len(res.Manifest.Failures) != 0 {
		t.Errorf("manifest %q %v", res.Manifest.Status, res.Manifest.Failures)
	}
	if !strings.Contains(strings.Join(res.Manifest.Warnings, "\n"), "S4") {
		t.Errorf("no warning about S4: %q", res.Manifest.Warnings)
	}
	if res.Manifest.Chapters[3].Status != ChapterSparse {
		t.Errorf("manifest chapter status %q", res.Manifest.Chapters[3].Status)
	}
}

// B03 at the stage level: the error is ErrNoJSON and names the step.
func TestLayoutStageError(t *testing.T) {
	f := newFake()
	f.set("document_layout", text("**讨论摘要**\n| Agent | 要点 |"))
	out, err := Layout{Model: f}.Run(context.Background(), LayoutInput{Topic: "t", Sections: defaultSections(t)})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Fallback || !errors.Is(out.Err, llm.ErrNoJSON) || !strings.Contains(out.Err.Error(), "document layout") {
		t.Errorf("fallback %v err %v", out.Fallback, out.Err)
	}
	f = newFake()
	f.set("document_layout", text("[\n  [\"第一章 事件概览\", \"第二章 传播路径\"],\n]"))
	out, _ = Layout{Model: f}.Run(context.Background(), LayoutInput{Topic: "t", Sections: defaultSections(t)})
	if !errors.Is(out.Err, llm.ErrWrongJSONType) || !strings.Contains(out.Err.Error(), "document layout") {
		t.Errorf("B05: %v", out.Err)
	}
}

// B26: the provider refuses the request itself; the run stops with that
// error instead of producing a report of fallbacks and placeholders.
func TestFatalModelErrors(t *testing.T) {
	f := newFake()
	f.set("document_layout", reply{err: &llm.Error{Kind: llm.ErrBadRequest, Step: "document layout", StatusCode: 400,
		Model: "m", Host: "h", Message: "'response_format.type' must be 'json_schema' or 'text'"}})
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if res != nil || !errors.Is(err, llm.ErrBadRequest) || !strings.Contains(err.Error(), "document layout") {
		t.Errorf("bad request: %v, %v", res, err)
	}
	if n := f.count("document_layout"); n != 1 {
		t.Errorf("bad request retried: %d calls", n)
	}
	if n := f.count("word_budget"); n != 0 {
		t.Errorf("the run went on after a refused request")
	}

	f = newFake()
	f.set("chapter:S2", reply{err: &llm.Error{Kind: llm.ErrAuth, Step: "chapter S2", StatusCode: 401}})
	res, err = newPipeline(t, f, nil).Run(context.Background(), testInput())
	if res != nil || !errors.Is(err, llm.ErrAuth) {
		t.Errorf("auth: %v, %v", res, err)
	}

	// a bad request for one chapter only makes that chapter a placeholder
	f = newFake()
	f.set("chapter:S2", reply{err: &llm.Error{Kind: llm.ErrBadRequest, Step: "chapter S2", StatusCode: 400, Message: "data inspection failed"}})
	res, err = newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	checkPlaceholder(t, res, "S2", "拒绝")
}

func TestContextTooLongReasonHasSizes(t *testing.T) {
	err := &llm.Error{Kind: llm.ErrContextTooLong, Limit: 65536, Requested: 70210}
	r := plainReason(err)
	if !strings.Contains(r, "65536") || !strings.Contains(r, "70210") {
		t.Errorf("reason %q", r)
	}
}

// Save into a folder that holds an earlier run with more chapters removes
// the earlier chapter files, so the folder matches its manifest.
func TestSaveRemovesStaleChapters(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, "chapters", "990-section-99-0.json")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := newPipeline(t, newFake(), nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Save(dir, res); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale chapter file still there: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "chapters", "*.json"))
	if len(files) != len(res.Chapters) {
		t.Errorf("%d chapter files for %d chapters", len(files), len(res.Chapters))
	}
}

// A JSON object with none of the layout's fields is a failed attempt, then
// the visible fallback — not a layout filled with defaults silently.
func TestLayoutWrongShapeFallsBack(t *testing.T) {
	f := newFake()
	f.set("document_layout", text(`{"foo":1}`))
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	if n := f.count("document_layout"); n != DefaultMaxAttempts {
		t.Errorf("layout calls %d, want %d", n, DefaultMaxAttempts)
	}
	if st := stage(res.Manifest, StageLayout); st.Status != StatusFallback {
		t.Errorf("layout stage %+v, want fallback", st)
	}
	if len(res.Document.Metadata.Notices) == 0 {
		t.Error("no notice for the layout fallback")
	}
}

// Identifiers the pipeline can make itself are replaced, not the block: a
// chart with good data and a bad widget id stays a chart.
func TestDegradeKeepsChartWithBadID(t *testing.T) {
	bad := `,{"type":"heading","level":3,"text":"小节","anchor":"坏 锚点"},{"type":"widget","widgetId":"bad id!","widgetType":"chart.js/bar","data":{"labels":["a","b"],"datasets":[{"label":"n","data":[1,2]}]}}`
	f := newFake()
	f.script["chapter:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
	f.script["chapter_repair:S1"] = func(in map[string]any, _ int) reply { return text(chapterJSON(in, bad)) }
	res, err := newPipeline(t, f, nil).Run(context.Background(), testInput())
	if err != nil {
		t.Fatal(err)
	}
	c := res.Chapters[0]
	if c.Status != ChapterDegraded {
		t.Fatalf("status %q", c.Status)
	}
	var chart *ir.Block
	for i := range c.Chapter.Blocks {
		if c.Chapter.Blocks[i].Type == ir.TypeWidget {
			chart = &c.Chapter.Blocks[i]
		}
	}
	if chart == nil || !ir.IsAnchor(chart.WidgetID) || len(chart.Data.Labels) != 2 {
		t.Errorf("chart not kept with a valid id: %+v", chart)
	}
}

// wordTarget is constraints.wordTarget of a chapter prompt.
func wordTarget(t *testing.T, user string) int {
	t.Helper()
	var in prompts.ChapterInput
	if err := json.Unmarshal([]byte(user), &in); err != nil {
		t.Fatal(err)
	}
	return in.Constraints.WordTarget
}

// Progress lists the stages in the order they start: the layout's
// "running" comes before the chapters' and before any chapter's event
// (the chapters' graph queries start at once, beside the layout). Before,
// "stage chapters: running" and the chapter lines came first, as the
// layout's goroutine reported its own start.
func TestStageEventsInStartOrder(t *testing.T) {
	for range 3 {
		var mu sync.Mutex
		var lines []string
		p := newPipeline(t, newFake(), func(c *Config) {
			c.OnEvent = func(e Event) {
				mu.Lock()
				defer mu.Unlock()
				if e.Status == StatusRunning {
					lines = append(lines, e.Kind+" "+e.Stage)
				}
			}
		})
		if _, err := p.Run(context.Background(), testInput()); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		layout, chapters, chapter := slices.Index(lines, "stage "+StageLayout), slices.Index(lines, "stage "+StageChapters), slices.Index(lines, "chapter ")
		mu.Unlock()
		if layout < 0 || chapters < layout || chapter < chapters {
			t.Fatalf("running events %q: want the layout's, then the chapters', then the chapters", lines)
		}
	}
}

// A reply cut because the connection closed is not called a length limit
// (the user would raise --max-output-tokens for nothing); finish_reason
// "length" still is.
func TestTruncatedReasonTellsCutFromLimit(t *testing.T) {
	cut := &llm.Error{Kind: llm.ErrTruncated, Cause: io.ErrUnexpectedEOF}
	limit := &llm.Error{Kind: llm.ErrTruncated}
	if r := plainReason(cut); strings.Contains(r, "长度上限") || !strings.Contains(r, "关闭了连接") {
		t.Errorf("closed stream: reason %q", r)
	}
	if r := plainReason(limit); !strings.Contains(r, "长度上限") {
		t.Errorf("finish_reason=length: reason %q", r)
	}
}
