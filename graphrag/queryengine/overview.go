package queryengine

import (
	"slices"

	"reportengine/graphrag"
)

// Overview sizes limits (the reference's get_node_summary).
const (
	overviewSections = 10
	overviewQueries  = 20
)

// Overview describes a graph for briefing an LLM before it picks query
// parameters (the reference's get_node_summary plus its per-engine section
// titles and sample queries).
type Overview struct {
	// TotalNodes and TotalEdges are the graph's sizes.
	TotalNodes int `json:"total_nodes"`
	TotalEdges int `json:"total_edges"`
	// Types counts nodes per type: the builder types first in
	// graphrag.NodeTypes order, then other types by name; absent types are
	// left out.
	Types []TypeCount `json:"types"`
	// Topic is the name of the first topic node ("" if none).
	Topic string `json:"topic"`
	// Engines are the names of the engine nodes, in graph order.
	Engines []string `json:"engines"`
	// SectionTitles are the titles of the first 10 sections in graph order
	// (the name when a section has no title).
	SectionTitles []string `json:"section_titles"`
	// SampleQueries are the first 20 distinct non-empty query_text values
	// of search_query nodes, in graph order.
	SampleQueries []string `json:"sample_queries"`
	// EngineSections lists every section title grouped by engine: one
	// entry per name of Engines (in that order, possibly with no title),
	// then other engine names in order of first appearance; "" collects
	// sections of no known engine.
	// A section's engine is its "engine" attribute, else the engine node
	// with an edge into it.
	EngineSections []EngineSections `json:"engine_sections"`
}

// TypeCount is the number of nodes of one type.
type TypeCount struct {
	Type  graphrag.NodeType `json:"type"`
	Count int               `json:"count"`
}

// EngineSections are the section titles of one engine, in graph order.
type EngineSections struct {
	Engine string   `json:"engine"`
	Titles []string `json:"titles"`
}

// Count returns the number of nodes of type t.
func (o Overview) Count(t graphrag.NodeType) int {
	if i := slices.IndexFunc(o.Types, func(tc TypeCount) bool { return tc.Type == t }); i >= 0 {
		return o.Types[i].Count
	}
	return 0
}

// Overview returns the graph overview computed by New. The slices are
// copies: the caller may keep and change them.
func (e *Engine) Overview() Overview {
	o := e.overview()
	o.Types = slices.Clone(o.Types)
	o.Engines = slices.Clone(o.Engines)
	o.SectionTitles = slices.Clone(o.SectionTitles)
	o.SampleQueries = slices.Clone(o.SampleQueries)
	o.EngineSections = slices.Clone(o.EngineSections)
	for i := range o.EngineSections {
		o.EngineSections[i].Titles = slices.Clone(o.EngineSections[i].Titles)
	}
	return o
}

func (e *Engine) buildOverview(ends [][2]int32) Overview {
	o := Overview{TotalNodes: e.n, Types: []TypeCount{}, Engines: []string{},
		SectionTitles: []string{}, SampleQueries: []string{}, EngineSections: []EngineSections{}}
	if e.g != nil {
		o.TotalEdges = e.g.EdgeCount()
		st := e.g.Stats()
		for _, t := range st.SortedTypes() {
			o.Types = append(o.Types, TypeCount{t, st.ByType[t]})
		}
	}
	// engine of a section without an "engine" attribute: an engine node
	// with an edge into it
	parent := map[int32]string{}
	for _, ab := range ends {
		if e.typ[ab[0]] == codeEngine && e.typ[ab[1]] == codeSection {
			if _, ok := parent[ab[1]]; !ok {
				parent[ab[1]] = e.g.Name(int(ab[0]))
			}
		}
	}
	group := map[string]int{}
	addGroup := func(name string) int {
		if i, ok := group[name]; ok {
			return i
		}
		group[name] = len(o.EngineSections)
		o.EngineSections = append(o.EngineSections, EngineSections{Engine: name, Titles: []string{}})
		return len(o.EngineSections) - 1
	}
	for v := range e.n {
		if e.typ[v] == codeEngine {
			o.Engines = append(o.Engines, e.g.Name(v))
			addGroup(e.g.Name(v))
		}
	}
	seenQuery := map[string]bool{}
	for v := range e.n {
		switch e.typ[v] {
		case codeTopic:
			if o.Topic == "" {
				o.Topic = e.g.Name(v)
			}
		case codeSection:
			title := e.g.String(v, "title")
			if title == "" {
				title = e.g.Name(v)
			}
			if len(o.SectionTitles) < overviewSections {
				o.SectionTitles = append(o.SectionTitles, title)
			}
			eng := e.g.String(v, "engine")
			if eng == "" {
				eng = parent[int32(v)]
			}
			g := addGroup(eng)
			o.EngineSections[g].Titles = append(o.EngineSections[g].Titles, title)
		case codeQuery:
			qt := e.g.String(v, "query_text")
			if qt != "" && !seenQuery[qt] && len(o.SampleQueries) < overviewQueries {
				seenQuery[qt] = true
				o.SampleQueries = append(o.SampleQueries, qt)
			}
		}
	}
	return o
}
