package render

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"reportengine/ir"

	textrules "reportengine/text"
)

// layoutCategory draws bar, horizontal bar and line charts.
func layoutCategory(cv *chartView, labels []string, sets []ir.Dataset, horizontal, line bool) {
	g := newCatGeom(cv, labels, sets, horizontal)
	g.gridAndAxes(cv)
	g.categoryLabels(cv, labels)
	if line {
		g.lines(cv, labels, sets)
		return
	}
	g.bars(cv, labels, sets)
}

// catGeom is the geometry of a category chart: the value scale (lo, hi,
// step), the plot box, whether the value axis is horizontal and the
// category labels rotated, and the slot of one category.
type catGeom struct {
	lo, hi, step             float64
	left, right, top, bottom float64
	plotW, plotH             float64
	horizontal, rotate       bool
	n                        int
	slot, zero               float64
}

// newCatGeom scales the values of sets and places the plot box, leaving
// room for the category labels (rotated when they do not fit their slot)
// and the axis titles.
func newCatGeom(cv *chartView, labels []string, sets []ir.Dataset, horizontal bool) *catGeom {
	n := len(labels)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range sets {
		for i := 0; i < n; i++ {
			if v, ok := value(s, i); ok {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 0) {
		lo, hi = 0, 0
	}
	g := &catGeom{horizontal: horizontal, n: n, left: 64, right: chartW - 16, top: 16, bottom: chartH - 48}
	g.lo, g.hi, g.step = niceScale(lo, hi)
	if horizontal {
		maxw := 0.0
		for _, l := range labels {
			maxw = math.Max(maxw, textWidth(l))
		}
		g.left = math.Min(math.Max(maxw+14, 60), 180)
		g.bottom = chartH - 40
	} else if n > 0 {
		slot := (g.right - g.left) / float64(n)
		g.rotate = slices.ContainsFunc(labels, func(l string) bool { return textWidth(l) > slot-4 })
		if g.rotate {
			g.bottom = chartH - 84
			g.left = rotatedRoom(labels[0], g.left, g.right, n)
		}
	}
	if cv.AxisY != "" {
		g.top += 16 // the value-axis title sits above the plot, unrotated (CJK reads badly sideways)
	}
	if cv.AxisX != "" {
		g.bottom -= 18
	}
	g.plotW, g.plotH = g.right-g.left, g.bottom-g.top
	cv.plot = [4]float64{g.left, g.top, g.right, g.bottom}
	catLen := g.plotW
	if horizontal {
		catLen = g.plotH
	}
	g.slot = catLen / float64(max(n, 1))
	g.zero = g.scale(0)
	return g
}

// rotatedMax is the longest a rotated category label is drawn (in width
// units, truncate), rotatedCos the share of it that reaches left of its
// anchor (cos 35°).
const (
	rotatedMax = 96
	rotatedCos = 0.8192
)

// rotatedRoom is the plot's left edge that leaves the first rotated
// category label inside the chart: the label ends at its slot's centre
// and reaches rotatedCos of its width to the left, so a long first label
// ("高校及教育机构网站" of 17 platforms) moves the plot right instead of
// losing its first runes at the chart's edge (the fixture's platform
// chart printed "校及教育机构网…").
func rotatedRoom(first string, left, right float64, n int) float64 {
	reach := math.Min(textWidth(first), rotatedMax)*rotatedCos + 8
	for left < 180 && left+(right-left)/float64(n)/2 < reach {
		left += 4
	}
	return left
}

// scale maps a value to its pixel along the value axis.
func (g *catGeom) scale(v float64) float64 {
	f := (v - g.lo) / (g.hi - g.lo)
	if g.horizontal {
		return g.left + f*g.plotW
	}
	return g.bottom - f*g.plotH
}

// gridAndAxes draws the grid lines and ticks at each step, and the axes.
func (g *catGeom) gridAndAxes(cv *chartView) {
	left, right, top, bottom := g.left, g.right, g.top, g.bottom
	for v := g.lo; v <= g.hi+g.step*1e-9; v += g.step {
		p := g.scale(v)
		if g.horizontal {
			cv.Grid = append(cv.Grid, svgLine{f2(p), f2(top), f2(p), f2(bottom)})
			cv.Ticks = append(cv.Ticks, svgText{X: f2(p), Y: f2(bottom + 16), Anchor: "middle", Text: tickLabel(v, g.step)})
		} else {
			cv.Grid = append(cv.Grid, svgLine{f2(left), f2(p), f2(right), f2(p)})
			cv.Ticks = append(cv.Ticks, svgText{X: f2(left - 6), Y: f2(p + 4), Anchor: "end", Text: tickLabel(v, g.step)})
		}
	}
	zero := g.zero
	if g.horizontal {
		cv.Axes = append(cv.Axes, svgLine{f2(zero), f2(top), f2(zero), f2(bottom)}, svgLine{f2(left), f2(bottom), f2(right), f2(bottom)})
	} else {
		cv.Axes = append(cv.Axes, svgLine{f2(left), f2(zero), f2(right), f2(zero)}, svgLine{f2(left), f2(top), f2(left), f2(bottom)})
	}
}

// categoryLabels places the category labels (cut to their room, the full
// text kept) and the axis titles.
func (g *catGeom) categoryLabels(cv *chartView, labels []string) {
	left, top, bottom, slot := g.left, g.top, g.bottom, g.slot
	for i, l := range labels {
		c := float64(i)*slot + slot/2
		switch {
		case g.horizontal:
			cv.Labels = append(cv.Labels, svgText{X: f2(left - 6), Y: f2(top + c + 4), Anchor: "end",
				Text: truncate(l, left-10), Full: l})
		case g.rotate:
			x, y := left+c, bottom+14
			cv.Labels = append(cv.Labels, svgText{X: f2(x), Y: f2(y), Anchor: "end",
				Transform: "rotate(-35 " + f2(x) + " " + f2(y) + ")", Text: truncate(l, rotatedMax), Full: l})
		default:
			cv.Labels = append(cv.Labels, svgText{X: f2(left + c), Y: f2(bottom + 16), Anchor: "middle",
				Text: truncate(l, slot-2), Full: l})
		}
	}
	if cv.AxisX != "" {
		cv.AxisXAt = svgText{X: f2(left + g.plotW/2), Y: f2(chartH - 6), Anchor: "middle", Text: cv.AxisX}
	}
	if cv.AxisY != "" {
		cv.AxisYAt = svgText{X: f2(left), Y: f2(top - 8), Anchor: "middle", Text: cv.AxisY}
		if g.horizontal {
			cv.AxisYAt.X, cv.AxisYAt.Anchor = f2(left-6), "end"
		}
	}
}

// lines draws each series as a polyline with a dot per value.
func (g *catGeom) lines(cv *chartView, labels []string, sets []ir.Dataset) {
	for j, s := range sets {
		cls := "s" + strconv.Itoa(j%paletteSize)
		var pts []string
		for i := 0; i < g.n; i++ {
			v, ok := value(s, i)
			if !ok {
				continue
			}
			x, y := g.left+float64(i)*g.slot+g.slot/2, g.scale(v)
			pts = append(pts, f2(x)+","+f2(y))
			cv.Dots = append(cv.Dots, svgDot{CX: f2(x), CY: f2(y), R: "3.5", Class: cls,
				Title: seriesName(s, j) + " · " + labels[i] + ": " + formatNum(v)})
		}
		cv.Lines = append(cv.Lines, svgPolyline{Points: strings.Join(pts, " "), Class: cls, Title: seriesName(s, j), N: len(pts)})
	}
}

// bars draws a bar per value, the series of a category side by side
// within 72 % of its slot, each from the zero line.
func (g *catGeom) bars(cv *chartView, labels []string, sets []ir.Dataset) {
	inner := g.slot * 0.72
	bw := inner / float64(len(sets))
	for i := 0; i < g.n; i++ {
		for j, s := range sets {
			v, ok := value(s, i)
			if !ok {
				continue
			}
			off := float64(i)*g.slot + (g.slot-inner)/2 + float64(j)*bw
			p := g.scale(v)
			a, b := math.Min(p, g.zero), math.Max(p, g.zero)
			r := svgRect{Class: "s" + strconv.Itoa(j%paletteSize), Title: seriesName(s, j) + " · " + labels[i] + ": " + formatNum(v)}
			if g.horizontal {
				r.X, r.Y, r.W, r.H = f2(a), f2(g.top+off), f2(b-a), f2(bw*0.92)
			} else {
				r.X, r.Y, r.W, r.H = f2(g.left+off), f2(a), f2(bw*0.92), f2(b-a)
			}
			cv.Rects = append(cv.Rects, r)
		}
	}
}

// layoutPie draws pie and doughnut charts from the first dataset. Zero,
// negative and missing values get no slice (and a note). Percentages of
// one whole (percentOfWhole) are drawn out of 100 with their own values
// as labels: parts that leave out a share leave a gap and a note, they
// are never stretched to fill the circle.
func layoutPie(cv *chartView, labels []string, sets []ir.Dataset) {
	s := sets[0]
	if len(sets) > 1 {
		cv.Notes = append(cv.Notes, "仅显示第一个数据系列 / only the first series is drawn")
	}
	total := 0.0
	skipped := false
	for i := range labels {
		if v, ok := value(s, i); ok && v > 0 {
			total += v
		} else {
			skipped = true
		}
	}
	if skipped {
		cv.Notes = append(cv.Notes, "零、负或缺失的值未绘制 / zero, negative or missing values are not drawn")
	}
	if total <= 0 {
		cv.Unavailable = true
		cv.HasSVG = false
		cv.Notes = append(cv.Notes, "没有正值 / no positive values")
		return
	}
	pctSum, ofWhole := percentOfWhole(cv.Title, s, len(labels))
	share := func(v float64) string { // what a slice's legend says of its share
		if ofWhole {
			return formatNum(v) + "%"
		}
		return strconv.FormatFloat(math.Round(v/total*1000)/10, 'f', -1, 64) + "%"
	}
	if ofWhole {
		if pctSum < 98 {
			cv.Notes = append(cv.Notes, "各项合计 "+formatNum(pctSum)+"%，其余 "+formatNum(math.Round((100-pctSum)*10)/10)+"% 原文未列出 / the parts add up to "+
				formatNum(pctSum)+"%, the rest is not given in the source")
		}
		total = max(total, 100)
	}
	cx, cy, r := 160.0, chartH/2, 130.0
	start, y := -90.0, 40.0 // y: the in-SVG legend's line on the right of the pie
	for i, l := range labels {
		v, ok := value(s, i)
		if !ok || v <= 0 {
			continue
		}
		ang := v / total * 360
		cls := sliceClass(l, i)
		title := l + ": " + formatNum(v) + " (" + share(v) + ")"
		text := truncate(l, 180) + "  " + formatNum(v) + " · " + share(v)
		if ofWhole {
			title, text = l+": "+share(v), truncate(l, 180)+"  "+share(v)
		}
		cv.Slices = append(cv.Slices, svgSlice{D: arcPath(cx, cy, r, start, ang), Class: cls, Title: title, Angle: ang})
		start += ang
		if y <= chartH-20 {
			cv.Dots = append(cv.Dots, svgDot{CX: "330", CY: f2(y - 4), R: "6", Class: cls, Title: l})
			cv.Labels = append(cv.Labels, svgText{X: "344", Y: f2(y), Anchor: "start", Text: text, Full: l})
			y += 24
		}
	}
	if cv.Kind == "doughnut" {
		cv.Hole = &svgDot{CX: f2(cx), CY: f2(cy), R: f2(r * 0.55)}
	}
}

// sentimentClasses give the sentiment categories fixed colours, the same
// in every chart: 负面 red (s3), 正面 green (s2), 中性 grey (sneu); the
// palette by position would colour 负面 green when it comes third.
var sentimentClasses = []struct{ words, class string }{
	{"负面|消极|负向|反对", "s3"}, {"正面|积极|正向|支持", "s2"}, {"中性|中立", "sneu"},
}

// sliceClass is the colour class of slice i labelled l: its sentiment's
// (sentimentClasses), else the palette's by position.
func sliceClass(l string, i int) string {
	for _, c := range sentimentClasses {
		if textrules.FirstPrefix(l, strings.Split(c.words, "|")) != "" {
			return c.class
		}
	}
	return "s" + strconv.Itoa(i%paletteSize)
}

// arcPath is an SVG path for a slice starting at start degrees spanning
// sweep degrees (clockwise). A full circle is two half arcs.
func arcPath(cx, cy, r, start, sweep float64) string {
	pt := func(deg float64) (float64, float64) {
		rad := deg * math.Pi / 180
		return cx + r*math.Cos(rad), cy + r*math.Sin(rad)
	}
	if sweep >= 359.999 {
		x0, y0 := pt(start)
		x1, y1 := pt(start + 180)
		return "M" + f2(x0) + " " + f2(y0) + " A" + f2(r) + " " + f2(r) + " 0 1 1 " + f2(x1) + " " + f2(y1) +
			" A" + f2(r) + " " + f2(r) + " 0 1 1 " + f2(x0) + " " + f2(y0) + " Z"
	}
	x0, y0 := pt(start)
	x1, y1 := pt(start + sweep)
	large := "0"
	if sweep > 180 {
		large = "1"
	}
	return "M" + f2(cx) + " " + f2(cy) + " L" + f2(x0) + " " + f2(y0) + " A" + f2(r) + " " + f2(r) + " 0 " + large + " 1 " +
		f2(x1) + " " + f2(y1) + " Z"
}
