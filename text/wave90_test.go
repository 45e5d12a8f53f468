package text

import (
	"slices"
	"testing"
)

// Heldout90 (dulce-heldout85): a query typed as search-engine keywords
// asks for each of its words, so a word the knowledge never names refuses
// it; a question with a question word or an auxiliary is no keyword query.
func TestKeywordAsked(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string // words AskedFor must hold
		not  []string // words it must not
	}{
		{"dulce base location new mexico", []string{"dulce", "base", "location", "mexico"}, nil},
		{"phil schneider dulce claims", []string{"phil", "schneider", "dulce", Stem("claims")}, nil},
		{"elevator joke martians", []string{"elevator", "joke", Stem("martians")}, nil},
		{"operation dulce author who wrote", []string{"wrote"}, []string{"operation"}},
		{"drone in base who stopped it", nil, []string{"drone", "base", Stem("stopped")}},
		{"What is the Dulce base location", nil, []string{"dulce"}},
	} {
		got := AskedFor(tc.q)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %v, lacks %q", tc.q, got, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %v, holds %q", tc.q, got, w)
			}
		}
	}
}

// A Korean learner's gloss in Korean letters is dropped; the Sino-Korean
// words are stood in for by the words the texts write.
func TestKoreanLearner(t *testing.T) {
	for in, want := range map[string]string{
		"学校附近的卖场(매장)月税是多少钱？":      "学校附近的卖场月税是多少钱？",
		"9月的时候大众点评上面的恶评（악평）变多了吗？": "9月的时候大众点评上面的恶评变多了吗？",
		"品切 품절 了几天":               "品切 了几天",
		"他们的会员卡充电(충전)制度是怎么样的？":    "他们的会员卡充值制度是怎么样的？",
		"店里有没有充电的地方？":             "店里有没有充电的地方？",
	} {
		if got := Question(in); got != want {
			t.Errorf("Question(%q) = %q, want %q", in, got, want)
		}
	}
	for w, want := range map[string]string{"月税": "月租", "契约": "签约", "品切": "断货", "恶评": "差评", "比率": "占比", "二号店": "分店", "几岁": "年龄"} {
		if !slices.Contains(StandIns(w), want) {
			t.Errorf("StandIns(%q) = %v, lacks %q", w, StandIns(w), want)
		}
	}
}

// A learner's locatives after a noun (评论里面, 大众点评上面) are no terms.
func TestLocativesNoTerms(t *testing.T) {
	terms := TermTexts(Terms(Question("评论里面好的评价占的比率大概多少？大众点评上面的恶评变多了吗")))
	for _, w := range []string{"里面", "上面"} {
		if slices.Contains(terms, w) {
			t.Errorf("%q is a term: %v", w, terms)
		}
	}
	if !slices.Contains(terms, "评论") {
		t.Errorf("评论 is no term: %v", terms)
	}
}
