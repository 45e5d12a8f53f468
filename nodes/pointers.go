package nodes

import (
	"slices"
	"strings"

	"reportengine/evidence"
	"reportengine/ir"
)

// pointChapters makes every summary bullet's pointer to a chapter
// ("（详见「本周期关键事件回顾」）", pointerRE) name a chapter that, as
// printed, cites the bullet's evidence: the same record, the reference
// list's entry of an evidence id (referenceOf; the id itself when set does
// not hold it) — what the reference list says the chapter cites.
// It runs once the chapters are final (after printOnce, which may have
// removed the chapter's copy of the finding: the sample's 1.3 pointed
// "王芳的个人服务…[^13]" to 本周期关键事件回顾, which cited [^13] nowhere).
// A pointer whose chapter cites none of the bullet's ids names instead
// the first chapter (in report order, the bullet's own left out) citing
// the bullet's first id that one cites; with none, or a bullet citing
// nothing, the pointer is removed. results are changed in place (their
// block slices are new ones where a text changes).
func pointChapters(results []ChapterResult, set *evidence.Set) {
	record := func(id string) string {
		if set == nil {
			return id
		}
		if it, ok := set.Item(id); ok {
			key, _ := referenceOf(it)
			return key
		}
		return id
	}
	cites := make([]map[string]bool, len(results))
	for ci := range results {
		cites[ci] = map[string]bool{}
		for _, c := range ir.Citations(&results[ci].Chapter) {
			cites[ci][record(c.ID)] = true
		}
	}
	units := onceUnits(results)
	texts := map[int]string{}
	for j, u := range units {
		if t, ok := repoint(u.text, u.ch, results, cites, record); ok {
			texts[j] = t
		}
	}
	rewriteUnits(results, units, nil, texts)
}

// repoint is text t of chapter ci with its pointer naming a chapter that
// cites its evidence, or without the pointer (pointChapters); ok is false
// when t is unchanged.
func repoint(t string, ci int, results []ChapterResult, cites []map[string]bool, record func(string) string) (string, bool) {
	p := pointerRE.FindString(t)
	if p == "" {
		return t, false
	}
	title := strings.TrimSuffix(strings.TrimPrefix(p, "（详见「"), "」）")
	var ids []string
	for _, sp := range ir.FindCitations(pointerRE.ReplaceAllString(t, "")) {
		for _, id := range sp.IDs {
			ids = append(ids, record(id))
		}
	}
	citing := func(ch int, id string) bool { return ch != ci && cites[ch][id] }
	for ch := range results {
		if results[ch].Section.Title == title && slices.ContainsFunc(ids, func(id string) bool { return citing(ch, id) }) {
			return t, false
		}
	}
	to := ""
	for _, id := range ids {
		for ch := range results {
			if citing(ch, id) {
				to = chapterPointer(results[ch].Section.Title)
				break
			}
		}
		if to != "" {
			break
		}
	}
	return strings.Replace(t, p, to, 1), true
}
