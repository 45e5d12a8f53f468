package text

import (
	"strings"
	"testing"
)

// Heldout91: a foreign correspondent's English about Chinese texts. A
// given name whose syllables a hyphen joins, the second in lower case
// (Yang Jing-yuan, Wu-han), is read as the name the texts hold, and the
// everyday words of the story (war, Japan, moved, boy, website) as the
// texts write them.
func TestForeignCorrespondent(t *testing.T) {
	held := map[string]int{"杨景": 12, "杨景媛": 12, "武汉": 40, "抗战": 3, "日本": 9, "西迁": 1, "男生": 7, "官网": 2, "处分": 20}
	docs := func(w string) int { return held[w] }
	for in, want := range map[string][]string{
		"Which court threw out Yang Jing-yuan's lawsuit?":                    {"杨景媛"},
		"I keep hearing Wu-han Uni backdated its birthday":                   {"武汉"},
		"During the war with Japan the university moved out of Wuhan right?": {"抗战", "日本", "西迁", "武汉"},
		"what punishment did the school give the boy":                        {"男生"},
		"the disciplinary notice was quietly pulled off the Wuda website":    {"处分", "官网"},
	} {
		got := AsChinese(in, docs)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("AsChinese(%q) = %q, lacks %q", in, got, w)
			}
		}
	}
}
