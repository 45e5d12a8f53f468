package builder_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/state"
)

// B13: the override gives one topic node per distinct query, and each
// engine hangs from the topic of its own query; without it there is one
// topic node. A query note lands on the (first) topic node.
func TestTopicPerQuery(t *testing.T) {
	states := []*state.State{
		{Engine: state.EngineQuery, Query: " 新能源车降价 ", Paragraphs: []state.Paragraph{{Title: "a"}}},
		{Engine: state.EngineMedia, Query: "高校毕业生就业率", Paragraphs: []state.Paragraph{{Title: "b"}}},
		{Engine: state.EngineInsight, Query: "新能源车降价", Paragraphs: []state.Paragraph{{Title: "c"}}},
	}
	topicID := func(q string) string {
		sum := sha256.Sum256([]byte(q))
		return "T_" + hex.EncodeToString(sum[:])[:16]
	}
	tests := []struct {
		name     string
		perQuery bool
		topicOf  map[string]string // engine → topic node id
	}{
		{"one topic", false, map[string]string{"query": topicID("新能源车降价"), "media": topicID("新能源车降价"), "insight": topicID("新能源车降价")}},
		{"topic per query", true, map[string]string{"query": topicID("新能源车降价"), "media": topicID("高校毕业生就业率"), "insight": topicID("新能源车降价")}},
	}
	for _, tt := range tests {
		g, _, err := builder.Build(builder.Config{Topic: "新能源车降价", States: states, TopicPerQuery: tt.perQuery, QueryNote: "note"})
		if err != nil {
			t.Fatal(err)
		}
		topics := map[string]*graphrag.Node{}
		for _, n := range g.Nodes() {
			if n.Type == graphrag.TypeTopic {
				topics[n.ID] = &n
			}
		}
		distinct := map[string]bool{}
		for _, id := range tt.topicOf {
			distinct[id] = true
		}
		if len(topics) != len(distinct) {
			t.Errorf("%s: %d topic nodes, want %d", tt.name, len(topics), len(distinct))
		}
		got := map[string]string{}
		for _, e := range g.Edges() {
			if e.Relation == graphrag.RelAnalyzedBy {
				got[e.To] = e.From
			}
		}
		for eng, want := range tt.topicOf {
			if got[eng] != want {
				t.Errorf("%s: %s hangs from %q, want %q", tt.name, eng, got[eng], want)
			}
		}
		main := topics[topicID("新能源车降价")]
		if main == nil {
			t.Fatalf("%s: no topic node for the topic", tt.name)
		}
		if v := main.Attrs.String("query_warning"); v != "note" {
			t.Errorf("%s: query_warning = %q, want note", tt.name, v)
		}
		if tt.perQuery {
			m := topics[topicID("高校毕业生就业率")]
			if m == nil || m.Name != "高校毕业生就业率" {
				t.Fatalf("%s: media topic node = %+v", tt.name, m)
			}
			v, _ := main.Attrs.Get("engines")
			if es, _ := v.([]string); len(es) != 2 || es[0] != "query" || es[1] != "insight" {
				t.Errorf("%s: main topic engines = %v, want [query insight]", tt.name, v)
			}
		}
	}
}
