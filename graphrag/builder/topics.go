package builder

import (
	"strings"

	"reportengine/graphrag"
	"reportengine/state"
)

// topicNodes returns the topic node id each engine hangs from. Normally
// that is the one topic node (mainID, named cfg.Topic). With
// cfg.TopicPerQuery (B13's override for files of different runs) every
// distinct query (trimmed, compared under Unicode case folding) that is not
// the topic itself gets its own topic node "T_<16 hex of SHA-256(query)>",
// named by the query as the first engine with it wrote it, with attributes
// query and engines[]; the engines of that query hang from it. Engines with
// an empty query, or with the topic's own query, stay under mainID. Extra
// topic nodes are added in canonical engine order of their first engine.
func (b *build) topicNodes(cfg Config, mainID string, states []*state.State) map[state.Engine]string {
	out := make(map[state.Engine]string, len(states))
	type extra struct {
		node    *graphrag.Node
		engines []string
	}
	var extras []*extra
	topic := strings.TrimSpace(cfg.Topic)
next:
	for _, st := range states {
		out[st.Engine] = mainID
		q := strings.TrimSpace(st.Query)
		if !cfg.TopicPerQuery || q == "" || strings.EqualFold(q, topic) {
			continue
		}
		for _, x := range extras {
			if strings.EqualFold(x.node.Name, q) {
				x.engines = append(x.engines, string(st.Engine))
				out[st.Engine] = x.node.ID
				continue next
			}
		}
		x := &extra{node: &graphrag.Node{ID: "T_" + hashHex(q, 16), Type: graphrag.TypeTopic, Name: q}, engines: []string{string(st.Engine)}}
		extras = append(extras, x)
		out[st.Engine] = x.node.ID
	}
	if len(extras) == 0 {
		return out
	}
	for _, x := range extras {
		x.node.Attrs = graphrag.Attributes{{Key: "query", Value: x.node.Name}, {Key: "engines", Value: x.engines}}
		b.mustNode(x.node)
	}
	// The main topic's engines[] keeps only the engines left under it (and
	// host, which always hangs from it).
	if main, ok := b.g.Node(mainID); ok {
		if v, ok := main.Attrs.Get("engines"); ok {
			var kept []string
			for _, e := range v.([]string) {
				if id, ok := out[state.Engine(e)]; !ok || id == mainID {
					kept = append(kept, e)
				}
			}
			main.Attrs.Set("engines", kept)
		}
	}
	return out
}
