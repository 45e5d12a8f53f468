package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// Noise is the class of a sentence an analyst would not quote as a
// finding: text.Noise, whose rules (text.PageNoise) the answers of
// llm/offline apply too; Classify adds the Fragment rule.
type Noise = text.Noise

// The noise classes (text's).
const (
	Clean      = text.Clean
	Floor      = text.Floor
	Furniture  = text.Furniture
	Advert     = text.Advert
	Filler     = text.Filler
	Listing    = text.Listing
	Definition = text.Definition
	Meta       = text.Meta
	Fragment   = text.Fragment
	Bait       = text.Bait
	Vulgar     = text.Vulgar
)

// Classify decides the noise class of one sentence (a passage of
// passageSegments, or a sentence of it) given the sentence before it in the same
// text ("" when it is the first). The rules, tested in this order:
//
//   - Floor: the sentence opens with a comment floor ("2楼", "#3", "3F",
//     沙发/板凳/楼主) or a reply prefix ("回复 X：");
//   - Furniture: a breadcrumb (two or more " / " or " > " separators, or
//     "A / B：" at the start), a notice label (重要提示, 温馨提示, 当前位置 …),
//     a publication metadata line (发布时间/来源/作者/浏览 with no sentence
//     mark), a byline before the text ("文丨守一“武大…", "编辑｜…": the
//     quote would print it), or, in a sentence of at most 60 runes, a furniture mark of
//     the collector (登录, 版权所有, 上一篇 …, see isFurniture);
//   - Advert: a monitoring vendor's name (乐思, 识微, 蚁坊 …) or a product
//     word (舆情监测系统, 监测平台, 解决方案) with a selling verb (能够, 可以,
//     提供, 帮助 …), a trial or contact call (免费试用, 咨询热线 …), a
//     recruiting phrase (招聘计划, 校园招聘, 投递简历, 网申 …), or an
//     institution's brochure: its offer or mission (为学生…提供, 致力于,
//     旨在培养, 以…为宗旨, 提供智力支持, 服务能力…不断增强), milestones and
//     achievements (迎来130岁生日, 里程碑, 成果入选, 稳居世界百强, 关键技术
//     难题, 接受…专访) in a sentence of at most 80 runes that speaks of no
//     opinion or event (舆情, 网友, 争议, 回应, 评论 …);
//   - Bait: clickbait and teaser language (这个瓜, 速看, 震惊！, 就在刚刚 …;
//     text's one list, outside quotation marks);
//   - Vulgar: a word of text's offensive-word list outside quotation
//     marks (a netizen's "…没有让那个女生滚!"; "指责肖某“手淫”" reports it);
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
//   - Meta: a sentence about the document or the analysis (text.IsMeta:
//     本报告, 本文, 本研究, 笔者, 下面我们 …; 通过 … 可以/能够 探究/分析/了解/揭示;
//     the engine on its own sources: 搜索结果并未, 为我们提供, 可以想见),
//     a method line (监测平台：…, 数据来源：…) or a research plan (梳理…,
//     深入分析…);
//   - Listing again: a short heading glued to its text by a space
//     ("监测与收集信息 根据收集到的信息,…");
//   - Fragment: after an optional connective (然而, 但是, 同时 …), the
//     sentence opens with a word that points back — a demonstrative or
//     pronoun (这类, 这种, 这一, 此事, 该, 其, 他们 …), 对此/为此, or a
//     clause-joining 而/并/却/也 — or 对此 stands in its first six runes
//     ("学校对此高度重视…"), or it opens as a list's item (首先是, 二是,
//     第二， … — not 第一，, which opens its list: the list's frame is in a
//     sentence before), or with a time counted from the sentence before
//     and no date of its own (近两年后, 三天之后, 随后, 次日 …),
//     or with a contrast whose only subject is 其 ("然而，近年来发生的…风波，
//     则凸显了其在…"), or with "the event" unnamed (事件的…, 当前事件已…:
//     bareEvent) naming no one and stating no date or number.
//
// Everything else is Clean. previous only serves the listing
// continuation; the other rules read the sentence alone, so the caller
// can decide to quote a Fragment with previous. Deterministic and
// allocation-light; it never fails.
//
// BettaFish has no passage classifier: its model reads the raw search
// results and is trusted to leave such text out.
func Classify(sentence, previous string) Noise {
	if n := text.PageNoise(sentence, previous); n != Clean {
		return n
	}
	if s := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(sentence), "•·▪●-*>")); s != "" && isFragment(s) {
		return Fragment
	}
	return Clean
}

// connectives may open a sentence that still has its own subject; they
// are skipped before the pointing-back test.
var connectives = []string{"与此同时", "另一方面", "然而", "但是", "不过", "可是", "同时", "此外", "另外", "因此", "所以", "于是", "但"}

// backPointers open a sentence whose subject is in the sentence before.
var backPointers = []string{"这样", "两者", "二者", "三者", "这类", "这种", "这些", "这一", "这个", "这是", "这也", "这就", "这让", "这使", "这对", "这在", "这位", "这名", "这起", "这次", "这场", "这两", "这三", "这",
	"此事", "此次", "此举", "此前", "此后", "此类", "该事件", "该校", "该", "其", "他们", "她们", "它们", "他", "她", "它", "对此", "为此", "上述", "前者", "后者", "而", "却", "并", "也"}

// ownSubjects open a sentence with a back-pointing-looking word that
// is a word of its own (这里 is deictic only with a referent, but 其实,
// 其中, 该项, 而言 … are not pointers at all).
var ownSubjects = []string{"也有", "其实", "其中", "其他", "其它", "其余", "其次", "而言", "而今", "并不", "并非", "也许", "也就是说", "他人", "它们的"}

func isFragment(s string) bool {
	t := skipConnectives(s)
	if t == "" {
		return false
	}
	if strings.HasPrefix(t, "——") || strings.HasPrefix(t, "—") {
		return true // "——知乎匿名回答，收藏2.4万。": the attribution of the quote before
	}
	if i := strings.IndexAny(t, ",，"); i > 0 && utf8.RuneCountInString(t[:i]) == 1 {
		return true // "日,“杨某某诉肖某某案”一审判决后…": the rest of a date
	}
	if text.FirstPrefix(t, ownSubjects) == "" && text.FirstPrefix(t, backPointers) != "" {
		return true
	}
	if listItem.MatchString(t) {
		return true // "二是学生管理与纪律处分引发的争议…", "第二，平台迁移路径清晰…": an item of a list framed before
	}
	if eventLeadIn(t) {
		return true // "事件的后续发展更凸显了校方处理的困境": which event is in the sentence before
	}
	if relativeTime.MatchString(t) && !ownDate.MatchString(t) {
		return true // "近两年后，法院…": its time is counted from the sentence before
	}
	if t != s && contrastPointer(s, t) {
		return true // "然而，近年来发生的…风波，则凸显了其在…": 其 is the sentence before's subject
	}
	// a short opening adverbial that names no one, then a pointer:
	// "权衡之后，他选择了…", "在…背景下，这种错误…" (but "首先对武汉大学点个赞,
	// 该校…" names its subject)
	if i := strings.IndexAny(t, "，,"); i > 0 && utf8.RuneCountInString(t[:i]) <= 20 && len(entities(t[:i])) == 0 {
		rest := strings.TrimLeft(t[i:], "，, ")
		if text.FirstPrefix(rest, ownSubjects) == "" && text.FirstPrefix(rest, pointerSubjects) != "" {
			return true
		}
	}
	if storedCut(t) {
		return true
	}
	// "学校对此高度重视": 对此 within the first six runes
	return slices.ContainsFunc([]string{"对此", "为此", "将此"}, func(w string) bool {
		i := strings.Index(t, w)
		return i >= 0 && utf8.RuneCountInString(t[:i]) <= 4
	})
}

// skipConnectives is s after the connectives opening it (connectives).
func skipConnectives(s string) string {
	for {
		c := text.FirstPrefix(s, connectives)
		if c == "" {
			return s
		}
		s = strings.TrimLeft(s[len(c):], "，,、 ")
	}
}

// listItem matches a sentence that opens as the item of a list whose
// frame ("争议集中在三个方面：") is in a sentence before it: 首先是, 其次是,
// 再次是, 最后是, 一是 … 十是, 第一是 ….
var listItem = regexp.MustCompile(`^(?:(?:首先|其次|再次|最后|第?[一二三四五六七八九十])是|第[二三四五六七八九十][一二三四五六七八九十]*[，,、：:])`)

// relativeTime matches a sentence whose time is counted from the one
// before it: "近两年后，", "三天之后", "一个月后", 随后, 次日, 当天, 同年 …
// (ownDate: unless it states a date of its own).
var relativeTime = regexp.MustCompile(`^(?:(?:近|约|仅|不到|大约)?(?:[一二两三四五六七八九十半]+|[0-9]{1,2})多?个?(?:年|月|天|日|周|星期|小时)(?:后|之后|以后)|随后|次日|翌日|当天|当晚|当日|同日|同年|事后|紧接着)`)

// bareEvent matches a sentence whose subject is "the event" of the
// sentence before, unnamed: 事件的…, 当前事件已…, 整个事件… (the fixture's
// "然而，事件的关键转折点在于后续的司法程序。"); isFragment takes it when it
// is the passage's one sentence (a passage going on tells what it
// announces) and names no one, quotes nothing and states no date or
// number ("事件起源于2023年7月11日，…" is a sentence of its own).
var bareEvent = regexp.MustCompile(`^(?:当前|目前|整个|本次)?事件(?:的|已|在|正|仍|更|也|还|本身)`)

// eventLeadIn reports t (a sentence after its connectives) of bareEvent: the
// passage's one sentence, naming no one, quoting nothing, stating no date
// or number. It announces what the next passage tells, so it may be quoted
// before that one (Set.Quality), never alone.
func eventLeadIn(t string) bool {
	return bareEvent.MatchString(t) && !strings.ContainsAny(strings.TrimRight(t, "。！？!? "), "。！？!?“「0123456789") &&
		!ownDate.MatchString(t) && len(entities(t)) == 0
}

// ownDate matches a date a sentence states: a year, or a month and day.
var ownDate = regexp.MustCompile(`\d{4}年|\d{1,2}月\d{1,2}日`)

// contrastPointer reports a sentence s opening with a contrast (然而, 但是,
// 不过, 可是, 但; t is s after its connectives) that refers to its
// subject with 其 only, a pronoun of the sentence before: "然而，近年来发生
// 的“图书馆事件”风波，则凸显了其在应对…时面临的严峻挑战". Words holding 其
// that point to nothing (其中, 尤其, 及其 …) do not count.
func contrastPointer(s, t string) bool {
	if text.FirstPrefix(s, []string{"然而", "但是", "不过", "可是", "但"}) == "" {
		return false
	}
	return strings.Contains(ownQi.Replace(t), "其")
}

// ownQi blanks the words holding 其 that are no pronoun.
var ownQi = strings.NewReplacer("其中", "", "其他", "", "其它", "", "其实", "", "其余", "", "其次", "", "尤其", "", "极其", "", "与其", "", "及其", "", "其间", "")

// pointerSubjects are the pointers that can be a clause's subject after
// an opening adverbial (not the joining words 而, 并, 也 of backPointers).
var pointerSubjects = []string{"这样", "这类", "这种", "这些", "这一", "这个", "这是", "这位", "这名", "这起", "这次", "这场", "此事", "此举",
	"该", "其", "他们", "她们", "它们", "他", "她", "它"}

// storedCut reports a sentence the engine stored cut off: it ends in a
// Han rune followed by an ASCII full stop ("…给予.", "与台上的."; the
// engines' cut marker), or in a word that cannot end a sentence (对于,
// 此次, 和, 与 …; 的 unless a 是 stands in the last 12 runes) with no mark
// after it.
func storedCut(s string) bool {
	s = strings.TrimSpace(s)
	if body := strings.TrimRight(s, "."); body != s {
		if r, _ := utf8.DecodeLastRuneInString(body); strings.ContainsRune("、，,：:；;", r) {
			return true // "…整体结构、素质、."
		}
	}
	for _, p := range [][2]string{{"（", "）"}, {"“", "”"}, {"《", "》"}} {
		if strings.Count(s, p[0]) > strings.Count(s, p[1]) {
			return true // "（注：我校管理学综合排名全国第三…；": the bracket never closes
		}
	}
	if body, ok := strings.CutSuffix(s, "."); ok {
		if r, _ := utf8.DecodeLastRuneInString(body); text.IsHan(r) && !strings.ContainsAny(body, "。｡") {
			return true
		}
	}
	if text.FirstSuffix(s, []string{"对于", "关于", "此次", "以及", "及其", "和", "与", "或"}) != "" {
		return true
	}
	// "…的内容与学生的": a 的 ending with no 是 before it (a 是…的
	// sentence may end so: "…正是在她的建议基础上设计的")
	if strings.HasSuffix(s, "的") {
		tail := []rune(s)
		return !strings.Contains(string(tail[max(0, len(tail)-12):]), "是")
	}
	return false
}
