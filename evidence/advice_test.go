package evidence

import "testing"

// Advice: a recommendation or an outlook in the passage's own voice (the
// fixture's passages quoted under data, stage and sentiment headings), not
// an opinion it reports, nor a sentence using 未来 or 应 otherwise.
func TestAdvice(t *testing.T) {
	for s, want := range map[string]bool{
		"展望未来，武汉大学应利用新媒体平台，从单向的成就展示，转向双向的沟通与价值观传递。": true,
		"学校的公共关系管理必须超越自身官方渠道，关注这些影响力巨大的“编外”信息节点。":   true,
		"未来，武汉大学若要建立有效的舆情管理体系，就必须建立自己的数据分析能力。":      true,
		"建议校方尽快公布调查结果。":            true,
		"网友认为学校应当公开道歉。":            false, // an opinion reported
		"多名学生呼吁校方必须给出说法。":          false,
		"校方回应称正在处理中，进一步激化了公众情绪。":   false,
		"未来科技城的项目于7月开工。":           false, // 未来 as a name
		"从最初的指控到最终的舆论反噬，时间跨度长达数月。": false,
	} {
		if got := Advice(s); got != want {
			t.Errorf("Advice(%q) = %v, want %v", s, got, want)
		}
	}
	for title, want := range map[string]bool{"核心判断与主要建议": true, "后续走势研判与监测要点": true, "回应与沟通建议": true, "后续监测指标与复盘安排": true, "中长期品牌建设方向": true,
		"关键数据与传播峰值": false, "发展阶段与转折节点": false, "情绪分布及其变化": false, "本期最值得关注的几件事": false} {
		if got := AdviceTitle(title); got != want {
			t.Errorf("AdviceTitle(%q) = %v, want %v", title, got, want)
		}
	}
}

// The plan gives a recommendation or an outlook only to a sub-point asking
// for one (the fixture's 2.2 发展阶段 and 4.2 情绪分布 quoted advice); with
// no such sub-point in the template it may go anywhere.
func TestPlanAdviceOnlyUnderAdvice(t *testing.T) {
	set := Collect(fixtureInput(t))
	chs := templateChapters(t, "社会公共热点事件分析报告模板")
	p := MakePlan(set, "武汉大学", chs, nil)
	advice := 0
	for _, c := range p.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				it, _ := set.Item(a.ItemID)
				if Advice(it.Text) {
					advice++
					if !AdviceTitle(sp.Title) {
						t.Errorf("%s %s: advice %q", sp.Key, sp.Title, it.Text)
					}
				}
			}
		}
	}
	if advice == 0 {
		t.Error("no advice passage in the plan: the test needs one under an advice sub-point")
	}
	// no sub-point asks for advice: the rule does not apply
	var plain []ChapterSpec
	for _, c := range chs {
		var subs []string
		for _, s := range c.SubPoints {
			if !AdviceTitle(s) {
				subs = append(subs, s)
			}
		}
		plain = append(plain, ChapterSpec{ID: c.ID, Title: c.Title, SubPoints: subs, Summary: c.Summary})
	}
	q := MakePlan(set, "武汉大学", plain, nil)
	placed := 0
	for _, c := range q.Chapters {
		for _, sp := range c.SubPoints {
			for _, a := range sp.Items {
				if it, _ := set.Item(a.ItemID); Advice(it.Text) {
					placed++
				}
			}
		}
	}
	if placed == 0 {
		t.Error("with no advice sub-point, no advice passage is placed at all")
	}
}
