package evidence

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"reportengine/forum"
	"reportengine/graphrag"
)

// collectGraph collects from a built graph (see Input.Graph): in node order
// (the builder's order: each engine's sections, their queries and sources),
// each section's research summary and each source's title and content,
// with the source's URL, its engines and the section whose query first
// found it; then each engine's final report; then the forum speeches —
// in.Forum when given, else those the graph carries (the engines'
// "speeches" and the host's sections).
func (c *collector) collectGraph(g *graphrag.Graph, entries []forum.Entry) {
	n := g.NodeCount()
	// section of each source: section → search_query (searched) → source
	// (found), the first edge of each kind winning; -1 for none
	queryOf, sectionOf := slices.Repeat([]int32{-1}, n), slices.Repeat([]int32{-1}, n)
	ends := g.EdgeEnds()
	for i, e := range ends {
		if g.Relation(i) == graphrag.RelSearched && queryOf[e[1]] < 0 {
			queryOf[e[1]] = e[0]
		}
	}
	for i, e := range ends {
		if g.Relation(i) == graphrag.RelFound && sectionOf[e[1]] < 0 {
			sectionOf[e[1]] = queryOf[e[0]]
		}
	}
	var engines, hosts []int
	for v := 0; v < n; v++ {
		switch g.Type(v) {
		case graphrag.TypeEngine:
			engines = append(engines, v)
		case graphrag.TypeSection:
			eng := g.String(v, "engine")
			if eng == "host" {
				hosts = append(hosts, v)
				continue
			}
			summary := cmp.Or(g.String(v, "latest_summary"), g.String(v, "content"))
			pos, ok := g.Attrs(v).Int("position")
			if !ok {
				pos = -1
			}
			c.addText(summary, Provenance{Kind: KindSummary, Engine: eng, Section: g.String(v, "title"), SectionPos: pos}, 0)
		case graphrag.TypeSource:
			if !c.nextSourceKept() {
				c.sources++ // left out by the pre-selection
				continue
			}
			p := Provenance{Kind: KindSource, SectionPos: -1, URL: strings.TrimSpace(g.String(v, "url")), Title: strings.TrimSpace(g.String(v, "title"))}
			if es := g.Strings(v, "engines"); len(es) > 0 {
				p.Engine = es[0]
			}
			if s := sectionOf[v]; s >= 0 {
				p.Section = g.String(int(s), "title")
				if pos, ok := g.Attrs(int(s)).Int("position"); ok {
					p.SectionPos = pos
				}
			}
			c.addSource(p, p.Title, g.String(v, "content"))
		}
	}
	for _, v := range engines {
		if fr := g.String(v, "final_report"); fr != "" {
			c.addText(fr, Provenance{Kind: KindFinalReport, Engine: g.String(v, "engine"), SectionPos: -1}, 0)
		}
	}
	if len(entries) == 0 {
		for _, v := range engines {
			entries = append(entries, speechesOf(g, v)...)
		}
		for _, v := range hosts {
			line, _ := g.Attrs(v).Int("line")
			ts := g.String(v, "timestamp")
			entries = append(entries, forum.Entry{Line: line, Time: ts, Speaker: "HOST", Content: g.String(v, "content")})
		}
		slices.SortStableFunc(entries, func(a, b forum.Entry) int { return cmp.Compare(a.Line, b.Line) }) // by log line
	}
	c.addForum(entries)
}

// speechesOf reads an engine node's "speeches" attribute, whatever its Go
// form (the builder's typed list in a graph built in this process, decoded
// JSON in a graph read from a file): both encode as the JSON array of
// {line, time, speaker, session, content} the file format defines.
func speechesOf(g *graphrag.Graph, v int) []forum.Entry {
	raw, ok := g.Attr(v, "speeches")
	if !ok {
		return nil
	}
	b, err := json.Marshal(raw)
	var list []forum.Entry // the JSON keys are its fields' names in lower case
	if err != nil || json.Unmarshal(b, &list) != nil {
		return nil
	}
	return list
}
