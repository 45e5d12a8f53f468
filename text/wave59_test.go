package text

import (
	"slices"
	"strings"
	"testing"
)

// Heldout59: an asker's opening sentence in lower case after a chatty
// "ok so", or after the "For the …" phrase of what they work on, is the
// asker's (enAskerSentence), but the names in it and the story's own thing
// the phrase names stay (askerSentenceKeeps: Cruz, whom the question then
// calls they; the elevator scene), not the asker's jargon in capitals
// (NPC, POV); chat abbreviations, super, a lot's lot, because and a
// contraction's stem (that's) are no terms, nor scene; 路子, 氛围 and 外部
// are aspect words; 办点, 一把 and 常说 no terms; 大单, 宾客, 外面, 看花
// and 花钱 have stand-ins; a spoken 能…不 asks whether one may, and an
// English "and do they ever use a telescope or antenna dish?" asks for
// both things.
func TestWave59Words(t *testing.T) {
	for q, want := range map[string]string{
		"ok so i'm writing a fic from Cruz's POV and i need to get them right. why are they SO obsessed with protocol?": "Cruz. why are they SO obsessed with protocol?",
		"For the elevator scene I need a sound cue. What does Cruz shout?":                                              "elevator scene. What does Cruz shout?",
		"I'm playing Cruz as the NPC leader. What drives that character?":                                               "Cruz. What drives that character?",
		"I teach English. What are the themes?":                                                                         "What are the themes?",
		"For the mission, what gear do they bring?":                                                                     "For the mission, what gear do they bring?",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	checkTerms(t, "How do Jordan and Taylor get on? They clash a lot but I want to know, because that's my ship lol", []string{"jordan", "taylor", "clash"}, []string{"lot", "because", "that", "lol"})
	checkTerms(t, "At the start they seem super logical. For the elevator scene, what happens?", []string{"logical", "elevator"}, []string{"super", "scene"})
	checkTerms(t, "周末有没有人提过在店里办点活动？有哪些机会值得帮一把？最常说的词是啥", []string{"周末", "活动", "机会"}, []string{"办点", "一把", "常说"})
	for _, w := range []string{"路子", "氛围", "外部"} {
		if !IsAspectWord(w) {
			t.Errorf("%s is no aspect word", w)
		}
	}
	for w, in := range map[string]string{"大单": "团购", "宾客": "客人", "外面": "游客", "看花": "赏樱", "花钱": "免费"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	if got := commonEN["end"] && commonEN["start"] && commonEN["ship"]; !got {
		t.Error("end, start and ship are not common English words")
	}
	if strings.Contains(WithoutAskerFrame("I'm writing about NASA's probe. What did NASA find?"), "NASA. ") {
		t.Error("a name in capitals kept from the asker's sentence")
	}
	// a spoken yes-or-no 能…不 asks whether one may, as 能…吗 does; an
	// English "and do they …?" is a second question, whose "use a … or …"
	// names the things asked
	checkAsked(t, "武大学生宿舍能点外卖送到楼下不？学校让不让送？", []string{"楼下"}, nil)
	checkAsked(t, "What frequency were the transmissions on, and do they ever use a telescope or antenna dish?", []string{"telescope", "antenna"}, nil)
	checkAsked(t, "Is Hayes a believer or a skeptic?", nil, []string{"believer", "skeptic"})
}

// Heldout60: the incident as such (出事) and a figure's reaching a level
// (涨到, 回到) are no terms, nor the asker as an old couple (老两口) or
// lots of people (好多人); 几样 counts; 难处 is an aspect word; a teller
// opening a clause without 我 goes, what they said stays (孙女说…。,
// 听朋友说他们有…桂花拿铁，); the asker's job where they are (我在武大门口当
// 保安好些年了，) is their frame; an English asker's sentence asks
// nothing of the knowledge (how many puppets to build); 骂惨, app and
// finish have stand-ins; 什么人种下的 plants (种下), names no race (人种);
// "For a scene with Sam alone in the office:" keeps the scene.
func TestWave60Words(t *testing.T) {
	checkTerms(t, "出事那周负面涨到多少，后来又回到多少？", []string{"负面"}, []string{"出事", "涨到", "回到"})
	checkTerms(t, "我们老两口挺喜欢这家店。你说它最大的难处是哪几样？", []string{"难处"}, []string{"老两口", "几样"})
	checkTerms(t, "孙女说网上好多人在聊这家店。大家对它啥印象？", []string{"印象"}, []string{"孙女", "好多人"})
	checkTerms(t, "听朋友说他们有季节限定的桂花拿铁，是几月开始卖的？", []string{"桂花"}, []string{"朋友"})
	checkTerms(t, "我在武大门口当保安好些年了，游客老问我这学校到底哪年办的？", []string{"游客"}, []string{"保安", "大门口"})
	checkAsked(t, "I'm turning this into a puppet show and need to know how many puppets to build. Who goes down into the base?", nil, []string{"puppet"})
	checkAsked(t, "How many puppets do the agents carry?", []string{"puppet"}, nil)
	checkTerms(t, "最早那批樱花树是哪一年、什么人种下的？", []string{"种下", "樱花树"}, []string{"人种"})
	// a label naming the story's scene keeps the scene (labelScene)
	if got, want := WithoutAskerFrame("For a scene with Sam alone in the office: what would Sam be hearing?"), "Sam alone in the office. what would Sam be hearing?"; got != want {
		t.Errorf("WithoutAskerFrame = %q, want %q", got, want)
	}
	if got, want := WithoutAskerFrame("For a class on suspense: how does the team get down?"), "how does the team get down?"; got != want {
		t.Errorf("WithoutAskerFrame = %q, want %q", got, want)
	}
	checkAsked(t, "最早那批樱花树是什么人种下的？", nil, []string{"人种"})
	if !IsAspectWord("难处") {
		t.Error("难处 is no aspect word")
	}
	for w, in := range map[string]string{"骂惨": "批评", "app": "平台", "finish": "end"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
}

// The new-user trial of session 35: a rune glued before an adverb of
// degree (说太甜, 铁太甜) names nothing, a thing glued to how it sells
// (拿铁卖) is the thing; stock-out, feel and react are in the glossary.
func TestTrial35Words(t *testing.T) {
	checkTerms(t, "桂花拿铁卖得怎么样？有人说太甜吗？", []string{"桂花", "拿铁"}, []string{"说太甜", "拿铁卖"})
	checkTerms(t, "有人说桂花拿铁太甜吗", []string{"桂花"}, []string{"铁太甜"})
	for w, in := range map[string]string{"stock-out": "断货", "feel": "评价", "react": "反应"} {
		if !slices.Contains(enZH[w], in) {
			t.Errorf("enZH[%s] = %v, want %s", w, enZH[w], in)
		}
	}
}

// Heldout61: the asker's essay (写营销课论文，) and their plan for next week
// (我下周要开家长会，) are their frame; 明白 is no term; 推广 is written
// 宣传 or 引流.
func TestWave61Words(t *testing.T) {
	checkTerms(t, "写营销课论文，想了解这家店开业时在网上是怎么推广的？", []string{"开业", "推广"}, []string{"论文", "营销课"})
	checkTerms(t, "我下周要开家长会，想讲讲网上大家对武大的整体情绪。", []string{"武大", "情绪"}, []string{"家长会", "下周"})
	checkTerms(t, "我想弄明白这件事的舆论风向是怎么变过来的", []string{"舆论", "风向"}, []string{"明白"})
	checkTerms(t, "要不要预约？", nil, []string{"要不要"})
	if !slices.Contains(StandIns("推广"), "宣传") {
		t.Errorf("StandIns(推广) = %v", StandIns("推广"))
	}
}
