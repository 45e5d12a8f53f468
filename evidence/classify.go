package evidence

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Noise is the class of a sentence an analyst would not quote as a
// finding (see Classify). The zero value, Clean, is a sentence that may be
// quoted. The classes are stable: their String values are written in
// testdata and in evidence.json.
type Noise uint8

// Noise classes, in the order Classify tests them.
const (
	// Clean is a sentence that states something of its own.
	Clean Noise = iota
	// Floor is a comment-floor or reply prefix: "2楼：…", "沙发", "回复 张三：…".
	Floor
	// Furniture is navigation and page furniture: breadcrumbs ("海外学习项目 /
	// 重要提示…"), notices, share and login prompts, copyright and
	// publication metadata lines.
	Furniture
	// Advert is vendor promotion and recruiting: a monitoring product
	// praising itself ("乐思网络舆情监测系统能够…"), contact and trial
	// calls, a company's hiring programme ("海外学子招聘计划").
	Advert
	// Filler is text written to fill a page: search-engine filler ("本篇文章
	// 是有小编…"), encyclopedia weather and climate text ("年降水量在1,000至
	// 1,500毫米之间").
	Filler
	// Listing is a table of contents, a heading or a list line: "二､主要热点
	// 事件分析 1.", "目录", "第三章 …" with no statement.
	Listing
	// Definition is a textbook definition: "武汉大学舆情是指…", "所谓舆情，…".
	Definition
	// Meta is a sentence about the analysis or the document rather than
	// its subject: "本报告旨在…", "通过梳理分析这些具体案例，可以深入探究…".
	Meta
	// Fragment is a sentence whose subject is in the sentence before it:
	// "这类事件通常因施虐视频…", "而真正的引爆却出现在28日凌晨。". Quote it
	// with the previous sentence, or not at all.
	Fragment
)

var noiseNames = [...]string{"clean", "floor", "furniture", "advert", "filler", "listing", "definition", "meta", "fragment"}

// String is the class's name: clean, floor, furniture, advert, filler,
// listing, definition, meta, fragment ("noise(N)" for an unknown value).
func (n Noise) String() string {
	if int(n) < len(noiseNames) {
		return noiseNames[n]
	}
	return "noise(" + itoa(int(n)) + ")"
}

// ParseNoise is the inverse of Noise.String; false for an unknown name.
func ParseNoise(s string) (Noise, bool) {
	for i, name := range noiseNames {
		if name == s {
			return Noise(i), true
		}
	}
	return Clean, false
}

// Noises lists every class, Clean first.
func Noises() []Noise {
	out := make([]Noise, len(noiseNames))
	for i := range out {
		out[i] = Noise(i)
	}
	return out
}

// Classify decides the noise class of one sentence (a passage of
// Passages, or a sentence of it) given the sentence before it in the same
// text ("" when it is the first). The rules, tested in this order:
//
//   - Floor: the sentence opens with a comment floor ("2楼", "#3", "3F",
//     沙发/板凳/楼主) or a reply prefix ("回复 X：");
//   - Furniture: a breadcrumb (two or more " / " or " > " separators, or
//     "A / B：" at the start), a notice label (重要提示, 温馨提示, 当前位置 …),
//     a publication metadata line (发布时间/来源/作者/浏览 with no sentence
//     mark), or, in a sentence of at most 60 runes, a furniture mark of
//     the collector (登录, 版权所有, 上一篇 …, see isFurniture);
//   - Advert: a monitoring vendor's name (乐思, 识微, 蚁坊 …) or a product
//     word (舆情监测系统, 监测平台, 解决方案) with a selling verb (能够, 可以,
//     提供, 帮助 …), a trial or contact call (免费试用, 咨询热线 …), or a
//     recruiting phrase (招聘计划, 校园招聘, 投递简历, 网申 …);
//   - Filler: search-engine filler (小编, 本篇文章, 希望对大家有所帮助 …) or
//     two or more weather and climate words (气候, 气温, 降水量 …);
//   - Listing: a heading or list line — it opens with an outline number
//     (二、, （三）, 1., 第三章) and has no clause mark, or it ends with a
//     dangling outline number ("… 1."), or it is a table of contents
//     (目录, a dotted leader "……12"), or it has two or more outline
//     numbers and no clause mark; a short line with no mark after a listing
//     line is one too;
//   - Definition: a subject of at most 20 runes followed by 是指, 指的是,
//     就是指, (被)定义为, or a sentence opening with 所谓, or "X的定义/概念/含义";
//   - Meta: a sentence about the document or the analysis (本报告, 本文,
//     本研究, 笔者, 下面我们 …; 通过 … 可以/能够 探究/分析/了解/揭示);
//   - Fragment: after an optional connective (然而, 但是, 同时 …), the
//     sentence opens with a word that points back — a demonstrative or
//     pronoun (这类, 这种, 这一, 此事, 该, 其, 他们 …), 对此/为此, or a
//     clause-joining 而/并/却/也 — or 对此 stands in its first six runes
//     ("学校对此高度重视…").
//
// Everything else is Clean. previous only serves the listing
// continuation; the other rules read the sentence alone, so the caller
// can decide to quote a Fragment with previous. Deterministic and
// allocation-light; it never fails.
//
// BettaFish has no passage classifier: its model reads the raw search
// results and is trusted to leave such text out.
func Classify(sentence, previous string) Noise {
	s := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(sentence), "•·▪●-*>"))
	if s == "" {
		return Clean
	}
	switch {
	case isFloor(s):
		return Floor
	case isPageFurniture(s):
		return Furniture
	case isAdvert(s):
		return Advert
	case isFiller(s):
		return Filler
	case isListing(s), isListingContinuation(s, previous):
		return Listing
	case isDefinition(s):
		return Definition
	case isMeta(s):
		return Meta
	case isFragment(s):
		return Fragment
	}
	return Clean
}

// floorPrefix matches a comment floor or a reply at the start of a sentence.
var floorPrefix = regexp.MustCompile(`^(?:#\s*\d{1,5}\s*(?:楼|F|#)?|\d{1,5}\s*(?:楼|F|樓|#)|(?:沙发|板凳|地板|楼主|层主)(?:\s*[:：]|$)|回复\s*@?[^\s：:，,。]{1,20}\s*[:：])`)

func isFloor(s string) bool { return floorPrefix.MatchString(s) }

// breadcrumb matches navigation trails: "海外学习项目 / 重要提示:…", "首页 > 新闻 > …".
var (
	breadcrumbStart = regexp.MustCompile(`^[^/／>，,。]{2,14}\s*[/／>]\s*[^/／>，,。]{2,14}\s*[:：/／>]`)
	metaLine        = regexp.MustCompile(`(?:发布时间|发布日期|发表时间|来源|作者|编辑|浏览次数|浏览量|阅读量|点击数|字号)\s*[:：]`)
)

// noticeLabels open or carry a page's notices and navigation.
var noticeLabels = []string{"重要提示", "温馨提示", "当前位置", "您的位置", "您现在的位置", "网站地图", "网站首页", "返回首页",
	"相关阅读", "相关推荐", "相关文章", "热门推荐", "猜你喜欢", "展开全文", "打开APP", "打开App", "下载APP", "下载App", "关注我们",
	"分享至", "收藏本文", "举报本文", "评论区", "加载更多", "查看更多", "本文来源", "原标题", "点击进入", "点击这里"}

func isPageFurniture(s string) bool {
	if strings.Count(s, " / ")+strings.Count(s, " > ")+strings.Count(s, "／") >= 2 || breadcrumbStart.MatchString(s) {
		return true
	}
	for _, w := range noticeLabels {
		if strings.Contains(s, w) {
			return true
		}
	}
	if loc := metaLine.FindStringIndex(s); loc != nil {
		// a line of publication metadata: two labels, or one with no
		// sentence after it
		if len(metaLine.FindAllStringIndex(s, 3)) >= 2 || !strings.ContainsAny(s[loc[1]:], "，,。；;！？") {
			return true
		}
	}
	return isFurniture(s)
}

// vendors are public-opinion monitoring vendors and products whose pages
// the engines often find; a sentence naming one with a product word is
// their promotion.
var vendors = []string{"乐思", "识微", "蚁坊", "鹰眼", "清博", "舆情通", "红麦", "拓尔思", "方正智思", "谷尼", "军犬", "八爪鱼", "企查查", "美亚柏科", "中科闻歌", "知微事见"}

// productWords name what vendors sell; sellingVerbs what they claim it does.
var (
	productWords = []string{"舆情监测系统", "舆情系统", "监测系统", "监测平台", "舆情平台", "舆情软件", "监测软件", "解决方案", "舆情服务", "SaaS", "商情"}
	sellingVerbs = []string{"能够", "可以", "可帮助", "帮助", "提供", "支持", "助力", "实现", "一站式", "全网", "7×24", "7*24", "全天候", "实时监", "第一时间"}
	callWords    = []string{"免费试用", "申请试用", "立即咨询", "在线咨询", "咨询热线", "联系我们", "欢迎垂询", "欢迎咨询", "扫码关注", "点击了解", "预约演示", "客服电话", "400-"}
	hiringWords  = []string{"招聘计划", "校园招聘", "校招", "社会招聘", "招聘会", "投递简历", "简历投递", "网申", "应聘", "招聘岗位", "岗位职责", "任职要求", "实习生招聘", "人才招聘", "学子招聘"}
)

func isAdvert(s string) bool {
	if firstWord(s, callWords) != "" || firstWord(s, hiringWords) != "" {
		return true
	}
	vendor := firstWord(s, vendors) != ""
	product := firstWord(s, productWords) != ""
	switch {
	case vendor && product:
		return true
	case product && firstWord(s, sellingVerbs) != "":
		// "舆情监测系统能够…": the product is the sentence's subject (it
		// opens the sentence, before any verb of another subject)
		i := strings.Index(s, firstWord(s, productWords))
		return utf8.RuneCountInString(s[:i]) <= 12
	}
	return false
}

var (
	fillerWords  = []string{"小编", "本篇文章", "本文由", "希望对大家有所帮助", "希望对你有所帮助", "以上就是", "更多数据可以", "更多资讯", "更多信息请", "欢迎大家", "敬请关注", "感兴趣的朋友"}
	climateWords = []string{"气候", "气温", "降水量", "降水", "降雨", "季风", "湿润", "年平均", "摄氏度", "°C", "℃", "毫米", "日照", "无霜期", "寒冷", "炎热"}
)

func isFiller(s string) bool {
	if firstWord(s, fillerWords) != "" {
		return true
	}
	n := 0
	for _, w := range climateWords {
		if strings.Contains(s, w) {
			n++
		}
	}
	return n >= 2
}

// outline numbers: 二、 （三） 3. 3、 第三章 ①, with the Chinese
// half-width ideographic comma (､) the engines' pages carry.
var (
	outlineStart  = regexp.MustCompile(`^(?:[一二三四五六七八九十]{1,3}\s*[、､.．]|[（(][一二三四五六七八九十\d]{1,3}[）)]|\d{1,2}(?:\.\d{1,2})*\s*[、､.．](?:\D|$)|第[一二三四五六七八九十百\d]{1,4}[章节部分篇]|[①②③④⑤⑥⑦⑧⑨⑩])`)
	outlineEnd    = regexp.MustCompile(`(?:^|\s|[^\d.．])(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[、､.．]$`)
	outlineAny    = regexp.MustCompile(`(?:[一二三四五六七八九十]{1,3}[、､]|[（(][一二三四五六七八九十]{1,3}[）)]|(?:^|\s)\d{1,2}[、､.．]\s)`)
	dottedLeader  = regexp.MustCompile(`(?:\.{4,}|…{2,}|·{4,})\s*\d+\s*$`)
	clauseMarks   = "，,；;：:。！？!?"
	listingLabels = []string{"目录", "目 录", "Contents", "CONTENTS"}
)

func isListing(s string) bool {
	for _, l := range listingLabels {
		if strings.HasPrefix(s, l) {
			return true
		}
	}
	if dottedLeader.MatchString(s) || outlineEnd.MatchString(s) {
		return true
	}
	inner := strings.TrimRight(s, "。｡.;；")
	noClause := !strings.ContainsAny(inner, clauseMarks)
	if outlineStart.MatchString(s) && noClause {
		return true
	}
	return noClause && len(outlineAny.FindAllStringIndex(s, 3)) >= 2
}

// isListingContinuation reports a short heading-like line (under 20
// runes, no clause or sentence mark) after a listing line.
func isListingContinuation(s, previous string) bool {
	previous = strings.TrimSpace(previous)
	if previous == "" || strings.ContainsAny(s, clauseMarks+"｡") || utf8.RuneCountInString(s) >= 20 {
		return false
	}
	return isListing(previous)
}

var definitionMark = regexp.MustCompile(`^[^，,。；;：:]{1,20}?(?:是指|指的是|就是指|被定义为|定义为)|^所谓|^[^，,。；;]{1,20}的(?:定义|概念|含义)(?:是|为|[:：])`)

func isDefinition(s string) bool { return definitionMark.MatchString(s) }

var (
	metaOpeners = []string{"本报告", "本文将", "本文从", "本文通过", "本文对", "本文", "本章", "本节", "本研究", "本次分析", "本分析", "笔者", "下面我们", "下面将", "接下来", "以下将", "以下是", "我们将", "我们可以", "让我们"}
	metaVerbs   = regexp.MustCompile(`^通过.{2,40}?(?:可以|能够|可|能)(?:深入|进一步|更好地|全面|系统)?(?:探究|探讨|分析|了解|揭示|把握|研判|梳理|认识)`)
)

func isMeta(s string) bool {
	return firstPrefix(s, metaOpeners) != "" || metaVerbs.MatchString(s)
}

// connectives may open a sentence that still has its own subject; they
// are skipped before the pointing-back test.
var connectives = []string{"与此同时", "另一方面", "然而", "但是", "不过", "可是", "同时", "此外", "另外", "因此", "所以", "于是", "但"}

// backPointers open a sentence whose subject is in the sentence before.
var backPointers = []string{"这类", "这种", "这些", "这一", "这个", "这是", "这也", "这就", "这让", "这使", "这对", "这在", "这位", "这名", "这起", "这次", "这场", "这两", "这三", "这",
	"此事", "此次", "此举", "此前", "此后", "此类", "该事件", "该校", "该", "其", "他们", "她们", "它们", "他", "她", "它", "对此", "为此", "上述", "前者", "后者", "而", "却", "并", "也"}

// ownSubjects open a sentence with a back-pointing-looking word that
// is a word of its own (这里 is deictic only with a referent, but 其实,
// 其中, 该项, 而言 … are not pointers at all).
var ownSubjects = []string{"其实", "其中", "其他", "其它", "其余", "其次", "而言", "而今", "并不", "并非", "也许", "也就是说", "他人", "它们的"}

func isFragment(s string) bool {
	t := s
	for {
		c := firstPrefix(t, connectives)
		if c == "" {
			break
		}
		t = strings.TrimLeft(t[len(c):], "，,、 ")
	}
	if t == "" {
		return false
	}
	if firstPrefix(t, ownSubjects) == "" && firstPrefix(t, backPointers) != "" {
		return true
	}
	// "学校对此高度重视": 对此 in the first six runes
	head, n := t, 0
	for i := range t {
		if n == 6 {
			head = t[:i]
			break
		}
		n++
	}
	return strings.Contains(head, "对此") || strings.Contains(head, "为此")
}

// firstWord returns the first of ws that s contains, or "".
func firstWord(s string, ws []string) string {
	for _, w := range ws {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}

// firstPrefix returns the first of ps that s starts with, or "".
func firstPrefix(s string, ps []string) string {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return p
		}
	}
	return ""
}
