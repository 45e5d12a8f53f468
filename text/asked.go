package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// AskedFor returns the content words of what a Chinese question asks for:
// the words right after an interrogative determiner (什么专业, 哪些平台,
// 哪种方法) and the words of the noun phrase right before an interrogative
// that ends a phrase (门票价格是多少？, 冲泡方法是什么？, 军训要多久: back to
// the nearest 的, stop word or punctuation, past links such as 是, 要, 一般;
// also before 多少 and a one-rune unit that
// end the clause: 奖金有多少钱; not 多少 in 多少人参加), and the noun phrase
// before 叫什么 (代理律师 in "肖某某的代理律师叫什么名字": its name is asked),
// the event a time question dates (出生 in 哪一年出生的; when the words after
// the time are only which end of it, 开始 or 结束, the event before it
// too: 军训 in 新生军训一般几月开始), in question order,
// each once; nil for a question
// with neither, or with no Chinese. Also the thing whose procedure is
// asked (贷款 in "办国家助学贷款是什么流程"), whose charge or arrangement
// is asked (feeAsked), what a contract is asked to set (agreedAsked), a
// formal act asked done (actDoneAsked), what a yes-or-no clause asks one may do
// (modalsAsked) and the event asked of its last time (lastTimeAsked).
// The asker's frame is read first (WithoutAskerFrame: 有几位老校友问：
// asks nothing of 校友). Aspect words (IsAspectWord: 挑战, 原因,
// 方法 …) and a verb with its direction (IsVerbDirection: 降回 in 后来又
// 降回多少) are left out: a question asking for the challenges is answered
// by texts that say 困难 or 断货, not 挑战. The relevance gate refuses a
// question whose asked-for words the knowledge never uses
// (graphrag/localsearch: rule 2 of Relevance).
func AskedFor(q string) []string {
	if !HasHan(q) {
		return askedEnglish(q)
	}
	q = WithoutAskerFrame(Standard(q)) // 有几位老校友问：asks nothing of 校友
	var out []string
	add := func(w string) {
		if slices.Contains(specificUnits, w) {
			if !slices.Contains(out, w) {
				out = append(out, w) // a unit of one rune (亩) is asked as it is
			}
			return
		}
		if !Organization(w) {
			w = trimStopRunes(w) // 各卖, 价是, 要花: a stop word glued to a character is no word asked for (研究生会's 会 is its body)
		}
		if utf8.RuneCountInString(w) >= 2 && !complementPhrase(w) && !countWord(w) && !everyUnit(w) && !causedBy(w) && !IsVerbDirection(w) && !eventAdverbs[w] && HasHan(w) && !IsStopWord(w) && !IsAspectWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	eachClause(q, func(ws []string) { askedIn(ws, add) })
	for _, e := range zhEither(q) {
		add(e[0]) // 拘留还是罚款: which of two; a text naming either answers (EitherAsked)
		add(e[1])
	}
	for _, v := range slices.Concat(passivesAsked(q), modalsAsked(q)) {
		add(v)
	}
	for _, m := range lastTimeAsked.FindAllStringSubmatch(q, -1) {
		for _, t := range Terms(m[1]) {
			add(t.Text) // 最近一次换届选举有没有出什么争议: whether there was one is asked
		}
	}
	eachClause(q, func(ws []string) {
		for _, w := range slices.Concat(existsAsked(ws), agreedAsked(ws), actDoneAsked(ws), actorsAsked(ws)) {
			add(w)
		}
		if w := feeAsked(ws); w != "" {
			add(w)
		}
	})
	return out
}

// datedEvent returns the words ws[from:to] of the event a time question
// dates, but a word tagged a name right after 开始, 正在 … (aspectLeads:
// 开始张罗开店: 张罗, tagged a name, is a verb), a verb that only says
// what the time is taken as (copulaVerbs: "把哪一年当作建校起点来办校庆的？"
// dates 建校 and 校庆, not 当作) and a verb glued to the 来 or 去 of purpose
// before it (来办: purposeVerb).
//
// scheduleVerbs put an event at the time a question asks (军训一般安排在
// 什么时候): the event is the phrase before them.
func datedEvent(ws []string, from, to int) []string {
	out := make([]string, 0, to-from)
	for j := from; j < to; j++ {
		if !(j > 0 && slices.Contains(aspectLeads, ws[j-1]) && IsName(ws[j])) && !copulaVerbs[ws[j]] && !purposeVerb(ws[j]) {
			out = append(out, ws[j])
		}
	}
	return out
}

// copulaVerbs say what a thing is taken or counted as (当作, 视为): no
// event a time question dates.
var copulaVerbs = fieldSet("当作 当成 作为 视为 视作 看作 算作 算是 定为 作")

// purposeVerb reports whether w is a word of two runes the dictionary
// lacks of the 来 or 去 of purpose and a one-rune verb (来办, 去看): the
// segmenter glued them; the verb's object after it says what is done.
func purposeVerb(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && (rs[0] == '来' || rs[0] == '去') && IsOneRuneVerb(string(rs[1])) && !IsDictWord(w)
}

// eventAdverbs say how an event happened (正式开门营业, 首次亮相): never
// what a question asks for (AskedFor leaves them out).
var eventAdverbs = fieldSet("正式 首次 第一次 头一次 公开 率先 最终 终于 刚刚 才")

var scheduleVerbs = fieldSet("安排 定 定在 放 排 举行 举办 进行 开 办")

// nounLike reports whether a word of Words names a thing: a noun the
// dictionary tags (IsNoun), or a Chinese word of two runes or more it
// lacks that is none of the joined phrases the segmenter's HMM makes (a
// verb and its object, a measure and its noun, a graded quality, a
// Cantonese verb and its 返: 加返 "add back").
func nounLike(w string) bool {
	if IsNoun(w) {
		return true
	}
	return IsUnknownWord(w) && !strings.HasSuffix(w, "返")
}

// yesNo matches a Chinese clause asking yes or no (有没有, 是否, 有无, 会不
// 会, 会否, 吗 at its end).
var yesNo = regexp.MustCompile(`有没有|是否|有无|会不会|会否|吗$`)

// clauses returns the clauses of q, cut at clauseMarks (punctuation that
// ends a clause) and dashes (原话搞准——校长是谁) and at a 、 or a space
// (hanSpace) right after an interrogative, where it parts
// two questions, not two nouns ("军训一般安排在什么时候、要练多少天"), or
// after an A-not-A question (hasANotA: "招不招兼职 一个月给多少钱"), in
// order.
func clauses(q string) []string {
	var out []string
	for _, c := range strings.FieldsFunc(q, func(r rune) bool { return strings.ContainsRune(clauseMarks, r) || r == '—' }) {
		c = hanSpace.ReplaceAllString(c, "$1、$2") // 啥时候开始 要训多久: a space parts clauses as a 、 does
		parts, start := strings.Split(c, "、"), 0
		for i := range len(parts) - 1 {
			if seg := strings.Join(parts[start:i+1], "、"); endsAsking(seg) || hasANotA(parts[i]) {
				out, start = append(out, seg), i+1
			}
		}
		if rest := strings.Join(parts[start:], "、"); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// hanSpace matches spaces between two Chinese characters, which a
// question typed without punctuation writes between its clauses ("武大新生
// 军训一般啥时候开始 要训多久啊"; heldout85): clauses reads them as a 、.
var hanSpace = regexp.MustCompile(`(\p{Han})[ \x{3000}]+(\p{Han})`)

// askingEnds are the interrogatives after which a 、 parts two questions.
var askingEnds = strings.Fields("什么时候 啥时候 啥时 何时 多少 多久 多长 多大 多高 多远 几 谁 哪里 哪儿 哪 什么 啥 吗 呢 怎么样 如何")

// endsAsking reports whether s ends with an interrogative (askingEnds),
// or with one and the end of an event it dates (phaseVerbs: "军训一般啥时
// 候开始、要训多久" asks two questions; heldout67).
func endsAsking(s string) bool {
	for v := range phaseVerbs {
		if t, ok := strings.CutSuffix(s, v); ok && t != "" && endsAsking(t) {
			return true
		}
	}
	return slices.ContainsFunc(askingEnds, func(a string) bool { return strings.HasSuffix(s, a) })
}

// eachClause calls f with the words of each clause of q (clauseMarks:
// "注册资本是多少，营业执照…" ends a phrase at 多少), glued words cut back
// (splitReduplication, ungluedWords) and 多/大 read as 多大 (joinHowMuch).
func eachClause(q string, f func(ws []string)) {
	for _, c := range clauses(q) {
		f(joinIDs(joinHowMuch(joinWhichTime(ungluedWords(unglueCounted(splitReduplication(splitSynonymTail(Words(c)))))))))
	}
}

// phraseEnd is the index of the last word of the phrase before the
// interrogative ws[i]: the links (是, 有, 大概 …) and glued verbs (要花)
// between them skipped; -1 when none is left.
func phraseEnd(ws []string, i int) int {
	j := i - 1
	for j >= 0 && (askLinks[ws[j]] || gluedVerb(ws[j]) || spendLinks[ws[j]] || ws[j] == "了" && j > 0 && spendLinks[ws[j-1]]) {
		j--
	}
	return j
}

// Measured returns the words whose quantity a Chinese question asks for,
// in question order: the word right before a quantity interrogative (多少,
// 几, 多久, 多大, 多长, 多高, 多远, 多重) that ends its clause (or has only
// a one-rune unit after it), the links between them (是, 有, 大概 …)
// skipped — 工资 in "店长一个月工资多少", 面积 in "种植面积有多大" —, and the
// word right after one that does not (年纪 in "今年多大年纪"); aspect words
// and words of one rune aside; and what a yes-or-no clause asks befell
// someone (passiveAsked: 免职 in "有没有被免职"). Each is one of AskedFor's
// words. The relevance gate refuses a question whose
// measured word the knowledge never uses whatever the word's part of
// speech (工资 and 年纪 are not tagged nouns): it asks for a figure the
// knowledge cannot hold. So is the thing whose charge or arrangement is
// asked (feeAsked: 停车 in "停车是怎么安排的"), and the object of an
// A-not-A verb (aNotAObject: 兼职 in "招不招兼职").
func Measured(q string) []string {
	if !HasHan(q) {
		var out []string
		for _, c := range englishAsks(q) {
			out = Unique(append(out, measuredEnglish(c)...))
		}
		return out
	}
	q = WithoutAskerFrame(Standard(q))
	var out []string
	add := func(w string) {
		// 各卖, 价是, 要花: the stop word the segmenter glued goes, and what
		// is left of one rune is no word
		if w = trimStopRunes(w); utf8.RuneCountInString(w) >= 2 && phraseWord(w) && !IsAspectWord(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	eachClause(q, func(ws []string) {
		for i, w := range ws {
			if u := askedUnit(ws, i); u != "" && !slices.Contains(out, u) {
				out = append(out, u)
			}
			switch {
			case countsInUnit(ws, i):
				if j := phraseEnd(ws, i); j >= 0 {
					add(ws[j])
				}
			case !quantityAsks[w]:
			case i+1 < len(ws) && phraseWord(ws[i+1]) && !unitEnd(ws, i):
				add(ws[i+1]) // a determiner: what it counts (多大年纪, 多少会员)
			default:
				if j := phraseEnd(ws, i); j >= 0 {
					add(ws[j])
				}
			}
		}
		if w := feeAsked(ws); w != "" {
			add(w) // 停车是怎么安排的: how it is charged or arranged, held only where a text names it
		}
		for i, w := range ws {
			if aNotAVerb(w) {
				for _, v := range aNotAObject(ws, i+1) {
					add(v) // 招不招兼职: whether it is done, held only where a text names it
				}
			}
		}
	})
	for _, v := range passivesAsked(q) {
		if !slices.Contains(out, v) {
			out = append(out, v) // 有没有被免职: whether it befell them, held only where a text says it
		}
	}
	return out
}

// quantityAsks are the interrogatives asking for a figure (Measured).
var quantityAsks = fieldSet("多少 几 多久 多大 多长 多高 多远 多重")

// askedIn finds what the clause of words ws asks for (AskedFor), calling
// add with each word.
func askedIn(ws []string, add func(string)) {
	addAll := func(ns []string) {
		for _, n := range ns {
			add(n)
		}
	}
	for i, w := range ws {
		if u := askedUnit(ws, i); u != "" {
			add(u)
		}
		if w == "有没有" || w == "有无" {
			addAll(haveAsked(ws, i+1))
		}
		if aNotAVerb(w) {
			addAll(aNotAObject(ws, i+1))
		}
		if canAsk(ws, i) {
			addAll(canDoObject(ws, i+1))
		}
		if countsInUnit(ws, i) {
			if j := phraseEnd(ws, i); j >= 0 {
				add(ws[j])
			}
		}
		if w == "叫" && i+1 < len(ws) && (ws[i+1] == "什么" || ws[i+1] == "啥") {
			// 代理律师叫什么名字: the name of the thing before 叫 is asked for
			addAll(ws[phraseStart(ws, i-1):i])
		}
		if w == "哪" || w == "哪里" || w == "哪儿" {
			whereAsked(ws, i, add)
		}
		if n := timeAsk(ws, i); n > 0 {
			// 哪一年出生的, 什么时候结婚的: the event dated is asked for
			// when it ends the clause (not 什么时候拿定主意要开店的)
			if k, ends := phraseFrom(ws, i+n); ends {
				addAll(datedEvent(ws, i+n, k))
				if ev := slices.DeleteFunc(slices.Clone(ws[i+n:k]), func(v string) bool { return gluedVerb(v) || countWord(v) || IsStopWord(v) }); len(ev) > 0 && !slices.ContainsFunc(ev, func(v string) bool { return !phaseVerbs[v] }) {
					// 军训一般几月开始: 开始 is any event's; the event
					// whose start is dated stands before the time asked
					// (what follows but asks how long, 要练几周, aside)
					askedBefore(ws, i, addAll)
				}
				if k == i+n && i >= 2 && ws[i-1] == "在" && scheduleVerbs[ws[i-2]] {
					// 军训一般安排在什么时候: the event scheduled stands
					// before the verb that puts it at the time asked
					askedBefore(ws, i-2, addAll)
				}
			}
		}
		if n := ofThingAsked(ws, i); n >= 0 {
			add(ws[n])
		}
		if (w == "什么" || w == "啥") && i >= 1 && i+1 < len(ws) && procedureWords[ws[i+1]] && askLinks[ws[i-1]] {
			// 办国家助学贷款是什么流程: the procedure of the thing
			// before 是 is asked; a text on another procedure holds 流程
			askedBefore(ws, i, addAll)
		}
		from := askedAfter(ws, i, add)
		// it ends the phrase (是多少？, not 多少人); 哪里 and 谁 only after 在
		// or 是 (老家在哪里, 导师是谁: not the subject of 开在哪里), 哪里
		// also after a verb of putting that speech drops 在 after
		// (电动车停哪: where the thing put is, heldout87)
		if askEnds[w] && timeAsk(ws, i) == 0 && (from == len(ws) || !phraseWord(ws[from]) || unitEnd(ws, i)) && (!askWhere[w] || i > 0 && (askLinks[ws[i-1]] || w != "谁" && placeVerbs[ws[i-1]])) {
			askedBefore(ws, i, addAll)
		}
	}
}

// askedAfter adds the phrase a question word at ws[i] determines (哪些/
// 主要/风险, 什么专业, 哪/所/大学) and returns where that phrase starts
// (i+1, or after a measure or a leading modifier).
func askedAfter(ws []string, i int, add func(string)) int {
	w := ws[i]
	from := i + 1
	if (w == "哪" || w == "几") && i+1 < len(ws) && nounMeasures[ws[i+1]] {
		from = i + 2 // 哪/所/大学: the segmenter cuts the measure off
	}
	for from < len(ws) && askDeterminers[w] && leadModifiers[ws[from]] {
		from++ // 哪些/主要/风险: the modifier says which, the noun is asked
	}
	if !(askDeterminers[w] || from == i+2 || measureAsk(w)) || unitEnd(ws, i) { // 什么 is both: 是什么专业, 方法是什么; 多少块钱 counts in a unit
		return from
	}
	if from < len(ws) && (quantityAsks[w] && IsOneRuneNoun(ws[from]) && !measures[ws[from]] || (w == "什么" || w == "啥") && ws[from] == "人") {
		// 放多少人进去看花: people are counted (heldout84's 好多人 read as
		// 多少人); 都是啥人喜欢上网聊: which people (AsksPeople); what
		// they do is not asked (heldout86)
		return from + 1
	}
	if from < len(ws) && (ws[from] == "事" || ws[from] == "事情") {
		return from // 因为什么事生气: the matter is asked, which a text names otherwise; 生气 is how it made people feel (heldout82)
	}
	if w == "哪位" {
		// 画的是哪位先贤: a person is asked, whom a text names without
		// the kind (heldout73); but a trade (哪位外国建筑师, 哪位律师) a
		// text writes with the name (heldout84)
		for k := from; k < len(ws) && phraseWord(ws[k]); k++ {
			if strings.HasSuffix(ws[k], "师") && utf8.RuneCountInString(ws[k]) >= 2 {
				add(ws[k])
			}
		}
		return from
	}
	end := from
	for k, n := range ws[from:] {
		if n == "的" && k > 0 && IsAspectWord(ws[from+k-1]) {
			continue // 什么类型的音乐: the kind, then the thing
		}
		if !phraseWord(n) || k > 0 && (n == "来" || n == "去") {
			break // 拿什么理由来说服: 来 leads to the purpose, not the thing asked (heldout73)
		}
		end = from + k + 1
	}
	if end-from < 2 || !IsAspectWord(ws[end-1]) {
		for _, n := range ws[from:end] {
			if n != "的" {
				add(n)
			}
		}
	} // else 什么整改措施: a kind of measure is asked, which texts state without 整改
	return from
}

// askedBefore adds the phrase a question word at ws[i] ends (导师是谁: 导师;
// 门票多少钱: 门票; nothing before 什么 right after a verb of saying or
// doing, saidVerbs: 接记者电话说什么) and, for 哪个 after a choice (年卡和月卡哪个更划算), each
// thing chosen between.
func askedBefore(ws []string, i int, addAll func([]string)) {
	j := phraseEnd(ws, i)
	if (ws[i] == "什么" || ws[i] == "啥") && j == i-1 && j >= 0 && saidVerbs[ws[j]] {
		return // 接记者电话说什么: what was said is asked, not the call
	}
	k := phraseStart(ws, j) - 1
	addAll(joinSingleRunes(ws[k+1 : j+1]))
	if ws[i] == "哪个" && k > 0 && choiceLinks[ws[k]] {
		addAll(joinSingleRunes(ws[phraseStart(ws, k-1):k]))
	}
}

// phraseStart is the index of the first word of the run of phraseWords
// that ends at ws[j] (j+1 when ws[j] is none; 0 for j = -1).
func phraseStart(ws []string, j int) int {
	for j >= 0 && phraseWord(ws[j]) {
		j--
	}
	return j + 1
}

// saidVerbs are the verbs of one rune whose 什么 asks what was said or
// done (说什么, 讲啥), not the thing before them.
var saidVerbs = fieldSet("说 讲 问 答 回 做 干 写 喊 骂")

// countsInUnit reports whether ws[i] is 几个 glued by the segmenter and
// a one-rune unit after it ends the clause (押金交了几个月): the count of
// the thing before (phraseEnd: the links and verbs of paying between
// skipped) is asked, as by 多少 ending a clause.
func countsInUnit(ws []string, i int) bool {
	return ws[i] == "几个" && i+2 == len(ws) && utf8.RuneCountInString(ws[i+1]) == 1
}

// unitEnd reports whether the interrogative ws[i] (多少, 几) ends its
// clause but for a one-rune unit after it (奖金有多少钱, 有多少人) or a
// unit of two (pairUnits: 多少人次), or a unit and its one-rune noun (种植园有多少亩地, 多少块钱: tailUnits), or
// 钱 and one of a unit (门票多少钱一张): the phrase before it is what is
// asked for, as before 是多少.
func unitEnd(ws []string, i int) bool {
	if (ws[i] != "多少" && ws[i] != "几") || i+1 >= len(ws) {
		return false
	}
	tail := strings.Join(ws[i+1:], "")
	r, _ := utf8.DecodeRuneInString(tail)
	n := utf8.RuneCountInString(tail)
	if rest, ok := strings.CutPrefix(tail, "钱一"); ok && utf8.RuneCountInString(rest) == 1 {
		return true // 门票多少钱一张: the price of one
	}
	return n == 1 || n == 2 && (strings.ContainsRune(tailUnits, r) && strings.ContainsRune("钱地人", []rune(tail)[1]) || pairUnits[tail])
}

// pairUnits are units of two runes a count asks in (门诊量有多少人次: the
// phrase before them is what is counted, as before a one-rune unit).
var pairUnits = fieldSet("人次 万人 万元 亿元 公里 公斤 小时 分钟 个月")

// askedUnit returns the unit of measure a count asks in (多少亩, 几层, 多少
// 平方米: specificUnits) when ws[i] is 多少 or 几 and the unit follows it
// ("" otherwise): a knowledge that never uses the unit states no figure
// in it, whatever the thing measured ("张伟的咖啡园种了多少亩地？" on a
// knowledge that speaks of 咖啡 but never of 亩). Everyday units (个, 人,
// 元, 年 …) are no such unit.
func askedUnit(ws []string, i int) string {
	if (ws[i] != "多少" && ws[i] != "几") || i+1 >= len(ws) {
		return ""
	}
	return FirstPrefix(ws[i+1], specificUnits)
}

// specificUnits are the units of measure that a text states a figure in
// only when it has one (areas, floors, weights, distances, ages, energy),
// longest first.
var specificUnits = []string{"平方米", "平方公里", "公顷", "平米", "千卡", "大卡", "公斤", "公里", "千米", "毫升", "亩", "层", "吨", "斤", "岁", "升"}

// tailUnits are the units of a count that a noun of one rune may follow
// at the end of a clause (多少亩地, 多少块钱, 几个人).
const tailUnits = "亩块元斤个名位"

// measureAsk reports whether w is an interrogative and its measure as one
// word (几名, 哪类; 几年 before a noun: 几年合同): a determiner, like 哪些.
func measureAsk(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && (rs[0] == '哪' || rs[0] == '几') && nounMeasures[string(rs[1])] ||
		len(rs) == 2 && rs[0] == '几' && strings.ContainsRune("年天月", rs[1]) // 签了几年合同: 合同 asked
}

// phraseWord: w can be part of the noun phrase around an interrogative (a
// word with a Chinese character that is not a stop word).
func phraseWord(w string) bool { return HasHan(w) && !IsStopWord(w) }

// askDeterminers are the interrogatives followed by what is asked for
// (the formal 何种 and 何类 too: 何种劳动合同; heldout80).
var askDeterminers = fieldSet("何种 何类 什么 哪些 哪个 哪种 哪类 哪家 哪位 哪所 哪座 哪部 哪本 哪首 哪条 哪项 哪场 哪几个 啥 多少 多久 多大 多长 多高 多远 多重")

// phraseFrom returns the end (exclusive) of the run of phrase words
// (phraseWord) starting at ws[from], and whether only end particles
// (endParticles: 的, 了, 吗 …) follow it to the clause's end.
func phraseFrom(ws []string, from int) (end int, endsClause bool) {
	end = from
	for end < len(ws) && phraseWord(ws[end]) {
		end++
	}
	return end, !slices.ContainsFunc(ws[end:], func(v string) bool { return !endParticles[v] })
}

// ofThingAsked returns the index of the thing of 的 whose attribute the
// interrogative determiner ws[i] asks for, -1 when there is none: the
// noun between 的 and 是 (是 做 什么 too) when the determiner is followed
// by a unit of one rune or by nothing of the phrase (老家是哪个省的,
// 妻子是做什么工作的: 做 makes the noun after 什么 the thing's), not when a
// word of its own follows it (司机是什么身份: the driver is the subject,
// 身份 what is asked).
func ofThingAsked(ws []string, i int) int {
	if !askDeterminers[ws[i]] || i < 3 {
		return -1
	}
	j, do := i-1, false
	if doVerbs[ws[j]] {
		j, do = j-1, true
	}
	if !askLinks[ws[j]] || j < 2 || ws[j-2] != "的" || !phraseWord(ws[j-1]) {
		return -1
	}
	if !do && i+1 < len(ws) && phraseWord(ws[i+1]) && utf8.RuneCountInString(ws[i+1]) >= 2 {
		return -1
	}
	return j - 1
}

// nounMeasures are the measure words that follow 哪 or 几 before a noun
// (哪所大学, 几家店), not those of time (哪一年 asks for a year).
var nounMeasures = fieldSet("所 个 家 位 座 部 本 首 条 项 场 种 类 支 名 款")

// askEnds are the interrogatives that end a question after what is asked
// for (门票价格是多少), and askLinks the verbs and adverbs between them (是,
// 有, 分别, 一般, 通常 …: "贷款利率一般是多少" asks for 利率; 百分之 of
// 涨了百分之多少, a percentage, which the texts write 186%; 做到 and 达到,
// reaching a figure: "会员做到多少人" asks for 会员, heldout88).
var (
	askEnds  = fieldSet("多少 什么 哪些 哪个 哪里 哪儿 哪 谁 怎么样 怎样 如何 几 多久 多大 多长 多高 多远 多重")
	askWhere = fieldSet("哪里 哪儿 哪 谁")
	askLinks = fieldSet("是 有 为 在 要 需要 都 分别 各 大概 大约 一共 总共 共 约 一般 通常 平均 大致 目前 现在 究竟 到底 百分之 做到 达到")
	// spendLinks are the verbs of spending between a thing and the amount
	// asked of it, and their 了 (装修花了多少钱: the cost of 装修 is asked,
	// which the knowledge must state; not 下降了多少, where the change is),
	// and the verbs of paying a wage (工资一般开多少, 发多少, 能拿多少)
	spendLinks = fieldSet("花 花了 花费 耗资 耗费 交 交了 付 付了 缴 缴了 缴纳 支付 欠 欠了 开 发 发了 拿 拿到 领 领到")
)

// fieldSet is the set of the space-separated words of s (the package's
// word lists: stop words, question words, aspect words, offensive words).
func fieldSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
