package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// kpiClause is what kpiLabel reads around one figure.
type kpiClause struct {
	row, header   string // the row's subject ("樱花季") and the clause's "X：" header ("情绪占比"), or ""
	platform      string // the platform its sentence opens with ("小红书：…", platformHeads), or ""
	before, after string // the clause text before the figure (from the previous figure on) and after it
	lead          string // the whole clause text before the figure
	prev          string // the clause before this one, or ""
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
	if f.Unit == "" || text.FirstPrefix(f.Unit, countUnits) != f.Unit || text.FirstPrefix(after, approxTails) != "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(after)
	return unicode.IsLetter(r)
}

// noMeasurement reports a figure whose clause measures nothing of the
// subject before it (tb, trimmed) — a threshold, the size of a sample, a
// subject in another clause, or a count of what follows a 有 — so that it
// gets no KPI label.
func noMeasurement(c kpiClause, f Figure, subj, tb, after string) bool {
	switch {
	case strings.HasPrefix(after, "时") || strings.HasPrefix(after, "以上时"):
		return true // "当“无语”出现频率超过每百帖30次时": a threshold, not a measurement
	case text.FirstWord(c.lead+c.header, methodWords) != "":
		return true // "情感样本：≈ 210 万条有效文本、3.8 亿次阅读": the size of a sample, not a measurement of the topic
	case text.FirstPrefix(subj, placeVerbs) != "":
		return true // "（纽约大学，）位于美国排名第30位": the subject is in another clause, maybe another's
	case strings.HasSuffix(tb, "有") && countsWhatFollows(f, after):
		return true // "在ESI世界排名有20个专业进入…": a count of what follows, not the ranking's
	}
	return false
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
//     number and the words before it are no label, nor are they when they
//     end in a verb of bringing or reaching (bringVerbs: "桂花拿铁上市带来
//     2860条" names no counted thing).
//
// A sentence that opens with a platform as its header ("小红书：…", "抖音端：…")
// gives every label of its clauses that platform first, when the label does
// not name it (小红书18-24岁用户占比).
//
// The subject left when the metric words are removed must have two runes
// ("排名 第3", "阅读量 3.8亿" name no subject); the label is at most 18
// runes (hashtagSubject: a longer one holding a #hashtag# is cut to it).
// Dates get no KPI label.
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
	subj = hashtagSubject(subj, before)
	subj = datedSubject(subj, c.prev+c.lead)
	tb := strings.TrimSpace(before)
	after := strings.TrimSpace(c.after)
	if noMeasurement(c, f, subj, tb, after) {
		return ""
	}
	switch {
	case f.Unit == "%" && text.FirstSuffix(tb, shareTails) != "":
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
		k := slices.IndexFunc(unitMetrics, func(um [2]string) bool { return strings.HasPrefix(after, um[0]) })
		if k < 0 {
			return ""
		}
		subj += unitMetrics[k][1]
	case text.FirstPrefix(f.Unit, countUnits) == f.Unit && f.Unit != "":
		if countsWhatFollows(f, after) {
			return "" // "带动全省11所高校形成…": the count is of what follows
		}
		if text.FirstSuffix(subj, bringVerbs) != "" {
			return "" // "5月桂花拿铁上市带来2860条": what was brought is not named
		}
	default:
		return ""
	}
	// "咨询人数同比下降43%": a change against a base keeps its direction
	// (a card "咨询人数同比 43%" reads as a level, or a rise)
	if f.Unit == "%" && text.FirstSuffix(subj, []string{"同比", "环比"}) != "" {
		if v := text.FirstSuffix(tb, changeDirections); v != "" {
			subj += v
		}
	}
	if c.platform != "" && !strings.Contains(subj, c.platform) {
		subj = c.platform + subj // "小红书：判决后48小时新增笔记8,700篇": 小红书判决后48小时新增笔记
	}
	left := subj
	for _, m := range metricWords {
		left = strings.ReplaceAll(left, m, "")
	}
	left = strings.TrimFunc(left, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	if utf8.RuneCountInString(left) < 2 || utf8.RuneCountInString(subj) > 18 || strings.ContainsAny(subj, "|、") || text.FirstWord(subj, changeVerbs) != "" {
		return ""
	}
	return subj
}

// bringVerbs end a clause before a count whose counted thing it leaves
// unnamed ("5月桂花拿铁上市带来2860条": 2860 of what): such a clause is no
// KPI label.
var bringVerbs = []string{"带来", "带动", "引发", "引起", "产生", "达到", "超过", "突破", "收获", "获得"}

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
func hasMetric(s string) bool { return text.FirstWord(s, metricWords) != "" }

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
	return text.FirstSuffix(strings.TrimSpace(s), leadInWords) != ""
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

// sampleSize is a sample's size in brackets ("（n=6,700条视频）", "(N=1.1万条)"):
// the size of what was measured, no figure of the topic.
var sampleSize = regexp.MustCompile(`[（(]\s*[nN]\s*[=＝][^（()）]{0,30}[）)]`)

// inSpan reports byte offset i inside one of spans.
func inSpan(spans [][]int, i int) bool {
	return slices.ContainsFunc(spans, func(sp []int) bool { return i >= sp[0] && i < sp[1] })
}

// platformHeads gives each of text's n clauses (clauses) the platform its
// sentence opens with as a header — "小红书：判决后48小时新增笔记8,700篇，
// 18-24岁用户占63%" gives 小红书 to both clauses; "抖音端：" and "微博上："
// name 抖音 and 微博 — or "". The platform is written as the text writes
// it, without 端/平台/上.
func platformHeads(text string, n int) []string {
	out := make([]string, 0, n)
	start := 0
	for i, r := range text + "。" {
		if !strings.ContainsRune("。｡！？!?；;\n", r) {
			continue
		}
		cs := clauses(text[start:min(i, len(text))])
		start = min(i+utf8.RuneLen(r), len(text))
		if len(cs) == 0 {
			continue
		}
		head := ""
		if h, _, ok := cutColon(cs[0]); ok {
			h = strings.TrimSpace(h)
			for _, tail := range []string{"端", "平台", "上"} {
				h = strings.TrimSuffix(h, tail)
			}
			if _, ok := PlatformNamed(h); ok {
				head = h
			}
		}
		for range cs {
			out = append(out, head)
		}
	}
	if len(out) != n {
		return make([]string, n) // clauses cut otherwise across sentences: no heads
	}
	return out
}

// hashtagSubject is a KPI subject with its #hashtag# whole: the opening
// mark given back when it was trimmed as punctuation (before holds
// "#"+what precedes the subject's only mark), and a subject over 18 runes
// cut to the hashtag (a long subject before it: the hashtag names it)
// and what follows the hashtag up to the end of its first metric word
// ("#武大图书馆副本攻略#话题播放量48小时" is "#武大图书馆副本攻略#话题播放量").
// Other subjects are returned unchanged.
func hashtagSubject(subj, before string) string {
	k := strings.IndexRune(subj, '#')
	if k < 0 {
		return subj
	}
	if strings.Count(subj, "#") == 1 && strings.Contains(before, "#"+subj[:k+1]) {
		subj, k = "#"+subj, 0
	}
	if utf8.RuneCountInString(subj) <= 18 {
		return subj
	}
	subj = subj[k:]
	end := strings.IndexRune(subj[1:], '#')
	if end < 0 {
		return subj
	}
	tag, rest := subj[:end+2], subj[end+2:]
	metric := firstAny(rest, metricWords)
	if metric == "" {
		return subj
	}
	return tag + rest[:strings.Index(rest, metric)+len(metric)]
}

// monthWritten matches a month written before a figure (7月, 七月).
var monthWritten = regexp.MustCompile(`(?:[0-9]{1,2}|[一二三四五六七八九十]{1,3})月`)

// datedSubject gives a subject opening with 当月 ("that month") the
// month written last before it in text (its clause and the one before):
// "7月因雨季运输延误断货两天，当月提及量3120条" is 7月提及量 (a card reading
// 当月提及量 names no month). Other subjects, and those whose text names no
// month before, are returned unchanged.
func datedSubject(subj, text string) string {
	rest, ok := strings.CutPrefix(subj, "当月")
	if !ok {
		return subj
	}
	at := strings.LastIndex(text, "当月")
	if at < 0 {
		at = len(text)
	}
	ms := monthWritten.FindAllString(text[:at], -1)
	if len(ms) == 0 {
		return subj
	}
	return ms[len(ms)-1] + rest
}
