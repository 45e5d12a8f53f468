// Package templates holds the six report templates of reportengine, embedded
// in the binary, and the parser that slices a template into chapters.
//
// # The templates
//
// A template is a Markdown file whose name (minus ".md") is the template
// name. The six shipped templates follow the names and chapter outlines of
// BettaFish ReportEngine (reference §6.3); their wording is our own. List
// returns them in this fixed order:
//
//  1. 企业品牌声誉分析报告模板           (7 chapters)
//  2. 市场竞争格局舆情分析报告模板       (7 chapters)
//  3. 日常或定期舆情监测报告模板         (7 chapters)
//  4. 特定政策或行业动态舆情分析报告模板 (6 chapters)
//  5. 社会公共热点事件分析报告模板       (6 chapters; Default)
//  6. 突发事件与危机公关舆情报告模板     (6 chapters)
//
// Each file is an H3 title line followed by one bullet per chapter, with
// the chapter's outline points as indented sub-bullets:
//
//	### **企业品牌声誉分析报告**
//
//	- **1.0 摘要与核心发现**
//	  - 1.1 本期品牌声誉的总体判断与一句话结论
//	  - 1.2 …
//
// # Usage
//
//	t, err := templates.Lookup("企业品牌声誉分析报告") // "模板" and ".md" are optional
//	if err != nil { … }                                  // errors.Is(err, templates.ErrUnknown)
//	for _, s := range t.Sections {
//		fmt.Println(s.ChapterID, s.Number, s.Title, s.Slug, s.Order, s.Outline)
//	}
//	// S1 1.0 摘要与核心发现 section-1-0 10 [1.1 本期品牌声誉的总体判断与一句话结论 …]
//
// A custom template (the caller's own Markdown) goes through Parse with the
// same rules. When a model's template selection names no known template,
// Select applies the documented fallback of finding a template name inside
// the reply text; if that fails too the pipeline uses Default.
//
// # Slicing rules (Parse; reference §6.2)
//
// Parse reads the Markdown line by line; blank lines are skipped and the
// indent is the number of leading spaces (a tab counts as four):
//
//   - "#".."######" headings: level 1-2 start a section (Depth = level),
//     deeper headings are outline points of the current section;
//   - "-", "*" or "+" bullets: indent 0-1 starts a section (Depth 1),
//     deeper bullets are outline points;
//   - a bare numbered line such as "1.0 标题" or "2、标题": a section when it
//     is not indented and its number has at most one dot, else an outline
//     point;
//   - anything else is ignored, and so are outline points before the first
//     section.
//
// A title loses surrounding "**…**" or "__…__" (and, unlike BettaFish, any
// stray "**" left inside). A leading number "N", "N.M", … followed by
// separators (space, tab, NBSP, ideographic space, "、", ":", "：", "-", or
// a dot not followed by a digit) is split off: Number = "1.0", Title = the
// label, Display = "1.0 label". The slug is "section-" + the number with dots
// turned into dashes ("section-1-0"); a title without a number is slugified
// instead (fullwidth ASCII folded to ASCII, "·" and spaces to "-", anything
// outside [0-9A-Za-z] and CJK ideographs to "-", dashes collapsed and
// trimmed, lower-cased; "section" if nothing is left). Repeated slugs get
// "-2", "-3", …. Sections are numbered ChapterID S1..Sn and Order 10, 20, ….
// Outline points keep their text as written, number included
// ("1.1 事件概况与舆情定性").
//
// Template.Title is the first heading of any level with its "#" marks and
// its "**" removed (BettaFish keeps the "**"). A template that yields no
// section is an error wrapping ErrNoSections: unlike BettaFish we never
// substitute a built-in fallback template (reference §8 #19).
//
// Description is derived from the template name by keyword, first match
// wins: 企业品牌, 市场竞争, 日常/定期, 政策/行业, 热点/社会, 突发/危机, else a
// generic description (reference §6.1).
package templates
