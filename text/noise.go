package text

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Noise is the class of a sentence an analyst would not quote as a
// finding (see Classify). The zero value, Clean, is a sentence that may be
// quoted. The classes are stable: their String values are written in
// testdata and in evidence.json.
type Noise uint8

// Noise classes. PageNoise tests them in the order Floor, Furniture,
// Advert, Bait, Vulgar, Filler, Listing, Definition, Meta; evidence.Classify
// adds Fragment last. Bait and Vulgar came last to keep the values stable.
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
	// Bait is clickbait and teaser language (baitWords outside quotation
	// marks): "武汉大学大事件｡ 这个瓜,熟了,可摘了…", "速看", "震惊！", "就在刚刚".
	Bait
	// Vulgar is a sentence holding a word of the offensive-word list
	// (OffensiveWord) outside quotation marks: "…一开始他没有让那个女生滚!".
	// A source reporting the word ("指责肖某“手淫”") is not vulgar.
	Vulgar
)

var noiseNames = [...]string{"clean", "floor", "furniture", "advert", "filler", "listing", "definition", "meta", "fragment", "bait", "vulgar"}

// String is the class's name: clean, floor, furniture, advert, filler,
// listing, definition, meta, fragment, bait, vulgar ("noise(N)" for an
// unknown value).
func (n Noise) String() string {
	if int(n) < len(noiseNames) {
		return noiseNames[n]
	}
	return "noise(" + strconv.Itoa(int(n)) + ")"
}

// ParseNoise is the inverse of Noise.String; false for an unknown name.
func ParseNoise(s string) (Noise, bool) {
	i := slices.Index(noiseNames[:], s)
	return Noise(max(i, 0)), i >= 0
}

// Noises lists every class, Clean first.
func Noises() []Noise {
	out := make([]Noise, len(noiseNames))
	for i := range out {
		out[i] = Noise(i)
	}
	return out
}

// PageNoise decides the noise class of one sentence given the sentence
// before it in the same text ("" when it is the first), every class but
// Fragment: the rules of evidence.Classify (which adds the Fragment rule,
// needing its name detection), in its order — Floor, Furniture, Advert,
// Bait, Vulgar, Filler, Listing, Definition, Meta (IsMeta), a heading
// glued to its text (Listing). One classifier for the report's passages (evidence) and the
// answers' sentences (llm/offline). Clean when none applies; it never
// fails.
func PageNoise(sentence, previous string) Noise {
	s := trimListMark(sentence)
	switch {
	case s == "":
		return Clean
	case isFloor(s):
		return Floor
	case isPageFurniture(s):
		return Furniture
	case isAdvert(s):
		return Advert
	case FirstWord(unquoted(s), baitWords) != "":
		return Bait
	case Offensive(unquoted(s)):
		return Vulgar
	case isFiller(s):
		return Filler
	case isListing(s), isListingContinuation(s, previous):
		return Listing
	case isDefinition(s):
		return Definition
	case IsMeta(s):
		return Meta
	case gluedHeading.MatchString(s):
		return Listing // "监测与收集信息 根据收集到的信息,…": a heading glued to its text
	}
	return Clean
}

// floorPrefix matches a comment floor or a reply at the start of a sentence.
var floorPrefix = regexp.MustCompile(`^(?:#\s*\d{1,5}\s*(?:楼|F|#)?|\d{1,5}\s*(?:楼|F|樓|#)|(?:沙发|板凳|地板|楼主|层主)(?:\s*[:：]|$)|回复\s*@?[^\s：:，,。]{1,20}\s*[:：])`)

// commentMarks are the marks of a comment section copied with a page:
// "举报赞*38*回复", "+1顶114", "热门跟贴", "[网易安徽六安网友]", "*14*条评论".
var commentMarks = regexp.MustCompile(`举报\s*(?:查看对话)?\s*赞|赞\s*\*?\d+\*?\s*回复|\+1\s*[顶踩]|热门跟贴|\[网易[^\]]{0,16}网友\]|\d+\*?\s*条评论|最热评论|热门评论|请先\s*登录\s*后发表评论|查看回复\s*\d|\d+\s*赞同\s*·\s*\d+\s*评论|(?:举报\s*){3,}`)

func isFloor(s string) bool { return floorPrefix.MatchString(s) || commentMarks.MatchString(s) }

// WithoutFloor returns s without the comment floor or reply label that
// opens it ("3楼：", "楼主：", "#2:", "回复 张三："; the label must end with a
// colon, so "12楼的会议室" keeps its floor) and true, or s and false when
// it opens with none. The answer quoting a netizen's comment names it as
// one instead of by its floor number.
func WithoutFloor(s string) (string, bool) {
	m := floorPrefix.FindString(s)
	if m == "" {
		return s, false
	}
	rest := strings.TrimLeft(s[len(m):], " \t")
	if colons := []string{"：", ":"}; FirstSuffix(strings.TrimRight(m, " \t"), colons) == "" {
		c := FirstPrefix(rest, colons)
		if c == "" {
			return s, false
		}
		rest = strings.TrimLeft(rest[len(c):], " \t")
	}
	if rest == "" {
		return s, false
	}
	return rest, true
}

// breadcrumb matches navigation trails: "海外学习项目 / 重要提示:…", "首页 > 新闻 > …".
var (
	breadcrumbStart = regexp.MustCompile(`^[^/／>，,。]{2,14}\s*[/／>]\s*[^/／>，,。]{2,14}\s*[:：/／>]`)
	metaLine        = regexp.MustCompile(`(?:发布时间|发布日期|发表时间|来源|作者|编辑|浏览次数|浏览量|阅读量|点击数|字号)\s*[:：]`)
)

// noticeLabels open or carry a page's notices and navigation.
var noticeLabels = []string{"重要提示", "温馨提示", "当前位置", "您的位置", "您现在的位置", "网站地图", "网站首页", "返回首页",
	"相关阅读", "相关推荐", "相关文章", "热门推荐", "猜你喜欢", "展开全文", "打开APP", "打开App", "下载APP", "下载App", "关注我们",
	"分享至", "Share on ", "收藏本文", "举报本文", "加载更多", "查看更多", "本文来源", "原标题", "点击进入", "点击这里"}

// navWords are the links of a site's navigation; two or more of them
// make a sentence a navigation bar.
var navWords = []string{"首页", "学校概况", "学校简介", "联系我们", "关于我们", "网站地图", "English", "ENGLISH", "站点导航", "版权声明",
	"信息公开", "校长信箱", "设为首页", "加入收藏", "注册", "退出", "旧版", "返回首页", "通知公告"}

var (
	imageMark  = regexp.MustCompile(`Image\s*\d+`)
	starBullet = regexp.MustCompile(`(?:^|\s)\*\s{2,}\S`)
	byline     = regexp.MustCompile(`(?:^|\s)文\s*[|｜丨]\s*\S|(?:^|\s)(?:图|撰文|作者|编辑|责编|来源)\s*[｜丨]\s*\S|^[（(]\s*(?:记者|通讯员|实习生|本报记者)[^）)]{0,40}[）)]|[（(]\s*\d{1,2}月\d{1,2}日摄\s*[）)]|[（(](?:视频|图片|摄影|图)\s*[:：][^）)]{1,20}[）)]`)
	reprint    = regexp.MustCompile(`转载.{0,12}(?:注明|联系|谢绝|请)|(?:谢绝|禁止|未经授权).{0,6}转载|^声明\s*[:：]|^Published Time:`)
)

// mojibake reports text decoded with the wrong code page: most of its
// letters are Latin-1 supplement letters (UTF-8 read as Latin-1: "æ­¦æ±").
func mojibake(s string) bool {
	latin, letters := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if r >= 0x80 && r <= 0xFF {
				latin++
			}
		}
	}
	return letters >= 4 && latin*3 >= letters
}

func isPageFurniture(s string) bool {
	s = strings.TrimLeft(s, "\u200b\ufeff ")
	if imageMark.MatchString(s) || starBullet.MatchString(s) || byline.MatchString(s) || reprint.MatchString(s) || mojibake(s) {
		return true
	}
	if countWords(s, navWords) >= 2 {
		return true
	}
	if strings.Count(s, " / ")+strings.Count(s, " > ")+strings.Count(s, " › ")+strings.Count(s, "／") >= 2 || breadcrumbStart.MatchString(s) {
		return true
	}
	if FirstWord(s, noticeLabels) != "" {
		return true
	}
	if loc := metaLine.FindStringIndex(s); loc != nil {
		// a line of publication metadata: two labels, or one with no
		// sentence after it
		if len(metaLine.FindAllStringIndex(s, 3)) >= 2 || !strings.ContainsAny(s[loc[1]:], "，,。；;！？") {
			return true
		}
	}
	return Boilerplate(unquoted(s))
}

// unquoted is s without the parts inside Chinese quotation marks: a
// furniture mark someone is quoted as seeing ("提示“请登录校内账号”") is a
// statement about the page, not the page.
func unquoted(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '“':
			depth++
			continue
		case '”':
			if depth > 0 {
				depth--
			}
			continue
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// vendors are public-opinion monitoring vendors and products whose pages
// the engines often find; a sentence naming one with a product word is
// their promotion.
var vendors = []string{"乐思", "识微", "蚁坊", "鹰眼", "清博", "舆情通", "红麦", "拓尔思", "方正智思", "谷尼", "军犬", "八爪鱼", "企查查", "美亚柏科", "中科闻歌", "知微事见"}

// productWords name what vendors sell; sellingVerbs what they claim it does.
var (
	productWords = []string{"舆情监测系统", "舆情监测", "舆情系统", "监测系统", "监测平台", "舆情平台", "舆情软件", "监测软件", "解决方案", "舆情服务", "SaaS", "商情"}
	sellingVerbs = []string{"能够", "可以", "可帮助", "帮助", "提供", "支持", "助力", "实现", "一站式", "全网", "7×24", "7*24", "全天候", "实时监", "第一时间"}
	callWords    = []string{"免费试用", "申请试用", "立即咨询", "在线咨询", "咨询热线", "联系我们", "欢迎垂询", "欢迎咨询", "扫码关注", "点击了解", "预约演示", "客服电话", "400-"}
	hiringWords  = []string{"宣讲会", "开放申请", "在线测评", "敬请留意", "招聘计划", "校园招聘", "校招", "社会招聘", "招聘会", "投递简历", "简历投递", "网申", "应聘", "招聘岗位", "岗位职责", "任职要求", "实习生招聘", "人才招聘", "学子招聘"}
)

// contact matches an e-mail address or a service number (400 …).
var contact = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.(?:com|cn|net|org)|400-?\d{3}-?\d{4}`)

// brochure matches an institution describing its own offer or mission
// ("为学生提供…机会", "致力于…", "旨在培养…"), and opinionWords the words of a
// sentence about public opinion or an event, which is no brochure
// whatever its verbs; brochureRunes bounds the sentence (a long one says
// more than its offer).
var (
	brochure = regexp.MustCompile(`为(?:学生|师生|广大|社会|用户|客户|顾客|考生|校友|学子|学员|会员|企业|家长)[^，,。；;]{0,10}提供|致力于|旨在(?:培养|打造|为|推动|提升)|以[^，,。]{1,12}为(?:宗旨|使命)|提供(?:智力|人才|技术|科技)支[持撑]|(?:服务|办学|综合)能力[^，,。；]{0,12}不断(?:增强|提升|提高)` +
		// its milestones and achievements: 迎来130岁生日, 里程碑, 再出发, 集大成, 成果入选, 稳居世界百强, 关键技术难题, 接受…专访
		`|迎来[0-9一二三四五六七八九十百]+(?:岁|周年)|里程碑|再出发|之集大成|成果入选|稳居世界百强|关键技术难题|接受[^，,。；]{0,16}专访`)
	opinionWords  = []string{"舆情", "舆论", "网友", "争议", "质疑", "事件", "回应", "批评", "热搜", "通报", "投诉", "讨论", "负面", "情绪", "评论", "声量", "爆料", "曝光", "举报", "抱怨", "不满", "差评", "好评"}
	brochureRunes = 80
)

func isAdvert(s string) bool {
	if FirstWord(s, callWords) != "" || FirstWord(s, hiringWords) != "" || contact.MatchString(s) {
		return true
	}
	// an organisation addressing the reader ("我们…你"): its own promotion
	if strings.Contains(strings.ReplaceAll(s, "你们", ""), "你") && strings.Contains(s, "我们") {
		return true
	}
	if brochure.MatchString(s) && FirstWord(s, opinionWords) == "" && utf8.RuneCountInString(s) <= brochureRunes && !isDefinition(s) {
		return true // "武汉大学的国际服务项目为学生提供海外学习和研究机会": an institution's brochure
	}
	product := FirstWord(s, productWords)
	if product == "" {
		return false
	}
	// a vendor's product, or "舆情监测系统能够…": the product is the
	// sentence's subject (it opens the sentence, before any verb of another
	// subject)
	return FirstWord(s, vendors) != "" ||
		FirstWord(s, sellingVerbs) != "" && utf8.RuneCountInString(s[:strings.Index(s, product)]) <= 12
}

// baitWords are the devices of clickbait and teasers: a sentence holding
// one (outside quotation marks: a source quoting the slang “学术吃瓜”
// analyses it) is written to be clicked, not to report; the one list.
var baitWords = []string{"这个瓜", "吃瓜", "大瓜", "瓜熟", "速看", "快看", "必看", "震惊!", "震惊！", "震惊了", "惊呆了", "来了!", "来了！",
	"炸锅了", "彻底翻车", "就在刚刚", "重磅消息", "传来重磅", "劲爆", "举报成功", "细思极恐", "太狠了", "转疯了", "看哭了"}

var (
	fillerWords  = []string{"小编", "本篇文章", "本文由", "希望对大家有所帮助", "希望对你有所帮助", "以上就是", "更多数据可以", "更多资讯", "更多信息请", "欢迎大家", "敬请关注", "感兴趣的朋友"}
	climateWords = []string{"气候", "气温", "降水量", "降水", "降雨", "季风", "湿润", "年平均", "摄氏度", "°C", "℃", "毫米", "日照", "无霜期", "寒冷", "炎热"}
)

func isFiller(s string) bool {
	return FirstWord(s, fillerWords) != "" || countWords(s, climateWords) >= 2
}

// countWords is how many of ws s contains.
func countWords(s string, ws []string) int {
	n := 0
	for _, w := range ws {
		if strings.Contains(s, w) {
			n++
		}
	}
	return n
}

// outline numbers: 二、 （三） 3. 3、 第三章 ①, with the Chinese
// half-width ideographic comma (､) the engines' pages carry.
var (
	outlineStart  = regexp.MustCompile(`^(?:[一二三四五六七八九十]{1,3}\s*[、､.．]|[（(][一二三四五六七八九十\d]{1,3}[）)]|\d{1,2}(?:\.\d{1,2})*\s*[、､.．](?:\D|$)|第[一二三四五六七八九十百\d]{1,4}[章节部分篇]|[①②③④⑤⑥⑦⑧⑨⑩])`)
	outlineEnd    = regexp.MustCompile(`(?:^|\s|[^\d.．])(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[、､.．]$|\s[一二三四五六七八九十]$`)
	outlineAny    = regexp.MustCompile(`(?:[一二三四五六七八九十]{1,3}[、､]|[（(][一二三四五六七八九十]{1,3}[）)]|(?:^|\s)\d{1,2}[、､.．]\s)`)
	dottedLeader  = regexp.MustCompile(`(?:\.{4,}|…{2,}|·{4,})\s*\d+\s*$`)
	clauseMarks   = "，,；;：:。！？!?"
	listingLabels = []string{"目录", "目 录", "Contents", "CONTENTS"}
	timelineLine  = regexp.MustCompile(`^\d{4}年\s+\S|^\d{1,2}(?:-\d{1,2})?月\s{2,}\S|\*\s+\d{4}年\s`)
	chapterMark   = regexp.MustCompile(`第[一二三四五六七八九十\d]{1,3}章`)
	entryLine     = regexp.MustCompile(`^[^，,。；;：:]{2,14}[：:]\s*[^，,。；;：:！？!?]{1,20}$`)
	gluedHeading  = regexp.MustCompile(`^\p{Han}{2,12} +\p{Han}`)
)

func isListing(s string) bool {
	if FirstPrefix(s, listingLabels) != "" {
		return true
	}
	if i := strings.Index(s, "目录"); i >= 0 && utf8.RuneCountInString(s[:i]) <= 4 || len(chapterMark.FindAllStringIndex(s, 3)) >= 2 || timelineLine.MatchString(s) {
		return true // "本期目录…", "文章目录 摘要 … 第一章 绪论 第二章 …", "*   1956年 恢复哲学系。"
	}
	inner := strings.TrimRight(s, "。｡.;；")
	if entryLine.MatchString(inner) && !strings.HasSuffix(s, "。") {
		return true // "武汉理工大学：材料科学与工程.": an entry of a list
	}
	if utf8.RuneCountInString(s) <= 40 && !strings.ContainsAny(s, clauseMarks+"｡") && strings.ContainsAny(s, "｜|（(—") {
		return true // a title: "多元声音汇聚（新增+原有共12条）", "芳华待灼——近观…"
	}
	if dottedLeader.MatchString(s) || outlineEnd.MatchString(s) {
		return true
	}
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

// definitionHead is a definition's heading at the start: "网络口碑的概念", "舆情监测的定义与重要性".
var definitionHead = regexp.MustCompile(`^[^，,。；;：:]{2,12}的(?:定义|概念|含义)`)

func isDefinition(s string) bool {
	if definitionMark.MatchString(s) || definitionHead.MatchString(s) {
		return true
	}
	// "…，是指…" further on, in the first sentence, not negated
	if i := strings.Index(s, "是指"); i >= 0 && !strings.HasSuffix(s[:i], "不") && !strings.ContainsAny(s[:i], "。；;！？") && utf8.RuneCountInString(s[:i]) <= 40 {
		return true
	}
	return strings.Contains(s, "简而言之，是一种") || strings.Contains(s, "简而言之,是一种")
}

// boilerplate holds the marks of a web page's furniture (login walls,
// copyright lines, navigation, share buttons): a short passage holding one
// is the page, not what it reports.
var boilerplate = []string{"登录", "版权所有", "Copyright", "copyright", "All rights reserved", "上一篇", "下一篇",
	"扫一扫", "扫码", "责任编辑", "分享到", "ICP备", "免责声明", "点击查看", "阅读原文", "返回顶部"}

// maxBoilerplateRunes bounds the passages boilerplate applies to: a long
// passage that mentions a login is a statement, not page furniture.
const maxBoilerplateRunes = 60

// Boilerplate reports a passage of at most maxBoilerplateRunes runes that
// holds a boilerplate mark.
func Boilerplate(s string) bool {
	return utf8.RuneCountInString(s) <= maxBoilerplateRunes && FirstWord(s, boilerplate) != ""
}

// FirstWord returns the first of ws (in list order) that s contains as a
// substring, or "" when s contains none.
func FirstWord(s string, ws []string) string { return firstOf(s, ws, strings.Contains) }

// FirstPrefix returns the first of ps (in list order) that s starts with,
// or "" when s starts with none.
func FirstPrefix(s string, ps []string) string { return firstOf(s, ps, strings.HasPrefix) }

// FirstSuffix returns the first of ps (in list order) that s ends with, or
// "" when s ends with none.
func FirstSuffix(s string, ps []string) string { return firstOf(s, ps, strings.HasSuffix) }

// firstOf returns the first of ws that is(s, w) holds for, or "".
func firstOf(s string, ws []string, is func(s, w string) bool) string {
	for _, w := range ws {
		if is(s, w) {
			return w
		}
	}
	return ""
}
