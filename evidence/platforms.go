package evidence

import (
	"net/url"
	"slices"
	"strings"
)

// Platform is a site or app a record was published on, as a report names
// it: 微博, 抖音, 腾讯新闻, or a class of sites (高校及教育机构网站).
type Platform struct {
	Name string `json:"name"` // 微博, B站, 腾讯新闻, 高校及教育机构网站, 其他网站
	Kind string `json:"kind"` // 社交媒体, 短视频, 视频, 问答社区, 论坛社区, 资讯平台, 新闻门户, 新闻媒体, 百科, 政务网站, 教育机构, 其他
}

// platformEntry is one row of the platform table: the platform, the host
// suffixes its pages are served from and the names the text calls it by.
type platformEntry struct {
	Platform
	hosts []string // a host is the platform's when it is one of these or ends in "."+one
	names []string // how a text names it, specific names first (微信公众号 before 微信)
}

// platforms is the one host → platform table (and the platform names
// FindFigures files shares under). Order matters twice: a host takes the
// first entry with a matching suffix (mp.weixin.qq.com is 微信公众号, not
// 腾讯新闻), and a text the first name found in list order.
var platforms = []platformEntry{
	{Platform{"微博", "社交媒体"}, []string{"weibo.com", "weibo.cn", "t.cn"}, []string{"新浪微博", "微博"}},
	{Platform{"抖音", "短视频"}, []string{"douyin.com", "iesdouyin.com"}, []string{"抖音"}},
	{Platform{"微信公众号", "社交媒体"}, []string{"mp.weixin.qq.com"}, []string{"微信公众号", "公众号"}},
	{Platform{"微信", "社交媒体"}, []string{"weixin.qq.com", "wx.qq.com"}, []string{"微信"}},
	{Platform{"视频号", "短视频"}, []string{"channels.weixin.qq.com"}, []string{"视频号"}},
	{Platform{"B站", "视频"}, []string{"bilibili.com", "b23.tv"}, []string{"B站", "哔哩哔哩", "bilibili"}},
	{Platform{"小红书", "社交媒体"}, []string{"xiaohongshu.com", "xhslink.com"}, []string{"小红书"}},
	{Platform{"知乎", "问答社区"}, []string{"zhihu.com"}, []string{"知乎"}},
	{Platform{"快手", "短视频"}, []string{"kuaishou.com", "gifshow.com"}, []string{"快手"}},
	{Platform{"今日头条", "资讯平台"}, []string{"toutiao.com", "toutiaocdn.com"}, []string{"今日头条", "头条"}},
	{Platform{"百度贴吧", "论坛社区"}, []string{"tieba.baidu.com"}, []string{"百度贴吧", "贴吧"}},
	{Platform{"百度百科", "百科"}, []string{"baike.baidu.com"}, nil},
	{Platform{"百家号", "资讯平台"}, []string{"baijiahao.baidu.com"}, []string{"百家号"}},
	{Platform{"豆瓣", "论坛社区"}, []string{"douban.com"}, []string{"豆瓣"}},
	{Platform{"腾讯新闻", "新闻门户"}, []string{"new.qq.com", "news.qq.com", "view.inews.qq.com"}, nil},
	{Platform{"网易", "新闻门户"}, []string{"163.com"}, nil},
	{Platform{"搜狐", "新闻门户"}, []string{"sohu.com"}, nil},
	{Platform{"新浪", "新闻门户"}, []string{"sina.com.cn", "sina.cn"}, nil},
	{Platform{"凤凰网", "新闻门户"}, []string{"ifeng.com"}, nil},
	{Platform{"澎湃新闻", "新闻媒体"}, []string{"thepaper.cn"}, nil},
	{Platform{"新华网", "新闻媒体"}, []string{"news.cn", "xinhuanet.com"}, nil},
	{Platform{"人民网", "新闻媒体"}, []string{"people.com.cn"}, nil},
	{Platform{"央视网", "新闻媒体"}, []string{"cctv.com", "cntv.cn"}, nil},
	{Platform{"中国日报", "新闻媒体"}, []string{"chinadaily.com.cn"}, nil},
	{Platform{"中国新闻网", "新闻媒体"}, []string{"chinanews.com.cn", "chinanews.com"}, nil},
	{Platform{"维基百科", "百科"}, []string{"wikipedia.org"}, nil},
	{Platform{"搜狗百科", "百科"}, []string{"baike.sogou.com"}, nil},
	{Platform{"YouTube", "视频"}, []string{"youtube.com", "youtu.be"}, []string{"YouTube"}},
	{Platform{"X（Twitter）", "社交媒体"}, []string{"twitter.com", "x.com"}, []string{"Twitter"}},
	{Platform{"Facebook", "社交媒体"}, []string{"facebook.com"}, []string{"Facebook"}},
	{Platform{"TikTok", "短视频"}, []string{"tiktok.com"}, []string{"TikTok"}},
	{Platform{"Reddit", "论坛社区"}, []string{"reddit.com"}, []string{"Reddit"}},
}

// Platform classes for hosts the table does not name.
var (
	PlatformGov   = Platform{"政府网站", "政务网站"}      // a host under .gov.cn or .gov
	PlatformEdu   = Platform{"高校及教育机构网站", "教育机构"} // a host under .edu.cn, .edu or .ac.cn
	PlatformOther = Platform{"其他网站", "其他"}        // any other host
	PlatformNoURL = Platform{"无网址的帖子", "其他"}      // a record without a URL (the insight engine's database posts)
)

// PlatformOfURL returns the platform a URL's host belongs to: the first
// entry of the platform table whose host suffix matches (a host matches a
// suffix it equals or ends with after a dot), else the class of its
// domain (PlatformGov, PlatformEdu), else PlatformOther; PlatformNoURL for
// "" and for a string with no host. Hosts are compared in lower case.
func PlatformOfURL(raw string) Platform { return platformOfHost(Host(raw)) }

// platformOfHost is PlatformOfURL of a URL whose Host is h.
func platformOfHost(h string) Platform {
	if h == "" {
		return PlatformNoURL
	}
	for _, p := range platforms {
		if slices.ContainsFunc(p.hosts, func(s string) bool { return under(h, s) }) {
			return p.Platform
		}
	}
	switch {
	case under(h, "gov.cn") || under(h, "gov"):
		return PlatformGov
	case under(h, "edu.cn") || under(h, "edu") || under(h, "ac.cn"):
		return PlatformEdu
	}
	return PlatformOther
}

// under reports whether host h is domain d or a host under it.
func under(h, d string) bool {
	return h == d || len(h) > len(d) && h[len(h)-len(d)-1] == '.' && strings.HasSuffix(h, d)
}

// Host is the lower-cased host of a URL without a port and without a
// leading "www." or "m." (the site a reader knows: sohu.com), or "" when
// raw does not parse or has no host. A URL without a scheme
// ("weibo.com/123") is read as http.
func Host(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	h, ok := plainHost(raw)
	if !ok {
		h = parsedHost(raw)
	}
	for _, p := range []string{"www.", "m."} {
		if t, ok := strings.CutPrefix(h, p); ok && strings.Contains(t, ".") {
			h = t
		}
	}
	return h
}

// parsedHost is the lower-cased host of raw as url.Parse reads it, without
// a port and a trailing dot; "" when raw does not parse.
func parsedHost(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
}

// plainHost is parsedHost of the common URL read without url.Parse (a
// run's records are mostly such URLs, and parsing each was most of the
// essentials' time): "http://" or "https://", a host of letters, digits
// and . _ ~ -, then the end or '/', '?' or '#', every byte printable
// ASCII other than '%' (so no escape can fail and no control byte
// appears). ok is false for any other string, which parsedHost reads.
func plainHost(raw string) (host string, ok bool) {
	rest, found := strings.CutPrefix(raw, "https://")
	if !found {
		if rest, found = strings.CutPrefix(raw, "http://"); !found {
			return "", false
		}
	}
	end := len(rest)
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if c <= ' ' || c >= 0x7f || c == '%' {
			return "", false
		}
		if end == len(rest) {
			switch {
			case c == '/' || c == '?' || c == '#':
				end = i
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '-', c == '_', c == '~':
			default:
				return "", false // a port, user information, brackets …
			}
		}
	}
	if end == 0 {
		return "", false
	}
	return strings.ToLower(strings.TrimSuffix(rest[:end], ".")), true
}

// platformWords are the platform names texts use, in table order (the
// figure finder files a share under the first it finds).
var platformWords = func() []string {
	var out []string
	for _, p := range platforms {
		out = append(out, p.names...)
	}
	return out
}()

// PlatformNamed returns the platform a name in a text stands for
// (哔哩哔哩 → B站, 公众号 → 微信公众号, 头条 → 今日头条) and true, or false
// when the table has no such name.
func PlatformNamed(name string) (Platform, bool) {
	if k := slices.IndexFunc(platforms, func(p platformEntry) bool { return slices.Contains(p.names, name) }); k >= 0 {
		return platforms[k].Platform, true
	}
	return Platform{}, false
}
