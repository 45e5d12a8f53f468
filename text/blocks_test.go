package text

import (
	"reflect"
	"testing"
)

// FlatBlocks cuts a flattened speech of the BettaFish fixture (the query
// engine's 12:22:10 speech) at its headings and list items: no block runs
// from the last list item into the heading after it, and a heading alone
// is a block of its own. Each rule has a case that fails without it: the
// list cut (the items would be one block), the heading cut (the last item
// would hold "## 深度背景分析"), an English dash and a hashtag cut nothing,
// a heading of Latin words is heading alone.
func TestFlatBlocks(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Block
	}{
		{"## 关键数据提取 - 时间节点：事件始于2022年暑期 - 舆情指数：影响力指数65.4（作为参照系） - 处置时效：学校回应延迟明显 ## 深度背景分析 该事件暴露了系统性缺陷。",
			[]Block{{Heading: "关键数据提取"}, {Text: "- 时间节点：事件始于2022年暑期"}, {Text: "- 舆情指数：影响力指数65.4（作为参照系）"},
				{Text: "- 处置时效：学校回应延迟明显"}, {Heading: "深度背景分析", Text: "该事件暴露了系统性缺陷。"}}},
		{"不同媒体的报道呈现显著差异。 ## 关键数据 时间线显示：7月11日事发。",
			[]Block{{Text: "不同媒体的报道呈现显著差异。"}, {Heading: "关键数据", Text: "时间线显示：7月11日事发。"}}},
		{"- 第一项：樱花季预约 - 第二项：门票", []Block{{Text: "- 第一项：樱花季预约"}, {Text: "- 第二项：门票"}}},
		{"The base - a secret facility - lies beneath Dulce.", []Block{{Text: "The base - a secret facility - lies beneath Dulce."}}},
		{"微博话题 #武大樱花预约# 阅读 3.8 亿", []Block{{Text: "微博话题 #武大樱花预约# 阅读 3.8 亿"}}},
		{"## Overview of the findings", []Block{{Heading: "Overview of the findings"}}},
		{"## 段落标题", []Block{{Heading: "段落标题"}}},
		{"  ", nil},
	} {
		if got := FlatBlocks(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("FlatBlocks(%q) =\n%q\nwant\n%q", c.in, got, c.want)
		}
	}
}
