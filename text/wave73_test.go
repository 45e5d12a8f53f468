package text

import (
	"slices"
	"testing"
)

// Heldout73 and new-user trial 40: a demonstrative or 哪 and a measure
// (那栋, 那幅) says which one, the direction 往前 and the place
// 上头 are no terms, nor the asker's failing memory (年纪大了记不太清了),
// nor vs; 馆里 is no name; 咖啡机 has no part 咖啡.
func TestWave73Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"老图书馆那栋楼是哪一年搬到现在这个位置的？正门上头那幅镂空铁画像画的是哪位先贤，年纪大了记不太清了。": {"图书馆", "搬到", "位置", "正门", "镂空", "画像", "先贤"},
		"各个斋的名字是照哪本书取的？":                  {"名字"},
		"是哪一年决定往前推的？":                     {"决定"},
		"店里用的是哪个品牌的咖啡机？":                  {"店里", "品牌", "咖啡机"},
		"an argument about rank vs trust": {"argument", "rank", "trust"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if ts := Terms("店里用的是哪个品牌的咖啡机？"); len(ts) < 3 || len(ts[2].Parts) != 0 {
		t.Errorf("Terms: %+v, want 咖啡机 with no parts", ts)
	}
	if ts := Terms("珞珈山上的十八栋在抗战那几年有过什么历史？"); !slices.ContainsFunc(ts, func(x Term) bool { return x.Text == "十八栋" && len(x.Parts) == 0 }) {
		t.Errorf("Terms: %+v, want 十八栋 with no parts", ts) // a building called by its number (heldout73)
	}
	if got, _ := bindSingles("三栋楼", []string{"三", "栋", "楼"}); slices.Contains(got, "三栋") {
		t.Errorf("bindSingles(三/栋/楼) = %q: a count of one rune named a building", got)
	}
	if IsName("馆里") || !IsName("珞珈") {
		t.Errorf("IsName: 馆里 %v, 珞珈 %v; want false, true", IsName("馆里"), IsName("珞珈"))
	}
}

// Heldout73: 拿什么X来V asks for X, not for the purpose V; 哪位 asks for a
// person, whom a text names without the kind; 态势 is how a whole stands,
// no thing asked. Heldout68: a comeback or an image is an aspect, a
// closing guess ("Is it the Promethean … idea?", "Kind of a question of
// …") is the asker's.
func TestWave73Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"当时拿什么理由来说服大家？":                                      {"理由"},
		"正门上头那幅镂空铁画像画的是哪位先贤？":                                nil,
		"这家店的态势怎么样？":                                         nil,
		"What did Jordan say, and what was Cruz's comeback?": nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"How does Hayes frame the ethics of seeking knowledge? Is it the Promethean 'knowledge has a cost' idea?": "How does Hayes frame the ethics of seeking knowledge?",
		"What image does he use for their role? Kind of a question of agency vs determinism.":                     "What image does he use for their role?",
		"Is it the same drone? What happened to it?":                                                              "Is it the same drone? What happened to it?",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%s) = %s, want %s", q, got, want)
		}
	}
	if !slices.Contains(Synonyms("joke"), "jest") {
		t.Errorf("Synonyms(joke) = %q, want jest among them", Synonyms("joke"))
	}
}
