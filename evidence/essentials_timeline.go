package evidence

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// timeline are the dated events of the on-topic items: dates with a year
// (1900 or later and not after the window's end, when known), each
// sentence counted for its first date only, listing lines (listingDate)
// and sentences Classify finds no clean statement left out; one event per
// date — the date's first item by primaryRank, then id. Then one event is
// printed once (sameEvent): a date stated with another year for the same
// month and day (an engine's "2024年7月25日法院判决公布" beside the ruling of
// 2025年7月25日) joins the date more items state, and a month and day
// stated without a year ("7月25日,法院审理认为…", often a web page) joins
// the dated event it speaks of: a web page is the event's Primary, cited
// before the sentence that states the year (when no web page states the
// year itself). The
// EssentialEvents dates stated by most items (ties: the earlier date),
// oldest first.
func timeline(set *Set, topical []bool, end string) []Event {
	tl := collectDays(set, topical, end)
	slices.Sort(tl.order)
	tl.joinYears()
	tl.joinLoose()
	tl.joinActions()
	days, order := tl.days, tl.order
	for _, d := range days {
		d.ev.Items = len(d.items)
	}
	slices.SortStableFunc(order, func(a, b string) int {
		return cmp.Or(cmp.Compare(days[b].ev.Items, days[a].ev.Items), strings.Compare(a, b))
	})
	order = order[:min(len(order), EssentialEvents)]
	slices.Sort(order)
	out := make([]Event, 0, len(order))
	for _, d := range order {
		out = append(out, days[d].ev)
	}
	return out
}

// timelineDay is one date of the timeline: its event (the date's first
// item by primaryRank, then id), that item's rank, the items stating the
// date and the content terms of their sentences.
type timelineDay struct {
	ev    Event
	rank  int
	items map[string]bool
	terms map[string]bool
}

// undatedEvent is a month and day stated without a year ("--MM-DD"), its
// item and sentence.
type undatedEvent struct {
	f    Figure
	it   *Item
	text string
}

// timelineDays are the dated events found, by date (order: the dates),
// and the undated ones.
type timelineDays struct {
	days  map[string]*timelineDay
	order []string
	loose []undatedEvent
}

// collectDays reads the dates of the on-topic items (timeline's rules:
// a year from 1900 and not after end, one event per sentence, no listing,
// noise, birth or cut page).
func collectDays(set *Set, topical []bool, end string) *timelineDays {
	tl := &timelineDays{days: map[string]*timelineDay{}}
	said := map[string]bool{} // item + sentence: one event per sentence, its first date
	for _, f := range set.Figures {
		if f.Kind != FigDate {
			continue
		}
		noYear := strings.HasPrefix(f.Date, "--")
		if !noYear && (f.Date < "1900" || (end != "" && f.Date > end[:min(len(end), len(f.Date))])) {
			continue
		}
		i, ok := set.byID[f.ItemID]
		if !ok || !topical[i] || !set.topicEvent(i) {
			continue
		}
		it := &set.Items[i]
		text := sentenceWith(it.Text, f.Raw)
		if listingDate(text, f.Raw) || said[it.ID+"\x00"+text] || Classify(text, "") != Clean ||
			birthDate(text, f.Raw) || periodStart(text, f.Raw) || it.Kind == KindSource && cutOffSentence(it.Text, f.Raw) {
			continue // a dated listing line, page noise, a sentence whose first date was taken, a birth, a period, a cut page
		}
		said[it.ID+"\x00"+text] = true
		if noYear {
			tl.loose = append(tl.loose, undatedEvent{f, it, text})
			continue
		}
		d := tl.days[f.Date]
		if d == nil {
			d = &timelineDay{rank: 3, items: map[string]bool{}, terms: map[string]bool{}}
			tl.days[f.Date] = d
			tl.order = append(tl.order, f.Date)
		}
		d.items[it.ID] = true
		for t := range eventTerms(text) {
			d.terms[t] = true
		}
		if r := primaryRank(it); r < d.rank {
			d.rank = r
			d.ev = Event{Date: f.Date, Raw: f.Raw, Text: text, ItemID: it.ID, Group: it.Event}
		}
	}
	return tl
}

// bigger reports date a stated by more items than b (ties: the later
// year, the run's own).
func (tl *timelineDays) bigger(a, b string) bool {
	da, db := tl.days[a], tl.days[b]
	return len(da.items) > len(db.items) || len(da.items) == len(db.items) && a > b
}

// joinYears joins the days of one month and day that speak of the same
// thing (sameEvent) into the one more items state: one event, its date
// the one more items state, the other recorded as a conflict (Event.Conflicts).
func (tl *timelineDays) joinYears() {
	tl.joinWhere(func(a, b string) bool {
		return len(a) == 10 && len(b) == 10 && a[4:] == b[4:] && sameEvent(tl.days[a].terms, tl.days[b].terms)
	})
}

// joinWhere joins day b into day a (join) for each pair, in order, of days
// not joined away yet that same reports one event and that a is bigger of.
func (tl *timelineDays) joinWhere(same func(a, b string) bool) {
	gone := map[string]bool{}
	for _, a := range tl.order {
		for _, b := range tl.order {
			if a != b && !gone[a] && !gone[b] && same(a, b) && tl.bigger(a, b) {
				tl.join(a, b)
				gone[b] = true
			}
		}
	}
	tl.order = slices.DeleteFunc(tl.order, func(d string) bool { return gone[d] })
}

// join joins day b into day a: its items, and its event (with the
// conflicts it holds) as a conflict of a's.
func (tl *timelineDays) join(a, b string) {
	for id := range tl.days[b].items {
		tl.days[a].items[id] = true
	}
	ev := tl.days[b].ev
	tl.days[a].ev.Conflicts = append(append(tl.days[a].ev.Conflicts, ev.Conflicts...), Event{Date: ev.Date, Raw: ev.Raw, Text: ev.Text,
		ItemID: ev.ItemID, Items: len(tl.days[b].items), Primary: ev.Primary, Group: ev.Group})
}

// oneTimeActions are what happens once in a case: the accusation, the
// first-instance ruling, the suit, the sanction.
var oneTimeActions = []string{"指控", "一审", "起诉", "立案", "记过"}

// joinActions joins the days whose sentences tell one one-time action
// (the first of oneTimeActions each holds outside quotes, by position:
// "针对…“…性骚扰指控被法院驳回”一事" quotes one, it tells none) on dates more
// than EventNearDays apart: the sources disagree on when it happened
// (the fixture's accusation: "事件起源于2023年7月11日，…杨景媛…指控对面男生…"
// and "2023年10月,…杨姓女生指控…"), it is one event, dated as more items
// date it, the other date its conflict. Dates near each other (2025-07
// and 2025-07-25) are one date said twice, no conflict.
func (tl *timelineDays) joinActions() {
	act := map[string]string{} // each day's action (its sentence never changes)
	for _, d := range tl.order {
		act[d] = firstAny(unquoted(tl.days[d].ev.Text), oneTimeActions)
	}
	tl.joinWhere(func(a, b string) bool { return act[a] != "" && act[b] == act[a] && !nearDates(a, b) })
}

// quotedRE is a quoted span: “…”, 「…」 or 《…》.
var quotedRE = regexp.MustCompile(`“[^”]*”|「[^」]*」|《[^》]*》`)

// unquoted is s without its quoted spans.
func unquoted(s string) string { return quotedRE.ReplaceAllString(s, "") }

// joinLoose joins a month and day without a year to the dated event it
// speaks of; a web page is the event's Primary, cited before the sentence
// that gives the year (when no web page states the year itself).
func (tl *timelineDays) joinLoose() {
	for _, u := range tl.loose {
		best := ""
		terms := eventTerms(u.text)
		for _, d := range tl.order {
			if len(d) == 10 && d[4:] == u.f.Date[1:] && sameEvent(tl.days[d].terms, terms) && (best == "" || tl.bigger(d, best)) {
				best = d
			}
		}
		if best == "" {
			continue
		}
		d := tl.days[best]
		d.items[u.it.ID] = true
		if r := primaryRank(u.it); r == 0 && d.rank > 0 && d.ev.Primary == "" {
			d.ev.Primary = u.it.ID // the page, cited before the sentence that gives the year
		}
	}
}

// SameEventTerms is how many content terms (text.Terms, no digits) the
// sentences of two dates of one month and day must share to be one event
// (法院 and 判决 in "2024年7月25日法院判决公布" and "法院判决于2025年7月25日作出").
const SameEventTerms = 2

// sameEvent reports two term sets sharing SameEventTerms terms.
func sameEvent(a, b map[string]bool) bool {
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return n >= SameEventTerms
}

// eventTerms are the content terms of a dated sentence, without the
// numbers and date words.
func eventTerms(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Terms(s) {
		if !strings.ContainsAny(t.Text, "0123456789年月日") {
			out[t.Text] = true
		}
	}
	return out
}

// listingDate reports a dated line of a listing rather than an event:
// the date followed by ". " or " · " ("2022-02-24. 教育部…通知 · 2022-02-24."),
// or a scraped image caption ("2025-3-28 Image 4: …").
func listingDate(sentence, raw string) bool {
	if strings.Contains(sentence, "Image ") {
		return true
	}
	_, rest, ok := strings.Cut(sentence, raw)
	return ok && (strings.HasPrefix(rest, ". ") || strings.HasPrefix(rest, " · ") || strings.HasPrefix(rest, " ·"))
}

// birthDate reports a date that is someone's birth, no event: "雷军(1969年
// 12月出生)", "出生于1969年12月". A sentence without raw says nothing of
// its date: false.
func birthDate(sentence, raw string) bool {
	before, after, ok := strings.Cut(sentence, raw)
	if !ok {
		return false
	}
	after = strings.TrimLeft(after, "（( ")
	return strings.HasPrefix(after, "出生") || strings.HasPrefix(after, "生人") ||
		strings.HasSuffix(before, "出生于") || strings.HasSuffix(before, "生于")
}

// periodRE matches what follows a date that opens a period of months: up
// to four runes (开业), 至/到/— and the period's end (9月底, 年底, 今, 现在):
// "2024年4月开业至9月底，声量为12780条提及" states a total over six months,
// no event of April. A range of days ("7月30日至31日") is left alone: an
// event may last two days.
var periodRE = regexp.MustCompile(`^[^，。；,;\d]{0,4}?(?:至|到|—|–|－|~|～)\s*(?:\d{4}年)?(?:\d{1,2}月|年底|年末|月底|月末|今|现在|目前)`)

// periodStart reports a date that opens a period rather than dating an
// event (periodRE).
func periodStart(sentence, raw string) bool {
	_, after, ok := strings.Cut(sentence, raw)
	return ok && periodRE.MatchString(after)
}

// cutOffSentence reports that the sentence of text holding raw runs to
// the end of text without a sentence mark: a page the engine stored cut
// off ("2006年7月下旬,武汉大学财务部陆续接到一些新生及新"), its event lost.
func cutOffSentence(text, raw string) bool {
	k := strings.Index(text, raw)
	return k >= 0 && !strings.ContainsAny(text[k:], sentenceEnds)
}

// sentenceEnds are the marks that end a sentence of the timeline.
const sentenceEnds = "。｡！？!?；;"

// sentenceWith is the sentence of text holding raw, cut to eventRunes
// runes ("…" marks a cut).
func sentenceWith(text, raw string) string {
	k := max(strings.Index(text, raw), 0)
	start, end := 0, len(text)
	if i := strings.LastIndexAny(text[:k], sentenceEnds); i >= 0 {
		_, n := utf8.DecodeRuneInString(text[i:])
		start = i + n
	}
	if i := strings.IndexAny(text[k:], sentenceEnds); i >= 0 {
		_, n := utf8.DecodeRuneInString(text[k+i:])
		end = k + i + n
	}
	s := strings.TrimSpace(text[start:end])
	if rs := []rune(s); len(rs) > eventRunes {
		s = string(rs[:eventRunes-1]) + "…"
	}
	return s
}
