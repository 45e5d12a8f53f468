package offline

import (
	"regexp"

	"reportengine/text"
)

// intents are what a question asks for besides its terms, each a pattern
// of the question and one of the sentences that answer it: a reason (为什么,
// 怎么回事: 因为, 导致), a place, a time, a response (怎么解释的, 如何回应:
// 回应称, 表示, 通报), a price (a figure with 元 or 块,
// or after 卖, 定价: "拿铁定价二十八元" answers 拿铁多少钱一杯, "五月就喝到"
// does not, though 五月 is a quantity too), a quantity (a number that is
// no date: "会员已有八百人" answers 有多少会员, "2024年6月会员体系上线" does
// not, nor an ordinal, 第二个; a count of years, 5年, does; 前几天 asks
// none), how often (多久一次, 一个月进几回, how often: 每周, every thirty seconds), who
// (an English who or full names: a sentence naming people, two
// capitalised name pairs, "Agents Alex Mercer, Jordan Hayes, …"; one pair
// boosted any sentence with a name or a place, and answers on who leads
// lost their leader's sentence), what is praised or blamed (夸它啥、骂它
// 啥: 正面, 差评, 吐槽; heldout62), how someone changes (a character's
// arc: begin to, newfound, no longer) and which platforms (哪些平台: a
// sentence naming two, text.PlatformList; "网上聊这家店的主要集中在哪几个平台？"
// of heldout68 was answered with sentences saying 社交平台). A sentence of the
// context that matches an intent of the question scores IntentBoost times
// as much for each.
var intents = []struct {
	name             string
	question, answer *regexp.Regexp
}{
	{"why", regexp.MustCompile(`为什么|为何|为啥|原因|理由|怎么会|怎么回事|咋回事|起因|(?i:\bwhy\b|\breasons?\b|what caused)`),
		regexp.MustCompile(`因为|由于|原因|理由|为了|所以|因此|考虑到|看中|保证|导致|造成|致使|起因|(?i:\bbecause\b|\bdue to\b|\bso that\b|\breasons?\b|\bto ensure\b|\bcaused\b|\bled to\b)`)},
	{"where", regexp.MustCompile(`哪里|哪儿|在哪|何处|什么地方|什么位置|(?i:\bwhere\b)`),
		regexp.MustCompile(`位于|地址|地点|选址|开在|落户|坐落|商圈|附近|街角|路口|[省市区县镇村街路]|(?i:\blocated\b|\bnear\b|\bbeneath\b)`)},
	{"when", regexp.MustCompile(`哪一年|哪年|何年|哪天|哪一天|什么时候|啥时候|啥时|何时|几月|几号|(?i:\bwhen\b|what year|which year)`),
		regexp.MustCompile(`\d{4}年|\d{1,2}月|\d{1,2}日|年代|世纪|(?i:\b(?:1[5-9]|20)\d\d\b)`)},
	{"response", regexp.MustCompile(`(?:怎么|如何|怎样|咋)(?:解释|回应|表态|回复|答复|说明|回的|说的)|(?i:how did [^?]*\b(?:respond|react|explain|answer)|what did [^?]*\bsay\b)`),
		regexp.MustCompile(`回应|表示|称“|称：|称，|说明|通报|声明|答复|回复|表态|(?i:\bsaid\b|\brespond|\bexplain|\bstated\b|\breplied\b)`)},
	{"price", regexp.MustCompile(`多少钱|几块钱|什么价|价格|价钱|价位|怎么卖|卖多少|花钱吗|要钱吗|收费吗|收不收费|收钱吗|免费吗|(?i:\bprices?\b|how much (?:is|are|does|do|did) [^?]*\bcost)`),
		regexp.MustCompile(`免费|收费|[\d一二三四五六七八九十百千两]\s*(?:元|块|¥)|[¥￥$]\s*\d|(?:卖|定价|售价|价格|单价)[^，。；]{0,3}[\d一二三四五六七八九十两]|(?i:\d\s*(?:yuan|dollars?|rmb)\b)`)},
	{"often", regexp.MustCompile(`多久一次|多长时间一次|隔多久|多频繁|频率|[一每]个?(?:天|日|周|月|年|星期|礼拜|季度)[^，。？?]{0,8}(?:几|多少)[次回趟遍]|(?i:\bhow (?:often|frequently)\b)`),
		regexp.MustCompile(`每隔|每[天日周月年晚]|[一两二三四五六七八九十\d]+[天周月年]一次|(?i:\bevery\s+(?:[a-z-]+\s+)?(?:seconds?|minutes?|hours?|days?|nights?|weeks?|months?|years?)\b|\bonce an?\b|\btimes an?\b|\b(?:hourly|daily|nightly|weekly|monthly|yearly)\b)`)},
	{"praise", regexp.MustCompile(`[夸骂赞][^，。？?、]{0,4}(?:啥|什么|哪)|(?:好评|差评|吐槽|抱怨|不满|称赞)[^，。？?]{0,6}(?:啥|什么|哪)|(?i:what do (?:people|they|customers|fans|readers|users) (?:like|love|praise|complain|criticise|criticize|hate|dislike))`),
		regexp.MustCompile(`正面|负面|好评|差评|称赞|夸|抱怨|吐槽|不满|满意|(?i:\bprais|\bcomplain|\bcriticis|\bcriticiz)`)},
	{"change", regexp.MustCompile(`(?i:\b(?:change|changes|changed|changing|shift|shifts|shifted|evolve|evolves|evolved|develop|develops|developed|arc|grow|grows|transform|transforms|transformed)\b)`),
		regexp.MustCompile(`(?i:\b(?:begin|begins|began|begun|beginning|start|starts|started|starting) to\b|\b(?:newfound|renewed|no longer|anymore|for the first time|gradually|eventually|became|become|becomes|becoming|grew|growing|shifted|shifting|softened|softening|cracked|changed|transformed)\b)`)},
	{"who", regexp.MustCompile(`(?i:\bwho\b|\bfull names?\b)`), namesPeople},
	{"platforms", platformsAsk, text.PlatformList},
	{"quantity", regexp.MustCompile(`多少|(?:^|[^前这那过好])几[个家条次位成种天年]|比例|占比|百分|(?i:how many|how much|what share|percentage)`),
		regexp.MustCompile(`(?:^|\D)\d{1,3}年|\d[\d,.]*(?:[^\d年月日号,.]|$)|(?:^|[^第])[一二三四五六七八九十百千万亿两][十百千万亿]*[元块人条次家个成倍万亿%％天年月]|百分之`)},
}

// platformsAsk matches a question asking which platforms (哪几个平台,
// 平台分布, which platforms): the platforms intent's question, and what
// makes a sentence naming two platforms hold the question's 平台
// (questionTerms).
var platformsAsk = regexp.MustCompile(`(?:哪些|哪个|哪几个|哪几|什么|哪类)(?:社交|网络|网上)?(?:平台|渠道|网站|app|APP)|平台分布|(?i:\bwhich (?:platforms?|sites?|apps?|channels?)\b)`)
