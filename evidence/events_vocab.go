package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// Event vocabulary limits (markForeign).
const (
	// VocabMin is in how many of an event's own passages (those naming it
	// or holding its key terms) a term must stand to be its vocabulary.
	VocabMin = 3
	// VocabShare is the least share of a related event's own passages
	// that must hold a term of its vocabulary: a word of the story itself
	// (标签 in 5 of the 6 passages naming the 抖音账号移除母校标签事件,
	// 樱花 in 9 of 10 naming the 樱花季实名制 one).
	VocabShare = 0.5
	// CaseShare is the least share of the topic event's own passages that
	// must hold a word of the case (判决 in 25 of the fixture's 149, 肖某某
	// in 19); CaseRareShare that for a rare word (text.GeneralShare below
	// CaseRareGeneral: a name, 杨景媛, 张平文, 记过), so that the commoner
	// words the case's passages use too (发酵, 源于, 未能, 隐私) are none.
	CaseShare       = 0.1
	CaseRareShare   = 0.02
	CaseRareGeneral = 1e-6
	// VocabRatio is how many times a term's share in its event's own
	// passages must exceed its share in the others' (for a related event:
	// the topic event's; for the case: the related events' together).
	VocabRatio = 4
)

// markForeign decides per passage, not per text, which event a passage
// of the topic event or of none is about (GroupEvents, after rule 4). A
// passage about the topic event only by its segment or text (rule 3), or
// about no event, that holds none of the case's words (caseWords) but a
// word of a related event's vocabulary (relatedWords) is about that
// event: the fixture's 12:28:58 speech tells the 雷军 tag story beside
// the library case, and its "尽管…雷军本人也曾透露自己最初对冠名班级“两次
// 婉拒”的犹豫" and "7月31日，标签恢复，但讨论热度不减" are about the tag
// story. A passage about the topic event by itself that holds a strong key
// term of a related event tells two incidents ("重庆上游新闻最早以“男子疑穿
// 和服进武大赏樱遭殴打”为题报道了早期事件，而本次图书馆事件中…") and is that
// event's too. Such a passage is no finding, KPI, chart part or timeline
// entry of the topic event (foreignItem), though its speech or page is.
//
// BettaFish and Microsoft GraphRAG decide nothing per sentence (a text
// unit is one chunk of its document); this rule is ours.
func (s *Set) markForeign(tp *Topic, own []int32, et *eventTable, ngroups int) {
	s.foreign = nil
	topic := slices.IndexFunc(s.Events, func(e EventGroup) bool { return e.Topic })
	if len(s.Events) < 2 || topic < 0 || len(s.Events[topic].Terms) == 0 {
		return
	}
	evOf := make([]int32, ngroups) // group → 1 + its index in Events, related events only
	for k, e := range s.Events {
		if len(e.Terms) > 0 && k != topic {
			evOf[et.of[e.Terms[0]]] = int32(k) + 1
		}
	}
	tg := et.of[s.Events[topic].Terms[0]]
	byGroup := make([][]int, ngroups)   // each group's own passages
	var others []int                    // the other groups' own passages, in item order
	told := map[[2]int32]bool{}         // (text, group): the text tells that event itself
	low := make([]string, len(s.Items)) // the own passages' texts in lower case
	for i, g := range own {
		if g == 0 {
			continue
		}
		byGroup[g-1] = append(byGroup[g-1], i)
		if int(g-1) != tg {
			others = append(others, i)
		}
		told[[2]int32{s.Items[i].doc, g - 1}] = true
		low[i] = strings.ToLower(s.Items[i].Text)
	}
	words, of := tp.relatedWords(s.Items, low, byGroup, tg)
	caseWords := tp.caseWords(s.Items, low, byGroup[tg], others)
	s.caseTerms = append(slices.Clone(s.Events[topic].Terms), caseWords...)
	s.foreign = make([]int32, len(s.Items))
	s.incident = map[int]string{}
	for i := range s.Items {
		it := &s.Items[i]
		if it.event != 0 && int(it.event) != topic+1 {
			continue // about a related event already
		}
		var g int32
		if own[i] != 0 {
			g = et.strongOther(it.Text, evOf)
		} else if lp := strings.ToLower(it.Text); !slices.ContainsFunc(caseWords, func(w string) bool { return strings.Contains(lp, w) }) {
			g = heldGroup(lp, words, of, func(g int) bool { return told[[2]int32{it.doc, int32(g)}] })
			if g == 0 {
				if n := tp.otherIncident(it.Text, et, tg); n != "" {
					s.incident[i] = n
				}
			}
		}
		if g != 0 {
			s.foreign[i] = evOf[g-1]
		}
	}
	s.sectionEvents(own, evOf, tg)
}

// SectionOpening is how many passages of a section (its heading, when it
// is long enough to be one, and the sentences after it) are read for the
// event the section tells (sectionEvents).
const SectionOpening = 2

// sectionEvents applies a section's subject to its passages: in a text
// with top headings ("#", "##"), a section whose opening (its first
// SectionOpening passages; the first of them about an event by its own
// words decides) is about a related event
// tells that event, and its passages of the topic event or of none are
// that event's too (foreign; a passage about no event by itself also
// takes the event as its Event). The fixture's 12:28:58 speech has a
// "## 第二阶段：“标签门”事件…" section opening on the 雷军抖音账号移除母校标签
// 事件; its "24小时内就完成了从发现、关联旧案到形成叙事的全过程" and "部分自媒体
// 将雷军的个人行为与…（图书馆风波）绑定" tell that story, not the library case
// (which its "###" segments name as the old case). A section never moves
// a passage to the topic event. evOf maps a group to 1 + its index in
// Events (related events only), tg is the topic event's group.
func (s *Set) sectionEvents(own, evOf []int32, tg int) {
	type key struct{ doc, sec int32 }
	opening := map[key]int32{} // the section's related event (1 + index in Events), 0 none
	read := map[key]int{}      // passages of the section's opening read
	for i := range s.Items {
		it := &s.Items[i]
		k := key{it.doc, it.sec}
		if it.sec == 0 || read[k] == SectionOpening {
			continue
		}
		read[k]++
		if g := own[i]; g > 0 {
			read[k] = SectionOpening // the first passage about an event by itself decides
			if int(g-1) != tg {
				opening[k] = evOf[g-1]
			}
		}
	}
	for i := range s.Items {
		it := &s.Items[i]
		e := opening[key{it.doc, it.sec}]
		if e == 0 || s.foreign[i] != 0 || own[i] > 0 && int(own[i]-1) != tg || it.event > 0 && !s.Events[it.event-1].Topic {
			continue
		}
		s.foreign[i] = e
		if own[i] == 0 {
			if it.event > 0 {
				s.Events[it.event-1].Items--
			}
			s.Events[e-1].Items++
			it.event, it.Event = e, s.Events[e-1].ID
			for _, fi := range s.figIdx[it.ID] {
				s.Figures[fi].Event = it.Event
			}
		}
	}
}

// relatedWords is the vocabulary of the related events (all groups but
// tg, the topic event's): the rare content terms (vocabTerms) standing
// in VocabMin and VocabShare of a group's own passages, and in a
// VocabRatio times smaller share of the topic event's; with each term's
// group (a term of two events: the first group's).
func (t *Topic) relatedWords(items []Item, low []string, byGroup [][]int, tg int) ([]string, []int) {
	var words []string
	var of []int
	for g, idx := range byGroup {
		if g == tg || len(idx) < VocabMin {
			continue
		}
		for _, w := range t.frequentTerms(items, idx, VocabShare) {
			if !slices.Contains(words, w) && holdShare(low, byGroup[tg], w)*VocabRatio <= holdShare(low, idx, w) {
				words, of = append(words, w), append(of, g)
			}
		}
	}
	return words, of
}

// caseWords are the words of the topic event's own passages (topicOwn)
// that say it is this case: the rare content terms and anonymised parties
// (杨某某, 肖某) standing in VocabMin and CaseShare of them (CaseRareShare
// for a word rarer than CaseRareGeneral) and in a VocabRatio times
// smaller share of the related events' own passages (others).
func (t *Topic) caseWords(items []Item, low []string, topicOwn, others []int) []string {
	var out []string
	for _, w := range t.frequentTerms(items, topicOwn, CaseRareShare) {
		share := holdShare(low, topicOwn, w)
		if (share >= CaseShare || text.GeneralShare(w) < CaseRareGeneral) && holdShare(low, others, w)*VocabRatio <= share {
			out = append(out, w)
		}
	}
	return out
}

// frequentTerms are the terms (vocabTerms, and the anonymised parties of
// partyRE) standing in at least VocabMin and share of the passages idx,
// in the order first found.
func (t *Topic) frequentTerms(items []Item, idx []int, share float64) []string {
	count := map[string]int{}
	var cands []string // each term once
	for _, i := range idx {
		for _, w := range append(t.vocabTerms(items[i].Text), partyRE.FindAllString(items[i].Text, -1)...) {
			if count[w] == 0 {
				cands = append(cands, w)
			}
			count[w]++
		}
	}
	return slices.DeleteFunc(cands, func(w string) bool { return count[w] < VocabMin || float64(count[w]) < share*float64(len(idx)) })
}

// holdShare is the share of the passages idx whose text (low: lower
// case, by item index) holds w; 0 for none.
func holdShare(low []string, idx []int, w string) float64 {
	n := 0
	for _, i := range idx {
		if strings.Contains(low[i], w) {
			n++
		}
	}
	return float64(n) / float64(max(len(idx), 1))
}

// vocabTerms are a passage's content terms that may be an event's words
// (as keyTerms filters them: no generic word, date, number, place or
// name of the topic, and rare), lower case, each once.
func (t *Topic) vocabTerms(s string) []string {
	var out []string
	for _, w := range text.TermTexts(text.Terms(s)) {
		w = strings.ToLower(w)
		if utf8.RuneCountInString(w) < 2 || slices.Contains(out, w) || slices.Contains(eventGeneric, w) || isPlace(w) ||
			strings.IndexFunc(w, unicode.IsDigit) >= 0 || t.topicPart(w) || text.GeneralShare(w) >= EventRareShare {
			continue
		}
		out = append(out, w)
	}
	return out
}

// heldGroup is 1 + the first group (of: each word's group) that told
// accepts and whose words lp holds, 0 for none.
func heldGroup(lp string, words []string, of []int, told func(g int) bool) int32 {
	for k, w := range words {
		if told(of[k]) && strings.Contains(lp, w) {
			return int32(of[k]) + 1
		}
	}
	return 0
}

// strongOther is 1 + the group of the first strong key term (in the order
// first named) of a related event (evOf) that passage holds, 0 for none.
func (et *eventTable) strongOther(passage string, evOf []int32) int32 {
	lp := strings.ToLower(passage)
	for _, t := range et.order {
		if et.strong[t] && evOf[et.of[t]] != 0 && strings.Contains(lp, t) {
			return int32(et.of[t]) + 1
		}
	}
	return 0
}

// incidentRE is an incident named with 的 before its word ("有关博士论文遭遇
// 恶意评审的争议", quotes removed), which eventNameRE leaves out.
var incidentRE = regexp.MustCompile(`[\p{Han}]{2,12}的(?:争议|风波|丑闻)`)

// otherIncident is an incident a passage names with 的 before its word
// (incidentRE) whose key terms (keyTerms) are none of the topic event's
// (group tg) and hold a strong one (EventStrongShare: 恶意, not 纪律 or
// 诚信, which any case's sanction or misconduct has), named from that
// term ("恶意评审的争议"); "" for none.
func (t *Topic) otherIncident(passage string, et *eventTable, tg int) string {
	for _, m := range incidentRE.FindAllString(eventQuotes.Replace(passage), -1) {
		ks := t.keyTerms(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m, "争议"), "风波"), "丑闻"))
		if slices.ContainsFunc(ks, func(k string) bool { g, ok := et.of[k]; return ok && g == tg }) {
			continue
		}
		if k := slices.IndexFunc(ks, func(k string) bool { return text.GeneralShare(k) < EventStrongShare }); k >= 0 {
			return m[strings.Index(m, ks[k]):]
		}
	}
	return ""
}

// foreignItem is 1 + the index in Events of the related event item i is
// about by its own words (markForeign), 0 for none.
func (s *Set) foreignItem(i int) int32 {
	if i < 0 || i >= len(s.foreign) {
		return 0
	}
	return s.foreign[i]
}
