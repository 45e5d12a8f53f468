package text

import (
	"slices"
	"strings"
	"testing"
)

func TestSentenceRulesSplit(t *testing.T) {
	report := SentenceRules{Ends: "。！？；", SpacedEnds: ".", Closers: "”）", Titles: true}
	unit := SentenceRules{Ends: "。\n", SpacedEnds: ".!?", AnySpace: true}
	for _, tc := range []struct {
		name  string
		rules SentenceRules
		s     string
		want  []string
	}{
		{"marks", report, "樱花开了。游客很多！是吗？", []string{"樱花开了。", "游客很多！", "是吗？"}},
		{"closers stay", report, "他说：“来了。”然后走了（真的。）好", []string{"他说：“来了。”", "然后走了（真的。）", "好"}},
		{"titles", report, "《你好！世界》上映。", []string{"《你好！世界》上映。"}},
		{"a quote holds its ends", report, "「来了。」他说。", []string{"「来了。」他说。"}},
		{"a title in a sentence", report, "校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》推文引发争议。好", []string{"校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！》推文引发争议。", "好"}},
		{"nested marks", report, "《甲「乙。」丙！》完。再见", []string{"《甲「乙。」丙！》完。", "再见"}},
		{"an unclosed title holds nothing", report, "他读了《一本书。" + strings.Repeat("后来走了。", TitleRunes/5), append([]string{"他读了《一本书。"}, slices.Repeat([]string{"后来走了。"}, TitleRunes/5)...)},
		{"a text cut inside a title", report, "他读了《一本书。后来", []string{"他读了《一本书。后来"}},
		{"a title closing too far holds nothing", report, "《" + strings.Repeat("字", TitleRunes) + "。》完", []string{"《" + strings.Repeat("字", TitleRunes) + "。", "》完"}},
		{"a title closing just in time", report, "《" + strings.Repeat("字", TitleRunes-2) + "。》完", []string{"《" + strings.Repeat("字", TitleRunes-2) + "。》完"}},
		{"a stray closing title mark", report, "》完。再见", []string{"》完。", "再见"}},
		{"dot before a space only", report, "v1.2 发布. Next 3.5", []string{"v1.2 发布.", " Next 3.5"}},
		{"dot at the end", report, "Done.", []string{"Done."}},
		{"tab is not a space by default", report, "a.\tb", []string{"a.\tb"}},
		{"any space", unit, "a.\tb! c", []string{"a.", "\tb!", " c"}},
		{"newline ends", unit, "一\n二。三", []string{"一\n", "二。", "三"}},
		{"no ends", SentenceRules{}, "a. b。c", []string{"a. b。c"}},
		{"empty", report, "", nil},
		{"a period before a capital", SentenceRules{Periods: true}, "It ended. Then Dr. Hayes spoke. and on", []string{"It ended.", " Then Dr. Hayes spoke. and on"}},
	} {
		got := tc.rules.Split(tc.s)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Split(%q) = %q, want %q", tc.name, tc.s, got, tc.want)
		}
		if strings.Join(got, "") != tc.s {
			t.Errorf("%s: the pieces do not concatenate to the text", tc.name)
		}
	}
}

func TestUnclosedTitle(t *testing.T) {
	for s, want := range map[string]bool{
		"校方发布的《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！": true,
		"校方发布的《游戏少年》推文。":              false,
		"他说「来了":   true,
		"《甲「乙」》完": false,
		"》完。":     false,
		"没有书名。":   false,
	} {
		if got := UnclosedTitle(s); got != want {
			t.Errorf("UnclosedTitle(%q) = %v, want %v", s, got, want)
		}
	}
}
