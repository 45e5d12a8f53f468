package offline

import (
	"regexp"
	"slices"
	"unicode/utf8"

	"reportengine/text"
)

// qterm is one content term of a question (text.Terms, as retrieval uses
// them) with its synonyms and its parts as alternatives: alts[:full] (the
// term and its synonyms, 情绪 and 情感) count fully, the rest (its parts,
// 樱花季 → 樱花, 花季) half. Its stand-ins (看花 → 赏樱, 赏花) join the
// parts when the context rarely writes the term (promotePart).
type qterm struct {
	alts []string
	full int
	// standIns are the term's stand-ins (text.StandIns), looked for only
	// when the context rarely writes the term (promotePart)
	standIns []string
	// premise: the term is only in a clause that asks nothing (text.AskingClauses)
	premise bool
	// placed: the verb and 在 of a question asking where (placedVerb)
	placed bool
	// shown, when set, matches a sentence that holds the term though it
	// writes none of its words: people named (namesPeople) for an English
	// noun for people (castWords) of a question asking which people
	// (castAsk; isCast), the platforms named (text.PlatformList) for 平台
	// of a question asking which platforms, a share as a figure
	// (shareFigure: 占46%) for 比例 or 占比 (shownBy)
	shown *regexp.Regexp
}

// castWords are the English nouns a question asks for people with
// (characters, members, crew): a sentence listing people by name holds
// them though it writes none ("The team of agents consists of Alex Mercer,
// Jordan Hayes, Taylor Cruz, and Sam Rivera" answers "who are the playable
// characters … on the team"; heldout67 answered it with descriptions of
// the base that held "team" and "Dulce").
var castWords = map[string]bool{"character": true, "characters": true, "member": true, "members": true, "cast": true, "crew": true,
	"people": true, "person": true, "persons": true, "individual": true, "individuals": true, "protagonist": true, "protagonists": true,
	"roster": true, "lineup": true}

// castAsk matches an English question asking which people: who, which or
// what, then in the same sentence a plural of castWords or cast or crew
// ("Who are the playable characters", "which members"; not "What drives
// that character", a personality, nor "Is it about keeping people alive?",
// which asks no names), or a roster or lineup of anyone ("I need the full
// roster of agents on this op.": heldout65).
var castAsk = regexp.MustCompile(`(?i)\b(?:who|which|what)\b[^.?!]*\b(?:characters|members|people|persons|individuals|protagonists|cast|crew)\b|\b(?:roster|lineup) of\b`)

// namesPeople matches a sentence naming at least two people by given and
// family name, capitalised ("Alex Mercer, Jordan Hayes"): the answer of a
// question asking who, or which people (castWords).
var namesPeople = regexp.MustCompile(`\b[A-Z][a-z]+ [A-Z][a-z]+\b.*\b[A-Z][a-z]+ [A-Z][a-z]+\b`)

// PremiseWeight is how much a term counts in a sentence's score (its idf
// and its share of the question's terms) when only a clause of the
// question that asks nothing holds it (text.AskingClauses: 热搜, 每年 in
// "武大樱花每年都上热搜，…最早是什么时候、由谁种下的？"): the premise sets
// the scene, the asking clauses say what the answer must state.
const PremiseWeight = 0.5

// PlacedWeight is the weight of the verb and 在 of a question asking
// where something is done (placedVerb): the sentence writing them states
// the place, what the question asks; the question's other terms name
// what is placed, which many sentences name.
const PlacedWeight = 2

// weight is qt's weight in a sentence's score: 1, PremiseWeight or
// PlacedWeight.
func (qt qterm) weight() float64 {
	switch {
	case qt.premise:
		return PremiseWeight
	case qt.placed:
		return PlacedWeight
	}
	return 1
}

// questionTerms are the qterms of a question, with the verb and 在 of a
// question asking where something is done (placedVerb: 开在) first, and
// text.PeopleTerm for a question asking which people (text.AsksPeople):
// the sentences describing the audience (讨论人群以…上班族为主) hold none of
// "来店里消费的主要是哪些人" 's words.
func questionTerms(query string) []qterm {
	var qts []qterm
	terms := text.AskedTerms(query) // the asker's own clause ranks nothing (孩子今年想报武大，…)
	if text.AsksPeople(query) {
		terms = append(terms, text.PeopleTerm())
	}
	asking := map[string]bool{}
	clauses, premised := text.AskingClauses(query)
	if premised {
		for _, t := range text.Terms(clauses) {
			asking[t.Text] = true
		}
	}
	if v := placedVerb(query); v != "" {
		qts = append(qts, qterm{alts: []string{v}, full: 1, placed: true})
	}
	for _, t := range terms {
		ws := append(t.Words(), text.FullNames(t.Text)...) // 武大 is written 武汉大学 too
		alts := slices.Concat(ws, t.Parts)
		qts = append(qts, qterm{alts: alts, full: len(ws), standIns: text.StandIns(t.Text), premise: premised && !asking[t.Text],
			shown: shownBy(query, t.Text)})
	}
	return qts
}

// isCast reports whether qt is a noun for people of a question asking
// which people, held by a sentence naming people (shownBy).
func (qt qterm) isCast() bool { return qt.shown == namesPeople }

// shownBy returns what shows a sentence holds the question's term w
// without writing it, nil for most terms: a question asking which
// platforms (platformsAsk) is answered by the platforms named ("小红书占
// 46%，抖音占31%" holds 平台 of "主要是哪几个平台，各占多少比例？", which a
// sentence repeating the question's other words outranked), a share by
// its figure (shareWords, shareFigure), the people asked for by their
// names (castAsk, castWords: namesPeople).
func shownBy(query, w string) *regexp.Regexp {
	switch {
	case castWords[w] && castAsk.MatchString(query):
		return namesPeople
	case platformWords[w] && platformsAsk.MatchString(query):
		return text.PlatformList
	case shareWords[w]:
		return shareFigure
	}
	return nil
}

// platformWords are the words for platforms a question asking which
// platforms writes (平台, 渠道).
var platformWords = map[string]bool{"平台": true, "渠道": true, "网站": true}

// shareWords are the words asking for a share (比例, 占比 …), which a
// text states as a figure.
var shareWords = map[string]bool{"比例": true, "占比": true, "比重": true, "份额": true, "百分比": true}

// shareFigure matches a share written as a figure: a percentage (46%, 百分之十)
// or tenths (三成).
var shareFigure = regexp.MustCompile(`\d+(?:\.\d+)?\s*[%％]|百分之|[一二三四五六七八九两]成`)

// placedRE matches a Chinese question asking where a thing is done or
// put: a verb of one rune, 在 and 哪 asking where (开在哪里, 设在哪儿,
// 住在哪; not 哪些, 哪个, which ask which). Group 1 is the verb.
var placedRE = regexp.MustCompile(`(\p{Han})在(?:哪里|哪儿|哪(?:$|[^些个家种位年天里儿])|什么地方|何处)`)

// placedVerb returns the verb and 在 a question asking where something is
// done writes (placedRE: "李明的咖啡店开在哪里？" → 开在), "" for any other
// question, a verb that is a stop word (是在哪里: 是) or a rune that ends
// a word of the dictionary with the one before it (集中在哪: 集中). A
// sentence writing it ("门店开在杭州写字楼商圈") answers where, which the
// question's other terms (李明, 咖啡店) do not tell from a sentence naming
// the shop.
func placedVerb(q string) string {
	loc := placedRE.FindStringSubmatchIndex(q)
	if loc == nil {
		return ""
	}
	v := q[loc[2]:loc[3]]
	if before, _ := utf8.DecodeLastRuneInString(q[:loc[2]]); text.IsStopWord(v) || text.IsDictWord(string(before)+v) {
		return "" // 是在哪里; 集中在哪: the rune ends a word (集中), no verb of its own
	}
	return v + "在"
}

// MinTermSentences is the least number of context sentences that must
// hold a term (or a synonym) for the term itself to be looked for: held
// by fewer, the term is looked for through its part that the most
// sentences hold (promotePart), as the knowledge's lexical search counts
// a term the knowledge uses in passing through its most frequent part.
const MinTermSentences = 2

// promotePart returns qt as the answer looks for it in sents: unchanged
// when at least MinTermSentences sentences hold one of alts[:full], else
// with its stand-ins among its parts and the part (an alternative after
// full) held by the most sentences,
// if it is held by more than the term, counting fully in the term's place
// and the term with the other parts counting half (张平文 read as 张平文
// where the context names him, else through 张平). Ties go to the earlier
// part.
func promotePart(qt qterm, sents []*sentence) qterm {
	held := func(ws []string) int {
		return count(slices.Values(sents), func(s *sentence) bool {
			return slices.ContainsFunc(ws, func(w string) bool { return text.HoldsTerm(s.lower, w) })
		})
	}
	own := held(qt.alts[:qt.full])
	if own >= MinTermSentences {
		return qt
	}
	qt.alts = slices.Concat(qt.alts, qt.standIns) // as the knowledge matches a word it lacks
	if qt.full == len(qt.alts) {
		return qt
	}
	best, bestN := -1, own
	for i := qt.full; i < len(qt.alts); i++ {
		if n := held(qt.alts[i : i+1]); n > bestN {
			best, bestN = i, n
		}
	}
	if best < 0 {
		return qt
	}
	alts := append([]string{qt.alts[best]}, qt.alts[:best]...)
	return qterm{alts: append(alts, qt.alts[best+1:]...), full: 1}
}

// heldBy is how much of qt sentence s holds: 1 for the term (or a
// synonym) or what shows it (shown: people, platforms or a share named or stated), 0.5 for one
// of its parts, 0 for neither.
func (qt qterm) heldBy(s *sentence) float64 {
	if qt.shown != nil && qt.shown.MatchString(s.text) {
		return 1 // the people, platforms or share asked for, named or stated
	}
	return qt.heldIn(s.lower)
}

// holds reports whether a lower-case text holds any of qt's alternatives.
func (qt qterm) holds(lower string) bool { return qt.heldIn(lower) > 0 }

// heldIn is heldBy of a lower-case text.
func (qt qterm) heldIn(lower string) float64 {
	for i, a := range qt.alts {
		if text.HoldsTerm(lower, a) {
			if i < qt.full {
				return 1
			}
			return 0.5
		}
	}
	return 0
}

// CarriedShare is how much of a question's term a sentence holds when it
// continues the sentence before it in its record (joinsNext: it refers
// back, "该班计划…面向全国招收约30名本科生", or the one before ends with a
// clause mark) and that one, or one it continues in turn, holds the term:
// it speaks of what they name (雷军班: "一届招几个人" of heldout67 was
// answered without the class's intake).
const CarriedShare = 0.5

// carriedTerms returns, for each sentence, which of qts the sentences it
// continues hold (CarriedShare), nil for a sentence that continues none.
func carriedTerms(sents []*sentence, qts []qterm) [][]bool {
	out := make([][]bool, len(sents))
	for i := 1; i < len(sents); i++ {
		prev := sents[i-1]
		if !prev.joinsNext || prev.dataset != sents[i].dataset || prev.id != sents[i].id {
			continue
		}
		c := make([]bool, len(qts))
		for k, qt := range qts {
			c[k] = qt.heldBy(prev) > 0 || out[i-1] != nil && out[i-1][k]
		}
		out[i] = c
	}
	return out
}
