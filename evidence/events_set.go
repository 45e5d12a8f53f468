package evidence

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// setEvents records the groups that passages are about as Set.Events
// (ordered, the topic event marked; GroupEvents rule 4), each item's and
// each figure's event, and the figures a text gives to two events.
func (s *Set) setEvents(tp *Topic, own, ev []int32, names [][]eventName, groups [][]string, et *eventTable) {
	type tally struct {
		g                   int
		items, named, topic int
		names               map[string]int
		dates               []string
	}
	ts := make([]*tally, len(groups))
	for g := range groups {
		ts[g] = &tally{g: g, names: map[string]int{}}
	}
	for i := range s.Items {
		if ev[i] == 0 {
			continue
		}
		t := ts[ev[i]-1]
		t.items++
		if tp.Names(s.Items[i].Text) {
			t.topic++
		}
		if own[i] == 0 {
			continue // its dates are its segment's event's only when it names it
		}
		for _, n := range names[i] {
			if int32(et.of[n.terms[0]])+1 == ev[i] {
				t.names[n.name]++
			}
		}
		if len(names[i]) > 0 {
			t.named++
		}
		for _, f := range s.figuresOf(s.Items[i].ID) {
			if f.Kind == FigDate && f.Date != "" && !slices.Contains(t.dates, f.Date) {
				t.dates = append(t.dates, f.Date)
			}
		}
	}
	kept := slices.DeleteFunc(ts, func(t *tally) bool { return t.items == 0 })
	slices.SortStableFunc(kept, func(a, b *tally) int { return cmp.Compare(b.items, a.items) })
	index := make([]int32, len(groups)) // group → 1 + position in Set.Events
	s.Events = make([]EventGroup, len(kept))
	topic := 0
	for k, t := range kept {
		index[t.g] = int32(k) + 1
		if t.topic > kept[topic].topic || t.topic == kept[topic].topic && t.items > kept[topic].items {
			topic = k
		}
		slices.Sort(t.dates)
		e := EventGroup{ID: "V" + strconv.Itoa(k+1), Terms: groups[t.g], Named: t.named, Items: t.items,
			Dates: t.dates[:min(len(t.dates), EventDates)]}
		for n, c := range t.names {
			if best := t.names[e.Name]; c > best || c == best && n < e.Name {
				e.Name = n
			}
		}
		s.Events[k] = e
	}
	if len(s.Events) > 0 {
		s.Events[topic].Topic = true
	}
	for i := range s.Items {
		if ev[i] > 0 {
			s.Items[i].event = index[ev[i]-1]
			s.Items[i].Event = s.Events[s.Items[i].event-1].ID
		}
	}
	s.datedEvents()
	for fi := range s.Figures { // after datedEvents: a figure is about its item's event, dated ones too
		if i, ok := s.byID[s.Figures[fi].ItemID]; ok {
			s.Figures[fi].Event = s.Items[i].Event
		}
	}
	s.markContested()
	s.markBackground()
}

// datedEvents gives the passages about no event of a text that names no
// event's incident but dates what it tells an event of their own (when):
// a text none of whose passages is about the topic event, stating
// EventTextDates dates or more, none within EventNearDays of a date the
// topic event's passages state (the fixture's 12:32:11 speech tells of
// 4月15日–4月19日, the library case of July), is about another event,
// named after its first date ("4月15日前后的事件"). Texts of one first date
// share it. Nothing is done when the topic event states fewer than
// EventTextDates dates.
func (s *Set) datedEvents() {
	topic := slices.IndexFunc(s.Events, func(e EventGroup) bool { return e.Topic })
	if len(s.Events) < 2 || topic < 0 || len(s.Events[topic].Dates) < EventTextDates {
		return
	}
	type text struct {
		items   []int
		dates   []string
		first   string // raw
		onTopic bool
	}
	texts := map[int32]*text{}
	var order []int32
	for i := range s.Items {
		it := &s.Items[i]
		t := texts[it.doc]
		if t == nil {
			t = &text{}
			texts[it.doc] = t
			order = append(order, it.doc)
		}
		t.onTopic = t.onTopic || int(it.event) == topic+1
		if it.event != 0 {
			continue
		}
		t.items = append(t.items, i)
		for _, f := range s.figuresOf(it.ID) {
			if f.Kind == FigDate && f.Date != "" && !slices.Contains(t.dates, f.Date) {
				if t.first == "" {
					t.first = f.Raw
				}
				t.dates = append(t.dates, f.Date)
			}
		}
	}
	byName := map[string]int32{}
	for _, d := range order {
		t := texts[d]
		if t.onTopic || len(t.dates) < EventTextDates || slices.ContainsFunc(t.dates, func(x string) bool {
			return slices.ContainsFunc(s.Events[topic].Dates, func(y string) bool { return nearDates(x, y) })
		}) {
			continue
		}
		name := t.first + "前后的事件"
		e, ok := byName[name]
		if !ok {
			s.Events = append(s.Events, EventGroup{ID: "V" + strconv.Itoa(len(s.Events)+1), Name: name})
			e = int32(len(s.Events))
			byName[name] = e
		}
		g := &s.Events[e-1]
		for _, x := range t.dates {
			if !slices.Contains(g.Dates, x) && len(g.Dates) < EventDates {
				g.Dates = append(g.Dates, x)
			}
		}
		slices.Sort(g.Dates)
		for _, i := range t.items {
			s.Items[i].event, s.Items[i].Event = e, g.ID
			g.Items++
		}
	}
}

// nearDates reports two ISO dates (YYYY-MM-DD, YYYY-MM: its 15th, or
// --MM-DD without a year) at most EventNearDays apart; without a year on
// either, their days of the year are compared (around the year's end too).
func nearDates(a, b string) bool {
	ya, da, oka := dayOf(a)
	yb, db, okb := dayOf(b)
	if !oka || !okb {
		return false
	}
	if ya < 0 || yb < 0 {
		d := abs(da - db)
		return min(d, 365-d) <= EventNearDays
	}
	return abs((ya-yb)*365+da-db) <= EventNearDays
}

// dayOf is an ISO date's year (-1 for none) and day of the year (months
// of 30.5 days).
func dayOf(iso string) (year, day int, ok bool) {
	year = -1
	rest := iso
	if strings.HasPrefix(iso, "--") {
		rest = iso[2:]
	} else {
		if len(iso) < 7 {
			return 0, 0, false
		}
		y, err := strconv.Atoi(iso[:4])
		if err != nil {
			return 0, 0, false
		}
		year, rest = y, iso[5:]
	}
	m, err := strconv.Atoi(rest[:min(2, len(rest))])
	if err != nil {
		return 0, 0, false
	}
	d := 15
	if len(rest) >= 5 {
		if d, err = strconv.Atoi(rest[3:5]); err != nil {
			return 0, 0, false
		}
	}
	return year, (m-1)*61/2 + d, true
}

func abs(x int) int { return max(x, -x) }

// markContested marks the figures stated of two events, naming the other
// event in Contested (such a figure is no KPI): a figure with a KPI label,
// not a sentiment share (keyFigures keeps those with their item: 微博
// 18-22岁组负面情感占58% is not 知乎高赞回答中该年龄段占58%), whose value
// and metric (as keyFigures groups them) a passage about a related event
// states too (the fixture's three speeches with 微博话题阅读量
// 3.2亿次, two of them about the 4月15日 event), and a figure of a passage
// about an event whose value, as written, a passage of the same text about
// another event holds (the 12:12:37 speech gives 影响力指数 65.4 to the
// library case, then to the 和服赏樱 event).
func (s *Set) markContested() {
	byDoc := map[int32][]int{} // text → its items about an event
	for i := range s.Items {
		if s.Items[i].event > 0 {
			byDoc[s.Items[i].doc] = append(byDoc[s.Items[i].doc], i)
		}
	}
	// a measured figure (value and metric, as keyFigures groups them)
	// that any passage about another event states: the first such event
	events := map[string]string{}
	metricKey := func(f *Figure) string { return cmp.Or(figureKey(*f), f.Raw) + "\x00" + lastAny(f.KPI, metricWords) }
	for fi := range s.Figures {
		if f := &s.Figures[fi]; f.KPI != "" && f.Kind != FigDate && f.Kind != FigSentiment {
			if i, ok := s.byID[f.ItemID]; ok && s.otherEvent(i) && events[metricKey(f)] == "" {
				events[metricKey(f)] = f.Event
			}
		}
	}
	for fi := range s.Figures {
		f := &s.Figures[fi]
		i, ok := s.byID[f.ItemID]
		if !ok || f.Kind == FigDate || f.Raw == "" {
			continue
		}
		if e := events[metricKey(f)]; f.KPI != "" && f.Kind != FigSentiment && e != "" && e != f.Event {
			f.Contested = e
			continue
		}
		if f.Event == "" {
			continue
		}
		for _, j := range byDoc[s.Items[i].doc] {
			if s.Items[j].Event != f.Event && strings.Contains(s.Items[j].Text, f.Raw) {
				f.Contested = s.Items[j].Event
				break
			}
		}
	}
}

// otherEvent reports item i about an event that is not the run's topic
// event (GroupEvents): never a finding, KPI, chart part or timeline entry.
func (s *Set) otherEvent(i int) bool {
	if i < 0 || i >= len(s.Items) {
		return false
	}
	e := s.Items[i].event
	return e > 0 && int(e) <= len(s.Events) && !s.Events[e-1].Topic
}

// eventName is the name of item i's event, "" for none.
func (s *Set) eventNameOf(i int) string {
	if e := s.Items[i].event; e > 0 && int(e) <= len(s.Events) {
		return s.Events[e-1].Name
	}
	return ""
}

// topicFigure reports a figure that may be a KPI or chart part of the
// report: of an item about the topic event (topicEvent), and not
// contested (another event's passages state it too).
func (s *Set) topicFigure(f Figure) bool {
	if f.Contested != "" {
		return false
	}
	i, ok := s.byID[f.ItemID]
	return !ok || s.topicEvent(i)
}

// topicEvent reports item i about the run's topic event, or any item when
// the run has fewer than two events (nothing to tell apart): what may be
// a KPI, a chart part or a timeline entry. A passage about no event may
// still be a finding (otherEvent), not a figure of the topic event.
func (s *Set) topicEvent(i int) bool {
	if len(s.Events) < 2 {
		return true
	}
	e := s.Items[i].event
	return e > 0 && int(e) <= len(s.Events) && s.Events[e-1].Topic && s.foreignItem(i) == 0 && s.incident[i] == ""
}
