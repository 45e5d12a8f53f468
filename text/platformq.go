package text

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A question asking which platforms or media carry the most of the
// records ("哪些媒体报道最多？", "Which platforms covered it most?") asks
// for counts, which no sentence of the records states; local search
// answers it from the sources counted by platform (graphrag/localsearch,
// the Platforms section).

// platformWordsZH and platformWordsEN name platforms or media in general
// (a platform's own name, 微博 or 抖音, asks about that platform, not for
// a count over them).
var (
	platformWordsZH = []string{"媒体", "平台", "网站", "渠道", "站点"}
	// recordWordsZH and recordWordsEN name the records themselves: a
	// question counting them ("有多少条检索记录来自小红书？") asks for a count
	// over the sources too, of one platform when it names one
	recordWordsZH   = []string{"检索记录", "搜索记录", "记录", "检索结果", "搜索结果"}
	recordWordsEN   = fieldSet("record records result results")
	platformWordsEN = fieldSet("platform platforms outlet outlets media site sites website websites channel channels")
	// countWordsZH and countPhrasesEN ask for the most, a number or a share
	countWordsZH   = []string{"最多", "最高", "最活跃", "最大", "最广", "最热", "最火", "多少", "几个", "数量", "占比", "百分比", "比例", "分布", "排名", "排行"}
	countPhrasesEN = []string{"most", "how many", "share", "distribution", "ranking", "ranked"}
	// frameWords are the words of a platform-count question that say what
	// is counted (coverage, talk, heat), not what it is about
	frameWords = fieldSet(`报道 讨论 提及 发布 发帖 热度 声量 内容 信息 文章 帖子 来源 来自 网友 用户 传播 关注 网上 网络上 线上 网络
		report reported covered coverage cover discuss discussed discussion post article mention source talk talked carry carried carries`)
)

// AsksPlatformCount reports whether question asks for a count by
// platform: it names platforms or media in general (媒体, 平台, 网站,
// 渠道, 站点; platform, outlet, media, site, website, channel) or the
// records (检索记录, 记录, 搜索结果; records, results) and asks
// for the most, a number or a share (最多, 最高, 多少, 几个, 占比, 分布,
// 排名; most, how many, share, distribution, ranking). "哪些媒体报道最多？"
// and "图书馆事件在哪个平台热度最高？", "哪个平台声量最大？" do; "网友主要在哪些平台讨论武汉大学？"
// (which platforms, no count asked) and "抖音上的播放量有多少？" (one
// platform named, its content's figure asked) do not; "有多少条检索记录来自
// 小红书？" does (graphrag/localsearch then gives 小红书's row).
func AsksPlatformCount(question string) bool {
	low := strings.ToLower(question)
	words := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) || IsHan(r) })
	platform, count := FirstWord(low, platformWordsZH) != "" || FirstWord(low, recordWordsZH) != "", FirstWord(low, countWordsZH) != ""
	for i, w := range words {
		platform = platform || platformWordsEN[w] || recordWordsEN[w]
		for _, p := range countPhrasesEN {
			ps := strings.Fields(p)
			if i+len(ps) <= len(words) && strings.Join(words[i:i+len(ps)], " ") == p {
				count = true
			}
		}
	}
	return platform && count
}

// CountFrame reports whether the content term t (Terms) is part of a
// platform-count question's frame — a platform or count word, or a word
// for what is counted (报道, 讨论, 热度, 网友; reported, coverage) — rather
// than its subject: "图书馆事件在哪个平台热度最高？" counts the sources
// about 图书馆事件; "网上关于这家店的讨论主要来自哪些平台" counts them all
// (网上, 线上: where the talk is, no subject).
func CountFrame(t string) bool {
	t = strings.ToLower(t)
	return frameWords[t] || platformWordsEN[t] || recordWordsEN[t] || FirstWord(t, platformWordsZH) != "" || FirstWord(t, countWordsZH) != "" ||
		FirstWord(t, recordWordsZH) != "" || strings.Contains(t, "检索") ||
		t == "most" || t == "many" || t == "share" || t == "distribution" || t == "ranking"
}

// PlatformList matches a text naming two platforms (IsPlatformName; one
// twice too), longer names tried first: "小红书46%、抖音31%、微博13%" and
// "小红书和抖音两个平台合计贡献77%" list the platforms a question asking
// which ones ("讨论主要在哪些平台？") is answered with.
var PlatformList = func() *regexp.Regexp {
	names := slices.SortedFunc(maps.Keys(platformNames), func(a, b string) int {
		return cmp.Or(len(b)-len(a), strings.Compare(a, b))
	})
	for i, n := range names {
		names[i] = regexp.QuoteMeta(n)
	}
	alt := "(?:" + strings.Join(names, "|") + ")"
	return regexp.MustCompile(alt + ".*" + alt)
}()
