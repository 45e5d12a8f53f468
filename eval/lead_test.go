package eval

import "testing"

func TestLead(t *testing.T) {
	for _, c := range []struct{ answer, want string }{
		// the offline answer: label and lead-in paragraphs, then the list
		{"**摘录式回答**：离线模型摘出……\n\n本案的情绪数据：\n\n- 微博端负面占58% [Data: Sentiment (0)]。\n- 抖音端正面占54%。", "微博端负面占58% [Data: Sentiment (0)]。"},
		// an item continued on the next line ends at the next item
		{"- first part\n  goes on\n- second", "first part goes on"},
		{"* star item\n\nlater paragraph", "star item"},
		{"Intro.\n\n1. numbered first\n2. numbered second", "numbered first"},
		// no list: the first paragraph that is not a heading
		{"## Heading\n\nThe answer is forty.\nStill it.\n\nMore.", "The answer is forty.\nStill it."},
		{"", ""},
		// a hyphenated word or a year opening a line is no list item
		{"2024. was the year\n-not an item\n\n- item", "item"},
		{"2024. was the year\n-not an item", "2024. was the year\n-not an item"},
	} {
		if got := Lead(c.answer); got != c.want {
			t.Errorf("Lead(%q) = %q, want %q", c.answer, got, c.want)
		}
	}
}

func TestLeadMet(t *testing.T) {
	q := Question{Text: "咖啡店开在哪里？", Assertions: [][]string{{"写字楼商圈"}, {"一万五"}}}
	idx := newRecordIndex(nil)
	// both assertions met, but only in the second point: complete, not on point
	late := judge(q, &Answer{Response: "- 店长王芳负责日常运营。\n- 门店开在写字楼商圈，月租一万五。"}, idx, 0)
	if late.AssertionsMet != 2 || late.LeadMet {
		t.Errorf("late answer: met %d, lead %v; want 2, false", late.AssertionsMet, late.LeadMet)
	}
	// one assertion in the first point is enough; a citation id is not
	first := judge(q, &Answer{Response: "- 门店开在写字楼商圈 [Data: Sources (3)]。\n- 其他。"}, idx, 0)
	cited := judge(Question{Text: "q", Assertions: [][]string{{"3"}}}, &Answer{Response: "- 见 [Data: Sources (3)]"}, idx, 0)
	if !first.LeadMet || cited.LeadMet {
		t.Errorf("lead met: first %v (want true), by a citation %v (want false)", first.LeadMet, cited.LeadMet)
	}
	refused := judge(q, &Answer{NoMatch: true, Response: "- 写字楼商圈"}, idx, 0)
	off := judge(Question{Text: "火星？", OffTopic: true}, &Answer{Response: "- 火星"}, idx, 0)
	tot := total([]Verdict{late, first, refused, off})
	// led: the answered answerable questions with assertions (late, first)
	if tot.Led != 2 || tot.LeadMet != 1 || tot.LeadRate != 0.5 {
		t.Errorf("totals: led %d, lead met %d, rate %v; want 2, 1, 0.5", tot.Led, tot.LeadMet, tot.LeadRate)
	}
}
