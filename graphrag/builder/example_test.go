package builder_test

import (
	"fmt"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/state"
)

// Build a graph from one engine state and a forum log with a HOST line.
func ExampleBuild() {
	score := 0.9
	st := &state.State{Engine: state.EngineQuery, Query: "李明咖啡店", Paragraphs: []state.Paragraph{{
		Title: "选址",
		Searches: []state.SearchRecord{
			{Index: 0, Query: "写字楼 咖啡店 租金", URL: "https://news.example.com/a", Title: "写字楼商圈租金", Content: "月租一万五千元", Score: &score},
			{Index: 1, Query: "写字楼 咖啡店 租金", URL: "https://news.example.com/b", Title: "工作日客流稳定", Content: "周末冷清"},
			{Index: 2, Query: "老城区 租金", URL: "", Title: "老城区街角", Content: "租金低，但年轻客群少"},
		},
	}}}
	host := []forum.Entry{{Line: 1, Time: "10:05:00", Speaker: forum.SpeakerHost, Content: "三方都提到写字楼商圈。", Known: true}}

	g, _, err := builder.Build(builder.Config{Topic: "李明咖啡店", ReportID: "coffee", States: []*state.State{st}, Forum: host})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, n := range g.Nodes() {
		if n.Type != graphrag.TypeTopic && n.Type != graphrag.TypeSource {
			fmt.Println(n.Type, n.ID, n.Name)
		}
	}
	st2 := g.Stats()
	fmt.Println("sources:", st2.ByType[graphrag.TypeSource], "found edges:", st2.ByRelation[graphrag.RelFound])
	// Output:
	// engine query query
	// section query_P0 选址
	// search_query query_P0_Q0 写字楼 咖啡店 租金
	// search_query query_P0_Q2 老城区 租金
	// engine host host
	// section host_P0 主持人总结 1
	// sources: 3 found edges: 3
}
