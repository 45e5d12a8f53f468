package ir

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Normalize makes the deterministic repairs a decoded chapter needs for the
// deviations capable models commonly make, before ValidateChapter sees it.
// It changes c in place and returns one note per change, each prefixed by
// the block's JSON path in the chapter ("blocks[3].listType: missing
// listType set to \"bullet\""), so nothing is changed silently: the chapter
// stage lists the notes in the manifest. It never invents content: every
// value it sets is a default the renderer would use anyway, a fixed value
// the validator demands, or text the model wrote, moved to the field that
// holds it. Normalize is idempotent (a second call returns no notes).
//
// Call it after the chapter's identity is final (the chapter anchor seeds
// generated heading anchors). The rules, by block type:
//
//   - heading: level 0 (missing) becomes 2 for the first top-level block
//     and 3 elsewhere, a level above 6 becomes 6; a missing or invalid
//     anchor (Chinese text, spaces) becomes "<chapter anchor>-h<n>", n
//     counting the chapter's headings from 1, made unique.
//   - list: a missing listType becomes "bullet"; 无序/项目 → bullet,
//     有序/编号 → ordered, any other value not in the enum → bullet.
//   - callout: a missing tone becomes "info"; aliases: warn/caution/注意/
//     警告/提醒 → warning, error/critical/alert/危险/风险/严重 → danger,
//     note/tip/提示/说明/信息 → info, ok/positive/成功/积极 → success; any
//     other value → info.
//   - engineQuote: the engine is read from a free form ("Insight Agent",
//     "InsightEngine", "洞察", "媒体", "查询"; when missing, from the title);
//     the title becomes the engine's fixed title ("Insight Agent", "Media
//     Agent", "Query Agent"; the old title is named in the note); a child
//     that is not a paragraph becomes a paragraph of its text (dropped when
//     it has none); marks other than bold and italic are removed, their
//     text kept.
//   - swotTable impact and pestTable trend: free text becomes the enum
//     value it starts with or maps to (impact "高：支撑声誉" → "高", "较高"
//     → "中高", "high" → "高"; trend "负面" → "负面影响", "利好" →
//     "正面利好", "观察" → "持续观察"); the rest of the text ("支撑声誉") is
//     moved to the item's detail. Text that maps to no value is moved to
//     detail whole and the field cleared.
//   - kpiGrid deltaTone: 上升/增长/positive → up, 下降/减少/negative → down,
//     持平/平稳/stable → neutral; other text moves to delta (when delta is
//     empty) and the field is cleared.
//   - widget: a bare or loosely written chart kind ("bar", "Bar",
//     "chartjs/bar", "柱状图") becomes "chart.js/<kind>"; a missing
//     widgetType is taken from props.type.
//
// BettaFish does some of this (it forces list types and engine titles)
// without saying so; here each change is a note.
func Normalize(c *Chapter) []string {
	if c == nil {
		return nil
	}
	n := &normalizer{anchor: c.Anchor, used: map[string]bool{}}
	if n.anchor == "" || !IsAnchor(n.anchor) {
		n.anchor = "section"
	}
	c.Walk(func(_ string, b *Block) {
		if b.Type == TypeHeading && IsAnchor(b.Anchor) {
			n.used[b.Anchor] = true
		}
	})
	c.Walk(n.block)
	return n.notes
}

type normalizer struct {
	anchor   string
	used     map[string]bool // heading anchors in the chapter
	headings int
	notes    []string
}

func (n *normalizer) note(path, format string, args ...any) {
	n.notes = append(n.notes, path+": "+fmt.Sprintf(format, args...))
}

func (n *normalizer) block(path string, b *Block) {
	switch b.Type {
	case TypeHeading:
		n.heading(path, b)
	case TypeList:
		if v, ok := n.enum(path+".listType", "listType", b.ListType, tagEnum(reflect.TypeOf(Block{}), "ListType"), listTypeWords, "bullet"); ok {
			b.ListType = v
		}
	case TypeCallout:
		if v, ok := n.enum(path+".tone", "tone", b.Tone, tagEnum(reflect.TypeOf(Block{}), "Tone"), toneWords, "info"); ok {
			b.Tone = v
		}
	case TypeEngineQuote:
		n.engineQuote(path, b)
	case TypeSwotTable, TypePestTable:
		impacts := tagEnum(reflect.TypeOf(QuadrantItem{}), "Impact")
		trends := tagEnum(reflect.TypeOf(QuadrantItem{}), "Trend")
		for _, q := range quadrantsOf(b) {
			if !slices.Contains(quadrants[b.Type], q.name) {
				continue
			}
			for i := range *q.items {
				it, p := &(*q.items)[i], index(path+"."+q.name, i)
				if b.Type == TypeSwotTable {
					n.quadrantEnum(p+".impact", it, &it.Impact, impacts, impactWords)
				} else {
					n.quadrantEnum(p+".trend", it, &it.Trend, trends, trendWords)
				}
			}
		}
	case TypeKPIGrid:
		tones := tagEnum(reflect.TypeOf(KPI{}), "DeltaTone")
		for i := range b.KPIItems {
			k := &b.KPIItems[i]
			p := index(path+".items", i) + ".deltaTone"
			if k.DeltaTone == "" || slices.Contains(tones, k.DeltaTone) {
				continue
			}
			if v, _, ok := matchEnum(k.DeltaTone, tones, deltaToneWords); ok {
				n.note(p, "deltaTone %q converted to %q", k.DeltaTone, v)
				k.DeltaTone = v
				continue
			}
			if k.Delta == "" {
				n.note(p, "deltaTone %q is no tone: moved to delta", k.DeltaTone)
				k.Delta = k.DeltaTone
			} else {
				n.note(p, "deltaTone %q is no tone: cleared", k.DeltaTone)
			}
			k.DeltaTone = ""
		}
	case TypeWidget:
		n.widget(path, b)
	}
}

func (n *normalizer) heading(path string, b *Block) {
	n.headings++
	switch {
	case b.Level == 0:
		b.Level = 3
		if path == "blocks[0]" {
			b.Level = 2
		}
		n.note(path+".level", "missing heading level set to %d", b.Level)
	case b.Level > 6:
		n.note(path+".level", "heading level %d lowered to 6", b.Level)
		b.Level = 6
	}
	if IsAnchor(b.Anchor) {
		return
	}
	id := UniqueAnchor(n.used, n.anchor+"-h"+strconv.Itoa(n.headings))
	if b.Anchor == "" {
		n.note(path+".anchor", "missing heading anchor set to %q", id)
	} else {
		n.note(path+".anchor", "invalid heading anchor %q replaced by %q", b.Anchor, id)
	}
	b.Anchor = id
}

// enum fixes a required enum field: empty → def, an alias → its value,
// anything else → def. ok is false when v was already valid.
func (n *normalizer) enum(path, name, v string, values []string, words []enumWord, def string) (string, bool) {
	if slices.Contains(values, v) {
		return v, false
	}
	if strings.TrimSpace(v) == "" {
		n.note(path, "missing %s set to %q", name, def)
		return def, true
	}
	if m, _, ok := matchEnum(v, values, words); ok {
		n.note(path, "%s %q converted to %q", name, v, m)
		return m, true
	}
	n.note(path, "unknown %s %q replaced by %q", name, v, def)
	return def, true
}

// quadrantEnum fixes a SWOT impact or PEST trend written as free text.
func (n *normalizer) quadrantEnum(path string, it *QuadrantItem, field *string, values []string, words []enumWord) {
	v := *field
	if v == "" || slices.Contains(values, v) {
		return
	}
	m, rest, ok := matchEnum(v, values, words)
	if ok {
		*field = m
		if rest == "" {
			n.note(path, "%q converted to %q", v, m)
			return
		}
		n.note(path, "%q converted to %q, the rest %q moved to detail", v, m, rest)
	} else {
		*field, rest = "", strings.TrimSpace(v)
		n.note(path, "%q is not one of %s: moved to detail", v, strings.Join(values, ", "))
	}
	switch {
	case it.Detail == "":
		it.Detail = rest
	case !strings.Contains(it.Detail, rest):
		it.Detail = rest + "；" + it.Detail
	}
}

func (n *normalizer) engineQuote(path string, b *Block) {
	if _, ok := engineTitles[b.Engine]; !ok {
		e := engineOf(b.Engine)
		if e == "" && b.Engine == "" {
			e = engineOf(b.Title)
		}
		if e != "" {
			if b.Engine == "" {
				n.note(path+".engine", "missing engine read from the title %q as %q", b.Title, e)
			} else {
				n.note(path+".engine", "engine %q converted to %q", b.Engine, e)
			}
			b.Engine = e
		}
	}
	if want, ok := engineTitles[b.Engine]; ok && b.Title != want {
		if b.Title == "" {
			n.note(path+".title", "missing engineQuote title set to %q", want)
		} else {
			n.note(path+".title", "engineQuote title %q replaced by the fixed %q", b.Title, want)
		}
		b.Title = want
	}
	kept := b.Blocks[:0]
	for i, c := range b.Blocks {
		cp := index(path+".blocks", i)
		if c.Type != TypeParagraph {
			text := strings.TrimSpace(BlockText(c))
			if text == "" {
				n.note(cp, "%s child without text dropped (engineQuote holds paragraphs only)", c.Type)
				continue
			}
			n.note(cp, "%s child converted to a paragraph of its text (engineQuote holds paragraphs only)", c.Type)
			c = paragraphOf(text)
		}
		for j := range c.Inlines {
			in := &c.Inlines[j]
			in.Marks = slices.DeleteFunc(in.Marks, func(mk Mark) bool {
				drop := mk.Type != MarkBold && mk.Type != MarkItalic
				if drop {
					n.note(fmt.Sprintf("%s.inlines[%d]", cp, j),
						"%s mark removed (engineQuote allows bold and italic only), text kept", mk.Type)
				}
				return drop
			})
			if len(in.Marks) == 0 {
				in.Marks = nil
			}
		}
		kept = append(kept, c)
	}
	b.Blocks = kept
}

func (n *normalizer) widget(path string, b *Block) {
	if IsWidgetType(b.WidgetType) {
		return
	}
	src, from := b.WidgetType, "widgetType"
	if src == "" && b.Props != nil {
		src, from = b.Props.Type, "props.type"
	}
	k := chartKindOf(src)
	if k == "" {
		return
	}
	n.note(path+".widgetType", "%s %q converted to %q", from, src, ChartWidgetPrefix+k)
	b.WidgetType = ChartWidgetPrefix + k
}

// chartKindOf reads a chart kind from a loose name ("Bar", "chartjs/bar",
// "chart.js-line", "饼图"); "" when it names none.
func chartKindOf(s string) string {
	l := strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"chart.js/", "chartjs/", "chart.js-", "chart.js.", "chart/", "chart-"} {
		l = strings.TrimPrefix(l, p)
	}
	l = strings.TrimSuffix(strings.TrimSuffix(l, " chart"), "chart")
	if i := slices.IndexFunc(chartKinds, func(k string) bool { return strings.ToLower(k) == l }); i >= 0 {
		return chartKinds[i]
	}
	for _, w := range chartKindWords {
		if strings.Contains(s, w.word) {
			return w.value
		}
	}
	return ""
}

// engineOf reads an engine name from free text: "Insight Agent",
// "insight_engine", "舆情洞察" → "insight"; "" when it names none.
func engineOf(s string) string {
	l := strings.ToLower(s)
	for _, w := range engineWords {
		if strings.Contains(l, w.word) {
			return w.value
		}
	}
	return ""
}

// BlockText is the running text of a block and everything in it (inline
// runs, heading text, list items, table cells, quadrant items, nested
// blocks, code content), pieces joined by one space. Chart data and
// images contribute nothing.
func BlockText(b Block) string {
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	walkBlock("", &b, func(_ string, x *Block) {
		add(x.Text)
		add(PlainText(x.Inlines))
		add(x.Content)
		for _, q := range quadrantsOf(x) {
			for _, it := range *q.items {
				add(it.Title)
				add(it.Detail)
			}
		}
	})
	return strings.Join(parts, " ")
}

// namedQuadrant is one quadrant list of a SWOT or PEST block by its JSON
// key; items points at the block's field.
type namedQuadrant struct {
	name  string
	items *[]QuadrantItem
}

// quadrantsOf lists the eight quadrant lists of b, SWOT then PEST.
func quadrantsOf(b *Block) []namedQuadrant {
	return []namedQuadrant{{"strengths", &b.Strengths}, {"weaknesses", &b.Weaknesses},
		{"opportunities", &b.Opportunities}, {"threats", &b.Threats}, {"political", &b.Political},
		{"economic", &b.Economic}, {"social", &b.Social}, {"technological", &b.Technological}}
}

// enumWord maps a word a model writes to an enum value.
type enumWord struct{ word, value string }

var (
	listTypeWords = []enumWord{{"无序", "bullet"}, {"项目", "bullet"}, {"有序", "ordered"}, {"编号", "ordered"},
		{"数字", "ordered"}, {"任务", "task"}}
	toneWords = []enumWord{{"warn", "warning"}, {"caution", "warning"}, {"注意", "warning"}, {"警告", "warning"},
		{"提醒", "warning"}, {"预警", "warning"}, {"error", "danger"}, {"critical", "danger"}, {"alert", "danger"},
		{"危险", "danger"}, {"风险", "danger"}, {"严重", "danger"}, {"note", "info"}, {"tip", "info"},
		{"提示", "info"}, {"说明", "info"}, {"信息", "info"}, {"ok", "success"}, {"positive", "success"},
		{"成功", "success"}, {"积极", "success"}}
	impactWords = []enumWord{{"非常高", "极高"}, {"很高", "极高"}, {"极大", "极高"}, {"very high", "极高"},
		{"critical", "极高"}, {"较高", "中高"}, {"偏高", "中高"}, {"medium-high", "中高"}, {"较低", "中低"},
		{"偏低", "中低"}, {"medium-low", "中低"}, {"中等", "中"}, {"一般", "中"}, {"medium", "中"},
		{"moderate", "中"}, {"严重", "高"}, {"重大", "高"}, {"high", "高"}, {"low", "低"}}
	trendWords = []enumWord{{"正面", "正面利好"}, {"利好", "正面利好"}, {"积极", "正面利好"}, {"有利", "正面利好"},
		{"向好", "正面利好"}, {"positive", "正面利好"}, {"负面", "负面影响"}, {"利空", "负面影响"}, {"消极", "负面影响"},
		{"不利", "负面影响"}, {"negative", "负面影响"}, {"中立", "中性"}, {"neutral", "中性"}, {"平稳", "中性"},
		{"未知", "不确定"}, {"不明", "不确定"}, {"uncertain", "不确定"}, {"待观察", "持续观察"},
		{"持续关注", "持续观察"}, {"观察", "持续观察"}, {"关注", "持续观察"}, {"watch", "持续观察"},
		{"monitor", "持续观察"}}
	deltaToneWords = []enumWord{{"上升", "up"}, {"上涨", "up"}, {"增长", "up"}, {"增加", "up"}, {"提升", "up"},
		{"positive", "up"}, {"increase", "up"}, {"rise", "up"}, {"下降", "down"}, {"下跌", "down"},
		{"减少", "down"}, {"降低", "down"}, {"negative", "down"}, {"decrease", "down"}, {"fall", "down"},
		{"持平", "neutral"}, {"平稳", "neutral"}, {"不变", "neutral"}, {"stable", "neutral"}, {"flat", "neutral"}}
	engineWords = []enumWord{{"insight", "insight"}, {"洞察", "insight"}, {"media", "media"}, {"媒体", "media"},
		{"query", "query"}, {"查询", "query"}, {"搜索", "query"}, {"检索", "query"}}
	chartKindWords = []enumWord{{"柱状", ChartBar}, {"条形", ChartHorizontalBar}, {"折线", ChartLine},
		{"饼", ChartPie}, {"环形", ChartDoughnut}, {"圆环", ChartDoughnut}, {"雷达", ChartRadar},
		{"散点", ChartScatter}}
)

// qualifiers are words that may follow an impact or trend value without
// adding anything ("高风险", "负面影响程度").
var qualifiers = []string{"风险", "影响", "程度", "等级", "级别", "级"}

// matchEnum finds the enum value that s starts with (case-insensitively),
// an enum value itself or one of words, the longest match first, and
// returns the rest of s with separators and a bare qualifier trimmed.
func matchEnum(s string, values []string, words []enumWord) (value, rest string, ok bool) {
	cands := make([]enumWord, 0, len(values)+len(words))
	for _, v := range values {
		cands = append(cands, enumWord{v, v})
	}
	cands = append(cands, words...)
	slices.SortStableFunc(cands, func(a, b enumWord) int {
		return utf8.RuneCountInString(b.word) - utf8.RuneCountInString(a.word)
	})
	t := strings.TrimSpace(s)
	l := strings.ToLower(t)
	for _, c := range cands {
		if strings.HasPrefix(l, strings.ToLower(c.word)) {
			return c.value, trimRest(t[len(c.word):]), true
		}
	}
	return "", "", false
}

const restSeparators = " \t:：,，;；、.。-—–~|/（）()[]【】"

func trimRest(s string) string {
	s = strings.Trim(s, restSeparators)
	for _, q := range qualifiers {
		if r, ok := strings.CutPrefix(s, q); ok {
			if r = strings.Trim(r, restSeparators); r != s {
				s = r
			}
			break
		}
	}
	return s
}

// tagEnum returns the values of the `oneof=` rule in the validate tag of
// the named field of struct type t (nil when it has none): the one place
// both the schema and Normalize read the enums from, so neither can drift
// from the validator.
func tagEnum(t reflect.Type, field string) []string {
	f, ok := t.FieldByName(field)
	if !ok {
		return nil
	}
	for _, rule := range strings.Split(f.Tag.Get("validate"), ",") {
		if v, ok := strings.CutPrefix(rule, "oneof="); ok {
			return strings.Fields(v)
		}
	}
	return nil
}
