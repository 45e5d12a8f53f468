package server

import (
	"strings"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
)

// resolveGlobal resolves the citations of a global answer: a cited report
// of the batches gets its title and, for graph targets, the node whose
// community it reports on (an engine's report: the engine node; the topic
// report: the topic nodes).
func (t *searchTarget) resolveGlobal(res *globalsearch.Result) []resolvedCitation {
	out := make([]resolvedCitation, 0, len(res.Citations))
	for _, c := range res.Citations {
		rc := resolvedCitation{Citation: localsearch.Citation{Dataset: c.Dataset, ID: c.ID, InContext: c.InContext, Row: -1, More: c.More}, Title: c.Title}
		if c.InContext {
			rc.Table = "reports"
			if t.graph {
				rc.NodeIDs = t.reportNodes(c.ID)
			}
		}
		out = append(out, rc)
	}
	return out
}

// reportNodes returns the graph nodes a report of our graphs stands for.
func (t *searchTarget) reportNodes(shortID string) []string {
	for _, r := range t.m.Reports() {
		if r.ShortID != shortID {
			continue
		}
		if r.ID == globalsearch.TopicReportID {
			var ids []string
			for _, e := range t.m.Entities() {
				if e.Type == "topic" {
					ids = append(ids, e.ID)
				}
			}
			return ids
		}
		if e, ok := t.m.EntityByID(strings.TrimPrefix(r.ID, "report-")); ok {
			return []string{e.ID}
		}
		return nil
	}
	return nil
}

func (t *searchTarget) contextEvent(c *localsearch.Context, head routed) contextEvent {
	ev := contextEvent{routed: head, Sections: append([]string{}, c.Sections...), Counts: map[string]int{}, Records: c.Records,
		Budgets: c.Budgets, Entities: []citedNode{}}
	for k, tbl := range c.Records {
		ev.Counts[k] = len(tbl.Rows)
	}
	for _, e := range c.Entities {
		cn := citedNode{Title: e.Title}
		if t.graph {
			cn.NodeID = e.ID
		}
		ev.Entities = append(ev.Entities, cn)
	}
	return ev
}

// resolve maps each citation of res that the context showed to its record.
func (t *searchTarget) resolve(res *localsearch.Result) []resolvedCitation {
	out := make([]resolvedCitation, 0, len(res.Citations))
	for _, c := range res.Citations {
		rc := resolvedCitation{Citation: c}
		if c.InContext {
			t.resolveOne(&rc, res.ContextData)
		}
		out = append(out, rc)
	}
	return out
}

func (t *searchTarget) resolveOne(rc *resolvedCitation, rec localsearch.Records) {
	tbl, ok := rec[rc.Table]
	if !ok || rc.Row < 0 || rc.Row >= len(tbl.Rows) {
		return
	}
	row := tbl.Rows[rc.Row]
	cell := func(col string) string {
		if i := tbl.Column(col); i >= 0 && i < len(row) {
			return row[i]
		}
		return ""
	}
	id := cell("id")
	node := func(title string) {
		if !t.graph {
			return
		}
		for _, i := range t.m.EntitiesByTitle(title) {
			rc.NodeIDs = append(rc.NodeIDs, t.m.Entities()[i].ID)
		}
	}
	switch rc.Table {
	case "entities":
		if i, ok := t.entityByShort[id]; ok {
			e := t.m.Entities()[i]
			rc.Title = e.Title
			if t.graph {
				rc.NodeIDs = []string{e.ID}
			}
		}
	case "relationships":
		if i, ok := t.relByShort[id]; ok {
			r := t.m.Relationships()[i]
			rc.Title = r.Source + " → " + r.Target
			node(r.Source)
			node(r.Target)
		}
	case "sources":
		if i, ok := t.unitByShort[id]; ok {
			u := t.m.TextUnits()[i]
			if t.graph {
				if e, ok := t.m.EntityByID(u.DocumentID); ok {
					rc.Title = e.Title
					rc.NodeIDs = []string{e.ID}
				}
			}
		}
	default:
		rc.Title = cell("title")
	}
}
