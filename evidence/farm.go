package evidence

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"reportengine/text"
)

// Content farms: pages that copy the news onto a template site or paste
// several headlines into one, told from the page's own address and title,
// not from a list of hosts.
var (
	// farmLabels are the first labels of a host made from a site
	// template (template.hoperoad.vip) rather than a publisher's name.
	farmLabels = []string{"template", "demo", "test", "example", "default", "sample"}
	// farmTLDs are the top-level domains sold in bulk for generated sites.
	farmTLDs = []string{"vip", "top", "xyz", "icu", "buzz", "cyou", "sbs", "bond", "wang", "club", "shop", "site", "online", "fun", "work"}
	// headlineCollage is a title pasting two headlines together: a
	// sentence's end right before a comma ("…缘何如此迟钝?,武汉大学传来重磅消息").
	headlineCollage = regexp.MustCompile(`[?？!！。｡][,，]\s*\S`)
	// emptySlot is a template's placeholder left empty in a title
	// ("产业新闻-\"\"-无尽头的网络暴力…", "环保动向-\"\"-武大…").
	emptySlot = regexp.MustCompile(`""|“”|「」|\{\}|\[\]`)
)

// ContentFarm reports a web page that is a content farm or an aggregator
// rather than a publisher, from its address and title: a host whose first
// label is a site template's (template., demo., test. …) or whose
// top-level domain is one sold in bulk for generated sites (.vip, .top,
// .xyz …), a title pasting two headlines together (a sentence's end right
// before a comma: "…迟钝?,武汉大学传来重磅消息") or holding a template's
// empty placeholder (`-""-`). Such a page stays in the graph and the
// source list (seen); the report quotes no finding from it, no timeline
// entry and no KPI, and it is no primary source of an engine's claim: a
// publisher's page or the engines' own text stating the same is cited
// instead. BettaFish has no notion of source quality.
func ContentFarm(rawURL, title string) bool {
	if headlineCollage.MatchString(title) || emptySlot.MatchString(title) {
		return true
	}
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || u.Hostname() == "" {
		return false
	}
	labels := strings.Split(strings.ToLower(strings.TrimSuffix(u.Hostname(), ".")), ".")
	if len(labels) < 2 {
		return false
	}
	return slices.Contains(farmLabels, labels[0]) || slices.Contains(farmTLDs, labels[len(labels)-1])
}

// farmItem reports an item every web page of which is a content farm
// (ContentFarm): it has a URL and no provenance with a URL from another
// site.
func (s *Set) farmItem(i int) bool {
	if i < 0 || i >= len(s.Items) {
		return false
	}
	return s.Items[i].HasURL() && !slices.ContainsFunc(s.Items[i].Provenance, func(p Provenance) bool {
		return p.URL != "" && !ContentFarm(p.URL, p.Title)
	})
}

// FarmSubject and GenericSubject are the subjects the finding gate names
// (Rejected.Subject) for a content farm's passage (ContentFarm) and for a
// generalisation that names nothing of the case (Set.generic).
const (
	FarmSubject    = "内容农场"
	GenericSubject = "泛论"
)

// generalMarks say a sentence states a rule of public opinion in general
// ("在现代舆情事件中，视觉元素往往是…的引爆点"), not what happened here.
var generalMarks = []string{"往往", "通常", "一般而言", "一般来说", "普遍", "总是", "历来", "在现代", "在当今", "在当下", "时代下", "时代里", "时代中"}

// generic reports a passage (with ctx, the passage quoted before a
// fragment) that generalises (generalMarks) and names nothing of the
// case: not the topic (Topic.Names: 武汉大学, 武大) and no key term or
// party of the topic event (图书馆, 性骚扰, 肖某某 …). A finding carries the
// case's content; such a sentence is true of any case. A run without
// events (no case terms) keeps its passages.
func (g gate) generic(i int, ctx string) bool {
	s := g.set
	if len(s.caseTerms) == 0 || g.topic == nil || i < 0 || i >= len(s.Items) {
		return false
	}
	t := strings.ToLower(ctx + s.Items[i].Text)
	return text.FirstWord(t, generalMarks) != "" && text.FirstWord(t, s.caseTerms) == "" && !g.topic.Names(t)
}
