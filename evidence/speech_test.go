package evidence

import (
	"slices"
	"strings"
	"testing"
)

// The fixture's forum speeches judged whole: the five that speak of
// something else — 12:23:18 and 12:26:37 (INSIGHT) on the slang “火了”
// (巴黎奥运, 天水火灾, 迪丽热巴 …), 12:25:27, 12:26:33 and 12:27:44 (QUERY) on
// 舆情管理 in general — are off topic, read and labelled by hand; the 39
// about 武汉大学 are on topic.
func TestJudgeSpeechFixture(t *testing.T) {
	in := fixtureInput(t)
	tp, err := NewTopic(TopicConfig{Topic: in.Topic})
	if err != nil {
		t.Fatal(err)
	}
	off := []string{"12:23:18", "12:25:27", "12:26:33", "12:26:37", "12:27:44"}
	n := 0
	for _, e := range in.Forum {
		if e.Speaker == "SYSTEM" {
			continue
		}
		n++
		j := tp.JudgeSpeech(Passages(e.Content))
		if want := !slices.Contains(off, e.Time); j.OnTopic != want {
			t.Errorf("speech %s %s: %+v, want on topic %v", e.Time, e.Speaker, j, want)
		}
	}
	if n != 44 {
		t.Errorf("%d speeches, want 44", n)
	}
	set := Collect(in)
	if set.Stats.OffTopicSpeeches != len(off) {
		t.Errorf("Stats.OffTopicSpeeches = %d, want %d", set.Stats.OffTopicSpeeches, len(off))
	}
}

// The bar of JudgeSpeech: a speech of 20 passages naming the topic in one
// (5 %) is off topic, in two (10 %) on; a speech shorter than
// SpeechMinPassages naming it nowhere is on topic (judged passage by
// passage). A topic word counts as naming it (李明 for 李明咖啡店).
func TestJudgeSpeechBar(t *testing.T) {
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学"})
	if err != nil {
		t.Fatal(err)
	}
	speech := func(naming, all int) []string {
		var ps []string
		for i := range all {
			if i < naming {
				ps = append(ps, "武汉大学回应了网友的质疑。")
			} else {
				ps = append(ps, "网友热议“火了”一词的泛化使用。")
			}
		}
		return ps
	}
	for _, c := range []struct {
		naming, all int
		on          bool
	}{{1, 20, false}, {2, 20, true}, {0, SpeechMinPassages - 1, true}, {0, SpeechMinPassages, false}} {
		if j := tp.JudgeSpeech(speech(c.naming, c.all)); j.OnTopic != c.on || j.Naming != c.naming || j.Passages != c.all {
			t.Errorf("%d of %d naming: %+v, want on topic %v", c.naming, c.all, j, c.on)
		}
	}
	coffee, err := NewTopic(TopicConfig{Topic: "李明咖啡店"})
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{
		"李明在视频里说当初比较了学校附近的店面。": true,  // a word of the topic
		"武汉大学樱花季预约引发讨论。":       false, // another subject
		"拿铁二十八元被认为算良心价。":       false, // names no one
	} {
		if got := coffee.Names(s); got != want {
			t.Errorf("Names(%q) = %v, want %v", s, got, want)
		}
	}
}

// The 12:23:18 INSIGHT speech of the fixture states a sentiment split
// (正面34%、负面28%、中性38%) of posts about “火了”, not about 武汉大学: it
// was the report's headline KPI card and its doughnut. Judged whole, its
// passages are no key figure of the essentials and no finding of the plan;
// a passage of an off-topic speech that
// names the topic itself (12:26:37: “#武汉大学论文修改#事件在6月28日出现峰值”)
// still passes the gate.
func TestOffTopicSpeechGivesNoFigures(t *testing.T) {
	in := fixtureInput(t)
	set := Collect(in)
	speechOf := func(id string) (lines []string) {
		it, _ := set.Item(id)
		for _, p := range it.Provenance {
			lines = append(lines, p.ForumTime)
		}
		return lines
	}
	es := ComputeEssentials(in, set)
	for _, f := range es.Figures {
		if slices.Equal(speechOf(f.ItemID), []string{"12:23:18"}) {
			t.Errorf("key figure %s %s from the speech about “火了”: %q", f.KPI, f.Raw, f.Sentence)
		}
	}
	split, named := -1, -1
	for i := range set.Items {
		if strings.Contains(set.Items[i].Text, "负面情绪占28%（“气炸了”") {
			split = i
		}
		if strings.Contains(set.Items[i].Text, "#武汉大学论文修改#事件在6月28日出现峰值") {
			named = i
		}
	}
	if split < 0 || named < 0 {
		t.Fatalf("fixture passages not found: %d %d", split, named)
	}
	g := newGate(set, in.Topic)
	if v := g.judge(split); v.ok || v.on {
		t.Errorf("the split of the speech about “火了” passes the gate: %+v", v)
	}
	if set.onTopic(split, TopicNames(in.Topic)) {
		t.Error("the split of the speech about “火了” is on topic for the plan's score")
	}
	if !set.offSpeechItem(named) {
		t.Error("the 12:26:37 passage is not of an off-topic speech")
	}
	if v := g.judge(named); !v.on {
		t.Errorf("a passage naming the topic in an off-topic speech is judged off: %+v", v)
	}
	chs := []ChapterSpec{{ID: "S4", Title: "舆论场多方观点与情绪光谱", SubPoints: []string{"4.2 情绪分布及其变化"}}}
	p := MakePlan(set, in.Topic, chs, nil)
	for _, a := range p.Chapters[0].SubPoints[0].Items {
		if a.ItemID == set.Items[split].ID {
			t.Errorf("the split of the speech about “火了” is assigned: %+v", a)
		}
	}
}
