package render

import (
	"math"
	"strings"
	"testing"

	"reportengine/ir"
)

// A doughnut of percentages of one whole is drawn out of 100 in the
// source's numbers: parts that leave a share out leave a gap and a note,
// never re-normalised (issue 22: 正面 34 and 中性 38 were drawn as
// 47.2 % and 52.8 %).
func TestPieOfPercentagesIsNotRenormalised(t *testing.T) {
	b := chartWidget("doughnut", "情绪与态度分布（%）", []string{"正面", "中性"}, ir.Dataset{Label: "情绪与态度分布（%）", Data: []float64{34, 38}})
	cv := buildChart(&b, "c")
	sum := 0.0
	for _, s := range cv.Slices {
		sum += s.Angle
	}
	if math.Abs(sum-0.72*360) > 0.01 {
		t.Errorf("slices span %.2f°, want %.2f° (72 of 100)", sum, 0.72*360)
	}
	var legend []string
	for _, l := range cv.Labels {
		legend = append(legend, l.Text)
	}
	text := strings.Join(legend, "|")
	if !strings.Contains(text, "正面  34%") || !strings.Contains(text, "中性  38%") || strings.Contains(text, "47.2") {
		t.Errorf("legend = %q, want the source's 34%% and 38%%", text)
	}
	if notes := strings.Join(cv.Notes, "|"); !strings.Contains(notes, "其余 28% 原文未列出") {
		t.Errorf("notes = %q, want the missing 28%% named", notes)
	}
	// the whole split fills the circle and needs no note
	b = chartWidget("doughnut", "情绪与态度分布（%）", []string{"正面", "负面", "中性"}, ir.Dataset{Data: []float64{34, 28, 38}})
	cv = buildChart(&b, "c")
	sum = 0
	for _, s := range cv.Slices {
		sum += s.Angle
	}
	if math.Abs(sum-360) > 0.01 || len(cv.Notes) != 0 {
		t.Errorf("whole split: %.2f°, notes %q", sum, cv.Notes)
	}
	// counts (no %) are parts of their own total: shares computed
	b = chartWidget("pie", "帖子数", []string{"微博", "抖音"}, ir.Dataset{Data: []float64{30, 10}})
	cv = buildChart(&b, "c")
	if len(cv.Slices) != 2 || math.Abs(cv.Slices[0].Angle-270) > 0.01 || !strings.Contains(cv.Labels[0].Text, "75%") {
		t.Errorf("counts: slices %+v labels %+v", cv.Slices, cv.Labels)
	}
}

// A trend needs at least three points in time (issue 22: a "情感走势" bar
// chart of two categories and no time axis).
func TestTrendNeedsThreePointsInTime(t *testing.T) {
	cases := []struct {
		kind, title string
		labels      []string
		drawn       bool
	}{
		{"bar", "病毒学情感走势（%）", []string{"敬意", "科研高压"}, false},
		{"line", "负面情绪走势", []string{"1月5日", "1月7日"}, false},
		{"line", "负面情绪走势", []string{"1月5日", "1月7日", "1月12日"}, true},
		{"bar", "声量趋势", []string{"2024-03-15", "2024-03-21", "2024-04-02"}, true},
		{"line", "情感时间序列", []string{"T0", "T1", "T2", "T3"}, true},
		{"line", "播放量", []string{"a", "b"}, false}, // a line of two points
		{"line", "播放量", []string{"a", "b", "c"}, true},
		{"bar", "平台分布（%）", []string{"微博", "抖音"}, true}, // no trend promised
	}
	for _, c := range cases {
		data := make([]float64, len(c.labels))
		for i := range data {
			data[i] = float64(i + 1)
		}
		b := chartWidget(c.kind, c.title, c.labels, ir.Dataset{Label: "x", Data: data})
		cv := buildChart(&b, "c")
		if drawn := cv.Kind != "table" && cv.HasSVG; drawn != c.drawn {
			t.Errorf("%s %q %v: drawn %v, want %v (notes %q)", c.kind, c.title, c.labels, drawn, c.drawn, cv.Notes)
		}
	}
}
