package offline

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// A context record's text cut into the clauses the offline answers quote,
// and the records that are no evidence (bookkeeping, page chrome).

// lineSentences end a line's sentences: 。！？； anywhere, !? before a
// space or at the end, "." before a space and a capital letter unless it
// ends a title or an initial; none inside a title or a 「」 quote (Titles);
// a closing quote or bracket right after the end stays with the sentence
// (Closers, as the evidence's passages keep it: a quote no longer opens
// with the ” of the one before, "”——在知乎…").
var lineSentences = text.SentenceRules{Ends: "。！？；", SpacedEnds: "!?", Closers: "”’\"）)」』》】", Periods: true, Titles: true}

// clause is a sentence of splitClauses, whether the next one continues
// it (sentence.joinsNext) and the heading of a flattened line it stands
// under (text.FlatBlocks), which says what it is about but is not quoted.
type clause struct {
	text, heading string
	joinsNext     bool
	// cut: the record's text stops inside this sentence, its last (cutTail)
	cut bool
	// partial: of that sentence only the clauses before its last comma
	// are kept (cutClause)
	partial bool
}

// splitClauses cuts a record's text into sentences (by line, leaving out
// markdown headings, a table row as one sentence (text.TableRow; header
// and rule left out), bullets stripped, then at sentence ends: 。！？!? and
// ". " before a capital or the end) with, for each sentence, whether the
// next sentence it returns follows it on the same line (none was dropped
// between them) and continues it: the sentence ends at a clause end (；;)
// or the next refers back to it (text.RefersBack). A line is cut first at
// the headings and list items flattened into it (text.FlatBlocks: no
// sentence runs on from a list item into a heading or the next item); a
// block that opens with a Chinese heading and goes on with text is text,
// and a forum speech's time and speaker (text.TrimSpeechPrefix) are not.
func splitClauses(s string) []clause {
	var out []clause
	lines := strings.Split(s, "\n")
	for li, line := range lines {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "|") {
			// a table row is one sentence: its cells ("长江大保护：渔民放流
			// 中华鲟 32.7 万赞；非常正面 64%"); header and rule are left out
			if row, ok := text.TableRowAt(lines, li); ok {
				out, _ = appendSentence(out, row)
			}
			continue
		}
		if boldHeading(line) {
			continue // a heading written in bold ("**七、风险与机会的轻重缓急排序**")
		}
		heading := "" // a heading alone, for the sentence after it
		line = text.TrimSpeechPrefix(line)
		if h, rest := leadingBold(line); h != "" {
			heading, line = h, rest // "**三、造假案例** 武汉大学2012年…": the heading is not quoted
		}
		for _, b := range text.FlatBlocks(line) {
			if b.Text == "" {
				heading = b.Heading
				continue
			}
			if b.Heading != "" {
				heading = b.Heading
			}
			out = appendBlock(out, strings.TrimLeft(b.Text, "-*• "), heading)
			heading = ""
		}
	}
	if len(out) > 1 && (endsInsideSentence(s) || text.UnclosedTitle(out[len(out)-1].text)) {
		// the record was cut at a length (a search result's page text, a
		// section summary of at most 300 runes, a text unit): its last
		// clause is a fragment ("…认定男生的行为构成性", "校方发布的《游戏
		// 少年逆袭发顶刊，武汉伢李展拿下雷军奖！"), not a sentence to quote;
		// its clauses before the last comma are, when they make a
		// sentence's worth (cutClause: "预约进校时段为3月20日至4月6日" of
		// "…至4月6日,工作日08:30—17")
		if head := cutClause(out[len(out)-1].text); head != "" && !text.UnclosedTitle(out[len(out)-1].text) {
			out[len(out)-1].text, out[len(out)-1].joinsNext = head, false
			out[len(out)-1].cut, out[len(out)-1].partial = true, true
			out[len(out)-2].joinsNext = false // quoted on its own, never as a continuation
			return out
		}
		out = out[:len(out)-1]
		out[len(out)-1].joinsNext = false
	}
	if len(out) > 0 && cutTail(s, out[len(out)-1].text) {
		out[len(out)-1].cut = true
	}
	return out
}

// cutClause returns the clauses of a sentence a record stops inside
// before its last comma (，or ,), "" when they are fewer than
// minClauseRunes runes: what the sentence says up to the cut, quoted with
// "…" after it (quoteRange).
func cutClause(s string) string {
	i := max(strings.LastIndex(s, "，"), strings.LastIndex(s, ","))
	if i < 0 || utf8.RuneCountInString(s[:i]) < minClauseRunes {
		return ""
	}
	return s[:i]
}

// minClauseRunes is the least length of what cutClause keeps.
const minClauseRunes = 12

// minCutRunes is the least length of a record's last sentence that,
// ending with no punctuation, is taken for a sentence the record was cut
// in (cutTail); a shorter one is a title or a label.
const minCutRunes = 40

// midMarks are the marks no sentence ends with (a comma, an enumeration
// comma, a colon, an opening quote or bracket): a record's text ending
// with one was cut (cutTail).
const midMarks = "，、,：:“（(《"

// cutTail reports whether last, the last sentence kept of the record s,
// is one s was cut in at a length: it ends s, either ends with a letter,
// digit or Han rune (no punctuation) and holds at least minCutRunes runes,
// or ends with a mark no sentence ends with (midMarks: "写字楼商圈月租
// 一万五，", an entity's description cut at a clause), and the
// line it ends is prose (no list item, table row, heading or quote). The
// answer marks its quote of it with "…" (a search result's page text cut
// at 300 runes: "…博士研究生8616").
func cutTail(s, last string) bool {
	s = strings.TrimSpace(s)
	line := strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:])
	r, _ := utf8.DecodeLastRuneInString(last)
	words := utf8.RuneCountInString(last) >= minCutRunes && (unicode.IsLetter(r) || unicode.IsDigit(r))
	return strings.HasSuffix(s, last) && (words || strings.ContainsRune(midMarks, r)) && !listLine.MatchString(line)
}

// boldHeading reports whether line is a heading written as a line wholly
// in bold: "**…**" with no other bold inside, at most 40 runes between the
// marks, not ending in a sentence end (a bold sentence is still a
// sentence). A local answer never quotes it as a sentence, as it never
// quotes a "#" heading.
func boldHeading(line string) bool {
	inner, ok := strings.CutPrefix(line, "**")
	if !ok {
		return false
	}
	if inner, ok = strings.CutSuffix(inner, "**"); !ok || strings.Contains(inner, "**") {
		return false
	}
	inner = strings.TrimSpace(inner)
	last, _ := utf8.DecodeLastRuneInString(inner)
	return inner != "" && utf8.RuneCountInString(inner) <= 40 && !strings.ContainsRune("。！？!?.；;", last)
}

// leadingBold splits off the bold headings a line of text opens with
// ("**三、造假案例** 武汉大学2012年…", "**第一招****:****借尸还魂** **武汉大学**
// 国立武汉大学创办…": scraped pages' section titles run into their first
// sentence), each at most 40 runes with no sentence end inside, colons
// between them dropped; it returns them joined by a space and the text
// after them, or "" and line when the line does not open so or holds
// nothing after them.
func leadingBold(line string) (heading, rest string) {
	var hs []string
	rest = line
	for {
		rest = strings.TrimLeft(rest, " :：")
		inner, ok := strings.CutPrefix(rest, "**")
		if !ok {
			break
		}
		end := strings.Index(inner, "**")
		if end < 0 {
			break
		}
		h := strings.TrimSpace(inner[:end])
		if utf8.RuneCountInString(h) > 40 || strings.ContainsAny(h, "。！？!?；;") {
			break
		}
		if h != "" && h != ":" && h != "：" {
			hs = append(hs, h)
		}
		rest = inner[end+2:]
	}
	if rest = strings.TrimSpace(rest); len(hs) == 0 || rest == "" {
		return "", line
	}
	return strings.Join(hs, " "), rest
}

// listLine matches a line that is a list item, table row, heading or
// quote, which ends without punctuation when it is whole.
var listLine = regexp.MustCompile(`^(?:[-*•|#>]|\d+[.、)．）])`)

// endsInsideSentence reports whether a record's text stops inside a
// sentence: its last line is prose (no list item, table row or heading)
// that holds a sentence end before its last rune and ends with a letter,
// digit or Han rune, as a text cut at a length does.
func endsInsideSentence(s string) bool {
	s = strings.TrimSpace(s)
	line := strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:])
	if line == "" || listLine.MatchString(line) {
		return false
	}
	r, size := utf8.DecodeLastRuneInString(line)
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	return strings.ContainsAny(line[:len(line)-size], "。！？；!?")
}

// appendBlock appends the clauses of one block of a line (text.FlatBlocks:
// cut at flattened headings and list items), the first under heading.
func appendBlock(out []clause, block, heading string) []clause {
	prevKept := false // the block's previous piece was kept as the last clause of out
	carry := false    // the last clause of out is narration after a speech that trailed off
	for _, piece := range lineSentences.Split(block) {
		if h, rest := leadingBold(piece); h != "" {
			piece = rest // a scraped section title run into the sentence after a full stop ("。 **三、造假案例** 武汉大学…")
		}
		var kept bool
		n := len(out)
		out, kept = appendSentence(out, piece)
		if kept {
			out[n].heading = heading
		}
		heading = ""
		resumes := carry && opensQuote(out[len(out)-1].text)
		if kept && prevKept && n > 0 && (endsClause(out[n-1].text) || text.RefersBack(out[n].text) || openQuote(out[n-1].text) || trailsOff(out[n-1].text) || resumes) {
			out[n-1].joinsNext = true
		}
		carry = kept && prevKept && n > 0 && trailsOff(out[n-1].text) && !strings.ContainsAny(out[n].text, `"“”`)
		prevKept = kept
	}
	return out
}

// openQuote reports whether a sentence ends inside a quotation it opens
// (an odd number of straight double quotes, more “ than ”): the speech
// goes on in the next sentence ("\"I agree, Agent Cruz. Protocol is
// paramount,\" …" is cut after Cruz), which says the rest of it.
func openQuote(s string) bool {
	return strings.Count(s, `"`)%2 == 1 || strings.Count(s, "“") > strings.Count(s, "”")
}

// trailsOff reports whether a sentence's speech trails off: an ellipsis
// (... or …) right before a closing quote (“"What we understand about
// physics..." they muttered, trailing off …”). The speaker goes on after
// it, often past a sentence of narration (“The device emitted a low
// pulse, causing Jordan to still. "Could be fundamentally changed by
// this."”): the sentence after it continues it, and so does a sentence
// opening with a quote right after that narration (appendBlock).
func trailsOff(s string) bool {
	return strings.Contains(s, `..."`) || strings.Contains(s, `…"`) ||
		strings.Contains(s, "...”") || strings.Contains(s, "…”")
}

// opensQuote reports whether a sentence opens with a quotation mark (" or
// “): a speech, not narration.
func opensQuote(s string) bool {
	return strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "“")
}

// endsClause reports whether a sentence ends with a clause end (；;): the
// sentence of the text goes on after it.
func endsClause(s string) bool {
	return strings.HasSuffix(s, "；") || strings.HasSuffix(s, ";")
}

// appendSentence appends s to out as a clause when it says something
// (10 runes or more, a letter, no link), cut at a clause end past 280
// runes, and without the dashes it opens with (the end of a quoted title
// before it: "——在知乎…"), and reports whether it did.
func appendSentence(out []clause, s string) ([]clause, bool) {
	s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "—")) // "——在知乎…": the dash of the sentence before
	if runeLen(s) < 10 || strings.Contains(s, "://") || !strings.ContainsFunc(s, unicode.IsLetter) {
		return out, false // too short to say anything, a link line, or no word at all
	}
	if runeLen(s) > 280 {
		s = text.CutClause(s, 279) + "…"
	}
	return append(out, clause{text: s}), true
}

// isBookkeeping reports whether a context sentence, after previous (the
// record's sentence before it, "" for its first), is no answer sentence:
// a bookkeeping record (text.Bookkeeping: "网络搜索「…」，3 条结果", "段落：…",
// an engine's or the host's description, "主持人总结 4"), or page noise as
// the report's passage classifier finds it (text.PageNoise, the rules
// evidence.Classify applies): page furniture (navigation, "Image 3",
// bylines such as "文丨守一…"), adverts, filler, and sentences about the
// research rather than its subject, a research plan among them
// ("梳理李明2024年3月…的选址过程"). Three of its classes are answers here:
// a comment floor is a netizen's opinion ("1楼：五月份出桂花味的拿铁，有点
// 反季节吧" answers 网友怎么评价桂花拿铁), a list line at the clause level
// is a fact ("报道确认：首周新增粉丝五千人", "1928年 改组国立武昌中山大学，组建
// 国立武汉大学"), and a definition answers a "what is" question.
//
// previous is the sentence before s in its record ("" for the first).
// contextSentences asks it through recordMemo, which remembers each
// record's verdicts: a chat or an eval run classifies the same
// knowledge's sentences for every question.
func isBookkeeping(s, previous string) bool {
	return text.Bookkeeping(s) || slices.Contains(noiseClasses, text.PageNoise(s, previous))
}

// noiseClasses are the page-noise classes isBookkeeping drops.
var noiseClasses = []text.Noise{text.Furniture, text.Advert, text.Filler, text.Meta}
