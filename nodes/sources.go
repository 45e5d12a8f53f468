package nodes

import (
	"reportengine/evidence"
	"reportengine/graphrag"
	"reportengine/prompts"
)

// graphSources looks the graph's source nodes up by URL (the first source
// node with that URL, as the graph's URL map) and by id, so that a chapter
// link to any graph source lands in the reference list without a copy of
// every source (300 000 sources: about 90 MB and 0.15 s a copy). The zero
// value finds nothing.
//
// One made by prefetchSources answers the URLs it was given from one scan
// of the graph's nodes, and the ids of the nodes found so, without the
// graph's id and URL maps, which are built on their first use and cost
// 0.1-0.2 s and 30 MB for 300 000 sources; any other URL or id goes to
// the graph's maps. Safe for concurrent use (nothing changes after
// prefetchSources).
type graphSources struct {
	g    *graphrag.Graph
	urls map[string]int32 // prefetched URL → its first source node; -1: none
	ids  map[string]int32 // id → node, for the nodes found by URL that are the first with their id
}

// prefetchSources scans g once for the first source node of each of urls.
func prefetchSources(g *graphrag.Graph, urls []string) graphSources {
	gs := graphSources{g: g}
	if g == nil || len(urls) == 0 {
		return gs
	}
	gs.urls = make(map[string]int32, len(urls))
	for _, u := range urls {
		if u != "" {
			gs.urls[u] = -1
		}
	}
	left := len(gs.urls)
	last := -1 // the last node found
	for v := 0; v < g.NodeCount() && left > 0; v++ {
		if g.Type(v) != graphrag.TypeSource {
			continue
		}
		if w, ok := gs.urls[g.String(v, "url")]; ok && w < 0 {
			gs.urls[g.String(v, "url")] = int32(v)
			left--
			last = v
		}
	}
	// by id: a node found, unless an earlier node has its id (the graph's
	// id map keeps the first)
	gs.ids = make(map[string]int32, len(gs.urls)-left)
	for _, v := range gs.urls {
		if v >= 0 {
			gs.ids[g.ID(int(v))] = v
		}
	}
	for w := 0; w < last; w++ {
		if v, ok := gs.ids[g.ID(w)]; ok && int32(w) < v {
			delete(gs.ids, g.ID(w))
		}
	}
	return gs
}

func (gs graphSources) byURL(u string) (prompts.GraphSource, bool) {
	if gs.g == nil || u == "" {
		return prompts.GraphSource{}, false
	}
	if v, ok := gs.urls[u]; ok {
		return gs.at(int(v), v >= 0)
	}
	return gs.at(gs.g.SourceByURL(u))
}

func (gs graphSources) byID(id string) (prompts.GraphSource, bool) {
	if gs.g == nil {
		return prompts.GraphSource{}, false
	}
	if v, ok := gs.ids[id]; ok {
		return gs.at(int(v), true)
	}
	return gs.at(gs.g.Lookup(id))
}

// at is node v (when found) as a GraphSource; false unless v is a source
// with a URL.
func (gs graphSources) at(v int, found bool) (prompts.GraphSource, bool) {
	if !found {
		return prompts.GraphSource{}, false
	}
	g := gs.g
	u := g.String(v, "url")
	if g.Type(v) != graphrag.TypeSource || u == "" {
		return prompts.GraphSource{}, false
	}
	title := g.String(v, "title")
	if title == "" {
		title = g.Name(v)
	}
	return prompts.GraphSource{ID: g.ID(v), Title: title, URL: u, Engines: g.Strings(v, "engines")}, true
}

// sourceURLs are the URLs of the evidence items and of the graph query
// results' sources, in that order (repeats included).
func sourceURLs(set *evidence.Set, gqs []GraphQueryOutput) []string {
	var out []string
	if set != nil {
		for i := range set.Items {
			for _, p := range set.Items[i].Provenance {
				if p.URL != "" {
					out = append(out, p.URL)
				}
			}
		}
	}
	for _, gq := range gqs {
		if gq.Results != nil {
			for _, s := range gq.Results.Sources {
				out = append(out, s.URL)
			}
		}
	}
	return out
}
