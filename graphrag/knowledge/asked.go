package knowledge

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// The facts a question asks for that a word alone does not show held
// (Lexical.Unasked): a fact of a person's life held only in a sentence
// naming the person, a price only in a sentence naming the thing with an
// amount of money, a year written in digits, a name only where a text
// names the thing beside it, a time of day only in a sentence with the
// thing and a clock time, an investment only with an amount of money.

// money matches an amount of money: a number and 元 or 块, or a number of
// 万 or 千 that no measure word follows (月租两万，; not 1.5万张门票).
var money = regexp.MustCompile(`[0-9零一二三四五六七八九十百两.]+(?:元|块|[万千](?:元|[^\p{Han}]|$))`)

// priced reports whether some sentence names thing with an amount of
// money (money), or the knowledge does not hold thing at all (the other
// rules judge that): "门票多少钱一张" is not answered by "1.5万张门票“5秒没”".
func (x *Lexical) priced(thing string) bool {
	hits, _ := x.count(thing)
	return len(hits) == 0 || x.anySentence([]string{thing}, money.MatchString)
}

// subjectOf is the question's subject: of its content terms the
// knowledge holds, not asked for, the one in the fewest documents (张平文
// in "张平文校长是哪一年出生的？"; the first of equals), a person's name
// (personTerm) before any other (张平文, not the rarer 今年, in "张平文校长
// 今年多大年纪？"), with its documents; when every term the knowledge holds
// is asked for, the same among them but the personal facts; no documents
// when it holds none.
func (x *Lexical) subjectOf(question string, asked []string) *subject {
	about := x.subjectAmong(question, func(w string) bool { return slices.Contains(asked, w) })
	if about.term == "" {
		// every term held is asked for (测绘遥感专业硕士毕业工资多少: one
		// noun phrase before 多少): the subject is among them, the
		// personal facts aside
		about = x.subjectAmong(question, text.IsPersonalFact)
	}
	return about
}

// subjectAmong is subjectOf over the question's terms that skip does not
// leave out.
func (x *Lexical) subjectAmong(question string, skip func(string) bool) *subject {
	var best []docHit
	term, person := "", false
	for _, t := range text.Terms(question) {
		if skip(t.Text) {
			continue
		}
		hits, _ := x.count(t.Text)
		if len(hits) == 0 {
			continue
		}
		// a person outranks any other term (张平文 over 今年 in "张平文校长今年多大年纪？")
		if p := personTerm(lowerASCII(t.Text)); best == nil || p && !person || p == person && len(hits) < len(best) {
			best, term, person = hits, lowerASCII(t.Text), p
		}
	}
	about := &subject{term: term, docs: make(map[int32]bool, len(best)), person: person}
	for _, h := range best {
		about.docs[h.doc] = true
	}
	return about
}

// yearDigits matches a year written in digits, 1000–2099 (1939年, "in
// 1947").
var yearDigits = regexp.MustCompile(`(?:^|[^0-9])(?:1[0-9]{3}|20[0-9]{2})(?:[^0-9]|$)`)

// holdsYear reports whether some document writes a year in digits: "In
// what year …" (text.Measured: year) is answered by a text dating in
// digits, though it never says "year". Computed once, on first use.
func (x *Lexical) holdsYear() bool {
	x.yearsOnce.Do(func() {
		x.yearsHeld = slices.ContainsFunc(x.docs, yearDigits.MatchString)
	})
	return x.yearsHeld
}

// subject is the question's term naming whom a personal fact is asked
// of (ASCII lower-cased), with the documents holding it, and whether it
// names a person (personTerm).
type subject struct {
	term   string
	docs   map[int32]bool
	person bool
}

// personTerm reports whether a subject term names a person: a Chinese
// name (text.PersonShaped: 张平文; not 武大, which the dictionary tags an
// abbreviation: text.IsOtherName), a title or role (text.IsPersonTitle:
// 校长 in "武汉大学校长的工资是多少？"), a party kept anonymous (肖某), or an
// English word (a name lower-cased: cruz). A fact asked of anything else
// ("测绘遥感毕业出来薪水多少": a field's graduates) is stated of it in a
// record about it, not in one sentence with its name: the fixture's
// "测绘遥感哪家强？……薪资中位数7.2k" names 遥感 a sentence before the pay.
func personTerm(t string) bool {
	return text.PersonShaped(t) && !text.IsOtherName(t) || text.IsPersonTitle(t) || strings.HasSuffix(t, "某") || t != "" && !text.HasHan(t)
}

// factWindow is how many runes (or half-words, gapSize) may stand
// between a person's name and a fact of their life stated of them
// (besideSubject): "张平文1965年出生于福建" has none, "李明今年三十岁" two.
const factWindow = 8

// besideSubject reports whether the sentence holding doc[i:i+n]
// (sentenceAround) names the subject term within factWindow runes of it,
// before or after: a fact is stated beside whom it is of. "讨论李明咖啡店的主
// 要是25到35岁的上班族" (the sample's audience) does not tell 李明's age: 岁 is
// ten runes after the shop's name.
func besideSubject(doc string, i, n int, term string) bool {
	lo, hi := sentenceBounds(doc, i, n)
	sent, at, end := doc[lo:hi], i-lo, i-lo+n
	for from := 0; ; {
		k := strings.Index(sent[from:], term)
		if k < 0 {
			return false
		}
		k += from
		var gap string
		if k+len(term) <= at {
			gap = sent[k+len(term) : at]
		} else if k >= end {
			gap = sent[end:k]
		}
		if (k+len(term) <= at || k >= end) && gapSize(gap, term) <= factWindow {
			return true
		}
		from = k + len(term)
	}
}

// gapSize is the size of the text between a subject term and a fact
// (besideSubject): in runes for a Chinese term, in words times two for
// another (four words: "Jordan Hayes was born", "Hayes, a 24-year-old").
func gapSize(gap, term string) int {
	if text.HasHan(term) {
		return utf8.RuneCountInString(gap)
	}
	return 2 * len(strings.Fields(gap))
}

// sentenceAround is the sentence of doc holding doc[i:i+n]: from the
// sentence end before it (。！？!?；, a line break, or '.' before a space)
// to the one after it (sentenceBounds).
func sentenceAround(doc string, i, n int) string {
	lo, hi := sentenceBounds(doc, i, n)
	return doc[lo:hi]
}

// sentenceBounds returns the byte offsets in doc of the sentence holding
// doc[i:i+n] (sentenceAround).
func sentenceBounds(doc string, i, n int) (lo, hi int) {
	lo = i
	for lo > 0 {
		r, size := utf8.DecodeLastRuneInString(doc[:lo])
		if sentenceEnd(doc, lo-size, r) {
			break
		}
		lo -= size
	}
	hi = i + n
	for hi < len(doc) {
		r, size := utf8.DecodeRuneInString(doc[hi:])
		if sentenceEnd(doc, hi, r) {
			break
		}
		hi += size
	}
	return lo, hi
}

// sentenceEnd reports whether rune r at doc[at:] ends a sentence.
func sentenceEnd(doc string, at int, r rune) bool {
	switch r {
	case '。', '！', '？', '!', '?', '；', '\n':
		return true
	case '.':
		return at+1 == len(doc) || doc[at+1] == ' '
	}
	return false
}

// titledThings are the things whose name is a title ("推文的标题叫啥？"):
// named holds such a name asked wherever a text gives a piece's title by
// a titleLinks word (以《游戏少年逆袭发顶刊…》为题), whatever it calls it.
var titledThings = map[string]bool{"标题": true, "题目": true, "篇名": true, "书名": true, "片名": true}

// titleLinks are the words that give a piece's title (以《…》为题, 题为《…》).
var titleLinks = []string{"为题", "题为", "标题为", "题目为"}

// modifierWindow is how many runes before an occurrence of a thing whose
// name is asked its modifiers may stand (第二家咖啡豆供应商: 第二家 five
// runes before 供应商).
const modifierWindow = 12

// named reports whether some text names the thing a question asks the
// name of (text.NamedThing: thing, its modifiers, its owner), or the
// knowledge does not hold thing at all (the other rules judge that) or
// not in a document holding the owner (the texts may name it in other
// words: "推文的主角是谁" is answered by texts on the post that never say
// 主角): an
// occurrence of thing in a document holding the owner's subject
// (subjectOf of the owner's text; any document when it has none) and
// every modifier (the occurrences read, at most maxWordChecks, are those
// of such documents: "华中科技大学现任校长叫什么名字" reads no 校长 of a text
// without 现任), whose clause holds every modifier (or a synonym) in the modifierWindow runes
// before it, and a name beside it (namedAt: 店长王芳, 供应商是张伟). "第二家
// 供应商叫啥名" is not answered by "增加了第二家供应商作为备份，原有的普洱供应商
// 张伟…": the supplier named is not the second. A title asked (titledThings)
// is named wherever a text gives a piece's title (titleLinks). A modifier
// whose stand-ins hold the thing (text.StandIns: 上游 of 上游供应商) is
// read as the thing and asks nothing more.
func (x *Lexical) named(thing string, modifiers []string, owner string) bool {
	hits, _ := x.count(thing)
	if len(hits) == 0 {
		return true
	}
	if titledThings[thing] && slices.ContainsFunc(titleLinks, func(w string) bool { h, _ := x.count(w); return len(h) > 0 }) {
		return true // 标题叫啥: a text titles a piece (以《…》为题)
	}
	if owner != "" {
		if about := x.subjectOf(owner, ownerVerbs(owner)); about.term != "" {
			hits = slices.DeleteFunc(slices.Clone(hits), func(h docHit) bool { return !about.docs[h.doc] })
		}
		if len(hits) == 0 {
			return true // never said of the owner: the texts may name it otherwise (推文的主角是谁: 李展)
		}
	}
	// a modifier standing in for the thing itself says nothing more of it
	// (上游供应商: the supplier; heldout78)
	modifiers = slices.DeleteFunc(slices.Clone(modifiers), func(m string) bool { return slices.Contains(text.StandIns(m), thing) })
	for _, m := range modifiers {
		in := map[int32]bool{}
		for _, w := range append([]string{m}, text.Synonyms(m)...) {
			mh, _ := x.count(w)
			for _, h := range mh {
				in[h.doc] = true
			}
		}
		hits = slices.DeleteFunc(slices.Clone(hits), func(h docHit) bool { return !in[h.doc] })
	}
	return x.anyOccurrence(thing, hits, false, maxWordChecks, func(doc string, i, n int) bool {
		start := clauseStart(doc, i)
		before := doc[start:i]
		if rs := []rune(before); len(rs) > modifierWindow {
			before = string(rs[len(rs)-modifierWindow:])
		}
		for _, m := range modifiers {
			if !slices.ContainsFunc(append([]string{m}, text.Synonyms(m)...), func(w string) bool { return strings.Contains(before, w) }) {
				return false
			}
		}
		return namedAt(doc[start:i], doc[i+n:])
	})
}

// nameLinks are the words that join a thing and its name after it
// (供应商是张伟, 前身为自强学堂, 名叫, ：); roleLinks a name and the role
// after it (王芳担任店长, 张平文是武汉大学校长). 作为 links only a name
// before it: "增加了第二家供应商作为备份" names no supplier.
var (
	nameLinks = []string{"是", "为", "叫", "名叫", "名为", "叫做", "即", "：", ":", "（", "("}
	roleLinks = []string{"是", "为", "担任", "出任", "作为", "任"}
)

// namedAt reports whether a name stands beside a thing in its clause
// (before: the clause's text before the thing; after: the document after
// it, cut at its clause's end): a colon or an opening quote right after
// it (女主角“杨某媛”), 名叫 after a comma (供应商，名叫春城咖啡), the
// word right after it (店长王芳) or right before it (李明咖啡店) is
// name-shaped (text.NameShaped), a link word (nameLinks) joins it to a
// word after it that is no stop word (前身为自强学堂), or a name and a link
// word (roleLinks) stand in the four words before it (王芳担任店长,
// 张平文是武汉大学校长).
func namedAt(before, after string) bool {
	after = text.TruncateRunes(after, 2*wordWindow)
	if rest, ok := strings.CutPrefix(after, "，"); ok && (strings.HasPrefix(rest, "名叫") || strings.HasPrefix(rest, "名为") || strings.HasPrefix(rest, "叫做")) {
		return true // 第二家供应商，名叫春城咖啡
	}
	if k := strings.IndexAny(after, "，,。！？!?；;\n"); k >= 0 {
		after = after[:k] // 供应商。张伟…: a name of the next clause names no supplier
	}
	ws := text.Words(after)
	if len(ws) > 0 && text.NameShaped(ws[0]) {
		return true
	}
	if len(ws) > 1 && slices.Contains(nameLinks, ws[0]) && ws[1] != "否" && !text.IsStopWord(ws[1]) && (text.HasHan(ws[1]) || text.NameShaped(ws[1])) {
		return true
	}
	if r, _ := utf8.DecodeRuneInString(after); strings.ContainsRune("：:“「《\"", r) {
		return true // 女主角“杨某媛”: a name quoted right after the thing
	}
	bs := text.Words(before)
	if len(bs) > 0 && text.NameShaped(bs[len(bs)-1]) {
		return true
	}
	for k := len(bs) - 1; k > 0 && k >= len(bs)-4; k-- {
		if slices.Contains(roleLinks, bs[k]) && text.NameShaped(bs[k-1]) {
			return true
		}
	}
	return false
}

// ownerVerbs are the terms of an owner's text that name no one: neither
// a noun (text.IsNoun) nor name-shaped (text.NameShaped) nor a word the
// dictionary lacks (杨景媛). "断货之后新增的…供应商" is owned by no 新增: the
// subject of a named thing is whose it is, not what was done to it.
func ownerVerbs(owner string) []string {
	var out []string
	for _, t := range text.Terms(owner) {
		if !text.IsNoun(t.Text) && !text.NameShaped(t.Text) && text.IsDictWord(t.Text) {
			out = append(out, t.Text)
		}
	}
	return out
}

// clauseStart is the byte offset in doc where the clause holding doc[i]
// starts: after the clause mark before it (，。！？；、 a line break).
func clauseStart(doc string, i int) int {
	lo := i
	for lo > 0 {
		r, size := utf8.DecodeLastRuneInString(doc[:lo])
		if strings.ContainsRune("，,。！？!?；;\n", r) || sentenceEnd(doc, lo-size, r) {
			break
		}
		lo -= size
	}
	return lo
}

// clockTime matches a time of day: 8:30, 19点, 八点半, 凌晨两点, 7时; a Chinese
// numeral and 点 only after a part of the day or before 半, 钟 or 分 (一点 is
// also "a little").
var clockTime = regexp.MustCompile(`[0-9]{1,2}[:：][0-9]{2}|[0-9]{1,2}[点时]|(?:早上|上午|中午|下午|晚上|凌晨|傍晚|夜里|清晨|早晨)[零一二三四五六七八九十两]{1,3}点|[零一二三四五六七八九十两]{1,3}点(?:半|钟|[零一二三四五六七八九十]{1,3}分)`)

// timed reports whether some sentence names thing (or a synonym) with a
// time of day (clockTime): "店里早上几点开门" is not answered by "周末…开门还
// 亏电费", nor by "早上八点多就有人排队", which says when people queue.
func (x *Lexical) timed(thing string) bool {
	return x.anySentence(append([]string{thing}, text.Synonyms(thing)...), clockTime.MatchString)
}

// anySentence reports whether some sentence (sentenceAround) holding one
// of words, read ASCII lower-cased, satisfies ok (within anyOccurrence's
// maxWordChecks of each word).
func (x *Lexical) anySentence(words []string, ok func(sentence string) bool) bool {
	for _, w := range words {
		hits, _ := x.count(w)
		if len(hits) > 0 && x.anyOccurrence(w, hits, true, maxSentenceChecks, func(doc string, i, n int) bool {
			return ok(sentenceAround(doc, i, n))
		}) {
			return true
		}
	}
	return false
}

// rushWords are the words a text tells a busy time with (peakTimed).
var rushWords = []string{"高峰", "排队", "最忙", "人最多", "客流", "爆满"}

// partOfDay matches a part of the day or week a rush is told at (早高峰,
// 午间, 工作日早上).
var partOfDay = regexp.MustCompile(`早高峰|晚高峰|早上|早晨|上午|中午|午间|午后|下午|傍晚|晚上|夜间|工作日|周末`)

// peakTimed reports whether some sentence tells a rush (rushWords) with
// a part of the day (partOfDay) or a clock time: "一般几点最忙" is
// answered by "工作日早高峰排队约十分钟".
func (x *Lexical) peakTimed() bool {
	return x.anySentence(rushWords, func(s string) bool { return partOfDay.MatchString(s) || clockTime.MatchString(s) })
}

// investWords are the words a text states an investment with.
var investWords = []string{"投入", "投资", "投了", "启动资金", "本金", "砸了", "出资"}

// invested reports whether some sentence states an amount of money
// (money) with a word of investing (investWords): "开店前期投了多少钱" is not
// answered by "损失约四千元".
func (x *Lexical) invested() bool { return x.anySentence(investWords, money.MatchString) }

// formerWork matches a sentence's saying where or as what someone worked
// before: a word of the past, then one of work (此前在杭州一家连锁店工作,
// 曾任, 毕业后就职于), or a work verb with 过.
var formerWork = regexp.MustCompile(`(?:以前|之前|此前|曾经|曾|原本|原来|早年|毕业后|过去)[^。！？!?；;]{0,20}(?:工作|上班|任职|任|就职|供职|从事|担任|做过|干过)|(?:工作|上班|任职|就职|供职)过`)

// workedBefore reports whether some sentence names the question's subject
// (subjectOf) with a word of former work (formerWork), or the question has
// no subject the knowledge holds (the other rules judge it): "店长王芳以前在
// 哪儿工作过" is not answered by what 王芳 does now.
func (x *Lexical) workedBefore(question string, asked []string) bool {
	about := x.subjectOf(question, asked)
	if about.term == "" {
		return true
	}
	return x.anySentence([]string{about.term}, formerWork.MatchString)
}

// yearOfPerson reports whether the year a question asks of a person is
// held: when its subject (subjectOf) is a person's name (text.PersonShaped,
// or anonymised: 肖某某) and it asks for a year of an event (its asked-for
// words that are neither nouns nor aspectual nor already unused: 担任 in
// "张平文是哪一年开始担任武汉大学校长的？"; 出生, never said of him, is
// refused as a fact of a life), some sentence must name the person with a year in
// digits and the event (or a synonym); any other question is held here.
// "2025年7月31日晚，武汉大学校长张平文面对记者…" dates no appointment.
func (x *Lexical) yearOfPerson(question string, asked, unused []string) bool {
	about := x.subjectOf(question, asked)
	if about.term == "" || !text.PersonShaped(about.term) && !strings.HasSuffix(about.term, "某") {
		return true
	}
	var events []string
	for _, w := range asked {
		if !text.IsNoun(w) && !text.IsAspectual(w) && !slices.Contains(unused, w) {
			events = append(events, append([]string{w}, text.Synonyms(w)...)...)
		}
	}
	if len(events) == 0 {
		return true
	}
	return x.anySentence([]string{about.term}, func(s string) bool {
		return yearDigits.MatchString(s) && slices.ContainsFunc(events, func(e string) bool { return strings.Contains(s, e) })
	})
}

// UnusedCapitalised returns the statistics of each word question writes
// with a capital outside the asker's frame (text.CapitalisedWords,
// text.WithoutAskerFrame), stemmed and lower-cased as Stats counts it,
// that the knowledge never uses (Count 0), in question order; a word of
// the synonym table is a common word, no name (KPI: the texts write 指
// 标), and is left out. Local search's relevance gate reads each as a
// subject the question names (rule 1 of localsearch.Relevance), and
// globalsearch's router sends such a question to it.
func (x *Lexical) UnusedCapitalised(question string) []TermStat {
	var out []TermStat
	for _, w := range text.CapitalisedWords(text.WithoutAskerFrame(question)) {
		t := text.Stem(strings.ToLower(w))
		if len(text.Synonyms(t)) > 0 {
			continue
		}
		if st := x.Stats([]text.Term{{Text: t}})[0]; st.Count == 0 {
			out = append(out, st)
		}
	}
	return out
}
