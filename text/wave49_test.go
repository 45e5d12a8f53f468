package text

import (
	"slices"
	"testing"
)

// heldout49's kinds: a sentence's first word is capitalised as such, no
// numbered name ("Spent 30 years…"; "Area 51" inside a sentence still
// is); the asker's school year (我高二，) goes; 大体, dumb and deal are no
// terms; 司机 is written 驾驶员, 起薪 as a pay figure, a techie as a tech
// specialist.
func TestWave49Terms(t *testing.T) {
	if got := NumberedNames("Spent 30 years reading imagery. What did the squad find at Area 51?"); !slices.Equal(got, []string{"area 51"}) {
		t.Errorf("NumberedNames = %q, want [area 51]", got)
	}
	if got := NumberedNames("Area 51: what is there?"); len(got) != 0 {
		t.Errorf("NumberedNames(a sentence opening with Area 51) = %q, want none", got)
	}
	for q, want := range map[string]string{
		"我高二，明年春天想去武大看看，外人进校要不要提前约？": "明年春天想去武大看看，外人进校要不要提前约？",
		"我是大三的，宿舍条件怎么样？":             "宿舍条件怎么样？",
		"我高二吗？": "我高二吗？",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	checkTerms(t, "网上对武大的负面议论大体集中在哪几类问题上？", []string{"武大", "负面"}, []string{"大体"})
	checkTerms(t, "ok dumb question but how do they deal with the drone?", []string{"drone"}, []string{"dumb", "deal"})
	if !slices.Contains(Synonyms("司机"), "驾驶员") {
		t.Errorf("Synonyms(司机) = %v, want 驾驶员", Synonyms("司机"))
	}
	for w, in := range map[string]string{"起薪": "薪资", "techie": "tech"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
}
