package nodes

import (
	"testing"

	"reportengine/evidence"
	"reportengine/prompts"
)

// The title names the run's case when the layout gave the topic's
// default one (the offline writer always does); a title the model wrote
// is kept, and a run without a dominant event keeps the topic's title.
func TestStitchTitleNamesTheCase(t *testing.T) {
	set := &evidence.Set{Events: []evidence.EventGroup{{Name: "图书馆事件", Items: 40, Named: 5, Topic: true}, {Name: "甲醛事件", Items: 5, Named: 2}}}
	flat := &evidence.Set{Events: []evidence.EventGroup{{Name: "图书馆事件", Items: 40, Named: 5, Topic: true}, {Name: "甲醛事件", Items: 30, Named: 2}}}
	for _, c := range []struct {
		title string
		set   *evidence.Set
		want  string
	}{
		{prompts.DefaultTitle("武汉大学"), set, "武汉大学图书馆事件舆情分析报告"},
		{"", set, "武汉大学图书馆事件舆情分析报告"},
		{"武大图书馆风波研判", set, "武大图书馆风波研判"},
		{prompts.DefaultTitle("武汉大学"), flat, "武汉大学舆情分析报告"},
		{prompts.DefaultTitle("武汉大学"), nil, "武汉大学舆情分析报告"},
	} {
		in := StitchInput{Topic: "武汉大学", Layout: prompts.LayoutReply{Title: c.title}, Evidence: c.set}
		if got := stitchMetadata(in).Title; got != c.want {
			t.Errorf("layout title %q: report title %q, want %q", c.title, got, c.want)
		}
	}
}
