package text

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// titleSeparators part a page title from the site name a site or a search
// engine appends to it ("…校友-大学排名-鲁芽网", "… - 新华网", "…_网易订阅").
var titleSeparators = []string{" - ", " – ", " — ", " | ", "｜", "|", "-", "_"}

// siteTails end a site's name (鲁芽网, 瞭望新闻周刊, 网易订阅, 维基百科…);
// siteNames are sites whose name ends otherwise.
var (
	siteTails = []string{"网", "网站", "官网", "新闻", "日报", "晚报", "早报", "周刊", "百科", "百科全书", "百科全書",
		"订阅", "头条", "论坛", "在线", "门户", "资讯", "客户端", "频道", "社区"}
	siteNames = []string{"搜狐", "知乎", "澎湃", "微博", "抖音", "小红书", "豆瓣", "百度", "新浪", "腾讯", "凤凰", "哔哩哔哩"}
)

// SiteSuffix splits a web page title into the page's own name and the
// name of the site appended to it after a separator (" - ", "-", "_", "|"):
// "武汉大学有哪些著名校友-大学排名-鲁芽网" → "武汉大学有哪些著名校友-大学排名",
// "鲁芽网". The site's name has 2–12 runes, no digit or sentence mark, and
// ends as one (…网, …日报, …百科, …订阅: siteTails) or is a platform's
// (搜狐, 知乎…); the name left has at least 4 runes. A title with no such
// suffix is returned whole with site "". Only the last suffix is split.
func SiteSuffix(title string) (name, site string) {
	t := strings.TrimSpace(title)
	best := -1
	sep := ""
	for _, s := range titleSeparators {
		if k := strings.LastIndex(t, s); k > best {
			best, sep = k, s
		}
	}
	if best < 0 {
		return t, ""
	}
	name, site = strings.TrimSpace(t[:best]), strings.TrimSpace(t[best+len(sep):])
	if utf8.RuneCountInString(name) < 4 || !siteName(site) {
		return t, ""
	}
	return name, site
}

// siteName reports a string that reads as a site's name (SiteSuffix).
func siteName(s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 2 || n > 12 || strings.ContainsAny(s, "0123456789，。！？,.!?：:；;、") {
		return false
	}
	return slices.Contains(siteNames, s) || slices.ContainsFunc(siteTails, func(w string) bool { return strings.HasSuffix(s, w) && s != w })
}
