package text

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SentenceRules say where a sentence ends; the zero value ends none. The
// callers differ in what they cut (a cleaned line of a report, a whole
// text unit), so each keeps its rules in one value and splits with Split.
type SentenceRules struct {
	// Ends are the runes that end a sentence wherever they stand, e.g.
	// "。！？；".
	Ends string
	// SpacedEnds end a sentence only at the end of the text or before a
	// space (U+0020; any white space when AnySpace is set), so that the
	// "." of "3.5" or "v1.2" ends none.
	SpacedEnds string
	AnySpace   bool
	// Closers are kept with the sentence they follow when they come right
	// after its end: closing quotes and brackets, e.g. "”’\"）)」』》】".
	// They must not be ends themselves.
	Closers string
	// Titles: no mark inside a title or a corner-bracket quote (《…》,
	// 「…」, 『…』) ends a sentence (《你好！世界》, 「来了。」他说), when the
	// mark closes, or the text ends, within TitleRunes runes (a page cut
	// inside a title); an opening mark that does neither is a stray one and
	// holds nothing (it does not swallow the rest of a long text).
	Titles bool
	// Periods: a "." ends a sentence when a space and a capital letter
	// follow it and it does not end a title or an initial (Abbreviation:
	// "Dr. Hayes", "J. Smith"), so that "v1.2", "3.5" and "e.g. this"
	// end none. Independent of SpacedEnds, which should then not hold ".".
	Periods bool
}

// Split cuts s after every sentence end and returns the pieces in order.
// Nothing is trimmed or dropped: the pieces concatenate to s, and none is
// empty. Callers trim (strings.TrimSpace) and drop what they do not want.
func (r SentenceRules) Split(s string) []string {
	var out []string
	start := 0
	var open []rune // the closing marks of the titles and quotes the text is inside, innermost last
	for i, c := range s {
		end := false
		switch {
		case r.Titles && len(open) > 0 && c == open[len(open)-1]:
			open = open[:len(open)-1]
		case r.Titles && titleClose(c) != 0:
			if closesWithin(s[i+utf8.RuneLen(c):], c, titleClose(c)) {
				open = append(open, titleClose(c))
			}
		case strings.ContainsRune(r.Ends, c):
			end = len(open) == 0
		case strings.ContainsRune(r.SpacedEnds, c):
			next := i + utf8.RuneLen(c)
			end = len(open) == 0 && (next >= len(s) || r.spaceAt(s, next))
		case r.Periods && c == '.':
			end = len(open) == 0 && periodEnds(s, start, i)
		}
		if !end {
			continue
		}
		closer := func(q rune) bool { return strings.ContainsRune(r.Closers, q) }
		j := len(s) - len(strings.TrimLeftFunc(s[i+utf8.RuneLen(c):], closer)) // its closers stay with it
		if j > start {
			out = append(out, s[start:j])
			start = j
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// TitleRunes is how far (in runes) the closing mark of a title or quote
// may follow its opening mark for SentenceRules.Titles to hold its
// sentence ends.
const TitleRunes = 120

// titleClose is the closing mark of an opening title or quote mark c, 0
// for any other rune.
func titleClose(c rune) rune {
	switch c {
	case '《':
		return '》'
	case '「':
		return '」'
	case '『':
		return '』'
	}
	return 0
}

// closesWithin reports whether rest (the text after an opening mark
// open) holds its closing mark, or ends, within TitleRunes runes, a
// nested pair of the same marks skipped.
func closesWithin(rest string, open, close rune) bool {
	depth, n := 0, 0
	for _, c := range rest {
		if n++; n > TitleRunes {
			return false
		}
		switch c {
		case open:
			depth++
		case close:
			if depth == 0 {
				return true
			}
			depth--
		}
	}
	return true // the text ends inside the title: cut there
}

// UnclosedTitle reports whether s opens a title or a corner-bracket quote
// (《, 「, 『) that it does not close: a text cut inside it ("校方发布的
// 《游戏少年逆袭发顶刊，武汉伢李展拿下雷军奖！", a text unit cut at its
// length), whose last sentence is unfinished.
func UnclosedTitle(s string) bool {
	var open []rune
	for _, c := range s {
		switch {
		case len(open) > 0 && c == open[len(open)-1]:
			open = open[:len(open)-1]
		case titleClose(c) != 0:
			open = append(open, titleClose(c))
		}
	}
	return len(open) > 0
}

// periodEnds reports whether the "." at byte i of s (its sentence begun
// at byte start) ends the sentence under SentenceRules.Periods.
func periodEnds(s string, start, i int) bool {
	if i+2 >= len(s) || s[i+1] != ' ' {
		return false
	}
	next, _ := utf8.DecodeRuneInString(s[i+2:])
	return unicode.IsUpper(next) && !Abbreviation([]rune(s[start:i]))
}

// spaceAt reports whether the rune at byte i of s is a space under r.
func (r SentenceRules) spaceAt(s string, i int) bool {
	if !r.AnySpace {
		return s[i] == ' '
	}
	c, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(c)
}

// Abbreviation reports whether the full stop after before (the runes of a
// sentence up to a ".") ends a title or an initial rather than the
// sentence: the last word of before is one of Dr, Mr, Ms, Mrs, St, vs,
// Prof, Sgt, Lt, Capt, Gen, Col, Maj, No, e.g, i.e, a single capital
// letter ("J." of "J. Smith") or single letters joined by stops (U.S of
// "U.S. News", dottedLetters); the last word starts after a space or
// after Han text ("与QS、泰晤士高等教育、U.S. News并称…").
func Abbreviation(before []rune) bool {
	w := before
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] == ' ' || w[i] >= utf8.RuneSelf {
			w = w[i+1:] // the word: after a space, or after Han text ("、U.S")
			break
		}
	}
	switch string(w) {
	case "Dr", "Mr", "Ms", "Mrs", "St", "vs", "Prof", "Sgt", "Lt", "Capt", "Gen", "Col", "Maj", "No", "e.g", "i.e":
		return true
	}
	return len(w) == 1 && unicode.IsUpper(w[0]) || dottedLetters(string(w))
}

// dottedLetters reports whether w is single letters joined by full stops
// (U.S of "U.S. News", U.K, a.m): an abbreviation whose last stop ends no
// sentence.
func dottedLetters(w string) bool {
	parts := strings.Split(w, ".")
	return len(parts) >= 2 && !slices.ContainsFunc(parts, func(p string) bool {
		return len(p) != 1 || p[0] >= utf8.RuneSelf || !unicode.IsLetter(rune(p[0]))
	})
}

// TableRow turns a line of a markdown table into one sentence: its
// non-empty cells, emphasis marks (** __ `) removed, as "first
// cell：other cells joined by ；" ("| **长江大保护** | 渔民放流 | 非常正面 64% |"
// → "长江大保护：渔民放流；非常正面 64%"). next is the line after it: a
// header (the line above a rule such as |---|:--|), a rule and a row of
// fewer than two non-empty cells give ok false, as does a line that does
// not start with "|".
func TableRow(line, next string) (sentence string, ok bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || tableRule(line) || tableRule(strings.TrimSpace(next)) {
		return "", false
	}
	var cells []string
	for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
		c = strings.NewReplacer("**", "", "__", "", "`", "").Replace(c)
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	if len(cells) < 2 {
		return "", false
	}
	return cells[0] + "：" + strings.Join(cells[1:], "；"), true
}

// TableRowAt is TableRow of lines[i], with the line after it (none after
// the last line) as next: the form the offline writers use when they walk
// a text's lines. i must index lines.
func TableRowAt(lines []string, i int) (sentence string, ok bool) {
	next := ""
	if i+1 < len(lines) {
		next = lines[i+1]
	}
	return TableRow(lines[i], next)
}

// tableRule reports whether a markdown line is a table's rule (|---|:--|).
func tableRule(line string) bool {
	return strings.HasPrefix(line, "|") && strings.Trim(line, "|-: ") == ""
}

// RefersBack reports whether a Chinese sentence opens by referring to the
// one before it (该班级…, 此举…, 这一…, 其中…, 他们…, 对此…, 因此…): it
// says more about what that one names and names nothing itself, so a
// quote of the sentence before it reads on into it. The openers are the
// demonstratives and pronouns 该 此 这 其 它 他 她 and 对此 为此 因此; an
// English sentence's, a third-person pronoun opening it (They, He, She,
// Their, His, Her: "Inside a secluded equipment bay, Cruz began checking
// over gear. They traced fingers over … an encrypted radio transmitter."),
// as a word.
func RefersBack(s string) bool {
	if FirstPrefix(s, backRefs) != "" {
		return true
	}
	first, _, _ := strings.Cut(strings.TrimLeft(s, " \"“'‘"), " ")
	return englishBackRefs[first]
}

// englishBackRefs are the English words that open a sentence referring
// back (RefersBack): a person's pronouns, as written at a sentence's
// start. It and This are left out: they as often open a sentence of their
// own ("It was late.").
var englishBackRefs = map[string]bool{"They": true, "He": true, "She": true, "Their": true, "His": true, "Her": true, "Them": true}

var backRefs = []string{"该", "此", "这", "其", "它", "他", "她", "对此", "为此", "因此"}
