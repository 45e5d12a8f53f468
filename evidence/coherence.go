package evidence

// Coherence with the run: whether a passage is about the run's topic (a
// forum speech judged whole) and about one of its events, or background.

import (
	"slices"
	"strings"
)

// BackgroundSubject is the subject the finding gate names (Rejected.Subject)
// for a background passage (markBackground).
const BackgroundSubject = "背景"

// judgeSpeeches judges every forum speech of the set as a whole
// (Topic.JudgeSpeech over the passages its log line gave, repeats of
// earlier passages included) and records those not about topic. A blank
// topic judges nothing.
func (s *Set) judgeSpeeches(topic string) {
	tp, err := NewTopic(TopicConfig{Topic: topic})
	if err != nil {
		return
	}
	passages := map[int][]string{} // by log line, in item order
	for i := range s.Items {
		for _, p := range s.Items[i].Provenance {
			if p.Kind == KindForum {
				passages[p.ForumLine] = append(passages[p.ForumLine], s.Items[i].Text)
			}
		}
	}
	s.offSpeech = map[int]bool{}
	for l, ps := range passages { // (each speech judged alone: any order)
		if !tp.JudgeSpeech(ps).OnTopic {
			s.offSpeech[l] = true
		}
	}
	s.Stats.OffTopicSpeeches = len(s.offSpeech)
}

// offSpeechItem reports an item found only in forum speeches judged not
// about the topic (judgeSpeeches): no engine's summary or report, no web
// page and no other speech holds it.
func (s *Set) offSpeechItem(i int) bool {
	if len(s.offSpeech) == 0 || i < 0 || i >= len(s.Items) {
		return false
	}
	return !slices.ContainsFunc(s.Items[i].Provenance, func(p Provenance) bool { return p.Kind != KindForum || !s.offSpeech[p.ForumLine] })
}

// markBackground marks the background passages of a run with related
// events (GroupEvents): a passage about no event whose text — its page
// (every passage and the title of its URL), engine paragraph or forum
// speech — holds no passage about the topic event either. Such material
// (the fixture's campus architecture, rankings, 校训, the staff ratio, the
// 2020 抗疫 sentiment of an engine paragraph on social service) tells no
// event of this run: it stays in the set, the graph and the source list,
// and is never quoted as a finding (the finding gate). A run with fewer
// than two events marks nothing: every passage may be a finding there.
//
// BettaFish quotes whatever its chapter's graph query returns; Microsoft
// GraphRAG has no notion of a run's event. This rule is ours.
func (s *Set) markBackground() {
	s.background = nil
	topic := slices.IndexFunc(s.Events, func(e EventGroup) bool { return e.Topic })
	if len(s.Events) < 2 || topic < 0 {
		return
	}
	docs := map[int32]bool{}  // texts holding a topic-event passage
	urls := map[string]bool{} // pages holding one
	for i := range s.Items {
		if it := &s.Items[i]; int(it.event) == topic+1 {
			docs[it.doc] = true
			for _, p := range it.Provenance {
				urls[p.URL] = urls[p.URL] || p.URL != ""
			}
		}
	}
	s.background = make([]bool, len(s.Items))
	for i := range s.Items {
		it := &s.Items[i]
		if it.event != 0 || docs[it.doc] {
			continue
		}
		s.background[i] = !slices.ContainsFunc(it.Provenance, func(p Provenance) bool { return urls[p.URL] })
	}
}

// backgroundItem reports item i marked background (markBackground).
func (s *Set) backgroundItem(i int) bool { return i >= 0 && i < len(s.background) && s.background[i] }

// otherSubjectKPIs takes the KPI label off each figure whose clause names
// another institution than the topic (Topic.namesOther: "清华大学负面情感占比
// 仅12%" in a passage comparing it with 武汉大学): a KPI card names the
// topic's measure, never another's. The figure stays in the prose.
func (s *Set) otherSubjectKPIs(tp *Topic) {
	for fi := range s.Figures {
		if f := &s.Figures[fi]; f.KPI != "" && tp.namesOther(f.Sentence) {
			f.KPI = ""
		}
	}
}

// MainEventRatio is how many times more passages the topic event must
// hold than any related event to name the report (CaseName).
const MainEventRatio = 2

// CaseName is the name of the run's case for the report's title: the
// topic event's name (GroupEvents) when the run has related events and
// the topic event holds at least MainEventRatio times the passages of
// each of them and is named in EventNamedMin passages, hashtag marks
// removed and the topic put before it unless it holds a name of the topic
// (TopicNames: "图书馆事件" → "武汉大学图书馆事件"); "" otherwise (no
// dominant event, or one named only by a piece's 《title》), and the
// title stays the topic's.
//
// BettaFish's model titles its report from the query; ours names what
// the data is about, offline.
func (s *Set) CaseName(topic string) string {
	t := slices.IndexFunc(s.Events, func(e EventGroup) bool { return e.Topic })
	if len(s.Events) < 2 || t < 0 || s.Events[t].Named < EventNamedMin || strings.HasPrefix(s.Events[t].Name, "《") {
		return ""
	}
	for k, e := range s.Events {
		if k != t && s.Events[t].Items < MainEventRatio*e.Items {
			return ""
		}
	}
	name := strings.Trim(s.Events[t].Name, "#")
	if name == "" {
		return ""
	}
	if !slices.ContainsFunc(TopicNames(topic), func(n string) bool { return strings.Contains(strings.ToLower(name), n) }) {
		name = strings.TrimSpace(topic) + name
	}
	return name
}
