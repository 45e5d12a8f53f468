package localsearch

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/evidence"
	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// The Sentiment section (our addition, like Platforms): a question about
// sentiment, emotion or attitude (text.AsksSentiment: "网民的情绪倾向如
// 何？", "What was the public sentiment?") is answered with the shares of
// sentiment the knowledge's texts state (text.SentimentFigures: "负面情感
// 占58%", "“愤怒”情绪占比52.7%"), each passage with the event it is about,
// the run's main event first. With hybrid retrieval the context then
// opens with one row per passage stating such shares.
//
// Which event a passage is about is the report's rule
// (evidence.GroupEvents): its text's whole units (each document's text
// units joined, one text each) are collected as evidence.Collect collects
// forum speeches, under the knowledge's topic (its entity of type topic);
// a passage is about the event it names, else its segment's (the part
// under one heading), else its text's, or a dated event of its own. The
// main event is the topic event when the evidence names the case
// (evidence.Set.CaseName: it dominates the other events). Rows, in this
// order, have the scope:
//
//   - "main": the main event's passages;
//   - "topic": every passage when no main event exists (the topic's own
//     figures, as in a run about one shop: its events are then not told
//     apart, a figure of the whole being often given to the event its
//     paragraph goes on to tell);
//   - "other": another event's passages, its name in the event column,
//     largest event first;
//   - "unattributed": passages about no event when a main event exists:
//     never given as the case's.
//
// Within a scope, passages keep text order. With a subject in the question
// (its content terms but the frame, text.SentimentFrame: "长江大保护相关的
// 网络情绪如何？"), only passages whose text holds every subject term
// count. A model cites a row as [Data: Sentiment (0)]. BettaFish's
// insight engine computes sentiment with a classifier over posts; we
// report what the texts state, with no model.

// SentimentName is the Sentiment section's name; its records are
// Records["sentiment"] (columns id, statement, scope, event, shares).
const SentimentName = "Sentiment"

// MaxSentimentRows bounds the rows of the Sentiment section;
// MaxEventSentimentRows those of one other event and those unattributed,
// so that the figures of several events show.
const (
	MaxSentimentRows      = 14
	MaxEventSentimentRows = 1
)

// MaxSentimentTexts bounds the texts the Sentiment section collects
// (sentimentTexts): evidence's collection of the fixture's 283 texts
// takes about 0.5 s; of the 300 000-record benchmark's, 48 s and 3.2 GB.
const MaxSentimentTexts = 1000

// SentimentStatementRunes bounds a row's statement (cut at a rune).
const SentimentStatementRunes = 160

// Scopes of a Sentiment row.
const (
	ScopeMain         = "main"
	ScopeTopic        = "topic"
	ScopeOther        = "other"
	ScopeUnattributed = "unattributed"
)

// speechHead is the time and speaker opening a forum speech's text unit
// (knowledge.FromGraph: "[10:18:20] INSIGHT: …"), not part of what it says.
var speechHead = regexp.MustCompile(`^\[\d{1,2}:\d\d:\d\d\] [A-Za-z]+: `)

// sentimentRow is one passage stating shares of sentiment.
type sentimentRow struct {
	scope, event string
	rank         int // the scope's order, then the event's position in evidence.Set.Events
	shares       string
	kinds        int // the kinds of sentiment (text.SentimentFigure.Category) it states a share of
	statement    string
	docs         []int // the texts (sentimentIndex.texts) holding the passage
}

// sentimentIndex is every passage of the knowledge stating shares of
// sentiment, in row order, made once per builder (sentiments).
type sentimentIndex struct {
	texts []string // lower-cased, one per document
	rows  []sentimentRow
	topic []text.Term // the content terms of the knowledge's topic
}

// collectSentiments joins each document's text units into its text and
// collects them with evidence (see the Sentiment section above).
func (b *ContextBuilder) collectSentiments() *sentimentIndex {
	idx := &sentimentIndex{}
	entries := b.sentimentTexts()
	for _, e := range entries {
		idx.texts = append(idx.texts, strings.ToLower(e.Content))
	}
	topic := b.topicTitle()
	set := evidence.Collect(evidence.Input{Topic: topic, Forum: entries})
	main := set.CaseName(topic) != ""
	for _, it := range set.Items {
		figs := text.SentimentFigures(it.Text)
		if len(figs) == 0 || tableRow(it.Text) {
			continue
		}
		r := sentimentRow{statement: strings.NewReplacer("|", "｜", "\n", " ").Replace(sentimentStatement(it.Text, figs[0].Raw))}
		shares := make([]string, len(figs))
		for i, f := range figs {
			shares[i] = f.Category + " " + f.Raw
		}
		r.shares = strings.Join(shares, "; ")
		r.kinds = sentimentKinds(figs)
		for _, p := range it.Provenance {
			r.docs = append(r.docs, p.ForumLine-1)
		}
		e := slices.IndexFunc(set.Events, func(g evidence.EventGroup) bool { return g.ID == it.Event })
		switch {
		case e >= 0 && main && set.Events[e].Topic:
			r.scope, r.rank = ScopeMain, 0
		case !main:
			r.scope, r.rank = ScopeTopic, 1
		case e >= 0:
			r.scope, r.rank = ScopeOther, 2+e
		default:
			r.scope, r.rank = ScopeUnattributed, 2+len(set.Events)
		}
		if r.scope == ScopeOther && !namesEvent(it.Text, set.Events[e]) {
			// about the event only by its segment or text (a long report
			// telling several): not said to be that event's
			r.scope, r.rank = ScopeUnattributed, 2+len(set.Events)
		}
		if r.scope == ScopeMain {
			r.event = set.CaseName(topic)
		} else if r.scope == ScopeOther {
			r.event = strings.ReplaceAll(strings.Trim(set.Events[e].Name, "#"), "|", "｜")
		}
		idx.rows = append(idx.rows, r)
	}
	slices.SortStableFunc(idx.rows, func(a, c sentimentRow) int { return cmp.Compare(a.rank, c.rank) })
	idx.topic = text.Terms(topic)
	return idx
}

// sentimentKinds is the number of kinds of sentiment (Category) figs
// give a share of.
func sentimentKinds(figs []text.SentimentFigure) int {
	seen := map[string]bool{}
	for _, f := range figs {
		seen[f.Category] = true
	}
	return len(seen)
}

// sentimentStatement is passage cut to SentimentStatementRunes so that it
// shows its first share of sentiment (raw, as written): from its start
// when the share lies within the cut, else from the clause holding the
// share (after the last ，。；｜ or line end before it), opened with "…".
func sentimentStatement(passage, raw string) string {
	cut := text.TruncateRunes(passage, SentimentStatementRunes)
	at := strings.Index(passage, raw)
	if at < 0 || at+len(raw) <= len(cut) {
		return cut
	}
	start := strings.LastIndexAny(passage[:at], "，。；｜|\n") + 1
	if r, n := utf8.DecodeRuneInString(passage[start-1:]); start > 0 && r != utf8.RuneError {
		start += n - 1 // past the whole separator
	}
	return "…" + text.TruncateRunes(strings.TrimSpace(passage[start:]), SentimentStatementRunes-1)
}

// tableRow reports whether passage is a row of a table (three or more
// cell separators, | or ｜): what its percentages are shares of is read
// across cells ("…仍含63%“其他费用” ｜ 11.2亿 ｜ 甲醛超标 ｜ …" gave 质疑 63%),
// so it states no share of sentiment.
func tableRow(passage string) bool {
	return strings.Count(passage, "|")+strings.Count(passage, "｜") >= 3
}

// namesEvent reports whether passage names event itself: it holds one of
// the event's key terms (evidence.EventGroup.Terms). A passage about
// another event only through its segment or text, as the paragraphs of an
// engine's report telling several events are, is not labelled with it. A
// dated event ("4月15日前后的事件") has no key terms: its passages are
// told by their text's date, and keep it.
func namesEvent(passage string, event evidence.EventGroup) bool {
	if len(event.Terms) == 0 {
		return true
	}
	low := strings.ToLower(passage)
	return slices.ContainsFunc(event.Terms, func(t string) bool { return t != "" && strings.Contains(low, strings.ToLower(t)) })
}

// sentimentTexts are the texts collected for the Sentiment section, as
// forum entries (Line: 1 + the text's index): each document's text units
// joined, the speaker's head taken off; of a knowledge of more than
// MaxSentimentTexts texts, only the first MaxSentimentTexts that state a
// share of sentiment (its events are then read from those alone).
func (b *ContextBuilder) sentimentTexts() []forum.Entry {
	units := b.m.TextUnits()
	var starts []int // the first unit of each document, then len(units)
	for k, u := range units {
		if k == 0 || u.DocumentID != units[k-1].DocumentID || u.DocumentID == "" {
			starts = append(starts, k)
		}
	}
	starts = append(starts, len(units))
	all := len(starts)-1 <= MaxSentimentTexts
	var out []forum.Entry
	for d := 0; d+1 < len(starts) && len(out) < MaxSentimentTexts; d++ {
		doc := units[starts[d]:starts[d+1]]
		if !all && !slices.ContainsFunc(doc, func(u knowledge.TextUnit) bool { return strings.ContainsAny(u.Text, "%％") }) {
			continue // no percentage: no share of sentiment (the cheap test first)
		}
		parts := make([]string, len(doc))
		for k, u := range doc {
			parts[k] = u.Text
		}
		c := speechHead.ReplaceAllString(strings.Join(parts, "\n"), "")
		if c != "" && (all || len(text.SentimentFigures(c)) > 0) {
			out = append(out, forum.Entry{Line: len(out) + 1, Speaker: "TEXT", Content: c})
		}
	}
	return out
}

// sentimentRows are the rows about question's subject (every row when it
// names none; a term of the knowledge's topic is no subject: 网民对武汉大学
// 的舆论情绪 asks about the whole of a run about 武汉大学), in row order
// (without a subject, within a scope and event the rows stating more
// kinds of sentiment first);
// without a subject at most MaxEventSentimentRows of each other event and
// of the unattributed ones (a subject already keeps only the passages
// about it).
func (b *ContextBuilder) sentimentRows(question string) []sentimentRow {
	idx := b.sentiments()
	var subject []text.Term
	for _, t := range text.Terms(question) {
		if !text.SentimentFrame(t.Text) && !slices.ContainsFunc(idx.topic, func(p text.Term) bool { return p.Text == t.Text }) {
			subject = append(subject, t)
		}
	}
	var out []sentimentRow
	per := map[string]int{}
	for _, r := range idx.rows {
		k := r.scope + "\x00" + r.event
		if len(subject) == 0 && (r.scope == ScopeOther || r.scope == ScopeUnattributed) && per[k] >= MaxEventSentimentRows {
			continue
		}
		if slices.ContainsFunc(r.docs, func(d int) bool { return holdsTerms(idx.texts[d], subject) }) {
			out = append(out, r)
			per[k]++
		}
	}
	if len(subject) == 0 {
		// asked of the whole: within a scope and event, the passage
		// stating the most kinds of sentiment first, the whole
		// composition (正面64%、中性26%、负面10%) answering "正面负面各占多少"
		// before one figure (差评率升至4%); a subject's rows keep the
		// texts' order (断货那周负面涨到多少 asks that week's figure)
		slices.SortStableFunc(out, func(a, c sentimentRow) int {
			return cmp.Or(cmp.Compare(a.rank, c.rank), cmp.Compare(c.kinds, a.kinds))
		})
	}
	return out
}

// holdsTerms reports whether the lower-cased s holds every term (itself
// or a synonym).
func holdsTerms(s string, terms []text.Term) bool {
	return !slices.ContainsFunc(terms, func(t text.Term) bool {
		return !slices.ContainsFunc(t.Words(), func(w string) bool { return text.HoldsTerm(s, w) })
	})
}

// sentimentSection renders the Sentiment section for question within
// budget tokens into rec; "" when the question asks about no sentiment,
// asks on what it bears rather than its shares (text.AsksSentimentAspects:
// 负面评论主要集中在哪些方面), or no passage about its subject states a
// share of sentiment.
func (b *ContextBuilder) sentimentSection(question string, tc *counter, budget int, rec Records) string {
	if !text.AsksSentiment(question) || text.AsksSentimentAspects(question) {
		return ""
	}
	rows := b.sentimentRows(question)
	header := []string{"id", "statement", "scope", "event", "shares"}
	return aggregateSection(tc, SentimentName, header, budget, min(len(rows), MaxSentimentRows), rec, func(i int) []string {
		r := rows[i]
		return []string{fmt.Sprint(i), r.statement, r.scope, r.event, r.shares}
	})
}

// sentimentGate is what the relevance gate judges of a question about
// sentiment: nil when all its terms are the frame (text.SentimentFrame:
// 情绪, 倾向, 网民; sentiment, public) and the knowledge states shares of
// sentiment (the question is then about the whole knowledge, and
// answered); else gate without the frame's terms the knowledge never
// uses (夸, 骂 of "大家到底是夸它啥、骂它啥？", which the texts state as
// 正面 and 负面 shares: heldout62), the subject judged as in any question
// ("长江大保护相关的网络情绪如何？"). A knowledge stating no shares keeps
// gate. The caller asks it only of a question asking sentiment
// (text.AsksSentiment).
func (b *ContextBuilder) sentimentGate(gate []knowledge.TermStat) []knowledge.TermStat {
	if len(b.sentiments().rows) == 0 {
		return gate
	}
	if !slices.ContainsFunc(gate, func(s knowledge.TermStat) bool { return !text.SentimentFrame(s.Term) }) {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(gate), func(s knowledge.TermStat) bool { return !s.Found() && text.SentimentFrame(s.Term) })
}

// topicTitle is the title of the knowledge's topic (the first entity of
// type topic: our graphs have one), "" when it has none (a GraphRAG
// index).
func (b *ContextBuilder) topicTitle() string {
	if i := slices.IndexFunc(b.m.Entities(), func(e knowledge.Entity) bool { return e.Type == string(graphrag.TypeTopic) }); i >= 0 {
		return b.m.Entities()[i].Title
	}
	return ""
}
