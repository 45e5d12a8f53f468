package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Surnames are common Chinese surnames, one rune each: a short rare Han
// word opening with one is taken for a person's name (PersonShaped).
const Surnames = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金廖贾夏付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴孔汤"

// PersonShaped reports whether a Chinese word looks like a person's name:
// two or three Han runes opening with a common surname (Surnames), rarer
// than 10⁻⁵ in general text (王芳, 张平文; not 张开 or 李子).
func PersonShaped(w string) bool {
	rs := []rune(w)
	return len(rs) >= 2 && len(rs) <= 3 && strings.ContainsRune(Surnames, rs[0]) && IsHan(rs[len(rs)-1]) && GeneralShare(w) < 1e-5
}

// NameShaped reports whether a word of Words names someone or something
// by name: a person's name (PersonShaped: 王芳), a party the press keeps
// anonymous (辛某, 肖某某), a proper name the dictionary knows however
// common (IsAnyName: 武汉大学, 普洱), or an English word written with a
// capital (Hayes).
func NameShaped(w string) bool {
	if r, _ := utf8.DecodeRuneInString(w); r >= 'A' && r <= 'Z' {
		return true
	}
	return PersonShaped(w) || IsAnyName(w) || HasHan(w) && (strings.HasSuffix(w, "某") && utf8.RuneCountInString(w) >= 2)
}

// nameAsk matches a Chinese question's asking for a name: 叫什么名字, 叫啥,
// 名字是什么, 什么名字, 是谁, 是哪位.
var nameAsk = regexp.MustCompile(`(?:的)?(?:名字|名称)(?:是什么|叫什么|是啥|叫啥)|叫(?:什么|啥)(?:名字|名)?|(?:是)?什么名字|是谁|是哪位`)

// nameEnd matches what may follow a name question: the clause's end, an
// end particle.
var nameEnd = regexp.MustCompile(`^(?:呢|啊|呀|吗|哈)?(?:[，,。？?！!；;\s]|$)`)

// nameFiller matches what may stand between the thing whose name is asked
// and the question: 的 before 名字, an adverb of time or emphasis.
var nameFiller = regexp.MustCompile(`^(?:到底|究竟|现在|目前|当时|又|都)*$`)

// NamedThing returns what a Chinese question asks the name of (a role or
// a thing named by a common noun) and the words that qualify it:
//   - thing: the content term written last before the name question
//     ("第二家供应商叫啥名": 供应商; "杨景媛的硕士导师叫什么名字": 导师);
//     for 是谁 a word of the dictionary not itself a name (组长; 张伟是谁
//     asks who 张伟 is, not a name);
//   - modifiers: the terms written right before it with no 的 between
//     (第二家; 硕士; 备用 咖啡豆), nearest first;
//   - owner: the text of the question's clause before those, when a 的
//     ends it (杨景媛的, 咖啡豆的): whose thing it is.
//
// thing is "" when the question asks no name, the name of what a clause
// describes (逼停学生的是谁), or the name question does not end its
// clause (日常运营是谁在负责 asks who does it). The relevance gate holds such a
// name asked only where a text names the thing (knowledge.Lexical.Unasked).
func NamedThing(q string) (thing string, modifiers []string, owner string) {
	q = Standard(q) // 啥子名字: 什么名字
	loc := nameAsk.FindStringIndex(q)
	if loc == nil {
		return "", nil, ""
	}
	if !nameEnd.MatchString(q[loc[1]:]) {
		return "", nil, "" // 日常运营是谁在负责: who does it, not its name
	}
	prefix := q[:loc[0]]
	if i := strings.LastIndexAny(prefix, "，,。？?！!；;：:"); i >= 0 {
		_, size := utf8.DecodeRuneInString(prefix[i:])
		prefix = prefix[i+size:]
	}
	ts := Terms(prefix)
	if len(ts) == 0 {
		return "", nil, ""
	}
	last := ts[len(ts)-1].Text
	at := strings.LastIndex(prefix, last)
	if at < 0 || !nameFiller.MatchString(prefix[at+len(last):]) {
		return "", nil, ""
	}
	if strings.HasPrefix(q[loc[0]:], "是") && (NameShaped(last) || !IsDictWord(last)) {
		return "", nil, ""
	}
	end := at
	for k := len(ts) - 2; k >= 0; k-- {
		t := ts[k].Text
		i := strings.LastIndex(prefix[:end], t)
		if i < 0 || prefix[i+len(t):end] != "" {
			break
		}
		modifiers = append(modifiers, t)
		end = i
	}
	if before := strings.TrimRight(prefix[:end], "那这个家位 "); strings.HasSuffix(before, "的") {
		owner = strings.TrimSuffix(before, "的")
	}
	for k, m := range modifiers {
		if w := workIn[m]; w != "" && owner == "" {
			// 文中主角: the protagonist of the piece the question spoke of
			return last, slices.Delete(slices.Clone(modifiers), k, k+1), w
		}
	}
	return last, modifiers, owner
}

// workIn are the words "in the piece" (文中, 片中, 书中, 剧中, 帖中) with the
// piece they mean: before a thing whose name is asked ("…的宣传文章惹起争
// 议，文中主角叫什么名字", heldout87) the piece is its owner, as 文章的主角
// would be, not a modifier a text must write beside it.
var workIn = map[string]string{"文中": "文章", "片中": "影片", "书中": "书", "剧中": "剧", "帖中": "帖子"}

// quoteSpan matches a span a question quotes: between Chinese or ASCII
// double quotes, corner brackets or single curly quotes.
var quoteSpan = regexp.MustCompile(`“([^“”]+)”|「([^「」]+)」|『([^『』]+)』|‘([^‘’]+)’|"([^"]+)"`)

// minQuoteRunes is the fewest runes a quoted span needs to be a passage
// (Quotes): 等上级安排 is one, 躺平 a word.
const minQuoteRunes = 4

// Quotes returns the spans a question quotes of at least minQuoteRunes
// runes, trimmed of spaces, in question order: “等上级安排” in "新华社是怎
// 么批评校长那句“等上级安排”的？". A span the knowledge holds word for word
// shows the question is about a passage of it (localsearch's relevance
// gate).
func Quotes(q string) []string {
	var out []string
	for _, m := range quoteSpan.FindAllStringSubmatch(q, -1) {
		for _, g := range m[1:] {
			if g = strings.TrimSpace(g); utf8.RuneCountInString(g) >= minQuoteRunes {
				out = append(out, g)
			}
		}
	}
	return out
}

// peopleAsk matches a question asking which people (哪些人, 什么人, 啥人, 哪类人,
// 哪些群体, 哪些用户), by a trait too (什么年龄段的人, 哪些地方的用户), who
// likes to go (谁最喜欢去) and people of what age (年纪多少的人多:
// heldout85).
var peopleAsk = regexp.MustCompile(`(?:哪些|什么|啥|哪类|哪一类|哪部分|什么样的)(?:[^\s，,。？?！!的人]{1,5}的)?(?:人|群体|用户|人群)|谁(?:最|比较|经常)?(?:喜欢|爱)(?:去|来)|(?:年纪|年龄)(?:多少|多大)的人`)

// AsksPeople reports whether a Chinese question asks which people
// (peopleAsk, read through Standard: 啥子人 is 什么人; not 没什么人,
// "hardly anyone"): "在网上聊这家店的主要是哪些人？"
// is answered by the texts
// describing an audience (讨论人群以25到35岁的上班族为主), which name it
// 人群 (PeopleTerm), not by the community reports' sentences.
func AsksPeople(q string) bool {
	q = Standard(q) // 都是些啥子人: 什么人
	// not 没什么人 ("hardly anyone")
	locs := peopleAsk.FindAllStringIndex(q, -1)
	return slices.ContainsFunc(locs, func(loc []int) bool { return !strings.HasSuffix(q[:loc[0]], "没") })
}

// PeopleTerm is the term the offline model's sentence picking reads a
// question asking which people (AsksPeople) with besides its own: the texts describe an audience as a 人群
// (受众, 群体, 用户画像): "来店里消费的主要是哪些人？" holds no word of
// "讨论人群以25到35岁的上班族为主".
func PeopleTerm() Term {
	return Term{Text: "人群", Synonyms: []string{"受众", "群体", "用户画像", "客群"}}
}

// yearAsk matches a Chinese question's asking for a year (哪一年, 哪年,
// 几几年, 哪个年份).
var yearAsk = regexp.MustCompile(`哪一年|哪年|几几年|哪个年份|何年`)

// AsksYear reports whether a Chinese question asks for a year (yearAsk):
// "张平文是哪一年开始担任武汉大学校长的？".
func AsksYear(q string) bool { return yearAsk.MatchString(q) }

// aspectualVerbs are the words that say when in an event a question asks
// about, not what happened (开始 担任: the event is 担任).
var aspectualVerbs = fieldSet("开始 正式 最早 首次 第一次 刚刚 刚")

// IsAspectual reports whether w only says when in an event (aspectualVerbs:
// 开始, 正式, 最早).
func IsAspectual(w string) bool { return aspectualVerbs[w] }

// AgentVerb returns the verb of a doer's noun, a verb of two runes or
// more (a dictionary word, no noun nor name) and 人 or 者 (创办人, 创立者:
// 创办, 创立; not 中国人), "" for any other word: a text says "张之洞创办"
// where a question asks "创办人是谁".
func AgentVerb(w string) string {
	rs := []rune(w)
	if len(rs) < 3 || rs[len(rs)-1] != '人' && rs[len(rs)-1] != '者' {
		return ""
	}
	if v := string(rs[:len(rs)-1]); IsDictWord(v) && !IsNoun(v) && !IsAnyName(v) {
		return v
	}
	return ""
}

// aspectLeads are the words that put a verb after them in an event's
// course (开始张罗, 正在筹备, 继续营业).
var aspectLeads = []string{"开始", "正在", "继续", "停止", "着手", "准备"}

// AfterAspectual reports whether q writes w right after a word that puts
// a verb after it in an event's course (aspectLeads: 开始张罗): w is what
// someone did then, a verb, whatever the dictionary tags it (张罗, "to see
// to", is tagged a person's name), never the question's subject.
func AfterAspectual(q, w string) bool { return afterLead(q, w, aspectLeads) }

// afterLead reports whether q writes w right after one of leads.
func afterLead(q, w string, leads []string) bool {
	return slices.ContainsFunc(leads, func(l string) bool { return strings.Contains(q, l+w) })
}

// modalLeads are the words of need or obligation before an action a
// yes-or-no question asks whether one must take (要不要花钱买票, 需不需要
// 提前登记).
var modalLeads = []string{"要不要", "需不需要", "用不用", "得不得", "需要", "必须", "得", "要"}

// AfterModal reports whether q writes w right after a word of need or
// obligation (modalLeads: 要不要花钱买票): w is the action asked of, a
// verb phrase whatever the dictionary tags its words (花钱 and 买票 are
// tagged nouns), never a thing the question names.
func AfterModal(q, w string) bool { return afterLead(q, w, modalLeads) }

// CapitalisedWords returns the English words of q written with a capital
// letter inside a sentence (not its first word, not I, not a stop word),
// each once, as written: the names an English question gives (Andromeda,
// Wildfire in "In The Andromeda Strain, how does the team at the
// Wildfire lab …"). Words are split at spaces, quotes, brackets, dashes
// and slashes ("the Mercer–Rivera relationship" names Mercer and Rivera).
// A question in title case (half or more of its words capitalised) names
// nothing by its capitals: nil; one that capitalises its nouns
// (enDeterminers) names nothing by those. In a question mostly in Han (mostlyHan)
// every Latin word written with a capital and lower case is one ("有没有人
// 用毒性评分（比如 Perspective API）量化过…": Perspective; not the acronym
// API, nor an English question some of whose words were read as Chinese,
// text.AsChinese).
func CapitalisedWords(q string) []string {
	var out []string
	if MostlyHan(q) {
		// a Chinese question's Latin words written with a capital and
		// lower case are its names ("比如 Perspective API"), wherever they
		// stand; an acronym (ESI, ROI, BD, KPI) is as often a measure or
		// a role the texts write in Chinese
		for _, w := range latinWord.FindAllString(q, -1) {
			if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) && strings.ContainsFunc(w, unicode.IsLower) && !IsStopWord(strings.ToLower(w)) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	}
	type token struct {
		w            string
		first, upper bool
	}
	var toks []token
	start := true
	for _, f := range strings.FieldsFunc(q, func(r rune) bool { return strings.ContainsRune(" \t\n\"()–—/", r) }) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		first := start
		start = strings.ContainsAny(f[len(f)-1:], ".?!:")
		r, _ := utf8.DecodeRuneInString(w)
		if w == "" || r >= utf8.RuneSelf || !unicode.IsLetter(r) {
			continue
		}
		toks = append(toks, token{w, first, unicode.IsUpper(r)})
	}
	caps := 0
	var common []string // capitalised alone after a determiner: the Team, this small Office
	for i, t := range toks {
		if !t.upper {
			continue
		}
		caps++
		// alone: no capitalised word of the same sentence beside it (the
		// sentence's first word aside: "Which Room")
		alone := (i+1 == len(toks) || !toks[i+1].upper || toks[i+1].first) && i > 0 && (!toks[i-1].upper || toks[i-1].first)
		if alone && (enDeterminers[strings.ToLower(toks[i-1].w)] || i > 1 && enDeterminers[strings.ToLower(toks[i-2].w)] && !toks[i-1].upper) {
			common = append(common, t.w)
		}
	}
	if 2*caps >= len(toks) {
		return nil
	}
	german := len(common) >= 3
	for _, t := range toks {
		if !t.upper || t.first || t.w == "I" || IsStopWord(strings.ToLower(t.w)) || slices.Contains(out, t.w) || german && slices.Contains(common, t.w) {
			continue
		}
		out = append(out, t.w)
	}
	return out
}

// enDeterminers are the English words before a noun (and its adjective).
// A question that writes three nouns capitalised alone after them ("the
// Team", "the Stützpunkt", "this Order") capitalises its nouns as German
// does (heldout84, a German engineer): those name nothing
// (CapitalisedWords), while its names stay (Sam Rivera, "which Phil
// Schneider told about"). English writes a name after one now and then
// ("the underground Wildfire lab"), and a name of two words after one
// often ("the Phil Schneider firefight story").
var enDeterminers = fieldSet("the a an this that these those some many any each every his her their its our my your which what no several few")

// latinWord matches a word of Latin letters (digits, an apostrophe or a
// hyphen inside).
var latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9'-]*`)

// anaphorLead matches a determiner that points back at what the asker
// and the knowledge already share (这家, 那家, 这位, 该, 此).
var anaphorLead = regexp.MustCompile(`(?:这|那)(?:家|位|个|间|所|名)$|(?:该|此|本)$`)

// Anaphoric reports whether every occurrence of w in q follows a
// determiner (anaphorLead: 这家租户, 该商户): the asker names the thing the
// question is about by a role, not by its name, and w is no subject the
// knowledge must hold (a question about a shop calls it 这家租户, and 租户,
// a word the dictionary lacks, read as an unknown name, refused it). A
// word the dictionary holds as a name (IsName) is its name whatever
// stands before it. False when q does not hold w.
func Anaphoric(q, w string) bool {
	if w == "" || IsName(w) {
		return false
	}
	found := false
	for i := 0; ; {
		k := strings.Index(q[i:], w)
		if k < 0 {
			return found
		}
		if !anaphorLead.MatchString(q[:i+k]) {
			return false
		}
		found, i = true, i+k+len(w)
	}
}

// IsOutletSuffix reports whether w is the word that ends the name of a
// news outlet (新闻, 日报, 晚报, 早报, 时报, 周刊, 杂志, 电视台, 卫视):
// after a word the knowledge never uses it makes a name (澎湃新闻, 界面新闻)
// whose outlet the knowledge does not hold, though it holds 新闻.
func IsOutletSuffix(w string) bool { return outletSuffixes[w] }

var outletSuffixes = fieldSet("新闻 日报 晚报 早报 时报 周刊 杂志 电视台 卫视")

// IsFirmSuffix reports whether w is the word that ends the name of a kind
// of firm (公司, 事务所, 律所, 机构, 工作室): after a noun of the firm's trade
// (公关公司, 咨询公司, 律师事务所) the two name one kind of thing, which a
// knowledge holding 公关 and 公司 apart (危机公关, 某科技公司) does not hold.
func IsFirmSuffix(w string) bool { return firmSuffixes[w] }

var firmSuffixes = fieldSet("公司 事务所 律所 机构 工作室")

// exampleList matches the examples a Chinese question gives after 比如,
// 例如, 譬如 or 像是, up to the end of the clause; group 1 is the list.
var exampleList = regexp.MustCompile(`(?:比如说?|例如|譬如|比方说|像是)[:：]?\s*([^，,。？?！!；;：:]+)`)

// exampleSep separates the items of an example list: the enumeration
// comma only (和 is inside words: 和服).
var exampleSep = regexp.MustCompile(`[、/／]`)

// exampleEnds close an example list (回应时限这些, 强月新等).
var exampleEnds = []string{"这些", "那些", "等等", "等", "之类"}

// exampleAsks matches an item that asks (要不要, 哪, 多少): a clause, no
// example.
var exampleAsks = regexp.MustCompile(`要不要|哪|什么|多少|啥|怎么|几|吗`)

// Examples returns the items a Chinese question enumerates as examples
// after 比如 (exampleList: "那几位老教授，比如单波、强月新，…" → 单波,
// 强月新), two or more separated by 、, each of 2 to 6 runes holding a
// Chinese character and no asking word (exampleAsks), in order; nil when
// there are none. Named examples the knowledge never uses, none of them,
// say the question is about people or things it does not hold
// (localsearch's relevance gate; the segmenter cut 强月新 into 强月/新).
func Examples(q string) []string {
	var out []string
	for _, m := range exampleList.FindAllStringSubmatch(q, -1) {
		items := exampleSep.Split(m[1], -1)
		if len(items) < 2 {
			continue // one example may be a clause (比如要不要开分店)
		}
		for _, it := range items {
			it = strings.TrimSpace(it)
			for _, end := range exampleEnds {
				it = strings.TrimSuffix(it, end) // 回应时限这些: the list's close
			}
			if n := utf8.RuneCountInString(it); n >= 2 && n <= 6 && HasHan(it) && !exampleAsks.MatchString(it) && !slices.Contains(out, it) {
				out = append(out, it)
			}
		}
	}
	return out
}

// isNameOf reports whether w is a Chinese word of two runes the
// dictionary lacks ending in 名: the name of a thing (斋名, the name of a
// hall of residence, as 校名 and 店名 are of a school and a shop), not a
// name itself, so the relevance gate never takes it for the question's
// subject ("老斋舍那几栋楼的斋名是照啥起的" was refused for 斋名; heldout71).
func isNameOf(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && rs[1] == '名' && IsHan(rs[0]) && !IsDictWord(w)
}

// insideOf reports whether w is a word of two runes ending in the
// localizer 里 (馆里, 村里): in a place, which the dictionary tags as a
// place's name ("以前馆里有老同事住过老斋舍" was refused for the subject 馆里;
// heldout73).
func insideOf(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && rs[1] == '里'
}

// surnamed returns a word saying someone's surname as the texts write it:
// 姓熊 (个姓熊, the measure glued to it: "有个姓熊的副教授") as 熊姓 ("一名熊姓
// 副教授"; heldout74); any other word as it is.
func surnamed(w string) string {
	w2 := strings.TrimPrefix(w, "个")
	if rs := []rune(w2); len(rs) == 2 && rs[0] == '姓' && IsHan(rs[1]) && !IsDictWord(w2) {
		return string(rs[1]) + "姓"
	}
	return w
}

// joinCrimes returns words with each offence the law names by a phrase
// and 罪 joined into one word (诬告/陷害/罪 → 诬告陷害罪, 寻衅/滋事/罪 →
// 寻衅滋事罪, 侮辱/罪 → 侮辱罪): the one or two Chinese words of two runes
// before a 罪 of its own, none a stop word. The offence is what is asked
// of ("诬告陷害罪一般判几年" was answered through 诬告, of a case the law's
// penalty is not stated for; heldout75), and IsCrimeName leaves it
// without parts. words is not changed.
func joinCrimes(words []string) []string {
	var out []string
	for _, w := range words {
		if w != "罪" {
			out = append(out, w)
			continue
		}
		k := len(out)
		for k > 0 && len(out)-k < 2 && utf8.RuneCountInString(out[k-1]) == 2 && IsHan([]rune(out[k-1])[0]) && !IsStopWord(out[k-1]) {
			k--
		}
		if k == len(out) {
			out = append(out, w)
			continue
		}
		out = append(out[:k], strings.Join(out[k:], "")+w)
	}
	return out
}

// IsCrimeName reports whether w names an offence (a Chinese word of three
// runes or more ending in 罪: 诽谤罪, 诬告陷害罪): the offence, not the
// act, so a text about 诬告 does not hold 诬告陷害罪 (parts).
func IsCrimeName(w string) bool {
	return strings.HasSuffix(w, "罪") && utf8.RuneCountInString(w) >= 3 && HasHan(w)
}
