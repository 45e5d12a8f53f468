package render

import (
	"cmp"
	"math"
	"regexp"
	"strconv"
	"strings"

	"reportengine/ir"

	textrules "reportengine/text"
)

// Charts are drawn here, in Go, as inline SVG: no Chart.js, no script, no
// network, and — unlike BettaFish (§8 #15) — no model is asked to repair a
// broken chart while rendering. A chart that cannot be drawn says so on the
// page and shows whatever data it has as a table (B28).

// SVG canvas (viewBox units; the SVG scales to the card width).
const (
	chartW = 640.0
	chartH = 320.0
)

// paletteSize is the number of series colours (classes s0…s7 / sw0…sw7 in
// the stylesheet).
const paletteSize = 8

// noteUnavailable is the chart note shown on the page when a chart cannot
// be drawn.
const noteUnavailable = "图表数据不可用 / chart data unavailable"

// chartView is everything the template needs to draw one chart. All text
// fields are untrusted and escaped by the template; numbers are formatted
// here; classes come from fixed sets.
type chartView struct {
	ID          string // from the block path, e.g. "chart-2-5"
	Title       string
	Kind        string // bar | hbar | line | pie | doughnut | table
	Unavailable bool   // B28: the visible "chart data unavailable" note
	Notes       []string
	AxisX       string
	AxisY       string

	Grid    []svgLine
	Axes    []svgLine
	Ticks   []svgText
	Labels  []svgText
	Rects   []svgRect
	Lines   []svgPolyline
	Dots    []svgDot
	Slices  []svgSlice
	Hole    *svgDot // doughnut centre
	Legend  []legendItem
	Table   chartTable
	HasSVG  bool
	AxisXAt svgText
	AxisYAt svgText

	// plot is the plot box (x0, y0, x1, y1) of category charts (tests).
	plot [4]float64
}

type svgLine struct{ X1, Y1, X2, Y2 string }

type svgText struct {
	X, Y      string
	Anchor    string // start | middle | end (fixed)
	Transform string // built here from numbers only
	Text      string
	Full      string // untruncated text for <title>
}

type svgRect struct {
	X, Y, W, H string
	Class      string // s0…s7
	Title      string
}

type svgPolyline struct {
	Points string
	Class  string
	Title  string
	// N is the number of points (tests).
	N int
}

type svgDot struct {
	CX, CY, R string
	Class     string
	Title     string
}

type svgSlice struct {
	D     string
	Class string
	Title string
	Angle float64 // degrees (tests)
}

type legendItem struct {
	Class string // sw0…sw7
	Text  string
}

type chartTable struct {
	Head []string
	Rows [][]string
}

// chartKind maps a widget's declared type to what we draw, with a note
// when we substitute.
func chartKind(b *ir.Block) (kind, declared string) {
	t := ""
	if b.Props != nil {
		t = b.Props.Type
	}
	if t == "" { // the kind after the last '/' of "chart.js/bar"
		t = b.WidgetType[strings.LastIndexByte(b.WidgetType, '/')+1:]
	}
	declared = strings.ToLower(strings.TrimSpace(t))
	switch {
	case declared == "bar" && b.Props != nil && optString(b.Props.Options, "indexAxis") == "y":
		return "hbar", declared
	case strings.Contains(declared, "wordcloud"):
		return "table", declared
	}
	return cmp.Or(drawnKinds[declared], "bar"), declared
}

// drawnKinds maps a declared chart type to the kind drawn; any other type
// (bar, radar, polarArea, scatter, bubble, …) is drawn as bars.
var drawnKinds = map[string]string{"horizontalbar": "hbar", "horizontal-bar": "hbar", "barh": "hbar", "line": "line", "area": "line",
	"pie": "pie", "doughnut": "doughnut", "donut": "doughnut", "word-cloud": "table"}

// optString digs a string out of Chart.js options by key path.
func optString(m map[string]any, path ...string) string {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = mm[p]
	}
	s, _ := cur.(string)
	return s
}

// buildChart lays out a widget block. id comes from the block's path.
func buildChart(b *ir.Block, id string) *chartView {
	kind, declared := chartKind(b)
	cv := &chartView{ID: id, Title: b.Title, Kind: kind}
	if b.Props != nil {
		cv.Title = cmp.Or(b.Props.Title, b.Title)
		cv.AxisX = optString(b.Props.Options, "scales", "x", "title", "text")
		cv.AxisY = optString(b.Props.Options, "scales", "y", "title", "text")
	}
	cv.Notes = append(cv.Notes, shownAs(declared)...)

	if b.Data == nil {
		cv.Unavailable = true
		if b.DataRef != "" {
			cv.Notes = append(cv.Notes, "数据引用未解析 / data reference not resolved: "+b.DataRef)
		}
		return cv
	}
	labels, sets := b.Data.Labels, b.Data.Datasets
	cv.Table = chartDataTable(labels, sets)
	if missing := missingData(labels, sets); len(missing) > 0 {
		cv.Unavailable = true
		cv.Notes = append(cv.Notes, missing...)
		return cv
	}
	if kind == "line" && len(labels) < 3 || textrules.FirstWord(cv.Title, trendWords) != "" && timePoints(labels) < 3 {
		// a trend needs at least three points in time: two categories
		// (敬意, 科研高压) or two dates are no trend line; a line of two
		// points is none either
		cv.Kind = "table"
		cv.Notes = append(cv.Notes, "走势图至少需要三个时间点，以表格显示 / a trend needs at least three points in time: shown as a table")
		return cv
	}
	if kind == "table" {
		return cv
	}
	cv.HasSVG = true
	if kind == "pie" || kind == "doughnut" {
		layoutPie(cv, labels, sets)
		return cv
	}
	for i, s := range sets {
		cv.Legend = append(cv.Legend, legendItem{Class: "sw" + strconv.Itoa(i%paletteSize),
			Text: seriesName(s, i)})
	}
	layoutCategory(cv, labels, sets, kind == "hbar", kind == "line")
	return cv
}

// shownAs is the note of a declared chart kind drawn as another one.
func shownAs(declared string) []string {
	switch declared {
	case "radar", "polararea", "scatter", "bubble":
		return []string{"“" + declared + "” 图以柱状图显示 / shown as a bar chart"}
	case "wordcloud", "word-cloud", "wordcloud2":
		return []string{"词云以表格显示 / word cloud shown as a table"}
	}
	return nil
}

// missingData are the notes of what a chart's data lacks: labels, data
// sets, numeric values; none when it can be drawn.
func missingData(labels []string, sets []ir.Dataset) []string {
	var missing []string
	if len(labels) == 0 {
		missing = append(missing, "缺少标签 / no labels")
	}
	if len(sets) == 0 {
		missing = append(missing, "缺少数据系列 / no datasets")
	} else if !anyFinite(sets, len(labels)) && len(labels) > 0 {
		missing = append(missing, "数据为空 / no numeric values")
	}
	return missing
}

// value returns dataset s's i-th value and whether it is usable.
func value(s ir.Dataset, i int) (float64, bool) {
	if i >= len(s.Data) {
		return 0, false
	}
	v := s.Data[i]
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

func anyFinite(sets []ir.Dataset, n int) bool {
	for _, s := range sets {
		for i := 0; i < n; i++ {
			if _, ok := value(s, i); ok {
				return true
			}
		}
	}
	return false
}

// chartDataTable is the accessible table beneath every chart (and the
// whole fallback when the chart cannot be drawn).
func chartDataTable(labels []string, sets []ir.Dataset) chartTable {
	t := chartTable{Head: []string{"类别 / Label"}}
	rows := len(labels)
	for i, s := range sets {
		t.Head = append(t.Head, seriesName(s, i))
		rows = max(rows, len(s.Data))
	}
	for i := range rows {
		label := "#" + strconv.Itoa(i+1)
		if i < len(labels) {
			label = labels[i]
		}
		row := append(make([]string, 0, len(sets)+1), label)
		for _, s := range sets {
			cell := "—"
			if v, ok := value(s, i); ok {
				cell = formatNum(v)
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	if len(t.Rows) == 0 {
		t.Head = nil
	}
	return t
}

// formatNum prints a data value exactly enough for a table.
func formatNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'f', -1, 64)
}

// f2 formats an SVG coordinate with at most two decimals.
func f2(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		x = 0
	}
	r := math.Round(x*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// niceScale returns axis bounds and a step covering [lo, hi] in about
// five ticks. lo == hi (including all-zero data) becomes a unit range.
func niceScale(lo, hi float64) (float64, float64, float64) {
	if lo > 0 {
		lo = 0
	}
	if hi < 0 {
		hi = 0
	}
	if hi-lo < 1e-12 {
		hi = lo + 1
	}
	raw := (hi - lo) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	return math.Floor(lo/step+1e-9) * step, math.Ceil(hi/step-1e-9) * step, step
}

// tickLabel formats an axis tick for the given step.
func tickLabel(v, step float64) string {
	if math.Abs(v) < step*1e-9 {
		return "0"
	}
	dec := 0
	for s := step; s < 1 && dec < 6; s *= 10 {
		dec++
	}
	if step != math.Trunc(step) && dec == 0 {
		dec = 1
	}
	av := math.Abs(v)
	switch {
	case av >= 1e8 && dec == 0:
		return strconv.FormatFloat(v/1e8, 'f', -1, 64) + "亿"
	case av >= 1e4 && dec == 0 && math.Mod(v, 1e3) == 0:
		return strconv.FormatFloat(v/1e4, 'f', -1, 64) + "万"
	}
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// textWidth estimates a label's width in SVG units at font-size 11: CJK
// and other wide runes count about 11, narrow ones about 6.2.
func textWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80) {
			w += 11
		} else {
			w += 6.2
		}
	}
	return w
}

// truncate shortens s to fit width units, adding "…".
func truncate(s string, width float64) string {
	if textWidth(s) <= width {
		return s
	}
	var b strings.Builder
	w := 0.0
	for _, r := range s {
		rw := textWidth(string(r))
		if w+rw > width-8 {
			break
		}
		b.WriteRune(r)
		w += rw
	}
	return b.String() + "…"
}

// seriesName is a dataset's label, "系列 <j+1>" when it has none.
func seriesName(s ir.Dataset, j int) string { return cmp.Or(s.Label, "系列 "+strconv.Itoa(j+1)) }

// trendWords in a chart title promise a change over time (a trend title).
var trendWords = []string{"走势", "趋势", "变化", "曲线", "时间序列", "演变"}

// timePoints counts the labels that name a point in time: a date or time
// (a digit with 年, 月, 日, 号, 时, 周, 季度, :, - or /), a phase T0, T1 …, or
// a weekday (周一 … 周日).
func timePoints(labels []string) int {
	n := 0
	for _, l := range labels {
		if timeLabel.MatchString(l) {
			n++
		}
	}
	return n
}

var timeLabel = regexp.MustCompile(`[0-9０-９一二三四五六七八九十]+\s*(?:年|月|日|号|时|点|周|季度|天|小时)|[0-9]{1,4}[:/\-.][0-9]{1,2}|^T[0-9]+|^第[0-9一二三四五六七八九十]+(?:天|周|日|小时|阶段)|周[一二三四五六日天]|Q[1-4]`)

// percentOfWhole reports a pie whose values are percentages of one whole
// (the title or series label says %, or 占比/比例/分布 with every value at
// most 100) adding up to at most 100 ± 2: it is drawn in the source's own
// numbers, out of 100, never re-normalised over the parts given.
func percentOfWhole(title string, s ir.Dataset, n int) (sum float64, ok bool) {
	named := strings.ContainsAny(title+s.Label, "%％") || strings.Contains(title+s.Label, "占比") || strings.Contains(title+s.Label, "比例")
	if !named {
		return 0, false
	}
	for i := range n {
		if v, ok := value(s, i); ok && v > 0 {
			if v > 100 {
				return 0, false
			}
			sum += v
		}
	}
	return sum, sum > 0 && sum <= 102
}
