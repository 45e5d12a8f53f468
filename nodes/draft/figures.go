package draft

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// figureBlocks turns a sub-point's figures into KPI cards (kpiBlocks) and
// at most one chart of comparable figures: a sentiment split as a
// doughnut, platform or age shares as a bar chart, with a line naming the
// evidence it comes from.
func figureBlocks(figs []prompts.FigureRef, anchor string) []ir.Block {
	out := kpiBlocks(figs)
	if c, src, ok := figureChart(figs, anchor); ok {
		out = append(out, c, para("图表数据出处："+citeList(src)))
	}
	return out
}

// kpiBlocks are the KPI cards of figs (up to draftKPIs, labelled with
// FigureRef.KPI; dates and figures without a KPI label left out; two
// values one passage gives for one label share a card, "31%→58%") with a
// line naming the evidence they come from; none for fewer than two cards.
func kpiBlocks(figs []prompts.FigureRef) []ir.Block {
	cards := slices.Clone(figs) // a page's or an engine's figures first, then the forum's (marked)
	slices.SortStableFunc(cards, prompts.ForumLast)
	var kpis []ir.KPI
	var kpiSrc []string
	seen := map[string]bool{}
	at := map[string]int{} // item + label → its card: a second value of one passage extends it (31%→58%)
	for _, f := range cards {
		if f.Kind == "date" || f.KPI == "" {
			continue // no label naming subject and metric: the figure stays in the prose
		}
		k := f.KPI + f.Raw
		if seen[k] {
			continue
		}
		if i, ok := at[f.ItemID+"\x00"+f.KPI]; ok {
			seen[k] = true
			kpis[i].Value += "→" + f.CardValue()
			continue
		}
		if len(kpis) >= draftKPIs || slices.ContainsFunc(kpis, func(c ir.KPI) bool { return prompts.SameKPI(c, ir.KPI{Label: f.KPI, Value: f.CardValue()}) }) {
			continue // a full grid, or one figure two passages report
		}
		seen[k] = true
		at[f.ItemID+"\x00"+f.KPI] = len(kpis)
		kpis = append(kpis, ir.KPI{Label: f.CardLabel(), Value: f.CardValue()})
		if f.Primary != "" {
			kpiSrc = appendUnique(kpiSrc, f.Primary) // the page stating it, first
		}
		kpiSrc = appendUnique(kpiSrc, f.ItemID)
	}
	if len(kpis) < 2 {
		return nil
	}
	return []ir.Block{{Type: ir.TypeKPIGrid, KPIItems: kpis, Cols: min(len(kpis), 4)}, para("数据出处：" + citeList(kpiSrc))}
}

// figureChart draws the first kind (sentiment, then platform, then age)
// for which one evidence item states at least two figures of distinct
// groups and no group twice (a split stated in one passage; figures from
// different passages are not comparable; a group stated twice is a change
// over time), values in percent as written: a sentiment split whose parts
// add up to 100 ± partTolerance as a doughnut, one that leaves a part out
// as bars (a part-to-whole chart is never re-normalised over the parts
// given); failing that, a bar chart of one clause's labelled counts or
// shares in one unit (拿铁28元、美式22元), never one whose title promises
// a trend (走势: a trend needs three points in time).
func figureChart(figs []prompts.FigureRef, anchor string) (ir.Block, []string, bool) {
	for _, k := range splitKinds {
		if b, ids, ok := splitChart(figs, anchor, k); ok {
			return b, ids, true
		}
	}
	return compareChart(figs, anchor)
}

// splitKind is a kind of split figureChart draws, its chart type when the
// parts make the whole and its title.
type splitKind struct{ kind, chart, title string }

// splitKinds are the splits figureChart draws, in the order it tries them.
var splitKinds = []splitKind{
	{"sentiment", "doughnut", "情绪与态度分布（%）"},
	{"platform", "bar", "平台分布（%）"},
	{"age", "bar", "年龄分布（%）"},
}

// splitChart is the chart of the first passage whose figures split by
// k's groups in percent (two groups at least, each once): a part-to-whole
// chart when the parts (or the run of shares around them, wholeRun) make
// 100 ± partTolerance, else bars titled with the sum the source gives.
func splitChart(figs []prompts.FigureRef, anchor string, k splitKind) (ir.Block, []string, bool) {
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
split:
	for _, id := range items {
		var labels []string
		var data []float64
		seen := map[string]bool{}
		sum := 0.0
		for _, f := range byItem[id] {
			if seen[f.Group] {
				continue split // one group twice (支持 26%→48%): a change over time, not parts of a whole
			}
			seen[f.Group] = true
			labels = append(labels, f.Group)
			data = append(data, f.Value)
			sum += f.Value
		}
		if len(labels) < 2 {
			continue
		}
		if l, d, ok := wholeRun(figs, byItem[id], k.kind); ok {
			labels, data, sum = l, d, 100 // "微博占58%，抖音占22%，本地论坛占12%，其他平台占8%": every category the source gives
		}
		chart, title := k.chart, k.title
		if math.Abs(sum-100) > partTolerance {
			// parts that do not make the whole: bars in the source's
			// numbers with their sum said, not a circle they would be
			// stretched to fill
			chart = "bar"
			title = strings.TrimSuffix(k.title, "（%）") + "（%，原文各项合计 " + strconv.FormatFloat(sum, 'f', -1, 64) + "%）"
		}
		return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-" + k.kind + "-chart", WidgetType: "chart.js/" + chart,
			Props: &ir.WidgetProps{Type: chart, Title: title},
			Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: title, Data: data}}}}, []string{id}, true
	}
	return ir.Block{}, nil, false
}

// compareChart is the bar chart of the first clause comparing two or more
// labelled figures of one unit (拿铁28元、美式22元; figures of different
// clauses measure different things: 反弹概率31% and 72%的二次发酵 are no
// pair), titled with their shared measure when they have one, never one
// whose title promises a trend.
func compareChart(figs []prompts.FigureRef, anchor string) (ir.Block, []string, bool) {
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
		var labels, bounds []string
		var data []float64
		seen := map[string]bool{}
		for _, f := range fs {
			if f.Unit == unit && !seen[f.Label] {
				seen[f.Label] = true
				labels = append(labels, f.Label)
				bounds = append(bounds, f.Bound())
				data = append(data, f.Value)
			}
		}
		if len(labels) >= 2 && parallelFigures(fs) {
			title := "材料中的数字对比（" + unit + "）"
			if measure, cats, ok := sharedMeasure(fs, unit); ok {
				title, labels = measure+"（"+unit+"）", cats // "樱花季情绪占比（%）": 浪漫, 焦虑
				if sum := total(data); unit == "%" && math.Abs(sum-100) > partTolerance {
					// shares of one measure that do not make the whole (浪漫
					// 42% / 焦虑 28%): their sum said, as for a split
					title = measure + "（%，原文各项合计 " + strconv.FormatFloat(sum, 'f', -1, 64) + "%）"
				}
			}
			if trendWord(title) {
				continue // "病毒学情感走势": categories of one clause are no points in time, and a trend needs three
			}
			for i, b := range bounds {
				if b != "" && i < len(labels) {
					labels[i] += "（" + b + "）" // a bound, as the card says it: 播放量（破）
				}
			}
			return ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-compare-chart", WidgetType: "chart.js/bar",
				Props: &ir.WidgetProps{Type: "bar", Title: title},
				Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: title, Data: data}}}}, []string{id}, true
		}
	}
	return ir.Block{}, nil, false
}

// wholeRun is the split parts stated with the other shares around them
// in the passage, when together they make the whole (100 ± partTolerance)
// and the parts alone do not: the figures of parts' item in percent, the
// contiguous run (in text order) from the first part to the last, widened
// by the labelled shares next to it (本地论坛占12%, 其他平台占8%: no
// platform of the table, yet categories of the same split). Labels are
// the parts' groups and the others' labels.
func wholeRun(figs, parts []prompts.FigureRef, kind string) ([]string, []float64, bool) {
	var seq []prompts.FigureRef // the item's % figures, in order
	for _, f := range figs {
		if f.ItemID == parts[0].ItemID && f.Unit == "%" && f.Kind != "date" {
			seq = append(seq, f)
		}
	}
	first, last := -1, -1
	sum := 0.0
	for i, f := range seq {
		if f.Kind == kind && f.Group != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return nil, nil, false
	}
	for _, f := range seq[first : last+1] {
		sum += f.Value
	}
	if math.Abs(sum-100) <= partTolerance {
		return nil, nil, false // the parts are whole already
	}
	other := func(f prompts.FigureRef) bool { return f.Kind == "share" && f.Label != "" }
	for first > 0 && other(seq[first-1]) && sum+seq[first-1].Value <= 100+partTolerance {
		first--
		sum += seq[first].Value
	}
	for last+1 < len(seq) && other(seq[last+1]) && sum+seq[last+1].Value <= 100+partTolerance {
		last++
		sum += seq[last].Value
	}
	if math.Abs(sum-100) > partTolerance {
		return nil, nil, false
	}
	var labels []string
	var data []float64
	for _, f := range seq[first : last+1] {
		l := f.Group
		if f.Kind != kind || l == "" {
			l = f.Label
		}
		if slices.Contains(labels, l) {
			return nil, nil, false // a category twice: no split
		}
		labels = append(labels, l)
		data = append(data, f.Value)
	}
	return labels, data, true
}

// total is the sum of vs.
func total(vs []float64) float64 {
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s
}

// partTolerance is how far from 100 the parts of a split may add up and
// still be drawn as a whole (rounding in the source).
const partTolerance = 2

// trendWord reports a title that promises a change over time (走势, 趋势,
// 变化, 曲线): the draft never draws one (one clause gives no three points
// in time).
func trendWord(title string) bool {
	return textrules.FirstWord(title, []string{"走势", "趋势", "变化", "曲线", "时间序列"}) != ""
}

// parallelFigures reports whether a clause's figures are items of a list
// that may be compared (拿铁28元、美式22元): in the sentence, each figure
// after the first is set off from the one before by an enumeration mark
// or a conjunction (、，,；;和与及/). Figures one phrase holds together
// (充值五百元赠送五十元: an offer, not two items) are no comparison. A
// figure not found in its sentence counts as not set off; figures without
// their text (Raw "") are not checked.
func parallelFigures(fs []prompts.FigureRef) bool {
	at := 0
	for i, f := range fs {
		if f.Raw == "" {
			return true // nothing to find: as before the rule
		}
		s := f.Sentence
		j := strings.Index(s[min(at, len(s)):], f.Raw)
		if j < 0 {
			return false
		}
		j += min(at, len(s))
		if i > 0 && !strings.ContainsAny(s[at:j], "、，,；;和与及/") {
			return false
		}
		at = j + len(f.Raw)
	}
	return true
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
