package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// What a record is decides what a question asks about it (WriteQuestions):
// how an event went and when, what a person, organisation or platform
// said (stance, responses) or, for a person the texts show acting, did,
// how a product sold, what a figure is and how it changed, or, for
// anything else, what it is and what it did. Read from the entity's title
// and description alone (the context tables carry no entity type), and,
// for a name found in the texts, from the sentences naming it.

// questionKind is what a record is, for the question asked about it.
type questionKind int

const (
	kindOther    questionKind = iota
	kindEvent                 // an event with a date: 经过/时间
	kindActor                 // a person, organisation or platform: 态度/回应/说法
	kindFigure                // a figure: 数据/变化
	kindPlatform              // a platform people post on: 讨论/观点
	kindDoer                  // a person the texts show acting, not quoted: 做了什么/作用
	kindProduct               // a product the texts sell: 卖得怎么样/口碑
)

var (
	// eventWordRE names an incident (in a title).
	eventWordRE = regexp.MustCompile(`事件|事故|风波|案|纠纷|争议|冲突|判决|处分|通报|危机|(?i:\b(?:incident|event|attack|crash|raid|battle|mission|operation|meeting|trial|scandal|outbreak)s?\b)`)
	// figureRE is a figure with its unit (in a title): 28元, 3.8亿, 42%.
	figureRE = regexp.MustCompile(`\d+(?:\.\d+)?\s*(?:%|％|元|块|万|亿|倍|人次)|(?i:\d+(?:\.\d+)?\s*(?:percent|million|billion|dollars?)\b)`)
	// partyNameRE is a person as the records anonymise one: 杨某, 肖某某.
	partyNameRE = regexp.MustCompile(`^\p{Han}某某?$`)
	// actorWordRE: the title ends with an organisation's word or a
	// platform's name (an account: 武汉大学官方微博; English: Team,
	// Agency …).
	actorWordRE = regexp.MustCompile(`(?:大学|学院|学校|公司|集团|政府|法院|检察院|公安局|教育部|委员会|协会|日报|晚报|电视台|官方|研究院|医院|银行|` +
		strings.Join(platformNames, "|") + `|(?i:\b(?:team|squad|agency|company|corporation|council|department|ministry|university|committee|command|` +
		strings.Join(platformNamesEN, "|") + `)))$`)
	// personCueRE: a Chinese description that speaks of a person.
	personCueRE = regexp.MustCompile(`他|她|表示|认为|回应|指出|创始人|创业者|校长|教授|老师|学生|记者|网友|博主`)
	// personPronounRE: an English description that speaks of a person.
	personPronounRE = regexp.MustCompile(`(?i)\b(?:he|she|his|her|him)\b`)
	// responseRE: a text quotes someone responding or stating a view
	// (张平文回应称, 他表示, she stated): a person quoted so is asked for
	// their stance (kindActor), one the texts show acting — or only
	// saying what they did (张伟说，每月一次的节奏…) — what they did
	// (kindDoer).
	responseRE = regexp.MustCompile(`回应|表示|称|认为|指出|坦言|透露|声明|表态|(?i:\b(?:stated|replied|responded|argued|claimed)\b)`)
	// stanceRE: the texts speak of stances or responses, which the
	// stance question (kindActor) asks for; texts that never do (a shop's
	// story) cannot answer it.
	stanceRE = regexp.MustCompile(`态度|回应|表态|立场|声明|(?i:\b(?:respond(?:s|ed)?|response|stance|statement)\b)`)
)

// platformNames and platformNamesEN are the platforms a follow-up
// question names as places people post on (kindPlatform), the one list
// of them in this package: a title that is one of them is a platform, a
// title ending with one an account of it (actorWordRE).
var (
	platformNames   = []string{"微博", "新浪微博", "抖音", "小红书", "B站", "哔哩哔哩", "知乎", "微信", "公众号", "微信公众号", "视频号", "快手", "今日头条", "头条", "贴吧", "百度贴吧", "豆瓣"}
	platformNamesEN = []string{"weibo", "twitter", "reddit", "youtube", "tiktok", "facebook"}
)

// isPlatform reports whether title is a platform's name (platformNames,
// platformNamesEN in any letter case).
func isPlatform(title string) bool {
	t := strings.TrimSpace(title)
	return slices.Contains(platformNames, t) || slices.Contains(platformNamesEN, strings.ToLower(t))
}

// recordKind says what the record of title and description desc is: an
// event (an incident word in the title and a date, intents' "when"
// pattern, in the title or description), a figure (a number with its
// unit in the title), a platform (isPlatform: 微博), an actor (a party:
// 杨某某; a person — 2–3 Han runes rarer than 10⁻⁵ in general text
// opening with a common surname whose description speaks of a person
// (他, 表示, 校长 …), or an English description speaking of him or her —
// whom the description quotes (responseRE), else a doer; an organisation or
// a platform of at most 12 runes (4 words in English) by the word its
// name ends with), else other.
func recordKind(title, desc string) questionKind {
	when := whenAnswer()
	n := utf8.RuneCountInString(title)
	if n == 0 {
		return kindOther
	}
	switch {
	case eventWordRE.MatchString(title) && (when.MatchString(title) || when.MatchString(desc)):
		return kindEvent
	case figureRE.MatchString(title):
		return kindFigure
	case isPlatform(title):
		return kindPlatform
	case partyNameRE.MatchString(title),
		(n <= 12 || !text.HasHan(title) && len(strings.Fields(title)) <= 4) && actorWordRE.MatchString(title):
		return kindActor
	case n >= 2 && n <= 3 && strings.ContainsRune(text.Surnames, []rune(title)[0]) && text.GeneralShare(title) < 1e-5 && personCueRE.MatchString(desc),
		!text.HasHan(title) && personPronounRE.MatchString(desc):
		return personKind(responseRE.MatchString(desc))
	}
	return kindOther
}

// personKind is the kind of a person: an actor (stance, responses) when
// the texts quote them as saying something, else a doer (what they did).
func personKind(quoted bool) questionKind {
	if quoted {
		return kindActor
	}
	return kindDoer
}

// answerableKind is k, or kindDoer for an actor (kindActor) when the
// context's texts (all) never speak of stances or responses (stanceRE)
// nor quote the actor name as saying something (quotedPerson, or desc,
// its record's description, responseRE): the stance question would ask
// what they cannot answer (a shop's story asked 「李明咖啡店」持什么态度).
// An English question (zh false) asks how they responded, which texts
// that never say "respond" (a Chinese graph's) cannot answer either.
func answerableKind(k questionKind, all, name, desc string, zh bool) questionKind {
	switch {
	case k != kindActor:
		return k
	case !zh && !respondRE.MatchString(all),
		!stanceRE.MatchString(all) && !responseRE.MatchString(desc) && !quotedPerson(all, name):
		return kindDoer
	}
	return k
}

// respondRE is the word the English stance question asks with.
var respondRE = regexp.MustCompile(`(?i)\brespon(?:d|ds|ded|ding|se|ses)\b`)

// kindQuestion is the question asked about name, a record of kind k, in
// Chinese (zh) or English.
func kindQuestion(name string, k questionKind, zh bool) string {
	if zh {
		return "「" + name + "」" + [...]string{"的具体情况和影响如何？", "的经过是怎样的，发生在什么时间？", "持什么态度，作出了哪些回应或说法？", "涉及哪些数据，发生了什么变化？",
			"上的讨论主要有哪些观点？", "做了什么，起到了什么作用？", "卖得怎么样，口碑如何？"}[k]
	}
	return [...]string{"What part does " + name + " play in this?", "What happened in " + name + ", and when?",
		"How did " + name + " respond, and what did they say?", "What figures are given for " + name + ", and how did they change?",
		"What views do people post on " + name + "?", "What did " + name + " do, and what part did they play?",
		"How well did " + name + " sell, and what do people say about it?"}[k]
}

// maxBroadRunes is the longest report title a broad question quotes.
const maxBroadRunes = 60

// broadQuestion asks for the whole of a community report titled title, a
// question global search answers (its wording holds a broad cue:
// 总体, main themes); without the title when it is not one to quote
// whole (questionName, or up to maxBroadRunes: a report's title names a
// theme, "Paranormal Military Squad and Operation: Dulce").
func broadQuestion(title string, zh bool) string {
	name, ok := questionName(title)
	if t := strings.TrimSpace(title); !ok && utf8.RuneCountInString(t) <= maxBroadRunes && !text.Bookkeeping(t) && !text.Offensive(t) {
		name, ok = t, true
	}
	switch {
	case zh && ok:
		return "「" + name + "」总体上有哪些主要方面？"
	case zh:
		return "总体上有哪些主要方面？"
	case ok:
		return "What are the main themes of " + name + "?"
	}
	return "What are the main themes?"
}

// whenAnswer is the pattern of a sentence that gives a time (intents).
func whenAnswer() *regexp.Regexp {
	for _, it := range intents {
		if it.name == "when" {
			return it.answer
		}
	}
	panic("offline: no when intent")
}
