package nodes

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"reportengine/ir"
	"reportengine/templates"
)

// A summary bullet's pointer names a chapter that, as printed, cites the
// bullet's evidence: it stays when that chapter cites one of the
// bullet's ids; it names the first chapter citing one when its own does
// not (printOnce took the chapter's copy of the finding, or the finding
// was drawn from one chapter and its evidence is printed in another); it
// goes when no other chapter cites any (the summary's own citations do
// not count), and from a bullet citing nothing.
func TestPointChapters(t *testing.T) {
	ch := func(title string, bs ...ir.Block) ChapterResult {
		return ChapterResult{Section: templates.Section{Title: title}, Chapter: ir.Chapter{ChapterID: title, Blocks: bs}}
	}
	results := []ChapterResult{
		ch("一", onceH("1.1"),
			onceL(onceA+"[E1]（详见「二」）", onceB+"[E2][E5]（详见「二」）", onceC+"[E3]（详见「三」）", onceD+"[E4]（详见「三」）", onceF+"（详见「二」）"),
			onceP(onceE+"[E4]")),
		ch("二", onceH("2.1"), onceP(onceA+"[E1]"), onceP("另一段足够长的内容，讲的是学校的其他回应与后续安排。[E6]")),
		ch("三", onceH("3.1"), onceP("第三段足够长的内容，说的是平台迁移路径清晰可见。[E5]"), onceL("第四段足够长的内容，说的是舆论的期待。[E2]")),
	}
	pointChapters(results, nil)
	want := []string{"## 1.1",
		"- " + onceA + "[E1]（详见「二」）",     // 二 cites E1
		"- " + onceB + "[E2][E5]（详见「三」）", // 二 cites neither: 三, the first citing E2
		"- " + onceC + "[E3]",            // no chapter cites E3
		"- " + onceD + "[E4]",            // E4 is cited in the summary alone
		"- " + onceF,                     // cites nothing
		onceE + "[E4]"}
	if got := onceTexts(results[0].Chapter); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Decided after printOnce: the summary keeps a bullet whose chapter's
// subsection has other content, and the chapter's copy goes; the
// bullet's pointer then names the chapter that still cites its evidence,
// or goes.
func TestPointChaptersAfterPrintOnce(t *testing.T) {
	results := []ChapterResult{
		{Section: templates.Section{Title: "一"}, Chapter: ir.Chapter{ChapterID: "S1", Blocks: []ir.Block{
			onceH("1.1"), onceL(onceA+"[E1]（详见「二」）", onceC+"[E3]（详见「三」）")}}},
		{Section: templates.Section{Title: "二"}, Chapter: ir.Chapter{ChapterID: "S2", Blocks: []ir.Block{
			onceH("2.1"), onceP(onceA + "[E1]"), onceP("另一段足够长的内容，讲的是学校的其他回应与后续安排。[E6]")}}},
		{Section: templates.Section{Title: "三"}, Chapter: ir.Chapter{ChapterID: "S3", Blocks: []ir.Block{
			onceH("3.1"), onceP("第三段足够长的内容，说的是平台迁移路径清晰可见。[E1]"), onceP(onceC + "[E3]")}}},
	}
	printOnce(results)
	pointChapters(results, nil)
	// 二's and 三's copies go (their subsections keep other content): A's
	// evidence E1 stays cited in 三, C's E3 nowhere but in the summary
	want := []string{"## 1.1", "- " + onceA + "[E1]（详见「三」）", "- " + onceC + "[E3]"}
	if got := onceTexts(results[0].Chapter); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

var (
	goldenPointerRE  = regexp.MustCompile(`（详见「([^」]*)」）`)
	goldenFootnoteRE = regexp.MustCompile(`\[\^(\d+)\]`)
	goldenCitedInRE  = regexp.MustCompile(`(?m)^\[\^(\d+)\]:.*引用于 / cited in: (.*)$`)
	goldenChapterRE  = regexp.MustCompile(`\[([^\]]+)\]\(#`)
)

// In the golden reports of the fixture and the sample
// (internal/cli/testdata/golden), every summary bullet's pointer names a
// chapter the reference list says cites one of the bullet's footnotes.
func TestGoldenPointersCite(t *testing.T) {
	paths, _ := filepath.Glob("../internal/cli/testdata/golden/*/report.md.golden")
	if len(paths) < 2 {
		t.Fatalf("golden reports: %v", paths)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		md := string(b)
		citedIn := map[string][]string{}
		for _, m := range goldenCitedInRE.FindAllStringSubmatch(md, -1) {
			for _, c := range goldenChapterRE.FindAllStringSubmatch(m[2], -1) {
				citedIn[m[1]] = append(citedIn[m[1]], c[1])
			}
		}
		n := 0
		for _, line := range strings.Split(md, "\n") {
			m := goldenPointerRE.FindStringSubmatch(line)
			if !strings.HasPrefix(line, "- ") || m == nil {
				continue
			}
			n++
			ok := false
			for _, f := range goldenFootnoteRE.FindAllStringSubmatch(line, -1) {
				ok = ok || slices.Contains(citedIn[f[1]], m[1])
			}
			if !ok {
				t.Errorf("%s: 「%s」 cites none of the footnotes of %s", p, m[1], line)
			}
		}
		if n == 0 {
			t.Errorf("%s: no pointer", p)
		}
	}
}
