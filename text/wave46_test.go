package text

import (
	"slices"
	"testing"
)

// heldout46's kinds: 哪一片, 中间, 出过 and 一头雾水 are no terms; 波折 is an
// aspect word (what went wrong is written 断货); 看法 is written 评价 and 口碑,
// 家里人 by its members (祖父); the asker's chat group (家族群里) is no part
// of the question; an English -ing or -ed form is held by its base
// (trusting → trust), at four letters or more; "What propulsion system
// does …" asks both words, "What larger themes …" no adjective; "Was it
// ever turned into a movie?" asks for the movie, "How did they rig an
// antenna …?" for the antenna; "For a class on …:" is a label; doubtful
// is written skeptical.
func TestWave46Terms(t *testing.T) {
	checkTerms(t, "在网上聊这家店的都是些什么人？年龄、男女、住哪一片？", []string{"年龄", "男女"}, []string{"一片"})
	checkTerms(t, "中间有没有出过什么波折，后来缓过来没？", nil, []string{"中间", "出过"})
	checkTerms(t, "我看得一头雾水，到底是怎么回事？", nil, []string{"一头雾水", "雾水"})
	checkTerms(t, "我女儿今年刚考上武大，最近家族群里都在转那个图书馆的事", []string{"图书馆"}, []string{"家族", "群里"})
	checkAsked(t, "中间有没有出过什么波折？", nil, []string{"波折"})
	if !IsAspectWord("波折") {
		t.Error("波折 is no aspect word")
	}
	for w, in := range map[string]string{"看法": "评价", "家里人": "祖父", "家人": "家属"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	if !slices.Contains(Synonyms("doubtful"), "skeptic") {
		t.Errorf("Synonyms(doubtful) = %v, want skeptic", Synonyms("doubtful"))
	}
	for w, want := range map[string]string{"trusting": "trust", "following": "follow", "stopping": "stop", "running": "", "shifted": "shift", "rattled": "rattl", "dressed": "dress", "called": "call", "string": "", "thing": "", "used": "", "trust": ""} {
		if got := verbBase(w); got != want {
			t.Errorf("verbBase(%s) = %q, want %q", w, got, want)
		}
	}
	ts := Terms("is it mostly about following orders versus trusting each other?")
	if i := slices.IndexFunc(ts, func(t Term) bool { return t.Text == "trusting" }); i < 0 || !slices.Contains(ts[i].Parts, "trust") {
		t.Errorf("Terms: %+v, want trusting with the part trust", ts)
	}
	checkAsked(t, "What propulsion system does the crashed alien craft use?", []string{"propulsion", "system"}, nil)
	checkAsked(t, "What larger themes does the story reach for?", nil, []string{"larger"})
	checkAsked(t, "What symbolic function does the elevator serve?", nil, []string{"symbolic"})
	checkAsked(t, "What exact device was Cruz checking?", nil, []string{"exact"})
	checkAsked(t, "Was Operation: Dulce ever turned into a movie?", []string{"movie"}, nil)
	checkAsked(t, "How did they rig an antenna to get a signal up?", []string{"antenna"}, nil)
	checkAsked(t, "How did they get down into the base?", nil, []string{"base"})
	if got, want := WithoutAskerFrame("For a class on suspense staging: how does the team get down?"), "how does the team get down?"; got != want {
		t.Errorf("WithoutAskerFrame = %q, want %q", got, want)
	}
	checkTerms(t, "what happens during that trip down?", []string{"trip"}, []string{"happen"})
}
