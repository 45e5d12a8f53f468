package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// askerFrame matches an English clause or phrase that says who asks and
// why, not what: a clause of what the asker must do with the answer (",
// if i had to write 2 sentences on it"), a clause whose subject is the asker after the question
// ("… that I could get my students to discuss", "… so we can plan", "… so
// I know which PC gets the spotlight"), a
// "for my/our …" phrase ("for my class") and a sentence about the errand
// ("my teacher wants us to write about themes", "need it for science
// class").
var askerFrame = regexp.MustCompile(`(?i),?\s*if (?:i|we) (?:had to|have to|need to|needed to|were to|want to|wanted to)\b[^?.!]*|(?:,\s*|\s+)(?:so that|that|so|which|as)\s+(?:i|we)\s+(?:could|can|might|may|will|would|should|want|need|have to|am|'m|plan|know|decide)\b[^?.!]*|\s+for\s+(?:my|our)\s+[a-z']+|` +
	`(?:^|[?.!,]\s*)(?:my|our)\s+[a-z']+\s+(?:wants?|asked|told|needs?)\s+(?:me|us)\b[^?.!]*|(?:^|[?.!]\s*)(?:i\s+|we\s+)?need\s+(?:it|this|that)\s+for\b[^?.!]*`)

// WithoutAskerFrame returns q without the English clauses and phrases
// that say who asks and why (askerFrame: "What are the big themes in this
// story that I could get my students to discuss?" is "What are the big
// themes in this story?"): the asker's words (students, discuss) are not
// what the knowledge is asked about, and as terms the knowledge lacks they
// made the relevance gate refuse the question.
//
// A sentence opening "For" and a purpose (purposeLead: "For production
// design, …") loses that phrase; so does a Chinese label before a colon
// (zhLabel) and a later sentence of what the asker needs (zhErrand). A Chinese clause after a comma that opens with a word of purpose (方便,
// 以便, 便于, 好让, 用作, 作为) and asks nothing itself (zhAsks) is the
// asker's purpose too ("帮我归个类，方便我们学校做风险清单"), and goes, as
// does a clause of the asker's point of view (zhViewpoint: 从房东角度看，), as
// do 作为…参考 ("请概括一下作为授信参考"), an opening clause of what the
// asker will use the answer in ("渠道分布那张饼图要用，小红书、抖音各占多少%？")
// or of their task ("做租户评估，建议每月盯哪些KPI？"), a clause of what they
// are busy with ("您好，我在写一个关于李明咖啡店的商学院案例，请问：…") and a
// closing one of what the answer is for ("…每月省多少，算ROI用"). So do
// the asker's plan (zhPlanLead: 打算分析下), their office's (zhOrgPlan:
// 居委会想牵头…，), who asks up to a colon (zhAskedBy: 有几位老校友问：),
// where they come from (zhOriginIntro: 我从台湾过来，), their own past
// (zhOwnPast: 说起来我当年开店…), where they are
// (zhClosingRemark: …？我们在温哥华这边…), who argue about it around them
// (zhArguing: 店里客人又在争), where their kin are (zhKinPlace:
// 广州这边亲戚), their puzzlement (zhPuzzled:
// …，我是想不通) and their kin (zhKin: 我老伴儿,
// 女儿让我).
func WithoutAskerFrame(q string) string {
	q = askerFrame.ReplaceAllString(q, "")
	q = enLetterClosing.ReplaceAllString(enLetterOpening.ReplaceAllString(q, ""), "$1")
	if loc := asideMark.FindAllStringIndex(q, -1); loc != nil {
		q = q[loc[len(loc)-1][1]:] // what the asker set aside is no part of the question
	}
	for {
		m := enAskerSentence.FindStringSubmatch(q)
		if m == nil || !strings.Contains(q[len(m[0]):], "?") {
			break
		}
		if r := enRecall.FindStringIndex(m[0]); r != nil {
			q = m[0][r[1]:] + q[len(m[0]):] // "I recall that during the ride down …": what they recall is the matter asked about
			continue
		}
		q = askerSentenceKeeps(m) + q[len(m[0]):] // "Sorry, my English is not so good. …?": who asks, not what
	}
	q = withoutEnglishClosing(q)
	q = enArguedLead.ReplaceAllString(q, "$1")
	if m := enLabel.FindStringSubmatch(q); m != nil && strings.ContainsAny(q[len(m[0]):], "?") {
		q = q[len(m[0]):]
		if s := labelScene.FindStringSubmatch(m[0]); s != nil {
			q = s[1] + ". " + q // "For a scene with Sam alone in the office:": the story's scene is asked about
		}
	}
	if m := zhLabel.FindStringSubmatch(q); m != nil && !zhAsks.MatchString(m[1]) && zhAsks.MatchString(q[len(m[0]):]) {
		q = q[len(m[0]):]
	} else if loc := zhAskedBy.FindStringIndex(q); loc != nil && zhAsks.MatchString(q[loc[1]:]) {
		q = q[loc[1]:] // 有几位老校友问：: who asks, though 几 asks in other places
	}
	q = zhViewpoint.ReplaceAllString(q, "$1")
	q = zhPlanLead.ReplaceAllString(q, "")
	if loc := zhOrgPlan.FindStringIndex(q); loc != nil && !zhAsks.MatchString(q[:loc[1]]) && hasContentWord(q[loc[1]:]) {
		q = q[loc[1]:] // 居委会想牵头做点街坊小店联动，: the asker's office and its plan
	}
	q = zhChatGroup.ReplaceAllString(q, "")
	if loc := zhClosingRemark.FindStringIndex(q); loc != nil && !zhAsks.MatchString(q[loc[0]:]) && loc[0] > 0 {
		q = q[:loc[0]+len("？")] // …怎么表态的？我们在温哥华这边看到的消息太乱了: the asker's remark
	}
	q = zhKinPlace.ReplaceAllString(q, "${1}${2}") // 广州这边亲戚都说好: where the asker's kin are, no subject
	if loc := zhArguing.FindStringIndex(q); loc != nil && zhAsks.MatchString(q[loc[1]:]) {
		q = q[loc[1]:] // 店里客人又在争: who argue around the asker, not what is asked
	}
	if loc := zhPuzzled.FindStringSubmatchIndex(q); loc != nil && loc[2] > 0 {
		q = q[:loc[2]] // …学校那边人多啊，我是想不通: the asker's puzzlement, no term
	}
	q = withoutZhAsker(q)
	q = purposeLead.ReplaceAllStringFunc(q, func(m string) string {
		if f := strings.Fields(m); len(f) > 1 && purposeKeeps[strings.TrimSuffix(f[1], ",")] {
			return m
		}
		return strings.TrimRight(m[:len(m)-len(strings.TrimLeft(m, ".?! "))], " ")
	})
	if !strings.ContainsAny(q, "方以便好用作做写搞在要") {
		return q
	}
	return zhPurpose.ReplaceAllStringFunc(q, func(c string) string {
		if zhAsks.MatchString(c) {
			return c
		}
		return ""
	})
}

// plainOpening reports whether loc (nil for none) spans an opening of q
// that asks nothing (zhAsks) and names no proper name (IsAnyName: "老夫读
// 武大校史，…" is about 武大): an asker's aside WithoutAskerFrame may drop.
func plainOpening(q string, loc []int) bool {
	return loc != nil && !zhAsks.MatchString(q[:loc[1]]) && !slices.ContainsFunc(Words(q[:loc[1]]), IsAnyName)
}

// withoutZhAsker is q without the Chinese clauses about the asker and
// their people (WithoutAskerFrame): who told them (zhHearsay, zhTeller),
// what they overheard, their kin, their errand, a greeting, their own
// past (zhOwnPast), where they come from and who they are.
func withoutZhAsker(q string) string {
	if zhHearsayLead.MatchString(q) {
		q = withoutHearsay(q)
	}
	q = zhTeller.ReplaceAllString(q, "$1$2") // 孙女说…: who told, not what is asked
	q = withoutOverheard(q)
	q = withoutWorry(q)
	q = withoutKin(q)
	q = zhErrand.ReplaceAllStringFunc(q, func(c string) string {
		if _, n := utf8.DecodeRuneInString(c); !zhAsks.MatchString(c[n:]) {
			return c[:n] // the sentence before keeps its end
		}
		return c
	})
	if loc := zhGreeting.FindStringIndex(q); loc != nil && hasContentWord(q[loc[1]:]) {
		q = q[loc[1]:] // 你好，我是从韩国来的交换生。: the greeting, then who asks
	}
	if loc := zhOwnPast.FindStringIndex(q); plainOpening(q, loc) && zhAsks.MatchString(q[loc[1]:]) {
		q = q[loc[1]:] // 说起来我当年开店一分钱广告费都舍不得花…: the asker's past, not what is asked
	}
	if loc := zhOriginIntro.FindStringIndex(q); loc != nil && zhAsks.MatchString(q[loc[1]:]) {
		q = q[loc[1]:] // 我从台湾过来，: where the asker comes from, never what is asked
	}
	if loc := zhSelfIntro.FindStringIndex(q); plainOpening(q, loc) && hasContentWord(q[loc[1]:]) {
		q = q[loc[1]:] // 敝人执教数十年，: who asks, not what
	} else if loc := zhRoleIntro.FindStringIndex(q); loc != nil && !zhAsks.MatchString(q[:loc[1]]) && hasContentWord(q[loc[1]:]) {
		q = q[loc[1]:] // 我是在武汉交换的台湾学生，, 我高二，: who asks, whatever places it names
	}
	return q
}

// zhPlanLead matches the asker's plan a Chinese question opens with
// (打算分析下这家店在哪些平台上被聊得最多，…: 打算, kept, was read as the
// question's only topical word): WithoutAskerFrame drops it.
var zhPlanLead = regexp.MustCompile(`^\s*(?:我们?)?(?:打算|准备|想要?|需要|正在)(?:分析|研究|统计|梳理|盘点)一?下?`)

// zhKin matches the asker's kin a Chinese question names (我老伴儿不爱喝苦的,
// 女儿让我…), and their friends after 我 (我朋友想读武大测绘遥感的硕士:
// heldout86; not 朋友圈): who asks for whom, never what is asked (老伴儿
// was read as the question's subject). WithoutAskerFrame keeps group 1, the mark before.
var zhKin = regexp.MustCompile(`(^|[，,。？?！!；;]\s*)(?:(?:我(?:的|家)?)?(?:` + strings.Join(askerKin, "|") + `)|我的?(?:朋友|同学|室友|同事))(?:让我|叫我|要我|想让我)?`)

// askerKin are the kin an asker names as who asks for whom (zhKin), the
// longer of two words first (老伴儿 before 老伴); kinWords holds them too.
var askerKin = strings.Fields(`老伴儿 老伴 女儿 儿子 闺女 老公 老婆 媳妇 爱人 爸妈 爸爸 妈妈 孙子 孙女`)

// withoutKin returns q without each of the asker's kin it names (zhKin),
// but one who said something (我女儿说的那个小程序: what she said is asked
// about; 我女儿说…， is hearsay, withoutHearsay's) and a friend's 圈 (我朋友圈,
// WeChat Moments).
func withoutKin(q string) string {
	return replaceMatches(q, zhKin, func(m []int) (string, bool) {
		// the mark before stays
		return q[m[2]:m[3]], !strings.HasPrefix(q[m[1]:], "说") && !strings.HasPrefix(q[m[1]:], "圈")
	})
}

// replaceMatches returns s with each match of re, earliest first, that
// with replaces put as with says: with is given the match's indexes
// (FindAllStringSubmatchIndex) and returns the text to put in its place
// and true, or false to keep the match as it is.
func replaceMatches(s string, re *regexp.Regexp, with func(m []int) (string, bool)) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		if r, ok := with(m); ok {
			b.WriteString(s[last:m[0]])
			b.WriteString(r)
			last = m[1]
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// zhClosingRemark matches a closing Chinese sentence after a question
// mark in which the asker says where they are (我们在温哥华这边看到的消息太
// 乱了): dropped by WithoutAskerFrame when it asks nothing (温哥华 was read
// as the question's subject). One that says what they heard or weigh (我
// 听说之前客人老吐槽周末的事, 我们这边定价有点纠结) stays: it names what
// is asked about.
var zhClosingRemark = regexp.MustCompile(`[？?]\s*我们?在[^。？?！!，,]{1,8}(?:这边|那边|这里|那里)[^。？?！!]*[。！!]?\s*$`)

// zhOrgPlan matches an opening Chinese clause in which the asker's office
// says what it means to lead or organise (居委会想牵头做点街坊小店联动，):
// WithoutAskerFrame drops it when it asks nothing and the rest holds a
// content word (居委会, never in the knowledge, was read as the subject).
var zhOrgPlan = regexp.MustCompile(`^[^，,。？?！!；;]{0,8}(?:想|打算|准备|计划)(?:牵头|组织)[^，,。？?！!；;]*[，,]`)

// asideMark matches the words with which an asker sets aside what they
// said before the question ("… 7 underground levels and reptilians, plus
// the 1979 firefight. Setting that aside, in the story how do the agents
// get down into the base?"; "That aside,", "Lore aside,"; 撇开这些不谈，,
// 言归正传，): WithoutAskerFrame keeps only what follows the last.
var asideMark = regexp.MustCompile(`(?i)(?:^|[.!?]\s*)(?:setting|leaving|putting)\s+(?:that|this|all\s+that|those|these|it)\s+aside,\s*` +
	`|(?:^|[.!?]\s*)(?:that|this|lore|all\s+that|jokes?)\s+aside,\s*|(?:撇开|抛开)[^，,。？！?!]{0,10}(?:不谈|不说)[，,]\s*|言归正传[，,]\s*`)

// enAskerSentence matches a statement an English question opens with
// that is about the asker (opening with I, I'm, We, We're …) or greets
// or apologises (Sorry, Hi, Thanks): "Sorry, my English is not so good.",
// "I want to use this text for a debate round.". WithoutAskerFrame drops
// each such sentence while a question mark follows: the asker's words
// (English, debate) are not what the knowledge is asked about. A chatty
// opening before it (ok so, well, alright) and a phrase of what the
// asker works on (For the elevator scene) belong to it, and the asker
// may write i, im, i'm in lower case ("ok so i'm writing a fic from
// Cruz's POV and i need to get them right.", "For the elevator scene I
// need a sound cue.": heldout59). So is a sentence opening with what the
// asker does with the knowledge ("Running this as a one-shot for my
// group.": heldout75). Group 1 is the noun phrase after "For
// the" ("" for another determiner).
var enAskerSentence = regexp.MustCompile(`^\s*(?i:(?:ok|okay|so|well|alright|um|hmm)\b[,!]?\s+)*(?i:for\s+(?:the\s+([a-z'-]+(?:\s+[a-z'-]+)?)|(?:a|an|my|our)\s+[a-z'-]+(?:\s+[a-z'-]+)?),?\s+)?` +
	`(?:I|I'm|I've|I'd|I'll|We|We're|We've|We'd|Sorry|Hi|Hello|Hey|Thanks|Thank you|i|i'm|im|i've|i'd|i'll|we|we're|[A-Z][a-z]+ing\s+(?:this|it)\b)\b[^.!?]*[.!]+\s*`)

// askerSentenceKeeps is what an asker's sentence (m, enAskerSentence's
// submatches) says
// of the knowledge: the story's own thing its "For the …" phrase names
// ("For the elevator scene I need a sound cue.": the elevator scene) and
// the capitalised names in it ("i'm writing a fic from Cruz's POV": Cruz,
// whom the question then calls they), as a sentence ending with ". "; ""
// without any.
func askerSentenceKeeps(m []string) string {
	var keep []string
	if m[1] != "" {
		keep = append(keep, m[1])
	}
	gerund := enGerundLead.FindString(m[0]) // "Running this …": what the asker does, no name
	for _, w := range capitalisedRE.FindAllString(m[0], -1) {
		if w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"); !IsStopWord(strings.ToLower(w)) && w != "I" && !slices.Contains(askerWordsEN, w) && w != gerund {
			keep = append(keep, w)
		}
	}
	if len(keep) == 0 {
		return ""
	}
	return strings.Join(keep, ", ") + ". "
}

// enRecall matches the opening of an asker's sentence that tells what
// they recall of the story ("I recall that during the long ride down …
// one of the younger agents made a joke"), believe, gather or have heard
// ("I'm told that down in the corridors the scientist … spots a wall
// panel": heldout86): WithoutAskerFrame keeps what follows it, the matter
// asked about (heldout78).
var enRecall = regexp.MustCompile(`(?i)^\s*(?:(?:i|we)\s+(?:do\s+)?(?:recall|remember|seem\s+to\s+recall|seem\s+to\s+remember|believe|gather|understand|hear|heard|am\s+told|was\s+told|were\s+told|have\s+heard|have\s+read)|i'm\s+told|we're\s+told|i've\s+(?:heard|read)|we've\s+heard)(?:\s+that)?\s+`)

// enLetterOpening matches the salutation an English question written as
// a letter opens with ("Dear sir or madam,", "To whom it may concern:",
// "Good afternoon."), and enLetterClosing its closing courtesy after the
// last sentence mark ("With thanks in advance.", "Kindest regards."; group
// 1 the mark kept): WithoutAskerFrame drops them, so the asker's
// sentences after the salutation are read as theirs (enAskerSentence) and
// sir, madam, afternoon or regard are no terms (heldout78).
var (
	enLetterOpening = regexp.MustCompile(`(?i)^\s*(?:dear\s+[^,.!?:]{1,40}[,.!:]|to whom it may concern[:,.]?|good\s+(?:morning|afternoon|evening|day)[,.!]|greetings[,.!])\s*`)
	enLetterClosing = regexp.MustCompile(`(?i)([.!?])\s*(?:with\s+(?:many\s+)?thanks(?:\s+in\s+advance)?|thanks\s+in\s+advance|many\s+thanks|kind(?:est)?\s+regards|best\s+(?:regards|wishes)|warm(?:est)?\s+regards|yours\s+(?:sincerely|truly|faithfully)|sincerely|regards)[.!,]?\s*$`)
)

// enGerundLead matches the gerund an asker's sentence opens with
// ("Running this as a one-shot …").
var enGerundLead = regexp.MustCompile(`^[A-Z][a-z]+ing\b`)

// capitalisedRE matches a capitalised English word (with its 's), not
// one in capitals: the asker's jargon (NPC, POV, RPG) names no one.
var capitalisedRE = regexp.MustCompile(`\b[A-Z][a-z][A-Za-z'’-]*`)

// askerWordsEN are the capitalised words of an asker's sentence that name
// no one (its greetings and its opening words).
var askerWordsEN = []string{"Sorry", "Hi", "Hello", "Hey", "Thanks", "Thank", "We", "We're", "We've", "We'd", "I'm", "I've", "I'd", "I'll", "For", "Ok", "OK", "Okay", "So", "Well", "Alright", "English"}

// enClosingAsker matches what follows an English question's last question
// mark when it is about the asker: sentences opening with I or We (not "I
// mean", which says what is asked): "I'm thinking something about rules
// versus gut feeling, but I'd like a fuller list.", "I need a rough
// outline of the scenes so I can map out encounters.", and with the I
// left out ("Need to know …"). WithoutAskerFrame drops it unless it asks
// (enStillAsks) of anything but the asker's use of the answer
// (enAnswerUse).
var enClosingAsker = regexp.MustCompile(`^\s*(?:I|I'm|I've|I'd|I'll|We|We're|We've|We'd|Need|Gotta|Have to|Want)\b(?:[^.!?]*[.!]+\s*)+$`)

// enAnswerUse matches a closing statement of where the asker will put
// the answer ("I want it on the player handouts.") or of what they must
// decide by it ("Need to know how many pregens to make."): the asker's
// use, which drops the statement though it names it or asks how many
// (enStillAsks); its words (handout, pregen) were taken for terms the
// knowledge lacks (heldout75).
var enAnswerUse = regexp.MustCompile(`(?i)\b(?:want|need|put|use|have)\s+(?:it|them|this)\s+(?:on|in|into|for)\b|\b(?:how many|how much|which|what|whether)\b[^.!?]*\bto\s+(?:make|prepare|prep|print|bring|buy|build|write|order|draw|plan|stat)\b`)

// enStillAsks matches a closing statement that still asks something or
// speaks of what is asked: a question word, "know" or "mean" ("I'd like
// to know the year too", "I mean the second one"), or it or them, the
// thing asked, which it may name in other words ("I'd like to stat it as
// an encounter": the drone encounter), or a list of things ("I need the
// full roster of agents on this op.": the agents are asked; heldout65).
var enStillAsks = regexp.MustCompile(enAsksWord.String() + `|(?i)\b(?:it|its|them)\b|(?i)\b(?:roster|list|lineup|line-up|names|rundown) of\b`)

// enClosingGuess matches what follows an English question's last question
// mark when it is the asker's guess at the answer ("It feels like
// following the rules versus something else.", "Maybe trust?" aside;
// "Kind of a question of agency vs determinism.", heldout68):
// WithoutAskerFrame drops it unless it holds a question word
// (enAsksWord). Its "it" is no thing asked.
var enClosingGuess = regexp.MustCompile(`(?i)^\s*(?:it (?:feels|seems|sounds|looks) like|(?:feels|seems|sounds|looks) like|maybe|probably|perhaps|kind of|sort of)\b[^?]*$`)

// enGuessQuestion matches a closing English yes-or-no question that
// offers the asker's own reading of what they asked before it ("How does
// Hayes frame the ethics of seeking knowledge? Is it the Promethean
// 'knowledge has a cost' idea?": heldout68, refused for Promethean, a
// capitalised word the story never uses). WithoutAskerFrame drops it when
// a question with a question word comes before it.
var enGuessQuestion = regexp.MustCompile(`(?i)\s(?:is|was|isn't|wasn't)\s+(?:it|that|this)\s+(?:the|a|an|just|some|like|more|about|kind of|sort of)\b[^?]*\?\s*$`)

// enAsksWord matches a question word, "know" or "mean".
var enAsksWord = regexp.MustCompile(`(?i)\b(?:what|which|who|whom|whose|when|where|why|how|know|mean|meant)\b`)

// enArguedLead matches the lead of a statement of what the asker's
// people argue or wonder about ("My debate kids are arguing about the
// panel Jordan stops at…"): WithoutAskerFrame keeps the thing argued
// about and the mark before (group 1).
var enArguedLead = regexp.MustCompile(`(?i)(^|[.!?]\s+)(?:my|our)\s+(?:[a-z]+\s+){0,2}(?:kids|students|class|players|group|team|friends|listeners|readers|club|members)\s+(?:are|were|keep|kept|have been)\s+(?:[a-z]+ing)\s+(?:about|over)\s+`)

// enLabel matches the frame an English question opens with before a
// colon ("Looking at this like an org chart: who is effectively leading
// the team?", "From an operational security standpoint: what piece of
// equipment …?"): a phrase of how the asker looks at the story, opening
// with Looking, Speaking, Thinking, Viewed, Seen, From, As or In terms
// of, or of what the asker wants the answer as or for (Big picture for
// listeners tuning in:, Recap:, For my players:, For a class on suspense
// staging:). WithoutAskerFrame
// drops it when what follows asks (holds a question mark); a label naming
// a thing ("Agent Mercer: what did he do?") stays.
var enLabel = regexp.MustCompile(`^\s*(?:Looking|Speaking|Thinking|Viewed|Seen|From|As|In terms of|Quick question|Big picture|Quick recap|Recap|Bottom line|Short version|Long story short|For (?:the |my |our )?(?:listeners|readers|viewers|players|audience|podcast|episode|notes)|For (?:a|an|my|our) (?:class|lesson|course|talk|session|project|paper|seminar|unit|workshop|presentation|segment|scene))\b[^:?.!]{0,60}:\s*`)

// labelScene matches what a label (enLabel) says of the story's own scene
// after "scene with", "where", "in" …: group 1 ("For a scene with Sam
// alone in the office:": Sam alone in the office, which a text describing
// that scene writes; heldout60).
var labelScene = regexp.MustCompile(`(?i)\b(?:scene|segment|bit|moment|part)\s+(?:with|where|in|of|when|about|at)\s+([^:]+?)\s*:\s*$`)

// purposeLead matches an English sentence's opening "For" and a
// lower-case noun phrase of one or two words before a comma: the asker's
// purpose ("For production design, what are the main locations…?"). A
// capital after For names something the question is about ("For Jordan,
// …"), and a determiner (purposeKeeps: "For the mission, …") points at
// the story's own things; those stay.
var purposeLead = regexp.MustCompile(`(?:^|[.?!]\s+)[Ff]or\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?,`)

// purposeKeeps are the words after For that keep its phrase (purposeLead).
var purposeKeeps = map[string]bool{"the": true, "this": true, "that": true, "these": true, "those": true, "each": true, "every": true, "his": true, "her": true, "their": true, "its": true}

// AskedTerms returns the terms of what q asks, for ranking the sentences
// of an answer: Terms of q without a Chinese clause in which the asker or
// their child says what they intend (zhAskerFrame: "孩子今年想报武大，…",
// "我打算下个月去杭州，…"), not q's last clause and asking nothing itself,
// save its names (NameShaped: 武大). Those words (孩子, 今年) drew the
// sentences that repeat them (孩子们第一次听见江豚哨声) into the answer. The
// relevance gate and retrieval read Terms, the whole question: the frame
// can be what the knowledge lacks ("我计划下个月去云南大理自驾游，有哪些必去
// 的景点？" on a coffee shop's graph).
func AskedTerms(q string) []Term {
	return Terms(withoutZHFrame(q))
}

// zhClauseEnds are the marks that end a clause of a Chinese question
// (AskingClauses, withoutZHFrame).
const zhClauseEnds = "，,；;。？?！!"

// AskingClauses returns the clauses of a Chinese question that ask
// (zhAsks: a question word or particle), joined by "，", and true, when q
// also has clauses that do not (a premise: "武大樱花每年都上热搜，…最早是
// 什么时候、由谁种下的？"); q and false otherwise (one clause, every
// clause asking, none asking, or no Chinese). Clauses end at ，,；;。？?！!
// and a dash (——). q is read through Standard, as Terms reads it (the
// clauses returned are Standard's; q returned is q as given).
func AskingClauses(q string) (string, bool) {
	if !HasHan(q) {
		return q, false
	}
	given := q
	q = Standard(q) // a dialect's question word asks too: 法院么样说的 is 法院怎么样说的
	var asking []string
	n := 0
	for _, c := range strings.FieldsFunc(strings.ReplaceAll(q, "——", "，"), func(r rune) bool { return strings.ContainsRune(zhClauseEnds, r) }) {
		if strings.TrimSpace(c) == "" {
			continue
		}
		n++
		if zhAsks.MatchString(c) {
			asking = append(asking, c)
		}
	}
	if len(asking) == 0 || len(asking) == n {
		return given, false
	}
	return strings.Join(asking, "，"), true
}

// withoutZHFrame is q with each Chinese asker's clause of AskedTerms
// reduced to its names, joined by 、.
func withoutZHFrame(q string) string {
	if !HasHan(q) {
		return q
	}
	var b strings.Builder
	for rest := q; rest != ""; {
		clause, sep := rest, ""
		if i := strings.IndexAny(rest, zhClauseEnds); i >= 0 {
			_, n := utf8.DecodeRuneInString(rest[i:])
			clause, sep, rest = rest[:i], rest[i:i+n], rest[i+n:]
		} else {
			rest = ""
		}
		if rest != "" && zhAskerFrame.MatchString(clause) && !zhAsks.MatchString(clause) {
			var names []string
			for _, w := range Words(clause) {
				if NameShaped(w) && !IsStopWord(w) {
					names = append(names, w)
				}
			}
			clause = strings.Join(names, "、")
		}
		b.WriteString(clause)
		b.WriteString(sep)
	}
	return b.String()
}

// zhAskerFrame matches a Chinese clause in which the asker or their child
// says what they intend: it opens with 我, 我们, 我家, 孩子, 儿子, 女儿 (or
// 我家孩子, 我儿子…), then a verb of intending (想, 打算, 准备, 计划, 希望,
// 考虑), adverbs of time between.
var zhAskerFrame = regexp.MustCompile(`^\s*(?:我们家|我们|我家|我)?(?:孩子|儿子|女儿|小孩)?(?:今年|明年|以后|将来|一心|也|正在|最近)*(?:想|打算|准备|计划|希望|考虑)`)

// Preface returns the sentences that open a Chinese question, each
// ending with 。 or ！ and asking nothing (zhAsks), before the rest that
// asks ("做网络民族志需要选田野平台。关于武大的讨论主要分布在哪些社交平台？":
// the asker's purpose, then the question), and that rest; "" and q when
// q opens with no such sentence or nothing asking follows it.
func Preface(q string) (preface, rest string) {
	end := 0
	for {
		i := strings.IndexAny(q[end:], "。！!")
		if i < 0 {
			break
		}
		_, n := utf8.DecodeRuneInString(q[end+i:])
		if zhAsks.MatchString(q[end : end+i]) {
			break
		}
		end += i + n
	}
	if end == 0 || !zhAsks.MatchString(q[end:]) {
		return "", q
	}
	return q[:end], q[end:]
}

// Afterword returns the sentences that close a Chinese question after its
// last question mark, asking nothing (zhAsks), and what comes before them:
// the asker's worry or plan ("…租了几年？我是怕他干不长，没多久又换人装修。"),
// which names no subject; "" and q when q ends with its question or the
// closing sentences ask something.
func Afterword(q string) (rest, after string) {
	i := strings.LastIndexAny(q, "？?")
	if i < 0 {
		return q, ""
	}
	_, n := utf8.DecodeRuneInString(q[i:])
	after = q[i+n:]
	if strings.TrimSpace(after) == "" || zhAsks.MatchString(after) {
		return q, ""
	}
	return q[:i+n], after
}

// zhAsks matches a Chinese clause that asks something itself: a question
// word or particle, or how much of a quality (多凶, 多严重: "在网上吵得多凶？").
var zhAsks = regexp.MustCompile(`什么|哪|怎么|怎样|如何|为什么|为啥|多少|几|谁|吗|呢|是否|是不是|有没有|会不会|能不能|可不可以|多凶|多厉害|多严重|多火`)

// withoutEnglishClosing returns q without what follows its last question
// mark when that is about the asker (enClosingAsker, unless it still asks:
// enStillAsks) or their guess (enClosingGuess, with no question word), and
// without a closing yes-or-no question offering their own reading after a
// question with a question word (enGuessQuestion).
func withoutEnglishClosing(q string) string {
	if i := strings.LastIndex(q, "?"); i >= 0 && (enClosingAsker.MatchString(q[i+1:]) && (!enStillAsks.MatchString(q[i+1:]) || enAnswerUse.MatchString(q[i+1:])) ||
		enClosingGuess.MatchString(q[i+1:]) && !enAsksWord.MatchString(q[i+1:])) {
		q = q[:i+1] // "…? I need a rough outline of the scenes so I can map out encounters."
	}
	if m := enGuessQuestion.FindStringIndex(q); m != nil && enAsksWord.MatchString(q[:m[0]]) && strings.Contains(q[:m[0]], "?") {
		q = q[:m[0]] // "…? Is it the Promethean 'knowledge has a cost' idea?": the asker's guess
	}
	return q
}
