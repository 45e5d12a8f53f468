package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// The names a Chinese follow-up question quotes: people, organisations,
// events and platforms a reader knows by name. On our graphs the entities
// are pages, research sections and search queries, whose titles are
// headlines (「武漢大學校友列表- 維基百科，自由的百科全書」), lists
// (「武汉大学双一流学科名单有哪些（11个）」) or, cut at a clause mark,
// fragments (「面对铺天盖地的舆情风暴」): a Chinese title is asked about only
// when it is such a name (readerName), and the other names come from the
// context's texts (textNames).

// salesWords are the words that sell a product (productRE).
const salesWords = `上市|销量|卖出|卖得|热销`

// maxNameRunes is the longest Chinese name a question quotes.
const maxNameRunes = 12

var (
	// notNameRE: a mark no name holds (clause and sentence marks,
	// brackets, quotes, a site name's separators, space).
	notNameRE = regexp.MustCompile(`[，,。.！!？?；;：:、（）()“”"‘’'《》「」【】\[\]|_/\-—…·#\s]`)
	// eventNameRE: a name of an incident ends with its word (图书馆事件,
	// 诬告案); a headline holds one inside (武大图书馆事件引舆论哗然).
	eventNameRE = regexp.MustCompile(`(?:` + strings.Join(text.IncidentWords, "|") + `)$`)
	// orgSuffixRE: an organisation's name ends with its word (市应急局,
	// 新华社, 武汉大学保卫部, 李明咖啡店) beside those recordKind knows (大学,
	// 法院 …).
	orgSuffixRE = regexp.MustCompile(`\p{Han}(?:局|厅|社|署|部|处|委员会|中心|集团|店)$`)
	// quotedNameRE: a name the texts quote (“图书馆事件”).
	quotedNameRE = regexp.MustCompile(`[“「]([^“”「」]{2,12})[”」]`)
	// partyRE: a party as the records anonymise one (肖某某, 杨某某).
	partyRE = regexp.MustCompile(`[` + text.Surnames + `]某某`)
	// rolePersonRE: a person named after the role a text gives them
	// (校长张平文, 专家梅新育): the role, then two or three Han runes
	// opening with a common surname.
	rolePersonRE = regexp.MustCompile(`(?:校长|副校长|教授|院士|书记|专家|律师|主任|院长|记者|博主|老板|店长|店主|创始人|创业者|负责人|经理|主理人|供应商|供货商|主播|员工)([` + text.Surnames + `]\p{Han}{1,2})`)
	// productRE: a product's name before the words that sell it, after
	// a clause mark or a word that introduces one (款, 推出, 新品).
	productRE = regexp.MustCompile(`(?:^|[，,。：:；;！!？?、“”\s]|款|推出|新品)(\p{Han}{2,8}?)(?:` + salesWords + `)`)
	// salesWordRE: a sales word inside a name is none (上市首月 of
	// 桂花拿铁，上市首月销量…).
	salesWordRE = regexp.MustCompile(salesWords)
)

// readerName reports whether a Chinese entity title (without its " [id]")
// is a name a reader knows, and what it names: an incident (ending with
// its word: 图书馆事件), an actor (recordKind: 武汉大学, 张平文, 杨某某),
// an organisation by its last word (orgSuffixRE) or a person's name
// (text.PersonShaped),
// at most maxNameRunes runes without a clause mark, bracket, quote or a
// site name's separator. A title without Han runes (a GraphRAG index's
// entity: Alex Mercer) is one as it stands.
func readerName(title, desc string) (questionKind, bool) {
	k := recordKind(title, desc)
	if !text.HasHan(title) {
		return k, true
	}
	if n := utf8.RuneCountInString(title); n < 2 || n > maxNameRunes || notNameRE.MatchString(title) {
		return kindOther, false
	}
	switch {
	case eventNameRE.MatchString(title):
		return kindEvent, true
	case k == kindActor, k == kindPlatform, text.PersonShaped(title), orgSuffixRE.MatchString(title):
		return k, true
	}
	return kindOther, false
}

// afterName are runes that follow a name rather than end it (a verb or a
// particle of one rune: 李明说, 李明开咖啡店).
const afterName = "说开在是和与等的了表称回指认发对将被也都就曾已向把要"

// textName is a name found in the context's texts, what it names and in
// how many cells.
type textName struct {
	name  string
	kind  questionKind
	cells int
	// bySentence: found after a role (校长张平文) or as a product
	// (桂花拿铁), where a page quoting a passing mention twice is common;
	// its cells count distinct sentences
	bySentence bool
	// byDict: a person's name found by the dictionary alone (杨振宁: no
	// role, quote or party marks it), asked after the names the texts mark
	byDict bool
}

// MinNameCells is the least number of the context's cells that must name
// a name found in the texts for a question to ask about it: a name the
// records repeat is the case's, one met once is in passing. A person
// found after a role counts the distinct sentences naming them (a page's
// entity and its text unit quoting 副校长李资远宣读第十一届杰出校友表彰决定,
// once on the fixture, name 李资远 once); a quoted incident or a party
// counts cells (“杨某某诉肖某某案” in a headline and its page is the case).
const MinNameCells = 2

// textNames are the names of people, organisations, products and
// incidents the cells name (quoted incident names: “图书馆事件”;
// anonymised parties: 肖某某; people after their role: 校长张平文, the
// three-rune name when its two first runes never stand without the third
// and the third is not afterName's, an actor when a text quotes them
// (quotedPerson) and else a doer; products where the texts sell them:
// productNames), each a readerName, held by at least
// MinNameCells cells (a person found after a role or a product: in
// distinct sentences, sentenceAt), the most held first (then the first
// met; people the dictionary alone finds — three runes, text.PersonShaped and
// tagged a name, text.IsName: 杨振宁, 张之洞 — after all those, as the
// texts do not single them out). skip leaves names out. WriteQuestions
// asks for MinNameCells, and for 1 when nothing else makes a question.
func textNames(cells []string, skip func(string) bool, minCells int) []textName {
	all := strings.Join(cells, "\n")
	byName := map[string]*textName{}
	var order []*textName
	add := func(name string, k questionKind, bySentence bool) {
		if tn := byName[name]; tn == nil && !skip(name) && !text.Offensive(name) && !text.Bookkeeping(name) {
			tn = &textName{name: name, kind: k, bySentence: bySentence}
			byName[name] = tn
			order = append(order, tn)
		}
	}
	for _, cell := range cells {
		if text.Bookkeeping(cell) {
			continue // 搜索「…」找到了「…」: the engines' queries and pages
		}
		for _, m := range quotedNameRE.FindAllStringSubmatch(cell, -1) {
			if k, ok := readerName(m[1], ""); ok && k == kindEvent { // a quoted actor is a nickname (“最美大学”)
				add(m[1], k, false)
			}
		}
		for _, m := range partyRE.FindAllString(cell, -1) {
			add(m, kindActor, false)
		}
		for _, m := range rolePersonRE.FindAllStringSubmatch(cell, -1) {
			name := []rune(m[1])
			if len(name) == 3 && (strings.ContainsRune(afterName, name[2]) || strings.Count(all, string(name[:2])) > strings.Count(all, m[1])) {
				name = name[:2] // 李明说, 李明开咖啡店: 李明 stands without 说
			}
			add(string(name), personKind(quotedPerson(all, string(name))), true)
		}
		for _, name := range productNames(cell) {
			add(name, kindProduct, true)
		}
		for _, w := range text.Words(cell) {
			if utf8.RuneCountInString(w) == 3 && text.PersonShaped(w) && text.IsName(w) && byName[w] == nil {
				add(w, personKind(quotedPerson(all, w)), true)
				if tn := byName[w]; tn != nil {
					tn.byDict = true
				}
			}
		}
	}
	var out []textName
	for _, tn := range order {
		seen := map[string]bool{}
		for _, cell := range cells {
			i := strings.Index(cell, tn.name)
			if i < 0 {
				continue
			}
			if tn.bySentence {
				if seen[sentenceAt(cell, i)] {
					continue
				}
				seen[sentenceAt(cell, i)] = true
			}
			tn.cells++
		}
		if tn.cells >= minCells {
			out = append(out, *tn)
		}
	}
	slices.SortStableFunc(out, func(a, b textName) int {
		if a.byDict != b.byDict { // a name no text marks comes after those the texts mark
			if a.byDict {
				return 1
			}
			return -1
		}
		return b.cells - a.cells
	})
	var kept []textName
	for _, tn := range out {
		if !slices.ContainsFunc(kept, func(k textName) bool { return sameIncident(k, tn) }) {
			kept = append(kept, tn)
		}
	}
	return kept
}

// quotedPerson reports whether the texts all quote the person name
// responding or stating a view: a word of responseRE (回应, 表示, 称 …)
// within three runes after the name, in its clause (张平文回应称; not
// 王芳负责日常运营, nor 张伟说, which tells what he does).
func quotedPerson(all, name string) bool {
	for from := 0; ; {
		i := strings.Index(all[from:], name)
		if i < 0 {
			return false
		}
		from += i + len(name)
		after := []rune(all[from:])
		end := min(len(after), 3)
		if j := strings.IndexAny(string(after[:end]), "，,。！？!?；;：:\n"); j >= 0 {
			end = utf8.RuneCountInString(string(after[:end])[:j])
		}
		if responseRE.MatchString(string(after[:end])) {
			return true
		}
	}
}

// productNames are the products cell names where it sells them: the
// name right before a sales word (productRE: 款桂花拿铁上市, 桂花拿铁上市首月,
// 桂花拿铁的销量), 2 to 8 Han runes opening with a word the dictionary tags
// as a name (text.IsName: 桂花; not 门店 in 门店销量) and holding no sales
// word.
func productNames(cell string) []string {
	var out []string
	for _, m := range productRE.FindAllStringSubmatch(cell, -1) {
		if ws := text.Words(m[1]); len(ws) > 1 && text.IsName(ws[0]) && !salesWordRE.MatchString(m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// namePairQuestions ask how two people of names (doers and actors, not
// incidents or products) are related when the cells name both in one
// sentence, in at least MinNameCells sentences (此后李明增加了第二家供应商
// 作为备份，张伟仍按月供货): the texts tell what ties them. Pairs in the
// order of names, each once.
func namePairQuestions(cells []string, names []textName, zh bool) []string {
	var sentences []string
	for _, cell := range cells {
		sentences = append(sentences, strings.FieldsFunc(cell, func(r rune) bool { return strings.ContainsRune(sentenceEnds, r) })...)
	}
	var out []string
	for i, a := range names {
		for _, b := range names[i+1:] {
			if !isPerson(a.kind) || !isPerson(b.kind) || sameNamed(a.name, b.name) {
				continue
			}
			n := count(slices.Values(sentences), func(s string) bool {
				return strings.Contains(s, a.name) && strings.Contains(s, b.name)
			})
			if n >= MinNameCells {
				out = append(out, pairQuestion(a.name, b.name, zh))
			}
		}
	}
	return out
}

// isPerson reports whether a name of kind k is one of someone who acts or
// speaks (kindActor, kindDoer).
func isPerson(k questionKind) bool { return k == kindActor || k == kindDoer }

// sentenceEnds are the marks that end a sentence (sentenceAt; ｡ the
// half-width mark scraped pages use).
const sentenceEnds = "。｡！？!?；\n"

// sentenceAt is the sentence of s around byte offset i, trimmed: from
// after the sentence end (。｡！？!?；\n; ｡ the half-width mark scraped pages
// use) before i to the next one.
func sentenceAt(s string, i int) string {
	from := strings.LastIndexAny(s[:i], sentenceEnds) + 1
	if from > 0 {
		_, n := utf8.DecodeRuneInString(s[from-1:])
		from += n - 1 // past the whole mark
	}
	to := len(s)
	if j := strings.IndexAny(s[i:], sentenceEnds); j >= 0 {
		to = i + j
	}
	return strings.TrimSpace(s[from:to])
}

// sameIncident reports whether two incident names name one incident (the
// texts call the case 图书馆性骚扰事件, 武大图书馆事件 and 性骚扰事件): their
// parts before the incident word share a run of three runes, or one is
// the other's end.
func sameIncident(a, b textName) bool {
	if a.kind != kindEvent || b.kind != kindEvent {
		return false
	}
	x := []rune(eventNameRE.ReplaceAllString(a.name, ""))
	y := eventNameRE.ReplaceAllString(b.name, "")
	if strings.HasSuffix(string(x), y) || strings.HasSuffix(y, string(x)) {
		return true
	}
	for i := 0; i+3 <= len(x); i++ {
		if run := string(x[i : i+3]); !strings.ContainsRune(run, '某') && strings.Contains(y, run) {
			return true
		}
	}
	return false
}

// SubjectBoost multiplies the score of the sentences of an entity's
// description when the question names the entity (its title, at least 2
// runes with a Chinese character, else at least 4 characters as a whole
// word).
const SubjectBoost = 1.5

// namedIn reports whether the lower-cased question q names the
// lower-cased entity title (see SubjectBoost).
func namedIn(q, title string) bool {
	n := utf8.RuneCountInString(title)
	if n < 2 {
		return false
	}
	if text.HasHan(title) {
		return strings.Contains(q, title)
	}
	return n >= 4 && text.HoldsTerm(q, title) && !followedByLetter(q, title)
}

// followedByLetter reports whether every occurrence of title in q is
// followed by a letter or digit (so "agent" is not named in "agents").
func followedByLetter(q, title string) bool {
	for from := 0; ; {
		i := strings.Index(q[from:], title)
		if i < 0 {
			return true
		}
		j := from + i + len(title)
		if j >= len(q) {
			return false
		}
		r, _ := utf8.DecodeRuneInString(q[j:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
		from = from + i + 1
	}
}
