package text

import "testing"

func TestOffensive(t *testing.T) {
	for _, w := range offensiveCJK {
		if got, ok := OffensiveWord("关于" + w + "的说法"); !ok || got != w {
			t.Errorf("%q not found (got %q)", w, got)
		}
	}
	for w := range offensiveLatin {
		if got, ok := OffensiveWord("Well, " + w + "!"); !ok || got != w {
			t.Errorf("%q not found (got %q)", w, got)
		}
	}
	for _, s := range []string{
		// titles and questions from the fixtures that must pass
		"武汉大学图书馆性骚扰事件", "辛某强行逼停三名学生", "这波操作", "垃圾分类", "滚动新闻", "武大诬告案迎来好消息", "操场上跑步的新生",
		"Scunthorpe United", "Dickens wrote novels", "The assassin's creed", "What part does Alex Mercer play in this?", "",
	} {
		if w, ok := OffensiveWord(s); ok {
			t.Errorf("%q flagged for %q", s, w)
		}
	}
	// from the BettaFish fixture's post titles
	for _, s := range []string{"彻底完了,武大校长最后的遮羞布也被扯下来了", "这波骚操作,让我对诬大彻底凉透", "杨某恐坐牢", "What a BULLSHIT answer"} {
		if !Offensive(s) {
			t.Errorf("%q not flagged", s)
		}
	}
}
