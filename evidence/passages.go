package evidence

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"reportengine/text"
)

// passageSegments cuts text into passages (see the package doc): markdown
// removed, sentences split at 。！？!?；; and line breaks, short sentences
// joined to the next, long ones cut at a clause mark; no empty passage,
// every passage valid UTF-8 when text is. With each passage it returns its
// segment: the number of headings and labels (isLabel) before it in text,
// so that the passages of one paragraph under one heading share a segment
// (the event a figure belongs to is named in its own segment, see
// GroupEvents); and its section: the number of top headings ("#" and "##") before it, 0
// before the first (a section's opening tells what its "###" segments
// are about, see sectionEvents).
func passageSegments(text string) ([]string, []int32, []int32) {
	var out []string
	var segs, secs []int32
	seg, sec := int32(0), int32(0)
	var pending strings.Builder
	add := func(ps ...string) {
		out = append(out, ps...)
		for len(segs) < len(out) {
			segs = append(segs, seg)
			secs = append(secs, sec)
		}
	}
	flush := func() {
		s := strings.TrimSpace(pending.String())
		pending.Reset()
		if s != "" {
			add(cutLong(s)...)
		}
	}
	long := func() bool { return utf8.RuneCountInString(pending.String()) >= MinRunes }
	lines := splitInlineHeadings(strings.Split(text, "\n"))
	var header []string // cells of the current table's header row
	for li, raw := range lines {
		if isTableRow(raw) {
			// a row is a record of its own, written as "header：cell；…"
			// when the table has a header row (the one followed by a
			// rule); the header row and rules are not passages
			if li+1 < len(lines) && isTableRule(strings.TrimSpace(lines[li+1])) {
				header = tableCells(raw)
				continue
			}
			if row := tableRecord(header, tableCells(raw)); row != "" {
				flush()
				add(cutLong(row)...)
			}
			continue
		}
		if !isTableRule(strings.TrimSpace(raw)) {
			header = nil
		}
		line := cleanLine(raw)
		if topHeading(raw) {
			flush()
			sec++
		}
		if isLabel(raw, line) {
			// a heading is a label, not evidence, and never the start of
			// the next claim ("五、风险与应对 断货两天…")
			flush()
			seg++
			continue
		}
		if line == "" {
			if long() {
				flush()
			}
			continue
		}
		for _, sent := range sentences(line) {
			if pending.Len() > 0 && !endsSentence(pending.String()) {
				pending.WriteByte(' ')
			}
			pending.WriteString(sent)
			if long() {
				flush()
			}
		}
	}
	flush()
	return out, segs, secs
}

// topHeading reports a markdown heading of level 1 or 2.
func topHeading(raw string) bool {
	t := strings.TrimSpace(raw)
	return strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "###")
}

// maxLabelRunes is the longest line taken for a heading when it has no
// heading mark: an enumerated title ("五、风险与应对", "（二）传播路径"), a
// line that is bold as a whole, or a short line that ends in no mark.
const maxLabelRunes = 30

// isLabel reports whether a line (raw, and cleaned of markdown) is a
// heading or a label rather than a statement: a markdown heading shorter
// than MinRunes, or a line of at most maxLabelRunes runes without a
// sentence or clause mark that is an enumerated title, bold as a whole,
// or shorter than MinRunes and holds no digit (a short figure line such
// as "负面占79%" is kept as evidence and joins the next sentence).
func isLabel(raw, line string) bool {
	if line == "" {
		return false
	}
	n := utf8.RuneCountInString(line)
	if strings.HasPrefix(strings.TrimSpace(raw), "#") { // a markdown heading
		return n < MinRunes
	}
	if n > maxLabelRunes || strings.ContainsAny(line, "。！？!?；;，,：:") {
		return false
	}
	t := strings.TrimSpace(raw)
	if len(t) > 4 && strings.HasPrefix(t, "**") && strings.HasSuffix(t, "**") && strings.Count(t, "**") == 2 {
		return true
	}
	if enumTitleRE.MatchString(line) {
		return true
	}
	return n < MinRunes && !strings.ContainsAny(line, "0123456789%％")
}

// enumTitleRE matches a Chinese enumerated title: 一、 （一） 第一部分 第1章.
var enumTitleRE = regexp.MustCompile(`^(?:[一二三四五六七八九十]+、|[（(][一二三四五六七八九十0-9]+[）)]|第[一二三四五六七八九十0-9]+[部分章节篇])`)

// splitInlineHeadings puts an inline heading on a line of its own: forum
// speeches carry a whole markdown report on one line ("… ## 核心发现 1.
// 事件…"), and the heading word (up to the next space) would otherwise
// start the next passage. The heading becomes "## word" (its marks as
// written), the rest the next line.
func splitInlineHeadings(lines []string) []string {
	var out []string
	for _, l := range lines {
		var locs [][]int
		if strings.IndexByte(l, '#') >= 0 { // (most lines have no heading mark: no regexp run)
			locs = inlineHeadingRE.FindAllStringIndex(l, -1)
		}
		// a heading line is split only when a statement follows its first
		// word ("## 桂花拿铁的传播与口碑 季节限定款…。")
		if len(locs) == 0 || len(locs) == 1 && strings.TrimSpace(l[:locs[0][0]]) == "" && !statementAfterWord(l[locs[0][1]:]) {
			out = append(out, l)
			continue
		}
		last := 0
		for _, loc := range locs {
			if t := l[last:loc[0]]; strings.TrimSpace(t) != "" {
				out = append(out, t)
			}
			rest := l[loc[1]:]
			word := rest
			if i := strings.IndexAny(rest, " \t"); i >= 0 {
				word = rest[:i]
			}
			out = append(out, strings.TrimSpace(l[loc[0]:loc[1]])+" "+word) // its level kept
			last = loc[1] + len(word)
		}
		if t := l[last:]; strings.TrimSpace(t) != "" {
			out = append(out, t)
		}
	}
	return out
}

// statementAfterWord reports a sentence mark after the first word of
// rest (up to its first space or tab).
func statementAfterWord(rest string) bool {
	i := strings.IndexAny(rest, " \t")
	return i >= 0 && strings.ContainsAny(rest[i:], "。！？!?")
}

// tableCells returns the cleaned, non-empty cells of a table row.
func tableCells(row string) []string { return rowCells(strings.TrimSpace(row), cleanLine) }

// rowCells returns the cells of a row between its outer pipes, each
// cleaned by clean, without the empty ones.
func rowCells(row string, clean func(string) string) []string {
	var cells []string
	for _, c := range strings.Split(strings.Trim(row, "|"), "|") {
		if c = clean(c); c != "" {
			cells = append(cells, c)
		}
	}
	return cells
}

// tableRecord writes a table row as a record a reader can quote: with a
// header of as many cells, "平台：微博；占比：45%"; without one, the cells
// joined by "；". The header's names are written into cells.
func tableRecord(header, cells []string) string {
	if len(header) == len(cells) {
		for i := range cells {
			cells[i] = header[i] + "：" + cells[i]
		}
	}
	return strings.Join(cells, "；")
}

func isTableRow(line string) bool {
	s := strings.TrimSpace(line)
	return len(s) > 1 && strings.HasPrefix(s, "|") && strings.HasSuffix(s, "|") && !isTableRule(s)
}

// endsSentence reports whether s ends with a sentence mark (then the next
// sentence follows without a space, as in Chinese text).
func endsSentence(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return strings.ContainsRune("。！？；”）」", r)
}

// lineSentences are the sentence ends of a cleaned report line: the
// Chinese and Latin marks, "." only before a space, closing quotes and
// brackets kept with their sentence, no end inside a 《title》.
var lineSentences = text.SentenceRules{Ends: "。｡！？!?；;", SpacedEnds: ".", Closers: "”’\"）)」』》】", Titles: true}

// sentences splits one cleaned line after each sentence mark
// (lineSentences), trimmed, empty pieces dropped. The items of a list a
// colon introduces stay one sentence ("重要事件依次为：4月开业；5月推出…；
// 7月断货。"): a piece that ends with "；" and introduces a list before a
// colon (listGoesOn) takes the next
// piece while the whole stays within MaxRunes runes, so that no item is
// quoted without what it is an item of; but for a quoted voice
// (quoteOpens).
func sentences(line string) []string {
	var out []string
	for _, p := range lineSentences.Split(line) {
		s := stripListNumber(strings.TrimSpace(p))
		if s == "" || bareListNumber.MatchString(s) {
			continue // "。2. 地域…": the "." after 2 ended a piece of its own
		}
		if n := len(out); n > 0 && listGoesOn(out[n-1]) && !quoteOpens(s) &&
			utf8.RuneCountInString(out[n-1])+utf8.RuneCountInString(s) <= MaxRunes {
			out[n-1] += s
			continue
		}
		out = append(out, s)
	}
	return out
}

// quoteOpens reports whether s opens with a quotation mark: an item that
// is a quoted voice with its own source ("护校派新增论述：“…”（知乎…）；
// “…”（抖音…）") stands alone, as a voice of its own.
func quoteOpens(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune("“\"「『‘", r)
}

// listGoesOn reports whether a sentence is an enumeration cut at an
// item: it ends with a semicolon (；;) and a colon in it follows words
// that introduce a list (listLead: 依次为：, 包括：, 以下三点：), not a label
// ("国际参照：…；" and "微博端：…；" are items of their own).
func listGoesOn(s string) bool {
	return (strings.HasSuffix(s, "；") || strings.HasSuffix(s, ";")) && listLead.MatchString(s)
}

// listLead matches the words before a colon that introduce a list.
var listLead = regexp.MustCompile(`(?:为|是|有|包括|包含|如下|以下|下列|分别|依次|几点|[一二三四五六七八九十两0-9]+(?:点|个|项|类|条|方面|阶段))[：:]`)

// cutLong cuts a passage longer than MaxRunes at the last clause mark
// (，、,：:) before the limit, else at the limit. Each piece reads at most
// MaxRunes+1 runes of what is left, so a passage of n runes costs O(n)
// (counting the rest before each cut cost O(n²): a forum speech of two
// million runes took 27 s; new-user trial 42).
func cutLong(s string) []string {
	var out []string
	for {
		cut, n := -1, 0
		limit := -1 // the byte offset of rune MaxRunes+1, -1 while s has no more than MaxRunes
		for i, r := range s {
			if n == MaxRunes {
				limit = i
				break
			}
			n++
			if (r == '，' || r == '、' || r == ',' || r == '：' || r == ':' || r == ' ') && n > MaxRunes/2 {
				cut = i + utf8.RuneLen(r)
			}
		}
		if limit < 0 {
			break
		}
		if cut < 0 {
			cut = limit
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// cleanLine removes markdown from one line: heading marks, quote marks,
// bullets and list numbers, emphasis and code marks, links (their text is
// kept), table rules (dropped) and table pipes (kept as " | ").
func cleanLine(line string) string {
	s := strings.TrimSpace(line)
	if s == "" {
		return ""
	}
	if isTableRule(s) || s == "---" || s == "***" || s == "___" {
		return ""
	}
	for strings.HasPrefix(s, "#") || strings.HasPrefix(s, ">") {
		s = strings.TrimSpace(strings.TrimLeft(s, "#>"))
	}
	if b := text.FirstPrefix(s, []string{"- ", "* ", "+ ", "• ", "· "}); b != "" {
		s = strings.TrimSpace(s[len(b):])
	}
	s = stripListNumber(s)
	if s != "" && (s[0] == 'P' || s[0] == 'p' || strings.HasPrefix(s, "第")) { // (the mark starts the line)
		s = pageMarkRE.ReplaceAllString(s, "")
	}
	if strings.ContainsAny(s, "*_`") {
		s = markReplacer.Replace(s)
	}
	if strings.Contains(s, "#") {
		s = inlineHeadingRE.ReplaceAllString(s, "")
	}
	s = stripLinks(s)
	if strings.HasPrefix(s, "|") || strings.HasSuffix(s, "|") {
		s = strings.Join(rowCells(s, strings.TrimSpace), " | ")
	}
	return strings.TrimSpace(s)
}

var markReplacer = strings.NewReplacer("**", "", "__", "", "`", "")

// pageMarkRE finds a page number a PDF extract leaves at a line's start
// ("Page 7. ", "第3页 ").
var pageMarkRE = regexp.MustCompile(`^(?:[Pp]age\s*\d+\s*[.:：]?|第\s*\d+\s*页)\s*`)

// inlineHeadingRE finds heading marks inside a line (forum speeches put a
// whole markdown report on one line: "… ## 核心发现 1. …").
var inlineHeadingRE = regexp.MustCompile(`(^|\s)#{1,6}\s+`)

func isTableRule(s string) bool {
	return strings.Contains(s, "-") && strings.Trim(s, "|-: ") == "" // nothing but | - : and spaces
}

// stripListNumber removes a list number starting s: "1. ", "1、", "1) ",
// "1）", "(1)", "（1）", "（一）", "①".
func stripListNumber(s string) string {
	if i := len(s) - len(strings.TrimLeft(s, "0123456789")); i > 0 && i < len(s) {
		rest := s[i:]
		if p := text.FirstPrefix(rest, []string{". ", "、", ") ", "）"}); p != "" {
			return strings.TrimSpace(rest[len(p):])
		}
	}
	if m := parenNumberRE.FindString(s); m != "" && len(m) < len(s) {
		return strings.TrimSpace(s[len(m):])
	}
	return s
}

// bareListNumber matches a list number standing alone: "2." cut off by
// the sentence rule's "." before a space.
var bareListNumber = regexp.MustCompile(`^(?:[0-9]{1,2}[.)）、]|[（(](?:[0-9]{1,2}|[一二三四五六七八九十]{1,2})[）)])$`)

// parenNumberRE matches a list number in brackets or circled at the start
// of a text: (1) （2） （三） ④.
var parenNumberRE = regexp.MustCompile(`^(?:[（(](?:[0-9]{1,2}|[一二三四五六七八九十]{1,2})[）)]|[①-⑳])\s*`)

// stripLinks turns [text](url) into text and drops ![alt](src) images.
func stripLinks(s string) string {
	for {
		open := strings.Index(s, "](")
		if open < 0 {
			return s
		}
		lb := strings.LastIndex(s[:open], "[")
		rp := strings.Index(s[open:], ")")
		if lb < 0 || rp < 0 {
			return s
		}
		text := s[lb+1 : open]
		startCut := lb
		if lb > 0 && s[lb-1] == '!' {
			startCut, text = lb-1, ""
		}
		s = s[:startCut] + text + s[open+rp+1:]
	}
}
