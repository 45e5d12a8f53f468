package draft

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	evpkg "reportengine/evidence"
	"reportengine/ir"
	"reportengine/prompts"
)

// Essentials caps.
const (
	essentialPlatformRows = 12 // platform table rows (the chart shows every platform)
)

// disagree marks a date or a figure the sources give differently, where
// it is printed, with the other sources' values.
const disagree = "来源不一致"

// essentialBlocks are the blocks of the run's essentials (in.Essentials)
// placed under sub-point spTitle, in block order: the collection time
// (采集时间: when the engines found the records, not when the event happened),
// the volume and the volume figures; the timeline; the platform split (a
// table and a bar chart of every platform's share of the records), the
// top sites and accounts; the sentiment figures. Every number is the
// essentials' own, each followed by the citations of the records behind
// it; a block with nothing in it is one line saying prompts.NoData.
func essentialBlocks(es *prompts.Essentials, spTitle, anchor string) []ir.Block {
	if es == nil {
		return nil
	}
	var out []ir.Block
	for _, b := range []string{prompts.BlockVolume, prompts.BlockTimeline, prompts.BlockPlatforms, prompts.BlockSentiment} {
		if t, ok := es.Place[b]; !ok || t != spTitle {
			continue
		}
		switch b {
		case prompts.BlockVolume:
			out = append(out, volumeBlocks(es)...)
		case prompts.BlockTimeline:
			out = append(out, timelineBlocks(es)...)
		case prompts.BlockPlatforms:
			out = append(out, platformBlocks(es, anchor)...)
		case prompts.BlockSentiment:
			out = append(out, figureLines(es.Figures, true, "情绪分布数字："))
		}
	}
	return out
}

// volumeBlocks: the window and the volume as a list of two lines, then
// the volume figures.
func volumeBlocks(es *prompts.Essentials) []ir.Block {
	w, v := es.Window, es.Volume
	window := "采集时间：" + prompts.NoData + "带时间戳的检索记录。"
	if w.From != "" {
		// the engines' crawl time, not the event's: an analyst reads a
		// "monitoring window" as the event's span
		window = fmt.Sprintf("采集时间：%s 至 %s（%d 条检索记录被检索到的时间，不是事件发生的时间）%s。", w.From, w.To, w.Records, citeList(w.Cite))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "数据量：检索记录 %d 条（其中带网址 %d 条），来源 %d 个", v.Records, v.WithURL, v.Sources)
	if v.Platforms > 0 {
		fmt.Fprintf(&b, "，分属 %d 个已知平台", v.Platforms)
	} else if v.Records > 0 {
		b.WriteString("，不属于已知平台")
	}
	if len(v.Engines) > 0 {
		fmt.Fprintf(&b, "，来自%s", strings.Join(displayNames(v.Engines), "、"))
	}
	if v.ForumSpeeches > 0 {
		fmt.Fprintf(&b, "；论坛发言 %d 段", v.ForumSpeeches)
	}
	b.WriteString("。")
	// a list, not a paragraph: a count is no finding for the summary to quote
	return []ir.Block{list([]string{window, b.String()}), figureLines(es.Figures, false, "声量与传播数字：")}
}

// figureLines lists the figures of one block (sentiment or the others),
// each as "label：value——「its clause」[E…]". The values one passage gives
// a measure are one line, joined in their order ("31%→58%"): a trend is
// only built from one source. Outside a sentiment split, other passages
// giving the same label (subject and metric as the sources write them)
// join that line: agreeing (their values among the line's), by their
// clause and citation; disagreeing, noted as 来源不一致 with their values
// and clause — the fixture's two insight speeches give 抖音评论区“性别对立”
// 标签出现率 as 3% and 1.8%, once printed as the trend "3%→1.8%". The
// line's own values are those of its best-ranked passage (figureRank: a
// web page states it, then an engine, then a forum speech; then the
// earlier passage); its name is marked as a forum speech's when only one
// states it (prompts.ForumMark). One line saying NoData when there are none.
func figureLines(figs []prompts.FigureRef, sentiment bool, lead string) ir.Block {
	var lines [][]prompts.FigureRef
	at := map[string]int{}
	for _, f := range figs {
		if (f.Kind == "sentiment") != sentiment {
			continue
		}
		key := f.ItemID + "\x00" + figureName(f)
		if !sentiment && f.KPI != "" {
			key = f.KPI
		}
		if i, ok := at[key]; ok && figureName(f) != "" {
			lines[i] = append(lines[i], f)
			continue
		}
		at[key] = len(lines)
		lines = append(lines, []prompts.FigureRef{f})
	}
	if len(lines) == 0 {
		return para(lead + prompts.NoData + "可引用的数字。")
	}
	items := make([]string, len(lines))
	for i, fs := range lines {
		items[i] = figureLine(fs)
	}
	return list(items)
}

// figureLine is the line of one measure's figures fs (figureLines).
func figureLine(fs []prompts.FigureRef) string {
	slices.SortStableFunc(fs, func(a, b prompts.FigureRef) int {
		return cmp.Or(cmp.Compare(figureRank(a), figureRank(b)), cmp.Compare(itemNumber(a.ItemID), itemNumber(b.ItemID)))
	})
	var order []string              // items, the best-ranked first
	byItem := map[string][]string{} // item → its values, in its order
	quote := map[string]string{}    // item → its first clause and citation
	for _, f := range fs {
		if _, ok := byItem[f.ItemID]; !ok {
			order = append(order, f.ItemID)
			cite := "[" + f.ItemID + "]"
			if f.Primary != "" && f.Primary != f.ItemID {
				cite = "[" + f.Primary + "]" + cite // the page stating it, first
			}
			quote[f.ItemID] = "「" + strings.TrimSpace(f.Sentence) + "」" + cite
		}
		if v := f.CardValue(); !slices.Contains(byItem[f.ItemID], v) {
			byItem[f.ItemID] = append(byItem[f.ItemID], v) // with its qualifier, as on the card: 超10万
		}
	}
	values, name := byItem[order[0]], figureName(fs[0])
	if fs[0].ForumOnly() {
		name += prompts.ForumMark // as its card would be
	}
	var b strings.Builder
	b.WriteString(name + "：" + strings.Join(values, "→") + "——" + quote[order[0]])
	var differ []string
	lead := func(f prompts.FigureRef) bool { return f.ItemID == order[0] && f.Disagree != "" }
	if i := slices.IndexFunc(fs, lead); i >= 0 {
		differ = append(differ, fs[i].Disagree) // another measure's label, another value (disagreeNotes)
	}
	for _, id := range order[1:] {
		if !slices.ContainsFunc(byItem[id], func(v string) bool { return !slices.Contains(values, v) }) {
			b.WriteString(quote[id]) // the same values: another source agrees
			continue
		}
		differ = append(differ, strings.Join(byItem[id], "→")+"——"+quote[id])
	}
	if len(differ) > 0 {
		b.WriteString("（" + disagree + "：另有来源记为 " + strings.Join(differ, "；") + "）")
	}
	return b.String()
}

// figureName is the name a figure line gives its figure: the KPI label,
// else the sentiment part with its subgroup when the clause names one
// (Label "23-27岁组负面" for Group 负面: a subgroup's share never reads as
// the overall one), else the group.
func figureName(f prompts.FigureRef) string {
	if f.KPI != "" {
		return f.KPI
	}
	if f.Group != "" && strings.HasSuffix(f.Label, f.Group) {
		return f.Label
	}
	return f.Group
}

// figureRank ranks a figure's source for a measure the sources give
// different values: a web page states it (Primary), then an engine's
// text, then a forum speech only.
func figureRank(f prompts.FigureRef) int {
	switch {
	case f.Primary != "":
		return 0
	case !f.Forum:
		return 1
	}
	return 2
}

// itemNumber is the number of an evidence id ("E12" → 12; 0 for another
// form): the collection order of the passages.
func itemNumber(id string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "E"))
	return n
}

// timelineBlocks: the dated events, oldest first, each with its source.
func timelineBlocks(es *prompts.Essentials) []ir.Block {
	if len(es.Timeline) == 0 {
		return []ir.Block{para("时间线：" + prompts.NoData + "带日期的事件。")}
	}
	items := make([]string, 0, len(es.Timeline))
	cite := func(e prompts.TimelineEvent) string {
		if e.Primary != "" {
			return "[" + e.Primary + "][" + e.Cite + "]" // the page stating it without its year, first
		}
		return "[" + e.Cite + "]"
	}
	for _, e := range es.Timeline {
		line := fmt.Sprintf("%s：%s%s", e.Date, closeClause(strings.TrimSpace(e.Text)), cite(e))
		if len(e.Conflicts) > 0 {
			var other []string
			for _, c := range e.Conflicts {
				other = append(other, fmt.Sprintf("%s「%s」%s", c.Date, strings.TrimSpace(c.Text), cite(c)))
			}
			line += "（" + disagree + "：另有来源记为 " + strings.Join(other, " / ") + "）"
		}
		items = append(items, line)
	}
	b := list(items)
	b.ListType = "ordered"
	return []ir.Block{para("时间线（材料中带日期的事件，按日期排列）："), b}
}

// platformBlocks: the platform split as a table and a bar chart of every
// platform's share (the shares sum to 100: nothing left out, nothing
// re-normalised) — no chart when no record is on a known platform (each
// of kind 其他), a sentence saying so instead —, then the top sites and
// the accounts.
func platformBlocks(es *prompts.Essentials, anchor string) []ir.Block {
	if len(es.Platforms) == 0 {
		return []ir.Block{para("平台分布：" + prompts.NoData + "检索记录。")}
	}
	cell := func(s string) ir.Cell { return ir.Cell{Blocks: []ir.Block{para(s)}} }
	head := func(s string) ir.Cell { return ir.Cell{Header: true, Blocks: []ir.Block{para(s)}} }
	rows := []ir.Row{{Cells: []ir.Cell{head("平台"), head("类型"), head("记录数"), head("占全部记录"), head("出处")}}}
	var labels []string
	var data []float64
	for i, p := range es.Platforms {
		labels = append(labels, p.Platform)
		data = append(data, p.Percent)
		if i < essentialPlatformRows {
			rows = append(rows, ir.Row{Cells: []ir.Cell{cell(p.Platform), cell(p.Kind), cell(strconv.Itoa(p.Records)),
				cell(strconv.FormatFloat(p.Percent, 'f', -1, 64) + "%"), cell(citeList(p.Cite))}})
		}
	}
	caption := fmt.Sprintf("平台分布：%d 条检索记录按网址域名归类", es.Volume.Records)
	if n := len(es.Platforms); n > essentialPlatformRows {
		caption += fmt.Sprintf("（表中列出前 %d 类，图中为全部 %d 类）", essentialPlatformRows, n)
	}
	const title = "平台分布（占全部检索记录的 %）"
	out := []ir.Block{{Type: ir.TypeTable, Rows: rows, Caption: caption}}
	if slices.ContainsFunc(es.Platforms, func(p prompts.PlatformShare) bool { return p.Kind != evpkg.PlatformOther.Kind }) {
		out = append(out, ir.Block{Type: ir.TypeWidget, WidgetID: anchor + "-platform-split", WidgetType: ir.ChartWidgetPrefix + ir.ChartBar,
			Props: &ir.WidgetProps{Type: ir.ChartBar, Title: title},
			Data:  &ir.ChartData{Labels: labels, Datasets: []ir.Dataset{{Label: title, Data: data}}}})
	} else {
		// no record is on a platform the tool knows (the sample's example
		// hosts): a chart of "其他网站" against "无网址的帖子" says nothing
		out = append(out, para("检索记录的网址不属于已知平台，无法按平台归类；各平台的占比以材料中的说法为准。"))
	}
	if len(es.TopSources) > 0 {
		rows := []ir.Row{{Cells: []ir.Cell{head("网站"), head("平台"), head("记录数"), head("出处")}}}
		for _, s := range es.TopSources {
			rows = append(rows, ir.Row{Cells: []ir.Cell{cell(s.Host), cell(s.Platform), cell(strconv.Itoa(s.Records)), cell(citeList(s.Cite))}})
		}
		out = append(out, ir.Block{Type: ir.TypeTable, Rows: rows, Caption: "记录最多的网站"})
	}
	if len(es.Accounts) == 0 {
		out = append(out, para("被提及的账号："+prompts.NoData+"材料点名的账号。"))
	} else {
		rows := []ir.Row{{Cells: []ir.Cell{head("账号"), head("平台"), head("提及的材料段数"), head("出处")}}}
		for _, a := range es.Accounts {
			rows = append(rows, ir.Row{Cells: []ir.Cell{cell(a.Name), cell(cmp.Or(a.Platform, "未注明")), cell(strconv.Itoa(a.Items)), cell(citeList(a.Cite))}})
		}
		out = append(out, ir.Block{Type: ir.TypeTable, Rows: rows, Caption: "材料中被提及最多的账号"})
	}
	return out
}
