package evidence

import (
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
	ItemID   string     `json:"item_id"`
	Kind     FigureKind `json:"kind"`
	Label    string     `json:"label"`           // what is measured: 负面声量, 阅读量; for dates the event clause
	Group    string     `json:"group,omitempty"` // the category for sentiment/platform/age: 负面, 微博, 90后
	Raw      string     `json:"raw"`             // as written: 79%, 3.8亿, 2025年8月25日
	Value    float64    `json:"value"`           // the number as written (79, 3.8); for dates YYYYMMDD
	Unit     string     `json:"unit,omitempty"`  // %, 万, 亿, 人, 次, …
	Scaled   float64    `json:"scaled"`          // Value with 万 (×1e4) and 亿 (×1e8) applied; percentages as written
	Date     string     `json:"date,omitempty"`  // ISO date (YYYY-MM-DD, or --MM-DD without a year) for FigDate
	Sentence string     `json:"sentence"`        // the clause around the figure
}

var sentimentWords = []string{"非常正面", "非常负面", "正面", "负面", "中性", "中立", "积极", "消极", "支持", "反对", "质疑", "愤怒", "担忧", "好评", "差评"}
var platformWords = []string{"微博", "抖音", "微信", "公众号", "B站", "哔哩哔哩", "小红书", "知乎", "快手", "今日头条", "头条", "百度贴吧", "贴吧", "豆瓣", "视频号", "Twitter", "Facebook", "YouTube", "TikTok", "Reddit"}
var ageWords = []string{"00后", "90后", "80后", "70后", "60后", "95后", "05后", "岁"}
var volumeWords = []string{"阅读", "浏览", "播放", "转发", "评论", "点赞", "讨论", "热搜", "曝光", "互动", "声量", "话题", "搜索", "关注", "粉丝", "传播"}
var measureWords = []string{"人次", "万人", "人", "次", "条", "篇", "个", "名", "家", "所", "项", "起", "元", "亿元", "万元", "票"}
var verbs = []string{"第", "前", "却", "也", "则", "高达", "达到", "飙升至", "飙到", "突破", "超过", "约占", "占比", "占到", "增长", "激增", "上升", "下降", "降至", "升至", "为", "是", "达", "占", "约", "超", "近", "逾", "共", "有", "的", "从", "至", "到", "了", "仅"}

// leading are words that open a clause but are not part of what is measured.
var leading = []string{"然而", "但是", "同时", "其中", "据统计", "统计显示", "数据显示", "由于", "虽然", "尽管", "不过", "因为", "所以", "如果", "另外", "此外", "新增", "而", "使", "在", "较", "据", "且", "但", "并"}

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
	for _, clause := range clauses(text) {
		out = append(out, clauseFigures(id, clause)...)
	}
	return out
}

// clauses splits text at sentence marks and commas; a figure's label and
// category come from its own clause.
func clauses(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
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

func clauseFigures(id, clause string) []Figure {
	var out []Figure
	if !strings.ContainsAny(clause, numberRunes) {
		return nil
	}
	if !strings.ContainsAny(clause, "年月-/") {
		// no date can be here
	} else if d, raw, ok := findDate(clause); ok {
		out = append(out, Figure{ItemID: id, Kind: FigDate, Label: clause, Raw: raw, Date: d, Value: dateValue(d), Sentence: clause})
	}
	prevEnd := 0
	lastLabel := ""
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
		before := clause[prevEnd:start]
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
		f := Figure{ItemID: id, Kind: kind, Label: label, Raw: strings.TrimSpace(clause[start:i]), Value: val, Unit: unit, Scaled: scale(val, unit), Sentence: clause}
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
				f.Kind, f.Group = FigPlatform, g
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
func nextNumber(s string, i int) (start, end int, val float64, chinese, ok bool) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isDigit(r) {
			j := i
			for j < len(s) {
				c := s[j]
				if (c >= '0' && c <= '9') || c == '.' || (c == ',' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
					j++
					continue
				}
				break
			}
			text := strings.TrimRight(strings.ReplaceAll(s[i:j], ",", ""), ".")
			end := i + len(text)
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

// figureLabel is the measured thing: the text before the number with
// trailing verbs and particles removed, at most 16 runes, cut after the
// last opening quote or bracket.
func figureLabel(before string) string {
	s := strings.TrimSpace(before)
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
	if i := strings.LastIndexAny(s, "“\"「（("); i >= 0 {
		open, n := utf8.DecodeRuneInString(s[i:])
		inner, prefix := s[i+n:], stripLeading(s[:i])
		// a short quoted term keeps what it is a term of: 情感类型“羞耻”
		if k := utf8.RuneCountInString(inner); k > 0 && k <= 4 && prefix != "" {
			if rs := []rune(prefix); len(rs)+k+2 > 12 {
				prefix = string(rs[max(0, len(rs)-(10-k)):])
			}
			s = prefix + string(open) + inner + string(quotePairs[open])
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
	s = strings.TrimSpace(stripListNumber(strings.TrimSpace(s)))
	rs := []rune(s)
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
