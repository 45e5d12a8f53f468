package evidence

import "testing"

// The report names the case the data is about when one dominates (issue
// 22): the fixture's library case holds 564 passages, the next event 155.
func TestCaseName(t *testing.T) {
	set := Collect(fixtureInput(t))
	if got := set.CaseName("武汉大学"); got != "武汉大学图书馆事件" {
		t.Errorf("fixture case name %q, want 武汉大学图书馆事件 (events %+v)", got, set.Events[:2])
	}
	ev := func(name string, items, named int, topic bool) EventGroup {
		return EventGroup{Name: name, Items: items, Named: named, Topic: topic}
	}
	for _, c := range []struct {
		events []EventGroup
		want   string
	}{
		{[]EventGroup{ev("图书馆事件", 40, 5, true), ev("和服赏樱事件", 20, 3, false)}, "武汉大学图书馆事件"},
		{[]EventGroup{ev("和服赏樱事件", 20, 3, false), ev("图书馆事件", 39, 5, true)}, ""},       // not twice the other's passages
		{[]EventGroup{ev("#武大樱花预约#", 40, 5, true), ev("甲醛事件", 3, 2, false)}, "武大樱花预约"}, // holds a name of the topic: as is
		{[]EventGroup{ev("图书馆事件", 40, 1, true), ev("甲醛事件", 3, 2, false)}, ""},          // named once
		{[]EventGroup{ev("《游戏少年逆袭》", 40, 5, true), ev("甲醛事件", 3, 2, false)}, ""},       // a piece, not a case
		{[]EventGroup{ev("图书馆事件", 40, 5, true)}, ""},                                   // one event: the topic itself
	} {
		s := &Set{Events: c.events}
		if got := s.CaseName("武汉大学"); got != c.want {
			t.Errorf("%+v: case name %q, want %q", c.events, got, c.want)
		}
	}
}
