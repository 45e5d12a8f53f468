package text

import (
	"slices"
	"testing"
)

// heldout53's kinds: 差评 and 好评 dictionary words (差评里 was cut 差/评里),
// a count's measure never part of a name (多少/条/差评), the asker's
// errand after what they write (我写巡查备忘想…) or closing the question
// without an end mark (想…再填志愿), 比如 no term, 基调 and outline aspect
// words, 长远, 挨骂 and 抗战 written as the texts write them, a 、 after an
// interrogative parting two questions, a count in a unit of two runes
// (多少人次); in English the asker's closing statements, an alternative
// after "is there a", a state past a capitalised qualifier and how many
// die.
func TestWave53Words(t *testing.T) {
	checkTerms(t, "九月点评上新增的差评里有多少跟这个有关？", []string{"差评"}, []string{"评里"})
	checkAsked(t, "九月点评上新增的差评里有多少跟这个有关？", []string{"差评"}, []string{"评里"})
	checkTerms(t, "整体看这家店现在最大的几个隐患是什么？我写巡查备忘想列一下主要问题。", []string{"隐患"}, []string{"巡查", "备忘"})
	checkTerms(t, "武大这几年挨骂主要都是因为啥？想大概心里有个数再填志愿", []string{"挨骂"}, []string{"志愿", "个数"})
	checkTerms(t, "武大这几年挨骂主要都是因为啥？想报哪个志愿？", []string{"志愿"}, nil) // a question, not an errand
	checkTerms(t, "短期和长远各想做什么，比如周末那块怎么补？", []string{"长远", "周末"}, []string{"比如"})
	for _, w := range []string{"基调", "outline"} {
		if !IsAspectWord(w) {
			t.Errorf("%s is no aspect word", w)
		}
	}
	for w, in := range map[string]string{"长远": "长期", "挨骂": "批评", "抗战": "侵华"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	checkAsked(t, "马上要填志愿了，想问下武大新生军训一般安排在什么时候、要练多少天？", []string{"军训"}, nil)
	checkAsked(t, "拿铁、美式各多少钱？", []string{"拿铁", "美式"}, nil) // a 、 between nouns parts nothing
	checkAsked(t, "武大校医院一年的门诊量大概有多少人次？", []string{"门诊量"}, []string{"人次"})
	checkAsked(t, "开车过去要多少小时？", []string{"过去"}, []string{"小时"})
	for q, want := range map[string]string{
		"What are the big themes of this story? I'm thinking something about rules versus gut feeling, but I'd like a fuller list.": "What are the big themes of this story?",
		"Can you give me the arc? I need a rough outline of the scenes so I can map out encounters.":                                "Can you give me the arc?",
		"Who built the base? I'd like to know the year too.":                                                                        "Who built the base? I'd like to know the year too.",
		"What did Cruz say? I mean about the protocol.":                                                                             "What did Cruz say? I mean about the protocol.",
		"What did Cruz say? The second time, in the elevator.":                                                                      "What did Cruz say? The second time, in the elevator.",
		"How do they get rid of the thing? I'd like to stat it as an encounter.":                                                    "How do they get rid of the thing? I'd like to stat it as an encounter.",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	if AsksSentiment("What are the big themes of this story? I'm thinking something about gut feeling.") || !AsksSentiment("How did people feel about the base?") {
		t.Error("AsksSentiment reads the asker's closing statement, or misses a feeling asked")
	}
	checkAsked(t, "What powers the base? Is there a nuclear reactor or generators down there?", []string{"reactor", "generator"}, nil)
	checkAsked(t, "Is Dr. Jordan Hayes a believer or a skeptic?", nil, []string{"believer", "skeptic"})
	checkAsked(t, "Which US state is the Dulce base in?", []string{"state"}, nil)
	checkAsked(t, "How many of the team die by the end?", []string{"die"}, nil)
}
