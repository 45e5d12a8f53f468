package text

import (
	"slices"
	"testing"
)

// heldout42's kinds: 几月/份 cut in two left an empty term (and changed
// the caller's words); 正式 is how an event dated happened, not what; an
// event put at a time (安排在什么时候); the things 有没有做 asks whether
// there are, before alternatives the words do not read; a listener's
// frame before a colon ("Big picture for listeners tuning in:").
func TestWave42Terms(t *testing.T) {
	q := "这家店是几月份正式开门营业的？"
	ws := Words(q)
	before := slices.Clone(ws)
	got := TermTexts(TermsOf(q, ws))
	if slices.Contains(got, "") || !slices.Contains(got, "营业") {
		t.Errorf("TermsOf(%q) = %q, want no empty term and 营业", q, got)
	}
	if !slices.Equal(ws, before) {
		t.Errorf("TermsOf changed its words: %q, was %q", ws, before)
	}
	for q, c := range map[string]struct{ want, not []string }{
		"这家店是几月份正式开门营业的？":           {[]string{"营业"}, []string{"正式"}},
		"武大新生军训一般安排在什么时候，要练多久？":     {[]string{"军训"}, nil},
		"武大新生军训一般几月份开始？要训几周啊？":      {[]string{"军训"}, nil},
		"孩子九月入学，武大新生军训一般几号开始、要练几周？": {[]string{"军训"}, nil},
		"他们家有没有做微信公众号或者B站账号？":       {[]string{"微信公众号"}, nil},
		"是几月份开的":       {nil, []string{"份开"}},
		"有没有出面回应或者道歉？": {nil, []string{"出面", "回应"}},
		"这家店有没有会员卡":    {[]string{"会员卡"}, nil},
	} {
		checkAsked(t, q, c.want, c.not)
	}
	for q, want := range map[string]string{
		"Big picture for listeners tuning in: what outfit do these agents belong to?": "what outfit do these agents belong to?",
		"Recap: who leads the team?":              "who leads the team?",
		"Agent Mercer: what did he do?":           "Agent Mercer: what did he do?",
		"Big picture: the team goes underground.": "Big picture: the team goes underground.",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	checkTerms(t, "Where are they being sent once they're inside?", []string{"sent"}, []string{"they're"})
	checkTerms(t, "军训要训几周啊？", []string{"军训"}, []string{"几周"})
	if !slices.Contains(Synonyms("上新"), "推出") {
		t.Errorf("Synonyms(上新) = %v, want 推出", Synonyms("上新"))
	}
}
