package text

import (
	"slices"
	"testing"
)

func termNamed(ts []Term, text string) (Term, bool) {
	for _, t := range ts {
		if t.Text == text {
			return t, true
		}
	}
	return Term{}, false
}

// A one-rune noun binds to the content word before it (雷军班, 珞珈山),
// else to the one after it (省图书馆); the word it was joined from is its
// first part. Localizers, measures and verbs (中, 年, 说) never bind.
func TestTermsBindOneRuneNouns(t *testing.T) {
	cases := []struct {
		q, term, part string
	}{
		{"武汉大学“雷军班”有什么特点？", "雷军班", "雷军"},
		{"武汉大学是哪一年迁到珞珈山的？", "珞珈山", "珞珈"},
		{"樱花季网友怎么看？", "樱花季", "樱花"},
		{"省图书馆有什么藏书？", "省图书馆", "图书馆"},
	}
	for _, c := range cases {
		ts := Terms(c.q)
		tm, ok := termNamed(ts, c.term)
		if !ok || len(tm.Parts) == 0 || tm.Parts[0] != c.part {
			t.Errorf("Terms(%q) = %+v, want %s with first part %s", c.q, ts, c.term, c.part)
		}
	}
	for _, c := range []struct{ q, want, not string }{
		{"图书馆事件中法院一审是怎么判的？", "事件", "事件中"},
		{"武汉大学8月1日发布的通报说了什么？", "通报", "通报说"},
		{"2022年世界杯冠军是哪支球队？", "世界杯", "年世界杯"},
	} {
		ts := TermTexts(Terms(c.q))
		if !slices.Contains(ts, c.want) || slices.Contains(ts, c.not) {
			t.Errorf("Terms(%q) = %v, want %s and not %s", c.q, ts, c.want, c.not)
		}
	}
}

func TestIsOneRuneNoun(t *testing.T) {
	for w, want := range map[string]bool{"山": true, "班": true, "季": true, "中": false, "年": false, "说": false, "大": false, "山峰": false, "": false} {
		if got := IsOneRuneNoun(w); got != want {
			t.Errorf("IsOneRuneNoun(%q) = %v, want %v", w, got, want)
		}
	}
}

// A word of the near-synonym table is a term with its synonyms, never cut
// (迁到 is not reduced to 迁); 相关 is a stop word.
func TestTermsSynonyms(t *testing.T) {
	ts := Terms("长江大保护相关的网络情绪如何？")
	tm, ok := termNamed(ts, "情绪")
	if !ok || !slices.Equal(tm.Synonyms, []string{"情感"}) || !slices.Equal(tm.Words(), []string{"情绪", "情感"}) {
		t.Errorf("Terms = %+v, want 情绪 with synonym 情感", ts)
	}
	if _, ok := termNamed(ts, "相关"); ok {
		t.Errorf("Terms = %+v: 相关 is a stop word", ts)
	}
	ts = Terms("武汉大学是哪一年迁到珞珈山的？")
	tm, ok = termNamed(ts, "迁到")
	if !ok || !slices.Contains(tm.Synonyms, "迁至") || slices.Contains(tm.Synonyms, "迁到") {
		t.Errorf("Terms = %+v, want 迁到 with synonym 迁至", ts)
	}
	if got := Synonyms("樱花"); got != nil {
		t.Errorf("Synonyms(樱花) = %v, want nil", got)
	}
	if w := (Term{Text: "樱花"}).Words(); !slices.Equal(w, []string{"樱花"}) {
		t.Errorf("Words = %v", w)
	}
}

func TestRefersBack(t *testing.T) {
	for s, want := range map[string]bool{"该班级凭借其培养模式": true, "其中，影响最深远的": true, "对此，学校回应": true, "他们认为": true, "武汉大学发布通报": false, "校方该如何": false} {
		if got := RefersBack(s); got != want {
			t.Errorf("RefersBack(%q) = %v, want %v", s, got, want)
		}
	}
}

// IsName: the dictionary's proper names that are specific; everyday names
// (中国, 美国), common nouns and words the dictionary lacks are not.
func TestIsName(t *testing.T) {
	for w, want := range map[string]bool{
		"北京大学": true, "北京大学图书馆": true, "特斯拉": true, "新华社": true, "北大": true, "和服": true,
		"中国": false, "美国": false, "长江": false, // everyday names (general share over 1e-4)
		"谣言": false, "大学": false, "误读": false, // not names
		"小红书": false, "张平文": false, "Tesla": false, // not in the dictionary's names
	} {
		if got := IsName(w); got != want {
			t.Errorf("IsName(%q) = %v, want %v", w, got, want)
		}
	}
	if tm, ok := termNamed(Terms("事件中有哪些谣言或误读？"), "谣言"); !ok || !slices.Contains(tm.Synonyms, "传言") || !slices.Contains(tm.Synonyms, "不实") {
		t.Errorf("谣言: %+v, want the rumour group as synonyms", tm)
	}
}
