package evidence

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FigureKind classifies a quantitative statement.
type FigureKind string

// Figure kinds. Charts are drawn only from figures of one kind.
const (
	FigSentiment FigureKind = "sentiment" // a share of sentiment: 负面声量高达79%
	FigPlatform  FigureKind = "platform"  // a share or count on a named platform: 微博占比45%
	FigAge       FigureKind = "age"       // a share of an age group: 90后占38%
	FigShare     FigureKind = "share"     // any other percentage
	FigVolume    FigureKind = "volume"    // reach and engagement counts with 万/亿: 阅读量飙到3.8亿
	FigCount     FigureKind = "count"     // other counts with 万/亿 or a measure word: 引进人才1032人
	FigRank      FigureKind = "rank"      // rankings: 排名第3, 进入全球前1%
	FigIndex     FigureKind = "index"     // an index value: 影响力指数达65.4
	FigDate      FigureKind = "date"      // a dated event: 2025年8月25日 …
)

// Figure is one quantitative statement found in an item.
type Figure struct {
	ItemID string     `json:"item_id"`
	Kind   FigureKind `json:"kind"`
	Label  string     `json:"label"` // what is measured: 负面声量, 阅读量; for dates the event clause
	// KPI is the label a KPI card may carry: what is measured, subject and
	// metric, in the source's words ("微博平台占比", "樱花季情绪占比：浪漫"),
	// or "" when the clause names no metric or no subject (see kpiLabel);
	// such a figure stays in the prose and the charts, not in a KPI table.
	KPI      string  `json:"kpi,omitempty"`
	Group    string  `json:"group,omitempty"` // the category for sentiment/platform/age: 负面, 微博, 90后
	Raw      string  `json:"raw"`             // as written: 79%, 3.8亿, 2025年8月25日
	Value    float64 `json:"value"`           // the number as written (79, 3.8); for dates YYYYMMDD
	Unit     string  `json:"unit,omitempty"`  // %, 万, 亿, 人, 次, …
	Scaled   float64 `json:"scaled"`          // Value with 万 (×1e4) and 亿 (×1e8) applied; percentages as written
	Date     string  `json:"date,omitempty"`  // ISO date (YYYY-MM-DD, or --MM-DD without a year) for FigDate
	Sentence string  `json:"sentence"`        // the clause around the figure
	// Primary is the id of a web source passage that states the same
	// figure of the same thing (Set.States) when the figure's item is an
	// engine's passage or a forum speech: cite it first. Set by the plan
	// on figures with a KPI label (SubPlan.Figures) and by the essentials
	// (Essentials.Figures); "" in Set.Figures and when no page states it.
	Primary string `json:"primary,omitempty"`
}

var sentimentWords = []string{"非常正面", "非常负面", "正面", "负面", "中性", "中立", "积极", "消极", "支持", "反对", "质疑", "愤怒", "担忧", "好评", "差评"}
var ageWords = []string{"00后", "90后", "80后", "70后", "60后", "95后", "05后", "岁"}
var volumeWords = []string{"阅读", "浏览", "播放", "转发", "评论", "点赞", "讨论", "热搜", "曝光", "互动", "声量", "话题", "搜索", "关注", "粉丝", "传播"}
var measureWords = []string{"人次", "万人", "人", "次", "条", "篇", "个", "名", "家", "所", "项", "起", "元", "亿元", "万元", "票"}
var verbs = []string{"虽然只有", "虽然只", "虽只", "虽仅", "只有", "仅有", "只", "第", "前", "却", "也", "则", "高达", "达到", "飙升至", "飙到", "突破", "超过", "约占", "占比", "占到", "增长", "激增", "上升", "下降", "降至", "升至", "为", "是", "达", "占", "约", "超", "近", "逾", "共", "有", "的", "从", "至", "到", "了", "仅"}

// leading are words that open a clause but are not part of what is measured.
var leading = []string{"然而", "但是", "同时", "其中", "据统计", "统计显示", "数据显示", "由于", "虽然", "尽管", "不过", "因为", "所以", "如果", "另外", "此外", "新增", "导致", "引发", "带来", "造成", "而", "使", "在", "较", "据", "且", "但", "并"}

// reportingWords introduce what a source reports (笔记中提到…, 调查显示…);
// a label keeps only what follows them.
var reportingWords = []string{"提到", "显示", "指出", "表示", "透露", "称"}

// afterStop are words that end the subject a "N%的…" clause gives after
// its number (二次发酵源于… → 二次发酵).
var afterStop = []string{"源于", "来自", "认为", "表示", "称", "是"}

// quotePairs map an opening quote or bracket to its closing one.
var quotePairs = map[rune]rune{'“': '”', '"': '"', '「': '」', '（': '）', '(': ')'}

// FindFigures returns the figures in text, in text order. id is the item id
// recorded on each figure. A number counts only with a unit (%, ％, 万, 亿,
// a measure word), in a ranking (第N, 前N), in an index (指数), or as a date.
func FindFigures(id, text string) []Figure {
	var out []Figure
	row := rowSubject(text)
	cs := clauses(text)
	var carry Figure // the last figure with a KPI label, for a clause that goes on with its change
	for i, clause := range cs {
		figs := clauseFigures(id, clause, row, &carry)
		if i == len(cs)-1 && cutOff(text, clause) {
			for j := range figs {
				figs[j].KPI = "" // "…有高达65%的内容与学生的": what the share is of was cut off
			}
		}
		out = append(out, figs...)
	}
	return out
}

// clauses splits text at sentence marks and commas; a figure's label and
// category come from its own clause.
func clauses(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		if r == ',' && i > 0 && isDigit(rune(text[i-1])) && thousands(text, i) {
			continue // "12,780条": a thousands separator, not a clause mark
		}
		switch r {
		case '。', '｡', '！', '？', '!', '?', '；', ';', '，', ',', '\n':
			if s := strings.TrimSpace(text[start:i]); s != "" {
				out = append(out, s)
			}
			start = i + utf8.RuneLen(r)
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// crossTrend matches what opens a clause that goes on with the change of
// the figure before it, in the passage's previous clause: "…阅读量达2.3亿，
// 随后升至4.1亿", "…降至30%，次日回升至38%". Such a figure is the second
// value of the first one's measure (its KPI label), not a figure of its
// own: a card of the first value alone would hide what the source says
// the measure became.
var crossTrend = regexp.MustCompile(`^(?:随后|此后|之后|其后|后来|次日|当日|当天|同日|最终|最后|一度|继而|再|又|并|而后)?(?:迅速|快速|进一步|再度|一度|又)?(?:回升|回落|攀升|飙升|上升|下降|增长|上涨|下跌|突破|达到|升|增|涨|跌|降|达)(?:至|到)?$`)

// sameUnit reports figures whose units measure alike: both percentages,
// both counts with 万/亿 (3.8亿, 4700万次) or the same unit.
func sameUnit(a, b Figure) bool {
	big := func(u string) bool { return strings.HasPrefix(u, "万") || strings.HasPrefix(u, "亿") }
	return a.Unit == b.Unit || big(a.Unit) && big(b.Unit)
}

// clauseFigures finds the figures of one clause. carry is the passage's
// last figure with a KPI label before this clause (crossTrend); it is
// updated to this clause's last such figure.
func clauseFigures(id, clause, row string, carry *Figure) []Figure {
	var out []Figure
	defer func() {
		for i := len(out) - 1; i >= 0; i-- {
			if out[i].KPI != "" {
				*carry = out[i]
				return
			}
		}
	}()
	if !strings.ContainsAny(clause, numberRunes) {
		return nil
	}
	header := clauseHeader(clause)
	if !strings.ContainsAny(clause, "年月-/") {
		// no date can be here
	} else if d, raw, ok := findDate(clause); ok {
		out = append(out, Figure{ItemID: id, Kind: FigDate, Label: clause, Raw: raw, Date: d, Value: dateValue(d), Sentence: clause})
	}
	prevEnd := 0
	lastLabel, lastKPI := "", ""
	for i := 0; i < len(clause); {
		start, j, val, chinese, ok := nextNumber(clause, i)
		if !ok {
			break
		}
		i = j
		if inDate(clause, start, j) {
			continue
		}
		rest := clause[j:]
		if r, ok := strings.CutPrefix(rest, " "); ok && (prefixAny(r, []string{"%", "％", "亿", "万"}) != "" || prefixAny(r, measureWords) != "") {
			rest, i = r, i+1 // "3.8 亿阅读": one space between a number and its unit
		}
		before := clause[prevEnd:start]
		if strings.HasSuffix(before, "第") && ordinalCounter(rest) {
			continue // "第十一届", "第二轮": an edition or a round, not a ranking
		}
		unit, kind := "", FigureKind("")
		switch {
		case strings.HasPrefix(rest, "%") || strings.HasPrefix(rest, "％"):
			unit = "%"
			i += len(string([]rune(rest)[0]))
			kind = FigShare
		case strings.HasPrefix(rest, "亿") || strings.HasPrefix(rest, "万"):
			unit = string([]rune(rest)[0])
			i += len(unit)
			kind = FigCount
			if m := prefixAny(clause[i:], measureWords); m != "" {
				i += len(m)
			}
		default:
			if m := prefixAny(rest, measureWords); m != "" && !strings.HasSuffix(before, "第") && (!chinese || val >= 10) {
				unit = m
				i += len(m)
				kind = FigCount
			}
		}
		switch {
		case strings.HasSuffix(before, "第") || (strings.HasSuffix(before, "前") && (unit == "%" || unit == "名" || unit == "")) || strings.Contains(before, "排名"):
			if unit == "" || unit == "%" || unit == "名" {
				kind = FigRank
			}
		case kind == "" && strings.Contains(before, "指数"):
			kind = FigIndex
		}
		if kind == "" {
			continue
		}
		label := figureLabel(before)
		if label == "" || !goodLabel(label) && goodLabel(lastLabel) {
			label = lastLabel // "从三十元降到十二元": the second value has the first one's label
		}
		lastLabel = label
		raw := strings.Replace(strings.TrimSpace(clause[start:i]), " ", "", 1)
		if kind == FigRank && strings.HasSuffix(before, "前") {
			raw = "前" + raw // "前1%", "前10"
		}
		if kind == FigRank && strings.HasSuffix(before, "第") {
			raw = "第" + raw // a ranking is written whole: "第3", "第3名"
			if strings.HasPrefix(clause[i:], "名") || strings.HasPrefix(clause[i:], "位") {
				raw += clause[i : i+len("名")]
			}
		}
		f := Figure{ItemID: id, Kind: kind, Label: label, Raw: raw, Value: val, Unit: unit, Scaled: scale(val, unit), Sentence: clause}
		// "26%的网友支持学校的决定": the subject follows the number
		shown := label
		if !goodLabel(shown) || strings.TrimSpace(before) == "" || isConnective(before) {
			if a := afterLabel(clause[i:]); a != "" {
				shown = a
			}
		}
		if kind == FigShare || kind == FigCount {
			ctx := clause
			if g := firstAny(label, sentimentWords); g != "" && kind == FigShare {
				f.Kind, f.Group = FigSentiment, g
			} else if g := firstAny(label, platformWords); g != "" {
				p, _ := PlatformNamed(g) // the platform table's name: 哔哩哔哩 → B站
				f.Kind, f.Group = FigPlatform, p.Name
			} else if g := firstAny(label, ageWords); g != "" && kind == FigShare {
				f.Kind, f.Group = FigAge, g
			} else if kind == FigCount && (unit == "万" || unit == "亿") && firstAny(ctx, volumeWords) != "" {
				f.Kind = FigVolume
			}
		}
		f.Label = shown
		if !goodLabel(f.Label) {
			f.Label = "" // the figure still counts (charts use Group); it gets no KPI card
		}
		switch {
		case trendLink.MatchString(before) && lastKPI != "":
			f.KPI = lastKPI // "敬意 8%→6%": the second value of the first one's measure
		case len(out) == 0 && carry.KPI != "" && crossTrend.MatchString(strings.TrimSpace(before)) && sameUnit(f, *carry):
			// "…阅读量达2.3亿，随后升至4.1亿": the measure of the clause before
			f.Kind, f.Group, f.Label, f.KPI = carry.Kind, carry.Group, carry.Label, carry.KPI
		default:
			f.KPI = kpiLabel(kpiClause{row: row, header: header, before: before, lead: clause[:start], after: clause[i:], label: f.Label, afterForm: shown != label}, f)
		}
		lastKPI = f.KPI
		out = append(out, f)
		prevEnd = i
	}
	return out
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// numberRunes are the runes a number starts with.
const numberRunes = "0123456789零〇一二两三四五六七八九十"

// nextNumber finds the next number in s at or after byte i: ASCII digits
// (with a decimal point and thousands commas), or Chinese numerals
// (一万五千, 二十八, 两万). It returns the number's byte range, its value,
// whether it was written in Chinese numerals, and false when none is left.
// thousands reports a comma at s[i] that separates thousands: exactly
// three digits follow it ("12,780", "3,412"), then no digit.
func thousands(s string, i int) bool {
	for k := 1; k <= 3; k++ {
		if i+k >= len(s) || s[i+k] < '0' || s[i+k] > '9' {
			return false
		}
	}
	return i+4 >= len(s) || s[i+4] < '0' || s[i+4] > '9'
}

func nextNumber(s string, i int) (start, end int, val float64, chinese, ok bool) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isDigit(r) {
			j := i
			for j < len(s) {
				c := s[j]
				if (c >= '0' && c <= '9') || c == '.' || (c == ',' && thousands(s, j)) {
					j++
					continue
				}
				break
			}
			written := strings.TrimRight(s[i:j], ".")
			text := strings.ReplaceAll(written, ",", "")
			end := i + len(written) // "12,780条": the number as written, its separators kept
			if v, err := strconv.ParseFloat(text, 64); err == nil {
				return i, end, v, false, true
			}
			i = j
			continue
		}
		if _, isNum := cnDigit[r]; isNum || r == '十' {
			j := i
			for j < len(s) {
				q, m := utf8.DecodeRuneInString(s[j:])
				if _, d := cnDigit[q]; !d && cnUnit[q] == 0 {
					break
				}
				j += m
			}
			// a trailing 万 or 亿 is the figure's unit, not part of the number
			k := j
			for k > i {
				q, m := utf8.DecodeLastRuneInString(s[i:k])
				if q != '万' && q != '亿' {
					break
				}
				k -= m
			}
			if v, ok := parseChinese(s[i:k]); ok && k > i {
				return i, k, v, true, true
			}
			if r, m := utf8.DecodeRuneInString(s[i:k]); k < j && m == k-i { // 三万: one digit before 万/亿
				return i, k, float64(cnDigit[r]), true, true
			}
			i = j
			continue
		}
		i += n
	}
	return 0, 0, 0, false, false
}

var cnDigit = map[rune]int{'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
var cnUnit = map[rune]int{'十': 10, '百': 100, '千': 1000, '万': 10000, '亿': 100000000}

// parseChinese reads a Chinese numeral: 二十八 → 28, 一万五千 → 15000,
// 十 → 10. A lone digit rune (一, 两) is not taken as a number, since in
// running text it is mostly a word (一起, 两款).
func parseChinese(s string) (float64, bool) {
	rs := []rune(s)
	if len(rs) < 2 {
		return 0, false
	}
	total, section, digit := 0, 0, 0
	for i, r := range rs {
		if d, ok := cnDigit[r]; ok {
			digit = d
			continue
		}
		u := cnUnit[r]
		switch {
		case u == 0:
			return 0, false
		case u >= 10000:
			section = (section + digit) * u
			total += section
			section, digit = 0, 0
		default:
			if digit == 0 && (i == 0 || rs[i-1] != '零') {
				digit = 1 // 十 → 10, 十五 → 15
			}
			section += digit * u
			digit = 0
		}
	}
	return float64(total + section + digit), true
}

func scale(v float64, unit string) float64 {
	switch unit {
	case "万", "万人", "万元":
		return v * 1e4
	case "亿", "亿元":
		return v * 1e8
	}
	return v
}

func prefixAny(s string, words []string) string {
	for _, w := range words {
		if strings.HasPrefix(s, w) {
			return w
		}
	}
	return ""
}

// firstAny returns the first word of words (in list order, so longer,
// more specific words listed first win) that occurs in s.
func firstAny(s string, words []string) string {
	for _, w := range words {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}

// subjectBefore is the text before a number with trailing verbs and
// particles and leading connectives removed, cut after the last opening
// quote or bracket (a short quoted term keeps what it is a term of), the
// part after a reporting verb, a " - " or a list number; any length.
func subjectBefore(before string) string {
	s := strings.TrimSpace(before)
	if t := firstSuffix(s, shareTails); t != "" {
		s = strings.TrimSpace(strings.TrimSuffix(s, t)) // "讨论量虽仅占总量": a share of the whole
	}
	for changed := true; changed; {
		changed = false
		for _, v := range verbs {
			if strings.HasSuffix(s, v) && len(s) > len(v) {
				s = strings.TrimSpace(strings.TrimSuffix(s, v))
				changed = true
			} else if s == v {
				s = ""
			}
		}
	}
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if head, rest, ok := cutColon(s); ok && leadIn(head) && strings.TrimSpace(rest) != "" {
		s = strings.TrimSpace(rest) // "声量的平台分布为：小红书": the list's item is the subject
	}
	if i := strings.LastIndexAny(s, "“\"「（("); i >= 0 {
		open, n := utf8.DecodeRuneInString(s[i:])
		inner, prefix := s[i+n:], stripLeading(s[:i])
		if _, after, ok := cutColon(prefix); ok {
			prefix = stripLeading(after) // "新增性别维度：女性用户“愤怒”情绪": the subject after the colon
		}
		term, tail := inner, ""
		if k := strings.IndexRune(inner, quotePairs[open]); k >= 0 {
			term, tail = inner[:k], inner[k+len(string(quotePairs[open])):] // "愤怒”情绪": the term, then what it is a term of
		}
		// a short quoted term keeps what it is a term of: 情感类型“羞耻”,
		// 女性用户“愤怒”情绪
		if k := utf8.RuneCountInString(term); k > 0 && k <= 4 && (prefix != "" || tail != "") {
			if rs := []rune(prefix); len(rs)+k+2 > 12 {
				prefix = string(rs[max(0, len(rs)-(10-k)):])
			}
			s = prefix + string(open) + term + string(quotePairs[open]) + tail
		} else {
			s = inner
		}
	}
	s = stripLeading(s)
	// "获客成本从每人" (…三十元降到十二元): the measure, its unit in brackets
	if i := strings.Index(s, "从"); i > 0 {
		if tail := strings.TrimSpace(s[i+len("从"):]); tail != "" {
			s = s[:i] + "（" + tail + "）"
		} else {
			s = s[:i]
		}
	}
	// "笔记中提到三个月内会员": what is reported, not who reports it
	for _, w := range reportingWords {
		if i := strings.LastIndex(s, w); i >= 0 && utf8.RuneCountInString(s[i+len(w):]) >= 2 {
			s = s[i+len(w):]
		}
	}
	if i := strings.LastIndex(s, " - "); i >= 0 {
		s = s[i+3:]
	}
	return strings.TrimSpace(stripListNumber(strings.TrimSpace(s)))
}

// figureLabel is the measured thing: the text before the number with
// trailing verbs and particles removed (subjectBefore), its last 16 runes,
// quotes balanced.
func figureLabel(before string) string {
	rs := []rune(subjectBefore(before))
	if len(rs) > 16 {
		rs = rs[len(rs)-16:]
	}
	return balanceQuotes(strings.TrimSpace(string(rs)))
}

// balanceQuotes gives back the opening mark a label lost at its start
// (trimmed as punctuation, or cut off by the length limit): "无语”出现频率"
// becomes "“无语”出现频率". A closing mark with no opening before it gets
// one at the start; other labels are returned unchanged.
func balanceQuotes(s string) string {
	for _, pair := range [...][2]rune{{'“', '”'}, {'「', '」'}, {'（', '）'}, {'(', ')'}} { // fixed order: deterministic
		open, closing := pair[0], pair[1]
		if c := strings.IndexRune(s, closing); c >= 0 && !strings.ContainsRune(s[:c], open) {
			s = string(open) + s
		}
	}
	return s
}

// stripLeading removes the words of leading from the start of s, and
// returns "" when s is only such a word.
func stripLeading(s string) string {
	for changed := true; changed; {
		changed = false
		for _, p := range leading {
			if s == p {
				return ""
			}
			if strings.HasPrefix(s, p) {
				s, changed = s[len(p):], true
			}
		}
	}
	return s
}

// isConnective reports text before a number that is only connectives and
// verbs (虽然有, 但也有, 其中): the figure's subject must come after it.
func isConnective(before string) bool {
	s := strings.TrimSpace(before)
	return s != "" && figureLabel(s) == ""
}

// afterLabel is the subject of a "N%的…" clause, the text after the
// number and its unit: "的" dropped, cut at the first quote, bracket or
// afterStop word, 2 to 12 runes, else "".
func afterLabel(rest string) string {
	s, ok := strings.CutPrefix(strings.TrimSpace(rest), "的")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(s, "“\"「（(:：—"); i >= 0 {
		s = s[:i]
	}
	for _, w := range afterStop {
		if i := strings.Index(s, w); i > 0 {
			s = s[:i]
		}
	}
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if n := utf8.RuneCountInString(s); n < 2 || n > 12 {
		return ""
	}
	return s
}

// goodLabel accepts a label fit for a KPI card: 2 to 12 runes not
// counting quote marks and brackets, starting with a letter or digit (or
// an opening quote before one), not a list (、) or a table cell (|).
func goodLabel(l string) bool {
	n := 0
	for _, r := range l {
		if _, mark := quotePairs[r]; !mark && !strings.ContainsRune("”」）)", r) {
			n++
		}
	}
	if n < 2 || n > 12 || strings.ContainsAny(l, "|、") {
		return false
	}
	r, size := utf8.DecodeRuneInString(l)
	if _, mark := quotePairs[r]; mark && r != '"' { // "“无语”出现频率": a quoted term first
		r, _ = utf8.DecodeRuneInString(l[size:])
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// findDate finds the first date in clause: 2025年8月25日, 2025年8月,
// 8月25日, 2025-08-25 or 2025/08/25. It returns an ISO date (YYYY-MM-DD,
// YYYY-MM, or --MM-DD without a year) and the text as written.
func findDate(clause string) (iso, raw string, ok bool) {
	rs := []rune(clause)
	num := func(i int) (int, int) { // value, end index
		v, j := 0, i
		for j < len(rs) && j-i < 4 && isDigit(rs[j]) {
			v = v*10 + int(rs[j]-'0')
			j++
		}
		return v, j
	}
	for i := 0; i < len(rs); i++ {
		if !isDigit(rs[i]) || (i > 0 && isDigit(rs[i-1])) {
			continue
		}
		v, j := num(i)
		n := j - i
		if n == 4 && j < len(rs) && (rs[j] == '年' || rs[j] == '-' || rs[j] == '/') {
			sep := rs[j]
			m, k := num(j + 1)
			if k == j+1 || m < 1 || m > 12 {
				continue
			}
			if sep == '年' {
				if k < len(rs) && rs[k] == '月' {
					d, l := num(k + 1)
					if l > k+1 && l < len(rs) && (rs[l] == '日' || rs[l] == '号') && d >= 1 && d <= 31 {
						return pad(v, 4) + "-" + pad(m, 2) + "-" + pad(d, 2), string(rs[i : l+1]), true
					}
					return pad(v, 4) + "-" + pad(m, 2), string(rs[i : k+1]), true
				}
				continue
			}
			if k < len(rs) && rs[k] == sep {
				d, l := num(k + 1)
				if l > k+1 && d >= 1 && d <= 31 {
					return pad(v, 4) + "-" + pad(m, 2) + "-" + pad(d, 2), string(rs[i:l]), true
				}
			}
			continue
		}
		if n <= 2 && j < len(rs) && rs[j] == '月' && v >= 1 && v <= 12 {
			d, l := num(j + 1)
			if l > j+1 && l < len(rs) && (rs[l] == '日' || rs[l] == '号') && d >= 1 && d <= 31 {
				return "--" + pad(v, 2) + "-" + pad(d, 2), string(rs[i : l+1]), true
			}
		}
	}
	return "", "", false
}

// inDate reports whether the number at clause[start:end] is part of a date
// or a year (followed by 年/月/日/号, or a 4-digit number followed by - or /).
func inDate(clause string, start, end int) bool {
	rest := clause[end:]
	for _, s := range []string{"年", "月", "日", "号", "时", "点", "分"} {
		if strings.HasPrefix(rest, s) {
			return true
		}
	}
	if end-start == 4 && (strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, "/")) {
		return true
	}
	if start > 0 {
		prev, _ := utf8.DecodeLastRuneInString(clause[:start])
		if prev == '-' || prev == '/' || prev == '年' || prev == '月' {
			return true
		}
	}
	return false
}

func pad(v, w int) string {
	s := strconv.Itoa(v)
	for len(s) < w {
		s = "0" + s
	}
	return s
}

func dateValue(iso string) float64 {
	v, _ := strconv.ParseFloat(strings.ReplaceAll(strings.TrimPrefix(iso, "--"), "-", ""), 64)
	return v
}

// trendLink matches what joins a figure to the one before it as a second
// value of one measure: an arrow or dash, or a verb of change ("降到",
// "升至", "增长到", "→"): "获客成本从每人三十元降到十二元".
var trendLink = regexp.MustCompile(`^\s*(?:[→~～\-—/]|(?:又|再|并|则|而|却)?(?:降|升|增|涨|跌|减|提高|下降|上升|增长|回落|攀升|飙升|变|缩小|扩大)?(?:到|至|为|成)?)\s*$`)

// kpiClause is what kpiLabel reads around one figure.
type kpiClause struct {
	row, header   string // the row's subject ("樱花季") and the clause's "X：" header ("情绪占比"), or ""
	before, after string // the clause text before the figure (from the previous figure on) and after it
	lead          string // the whole clause text before the figure
	label         string // the figure's Label
	afterForm     bool   // the label is the subject after the number ("26%的网友…")
}

// metricWords name a metric; longer words first (a subject is what is left
// when they are removed).
var metricWords = []string{"阅读量", "播放量", "讨论量", "转发量", "浏览量", "评论量", "点赞量", "互动量", "搜索量", "曝光量",
	"增长率", "粉丝数", "点赞数", "评论数", "声量", "占比", "比例", "比重", "份额", "指数", "排名", "得分", "评分", "分布", "走势",
	"趋势", "限额", "规模", "金额", "价格", "月租", "租金", "成本", "收入", "增幅", "涨幅", "降幅", "增速", "热度", "次数",
	"频率", "频次", "概率", "人数", "数量", "总量", "总数",
	// a rate of an action names no subject by itself ("转发率高达62%": whose
	// reposts is in another clause)
	"转发率", "点击率", "完播率", "互动率", "回复率", "参与率", "打开率", "率"}

// unitMetrics map the word after a 万/亿 figure to the metric it counts
// ("3.8 亿阅读" → 阅读量, "32.7 万赞" → 点赞数).
var unitMetrics = [][2]string{{"次播放", "播放量"}, {"播放", "播放量"}, {"阅读", "阅读量"}, {"浏览", "浏览量"}, {"点赞", "点赞数"},
	{"赞", "点赞数"}, {"转发", "转发量"}, {"评论", "评论数"}, {"讨论", "讨论量"}}

// countUnits are measure words of things and people: a clause that stops
// after "N人" counts what its label names ("开业首周新增粉丝五千人").
var countUnits = []string{"人次", "万人", "人", "次", "条", "篇", "个", "名", "家", "所", "项", "起", "票"}

// approxTails follow a count and still end it ("12次左右").
var approxTails = []string{"左右", "以上", "以下", "之多", "余", "多"}

// countsWhatFollows reports a count by a measure word with the counted
// thing named after it ("20个专业进入全球前1%", "11所高校形成…"): the
// words before the number are then no label — even when they hold a metric
// word, when they end in 有 ("在ESI世界排名有": what the ranking has, not
// the ranking; "声量规模为12780条提及" stays 声量规模's).
func countsWhatFollows(f Figure, after string) bool {
	if f.Unit == "" || prefixAny(f.Unit, countUnits) != f.Unit || prefixAny(after, approxTails) != "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(after)
	return unicode.IsLetter(r)
}

// kpiLabel is the label of a figure's KPI card: what is measured, a
// subject and a metric, built from the clause's own words, or "" when the
// clause gives none. In order:
//   - a clause under a metric header ("情绪占比：浪漫 42% / 焦虑 28%") is
//     labelled header：category, after the row's subject when the text is
//     a row of "X：…；" fields ("樱花季情绪占比：焦虑");
//   - "N%的X" is X's share (网友支持学校的决定占比);
//   - a subject holding a metric word is kept (负面声量, 该事件影响力指数 →
//     事件影响力指数), one before 占 gets 占比 (微博平台占比);
//   - a 万/亿 count followed by what it counts takes that metric
//     ("微博#武大樱花预约# 3.8 亿阅读" → 微博#武大樱花预约#阅读量);
//   - a count of people or things whose clause stops after it labels what
//     it counts (开业首周新增粉丝 五千人); when the clause goes on after the
//     measure word ("带动全省11所高校形成…") the counted thing follows the
//     number and the words before it are no label.
//
// The subject left when the metric words are removed must have two runes
// ("排名 第3", "阅读量 3.8亿" name no subject); the label is at most 18
// runes (a longer one starting at a #hashtag# is cut to it). Dates get no
// KPI label.
func kpiLabel(c kpiClause, f Figure) string {
	if f.Kind == FigDate {
		return ""
	}
	before := c.before
	if c.header != "" {
		if _, b, ok := cutColon(before); ok {
			before = b
		}
	}
	subj := stripDemonstrative(balanceQuotes(subjectBefore(before)))
	if q := quotedEnd(before); q != "" {
		subj = q // "抖音“00 后通宵 WB”", "微博#武大樱花预约#": the term with its marks
	}
	if c.afterForm || subj == "" {
		subj = stripDemonstrative(c.label)
	}
	if k := strings.IndexRune(subj, '#'); k > 0 && utf8.RuneCountInString(subj) > 18 {
		subj = subj[k:] // a long subject before a hashtag: the hashtag names it
	}
	tb := strings.TrimSpace(before)
	after := strings.TrimSpace(c.after)
	if strings.HasPrefix(after, "时") || strings.HasPrefix(after, "以上时") {
		return "" // "当“无语”出现频率超过每百帖30次时": a threshold, not a measurement
	}
	if firstAny(c.lead+c.header, methodWords) != "" {
		return "" // "情感样本：≈ 210 万条有效文本、3.8 亿次阅读": the size of a sample, not a measurement of the topic
	}
	if prefixAny(subj, placeVerbs) != "" {
		return "" // "（纽约大学，）位于美国排名第30位": the subject is in another clause, maybe another's
	}
	if strings.HasSuffix(tb, "有") && countsWhatFollows(f, after) {
		return "" // "在ESI世界排名有20个专业进入…": a count of what follows, not the ranking's
	}
	switch {
	case f.Unit == "%" && firstSuffix(tb, shareTails) != "":
		subj += "占比" // "海外校友的推特讨论量虽仅占总量8%": 海外校友的推特讨论量占比
	case c.header != "" && hasMetric(c.header):
		subj = c.row + c.header + "：" + subj
	case c.afterForm:
		if f.Unit != "%" {
			return ""
		}
		subj = shareOf(after, subj) + "占比"
	case hasMetric(subj):
	case strings.HasSuffix(tb, "占") || strings.HasSuffix(tb, "占比") || strings.HasSuffix(tb, "占到"):
		subj += "占比"
	case f.Unit == "万" || f.Unit == "亿":
		m := ""
		for _, um := range unitMetrics {
			if strings.HasPrefix(after, um[0]) {
				m = um[1]
				break
			}
		}
		if m == "" {
			return ""
		}
		subj += m
	case prefixAny(f.Unit, countUnits) == f.Unit && f.Unit != "":
		if countsWhatFollows(f, after) {
			return "" // "带动全省11所高校形成…": the count is of what follows
		}
	default:
		return ""
	}
	// "咨询人数同比下降43%": a change against a base keeps its direction
	// (a card "咨询人数同比 43%" reads as a level, or a rise)
	if f.Unit == "%" && firstSuffix(subj, []string{"同比", "环比"}) != "" {
		if v := firstSuffix(tb, changeDirections); v != "" {
			subj += v
		}
	}
	left := subj
	for _, m := range metricWords {
		left = strings.ReplaceAll(left, m, "")
	}
	left = strings.TrimFunc(left, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if utf8.RuneCountInString(left) < 2 || utf8.RuneCountInString(subj) > 18 || strings.ContainsAny(subj, "|、") || firstAny(subj, changeVerbs) != "" {
		return ""
	}
	return subj
}

// changeDirections are the verbs of a change a 同比/环比 share states.
var changeDirections = []string{"下降", "下滑", "减少", "降低", "增长", "增加", "上升", "上涨", "提升", "激增", "暴涨", "骤降"}

// shareTails end a clause whose figure is a share of the whole (占总量,
// 占全部): the label is its subject with 占比.
var shareTails = []string{"占总量", "占总数", "占全部", "占整体", "占总体"}

// methodWords describe how the data was gathered: a figure after them
// sizes the sample or the sources, it measures nothing about the topic.
var methodWords = []string{"样本", "抽样", "监测平台", "信源", "数据来源", "数据源", "采集"}

// placeVerbs open a predicate whose subject is elsewhere ("位于美国排名第30位"):
// a label starting with one names no subject.
var placeVerbs = []string{"位于", "地处", "坐落", "位列", "位居", "排在", "名列", "列于"}

// changeVerbs state a change: a label holding one ("指数从A+降至B+（降幅")
// is a clause about the change, not a subject and metric.
var changeVerbs = []string{"降至", "升至", "增至", "降到", "升到", "增长到", "跌至", "涨至"}

// hasMetric reports whether s holds a metric word.
func hasMetric(s string) bool { return firstAny(s, metricWords) != "" }

// stripDemonstrative removes a pointing word opening a label (这位, 该,
// 此): out of its passage it points at nothing.
func stripDemonstrative(s string) string {
	for _, p := range []string{"这位", "这个", "这些", "这名", "这", "该", "此"} {
		if t, ok := strings.CutPrefix(s, p); ok && utf8.RuneCountInString(t) >= 2 {
			return t
		}
	}
	return s
}

// cutColon splits "X：rest" (full-width or ASCII colon) at its first colon.
func cutColon(s string) (head, rest string, ok bool) {
	i := strings.IndexAny(s, "：:")
	if i < 0 {
		return "", s, false
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[:i], s[i+n:], true
}

// clauseHeader is the X of a clause "X：…" (1 to 8 runes, no digit, no
// quote, not a lead-in): the column a table row's cell was under
// ("情绪占比"), or "".
func clauseHeader(clause string) string {
	h, _, ok := cutColon(clause)
	h = strings.TrimSpace(h)
	if n := utf8.RuneCountInString(h); !ok || n < 1 || n > 8 || strings.ContainsAny(h, numberRunes[:10]+"“”\"「」（）()#") || leadIn(h) {
		return ""
	}
	return h
}

// leadInWords end the lead-in of a list in running text ("声量的平台分布为：
// 小红书占46%，抖音占31%…"): what follows the colon is the subject, not a
// table cell under a column.
var leadInWords = []string{"为", "是", "如下", "包括", "分别", "依次"}

// leadIn reports a text ending in a lead-in word.
func leadIn(s string) bool {
	for _, w := range leadInWords {
		if strings.HasSuffix(strings.TrimSpace(s), w) {
			return true
		}
	}
	return false
}

// rowSubject is the subject of a row of "X：…；Y：…" fields (a table row
// the evidence stage wrote out: "维度：樱花季；高光片段：…"): the value of
// its first field when that is short (1 to 10 runes) and holds no digit;
// "" for any other text.
func rowSubject(text string) string {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '；' || r == ';' })
	if len(fields) < 2 || clauseHeader(fields[0]) == "" || clauseHeader(fields[1]) == "" {
		return ""
	}
	_, v, _ := cutColon(fields[0])
	v = strings.TrimSpace(v)
	if n := utf8.RuneCountInString(v); n < 1 || n > 10 || strings.ContainsAny(v, numberRunes[:10]+"：:") {
		return ""
	}
	return v
}

// cutOff reports whether clause, the last of text, was cut off: text
// stops without a sentence mark and the clause ends on a joining word or
// mark (的, 与, 和, 及, 或, 、) — the scraped page was stored cut at a fixed
// length.
func cutOff(text, clause string) bool {
	last, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(text))
	if strings.ContainsRune("。｡.!！?？;；…”’」』）)》%", last) || unicode.IsDigit(last) {
		return false
	}
	end, _ := utf8.DecodeLastRuneInString(clause)
	return strings.ContainsRune("的与和及或、", end)
}

// ordinalCounter reports whether rest (what follows a "第N") opens with a
// counter of editions, rounds or parts (届, 轮, 期, 个 …): "第十一届" is the
// eleventh edition, not a ranking.
func ordinalCounter(rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("届轮期批次版代章节页季集回场号个", r)
}

// quotedEnd is the quoted term or #hashtag# that before ends with, with
// its marks and at most 6 runes of what precedes it ("高光叙事：抖音“00 后通宵
// WB” " → 抖音“00 后通宵 WB”), or "" when before ends otherwise.
func quotedEnd(before string) string {
	t := strings.TrimSpace(before)
	for _, p := range [...][2]string{{"“", "”"}, {"「", "」"}, {"#", "#"}, {"《", "》"}} {
		body, ok := strings.CutSuffix(t, p[1])
		if !ok {
			continue
		}
		k := strings.LastIndex(body, p[0])
		if k < 0 || k+len(p[0]) == len(body) {
			return ""
		}
		_, pre, _ := cutColon(body[:k])
		pre = stripLeading(strings.TrimSpace(pre))
		if rs := []rune(pre); len(rs) > 6 {
			pre = string(rs[len(rs)-6:])
		}
		return pre + t[k:]
	}
	return ""
}

// people are the groups a share is of ("19%的网友认为…").
var people = []string{"网友", "网民", "用户", "受访者", "受访学生", "学生", "家长", "市民", "公众", "评论", "留言", "帖子", "博主", "观众", "读者", "消费者", "居民", "校友", "教师"}

// shareOf is what a "N%的X…" share is of: for a group of people followed
// by what they say or do, "认为保安不应该打人的网友" (the clause's words,
// the group moved to the end, at most 14 runes); else label, the subject
// as FindFigures cut it.
func shareOf(after, label string) string {
	rest, ok := strings.CutPrefix(after, "的")
	if !ok {
		return label
	}
	rest = strings.TrimRightFunc(rest, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	for _, p := range people {
		if pred, ok := strings.CutPrefix(rest, p); ok && pred != "" && utf8.RuneCountInString(pred)+utf8.RuneCountInString(p) <= 13 && !strings.ContainsAny(pred, "“”\"「」（）()") {
			return pred + "的" + p
		}
	}
	return label
}
