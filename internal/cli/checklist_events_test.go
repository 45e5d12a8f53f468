package cli

import (
	"strings"
	"testing"

	"reportengine/evidence"
	"reportengine/ir"
)

// ---- the checklist's event rules (issue 22: other events are not this one) ----
//
// A report is about its topic event (evidence.GroupEvents, saved in
// evidence.json's essentials): a KPI card or a finding from the material
// of a related event (another incident of the same university or company)
// presents another event as this one. The checklist reads it from the
// written report: the passages a card or a finding cites (sourceHolds),
// their sentences and the events evidence.json lists.

// citedItems are the evidence items the references refs (1-based) resolve to.
func citedItems(doc *ir.Document, items []evidence.Item, refs []int) []evidence.Item {
	var out []evidence.Item
	for _, n := range refs {
		if n < 1 || n > len(doc.Sources) {
			continue
		}
		for _, it := range items {
			if sourceHolds(doc.Sources[n-1], it) {
				out = append(out, it)
			}
		}
	}
	return out
}

// eventsOf are the report's topic event and its related events, from
// evidence.json's essentials; a zero topic when it lists none.
func eventsOf(es *evidence.Essentials) (topic evidence.EventGroup, related []evidence.EventGroup) {
	if es == nil {
		return topic, nil
	}
	for _, e := range es.Events {
		if e.Topic {
			topic = e
		} else {
			related = append(related, e)
		}
	}
	return topic, related
}

// namesRelated is the related event sentence names: its name as written,
// or one of its key terms when sentence holds none of the topic event's
// (a comparison naming both, "与此前和服赏樱事件相比，本次图书馆事件…", is
// judged by the name alone); "" for none.
func namesRelated(sentence string, topic evidence.EventGroup, related []evidence.EventGroup) string {
	topical := false
	for _, t := range topic.Terms {
		topical = topical || strings.Contains(sentence, t)
	}
	for _, e := range related {
		if e.Name != "" && strings.Contains(sentence, e.Name) {
			return e.Name
		}
		for _, t := range e.Terms {
			if !topical && strings.Contains(sentence, t) {
				return e.Name
			}
		}
	}
	return ""
}

// sentenceHolding is the sentence of text (cut at 。！？；) that holds s, "" for none.
func sentenceHolding(text, s string) string {
	for _, sent := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune("。！？；!?;", r) }) {
		if strings.Contains(strings.ReplaceAll(sent, " ", ""), s) {
			return sent
		}
	}
	return ""
}

// otherEventKPI is the related event a KPI card's figure belongs to, ""
// when it belongs to none: among the cited passages holding the card's
// (first) value, one whose sentence holding it names a related event
// (namesRelated), or one evidence.json files under a related event.
func otherEventKPI(k ir.KPI, cited []evidence.Item, es *evidence.Essentials) string {
	topic, related := eventsOf(es)
	v := strings.ReplaceAll(strings.TrimSpace(strings.Split(k.Value, "→")[0]), " ", "")
	for _, it := range cited {
		sent := sentenceHolding(it.Text, v)
		if sent == "" {
			continue
		}
		if e := namesRelated(sent, topic, related); e != "" {
			return e
		}
		if e := relatedName(it.Event, related); e != "" {
			return e
		}
	}
	return ""
}

// otherEventFinding is the related event a finding is about, "" for none:
// the finding names one (namesRelated), or a cited passage it quotes (the
// one holding its first 12 runes, or held in it) is filed under one.
func otherEventFinding(text string, cited []evidence.Item, es *evidence.Essentials) string {
	topic, related := eventsOf(es)
	if e := namesRelated(text, topic, related); e != "" && !strings.Contains(text, topic.Name) {
		return e
	}
	head := string([]rune(text)[:min(12, len([]rune(text)))])
	for _, it := range cited {
		if strings.Contains(it.Text, head) || strings.Contains(text, printedText(it.Text)) {
			if e := relatedName(it.Event, related); e != "" {
				return e
			}
		}
	}
	return ""
}

// relatedName is the name of the related event with that id, "" when id
// is none of them.
func relatedName(id string, related []evidence.EventGroup) string {
	for _, e := range related {
		if id != "" && e.ID == id {
			return e.Name
		}
	}
	return ""
}

// The event rules on the fixture's cases (issue 22's reading of the
// hero): 支持学校决定的比例 26%→48% is the 和服赏樱 event's, 话题阅读量单日新增
// 1.2亿次 the 甲醛 event's, 3.2亿次 a passage filed under the 4月15日
// event; 影响力指数 65.4 of the library case is the topic's. Each rule
// fails its case when removed or reversed.
func TestOtherEventRules(t *testing.T) {
	es := &evidence.Essentials{Events: []evidence.EventGroup{
		{ID: "V1", Name: "图书馆事件", Terms: []string{"图书馆", "性骚扰", "诬告"}, Topic: true},
		{ID: "V5", Name: "和服赏樱事件", Terms: []string{"和服", "赏樱"}},
		{ID: "V6", Name: "甲醛事件", Terms: []string{"甲醛"}},
		{ID: "V20", Name: "4月15日前后的事件"},
	}}
	item := func(text, event string) evidence.Item { return evidence.Item{Text: text, Event: event} }
	cases := []struct {
		k     ir.KPI
		cited []evidence.Item
		want  string
	}{
		// the sentence names the event as written (even filed under no event)
		{ir.KPI{Label: "支持学校决定的比例", Value: "26%→48%"}, []evidence.Item{
			item("武汉大学在“和服赏樱”事件中的公关策略相对成功：午间回应，使支持学校决定的比例从26%飙升至48%。", "")}, "和服赏樱事件"},
		// a key term of the event in the sentence, none of the topic's
		{ir.KPI{Label: "话题阅读量单日新增", Value: "1.2亿次"}, []evidence.Item{
			item("如甲醛事件中，后勤部称检测合格的通报发出后，导致话题阅读量单日新增1.2亿次。", "")}, "甲醛事件"},
		// the passage filed under a related event
		{ir.KPI{Label: "微博话题阅读量", Value: "3.2亿次"}, []evidence.Item{
			item("3. 触发词“985滤镜碎了”在微博话题阅读量3.2亿次，成为标志性符号。", "V20")}, "4月15日前后的事件"},
		// the topic event's figure
		{ir.KPI{Label: "事件影响力指数", Value: "65.4"}, []evidence.Item{
			item("根据知微事见数据统计，该事件影响力指数达65.4，较同类高校舆情事件均值高出10.8%。", "V1")}, ""},
		// the same speech gives it to the 和服 event too
		{ir.KPI{Label: "事件影响力指数", Value: "65.4"}, []evidence.Item{
			item("根据知微事见数据统计，该事件影响力指数达65.4，较同类高校舆情事件均值高出10.8%。", "V1"),
			item("“武汉大学‘和服赏樱’冲突事件”影响力最高，达65.4。", "V5")}, "和服赏樱事件"},
		// a topic sentence holding a related event's term is the topic's
		{ir.KPI{Label: "图书馆事件阅读量", Value: "12万"}, []evidence.Item{
			item("图书馆事件中，赏樱季之后的主帖阅读量破12万。", "V1")}, ""},
	}
	for _, c := range cases {
		if got := otherEventKPI(c.k, c.cited, es); got != c.want {
			t.Errorf("otherEventKPI(%s %s) = %q, want %q", c.k.Label, c.k.Value, got, c.want)
		}
	}
	findings := []struct {
		text  string
		cited []evidence.Item
		want  string
	}{
		{"研究生甲醛事件在QQ群形成互助文档，检测报告显示超标", nil, "甲醛事件"},
		{"2025年5月,熊姓副教授被举报抄袭学生硕士论文", []evidence.Item{item("2025年5月,熊姓副教授被举报抄袭学生硕士论文｡", "V6")}, "甲醛事件"},
		{"2025年7月25日，法院驳回诬告一方的诉讼请求", []evidence.Item{item("2025年7月25日，法院驳回诬告一方的诉讼请求。", "V1")}, ""},
		{"与此前和服赏樱事件相比，本次图书馆事件的央级媒体参与度更高", nil, ""},
	}
	for _, f := range findings {
		if got := otherEventFinding(f.text, f.cited, es); got != f.want {
			t.Errorf("otherEventFinding(%s) = %q, want %q", f.text, got, f.want)
		}
	}
}
