package nodes

import "testing"

func TestChapterOutputTokens(t *testing.T) {
	for _, tc := range []struct{ words, limit, want int }{
		{1200, 8192, 3900}, // 2 × 1200 + 1500
		{3000, 8192, 7500}, // still under deepseek-chat's maximum
		{4000, 8192, 8192}, // capped
		{1200, 0, 3900},    // 0 = DefaultMaxOutputTokens (4096)
		{2000, 0, 4096},    // capped by the default
		{0, 16384, 3500},   // unknown target: 1000 words
		{-5, 16384, 3500},  // ditto
		{1200, 1000, 1000}, // a small local model
	} {
		if got := chapterOutputTokens(tc.words, tc.limit); got != tc.want {
			t.Errorf("chapterOutputTokens(%d, %d) = %d, want %d", tc.words, tc.limit, got, tc.want)
		}
	}
}

func TestPlanPerSubPoint(t *testing.T) {
	for _, tc := range []struct{ prompt, want int }{
		{1000, 6}, {6000, 6}, {12000, 12}, {24000, 24}, {100000, 40},
	} {
		if got := planPerSubPoint(tc.prompt); got != tc.want {
			t.Errorf("planPerSubPoint(%d) = %d, want %d", tc.prompt, got, tc.want)
		}
	}
}
