package nodes

import (
	"slices"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/nodes/draft"
	"reportengine/prompts"
)

// A passage added to another chapter's empty subsection moves no summary
// bullet: the summary deals among its sub-points only the findings it
// will print (summaryStays), and the new lead, all its subsection has, is
// printed there alone. The fixture's 3.1 首发信源与早期扩散 was filled, the
// summary dealt its lead to 1.1, printOnce kept it in 3.1, and every
// later bullet had moved one sub-point on (1.3 核心判断与主要建议 lost its
// one recommendation). With summaryStays removed (the digests dealt as
// they are), the two reports' summaries differ and this test fails.
func TestSummaryStaysNewLeadMovesNothing(t *testing.T) {
	const lone = "事件始于二〇二三年十月的一次网络爆料，随后校方介入调查。"
	write := func(filled bool) (summary []string, results []ChapterResult) {
		first := []ir.Block{onceH("2.1")}
		if filled {
			first = append(first, onceP(lone+"[E9]"))
		} else {
			first = append(first, onceP(draft.NoEvidence))
		}
		results = []ChapterResult{
			{Chapter: ir.Chapter{ChapterID: "S1"}},
			{Chapter: ir.Chapter{ChapterID: "S2", Title: "传播路径", Blocks: first}},
			{Chapter: ir.Chapter{ChapterID: "S3", Title: "情绪光谱", Blocks: []ir.Block{
				onceH("3.1"), onceP(onceA + "[E1]"), onceP("洞察引擎的研究写道：转到抗疫科研，学校的成果受到广泛关注，这是另一段内容。[E4]"),
				onceH("3.2"), onceP(onceC + "[E3]"), onceP("媒体引擎的研究写道：另一段足够长的内容，讲的是学校的其他回应与后续安排。[E5]"),
				onceH("3.3"), onceP(onceD + "[E10]"), onceP("查询引擎的研究写道：第三段足够长的内容，说的是平台迁移路径清晰可见。[E8]"),
			}}},
		}
		var ds []prompts.ChapterDigest
		if filled {
			ds = append(ds, prompts.ChapterDigest{ChapterID: "S2", Title: "传播路径", Findings: []string{lone + "[E9]"}})
		}
		ds = append(ds, prompts.ChapterDigest{ChapterID: "S3", Title: "情绪光谱",
			Findings: []string{onceA + "[E1]", onceC + "[E3]", onceD + "[E10]"}})
		results[0].Chapter = draft.Chapter(prompts.ChapterInput{
			Section:   prompts.ChapterSection{ChapterID: "S1", Title: "报告摘要"},
			SubPoints: []prompts.SubPointBrief{{Title: "甲乙"}, {Title: "丙丁"}},
			Digests:   summaryStays(ds, results, 0),
		})
		printOnce(results)
		return onceTexts(results[0].Chapter), results
	}
	before, _ := write(false)
	after, results := write(true)
	if !slices.Equal(before, after) {
		t.Errorf("a lead added to 2.1 moved the summary's bullets:\nbefore %q\nafter  %q", before, after)
	}
	if got := onceTexts(results[1].Chapter); !slices.Contains(got, lone+"[E9]") {
		t.Errorf("2.1 %q, want its lead", got)
	}
	n := 0
	for _, s := range after {
		n += strings.Count(s, "（详见「")
	}
	if n != 3 {
		t.Errorf("summary %q: want the three other findings, each once", after)
	}
}

// summaryStays leaves out exactly the findings whose chapter keeps them
// (a lead all its subsection has), and keeps one the summary will print
// (its chapter place has company); reversed, the test fails both ways.
func TestSummaryStaysDropsOnlyKeptLeads(t *testing.T) {
	results := []ChapterResult{
		{Chapter: ir.Chapter{ChapterID: "S1"}},
		{Chapter: ir.Chapter{ChapterID: "S2", Blocks: []ir.Block{
			onceH("2.1"), onceP(onceA + "[E1]"),
			onceH("2.2"), onceP(onceC + "[E3]"), onceP("媒体引擎的研究写道：另一段足够长的内容，讲的是学校的其他回应与后续安排。[E5]"),
		}}},
	}
	ds := []prompts.ChapterDigest{{ChapterID: "S2", Title: "二", Findings: []string{onceA + "[E1]", onceC + "[E3]"}}}
	got := summaryStays(ds, results, 0)
	if want := []string{onceC + "[E3]"}; !slices.Equal(got[0].Findings, want) {
		t.Errorf("findings for the summary %q, want %q", got[0].Findings, want)
	}
	if len(ds[0].Findings) != 2 {
		t.Errorf("summaryStays changed its input: %q", ds[0].Findings)
	}
}
