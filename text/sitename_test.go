package text

import "testing"

// SiteSuffix finds the site's name a page title ends with (issue 19: a
// follow-up question quoted 「武汉大学有哪些著名校友-大学排名-鲁芽网」) and
// leaves a title whose last part is no site's name whole.
func TestSiteSuffix(t *testing.T) {
	for _, c := range []struct{ title, name, site string }{
		{"武汉大学有哪些著名校友-大学排名-鲁芽网", "武汉大学有哪些著名校友-大学排名", "鲁芽网"},
		{"支撑教育强国、文化强国建设的“武大方案” - 瞭望- 新华网", "支撑教育强国、文化强国建设的“武大方案” - 瞭望", "新华网"},
		{"武大诬告案迎来好消息!校长亲自回应_网易订阅", "武大诬告案迎来好消息!校长亲自回应", "网易订阅"},
		{"我国风景最美的八所大学_校园_建筑- 樱花树 - 搜狐", "我国风景最美的八所大学_校园_建筑- 樱花树", "搜狐"},
		{"武漢大學- 維基百科，自由的百科全書", "武漢大學- 維基百科，自由的百科全書", ""},           // a comma: no site name
		{"武大事件升级!被扒曾接受资助_项目_合作_网友", "武大事件升级!被扒曾接受资助_项目_合作_网友", ""}, // 网友 is no site
		{"武汉大学-新闻", "武汉大学-新闻", ""}, // a bare tail is no name
		{"新华网", "新华网", ""},         // no separator
		{"张三-李四", "张三-李四", ""},     // a name's hyphen
		{"樱花-网", "樱花-网", ""},       // the name left is too short, and 网 alone is no name
		{"2023年武汉大学图书馆性骚扰事件", "2023年武汉大学图书馆性骚扰事件", ""},
	} {
		if name, site := SiteSuffix(c.title); name != c.name || site != c.site {
			t.Errorf("SiteSuffix(%q) = %q, %q, want %q, %q", c.title, name, site, c.name, c.site)
		}
	}
}
