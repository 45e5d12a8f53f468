package evidence

import (
	"strings"
	"testing"
)

// Each content-farm rule on the fixture's own pages, and publishers whose
// addresses and titles look alike but break no rule.
func TestContentFarm(t *testing.T) {
	for _, c := range []struct {
		url, title string
		want       bool
	}{
		// the fixture's [7] of issue 22: template host, .vip, two headlines pasted
		{"http://template.hoperoad.vip/project/04112200523800.html", "", true},               // the host alone
		{"https://a.example.cn/1", "面对铺天盖地的舆情风暴,武汉大学的反应缘何如此迟钝?,武汉大学传来重磅消息 - 特儿海藕平科创网", true}, // the title alone
		{"https://news.hoperoad.top/1", "武汉大学发布情况通报", true},                                  // a bulk TLD
		{"https://demo.site.cn/a", "武汉大学发布情况通报", true},                                       // a template's host label
		{"http://www.zysw.org/news.php?pIYqEvo.html", `产业新闻-""-无尽头的网络暴力:武大图书馆事件两年多`, true},   // an empty template slot
		// publishers
		{"https://new.qq.com/rain/a/20250801A07I0500", "武汉大学发布情况通报", false},
		{"https://www.sohu.com/a/920344335_121868748", "武大事件升级!被扒曾接受美国某基金会资助,开发性别与法律课……_项目_合作_网友", false}, // ! then a comma inside one headline? no: "升级!被扒"
		{"https://linux.do/t/1", "从“武汉大学图书馆事件”透视中国当代社会治理", false},
		{"https://www.toutiao.com/w/1840321841125376/", "举报成功!武汉大学大事件。这个瓜,熟了", false}, // bait, but one headline (Bait judges its text)
		{"not a url", "", false},
	} {
		if got := ContentFarm(c.url, c.title); got != c.want {
			t.Errorf("ContentFarm(%q, %q) = %v, want %v", c.url, c.title, got, c.want)
		}
	}
}

// On the fixture: a content farm's passage is seen (an item of the set)
// but no finding, and gives no timeline entry or figure of the
// essentials; a passage also found on a publisher's page is no farm's; a
// generalisation naming nothing of the case is no finding, while one
// naming it is.
func TestFarmAndGenericFixture(t *testing.T) {
	in := fixtureInput(t)
	set := Collect(in)
	g := newGate(set, in.Topic)
	find := func(sub string) int {
		t.Helper()
		for i := range set.Items {
			if strings.Contains(set.Items[i].Text, sub) {
				return i
			}
		}
		t.Fatalf("no passage holds %q", sub)
		return -1
	}
	farm := find("事件起因是该校学生肖某因疑似患有皮肤病")
	if v := g.judge(farm); v.ok || v.subject != FarmSubject {
		t.Errorf("the farm's cause sentence: %+v, want no finding (%s)", v, FarmSubject)
	}
	if v := g.judge(find("武汉大学图书馆事件近日持续引发关注")); !v.ok {
		t.Errorf("a publisher's sentence: %+v, want a finding", v)
	}
	es := ComputeEssentials(in, set)
	farmIDs := map[string]bool{}
	for i := range set.Items {
		if set.farmItem(i) {
			farmIDs[set.Items[i].ID] = true
		}
	}
	if len(farmIDs) < 5 {
		t.Fatalf("%d farm passages, want the fixture's three pages' (at least 5)", len(farmIDs))
	}
	for _, e := range es.Timeline {
		if farmIDs[e.ItemID] || farmIDs[e.Primary] {
			t.Errorf("timeline entry %s %q cites a farm passage", e.Date, e.Text)
		}
	}
	for _, f := range es.Figures {
		if farmIDs[f.ItemID] || farmIDs[f.Primary] {
			t.Errorf("figure %s %s from a farm passage", f.KPI, f.Raw)
		}
	}
	// merged with a publisher's copy, a passage is the publisher's
	it := set.Items[farm]
	it.Provenance = append(it.Provenance, Provenance{Kind: KindSource, URL: "https://new.qq.com/a", Title: "武汉大学通报"})
	set.Items[farm] = it
	if set.farmItem(farm) {
		t.Error("a passage a publisher's page holds too is taken for a farm's")
	}
	if v := g.judge(find("在现代舆情事件中，视觉元素往往是信息传播的引爆点")); v.ok || v.subject != GenericSubject {
		t.Errorf("the generalisation: %+v, want no finding (%s)", v, GenericSubject)
	}
	// the same rule with the case named: a finding
	if !g.judge(find("杨某某提起的诉讼被法院一审驳回")).ok {
		t.Error("a sentence of the case was kept out")
	}
}
