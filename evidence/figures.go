package evidence

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
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
	// Event is the id of the event its item is about (GroupEvents), ""
	// for none; Contested the id of another event the same text states
	// the figure of (Set.markContested): such a figure is no KPI.
	Event     string `json:"event,omitempty"`
	Contested string `json:"contested,omitempty"`
	// Forum marks a figure of a passage found only in forum speeches (no
	// web page, engine summary or final report holds it): unless a page
	// states it too (Primary), its KPI card says so (prompts.ForumMark).
	Forum bool `json:"forum,omitempty"`
	// Disagree lists the other passages' values of the same measure when
	// they differ (Set.markDisagreements: "1,847次→68次[E1940]"), "" when
	// none: the report flags the figure 来源不一致 where it prints it.
	Disagree string `json:"disagree,omitempty"`
}

var sentimentWords = []string{"非常正面", "非常负面", "正面", "负面", "中性", "中立", "积极", "消极", "支持", "反对", "质疑", "愤怒", "担忧", "好评", "差评"}
var ageWords = []string{"00后", "90后", "80后", "70后", "60后", "95后", "05后", "岁"}
var volumeWords = []string{"阅读", "浏览", "播放", "转发", "评论", "点赞", "讨论", "热搜", "曝光", "互动", "声量", "话题", "搜索", "关注", "粉丝", "传播"}
var measureWords = []string{"人次", "万人", "人", "次", "条", "篇", "个", "名", "家", "所", "项", "起", "元", "亿元", "万元", "票"}

// verbs end the text before a figure without being part of what is
// measured: the qualifiers of text.FigureBound first (a label never keeps
// one: "主帖阅读量破12万" is 主帖阅读量), then the verbs and particles.
var verbs = append(text.BoundWords(), "虽然只有", "虽然只", "虽只", "虽仅", "只有", "仅有", "只", "第", "前", "却", "也", "则", "高达", "达到", "飙升至", "飙到", "约占", "占比", "占到", "增长", "激增", "上升", "下降", "降至", "升至", "为", "是", "达", "占", "共", "有", "的", "从", "至", "到", "了", "仅")

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
	heads := platformHeads(text, len(cs))
	var carry Figure // the last figure with a KPI label, for a clause that goes on with its change
	for i, clause := range cs {
		prev := ""
		if i > 0 {
			prev = cs[i-1]
		}
		figs := clauseFigures(id, clause, prev, row, heads[i], &carry)
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

// numberUnit reads the unit after the number ending at i in clause
// (rest: the clause from there, one space skipped before a unit): %, 万/亿
// with a measure word after it, or a measure word (a Chinese numeral
// under ten takes none: "三成" is no count of 成); the figure is a share,
// a count, a ranking (after 第, after 前 with %, 名 or no unit, or in a
// clause naming 排名) or an index (指数 before it), "" when none. It
// returns the unit, the kind and where the figure ends.
func numberUnit(clause, rest, before string, i int, val float64, chinese bool) (string, FigureKind, int) {
	unit, kind := "", FigureKind("")
	switch r, n := utf8.DecodeRuneInString(rest); r {
	case '%', '％':
		unit, kind, i = "%", FigShare, i+n
	case '亿', '万':
		unit, kind, i = string(r), FigCount, i+n
		if m := text.FirstPrefix(clause[i:], measureWords); m != "" {
			i += len(m)
		}
	default:
		if m := text.FirstPrefix(rest, measureWords); m != "" && !strings.HasSuffix(before, "第") && (!chinese || val >= 10) {
			unit, kind, i = m, FigCount, i+len(m)
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
	return unit, kind, i
}

// figureRaw is a figure as written, clause[start:end] with one space
// removed; a ranking is written whole ("前1%", "第3名").
func figureRaw(clause, before string, start, end int, kind FigureKind) string {
	raw := strings.Replace(strings.TrimSpace(clause[start:end]), " ", "", 1)
	if kind == FigRank && strings.HasSuffix(before, "前") {
		raw = "前" + raw // "前1%", "前10"
	}
	if kind == FigRank && strings.HasSuffix(before, "第") {
		raw = "第" + raw // a ranking is written whole: "第3", "第3名"
		if strings.HasPrefix(clause[end:], "名") || strings.HasPrefix(clause[end:], "位") {
			raw += clause[end : end+len("名")]
		}
	}
	return raw
}

// groupFigure files a share or count under its group when its label names
// one: a sentiment (a share), a platform (the platform table's name), an
// age group (a share); a 万/亿 count in a clause about volume is a volume.
func groupFigure(f *Figure, label, clause string) {
	if f.Kind != FigShare && f.Kind != FigCount {
		return
	}
	kind := f.Kind
	if g := text.FirstWord(label, sentimentWords); g != "" && kind == FigShare {
		f.Kind, f.Group = FigSentiment, g
	} else if g := text.FirstWord(label, platformWords); g != "" {
		p, _ := PlatformNamed(g) // the platform table's name: 哔哩哔哩 → B站
		f.Kind, f.Group = FigPlatform, p.Name
	} else if g := text.FirstWord(label, ageWords); g != "" && kind == FigShare {
		f.Kind, f.Group = FigAge, g
	} else if kind == FigCount && (f.Unit == "万" || f.Unit == "亿") && text.FirstWord(clause, volumeWords) != "" {
		f.Kind = FigVolume
	}
}

// clauseFigures finds the figures of one clause; prev is the clause
// before it ("" for the first), where 当月 finds its month. platform is the platform
// its sentence opens with (platformHeads); carry is the passage's last
// figure with a KPI label before this clause (crossTrend); it is updated
// to this clause's last such figure. A number inside a sample size
// ("（n=6,700条视频）") is no figure, and the text before the next one
// reads on across it, without it.
func clauseFigures(id, clause, prev, row, platform string, carry *Figure) []Figure {
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
	} else if d, raw, ok := text.FindDate(clause); ok {
		out = append(out, Figure{ItemID: id, Kind: FigDate, Label: clause, Raw: raw, Date: d, Value: dateValue(d), Sentence: clause})
	}
	prevEnd := 0
	samples := sampleSize.FindAllStringIndex(clause, -1)
	lastLabel, lastKPI := "", ""
	for i := 0; i < len(clause); {
		start, j, val, chinese, ok := nextNumber(clause, i)
		if !ok {
			break
		}
		i = j
		if inDate(clause, start, j) || inSpan(samples, start) {
			continue
		}
		rest := clause[j:]
		if r, ok := strings.CutPrefix(rest, " "); ok && (text.FirstPrefix(r, []string{"%", "％", "亿", "万"}) != "" || text.FirstPrefix(r, measureWords) != "") {
			rest, i = r, i+1 // "3.8 亿阅读": one space between a number and its unit
		}
		before := sampleSize.ReplaceAllString(clause[prevEnd:start], "")
		if strings.HasSuffix(before, "第") && ordinalCounter(rest) {
			continue // "第十一届", "第二轮": an edition or a round, not a ranking
		}
		unit, kind, n := numberUnit(clause, rest, before, i, val, chinese)
		i = n
		if kind == "" {
			continue
		}
		label := figureLabel(before)
		if label == "" || !goodLabel(label) && goodLabel(lastLabel) {
			label = lastLabel // "从三十元降到十二元": the second value has the first one's label
		}
		lastLabel = label
		f := Figure{ItemID: id, Kind: kind, Label: label, Raw: figureRaw(clause, before, start, i, kind), Value: val, Unit: unit,
			Scaled: scale(val, unit), Sentence: clause}
		// "26%的网友支持学校的决定": the subject follows the number
		shown := label
		if !goodLabel(shown) || strings.TrimSpace(before) == "" || isConnective(before) {
			if a := afterLabel(clause[i:]); a != "" {
				shown = a
			}
		}
		groupFigure(&f, label, clause)
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
			f.KPI = kpiLabel(kpiClause{row: row, header: header, platform: platform, before: before, prev: prev, lead: clause[:start], after: clause[i:], label: f.Label, afterForm: shown != label}, f)
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
	rest := s[i+1:]
	return len(rest)-len(strings.TrimLeft(rest, "0123456789")) == 3
}

func nextNumber(s string, i int) (start, end int, val float64, chinese, ok bool) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isDigit(r) {
			j := i
			for j < len(s) && (isDigit(rune(s[j])) || s[j] == '.' || s[j] == ',' && thousands(s, j)) {
				j++
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
			k := i + len(strings.TrimRight(s[i:j], "万亿")) // a trailing 万 or 亿 is the figure's unit, not part of the number
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

// subjectBefore is the text before a number with trailing verbs and
// particles and leading connectives removed, cut after the last opening
// quote or bracket (a short quoted term keeps what it is a term of), the
// part after a reporting verb, a " - " or a list number; any length.
func subjectBefore(before string) string {
	s := strings.TrimSpace(before)
	if t := text.FirstSuffix(s, shareTails); t != "" {
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
	// "获客成本从每人" (…三十元降到十二元): the measure, its unit in brackets;
	// a time is the first value's only ("差评率从开业时的" …2%升至4%): it
	// is said as the start (开业时起), so a card of both values reads
	// since when ("差评率（从开业时）" had read as a sentence cut short)
	if i := strings.Index(s, "从"); i > 0 {
		if tail := strings.TrimSpace(s[i+len("从"):]); tail != "" {
			if text.FirstSuffix(tail, timePoints) != "" {
				tail += "起"
			}
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

// timePoints end a time a trend starts from (开业时, 7月, 年初, 判决前).
var timePoints = []string{"时", "月", "年", "日", "初", "底", "前", "后", "期间"}

// figureLabel is the measured thing: the text before the number with
// trailing verbs and particles removed (subjectBefore), its last 16 runes,
// quotes balanced.
func figureLabel(before string) string {
	rs := []rune(subjectBefore(before))
	rs = rs[max(0, len(rs)-16):]
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

// trendLink matches what joins a figure to the one before it as a second
// value of one measure: an arrow or dash, or a verb of change ("降到",
// "升至", "增长到", "→"): "获客成本从每人三十元降到十二元".
var trendLink = regexp.MustCompile(`^\s*(?:[→~～\-—/]|(?:又|再|并|则|而|却)?(?:降|升|增|涨|跌|减|提高|下降|上升|增长|回落|攀升|飙升|变|缩小|扩大)?(?:到|至|为|成)?)\s*$`)
