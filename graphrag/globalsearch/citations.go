package globalsearch

import (
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// NotInContextMark is what MarkCitations puts after a cited id that no
// batch showed, where it stands in the answer: text.NotInContextMark, the
// mark local search answers carry too (localsearch.NotInContextMark).
const NotInContextMark = text.NotInContextMark

// ParseCitations returns the citations of answer in order of appearance,
// each (dataset, id) once: "[Data: Reports (1, 5, +more)]" and the
// variants models write (text.ScanCitations, the reading local search
// uses too: full-width brackets and commas, "Report (3)", ids without
// round brackets, several datasets in one block). A Reports citation is
// InContext when a batch of c held a report with that short id; Title is
// then its title (reports are Model.Reports()). Citations of other
// datasets are never InContext: global search shows only reports. More is
// set on the ids of a group that said "+more".
func ParseCitations(answer string, c *Context, reports []knowledge.CommunityReport) []Citation {
	in := c.inContextFunc()
	title := map[string]string{}
	for _, r := range reports {
		if _, ok := title[r.ShortID]; !ok {
			title[r.ShortID] = r.Title
		}
	}
	out := []Citation{}
	seen := map[[2]string]int{} // key → index in out
	text.ScanCitations(answer, func(name string, ids []text.CitedID, more bool) {
		low := strings.ToLower(name)
		for _, sp := range ids {
			key := [2]string{low, sp.ID}
			if isReportsDataset(name) {
				key[0] = "reports"
			}
			if i, ok := seen[key]; ok {
				out[i].More = out[i].More || more
				continue
			}
			seen[key] = len(out)
			ct := Citation{Dataset: name, ID: sp.ID, More: more}
			if in(name, sp.ID) {
				ct.InContext, ct.Title = true, title[sp.ID]
			}
			out = append(out, ct)
		}
	})
	return out
}

// MarkCitations returns answer with NotInContextMark after every cited id
// that names no report of c's batches (another dataset, or a report id no
// batch held), where it stands: text.MarkCitations with ParseCitations's
// reading. An answer without such a citation is returned unchanged.
func MarkCitations(answer string, c *Context) string {
	return text.MarkCitations(answer, c.inContextFunc())
}

// NewCitationMarker returns a text.CitationMarker that marks a global
// answer as it streams, judging cited ids against c (the Event.Context
// that comes before the first delta) and passing text on to emit: what
// reaches emit, once Flush has run, is MarkCitations of the whole answer.
func NewCitationMarker(c *Context, emit func(string) error) *text.CitationMarker {
	return text.NewCitationMarker(c.inContextFunc(), emit)
}

// isReportsDataset is whether a cited dataset name is the reports one
// ("Reports", "report", any letter case).
func isReportsDataset(name string) bool {
	low := strings.ToLower(strings.TrimSpace(name))
	return low == "reports" || low == "report"
}

// inContextFunc says whether a cited (dataset, id) names a report of the
// batches.
func (c *Context) inContextFunc() text.InContextFunc {
	shown := map[string]bool{}
	for _, id := range c.ReportIDs() {
		shown[id] = true
	}
	return func(dataset, id string) bool { return isReportsDataset(dataset) && shown[id] }
}
