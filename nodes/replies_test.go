package nodes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/llm"
	"reportengine/prompts"
	"reportengine/templates"
)

// The recorded-reply suite: chapter replies written by hand in the style
// of GPT-4o, DeepSeek-V3 and Qwen2.5 (fenced, pretty-printed, prose around
// the fence, each with several of the deviations real models make) about
// the fixture topic. Every one must pass extraction, normalisation and
// validation on the first call: no second attempt, no repair call, status
// ready (dense enough), every change listed in Normalized.
func TestRecordedReplies(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "replies", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 12 {
		t.Fatalf("%d recorded replies, want at least 12", len(files))
	}
	titles := map[string]string{"S1": "报告摘要", "S2": "事件全景与演变脉络", "S3": "传播路径与引爆点分析",
		"S4": "舆论场多方观点与情绪光谱", "S5": "深层动因与价值观探讨", "S6": "关联性评估与行动建议"}
	// the plan the replies cite from: E1 … E30
	var subs []prompts.SubPointBrief
	known := map[string]bool{}
	for i := 0; i < 3; i++ {
		sp := prompts.SubPointBrief{Title: fmt.Sprintf("要点%d", i+1)}
		for k := 1; k <= 10; k++ {
			id := fmt.Sprintf("E%d", i*10+k)
			known[id] = true
			sp.Evidence = append(sp.Evidence, prompts.EvidenceRef{ID: id, Kind: "summary", Text: "武汉大学相关讨论摘录"})
		}
		subs = append(subs, sp)
	}
	idRE := regexp.MustCompile(`-(S\d)\.txt$`)
	models := map[string]int{}
	for _, file := range files {
		models[strings.SplitN(filepath.Base(file), "-", 3)[1]]++
	}
	for _, model := range []string{"gpt4o", "deepseek", "qwen"} {
		if models[model] < 4 {
			t.Errorf("%d replies in the style of %s, want at least 4", models[model], model)
		}
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m := idRE.FindStringSubmatch(file)
			if m == nil {
				t.Fatalf("file name %s does not end in -S<n>.txt", file)
			}
			id := m[1]
			sec := templates.Section{ChapterID: id, Title: titles[id], Slug: "section-" + strings.TrimPrefix(id, "S"), Order: 1}
			reply := string(raw)
			if !strings.Contains(reply, "```json\n{\n  \"") {
				t.Errorf("not a fenced, pretty-printed reply")
			}

			// the deviations are real: decoded and given the template's
			// identity, the reply does not validate without Normalize
			body, err := llm.ExtractJSON("test", reply, llm.Object)
			if err != nil {
				t.Fatalf("extract: %v", err)
			}
			c, decodeNotes, err := ir.DecodeChapter(body)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			force(&c, sec)
			if ir.ValidateChapter(&c) == nil {
				t.Errorf("the reply validates without Normalize (decoder notes %q): it shows too few deviations", decodeNotes)
			}

			f := newFake()
			f.set("chapter:"+id, text(reply))
			out, err := ChapterGen{Model: f}.Run(context.Background(), ChapterGenInput{Topic: "武汉大学舆情", Section: sec,
				Constraints: prompts.Constraints{AllowedBlocks: chapterBlockTypes, AllowSwot: true, AllowPest: true},
				SubPoints:   subs, Known: func(id string) bool { return known[id] }})
			if err != nil {
				t.Fatal(err)
			}
			if n, r := f.count("chapter:"+id), f.count("chapter_repair:"+id); n != 1 || r != 0 {
				t.Errorf("%d chapter calls and %d repair calls, want 1 and 0 (errors %q)", n, r, out.Errors)
			}
			if out.Status != ChapterReady {
				t.Errorf("status %q, want %q (errors %q)", out.Status, ChapterReady, out.Errors)
			}
			t.Logf("normalized:\n%s", strings.Join(out.Normalized, "\n"))
			if len(out.Normalized) < 2 {
				t.Errorf("normalized %q: want the reply's deviations listed", out.Normalized)
			}
			if len(out.Warnings) != 0 {
				t.Errorf("warnings %q", out.Warnings)
			}
			ch := out.Chapter
			if err := ir.ValidateChapter(&ch); err != nil {
				t.Errorf("chapter invalid: %v", err)
			}
			if cerr := ir.CheckCitations(&ch, func(id string) bool { return known[id] }); cerr != nil {
				t.Errorf("citations: %v", cerr)
			}
		})
	}
}

func TestFoldNotes(t *testing.T) {
	got := foldNotes([]string{
		"blocks[4].rows[0].cells[0]: string cell converted",
		"blocks[4].rows[1].cells[2]: string cell converted",
		"blocks[5].rows[0].cells[0]: string cell converted",
		"blocks[4].tone: missing tone set to \"info\"",
		"array holding one chapter unwrapped",
	})
	want := []string{
		"blocks[4].rows[*].cells[*] (2×): string cell converted",
		"blocks[5].rows[0].cells[0]: string cell converted",
		"blocks[4].tone: missing tone set to \"info\"",
		"array holding one chapter unwrapped",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("foldNotes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
