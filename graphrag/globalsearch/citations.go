package globalsearch

import (
	"regexp"
	"strings"

	"reportengine/graphrag/knowledge"
)

var (
	// a citation block: [Data: …] with ASCII or full-width brackets and
	// colon, any letter case
	citeBlockRE = regexp.MustCompile(`[\[［【]\s*(?i:data)\s*[:：]\s*([^\]］】]*)[\]］】]`)
	// one dataset of a block: a name, then ids in round brackets
	citeGroupRE = regexp.MustCompile(`([\p{L}][\p{L} _-]*?)\s*[(（]([^)）]*)[)）]`)
	citeSplitRE = regexp.MustCompile(`[,，、;；\s]+`)
)

// ParseCitations returns the citations of answer in order of appearance,
// each (dataset, id) once: "[Data: Reports (1, 5, +more)]" and the
// variants models write (full-width brackets and commas, "Report (3)",
// several datasets in one block). A Reports citation is InContext when a
// batch of c held a report with that short id; Title is then its title
// (reports are Model.Reports()). Citations of other datasets are never
// InContext: global search shows only reports.
func ParseCitations(answer string, c *Context, reports []knowledge.CommunityReport) []Citation {
	shown := map[string]bool{}
	for _, id := range c.ReportIDs() {
		shown[id] = true
	}
	title := map[string]string{}
	for _, r := range reports {
		if _, ok := title[r.ShortID]; !ok {
			title[r.ShortID] = r.Title
		}
	}
	out := []Citation{}
	seen := map[[2]string]bool{}
	for _, blk := range citeBlockRE.FindAllStringSubmatch(answer, -1) {
		for _, g := range citeGroupRE.FindAllStringSubmatch(blk[1], -1) {
			name := strings.TrimSpace(g[1])
			low := strings.ToLower(name)
			isReports := low == "reports" || low == "report"
			for _, id := range citeSplitRE.Split(g[2], -1) {
				id = strings.TrimPrefix(strings.TrimSpace(id), "#")
				switch strings.ToLower(id) {
				case "", "+more", "more", "+", "...", "…":
					continue
				}
				key := [2]string{low, id}
				if isReports {
					key[0] = "reports"
				}
				if seen[key] {
					continue
				}
				seen[key] = true
				ct := Citation{Dataset: name, ID: id}
				if isReports && shown[id] {
					ct.InContext, ct.Title = true, title[id]
				}
				out = append(out, ct)
			}
		}
	}
	return out
}
