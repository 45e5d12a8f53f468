package evidence

import (
	"strings"
	"testing"
)

// coherenceRun is a run about 武汉大学 with the library case (named in three
// pages), the 和服赏樱 event (two) and, with background, a page on the
// campus's cherry-tree avenue that tells no event, a page and a speech
// that mix the two events (their last passage about neither), and a page whose title
// names the library case above a content passage that names nothing.
func coherenceRun(background bool) *Set {
	c := newCollector()
	web := func(u string, k Kind) Provenance {
		return Provenance{Kind: k, Engine: "media", URL: u, Title: "报道", SectionPos: -1}
	}
	c.addText("武汉大学图书馆性骚扰诬告案持续发酵。2025年7月25日，法院驳回诬告一方的诉讼请求。", web("https://a.cn/1", KindSource), 0)
	c.addText("图书馆性骚扰事件中，学校于2023年7月13日给予男生记过处分，引发质疑。", web("https://a.cn/2", KindSource), 0)
	c.addText("武大图书馆诬告案一审宣判后，校长回应称正在处理。", web("https://a.cn/3", KindSource), 0)
	if background {
		c.addText("和服赏樱事件发生在樱花季，游客与保安冲突。", web("https://b.cn/1", KindSource), 0)
		c.addText("和服赏樱冲突事件中，学校回应称保安已被停职。", web("https://b.cn/2", KindSource), 0)
		c.addText("武汉大学樱花大道全长一公里，两旁的樱花树建于上世纪三十年代。", web("https://f.cn/1", KindSource), 0)
		c.addText("武大图书馆诬告案一审宣判后引发网友热议。和服赏樱事件在樱花季同样引发网友讨论。武汉大学校方表示将认真对待每一条留言。", web("https://g.cn/1", KindSource), 0)
		c.addText("图书馆性骚扰诬告案的判决让舆论迅速反转。和服赏樱冲突事件的视频也在同期广泛流传。学校应建立常态化的舆情监测机制。",
			Provenance{Kind: KindForum, Engine: "media", SectionPos: -1, ForumLine: 9, ForumTime: "12:00:09"}, 0)
		c.addText("图书馆诬告案最新进展：武汉大学回应", web("https://h.cn/1", KindTitle), 0)
		c.addText("武汉大学表示将尊重法院判决，依法依规重新处理。", web("https://h.cn/1", KindSource), 0)
	} else {
		c.addText("武汉大学樱花大道全长一公里，两旁的樱花树建于上世纪三十年代。", web("https://f.cn/1", KindSource), 0)
	}
	set := c.set()
	set.GroupEvents("武汉大学")
	return set
}

// A passage about no event of a run with related events is background when
// its text (its page with its title, engine paragraph or speech) holds no
// passage about the topic event either: the finding gate keeps it out,
// naming BackgroundSubject. A passage about no event in a page that tells
// the topic event may still be a finding, and a run of one event has no
// background.
func TestMarkBackground(t *testing.T) {
	set := coherenceRun(true)
	if len(set.Events) < 2 {
		t.Fatalf("events %+v, want the library case and the 和服 event", set.Events)
	}
	g := newGate(set, "武汉大学")
	cases := []struct {
		text       string
		background bool
	}{
		{"武汉大学樱花大道全长一公里", true},       // a page that tells no event
		{"武汉大学校方表示将认真对待每一条留言", false}, // no event, but its page tells the library case
		{"武汉大学表示将尊重法院判决", false},      // no event, but its page's title names the case
		{"学校应建立常态化的舆情监测机制", false},    // no event, but its speech tells the library case
		{"法院驳回诬告一方的诉讼请求", false},      // the topic event's
		{"游客与保安冲突", false},            // a related event's: otherEvent, not background
	}
	for _, c := range cases {
		it := itemWith(t, set, c.text)
		i := set.byID[it.ID]
		if got := set.backgroundItem(i); got != c.background {
			t.Errorf("%q (event %q): background %v, want %v", c.text, it.Event, got, c.background)
		}
		if v := g.judge(i); c.background && (v.ok || v.subject != BackgroundSubject) {
			t.Errorf("%q: the gate gives %+v, want it kept out as %s", c.text, v, BackgroundSubject)
		}
	}
	if it := itemWith(t, set, "武汉大学校方表示将认真对待每一条留言"); it.Event != "" {
		t.Errorf("the mixed page's last passage is about %s, want no event (the case needs it so)", it.Event)
	}
	one := coherenceRun(false)
	if len(one.Events) != 1 {
		t.Fatalf("one-event run: events %+v", one.Events)
	}
	it := itemWith(t, one, "武汉大学樱花大道全长一公里")
	if one.backgroundItem(one.byID[it.ID]) {
		t.Error("a run of one event marks background")
	}
}

// A piece the texts name as an incident (题为《…》, 《…》推文) is an event
// by its title's key terms; a title cited as a rule is none. A passage of
// an engine paragraph about the library case that tells of the post is
// the post's event, not the case's (its segment's).
func TestEventWorkNames(t *testing.T) {
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sentence, name, term string // name "": none
	}{
		{"一篇题为《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》的官方推文引发争议。", "《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》", "李展"},
		{"校方发布的《游戏少年逆袭发顶刊》推文，本意是展示成绩。", "《游戏少年逆袭发顶刊》", "逆袭"},
		{"这篇微信推文以《游戏少年逆袭发顶刊》为题。", "《游戏少年逆袭发顶刊》", "逆袭"},
		{"根据武汉大学《学术不端行为处理细则》，学校应在5个工作日内初审。", "", ""},
	} {
		var got *eventName
		for _, n := range tp.eventNames(c.sentence) {
			if strings.HasPrefix(n.name, "《") {
				got = &n
			}
		}
		switch {
		case c.name == "" && got != nil:
			t.Errorf("%q names the piece %+v, want none", c.sentence, *got)
		case c.name != "" && (got == nil || got.name != c.name || !strings.Contains(strings.Join(got.terms, " "), c.term)):
			t.Errorf("%q: piece %+v, want %s with key term %s", c.sentence, got, c.name, c.term)
		}
	}

	c := newCollector()
	web := func(u string) Provenance {
		return Provenance{Kind: KindSource, Engine: "media", URL: u, Title: "报道", SectionPos: -1}
	}
	c.addText("武汉大学图书馆性骚扰诬告案持续发酵。", web("https://a.cn/1"), 0)
	c.addText("图书馆性骚扰诬告案中，学校给予男生记过处分。", web("https://a.cn/2"), 0)
	c.addText("校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》推文引发讨论。", web("https://c.cn/1"), 0)
	c.addText("武大图书馆诬告案一审宣判。此外，一篇题为《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》的官方推文也曾在网上引发热议。这类事件通常让武汉大学的宣传策略备受网友质疑。校长回应称正在处理。",
		Provenance{Kind: KindSummary, Engine: "media", Section: "近期热点舆情事件分析", SectionPos: 0}, 0)
	set := c.set()
	set.GroupEvents("武汉大学")
	it := itemWith(t, set, "一篇题为")
	if !set.otherEvent(set.byID[it.ID]) {
		t.Errorf("the post's passage is about %q (events %+v), want the post's event, a related one", it.Event, set.Events)
	}
	if it := itemWith(t, set, "校长回应称正在处理"); set.otherEvent(set.byID[it.ID]) {
		t.Errorf("the paragraph's last passage is about %q, want the library case", it.Event)
	}
	// a fragment is quoted with the passage before it: the post's passage
	// before it keeps the pair out, though the fragment is about no event
	frag := set.byID[itemWith(t, set, "这类事件通常").ID]
	if n, ctx := set.Quality(frag); n != Fragment || ctx == "" || set.otherEvent(frag) {
		t.Fatalf("the fragment: %v, context %q, event %q; want a fragment quoted with the post's passage", n, ctx, set.Items[frag].Event)
	}
	if v := newGate(set, "武汉大学").judge(frag); v.ok || v.subject == "" {
		t.Errorf("the fragment after the post's passage passes the gate: %+v", v)
	}
}

// A KPI label names subject and metric as the source does: the platform a
// sentence opens with ("小红书：", "抖音端："), and the subject before a
// sample size in brackets, which is no figure; a clause naming another
// institution gives no KPI (its clause is about another subject), one
// naming the topic does.
func TestKPILabelSubject(t *testing.T) {
	cases := []struct {
		text string
		kpi  map[string]string // raw → KPI label ("" none); raws absent from the map must not be figures
	}{
		{"抖音端：36-45岁家长群体（n=6,700条视频）正面情感占54%，多用“相信学校”话术。", map[string]string{"54%": "抖音36-45岁家长群体正面情感占比"}},
		{"小红书：判决后48小时新增笔记8,700篇，18-24岁用户占63%，图文模板高度统一。",
			map[string]string{"8,700篇": "小红书判决后48小时新增笔记", "63%": "小红书18-24岁用户占比"}},
		{"18-22岁组（n=2.3万条）负面情感占58%。", map[string]string{"58%": "18-22岁组负面情感占比"}},
		{"微博话题阅读量达3.2亿。小红书：相关笔记8,700篇。", map[string]string{"3.2亿": "微博话题阅读量", "8,700篇": "小红书相关笔记"}},
		// a count after a verb of bringing names no counted thing; one after its noun does
		{"5月桂花拿铁上市带来2860条。", map[string]string{"2860条": ""}},
		{"开业首周新增粉丝五千人。", map[string]string{"五千人": "开业首周新增粉丝"}},
	}
	for _, c := range cases {
		got := map[string]string{}
		for _, f := range FindFigures("E1", c.text) {
			if f.Kind != FigDate {
				got[f.Raw] = f.KPI
			}
		}
		if len(got) != len(c.kpi) {
			t.Errorf("%q: figures %q, want %q", c.text, got, c.kpi)
		}
		for raw, want := range c.kpi {
			if got[raw] != want {
				t.Errorf("%q: %s labelled %q, want %q", c.text, raw, got[raw], want)
			}
		}
	}

	c := newCollector()
	c.addText("清华大学负面情感占12%，武汉大学负面情感占38%。", Provenance{Kind: KindSource, URL: "https://a.cn/1", SectionPos: -1}, 0)
	set := c.set()
	set.GroupEvents("武汉大学")
	kpis := map[string]string{}
	for _, f := range set.Figures {
		kpis[f.Raw] = f.KPI
	}
	if kpis["12%"] != "" || kpis["38%"] != "武汉大学负面情感占比" {
		t.Errorf("KPI labels %q: want none for 清华大学's 12%%, 武汉大学负面情感占比 for 38%%", kpis)
	}
}
