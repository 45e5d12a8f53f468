package text

import (
	"slices"
	"testing"
)

// Heldout85: a Shanghai auntie's Shanghainese read as Mandarin (几钿,
// 伊拉, 额, 搭, 伐), where the words around them do not make Mandarin of
// them (金额, 搭配, 伊朗, 步伐, 没啥人); which people asked by who likes
// to go and by age; a month asked as an aspect; a student's spaces
// parting clauses, and 刷掉 stood in for by 淘汰.
func TestWave85Shanghainese(t *testing.T) {
	for q, want := range map[string]string{
		"阿拉囡囡讲杭州写字楼下头有爿李明咖啡店老灵额，拿铁搭美式各是几钿一杯啊？贵伐？": "我们女儿讲杭州写字楼下面有家李明咖啡店很好的，拿铁和美式各是多少钱一杯啊？贵吗？",
		"伊拉咖啡豆是啥人供额？多少辰光进一趟货":                     "他们咖啡豆是啥人供的？多久进一次货",
		"迭爿店网上讨论顶多是啥个月份，小红书占几化":                   "这家店网上讨论最多是什么月份，小红书占多少",
		"伊最后租额铺面一个号头几钿，断货辰光有伐啦":                   "他最后租的铺面一个月多少钱，断货时候有吗",
		// Mandarin words of the same runes, in a Shanghainese question
		"伊拉店里额金额搭配伊朗额订单，步伐快伐？": "他们店里的金额搭配伊朗的订单，步伐快吗？",
		"侬晓得伊拉克和阿拉伯额新闻伐":       "你晓得伊拉克和阿拉伯的新闻吗",
		"会员卡额度几钿？额外要付伐":        "会员卡额度多少钱？额外要付吗",
		"阿拉跟不上伊拉额步伐，哪能办":       "我们跟不上他们的步伐，怎么办",
		"伊拉店里额桌子是伐木场运来额伐":      "他们店里的桌子是伐木场运来的吗",
		// no Shanghainese: as written
		"周末店里是不是没啥人？跟工作日比差多少？": "周末店里是不是没啥人？跟工作日比差多少？",
		"订单金额和额度怎么算":           "订单金额和额度怎么算",
	} {
		if got := Question(q); got != want {
			t.Errorf("Question(%s) = %q, want %q", q, got, want)
		}
	}
}

func TestWave85Asked(t *testing.T) {
	for q, want := range map[string]bool{
		"谁最喜欢去他们店里？":           true,
		"去他家打卡的主要是些啥人？":        true,
		"周末店里是不是没啥人？":          false,
		"谁最先发现的标签被删了？":         false,
		"年纪多少的人多，男的女的多，杭州哪个区的": true,
	} {
		if got := AsksPeople(q); got != want {
			t.Errorf("AsksPeople(%s) = %v, want %v", q, got, want)
		}
	}
	if got := AskedFor("这家店什么月份讨论最多？"); slices.Contains(got, "月份") {
		t.Errorf("AskedFor(什么月份讨论最多) = %q, want no 月份: a month is asked", got)
	}
	if got := AskedFor("武大新生军训一般啥时候开始 要训多久啊？"); !slices.Contains(got, "军训") {
		t.Errorf("AskedFor(军训一般啥时候开始 要训多久) = %q, want 军训", got)
	}
	if got := AskedFor("武大新生军训一般啥时候开始要训多久啊？"); slices.Contains(got, "军训") {
		t.Errorf("AskedFor(军训一般啥时候开始要训多久) = %q: without the space, no clause ends at 开始", got)
	}
	if !slices.Contains(StandIns("刷掉"), "淘汰") {
		t.Errorf("StandIns(刷掉) = %q, want 淘汰", StandIns("刷掉"))
	}
}
