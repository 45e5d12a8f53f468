package text

// What a Chinese question asks of a time: the words that ask when and
// the ends of an event they date.

// timeAsk returns how many words of ws from i ask when (哪/一年, 哪年,
// 哪天, 什么/时候, 啥/时候, 啥时候, 何时, 几时, 几/月): 0 when ws[i]
// starts none. ("武大新生军训一般啥时候开始" dated nothing, so 军训 was not
// asked for and the question was answered; heldout67.)
func timeAsk(ws []string, i int) int {
	switch w := ws[i]; {
	case timeAsks[w]:
		return 1
	case i+1 < len(ws) && (w == "哪" && timeUnits[ws[i+1]] || (w == "什么" || w == "啥") && (ws[i+1] == "时候" || ws[i+1] == "时间") || w == "几" && (ws[i+1] == "月" || ws[i+1] == "号" || ws[i+1] == "点")):
		return 2
	}
	return 0
}

// timeAsks are the one-word interrogatives of time, timeUnits the units
// after 哪 (哪/一年), and doVerbs the verbs between 是 and 什么 (是做什么).
var (
	timeAsks  = fieldSet("哪年 哪一年 哪天 哪一天 何时 几时 哪月 几月 几月份 哪月份 几号 啥时候 啥时 什么时候 什么时间 啥时间 多会儿")
	timeUnits = fieldSet("年 一年 天 一天 月 个月")
	doVerbs   = fieldSet("做 干 搞")
	// phaseVerbs say which end of an event a time question dates, not
	// what the event is (几月开始, 哪天结束, 什么时候举行)
	phaseVerbs = fieldSet("开始 结束 举行 举办 进行 开放 截止 开幕 闭幕 启动")
	// endParticles may follow the event a time question dates (出生的？)
	endParticles = fieldSet("的 了 呢 吗 呀 啊")
)
