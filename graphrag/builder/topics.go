package builder

import (
	"strings"

	"reportengine/graphrag"
	"reportengine/state"
)

// topicNodes returns the topic node (graph index) each engine hangs from.
// Normally that is the one topic node (main, named cfg.Topic). With
// cfg.TopicPerQuery (B13's override for files of different runs) every
// distinct query (trimmed, compared under Unicode case folding) that is not
// the topic itself gets its own topic node "T_<16 hex of SHA-256(query)>",
// named by the query as the first engine with it wrote it, with attributes
// query and engines[]; the engines of that query hang from it. Engines with
// an empty query, or with the topic's own query, stay under main. Extra
// topic nodes are added in canonical engine order of their first engine.
func (b *build) topicNodes(cfg Config, main int, states []*state.State) map[state.Engine]int {
	type extra struct {
		name    string
		engines []string
	}
	var extras []*extra
	of := make(map[state.Engine]int, len(states)) // index in extras, -1 for main
	topic := strings.TrimSpace(cfg.Topic)
next:
	for _, st := range states {
		of[st.Engine] = -1
		q := strings.TrimSpace(st.Query)
		if !cfg.TopicPerQuery || q == "" || strings.EqualFold(q, topic) {
			continue
		}
		for i, x := range extras {
			if strings.EqualFold(x.name, q) {
				x.engines = append(x.engines, string(st.Engine))
				of[st.Engine] = i
				continue next
			}
		}
		of[st.Engine] = len(extras)
		extras = append(extras, &extra{name: q, engines: []string{string(st.Engine)}})
	}
	idx := make([]int, len(extras))
	for i, x := range extras {
		idx[i] = b.mustNode(&graphrag.Node{ID: "T_" + hashHex(x.name, 16), Type: graphrag.TypeTopic, Name: x.name,
			Attrs: graphrag.Attributes{{Key: "query", Value: x.name}, {Key: "engines", Value: x.engines}}})
	}
	for e, i := range of { // the extra's index becomes its topic node
		of[e] = main
		if i >= 0 {
			of[e] = idx[i]
		}
	}
	if len(extras) == 0 {
		return of
	}
	// The main topic's engines[] keeps only the engines left under it (and
	// host, which always hangs from it).
	if v, ok := b.g.Attr(main, "engines"); ok {
		var kept []string
		for _, e := range v.([]string) {
			if t, ok := of[state.Engine(e)]; !ok || t == main {
				kept = append(kept, e)
			}
		}
		b.g.SetAttr(main, "engines", kept)
	}
	return of
}
