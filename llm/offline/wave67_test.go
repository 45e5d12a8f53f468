package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A question asking which people (castAsk) holds its noun for people in
// a sentence listing them by name (Dulce: "Who are the playable
// characters … on the team" was answered with descriptions of the base);
// a character's personality ("What drives that character") is no such
// question.
func TestCastTerm(t *testing.T) {
	listed := &sentence{text: "The team of agents consists of Alex Mercer, Jordan Hayes, Taylor Cruz, and Sam Rivera.", lower: "the team of agents consists of alex mercer, jordan hayes, taylor cruz, and sam rivera."}
	base := &sentence{text: "Dulce base is where the team descends.", lower: "dulce base is where the team descends."}
	cast := func(q string) (qterm, bool) {
		i := slices.IndexFunc(questionTerms(q), func(qt qterm) bool { return qt.isCast() })
		if i < 0 {
			return qterm{}, false
		}
		return questionTerms(q)[i], true
	}
	qt, ok := cast("Who are the playable characters on the team that goes into Dulce?")
	if !ok {
		t.Fatal("no cast term in a question asking who the characters are")
	}
	if got := qt.heldBy(listed); got != 1 {
		t.Errorf("heldBy(a sentence listing people) = %v, want 1", got)
	}
	if got := qt.heldBy(base); got != 0 {
		t.Errorf("heldBy(a sentence naming no one) = %v, want 0", got)
	}
	for _, q := range []string{"What actually drives that character underneath the by-the-book attitude?", "What's driving that guy? Is it about keeping people alive?"} {
		if _, ok := cast(q); ok {
			t.Errorf("%q has a cast term: it asks for no people", q)
		}
	}
	src := "0|The team of agents consists of Alex Mercer, Jordan Hayes, Taylor Cruz, and Sam Rivera.\n"
	for i, s := range []string{"Dulce base is where the team descends into the dark.", "The team fears what waits in Dulce.", "Dulce hides a secret the team must find.",
		"The team checks its gear before Dulce.", "In Dulce the team hears a hum.", "The team reaches the lowest level of Dulce.", "Dulce's doors close behind the team.",
		"The team argues in Dulce's corridor.", "A light flickers as the team walks through Dulce."} {
		src += string(rune('1'+i)) + "|" + s + "\n"
	}
	wantQuoted(t, "Who are the playable characters on the team that goes into Dulce?", src, "Alex Mercer", "the sentence naming the team")
}

// A sentence continuing the one before it in its record (joinsNext)
// carries the question's terms that one holds (CarriedShare): the
// class's intake is stated in "该班计划…招收约30名本科生", after the
// sentence naming 雷军班.
func TestCarriedTerms(t *testing.T) {
	src := "0|武汉大学宣布设立雷军班。此举被视为对标图灵班。该班计划面向全国招收约30名本科生。\n" +
		"1|雷军班引发了关于教育公平的讨论。\n2|雷军班的导师由院士领衔。\n3|网友热议雷军班的培养模式。\n4|雷军班成为舆论焦点。\n" +
		"5|雷军班被拿来与姚班比较。\n6|有人质疑雷军班的选拔方式。\n7|雷军班的宣传引发争议。\n8|雷军班的课程设置受到关注。\n9|雷军班背后是十三亿捐款。\n"
	wantQuoted(t, "雷军班一届招几个人？", src, "约30名", "the intake the continuing sentence states")
	// scored: the continuing sentence for the term it carries, the
	// sentence of another record holding nothing not at all
	scored := contextSentences(parseContext("-----Sources-----\nid|text\n0|武汉大学宣布设立雷军班。该班计划面向全国招收约30名本科生，引发讨论。\n1|另有一所学校面向全国招收本科生，引发讨论。\n"))
	scoreSentences(scored, "雷军班一届招几个人？")
	if len(scored) != 3 || scored[1].score <= 0 || scored[2].score != 0 {
		for _, s := range scored {
			t.Logf("%q %.3f", s.text, s.score)
		}
		t.Errorf("the continuing sentence scores nothing for 雷军班, or the unrelated one scores")
	}
	sents := []*sentence{{text: "设立雷军班。", lower: "设立雷军班。", dataset: "Sources", id: "0", joinsNext: true}, {text: "此举引发关注。", lower: "此举引发关注。", dataset: "Sources", id: "0", joinsNext: true},
		{text: "该班招收30名。", lower: "该班招收30名。", dataset: "Sources", id: "0"}, {text: "另一条。", lower: "另一条。", dataset: "Sources", id: "1"}}
	c := carriedTerms(sents, []qterm{{alts: []string{"雷军班"}, full: 1}})
	if c[0] != nil || !c[1][0] || !c[2][0] || c[3] != nil {
		t.Errorf("carriedTerms = %v, want [nil [true] [true] nil]: carried along the continuing sentences of one record", c)
	}
}

// A question asking which platforms prefers the sentences naming two
// (text.PlatformList) to those saying only 社交平台 (heldout68: the
// sample's "小红书和抖音两个平台合计贡献77%" was left out of "网上聊这家店的主
// 要集中在哪几个平台？", which quoted sentences on 社交平台 first; "哪个平台
// 上聊这家店的人最多" opened with one): listed last of eleven, it is
// quoted.
func TestPlatformsIntent(t *testing.T) {
	var src string
	for i, s := range []string{"断货事件在社交平台上热度不高，反馈很快。", "会员活动在社交平台上引发值不值得充的议论。", "桂花拿铁是社交平台上传播最广的话题。",
		"周末营业是社交平台上最常见的抱怨。", "社交平台上的内容以探店和打卡为主。", "社交平台上的形象是写字楼打工人的续命站。", "社交平台的笔记多在周末发出。",
		"社交平台的评论多谈价格和口味。", "社交平台上有人晒会员卡余额。", "社交平台上的探店视频获赞很多。", "各渠道的声量分布中，小红书和抖音两个平台合计贡献77%，是品牌传播的主要渠道。"} {
		src += fmt.Sprint(i) + "|" + s + "\n"
	}
	wantQuoted(t, "哪个平台上聊这家店的人最多", src, "小红书和抖音", "the sentence naming the platforms")
}

// A quote reads on to the sentence, at most FollowReach on in its record,
// that holds a term of the question the quote lacks (followOn): a story's
// event, then the reaction the question asks for.
func TestFollowOn(t *testing.T) {
	src := "0|The exchange was cut short by a shudder that ran through the elevator, subtle but enough to make them hold their breaths. It wasn't the stutter of old gears but a vibration from the earth itself. Cruz was the first to react. \"Systems check. Now,\" they barked out.\n" +
		"1|The briefing room was cold and the lights hummed overhead all morning long.\n"
	wantQuoted(t, "The elevator shudders on the way down - what's Cruz's immediate order to the squad?", src,
		"breaths. It wasn't the stutter of old gears but a vibration from the earth itself. Cruz was the first to react.", "the shudder quoted on to Cruz's reaction")
	// the reaction read on into is not quoted again as a point of its own
	if got := answerOf(t, "The elevator shudders on the way down - what's Cruz's immediate order to the squad?", src); strings.Count(got, "Cruz was the first to react") != 1 {
		t.Errorf("the reaction is quoted %d times, want once:\n%s", strings.Count(got, "Cruz was the first to react"), got)
	}
	mk := func(id string, holds ...[]bool) []*sentence {
		var out []*sentence
		for i, h := range holds {
			out = append(out, &sentence{text: fmt.Sprint(id, i), dataset: "Sources", id: id, order: i, holds: h})
		}
		return out
	}
	yes, no := []bool{true, false}, []bool{false, false}
	for _, tc := range []struct {
		name  string
		sents []*sentence
		want  int
	}{
		{"the next adds a term", mk("0", yes, []bool{false, true}), 1},
		{"two on", mk("0", yes, no, []bool{false, true}), 2},
		{"past FollowReach", mk("0", yes, no, no, []bool{false, true}), 0},
		{"the same term only", mk("0", yes, yes), 0},
		{"another record", append(mk("0", yes), mk("1", []bool{false, true})...), 0},
	} {
		if got := followOn(tc.sents, 0, 0); got != tc.want {
			t.Errorf("%s: followOn = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// wantQuoted fails t unless the offline answer to query over the Sources
// rows src holds want (what names it in the message).
func wantQuoted(t *testing.T, query, src, want, what string) {
	t.Helper()
	if got := answerOf(t, query, src); !strings.Contains(got, want) {
		t.Errorf("the answer leaves out %s:\n%s", what, got)
	}
}
