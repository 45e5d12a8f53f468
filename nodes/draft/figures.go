package draft

import (
	"slices"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
)

// figureBlocks turns a sub-point's figures into KPI cards (up to
// draftKPIs, labelled with FigureRef.KPI; dates and figures without a KPI
// label left out; two values one passage gives for one label
// share a card, "31%→58%") and at most one chart of comparable figures:
// a sentiment split as a doughnut, platform or age shares as a bar chart,
// each with a line naming the evidence it comes from.
func figureBlocks(figs []prompts.FigureRef, anchor string) []ir.Block {
	var out []ir.Block
	var kpis []ir.KPI
	var kpiSrc []string
	seen := map[string]bool{}
	at := map[string]int{} // item + label → its card: a second value of one passage extends it (31%→58%)
	for _, f := range figs {
		if f.Kind == "date" || f.KPI == "" {
			continue // no label naming subject and metric: the figure stays in the prose
		}
		k := f.KPI + f.Raw
		if seen[k] {
			continue
		}
		if i, ok := at[f.ItemID+"\x00"+f.KPI]; ok {
			seen[k] = true
			kpis[i].Value += "→" + f.Raw
			continue
		}
		if len(kpis) >= draftKPIs || slices.ContainsFunc(kpis, func(c ir.KPI) bool { return prompts.SameKPI(c, ir.KPI{Label: f.KPI, Value: f.Raw}) }) {
			continue // a full grid, or one figure two passages report
		}
		seen[k] = true
		at[f.ItemID+"\x00"+f.KPI] = len(kpis)
		kpis = append(kpis, ir.KPI{Label: f.KPI, Value: f.Raw})
		kpiSrc = appendUnique(kpiSrc, f.ItemID)
	}
	if len(kpis) >= 2 {
		out = append(out, ir.Block{Type: ir.TypeKPIGrid, KPIItems: kpis, Cols: min(len(kpis), 4)},
			para("数据出处："+citeList(kpiSrc)))
	}
	if c, src, ok := figureChart(figs, anchor); ok {
		out = append(out, c, para("图表数据出处："+citeList(src)))
	}
	return out
}

// figureChart draws the first kind (sentiment, then platform, then age)
// for which one evidence item states at least two figures of distinct
// groups (a split stated in one passage; figures from different passages
// are not comparable), values in percent; failing that, a bar chart of one
// clause's labelled counts or shares in one unit (拿铁28元、美式22元).
func figureChart(figs []prompts.FigureRef, anchor string) (ir.Block, []string, bool) {
	kinds := []struct{ kind, chart, title string }{
		{"sentiment", "doughnut", "情绪与态度分布（%）"},
		{"platform", "bar", "平台分布（%）"},
		{"age", "bar", "年龄分布（%）"},
	}
	for _, k := range kinds {
		var items []string
		byItem := map[string][]prompts.FigureRef{}
		for _, f := range figs {
			if f.Kind != k.kind || f.Unit != "%" || f.Group == "" {
				continue
			}
			if _, ok := byItem[f.ItemID]; !ok {
				items = append(items, f.ItemID)
			}
			byItem[f.ItemID] = append(byItem[f.ItemID], f)
		}
		for _, id := range items {
			var labels []string
			var data []float64
			seen := map[string]bool{}
			for _, f := range byItem[id] {
				if !seen[f.Group] {
					seen[f.Group] = true
					labels = append(labels, f.Group)
					data = append(data, f.Value)
				}
			}
			if len(labels) >= 2 {
				return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-" + k.kind + "-chart", WidgetType: "chart.js/" + k.chart,
					Props: &ir.WidgetProps{Type: k.chart, Title: k.title},
					Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: k.title, Data: data}}}}, []string{id}, true
			}
		}
	}
	// any other clause comparing two or more labelled figures of one unit
	// (拿铁28元、美式22元; figures of different clauses measure different
	// things: 反弹概率31% and 72%的二次发酵 are no pair)
	var items []string
	byItem := map[string][]prompts.FigureRef{}
	for _, f := range figs {
		if f.Label == "" || f.Unit == "" || (f.Kind != "count" && f.Kind != "share" && f.Kind != "volume") {
			continue
		}
		k := f.ItemID + "\x00" + f.Sentence
		if _, ok := byItem[k]; !ok {
			items = append(items, k)
		}
		byItem[k] = append(byItem[k], f)
	}
	for _, k := range items {
		fs := byItem[k]
		id := fs[0].ItemID
		unit := fs[0].Unit
		var labels []string
		var data []float64
		seen := map[string]bool{}
		for _, f := range fs {
			if f.Unit == unit && !seen[f.Label] {
				seen[f.Label] = true
				labels = append(labels, f.Label)
				data = append(data, f.Value)
			}
		}
		if len(labels) >= 2 {
			title := "材料中的数字对比（" + unit + "）"
			if measure, cats, ok := sharedMeasure(fs, unit); ok {
				title, labels = measure+"（"+unit+"）", cats // "樱花季情绪占比（%）": 浪漫, 焦虑
			}
			return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-compare-chart", WidgetType: "chart.js/bar",
				Props: &ir.WidgetProps{Type: "bar", Title: title},
				Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: title, Data: data}}}}, []string{id}, true
		}
	}
	return ir.Block{}, nil, false
}

// sharedMeasure is the measure all of a clause's figures of unit are
// categories of, when each KPI label reads "measure：category" with one
// measure ("樱花季情绪占比：浪漫", "樱花季情绪占比：焦虑"), and the categories
// in the order of the chart's labels (one per Label).
func sharedMeasure(fs []prompts.FigureRef, unit string) (string, []string, bool) {
	measure := ""
	var cats []string
	seen := map[string]bool{}
	for _, f := range fs {
		if f.Unit != unit || seen[f.Label] {
			continue
		}
		seen[f.Label] = true
		m, c, ok := strings.Cut(f.KPI, "：")
		if !ok || c == "" || measure != "" && m != measure {
			return "", nil, false
		}
		measure = m
		cats = append(cats, c)
	}
	return measure, cats, measure != ""
}
