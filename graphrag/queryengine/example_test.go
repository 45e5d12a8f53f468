package queryengine_test

import (
	"encoding/json"
	"fmt"

	"reportengine/graphrag"
	"reportengine/graphrag/queryengine"
)

func Example() {
	g := graphrag.New()
	nodes := []*graphrag.Node{
		{ID: "T_1", Type: graphrag.TypeTopic, Name: "武汉大学"},
		{ID: "media", Type: graphrag.TypeEngine, Name: "media", Attrs: graphrag.Attributes{{Key: "engine", Value: "media"}}},
		{ID: "media_S0", Type: graphrag.TypeSection, Name: "樱花季", Attrs: graphrag.Attributes{
			{Key: "title", Value: "樱花季"}, {Key: "order", Value: 0}, {Key: "content", Value: "武大樱花季游客如织"}, {Key: "engine", Value: "media"}}},
		{ID: "media_S0_Q0", Type: graphrag.TypeSearchQuery, Name: "武大樱花 预约", Attrs: graphrag.Attributes{
			{Key: "query_text", Value: "武大樱花 预约"}, {Key: "engine", Value: "media"}}},
		{ID: "SRC_1", Type: graphrag.TypeSource, Name: "赏樱预约指南", Attrs: graphrag.Attributes{
			{Key: "url", Value: "https://example.com/sakura"}, {Key: "title", Value: "赏樱预约指南"}, {Key: "engines", Value: []string{"media"}}}},
	}
	for _, n := range nodes {
		_ = g.AddNode(n)
	}
	_ = g.AddEdge(graphrag.Edge{From: "T_1", To: "media", Relation: graphrag.RelAnalyzedBy})
	_ = g.AddEdge(graphrag.Edge{From: "media", To: "media_S0", Relation: graphrag.RelContains})
	_ = g.AddEdge(graphrag.Edge{From: "media_S0", To: "media_S0_Q0", Relation: graphrag.RelSearched})
	_ = g.AddEdge(graphrag.Edge{From: "media_S0_Q0", To: "SRC_1", Relation: graphrag.RelFound})

	e := queryengine.New(g) // prepare once, query many times

	// Parameters as an HTTP client or an LLM sends them.
	q, err := queryengine.DecodeQuery([]byte(`{"keywords": "樱花", "engine_filter": ["media"], "depth": 1}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := e.Run(q)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Summary)
	fmt.Println("total nodes:", res.TotalNodes)
	src, _ := json.Marshal(res.MatchedSources[0])
	fmt.Println(string(src))

	none, _ := e.Run(queryengine.Query{Keywords: []string{"火星"}})
	fmt.Println(none.NoMatch, none.Summary)
	// Output:
	// 段落(1): 樱花季; 搜索词(1): 武大樱花 预约; 来源(1)
	// total nodes: 4
	// {"id":"SRC_1","name":"赏樱预约指南","type":"source","url":"https://example.com/sakura","title":"赏樱预约指南","engines":["media"]}
	// true 无匹配结果
}

func ExampleDecodeQuery() {
	_, err := queryengine.DecodeQuery([]byte(`{"keywords": ["樱花"], "depth": "2"}`))
	fmt.Println(err)
	q, _ := queryengine.DecodeQuery([]byte(`{"keywords": "樱花, 招生 Tesla"}`))
	fmt.Println(q.Depth, queryengine.Terms(q.Keywords))
	// Output:
	// queryengine: depth: want an integer, got a string
	// 1 [樱花 招生 tesla]
}

func ExampleEngine_Overview() {
	g := graphrag.New()
	_ = g.AddNode(&graphrag.Node{ID: "T", Type: graphrag.TypeTopic, Name: "咖啡店"})
	_ = g.AddNode(&graphrag.Node{ID: "query", Type: graphrag.TypeEngine, Name: "query"})
	_ = g.AddNode(&graphrag.Node{ID: "query_S0", Type: graphrag.TypeSection, Name: "市场", Attrs: graphrag.Attributes{{Key: "title", Value: "市场规模"}, {Key: "engine", Value: "query"}}})
	_ = g.AddEdge(graphrag.Edge{From: "T", To: "query"})
	_ = g.AddEdge(graphrag.Edge{From: "query", To: "query_S0"})
	o := queryengine.New(g).Overview()
	fmt.Println(o.Topic, o.Engines, o.Count(graphrag.TypeSection), o.EngineSections[0].Titles)
	// Output:
	// 咖啡店 [query] 1 [市场规模]
}
