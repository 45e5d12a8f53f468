package nodes_test

import (
	"context"
	"fmt"
	"time"

	"reportengine/graphrag/builder"
	"reportengine/llm"
	"reportengine/llm/offline"
	"reportengine/nodes"
	"reportengine/state"
)

// A report from one engine's state with the offline extractive model: the
// template is given, so the model makes the layout, word-budget, graph
// query and chapter calls only.
func ExamplePipeline_Run() {
	st, err := state.Parse([]byte(`{"query":"李明咖啡店","report_title":"李明咖啡店调查",
	  "final_report":"## 选址\n李明选择写字楼商圈，月租一万五千元。工作日客流稳定，周末冷清。",
	  "paragraphs":[{"title":"选址决策","content":"写字楼商圈与学校附近的对比。","research":{
	    "latest_summary":"李明比较了学校附近、写字楼商圈和老城区街角，最终选择写字楼商圈，月租一万五千元；开业后顾客评价以正面情感为主，品牌口碑稳定。",
	    "search_history":[{"query":"李明咖啡店 选址","url":"https://news.example.com/site.html",
	      "title":"李明咖啡店选址写字楼商圈","content":"写字楼商圈工作日客流稳定，顾客提及这家店时的高频印象是拿铁和排队。"}]}}]}`), "query.json", state.EngineQuery)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _, err := builder.Build(builder.Config{Topic: st.Query, ReportID: "demo", States: []*state.State{st}})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := nodes.New(nodes.Config{
		Model:   offline.New(),
		Offline: true,
		// the offline n-gram embedder, fitted on the entities it embeds
		Embedders: func(texts []string) llm.Embedder { return offline.NewEmbedder(0).Fit(texts) },
		Template:  "企业品牌声誉分析报告模板",
		Now:       func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := p.Run(context.Background(), nodes.Input{Topic: st.Query, ReportID: "demo", GraphID: "demo", Graph: g,
		States: []*state.State{st}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Manifest.Status, res.Manifest.Template, res.Document.Metadata.Generator.Extractive)
	for _, c := range res.Chapters {
		fmt.Println(c.Section.ChapterID, c.Chapter.Anchor, c.Section.Title)
	}
	for _, s := range res.Document.Sources { // only what the chapters cite
		fmt.Println(s.Title, s.URL, s.Chapters)
	}
	// Output:
	// complete 企业品牌声誉分析报告模板 true
	// S1 section-1-0 摘要与核心发现
	// S2 section-2-0 品牌声量与影响力分析
	// S3 section-3-0 本周期关键事件回顾
	// S4 section-4-0 品牌形象与用户认知
	// S5 section-5-0 用户画像分析
	// S6 section-6-0 声誉风险与机遇洞察
	// S7 section-7-0 结论与战略建议
	// 李明咖啡店选址写字楼商圈 https://news.example.com/site.html [S1 S2]
	// 查询引擎研究段落「选址决策」  [S4]
}
