package text

import (
	"regexp"
	"strings"
)

// wuMarker matches a word only written Shanghainese (Wu) uses: 侬 (you),
// 阿拉 (we; not 阿拉伯), 伊拉 (they; not 伊拉克), a clause-final 伐 (the
// yes-or-no particle), 几钿 and 几化 (how much), 哪能 (how), 辰光 (time),
// 交关 (very), 迭个 and 迭爿 (this), 事体 (matter), 号头 (month), 覅 and
// 呒没. 啥人 (who) is not read: Mandarin's 没啥人 and 些啥人 are "hardly
// anyone" and "what people".
var wuMarker = regexp.MustCompile(`侬|阿拉[^伯]|阿拉$|伊拉[^克]|伊拉$|伐(?:啦)?(?:[，,。？?！!；;\s]|$)|几钿|几化|哪能|辰光|交关|迭[个爿只趟]|事体|号头|覅|呒没`)

// wuWords are Shanghainese words with the Mandarin the texts write, longer
// first (strings.Replacer takes the first in argument order that matches):
// a Shanghai reader asks "拿铁搭美式各是几钿一杯啊？贵伐？" for "拿铁和
// 美式各是多少钱一杯啊？贵吗？" (heldout85). 额 (的), 搭 (和), 伊 (他)
// and the particle 伐 (吗) are read by wuStandard, where the runes around
// them tell them from 金额, 搭配, 伊朗 and 步伐.
var wuWords = strings.NewReplacer(
	"伊拉克", "伊拉克", "阿拉伯", "阿拉伯", "伊拉", "他们", "阿拉", "我们", "侬", "你",
	"几钿", "多少钱", "扣钿", "扣钱", "几化", "多少",
	"啥辰光", "什么时候", "多少辰光", "多久", "辰光", "时候", "啥事体", "什么事", "事体", "事情",
	"啥个", "什么", "做啥", "做什么", "哪能", "怎么",
	"迭爿", "这家", "迭个", "这个", "迭只", "这个", "迭趟", "这次", "爿", "家", "哪只", "哪个",
	"交关多", "很多", "交关", "很多", "顶欢喜", "最喜欢", "欢喜", "喜欢", "顶多", "最多",
	"亏脱", "亏了", "卖脱", "卖掉", "用不光", "用不完", "号头", "月", "学堂", "学校",
	"下头", "下面", "前头", "之前", "囡囡", "女儿", "上趟", "上次", "一趟", "一次", "听讲", "听说",
	"老灵", "很好", "老火", "很火", "老好", "很好", "老贵", "很贵", "老多", "很多", "老可怜", "很可怜",
	"一道", "一起", "覅", "不要", "呒没", "没有", "今朝", "今天", "明朝", "明天", "老早", "以前",
)

// wuAmount are the runes before 额 that make it a word of its own (金额,
// 份额, 名额, 投资额, 销售额, 前额), and wuAmountAfter those after it (额度,
// 额外): elsewhere a Shanghainese 额 is 的.
const (
	wuAmount      = "金份名限定差总余售资数巨税超配面前"
	wuAmountAfter = "度外"
	// wuTieAfter are the runes after 搭 that make a Mandarin word of it
	// (搭配, 搭建, 搭车, 搭档): elsewhere a Shanghainese 搭 is 和.
	wuTieAfter = "配建车乘档讪理上起伙桥"
	// wuHeNot are the runes after 伊 that make a name of it (伊朗, 伊利,
	// 伊斯兰, 伊万, 伊甸, 伊拉克, which wuWords keeps): elsewhere a
	// Shanghainese 伊 is 他.
	wuHeNot = "朗利斯始万犁蚊甸势妹人拉"
	// wuMarks end a clause, where 伐 asks as 吗 does.
	wuMarks = "，,。？?！!；; "
)

// wuStandard returns q, a question wuMarker marks as Shanghainese, read
// as Mandarin: wuWords, then 额 as 的, 搭 as 和, 伊 as 他 and a
// clause-final 伐 (伐啦) as 吗, each where its neighbours do not make it
// part of a Mandarin word (wuAmount, wuTieAfter, wuHeNot; 步伐, 采伐);
// q itself when wuMarker finds nothing.
func wuStandard(q string) string {
	if !wuMarker.MatchString(q) {
		return q
	}
	q = wuWords.Replace(q)
	var b strings.Builder
	rs := []rune(q)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var prev, next rune
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case r == '额' && !strings.ContainsRune(wuAmount, prev) && (next == 0 || !strings.ContainsRune(wuAmountAfter, next)):
			r = '的'
		case r == '搭' && (next == 0 || !strings.ContainsRune(wuTieAfter, next)):
			r = '和'
		case r == '伊' && (next == 0 || !strings.ContainsRune(wuHeNot, next)) && prev != '木' && prev != '阿':
			r = '他'
		case r == '伐' && next == '啦' && (i+2 == len(rs) || strings.ContainsRune(wuMarks, rs[i+2])):
			b.WriteString("吗")
			i++ // 伐啦
			continue
		case r == '伐' && (next == 0 || strings.ContainsRune(wuMarks, next)) && !strings.ContainsRune("步采讨征砍杀", prev):
			r = '吗'
		}
		b.WriteRune(r)
	}
	return b.String()
}
