package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// zhLabel matches the label a Chinese question opens with before a
// colon (竞品对比slide：, 用户画像和KOL这块：): the asker's slide or section,
// which WithoutAskerFrame drops when it asks nothing and the rest does.
var zhLabel = regexp.MustCompile(`^([^：:，,。？?！!]{1,20})[：:]`)

// zhAskedBy matches the opening of a Chinese question up to the colon after
// a verb of asking (我们校友会春天要组织大家回校赏樱，有几位老校友问：): who
// asks and why, dropped by WithoutAskerFrame when what follows asks.
var zhAskedBy = regexp.MustCompile(`^[^：:？?！!]{0,60}?(?:问|问道|问我|想知道|打听)[：:]\s*`)

// zhViewpoint matches a Chinese clause of the point of view the asker
// takes (从房东角度看，, 从投资人的立场来说，, 站在家长的角度，): the viewer is
// the asker's role, not what is asked about ("从房东角度看，这家租户目前最大
// 的经营风险是什么？" is about the shop's risks; 房东 is a word the
// knowledge lacks). Group 1 keeps the mark before it.
var zhViewpoint = regexp.MustCompile(`(^|[，,。？?！!；;])\s*(?:从|站在|以)[^，,。？?！!；;]{1,10}?(?:角度|立场|视角|眼光|角色)(?:来看|看来|看|出发|来说|来讲|说|讲)?\s*[，,]`)

// zhChatGroup matches the asker's chat group where they heard of a
// matter (最近家族群里都在转那个图书馆的事, 家长群里): where the news went
// round, not what is asked about; WithoutAskerFrame drops it (家族, a
// word the knowledge lacks, read as the question's subject).
var zhChatGroup = regexp.MustCompile(`(?:家族|家庭|亲戚|家长|同学|同事|朋友|业主|班级|工作|老乡|校友)群(?:里|中|上)?`)

// zhHearsay matches a Chinese clause in which the asker says who told
// them (我孙女说网上都能查到, 听我女儿讲…): their family, friends or
// neighbours are not what is asked about ("网上那些人说这店好的多还是骂的多？
// 我孙女说网上都能查到，大概比例是多少？" was refused for 孙女). It is dropped
// when it asks nothing, the mark before it kept; when the rest holds no
// content word, the hearsay is what is asked about and only its lead
// (zhHearsayLead: 我女儿说) goes. A teller without 我 opening a clause
// (孙女说网上好多人在聊这家店。: heldout60) is dropped alone (zhTeller),
// what they said kept: it may name what the question then asks about
// (聽朋友說他們有季節限定的桂花拿鐵，是幾月開始賣的？; 街坊说这学校是…:
// heldout74).
var (
	hearsayTeller = `(?:孙女|孙子|外孙女|外孙|女儿|儿子|闺女|老伴|爱人|老婆|老公|家人|家里人|朋友|同事|邻居|街坊|街坊们|邻里|同学|孩子)(?:说|讲|告诉我|提过|提到)`
	zhHearsayLead = regexp.MustCompile(`(?:听)?我(?:的)?` + hearsayTeller)
	zhHearsay     = regexp.MustCompile(`(?:^|[，,。？?！!；;])\s*` + zhHearsayLead.String() + `[^，,。？?！!；;]*`)
	zhTeller      = regexp.MustCompile(`(^|[，,。？?！!；;])\s*(?:听)?` + hearsayTeller + `([^的]|$)`)
)

// zhOverheard matches a Chinese clause in which the asker says where and
// from whom they hear of a matter (平时在楼下老听年轻人念叨这家店, 常听街坊说起
// 那次断货): group 1 is the mark before it, group 2 what they hear of,
// which WithoutAskerFrame keeps; the time, the place and the talkers (楼
// 下, 年轻人: heldout62) are no subject, after a question as well
// ("…是哪一年栽的？我拉客听人讲是日本人弄来的，…" was refused for 听人;
// heldout76). 听说 (nobody between) is not matched, nor a clause that
// asks.
var zhOverheard = regexp.MustCompile(`(^|[，,。？?！!；;])[^，,。？?！!；;]{0,8}?听(?:到|见)?[^，,。？?！!；;说]{1,8}?(?:念叨|唠叨|说起|议论|提起|提到|聊起|说|讲|聊)([^，,。？?！!；;]*)`)

// withoutOverheard is q with each zhOverheard clause that asks nothing
// cut to the mark before it and what the asker hears of. A clause that
// ends with 。 or ！ asks nothing whatever words it holds (这几年 of "总听人
// 说武大这几年老上负面新闻。": heldout63); another asks when it holds a
// question word (平时在楼下听哪些人念叨这家店？).
func withoutOverheard(q string) string {
	return replaceMatches(q, zhOverheard, func(m []int) (string, bool) {
		next, _ := utf8.DecodeRuneInString(q[m[1]:])
		stated := next == '。' || next == '！' || next == '!'
		// the mark before it and what follows the telling verb stay; when,
		// where and from whom the asker heard it go (平时在楼下老听年轻人念叨这家店，)
		return q[m[2]:m[3]] + q[m[4]:m[5]], stated || !zhAsks.MatchString(q[m[0]:m[1]])
	})
}

// withoutHearsay is q without each zhHearsay clause that asks nothing
// and is no relative clause (the mark before it kept), or, when the rest
// would hold no content word (the hearsay is what is asked about: 我女儿说
// 樱花季要预约，真的吗？), without only who told (withoutHearsayLead).
func withoutHearsay(q string) string {
	told := zhHearsay.ReplaceAllStringFunc(q, func(c string) string {
		r, n := utf8.DecodeRuneInString(c)
		if !strings.ContainsRune(zhClauseEnds, r) {
			n = 0 // the question opens with it
		}
		if zhAsks.MatchString(c[n:]) || withoutHearsayLead(c) == c {
			return c // it asks, or it is a relative clause (我孙女说的那个…)
		}
		return c[:n] // the mark before it stays
	})
	if told != q && hasContentWord(told) {
		return told
	}
	return withoutHearsayLead(q)
}

// withoutHearsayLead is q without each zhHearsayLead that is not a
// relative clause (我孙女说的那个樱花季: "the one she spoke of" stays).
func withoutHearsayLead(q string) string {
	return replaceMatches(q, zhHearsayLead, func(m []int) (string, bool) {
		return "", !strings.HasPrefix(q[m[1]:], "的")
	})
}

// hasContentWord reports whether s holds a Chinese word of two runes or
// more that is no stop word.
func hasContentWord(s string) bool {
	return slices.ContainsFunc(Words(s), func(w string) bool {
		return HasHan(w) && utf8.RuneCountInString(w) >= 2 && !IsStopWord(w)
	})
}

// zhErrand matches a sentence after the first that says what the asker
// needs the answer for (我需要一个概括性的归纳放进论文结论部分。) or will
// do with it (我想面试前先练练手。): it opens with 我需要, 我要, 我得, 我想,
// 我打算, 我准备 or 我好 (我好提前备货。: so that I can), or with what
// the asker writes or does and then 想, 要, 得 or 好 (我写巡查备忘想列一下
// 主要问题。), or a statement with 想, 打算 or 准备 and the 我 left out
// (想在活动介绍里写准确点。, 想大概心里有个数再填志愿 closing the
// question; not 要不要放冰箱？), and is dropped when it asks nothing.
var zhErrand = regexp.MustCompile(`[。？?！!]\s*(?:我(?:需要|要|得|想|打算|准备|好)[^。？?！!]*[。？?！!]?|我(?:写|做|整理|弄|编)[^。？?！!，,]{1,10}?(?:想|要|得|好)[^。？?！!]*(?:[。！!]|$)|(?:想|打算|准备)[^。？?！!]*(?:[。！!]|$))`)

// zhSelfIntro matches a first Chinese clause in which the asker
// introduces themselves in the formal register (敝人, 鄙人, 在下, 老朽,
// 老夫: "敝人执教数十年，…", "老朽退休多年，…"): dropped when it asks
// nothing, names nothing (IsAnyName: "老夫读武大校史，…" is about 武大)
// and the rest holds a content word.
var zhSelfIntro = regexp.MustCompile(`^\s*(?:敝人|鄙人|在下|老朽|老夫)[^，,。？?！!；;]*[，,。！!；;]`)

// zhGreeting matches a greeting that opens a Chinese question (你好，,
// 老师您好！) or an address to an audience online (家人们！, 姐妹们，:
// "家人们！那个桂花拿铁到底啥时候上的？" held 家人; heldout77): read past,
// so that the asker's introduction after it is their frame too.
var zhGreeting = regexp.MustCompile(`^\s*(?:[^，,。？?！!；;]{0,4}(?:你好|您好)|大家好|哈喽|嗨|家人们|姐妹们|宝子们|宝宝们|集美们|兄弟们|朋友们|各位)[呀啊哇]?[，,。！!～~\s]+`)

// zhRoleIntro matches a first Chinese clause in which the asker says
// what they are, ending with their role (我是在武汉交换的台湾学生，, 我是一名
// 做公关的分析师。) or any noun after 的 (我是负责你们这间铺面续租的中介，:
// heldout63), saying what they do (我是做咖啡馆室内设计的，, 我是跑
// 商铺保险的，), giving their school year (我高二，, 我是大三的，) or when
// they are free (我一般周末才有空出去拍店，), or where they are from with how
// they feel (我是越南人，很怕热。: heldout86):
// dropped when it asks nothing and the rest holds a content word, even
// when it names places (台湾, 武汉: where the asker is from, not what is
// asked; the 交换 of 交换生 drew sentences about exchange programmes into
// the answer, 高二 was read as the question's subject).
var zhRoleIntro = regexp.MustCompile(`^\s*我(?:们)?(?:是|作为)[^，,。？?！!；;]{0,20}(?:学生|交换生|留学生|家长|老师|教师|记者|编辑|分析师|研究生|本科生|博士生|校友|市民|游客|司机|老板|店主|房东|律师|顾问|主播|博主|员工|职员|咨询师|从业者|创业者)[，,。！!；;]` +
	`|^\s*我(?:们)?(?:是|作为)[^，,。？?！!；;]{0,20}的[^，,。？?！!；;的]{1,6}[，,。！!；;]` +
	`|^\s*我(?:们)?(?:是|是在)?(?:做|干|搞|跑)[^，,。？?！!；;]{1,12}的[，,。！!；;]` +
	`|^\s*我(?:是|现在|今年)?(?:高|初|大|研|博)[一二三四](?:的|学生)?[，,。！!；;]` +
	`|^\s*我(?:一般|平时|通常|平常|往往)?[^，,。？?！!；;]{0,8}有空[^，,。？?！!；;]{0,10}[，,。！!；;]` +
	`|^\s*我(?:们)?是[^，,。？?！!；;的]{1,6}人[，,。！!；;](?:\s*我?(?:很|特别|比较|非常|有点|超)[^，,。？?！!；;]{1,4}[，,。！!；;])?`)

// zhOriginIntro matches a first Chinese clause in which the asker says
// where they come from (我从台湾过来，, 我是从外地来的，): dropped whenever
// the rest asks, though it names nothing else ("…网上大家聊它主要都在聊
// 哪几方面的事情？" asks for the whole; 台湾 was read as its subject).
var zhOriginIntro = regexp.MustCompile(`^\s*我(?:们)?(?:是)?(?:从|打)[^，,。？?！!；;]{1,10}(?:过来|来)的?[，,。！!；;]`)

// zhPurpose matches a Chinese clause after a comma that opens with a
// word of purpose, 作为…参考, an opening clause ending in 要用, an opening
// clause of the asker's task (做租户评估，, 写…对比，, 做检查台账要登记…的来路，,
// 写营销课论文，; what they will do soon, 我下周要开家长会，: heldout61), a
// clause of what the
// asker is busy with or weighing (我在写一个…案例，, 我在考虑去…应聘咖啡师，,
// 我在看这家店的续贷材料，: heldout74;
// a first sentence of whom they prepare it for: 我在给学生准备一个…案例。) or a closing one of what the answer
// is for (…，算ROI用), and a clause of what the asker or their office runs
// or works on (我在武大门口摆个小吃摊，, 我们学校宣传部在做对标研究，,
// 我在武大门口当保安好些年了，: heldout60)
// (WithoutAskerFrame).
var zhPurpose = regexp.MustCompile(`[，,]\s*(?:方便|以便|便于|好让|用作|作为)[^，,。？！?!；;]*|作为[^，,。？！?!；;]*参考|^[^，,。？！?!；;]*要用[，,]` +
	`|^(?:做|写|搞)[^，,。？！?!；;]{0,12}(?:评估|调研|研究|分析|报告|对比|比较|对标|方案|台账|论文|作业)[^，,。？！?!；;]{0,12}[，,]|^\s*我们?(?:下周|下个月|明天|后天|马上|过几天)+要[^，,。？！?!；;]*[，,]|[，,]\s*[^，,。？！?!；;]{1,12}用\s*$` +
	`|(?:^|[，,。！!])\s*我(?:正|现在)?在(?:写|做|准备|整理|考虑|打算|看|审|核对|查)[^，,。？！?!；;]*[，,]` +
	`|(?:^|[，,。！!])\s*我们?[^，,。？！?!；;]{0,8}?在[^，,。？！?!；;]{0,8}?(?:摆|开|经营|做|写|准备|当|干)[^，,。？！?!；;]*[，,]` +
	`|^\s*我(?:正|现在)?在给[^，,。？！?!；;]{1,8}(?:写|做|准备|整理)[^，,。？！?!；;]*[。！!]`)

// zhArguing matches the opening of a Chinese question in which people
// around the asker argue or ask about what follows (店里客人又在争, 同事
// 们一直在问): who argue, not what is asked ("店里客人又在争武大的樱花到底
// 是么时候种的" was refused for 店里 and 客人; heldout72). The public
// (网友, 大家) is left out: what it argues about is the knowledge's
// matter.
var zhArguing = regexp.MustCompile(`^[^，,。？?！!；;]{0,8}?(?:客人|顾客|客户|熟客|朋友|同事|家人|家里人|亲戚|邻居|同学|老乡)们?(?:又|也|都|老|总|一直|经常|常常|还)?在?(?:争论|争|吵|讨论|聊|问|打赌)`)

// zhOwnPast matches an opening Chinese clause in which the asker tells
// of their own past (说起来我当年开店一分钱广告费都舍不得花…, 我以前也开过
// 店，): their story, not what is asked ("…他们刚开业的时候是怎么招揽客人
// 的" was refused for 当年, 一分钱 and 舍不得; heldout76). It ends at the
// first clause mark or ellipsis; WithoutAskerFrame drops it when it asks
// nothing and names no proper name, and the rest asks.
var zhOwnPast = regexp.MustCompile(`^\s*(?:说起来|想当年|话说|其实)?[，,]?\s*我(?:们|自己)?(?:当年|以前|之前|那时候?|那会儿?|年轻(?:的)?时候?|过去|从前|早年|早些年)[^，,。？?！!；;…]*(?:[，,。！!；;]|…+|\.{3,})`)

// zhWorry matches what an asker frets over for their family: a word of
// fretting alone (吓死, 不踏实, 没底: "我这心里不踏实") or fear beside a
// child or kin (怕, 担心: a parent's "我闺女明年要读研选导师我都怕了",
// heldout88; not "我怕排班排到高峰手忙脚乱", which says what is asked).
var zhWorry = regexp.MustCompile(`吓死|不踏实|没底|放心不下|操心|心里有个谱|心里没谱|(?:怕|担心).*(?:孩子|儿子|女儿|闺女|孙子|孙女|家长)|(?:孩子|儿子|女儿|闺女|孙子|孙女|家长).*(?:怕|担心)`)

// zhClause matches a clause of a Chinese question: a run without a mark
// or a space (a question typed without punctuation parts its clauses with
// spaces).
var zhClause = regexp.MustCompile(`[^，,。？?！!；;:：\s]+`)

// withoutWorry returns q without each clause after its first in which
// the asker says what they fear (zhWorry) and asks nothing (zhAsks): "…
// 到底能转几次啊成功率高不高 我们当家长的心里没底怕转不成耽误孩子一辈子"
// asks how often one may change majors, not about 当家 or 一辈子 (the
// worry's words were read as the question's missing terms; heldout88).
// A question whose other clauses hold no content word keeps them all.
func withoutWorry(q string) string {
	locs := zhClause.FindAllStringIndex(q, -1)
	if len(locs) < 2 || !zhWorry.MatchString(q) {
		return q
	}
	var b strings.Builder
	last := 0
	for _, l := range locs[1:] {
		if c := q[l[0]:l[1]]; zhWorry.MatchString(c) && !zhAsks.MatchString(c) {
			b.WriteString(q[last:l[0]])
			last = l[1] + len(q[l[1]:]) - len(strings.TrimLeft(q[l[1]:], "，,。；; ")) // and the mark after it
		}
	}
	if last == 0 {
		return q
	}
	out := b.String() + q[last:]
	if !hasContentWord(out) {
		return q
	}
	return out
}
