package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"reportengine/prompts"
	"reportengine/templates"
)

// decisionScript answers every graph query decision of every chapter with
// the replies in turn (the last repeats); other tasks get the good answer.
func decisionScript(replies ...string) script {
	return func(task, ch string, n int) reply {
		if task == "graph_query_decision" {
			c := replies[min(n, len(replies))-1]
			return reply{content: &c}
		}
		return reply{}
	}
}

// promptExample is the JSON reply example a system prompt shows after
// "回复格式：" (the rest of that line, or the next line).
func promptExample(t *testing.T, system string) map[string]any {
	t.Helper()
	_, after, ok := strings.Cut(system, "回复格式：")
	if !ok {
		t.Fatalf("system prompt has no reply format: %.200s", system)
	}
	line, _, _ := strings.Cut(strings.TrimLeft(after, "\n"), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatalf("reply example %q: %v", line, err)
	}
	return m
}

// The decision prompt says how matching works, the caps, the chapter's
// target and emphasis and what the other chapters cover; its example
// filters no engine. A round that brings nothing new ends the loop (the
// second decision names every engine, which filters nothing out, so it
// returns what the first returned).
func TestPipelineScriptedDecisionPrompt(t *testing.T) {
	p, code, _, errs, _ := runScripted(t, decisionScript(
		`{"should_query":true,"keywords":["咖啡"],"depth":1,"reasoning":"先看整体"}`,
		`{"should_query":true,"keywords":["咖啡"],"engine_filter":["query","media","insight","host"],"depth":1,"reasoning":"各引擎"}`,
		`{"should_query":true,"keywords":["拿铁"],"depth":1,"reasoning":"不该问到这一轮"}`))
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	tpl, err := templates.Lookup("企业品牌声誉分析报告模板")
	if err != nil {
		t.Fatal(err)
	}
	byChapter := map[string][]stageRequest{}
	for _, r := range stageRequests(t, p) {
		if r.Stage == "graph_query_decision" {
			byChapter[r.Chapter] = append(byChapter[r.Chapter], r)
		}
	}
	if len(byChapter) != len(tpl.Sections) {
		t.Fatalf("decisions for %d chapters, want %d", len(byChapter), len(tpl.Sections))
	}
	for _, sec := range tpl.Sections {
		rs := byChapter[sec.ChapterID]
		if len(rs) != 2 {
			t.Errorf("%s: %d decisions, want 2 (the second round found nothing new)", sec.ChapterID, len(rs))
			continue
		}
		sys := rs[0].System
		for _, want := range []string{"子串", "“或”", "URL", "caps.maxSources", "maxRounds", "otherChapters", "targetWords", "emphasis",
			"new_nodes", "insight（InsightEngine", "HOST"} {
			if !strings.Contains(sys, want) {
				t.Errorf("decision system prompt lacks %q", want)
			}
		}
		if ex := promptExample(t, sys); fmt.Sprint(ex["engine_filter"]) != "[]" {
			t.Errorf("the decision example filters engines: %v", ex["engine_filter"])
		}
		var in prompts.GraphQueryInput
		if err := json.Unmarshal([]byte(rs[1].User), &in); err != nil {
			t.Fatal(err)
		}
		if in.Caps.Sections != 15 || in.Caps.Queries != 20 || in.Caps.Sources != 200 || in.MaxRounds != 3 {
			t.Errorf("%s: caps %+v, rounds %d", sec.ChapterID, in.Caps, in.MaxRounds)
		}
		if in.Chapter.TargetWords <= 0 || len(in.Chapter.Emphasis) == 0 || strings.Join(in.Chapter.Outline, "|") != strings.Join(sec.Outline, "|") {
			t.Errorf("%s: chapter brief %+v lacks target, emphasis or outline", sec.ChapterID, in.Chapter)
		}
		var others []string
		for _, o := range in.OtherChapters {
			others = append(others, o.Title)
			if len(o.Outline) == 0 {
				t.Errorf("%s: other chapter %s without its outline", sec.ChapterID, o.Title)
			}
		}
		var want []string
		for _, o := range tpl.Sections {
			if o.ChapterID != sec.ChapterID {
				want = append(want, o.Title)
			}
		}
		if strings.Join(others, "|") != strings.Join(want, "|") {
			t.Errorf("%s: other chapters %q, want %q", sec.ChapterID, others, want)
		}
		if len(in.History) != 1 || in.History[0].NewNodes == 0 || in.History[0].NewNodes > in.History[0].TotalNodes {
			t.Errorf("%s: second decision's history %+v: want the first round with its new nodes", sec.ChapterID, in.History)
		}
	}
}

// The chapter prompt asks for analysis, not a digest: the audience, the
// report date and what "本周期" means, one subsection per sub-point,
// judgements (定性, 研判, risk level) with cited evidence, the engines and
// the forum fields explained and compared, conflicting figures flagged, a
// sub-point without evidence said in one line. The user JSON carries the
// date of the newest state (computed here from the fixture's files) and
// the template's sub-points in order.
func TestPipelineScriptedChapterPromptAsksForAnalysis(t *testing.T) {
	p, code, errs, _ := runFixtureScripted(t, good)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	newest := ""
	for _, f := range fixtureStates(t) {
		var st struct {
			CreatedAt string `json:"created_at"`
			UpdatedAt string `json:"updated_at"`
		}
		if err := json.Unmarshal([]byte(readFile(t, f)), &st); err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{st.CreatedAt, st.UpdatedAt} {
			if len(s) >= 10 && s[:10] > newest {
				newest = s[:10]
			}
		}
	}
	chapters := 0
	for _, r := range stageRequests(t, p) {
		if r.Stage != "chapter" {
			continue
		}
		chapters++
		for _, want := range []string{"读者", "reportDate", "本周期", "定性", "研判", "风险等级", "[E12]", "subPoints",
			"level 3", "query（QueryEngine", "media（MediaEngine", "insight（InsightEngine", "HOST", "HH:MM:SS",
			"不同说明了什么", "数值不同", "未检索到相关数据"} {
			if !strings.Contains(r.System, want) {
				t.Errorf("chapter system prompt lacks %q", want)
			}
		}
		var in prompts.ChapterInput
		if err := json.Unmarshal([]byte(r.User), &in); err != nil {
			t.Fatal(err)
		}
		if in.ReportDate != newest || newest == "" {
			t.Errorf("chapter %s: reportDate %q, want the newest state date %q", r.Chapter, in.ReportDate, newest)
		}
		var subs []string
		for _, sp := range in.SubPoints {
			subs = append(subs, sp.Title)
		}
		if len(subs) == 0 || strings.Join(subs, "|") != strings.Join(in.Section.Outline, "|") {
			t.Errorf("chapter %s: sub-points %q, want the outline %q", r.Chapter, subs, in.Section.Outline)
		}
	}
	if chapters == 0 {
		t.Fatal("no chapter request")
	}
}
