package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What an English question asks for (AskedFor, Measured of English text).

// howOld matches an English question asking for an age.
var howOld = regexp.MustCompile(`(?i)\bhow old\b|\bwhat(?:'s| is) (?:\w+\s){0,3}?\w+'s age\b`)

// howTall matches an English question asking for a height or a weight
// (measuredEnglish: "How tall is 王芳?").
var howTall = regexp.MustCompile(`(?i)\bhow (tall|heavy)\b`)

// English phrasings of what a question asks for (askedEnglish): the
// thing counted ("how many floors"), the attribute of a subject ("what is
// the population of", "Cruz's salary?", "their doctorate?") and, in a
// question asking who, the relation a participle before a closing
// preposition names ("Who is Cruz married to?"; not "Where was it
// recovered from?", which asks a place), and in a question asking who or
// which, what befalls them by a get-passive ("Which of the agents gets
// killed first?": whether anyone is killed is asked, and a story that
// never says it does not tell), what a question asking what or who
// names as the whole of a clause ("what was the budget?", "who was the
// first casualty?": the budget and the casualty, the clause's last word;
// not a participle: "What is the mission called?"), and what befalls the
// things "how many" counts ("How many members of the team are killed …?":
// whether anyone is killed is asked; "How many of the team die by the
// end?": whether anyone dies, countedDeath), and each word of the alternatives
// "what is the" names before a clause saying who uses them ("What's the
// keypad access code or password the team uses …?": keypad, access, code
// and password; "or" marks the alternatives as things: "What was the
// joke Sam cracked in the elevator?" names no phrase), and the kind of
// place "which" asks a thing is in ("Which state is the Dulce base
// located in?": state, though an aspect word elsewhere, the state of
// things). Group 1 is the word (or phrase) asked for.
var (
	howMany        = regexp.MustCompile(`(?i)\bhow (?:many|much) ([a-z][a-z'-]+)`)
	nameOf         = regexp.MustCompile(`(?i)\bname of (?:the |a |an |his |her |their |its )?(?:[a-z-]+ ){0,2}?([a-z][a-z-]+)(?: (?:who|that|which|whom|in|at|on|for|to|behind)\b|\W*$)`)
	haveNoun       = regexp.MustCompile(`^(?:(?i:does|did|do|has|had|is|was)\b.*\b|[A-Z][a-z]+(?: [A-Z][a-z]+)? )(?i:have|has|had) (?i:a |an |any )?([a-zA-Z]+)(?:, (?i:a |an )?([a-zA-Z]+))?(?:,? (?i:or|and) (?i:a |an |any )?([a-zA-Z]+))?`)
	listedRanks    = regexp.MustCompile(`(?i)\b(?:is|was|are|were) (?:it |he |she |they )?(?:an? |the )?([a-z]{3,}), (?:an? |the )?([a-z]{3,}),? or (?:an? |the )?([a-z]{3,}) ?\?`)
	attributeOf    = regexp.MustCompile(`(?i)^(?:what|which)(?:'s| is| was| are| were) the (?:[a-z-]+ ){0,2}?([a-z][a-z-]+) of\b`)
	ownedAtEnd     = regexp.MustCompile(`(?i)(?:'s|\btheir|\bhis|\bher|\bits) (?:[a-z-]+ ){0,2}?([a-z][a-z-]+)(?: (?:from|at|in|for|with|to|on))?\W*$`)
	whichNoun      = regexp.MustCompile(`(?i)^(?:(?:on|in|at|from|by|with|under|through) )?(?:which (?:(?-i:[A-Z]{2,}) )?(?:[a-z-]+ ){0,2}?|what (?:(?-i:[A-Z]{2,}) )?)([a-z][a-z-]+)(?: or ([a-z][a-z-]+))? (?:(?:first|later|eventually|finally|initially|actually) )?(?:did|does|do|is|was|were|are|has|had|have|can|could|will|would|[a-z]{2,}ed)\b`)
	whatCompound   = regexp.MustCompile(`(?i)^what ([a-z]{4,}) ([a-z]{3,}) (?:does|did|do|is|was|were|are|has|had|have)\b`)
	adjectiveEnd   = regexp.MustCompile(`(?i)(?:ic|al|ous|ive|ful|less|able|ible|er|est|ish|ary|ent|ant|ly)$`)
	workMeta       = regexp.MustCompile(`(?i)^(?:and )?who (?:[a-z]+ly )?(wrote|authored|penned) (?:it\b|this\b|the (?:story|book|novel|text)\b|(?-i:[A-Z]))|^(?:and )?(?:when|what year|which year) (?:did|was|were) (?:it|this|the (?:story|book|novel|text)) (?:first |originally )?(?:come|came) (out)\b`)
	madeInto       = regexp.MustCompile(`(?i)^(?:was|is|has|have|did|does|will)\b.*\b(?:turned|made|adapted|converted|developed) into (?:a |an )?([a-z]{3,})`)
	yesNoEither    = regexp.MustCompile(`^(?i:do|does|did|is|are|was|were|will|would)\b.*\b(?i:the|any|some|there an?|use an?) (?:[a-z]+ )?([a-z]{4,}) or (?:(?:more|kind|sort) of |rather |just )?(?:the |any |some |a |an )?(?:(?:[a-z]+ly|un[a-z]+) )?([a-z]{4,})\b`)
	howMadeA       = regexp.MustCompile(`(?i)^how (?:did|do|does|would|could|can) [a-z]+ (?:rig|build|make|set up|rig up|put together|assemble|fashion|improvise|construct) (?:a|an) ([a-z]{3,})\b`)
	inUnit         = regexp.MustCompile(`(?i)\bin (megahertz|mhz|kilohertz|khz|gigahertz|ghz|hertz|(?:meters|metres|kilometers|kilometres|miles|feet) per (?:second|hour)|mph|km/h)\b`)
	gotEvent       = regexp.MustCompile(`(?i)^(?:who|which|whom)\b.*\b(?:get|gets|got|gotten|getting)\s+([a-z]{3,}(?:ed|en))\b`)
	relationAtEnd  = regexp.MustCompile(`(?i)^(?:who|whom)\b.*\b([a-z]+(?:ed|en)) (?:to|with|by)\W*$`)
	eventDated     = regexp.MustCompile(`(?i)^(?:when|what year|which year|in what year|in which year)\b.*\b([a-z]{3,}(?:ed|en|built|born))\W*$`)
	yearOf         = regexp.MustCompile(`(?i)^(?:in )?(?:what|which) year\b.*\b(?:take|takes|took|taking) place\b|^(?:in )?(?:what|which) year\b.*\b(?:happen|happens|happened|occur|occurs|occurred|set)(?: in)?(?:\?|\W*$)`)
	theNounAtEnd   = regexp.MustCompile(`(?i)^(?:what|who)(?:'s| is| was| are| were) (?:the|their|his|her|its) (?:[a-z-]+ ){0,2}?([a-z][a-z-]+)\W*$`)
	phraseBefore   = regexp.MustCompile(`(?i)^(?:what|which)(?:'s| is| was| are| were) the ((?:[a-z-]+ ){0,3}?[a-z-]+ or [a-z-]+) (?:the|that|which|they|we|he|she|you|i)\b`)
	placeKind      = regexp.MustCompile(`(?i)^(?:in )?(?:which|what) (?:(?-i:[A-Z]{2,}) )?(state|country|province|county|city|town)\b.*\b(?:located|situated|based|set|in)(?:,[^,?]*)?\W*$`)
	placeTold      = regexp.MustCompile(`(?i)\b(?:located|situated|based|lies?|near|town|city|map|real|USA?|U\.S\.|America|Mexico|where|country)\b`)
	placeKindAfter = regexp.MustCompile(`(?i)\b(?:in|near|from|at|outside) (?:which|what) (?:[A-Z]{2,} )?(state|country|province|county|city|town|village)\b`)
	countedEvent   = regexp.MustCompile(`(?i)\bhow many [a-z]+\b.*?\b(?:are|were|is|was|get|gets|got|been) ([a-z]{3,}(?:ed|en))\b`)
	wornThing      = regexp.MustCompile(`(?i)^(?:does|did|do)\b.*\b(?:wear|carry|own|drive|smoke)\s+(?:a |an |any |the )?([a-z]{3,})\b`)
	countedDeath   = regexp.MustCompile(`(?i)\bhow many\b.*?\b(die|dies|died|perish|perishes|perished)\b`)
	whoRole        = regexp.MustCompile(`(?i)^who(?:'s|’s| is| was) the ([a-z]{3,}) of\b`)
	adaptedAs      = regexp.MustCompile(`(?i)\b(?:adapted|made|turned|released|published|translated)\s+(?:as|into)\s+(?:an?\s+)?(?:[a-z]+\s+)?([a-z]{4,})(?:\s+or\s+(?:an?\s+)?(?:[a-z]+\s+)?([a-z]{4,}))?`)
	workMetaLower  = regexp.MustCompile(`^(?:and )?who (?:[a-z]+ly )?(wrote|authored|penned) [a-z]|\bwho (?:[a-z]+ly )?(wrote|authored|penned)\W*$`)
	isThereAPhrase = regexp.MustCompile(`(?i)\b(?:is|was) there (?:a|an) ((?:[a-z]{3,} ){1,3}[a-z]{3,}) (?:on|in|at|for|about|of|that|which)\b`)
	isThereA       = regexp.MustCompile(`(?i)\b(?:is|was) there (?:a|an) ([a-z]{3,})(?:\s+(?:that|which|who|to|of|in|on|at|for|with|about|after|before|anywhere|somewhere|down|here|there)\b|\s*[?,.]|$)`)
	anyNoun        = regexp.MustCompile(`(?i)^(?:did|does|do|has|have|had|is|was|are|were|can|could)\b.*?\bany ([a-z]{3,})(?: ([a-z]{3,})(?: (?:on|in|at|of|for|with|about|during|from|between|among)\b))?(?: or ([a-z]{3,}))?`)
	lookLike       = regexp.MustCompile(`(?i)^what (?:do|does|did) (?:the |a |an |these |those |their |its )?(?:[a-z-]+ ){0,3}?([a-z]{3,}) (?:(?:in|at|on|of|from) (?:the |a |an )?[a-z-]+ )?(?:(?:actually|really|even) )?look like\b`)
	whichEither    = regexp.MustCompile(`(?i)\bwhich ([a-z]{3,}) or ([a-z]{3,})\b`)
	kindOfEither   = regexp.MustCompile(`(?i)^what (?:kind|sort|type)s? of ([a-z]{3,}) or (?:[a-z]+ )?([a-z]{3,})\b`)
	fromWhere      = regexp.MustCompile(`\b[Ww]here (?:is|was) [A-Z][A-Za-z'’-]+(?: [A-Z][A-Za-z'’-]+)? (?:originally )?from\b`)
	castAs         = regexp.MustCompile(`(?i)^(?:and )?who (?:plays|played|portrays|portrayed|voices|voiced|is cast as|was cast as|stars as|starred as)\b.*?\b(?:in|on) (?:the |a |an |that |this )?(?:[a-z-]+ ){0,3}?(movie|film|show|series|adaptation|anime|musical)\b`)
	lifeEvent      = regexp.MustCompile(`(?i)\b(born|grow up|grew up|raised|married|divorced|graduated|hometown|birthday)\b`)
)

// askedEnglish is AskedFor of an English question: "how old" asks for an
// age, which a text states as "years old" (or a synonym: year-old, aged —
// not "age", which "agent" would hold: the knowledge's words are matched
// at their start); "how many floors" for floors (measuredEnglish); "what
// is the population of …" for the population; "… Cruz's annual salary?"
// and "… earn their doctorate?" for the salary and the doctorate (the
// phrase's last word, the question's end); "Who is Cruz married to?" for
// the marriage (the participle before a closing to, with or by in a
// question asking who); "What year was the base constructed?" for the
// construction (the event a question asking when dates, ending it); "Did
// the team work out any grammar or vocabulary …?" for the grammar and the
// vocabulary (what a yes-or-no question asks whether there is any of,
// as 有没有 in Chinese); "Was it ever turned into a movie?" for the movie
// (madeInto: whether there is one); "Who wrote Operation: Dulce and when
// did it first come out?" for wrote and published (workMeta: the work's
// making, which the work itself seldom tells; heldout65; in a question
// typed all in lower case, whatever follows "who wrote", a title having
// lost its capitals: workMetaLower, dulce-heldout82); "is there an
// operation dulce video game on steam" for the video game (isThereAPhrase:
// the head of the thing whose existence is asked before a preposition,
// and the word before it unless adjective-shaped); "Is there a sequel that …?" for the
// sequel (isThereA: a noun ending its phrase, whether there is one);
// "Does Jordan Hayes wear glasses?"
// for the glasses (wornThing: what a yes-or-no question asks one wears,
// carries, owns, drives or smokes); "How did they rig an antenna …?" for
// the antenna (howMadeA: the thing a verb of making makes); "do they end
// up fighting the grays or hybrids?" and "Is there a nuclear reactor or
// generators down there?" for both (yesNoEither: the things a yes-or-no
// question names as alternatives, lower case, an adjective before the
// first aside, a hedge and an adverb or un- adjective before the second:
// "the commander or more of an unofficial leader"; after a or an only in "is there a" and "use a": "Is Hayes
// a believer or a skeptic?" asks what a person is, "do they ever use a
// telescope or antenna dish …?" (heldout59) what things they use); "in which US state or near which town …" for the state
// and the town (placeKindAfter: a place's kind after a preposition and
// which; a state only where the question speaks of a place, placeTold:
// "in which State are the Doors?" asks a condition; placeKind: "Which US state is the base in?"); "What do the alien creatures in the base look like?" for the
// creatures (lookLike: what is described, with up to three words before
// it: "what do the Paranormal Military Squad uniforms look like":
// uniforms; heldout66); "Who is the author of Operation: Dulce?" for the
// author (whoRole: the role of the thing named is asked; heldout67);
// "adapted as an audio drama or podcast" for the
// drama and the podcast (adaptedAs: the forms a work was made into;
// heldout67); "who plays alex mercer and jordan in the operation dulce
// movie" for the movie (castAs: who acts a part in an adaptation, which
// the work itself does not tell; dulce-heldout84); "which star or constellation
// the aliens came from" and "What kind of telescope or radio dish …" for
// both alternatives (whichEither, kindOfEither: the kinds of thing
// asked, either of which a text would name). Each word
// stemmed (Stem), lower case, not a stop word nor an aspect word
// (IsAspectWord: "the main themes of …" asks for instances), of three
// letters or more, and written in lower case in the question (a capitalised word is a
// name: "their Dulce" asks for nothing); nil when none applies.
func askedEnglish(q string) []string {
	if kw := keywordAsked(q); kw != nil {
		return kw
	}
	var out []string
	lower := !strings.ContainsFunc(q, unicode.IsUpper)
	for _, c := range englishAsks(WithoutAskerFrame(q)) { // "I'm … and need to know how many puppets to build.": the asker's, not asked
		out = Unique(append(out, askedEnglishClause(c)...))
		if m := workMetaLower.FindStringSubmatch(c); m != nil && lower {
			// "who actually wrote operation dulce": typed all in lower case, the title has no
			// capital (dulce-heldout82); "operation dulce author who wrote": keywords (dulce-heldout85)
			out = addEnglish(out, m[1]+m[2])
		}
	}
	return out
}

// englishJoin matches the "and" (or comma) that joins a second question
// to an English question: "Which US state is the base located in, and
// in what year is the operation set?", "Who is the author and when was it
// published?", and a yes-or-no one: "what frequency were they on, and do
// they ever use a telescope …?" (heldout59). Group 1 or 2 opens the
// second question.
var englishJoin = regexp.MustCompile(`(?i)(?:,\s*and|\s+and|,)\s+((?:in\s+)?(?:what|which|when|who|where|how)\s)|(?:,\s*and|\s+-?\s*and)\s+((?:do|does|did)\s+(?:they|he|she|it|we|you)\s)`)

// englishAsks returns the questions an English question joins with "and"
// (englishJoin) or writes one after another ("?"), each on its own, so
// that askedEnglish's phrasings, which read a question from its start,
// read each; q itself when it is one.
func englishAsks(q string) []string {
	var out []string
	for _, c := range strings.Split(englishJoin.ReplaceAllString(q, "? $1$2"), "?") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c+"?")
		}
	}
	if len(out) == 0 {
		return []string{q}
	}
	return out
}

// askedEnglishClause is askedEnglish of one question (englishAsks).
func askedEnglishClause(q string) []string {
	out := measuredEnglish(q)
	if m := haveNoun.FindStringSubmatch(q); m != nil {
		for _, w := range m[1:] {
			if IsPersonalFact(strings.ToLower(w)) {
				out = addEnglish(out, w) // "Does … have a wife or family …?", "Alex Mercer have family, wife or kids …?" (dulce-heldout76): a fact of a life
			}
		}
	}
	if m := wornThing.FindStringSubmatch(q); m != nil {
		out = addEnglish(out, m[1]) // "Does Jordan Hayes wear glasses?": whether the story says so
	}
	if m := workMeta.FindStringSubmatch(q); m != nil {
		// "Who wrote Operation: Dulce …?", "when did it first come out?":
		// the work's making, which the work itself seldom tells
		if m[1] != "" {
			out = addEnglish(out, m[1])
		} else {
			out = addEnglish(out, "published") // come out: a text would say published (eventDated reads "when was it published")
		}
	}
	out = existenceAsked(q, out)
	// each of these adds every word it captures, in turn: madeInto "Was it
	// ever turned into a movie?" (whether there is one); castAs "who plays
	// alex mercer in the operation dulce movie" (an adaptation's cast, which
	// the work does not tell); yesNoEither "do they end up fighting the
	// grays or hybrids?" (whether there are such); listedRanks "is colonel,
	// major or captain?" (which of three, EitherAsked); whichEither and
	// kindOfEither "which star or constellation …" (whether either is
	// named); lookLike "What do the alien creatures … look like?" (whether
	// they are described); howMadeA "How did they rig an antenna …?" (the
	// thing made); whoRole the role a question asks who holds ("Who is the
	// author of Operation: Dulce?": author) and adaptedAs the forms it asks
	// whether a work was made into ("Has it been adapted as an audio drama
	// or podcast?": drama, podcast; heldout67)
	for _, re := range []*regexp.Regexp{madeInto, castAs, yesNoEither, listedRanks, whichEither, kindOfEither,
		lookLike, howMadeA, whoRole, adaptedAs} {
		if m := re.FindStringSubmatch(q); m != nil {
			for _, w := range m[1:] {
				out = addEnglish(out, w)
			}
		}
	}
	for _, w := range anyAsked(q) {
		out = addEnglish(out, w) // "Did the team work out any grammar or vocabulary …?": whether there is any
	}
	out = placeKindAsked(q, out)
	if m := phraseBefore.FindStringSubmatch(q); m != nil {
		for _, w := range strings.Fields(m[1]) {
			out = addEnglish(out, w) // "or" is a stop word
		}
	}
	for _, re := range []*regexp.Regexp{attributeOf, ownedAtEnd, relationAtEnd, eventDated, gotEvent, theNounAtEnd, countedEvent, countedDeath} {
		if m := re.FindStringSubmatchIndex(q); m != nil {
			w := q[m[2]:m[3]]
			if (re == eventDated || re == gotEvent || re == countedEvent) && len(w) > 6 && strings.HasSuffix(w, "ed") {
				w = strings.TrimSuffix(w, "ed") // constructed: a text says construction too
			}
			if (re == ownedAtEnd || re == theNounAtEnd) && strings.HasSuffix(strings.ToLower(w), "ed") {
				continue // "the team's scientist studies recovered from?": a verb, no possession
			}
			if re == ownedAtEnd && contraction(q[:m[0]]) {
				continue // "whether he's getting cold feet?": he is, no possession
			}
			out = addEnglish(out, w)
		}
	}
	return out
}

// EitherAsked returns the pairs of alternatives a yes-or-no English
// question offers (yesNoEither: "was that person formally the commander
// or more of an unofficial leader"), each as AskedFor writes it: the
// answer is whichever a text names, so the knowledge's never using one of
// them does not make the question a no-match (knowledge.Lexical.Unasked;
// heldout61); each pair of three listed ("is colonel, major or captain?":
// listedRanks, dulce-heldout76). Not the alternatives of "which star or constellation …":
// there the knowledge must name the thing asked for, and a text using
// star for the sky answered an off-topic question (dulce-heldout46 line
// 11). A Chinese question's are those it asks between at a clause's end
// (zhEither: 拘留还是罚款). Nil for a question with no such pair.
func EitherAsked(q string) [][2]string {
	if HasHan(q) {
		return zhEither(WithoutAskerFrame(Standard(q))) // 拘留还是罚款 (heldout90)
	}
	var out [][2]string
	for _, c := range englishAsks(WithoutAskerFrame(q)) {
		for _, re := range []*regexp.Regexp{yesNoEither, listedRanks} {
			m := re.FindStringSubmatch(c)
			if m == nil {
				continue
			}
			for i := 1; i < len(m); i++ {
				for j := i + 1; j < len(m); j++ {
					a, b := addEnglish(nil, m[i]), addEnglish(nil, m[j])
					if len(a) == 1 && len(b) == 1 && a[0] != b[0] {
						out = append(out, [2]string{a[0], b[0]})
					}
				}
			}
		}
	}
	return out
}

// contraction reports whether the 's that ends before (the text before it)
// follows a pronoun or a question word, a contraction of is or has ("he's
// getting cold feet", "that's", "who's") and no possessive.
func contraction(before string) bool {
	i := strings.LastIndexFunc(before, func(r rune) bool { return !unicode.IsLetter(r) })
	return contractedIs[strings.ToLower(before[i+1:])]
}

// contractedIs are the words whose 's is a contraction (contraction).
var contractedIs = fieldSet("he she it that there here what who where when how let")

// measuredEnglish is Measured of an English question: an age ("how old":
// "years old"), the thing "how many" or "how much" counts (a duration's
// unit as written: years in "How many years has … served?"), the thing
// whose name is asked (nameOf: officer in "the name of the commanding
// officer who …"), the year of
// "in what year" when no dated event ends the question, or only happen
// (yearOf: "… take place?", "… did the attack happen?"; held by a year in digits, knowledge.Lexical.Unasked), the
// thing "which" or "what" asks for before a verb (whichNoun: general in
// "Which general signed the order …?"; after a preposition, and after
// "which" up to two words before it, with its alternative after "or": telescope and
// observatory in "Which radio telescope or observatory first detected
// the signal?"; after "what", a noun and the word before it, unless that
// grades or picks, plainModifiers, or ends as an adjective does,
// adjectiveEnd (larger, symbolic): propulsion and system in "What
// propulsion system does the craft use?"), the unit of a frequency asked "in" it (inUnit: "On what
// radio frequency, in megahertz, …": a figure in megahertz, which a story
// that never gives one does not tell; a speed "in meters per second"), and a fact of
// a life (born, grew up, married, graduated …: lifeEvent; where someone
// called by name is from, as hometown: fromWhere, not where a thing
// came from), which a text
// that never states it cannot answer whatever the question's other words
// ("Where did Taylor Cruz grow up?": the name carries most of the
// question, "grow" little).
func measuredEnglish(q string) []string {
	var out []string
	if howOld.MatchString(q) {
		out = append(out, "years old")
	}
	if m := howTall.FindStringSubmatch(q); m != nil {
		out = append(out, map[string]string{"tall": "height", "heavy": "weight"}[strings.ToLower(m[1])]) // a fact of a person a text states as 身高 or "… cm tall"
	}
	if m := howMany.FindStringSubmatch(q); m != nil {
		if u := strings.ToLower(m[1]); durationUnits[u] {
			out = append(out, u) // "How many years has … served?": a duration, not "in what year"
		} else {
			out = addEnglish(out, m[1])
		}
	}
	if m := nameOf.FindStringSubmatch(q); m != nil {
		out = addEnglish(out, m[1]) // "the name of the commanding officer": an officer must be named
	}
	if m := eventDated.FindStringSubmatch(q); yearOf.MatchString(q) && (m == nil || IsStopWord(strings.ToLower(m[1]))) {
		out = append(out, "year") // "In what year does … take place?": the year itself
	}
	if m := whichNoun.FindStringSubmatch(q); m != nil {
		out = addEnglish(addEnglish(out, m[1]), m[2]) // "Which general signed …": a general must be named
	}
	if m := whatCompound.FindStringSubmatch(q); m != nil && !plainModifiers[strings.ToLower(m[1])] && !adjectiveEnd.MatchString(m[1]) {
		out = addEnglish(addEnglish(out, m[1]), m[2]) // "What propulsion system does …": a propulsion system must be named
	}
	if m := inUnit.FindStringSubmatch(q); m != nil {
		out = append(out, strings.ToLower(m[1])) // "… in megahertz": a figure in that unit
	}
	if fromWhere.MatchString(q) {
		out = append(out, "hometown") // "Where is Taylor Cruz from originally?": where they come from (heldout69)
	}
	if m := lifeEvent.FindStringSubmatch(q); m != nil {
		if w := strings.ToLower(m[1]); w == "grew up" || w == "grow up" {
			out = append(out, "grow up")
		} else {
			out = addEnglish(out, m[1])
		}
	}
	return out
}

// plainModifiers are the words that grade or pick what "what" asks for
// ("What exact device …", "What main theme …"): no thing of their own,
// never asked (whatCompound).
var plainModifiers = fieldSet("exact exactly main major minor real actual specific particular other kind sort type else")

// titleCase reports whether w is written as a name: a capital, then
// lower-case letters only (Dulce, Hayes; not PhD or NASA-like
// abbreviations, which name a thing).
func titleCase(w string) bool {
	r, size := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && strings.ToLower(w[size:]) == w[size:]
}

// addEnglish appends word w to out as askedEnglish takes it (stemmed,
// lower case, not a stop word or aspect word, three letters or more, not
// written as a name in the question: titleCase), once.
func addEnglish(out []string, w string) []string {
	if w == "" || titleCase(w) || len(w) < 3 || IsStopWord(strings.ToLower(w)) {
		return out
	}
	w = strings.ToLower(w)
	if w = Stem(w); !IsAspectWord(w) && !slices.Contains(out, w) {
		out = append(out, w)
	}
	return out
}

// durationUnits are the units "how many" counts a duration in (years,
// months …): a figure the texts must state, unlike the year of "in what
// year" (which a date in digits answers).
var durationUnits = fieldSet("years months weeks days hours minutes decades centuries")

// anyAsked is what a yes-or-no question asks whether there is any of
// (anyNoun): "Did the team work out any grammar or vocabulary?" asks for
// grammar and vocabulary; of two words before a preposition, the second is
// the phrase's noun ("Is there any comic relief on the ride down?":
// relief; heldout65). Nil when q asks no such thing.
func anyAsked(q string) []string {
	m := anyNoun.FindStringSubmatch(q)
	if m == nil {
		return nil
	}
	if m[2] != "" && !IsStopWord(strings.ToLower(m[2])) {
		m[1] = m[2]
	}
	if m[3] == "" {
		return m[1:2]
	}
	return []string{m[1], m[3]}
}

// existenceAsked adds to out the things an English question asks whether
// there is (isThereAPhrase, isThereA: askedEnglish).
func existenceAsked(q string, out []string) []string {
	if m := isThereAPhrase.FindStringSubmatch(q); m != nil {
		// "is there an operation dulce video game on steam": the thing
		// whose existence is asked, its head and the noun before it, not
		// an adjective ("a spooky event on the ride down"; dulce-heldout82)
		ws := strings.Fields(m[1])
		if mod := ws[len(ws)-2]; !adjectiveEnd.MatchString(mod) && !strings.HasSuffix(mod, "y") {
			out = addEnglish(out, mod)
		}
		out = addEnglish(out, ws[len(ws)-1])
	}
	if m := isThereA.FindStringSubmatch(q); m != nil {
		out = addEnglish(out, m[1]) // "Is there a sequel that …?": whether there is one (a noun ending its phrase; "a nuclear reactor or generators" is yesNoEither's)
	}
	return out
}

// placeKindAsked adds to out the kinds of place an English question asks
// a thing is in (placeKind, placeKindAfter: askedEnglish).
func placeKindAsked(q string, out []string) []string {
	if m := placeKind.FindStringSubmatch(q); m != nil && !slices.Contains(out, strings.ToLower(m[1])) {
		out = append(out, strings.ToLower(m[1])) // a place's kind, asked as it is (state is an aspect word)
	}
	for _, m := range placeKindAfter.FindAllStringSubmatch(q, -1) {
		if strings.EqualFold(m[1], "state") && !placeTold.MatchString(q) {
			continue // "in which State are the Doors?": a condition (heldout84)
		}
		if !slices.Contains(out, strings.ToLower(m[1])) {
			out = append(out, strings.ToLower(m[1])) // "in which US state or near which town …"
		}
	}
	return out
}

// keywordQuery matches an English query typed as search-engine keywords
// (dulce-heldout85: "dulce base location new mexico", "phil schneider
// dulce claims"): two to six words of lower-case letters or digits, no
// mark of a question, no question word and no auxiliary verb.
var (
	keywordQuery = regexp.MustCompile(`^[a-z0-9'-]+(?: [a-z0-9'-]+){1,5}$`)
	askingWord   = regexp.MustCompile(`\b(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|should|has|have|had)\b`)
)

// keywordAsked is AskedFor of a keyword query (keywordQuery): every word
// of it that is no stop word is one the asker chose to narrow the search,
// so each is asked, and one the knowledge never names makes the query one
// it cannot answer ("dulce 1979 firefight aliens": firefight). Nil for
// any other question.
func keywordAsked(q string) []string {
	q = strings.TrimSpace(q)
	if !keywordQuery.MatchString(q) || askingWord.MatchString(q) {
		return nil
	}
	var out []string
	for _, w := range strings.Fields(q) {
		out = addEnglish(out, w)
	}
	return out
}
