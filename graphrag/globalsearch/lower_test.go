package globalsearch

import (
	"strings"
	"testing"
	"unsafe"

	"reportengine/graphrag/knowledge"
)

// TestToLowerOracle: toLower gives strings.ToLower's result on texts
// with and without capitals in every script it special-cases (ASCII, Han,
// other letters with case, invalid UTF-8, which ToLower replaces), and
// returns the text itself when nothing changes.
func TestToLowerOracle(t *testing.T) {
	texts := []string{"", "abc", "ABC", "咖啡店", "李明咖啡店 Latte", "拿铁ÄÖ", "İstanbul", "\u212a", "ΑΒΓ", "ＡＢＣ全角",
		"bad \xff bytes", "中\xe4\xb8", "ǅ", "한국어", "ひらがな", "x\u0130y", "\U0001F600 ok", "１２３", "Ǆ咖"}
	for _, s := range texts {
		if got, want := toLower(s), strings.ToLower(s); got != want {
			t.Errorf("toLower(%q) = %q, want %q", s, got, want)
		}
	}
	// every rune of the Basic Multilingual Plane, alone and in Han text
	for r := rune(0); r <= 0xFFFF; r++ {
		for _, s := range []string{string(r), "咖啡" + string(r) + "店"} {
			if got, want := toLower(s), strings.ToLower(s); got != want {
				t.Fatalf("toLower(%q) = %q, want %q", s, got, want)
			}
		}
	}
	s := "咖啡店的选址 abc 한국어"
	if got := toLower(s); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("toLower(%q) = %q, a copy", s, got)
	}
}

// TestEntityStepsOracle: the router's steps 6 and 7 through its indexes
// (entitySteps) choose the entity the plain passes over every entity
// (entityScan) choose, and weigh the same terms, on the BettaFish
// fixture, the sample and Dulce (English), for questions naming entity
// titles (whole, inside other words, of topics and engines), holding
// words of their descriptions, Latin words, and nothing.
func TestEntityStepsOracle(t *testing.T) {
	for name, m := range map[string]*knowledge.Model{"bettafish": bettafishModel(t), "coffee": coffeeModel(t), "dulce": dulceModel(t)} {
		r := NewRouter(m)
		var qs []string
		es := m.Entities()
		for i := 0; i < len(es); i += 1 + len(es)/60 {
			e := es[i]
			qs = append(qs, e.Title+"怎么样？", "关于"+e.Title+"的讨论", "What about "+e.Title+"?", "x"+strings.ToLower(e.Title)+"y")
			rs := []rune(e.Description)
			for k := 0; k+4 < len(rs) && k < 40; k += 9 {
				qs = append(qs, string(rs[k:k+2])+"和"+string(rs[k+2:k+4])+"有什么关系？", string(rs[k:k+4])+" 的影响")
			}
		}
		qs = append(qs, "火星殖民计划的进展如何？", "樱花季网友怎么看？", "咖啡店开在哪里？", "Who leads the Paranormal Military Squad?", "agent mercer", "")
		seen := map[string]int{}
		defer func() {
			if seen["named"] == 0 || seen["covered"] == 0 || seen["none"] == 0 {
				t.Errorf("%s: the questions reach only %v of the named, covered and none outcomes", name, seen)
			}
		}()
		for _, q := range qs {
			lq := strings.ToLower(q)
			ts := contentTerms(q)
			c := r.newCover(ts)
			wi, wn := r.entityScan(lq, c)
			gi, gn := r.entitySteps(lq, c)
			if gi != wi || gn != wn {
				t.Fatalf("%s: %q: entity %d (weight %g), the plain passes give %d (%g)", name, q, gi, gn, wi, wn)
			}
			switch {
			case wi < 0:
				seen["none"]++
			case wn < 0:
				seen["named"]++
			default:
				seen["covered"]++
			}
		}
	}
}

// entityScan is steps 7 and 8 of Route written plainly, a pass over every
// entity for each (the oracle of entitySteps): the index of the first
// entity (not a topic or engine) whose title the lower-cased question lq
// names, with n = -1; else of the first whose title and description cover
// the terms (c), with the weight they hold; else -1.
func (r *Router) entityScan(lq string, c cover) (int, float64) {
	es := r.m.Entities()
	low := r.entityTexts()
	for i, t := range low {
		if notSubjects[es[i].Type] || !namedIn(lq, t.title) {
			continue
		}
		return i, -1
	}
	for i := range low {
		if notSubjects[es[i].Type] {
			continue
		}
		if n := r.covers(i, c); n >= c.need {
			return i, n
		}
	}
	return -1, 0
}
