package evidence

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"reportengine/text"
)

// eagerProfile is the plain profile the lazy one answers as: every text
// read first, its terms and places counted.
func eagerProfile(texts, prefixes []string) (vocab, places map[string]bool) {
	counts, placeCounts := map[string]int{}, map[string]int{}
	for _, p := range texts {
		ws := text.Words(p)
		for _, term := range text.TermsOf(p, ws) {
			counts[term.Text]++
		}
		for _, e := range entitiesIn(p, ws, prefixes...) {
			if e.kind == entityPlace {
				placeCounts[e.name]++
			}
		}
	}
	vocab, places = map[string]bool{}, map[string]bool{}
	for w, n := range counts {
		if n >= ProfileMinCount && !text.IsStopWord(w) {
			vocab[w] = true
		}
	}
	for pl, n := range placeCounts {
		if n >= ProfilePlaceCount {
			places[pl] = true
		}
	}
	return vocab, places
}

// checkProfile compares the lazy profile of tp with the eager one on
// every term and entity of asked, the eager answers' own keys included.
func checkProfile(t *testing.T, name string, tp *Topic, profileTexts, asked []string) {
	t.Helper()
	vocab, places := eagerProfile(profileTexts, tp.words)
	if got, want := tp.profile.largeVocab(), len(vocab) >= MinVocabulary; got != want {
		t.Errorf("%s: largeVocab %v, want %v (%d terms)", name, got, want, len(vocab))
	}
	terms, names := map[string]bool{}, map[string]bool{}
	for w := range vocab {
		terms[w] = true
	}
	for pl := range places {
		names[pl] = true
	}
	for _, s := range asked {
		ws := text.Words(s)
		for _, term := range text.TermsOf(s, ws) {
			terms[term.Text] = true
		}
		for _, e := range entitiesIn(s, ws, tp.words...) {
			names[e.name] = true
		}
	}
	for w := range terms {
		if got := tp.profile.inVocab(w); got != vocab[w] {
			t.Errorf("%s: inVocab(%q) %v, want %v", name, w, got, vocab[w])
		}
	}
	for n := range names {
		if got := tp.profile.isPlace(n); got != places[n] {
			t.Errorf("%s: isPlace(%q) %v, want %v", name, n, got, places[n])
		}
	}
	if len(vocab) == 0 || len(places) == 0 {
		t.Errorf("%s: %d vocabulary terms, %d places: the comparison decides nothing", name, len(vocab), len(places))
	}
}

// TestProfileOracle: the profile read on demand answers as the one that
// counts every text first, on the fixture, the sample and small profiles
// where one text more or less decides (an English plural in -ies, a place
// in two texts or one).
func TestProfileOracle(t *testing.T) {
	for name, in := range map[string]Input{"wuhan": fixtureInput(t), "coffee": coffeeInput(t)} {
		set := Collect(in)
		tp, err := NewTopic(TopicConfig{Topic: in.Topic, Profile: set.Analysis()})
		if err != nil {
			t.Fatal(err)
		}
		var asked []string
		for i := range set.Items {
			asked = append(asked, set.Items[i].Text)
		}
		checkProfile(t, name, tp, set.Analysis(), asked)
	}
	small := []string{"Case studies of 杭州门店的会员", "杭州 studies again 会员增长", "more studies 会员 in 上海", "上海分店开业，会员"}
	tp, err := NewTopic(TopicConfig{Topic: "李明咖啡店", Profile: small})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ask  func(string) bool
		what string
		want bool
	}{{tp.profile.inVocab, "study", true}, {tp.profile.inVocab, "会员", true}, {tp.profile.inVocab, "case", false},
		{tp.profile.isPlace, "杭州", true}, {tp.profile.isPlace, "上海", true}, {tp.profile.isPlace, "北京", false}} {
		if got := c.ask(c.what); got != c.want {
			t.Errorf("small profile: %q: %v, want %v", c.what, got, c.want)
		}
	}
	checkProfile(t, "small", tp, small, small)
	// a profile of three texts cannot reach MinVocabulary terms
	if tp.profile.largeVocab() {
		t.Error("small profile: largeVocab true")
	}
	var none *profile
	if none.inVocab("会员") || none.isPlace("杭州") || none.largeVocab() {
		t.Error("a nil profile answers true")
	}
}

// namesPlain is Topic.Names without the pair test: every text's
// entities read (ws: its words).
func namesPlain(tp *Topic, s string, ws []string) bool {
	if tp.topicName(s) != "" || text.FirstWord(s, tp.words) != "" {
		return true
	}
	for _, e := range entitiesIn(s, ws, tp.words...) {
		le := strings.ToLower(e.name)
		for _, n := range tp.names {
			if strings.Contains(n, le) || strings.Contains(le, n) {
				return true
			}
		}
	}
	return false
}

// TestNamesPairsOracle: Names, which segments only a text holding two
// runes in a row of a name, answers as namesPlain on every passage of the
// fixture and the sample, for each run's topic and others.
func TestNamesPairsOracle(t *testing.T) {
	var texts []string
	for _, in := range []Input{fixtureInput(t), coffeeInput(t)} {
		set := Collect(in)
		for i := range set.Items {
			texts = append(texts, set.Items[i].Text)
		}
	}
	texts = append(texts, "武汉的樱花开了", "汉口的夜市", "WHU 与 Wuhan University", "华科与武大", "李明的咖啡")
	words := make([][]string, len(texts))
	for i, s := range texts {
		words[i] = text.Words(s)
	}
	yes := 0
	for _, topic := range []string{"武汉大学", "李明咖啡店", "青溪市自来水异味", "华中科技大学"} {
		tp, err := NewTopic(TopicConfig{Topic: topic, Aliases: []string{"WHU"}})
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range texts {
			got, want := tp.Names(s), namesPlain(tp, s, words[i])
			if got != want {
				t.Errorf("%s: Names(%.40q) %v, want %v", topic, s, got, want)
			}
			if want && tp.topicName(s) == "" && text.FirstWord(s, tp.words) == "" {
				yes++ // decided by an entity: the case the pairs keep
			}
		}
	}
	if yes == 0 {
		t.Error("no text names a topic through an entity alone: the comparison decides nothing")
	}
}

// TestEventNamesPrefilter: eventNames, which runs its expressions only on
// a clause holding a word they end in (or a #), finds what running them
// on every clause finds: the fixture's passages, the event run's, and a
// name whose word a quote splits (事“件”: the quotes go first).
func TestEventNamesPrefilter(t *testing.T) {
	texts := []string{"网传的图书馆性骚扰事“件”持续发酵。", "#武大图书馆诬告案#冲上热搜", "“和服赏樱”冲突引发讨论"}
	for _, it := range eventRun().Items {
		texts = append(texts, it.Text)
	}
	set := Collect(fixtureInput(t))
	for i := range set.Items {
		texts = append(texts, set.Items[i].Text)
	}
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学"})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, s := range texts {
		got, want := fmt.Sprint(tp.eventNames(s)), fmt.Sprint(tp.clauseEvents(s, false))
		if got != want {
			t.Errorf("eventNames(%.40q) = %s, want %s", s, got, want)
		}
		if want != "[]" {
			found++
		}
	}
	if found < 10 || !regexp.MustCompile(`性骚扰`).MatchString(fmt.Sprint(tp.eventNames(texts[0]))) {
		t.Errorf("%d texts name an event; the quote-split name gave %v", found, tp.eventNames(texts[0]))
	}
}
