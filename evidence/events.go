package evidence

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// EventGroup is one event of the run (GroupEvents): what happened (the key
// terms of the names the texts give it), when (the dates its passages
// state) and how much of the material is about it. Who is the run's topic:
// an incident named in a clause that names another institution is that
// institution's, not an event of this run (the topic model keeps such
// passages out already).
type EventGroup struct {
	ID    string   `json:"id"`              // "V1", "V2", … by passages, most first (ties: first named)
	Name  string   `json:"name"`            // the name its passages give it most often, as written ("图书馆性骚扰诬告")
	Terms []string `json:"terms"`           // what: the key terms of its names, most named first
	Dates []string `json:"dates,omitempty"` // when: the ISO dates of its passages (not those of a segment or text that names it), sorted, at most EventDates
	Named int      `json:"named"`           // passages naming it themselves
	Items int      `json:"items"`           // passages about it: naming it, or in a segment or text that does
	// Topic marks the run's topic event: the one whose terms hold most of
	// the topic's own words, then the one with most passages.
	Topic bool `json:"topic,omitempty"`
}

// Event grouping limits.
const (
	// EventNamedMin is in how many passages an event must be named to be
	// one, a page title counting EventTitleNames (the page is about it: a
	// title naming 副教授抄袭风波 is a case its paragraphs tell); a name
	// given once in passing is none.
	EventNamedMin   = 2
	EventTitleNames = 2
	// EventRareShare is the highest text.GeneralShare of a key term: a
	// word rarer than this in general text names what happened (性骚扰,
	// 和服, 甲醛, 图书馆 at 2.7·10⁻⁵), a commoner one (发生, 学生, 论文)
	// does not.
	EventRareShare = 3e-5
	// EventStrongShare: a key term rarer than this (诬告, 和服, a name the
	// dictionary does not know) places a passage in its event alone; a
	// passage needs two of the others (图书馆 and 处分 …).
	EventStrongShare = 1e-5
	// EventNamedShare is the least share of the passages holding a key
	// term that must name an incident with it (keepKeyTerms).
	EventNamedShare = 0.2
	// EventPhraseRunes is how much of a clause before 事件/案/风波… is
	// read as the event's name.
	EventPhraseRunes = 10
	// EventTextDates is the fewest dates a text states for its dates to
	// say which event it tells (datedEvents), and the fewest the topic
	// event must state for any text to be compared with it.
	EventTextDates = 2
	// EventNearDays is how far apart two dates of one event may be.
	EventNearDays = 31
	// EventDates is the most dates kept on an EventGroup.
	EventDates = 16
)

// eventNameRE finds an incident named in a clause (quotes removed first):
// up to EventPhraseRunes letters before a word of text.IncidentWords
// ("图书馆性骚扰诬告案", "和服赏樱冲突事件", "甲醛事件").
var eventNameRE = regexp.MustCompile(`([\p{Han}A-Za-z0-9·]{2,` + strconv.Itoa(EventPhraseRunes) + `})(?:` + strings.Join(text.IncidentWords, "|") + `)`)

// eventGeneric are words that name no particular incident: any event of
// a university or a company has them (舆情, 通报, 处分 …).
var eventGeneric = []string{"舆情", "舆论", "热点", "事件", "风波", "争议", "冲突", "通报", "处分", "回应", "负面", "正面", "网络", "网友",
	"社会", "公共", "校园", "高校", "学校", "校方", "近期", "相关", "重大", "代表性", "危机", "公关", "热搜", "话题", "媒体", "案例",
	"典型", "系列", "某某", "此前", "初始", "关键",
	"单一", "挖掘", "关联", "破坏力", "地缘", "代际", "旧案", "类似", "多起", "这起", "此次", "本次", "该起", "类似", "同类", "一系列", "舆情事件", "突发", "群体性", "性质", "引发", "处理", "案件"}

// eventStarts are the first runes of text.IncidentWords, # and 《: a
// sentence holding none names no event (eventNames).
var eventStarts = func() string {
	out := "#《"
	for _, w := range text.IncidentWords {
		r, _ := utf8.DecodeRuneInString(w)
		out += string(r)
	}
	return out
}()

// eventWorkRE finds a piece the texts name as an incident: a title in
// 《》 introduced as one (题为《…》, 名为《…》, 以《…》为题) or followed by
// what it is (《…》推文, 《…》的文章): the fixture's 《游戏少年逆袭发顶刊，
// 武汉伢李展拿下雷军奖！》 post, told in six passages, is an event of its
// own. A title cited as a rule or a book (《学术不端行为处理细则》) is none.
var eventWorkRE = regexp.MustCompile(`(?:题为|名为|以)《([^《》]{2,40})》|《([^《》]{2,40})》(?:的)?(?:官方)?(?:微信)?(?:推文|文章|一文|帖子|博文)`)

var eventQuotes = strings.NewReplacer("“", "", "”", "", "\"", "", "‘", "", "’", "", "「", "", "」", "", "『", "", "』", "", "《", "", "》", "")

// eventNames returns the key-term sets of the incidents sentence names:
// for each name (eventNameRE) and each hashtag, its content terms that
// are rare (EventRareShare), not generic (eventGeneric), not a date or
// number, not a place and not a name of the topic; a name in a clause
// that names another institution is left out (its event is that
// institution's). Names without a key term ("该事件", "此次风波") are left
// out: they point back. A piece named as an incident (eventWorkRE) is
// one by its title's key terms, named "《title》".
func (t *Topic) eventNames(sentence string) []eventName {
	// a name ends in a word of eventNameRE, is a hashtag or a piece's
	// 《title》 (eventWorkRE): without the first rune of one (quotes removed
	// or not) there is none
	if !strings.ContainsAny(sentence, eventStarts) {
		return nil
	}
	return t.clauseEvents(sentence, true)
}

// clauseEvents is eventNames of each clause of sentence; with skip, a
// clause without a word of text.IncidentWords (or a #) runs no expression
// (TestEventNamesPrefilter compares the two).
func (t *Topic) clauseEvents(sentence string, skip bool) []eventName {
	var out []eventName
	for _, m := range eventWorkRE.FindAllStringSubmatch(sentence, -1) {
		title := m[1] + m[2]
		if ks := t.keyTerms(title); len(ks) > 0 && !t.namesOther(title) {
			out = append(out, eventName{"《" + title + "》", ks})
		}
	}
	for _, clause := range strings.FieldsFunc(eventQuotes.Replace(sentence), func(r rune) bool { return strings.ContainsRune("，,；;：:。｡！？!?", r) }) {
		var phrases [][2]string // the name's letters, and the name as written
		if !skip || text.FirstWord(clause, text.IncidentWords) != "" {
			for _, loc := range eventNameRE.FindAllStringSubmatchIndex(clause, -1) {
				if notIncident(clause, loc) {
					continue
				}
				phrases = append(phrases, [2]string{tailPhrase(clause[loc[2]:loc[3]]), clause[loc[0]:loc[1]]})
			}
		}
		if !skip || strings.Contains(clause, "#") {
			for _, m := range hashtag.FindAllStringSubmatch(clause, -1) {
				phrases = append(phrases, [2]string{m[1], m[0]})
			}
		}
		if len(phrases) == 0 || t.namesOther(clause) {
			continue
		}
		for _, p := range phrases {
			if ks := t.keyTerms(p[0]); len(ks) > 0 {
				// the name from its first key term: "生的图书馆性骚扰诬告案" → "图书馆性骚扰诬告案"
				name := p[1]
				if i := strings.Index(name, ks[0]); i > 0 && !strings.HasPrefix(name, "#") {
					name = name[i:]
				}
				out = append(out, eventName{name, ks})
			}
		}
	}
	return out
}

// notIncident reports a match of eventNameRE that names no incident: 案
// ending a word that is no case (方案, 预案, 档案, 提案 …) or starting one
// (案例, 案情).
func notIncident(clause string, loc []int) bool {
	m := clause[loc[0]:loc[1]]
	if !strings.HasSuffix(m, "案") || strings.HasSuffix(m, "案件") {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(clause[:loc[1]-len("案")])
	after, _ := utf8.DecodeRuneInString(clause[loc[1]:])
	return strings.ContainsRune("预草方档答提教图法议备个专立文", before) || strings.ContainsRune("例情由头卷底", after)
}

// tailPhrase is the end of a name's phrase after its last 的, 是, 为, 当属
// or 从: "深远的当属图书馆" → "图书馆".
func tailPhrase(p string) string {
	for _, w := range []string{"的", "是", "为", "当属", "从", "在", "对"} {
		if i := strings.LastIndex(p, w); i >= 0 {
			p = p[i+len(w):]
		}
	}
	return p
}

// namesOther reports a clause naming an institution (or an event hashtag
// naming one) that is not related to the topic.
func (t *Topic) namesOther(clause string) bool {
	return slices.ContainsFunc(entities(clause, t.words...), func(e entity) bool {
		return e.kind != entityPlace && !t.isRelated(e.name) && t.topicName(e.name) == ""
	})
}

// topicPart reports a word that is part of a name of the topic or holds
// one (武汉, 武大 for 武汉大学), or a place of the run's own: no key term. A
// word of a topic of several words (异味 of 青溪市自来水异味) is one: the
// topic's own incident is an event too.
func (t *Topic) topicPart(w string) bool {
	return t.profile.isPlace(w) || !slices.Contains(t.words, w) && t.holdsName(w)
}

// partyRE is an anonymised party of a case: a surname and 某 or 某某.
var partyRE = regexp.MustCompile(`\p{Han}某某?`)

// keyTerms are the key terms of an event's name (see eventNames), each once.
func (t *Topic) keyTerms(phrase string) []string {
	// the parties of a case, anonymised (杨某某诉肖某某): whole, not cut by
	// the segmenter (杨某, 诉肖: a word sharing a rune with a party is
	// dropped); words sharing a rune with each other are kept (图书馆, 馆长)
	parties := partyRE.FindAllString(phrase, -1)
	out := slices.Clone(parties)
	for _, w := range text.TermTexts(text.Terms(phrase)) {
		if slices.ContainsFunc(parties, func(p string) bool { return strings.ContainsAny(w, p) }) {
			continue
		}
		if utf8.RuneCountInString(w) < 2 || text.IsStopWord(w) || slices.Contains(eventGeneric, w) || isPlace(w) ||
			strings.IndexFunc(w, unicode.IsDigit) >= 0 || t.topicPart(w) || text.GeneralShare(w) >= EventRareShare ||
			slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// eventName is an incident a passage names: as written, and its key terms.
type eventName struct {
	name  string
	terms []string
}

// eventTable is the grouping's term table: each key term's event (an index
// into the events being built) and whether it is strong (EventStrongShare).
type eventTable struct {
	of     map[string]int
	strong map[string]bool
	order  []string // the terms, in the order first named
}

// GroupEvents groups the set's passages into events and sets Set.Events,
// each item's Event and each figure's Event (see the package doc). topic
// is the run's topic (a blank topic groups nothing). Deterministic: the
// items are read in id order.
//
//  1. Names: every passage's incident names (eventNames) give key terms
//     (keepKeyTerms: a term named in fewer than EventNamedMin passages,
//     a page title counting EventTitleNames, is none); terms named
//     together are one event's (a union of the names sharing a term:
//     图书馆性骚扰诬告 and 图书馆事件 are one).
//  2. A passage is about an event when it names it, or holds one strong
//     key term of it (EventStrongShare) or two others; with key terms of
//     several events, the one it holds most of (ties: the event named
//     most, then first).
//  3. A passage about no event takes its segment's (the paragraph under
//     one heading of its text: "该事件影响力指数达65.4" is about the case
//     its paragraph names), when at least two thirds of the segment's
//     passages that are about an event are about that one; else its
//     text's, by the same rule over two passages or more.
//  4. The topic event is the one whose terms hold most of the topic's own
//     words (青溪 … 异味 for 青溪市自来水异味), then the one with most
//     passages; the others are related events: their passages are never
//     findings, KPIs, chart data or timeline entries of the report.
//
// A run with fewer than two events has no related events (Events holds the
// one, or none) and nothing is kept out.
//
// BettaFish has no event model: its engines' paragraphs and its forum mix
// the events they found, and its report quotes them as one story. Microsoft
// GraphRAG's communities group entities by their links, not passages by
// what happened; the nearest of ours is this grouping of passages by the
// incident they name.
func (s *Set) GroupEvents(topic string) {
	tp, err := NewTopic(TopicConfig{Topic: topic})
	if err != nil || len(s.Items) == 0 {
		return
	}
	s.otherSubjectKPIs(tp)
	names := make([][]eventName, len(s.Items))
	for i := range s.Items {
		names[i] = tp.eventNames(s.Items[i].Text)
	}
	keepKeyTerms(s.Items, names)
	et, groups := eventGroups(names)
	if len(groups) == 0 {
		return
	}
	own := make([]int32, len(s.Items)) // 1 + group, 0 none
	for i := range s.Items {
		own[i] = et.ownEvent(s.Items[i].Text, names[i], len(groups))
	}
	s.setEvents(tp, own, inheritEvents(s.Items, own), names, groups, et)
	s.markForeign(tp, own, et, len(groups))
}
