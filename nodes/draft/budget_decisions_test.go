package draft

import (
	"encoding/json"
	"slices"
	"testing"

	"reportengine/llm"
	"reportengine/prompts"
)

// budgetTargets asks the offline report writer for the word budget of chapters
// with the given outline lengths and returns the chapters' target words.
func budgetTargets(t *testing.T, total int, outlines ...int) []int {
	t.Helper()
	var chs []prompts.ChapterOutline
	for i, n := range outlines {
		c := prompts.ChapterOutline{ChapterID: "S" + string(rune('1'+i)), Title: "第" + string(rune('1'+i)) + "章"}
		for k := range n {
			c.Outline = append(c.Outline, string(rune('1'+i))+"."+string(rune('1'+k))+" 要点")
		}
		chs = append(chs, c)
	}
	in, err := json.Marshal(prompts.WordBudgetInput{Task: prompts.TaskWordBudget, Query: "q", Chapters: chs, TotalWords: total})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := NewModel().Complete(t.Context(), llm.Request{Step: "test", Messages: []llm.Message{{Role: llm.RoleUser, Content: string(in)}}})
	if err != nil {
		t.Fatal(err)
	}
	var r prompts.WordBudgetReply
	if err := json.Unmarshal([]byte(resp.Content), &r); err != nil {
		t.Fatalf("reply %q: %v", resp.Content, err)
	}
	var out []int
	for i, c := range r.Chapters {
		if c.ChapterID != chs[i].ChapterID {
			t.Fatalf("chapter %d is %q, want %q", i, c.ChapterID, chs[i].ChapterID)
		}
		out = append(out, c.TargetWords)
	}
	return out
}

// The words left after each chapter's whole share go, one each, to the
// chapters with the largest remainders (ties: chapter order). The expected
// targets are worked out by hand from total·points/Σpoints.
func TestWordBudgetRemainderGoesToLargestShares(t *testing.T) {
	for _, tc := range []struct {
		total    int
		outlines []int
		want     []int
	}{
		// 10·{3,3,1,3,4}/14 = 2.14 2.14 0.71 2.14 2.86: floors 2 2 0 2 2,
		// the two words left go to S5 (.86) and S3 (.71)
		{10, []int{3, 3, 1, 3, 4}, []int{2, 2, 1, 2, 3}},
		// 10000·{3,3,1,3,4}/14 = 2142.86 ×3, 714.29, 2857.14: three left,
		// to S1, S2 and S4 (.86 each)
		{10000, []int{3, 3, 1, 3, 4}, []int{2143, 2143, 714, 2143, 2857}},
		// 7·{3,3,1,3,4}/14 = 1.5 1.5 0.5 1.5 2: four remainders tie at .5,
		// the two words left go to the first two chapters
		{7, []int{3, 3, 1, 3, 4}, []int{2, 2, 0, 1, 2}},
		// 5·{1,2}/3 = 1.67 3.33: one left, to S1
		{5, []int{1, 2}, []int{2, 3}},
	} {
		if got := budgetTargets(t, tc.total, tc.outlines...); !slices.Equal(got, tc.want) {
			t.Errorf("total %d over outlines %v: targets %v, want %v", tc.total, tc.outlines, got, tc.want)
		}
	}
}
