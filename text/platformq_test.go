package text

import "testing"

// A count by platform needs both a word naming platforms or media in
// general and a word asking for the most, a number or a share; either
// alone is no count question. The frame words are not the subject.
func TestAsksPlatformCount(t *testing.T) {
	for q, want := range map[string]bool{
		"哪些媒体报道最多？":                          true,
		"图书馆事件在哪个平台热度最高？":                    true,
		"这次舆情主要在哪些平台上传播，哪个平台声量最大？":           true, // session 33's trial: 最大 was no count word
		"各平台的来源占比是多少？":                       true,
		"Which platforms reported most?":     true,
		"How many outlets covered the case?": true,
		"网友主要在哪些平台讨论武汉大学？":                   false, // no count asked
		"樱花季黄牛事件在抖音上的播放量有多少？":                false, // one platform named
		"哪些媒体报道了图书馆事件？":                      false,
		"Which media covered the case?":      false,
		"What is the most important theme?":  false,
		"有多少条检索记录来自小红书？":                     true, // records counted (of one platform)
		"How many records came from Weibo?":  true,
		"武汉大学有多少名专任教师？":                      false, // a figure, not records
	} {
		if got := AsksPlatformCount(q); got != want {
			t.Errorf("AsksPlatformCount(%q) = %v, want %v", q, got, want)
		}
	}
	for w, want := range map[string]bool{"报道": true, "平台": true, "媒体": true, "最多": true, "reported": true, "outlets": true, "carry": true, "carried": true, "discussion": true, "条检索": true, "记录": true, "来自": true, "网上": true, "线上": true,
		"图书馆": false, "樱花季": false, "court": false} {
		if CountFrame(w) != want {
			t.Errorf("CountFrame(%q) = %v", w, !want)
		}
	}
}
