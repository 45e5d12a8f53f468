package text

import (
	"slices"
	"testing"
)

// Wave 89 (heldout89, dulce-heldout84): a group chat's sticker codes and
// pleas, Malaysian Mandarin's particles and colloquial words, and a
// child's spellings of the small English words.
func TestQuestionNanyang(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// sticker codes go, wherever they stand; a citation mark stays
		{"他家咖啡豆一公斤多少钱[偷笑]", "他家咖啡豆一公斤多少钱"},
		{"听说七月份他店里断货了？[捂脸] 咋回事啊", "听说七月份他店里断货了？ 咋回事啊"},
		{"最火的是哪条[doge]", "最火的是哪条"},
		{"报告[1]里说的月租是多少", "报告[1]里说的月租是多少"},
		{"这个[让我看看吧]是什么", "这个[让我看看吧]是什么"}, // five runes: no sticker code
		// 几时, 几多, 酱子
		{"武大那时候有没有搬走过，几时搬的？", "武大那时候有没有搬走过，什么时候搬的？"},
		{"一天最多可以进几多人", "一天最多可以进多少人"},
		{"很多大学都要逃难酱子", "很多大学都要逃难这样"},
		// 讲 as say after the one who says it; 讲座 and 讲课 stay
		{"我看到有人讲学校偷偷收起来", "我看到有人说学校偷偷收起来"},
		{"我 senior 讲武大的宿舍很旧", "我 senior 说武大的宿舍很旧"},
		{"他讲课讲得好吗", "他讲课讲得好吗"},
		{"我们讲座几点开始", "我们讲座几点开始"},
	} {
		if got := Question(tc.in); got != tc.want {
			t.Errorf("Question(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The particles Malaysian Mandarin writes in Latin letters and a chat's
// pleas are no content terms; the words around them are.
func TestNanyangParticles(t *testing.T) {
	for _, tc := range []struct {
		q       string
		gone    []string
		present []string
	}{
		{"武大是中国很老的大学 lah, 是真的1800多年代就有了 meh? 谁开的 ah?", []string{"lah", "meh", "ah"}, []string{"武大", "大学"}},
		{"为啥最后都没要啊 求科普", []string{"科普", "求科普"}, []string{"最后"}},
		{"话说李明那个咖啡店开在哪儿", []string{"话说"}, []string{"李明", "咖啡店"}},
	} {
		terms := TermTexts(Terms(Question(tc.q)))
		for _, w := range tc.gone {
			for _, t2 := range terms {
				if t2 == w {
					t.Errorf("%q: %q is a term (%v)", tc.q, w, terms)
				}
			}
		}
		for _, w := range tc.present {
			found := false
			for _, t2 := range terms {
				found = found || t2 == w
			}
			if !found {
				t.Errorf("%q: %q is no term (%v)", tc.q, w, terms)
			}
		}
	}
}

// A child's spellings of the small words are read as the words
// (ChatEnglish); the content words around them stay as typed.
func TestChatEnglishBySound(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"wat is the name of the secrit teem that alex mersir and tayler cruz r in", "what is the name of the secrit teem that alex mersir and tayler cruz are in"},
		{"wat did sam say was rong with the singals becuz he sed it wasnt random", "what did sam say was rong with the singals because he said it wasnt random"},
		{"wat hapend to the elevater wen thay wer going down and wat did cruz tell evry1 to do", "what hapend to the elevater when they were going down and what did cruz tell everyone to do"},
		{"What did Sam say?", "What did Sam say?"},
	} {
		if got := ChatEnglish(tc.in); got != tc.want {
			t.Errorf("ChatEnglish(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Who acts a part in an adaptation asks for the adaptation (castAs, stemmed), which
// a story never names: the gate then refuses it as never named.
func TestCastAsked(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want string
	}{
		{"who plays alex mercer and jordan in the operation dulce movie", "movie"},
		{"Who played Taylor Cruz in the TV series?", Stem("series")},
		{"who plays chess with jordan in the base", ""},
	} {
		got := AskedFor(tc.q)
		has := false
		for _, w := range got {
			has = has || w == tc.want
		}
		if tc.want != "" && !has || tc.want == "" && len(got) > 0 {
			t.Errorf("AskedFor(%q) = %v, want %q", tc.q, got, tc.want)
		}
	}
}

// New-user trial 45: 门票多少张 asks how many tickets, not their price;
// 门票多少 still asks the price.
func TestFeeCounted(t *testing.T) {
	for q, want := range map[string]string{
		"武大樱花节门票多少张？":  "",
		"武大樱花节门票多少？":   "门票",
		"樱花季门票大概多少万张？": "",
		"一年学费是多少？":     "学费",
	} {
		if got := PricedThing(q); got != want {
			t.Errorf("PricedThing(%q) = %q, want %q", q, got, want)
		}
	}
}

// New-user trial 45: written Cantonese's 咁 (so) is read as 这么, so that
// 咁大 is no subject.
func TestCantoneseSo(t *testing.T) {
	if got, want := Question("點解武大圖書館事件咁大爭議？"), "为什么武大图书馆事件这么大争议？"; got != want {
		t.Errorf("Question = %q, want %q", got, want)
	}
}

// Heldout90: a Chinese question asking between two things (拘留还是罚款)
// asks for both, either answering (EitherAsked); how a thing is or went,
// or a comparison of amounts, asks no pair.
func TestZhEither(t *testing.T) {
	for q, want := range map[string][][2]string{
		"逼停学生的辛某，警方最后怎么处理？拘留还是罚款": {{"拘留", "罚款"}},
		"这几天网民情绪是在回暖还是更糟？":        nil,
		"这两年武大回应舆情是变快了还是变慢了？":     nil,
		"网上那些人说这店好的多还是骂的多？":       nil,
		"处分是撤销了还是保留了？":            nil,
	} {
		got := EitherAsked(q)
		if len(got) != len(want) || len(got) > 0 && got[0] != want[0] {
			t.Errorf("EitherAsked(%q) = %v, want %v", q, got, want)
		}
	}
	asked := AskedFor("逼停学生的辛某，警方最后怎么处理？拘留还是罚款")
	if !slices.Contains(asked, "拘留") || !slices.Contains(asked, "罚款") {
		t.Errorf("AskedFor = %v, want 拘留 and 罚款", asked)
	}
}
