package render

import (
	"math"
	"strconv"
	"testing"

	"reportengine/ir"
)

// Sentiment slices have fixed colours whatever their position (issue 22:
// the sample's doughnut coloured 负面 green, the palette's third colour);
// other categories keep the palette by position.
func TestSentimentSliceColours(t *testing.T) {
	b := chartWidget("doughnut", "情绪分布（%）", []string{"正面", "中性", "负面", "其他"}, ir.Dataset{Label: "情绪", Data: []float64{40, 30, 25, 5}})
	cv := buildChart(&b, "c")
	want := []string{"s2", "sneu", "s3", "s3"} // 其他 is fourth: the palette's s3
	if len(cv.Slices) != 4 {
		t.Fatalf("%d slices", len(cv.Slices))
	}
	for i, s := range cv.Slices {
		if s.Class != want[i] || cv.Dots[i].Class != want[i] {
			t.Errorf("slice %d: class %q, legend %q; want %q", i, s.Class, cv.Dots[i].Class, want[i])
		}
	}
	b = chartWidget("pie", "平台", []string{"负面新闻", "微博"}, ir.Dataset{Label: "x", Data: []float64{1, 2}})
	if cv := buildChart(&b, "c"); cv.Slices[0].Class != "s3" || cv.Slices[1].Class != "s1" {
		t.Errorf("classes %q %q", cv.Slices[0].Class, cv.Slices[1].Class)
	}
}

// A rotated first category label stays inside the chart: its rotated
// width left of its anchor fits (issue 22: the fixture's platform chart of
// 17 hosts printed "校及教育机构网…", its first rune cut at the edge).
func TestRotatedFirstLabelInside(t *testing.T) {
	labels := []string{"高校及教育机构网站"}
	vals := []float64{22.1}
	for i := 1; i < 17; i++ {
		labels = append(labels, "平台"+strconv.Itoa(i))
		vals = append(vals, float64(20-i))
	}
	b := barWidget("p", "平台分布", labels, ir.Dataset{Label: "占比", Data: vals})
	cv := buildChart(&b, "c")
	var first *svgText
	for i := range cv.Labels {
		if cv.Labels[i].Full == labels[0] {
			first = &cv.Labels[i]
		}
	}
	if first == nil || first.Transform == "" {
		t.Fatalf("no rotated first label: %+v", first)
	}
	x, _ := strconv.ParseFloat(first.X, 64)
	if reach := x - textWidth(first.Text)*math.Cos(35*math.Pi/180); reach < 4 {
		t.Errorf("the first label %q reaches x=%.1f, left of the chart", first.Text, reach)
	}
}
