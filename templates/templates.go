package templates

import (
	"cmp"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"reportengine/ir"
	"reportengine/text"
)

// ErrUnknown is wrapped by the error Lookup returns for an unknown template
// name; the message lists every known name.
var ErrUnknown = errors.New("unknown template")

// ErrNoSections is wrapped by the error Parse returns when the Markdown
// yields no section.
var ErrNoSections = errors.New("template has no sections")

// Default is the template the pipeline uses when selection fails (the
// template BettaFish recommends as the default).
const Default = "社会公共热点事件分析报告模板"

// Section is one chapter of a template.
type Section struct {
	ChapterID string   // "S1".."Sn", in template order
	Title     string   // the label without its number: "摘要与核心发现"
	Display   string   // number and label: "1.0 摘要与核心发现" (= Title without a number)
	Number    string   // "1.0"; "" when the title has no number
	Slug      string   // "section-1-0", or a slugified title; unique within the template
	Order     int      // 10, 20, 30, …
	Depth     int      // heading level for "#"/"##" sections, 1 for bullets and numbered lines
	Outline   []string // the chapter's outline points, as written: "1.1 事件概况与舆情定性"
}

// Template is a parsed report template.
type Template struct {
	Name        string    // file name without ".md"
	Description string    // one line, from the name's keywords (see the package doc)
	Title       string    // first heading without "#" and "**"; Name if there is none
	Markdown    string    // the template source
	Sections    []Section // at least one
}

//go:embed *.md
var files embed.FS

// names is the fixed order of List: the order of the reference §6.3 table.
var names = []string{
	"企业品牌声誉分析报告模板",
	"市场竞争格局舆情分析报告模板",
	"日常或定期舆情监测报告模板",
	"特定政策或行业动态舆情分析报告模板",
	"社会公共热点事件分析报告模板",
	"突发事件与危机公关舆情报告模板",
}

// all parses the embedded templates once. A shipped template that does not
// parse is a programming error, caught by the package tests.
var all = sync.OnceValue(func() []Template {
	out := make([]Template, 0, len(names))
	for _, n := range names {
		b, err := files.ReadFile(n + ".md")
		if err != nil {
			panic(fmt.Sprintf("templates: embedded %s.md: %v", n, err))
		}
		t, err := Parse(n, string(b))
		if err != nil {
			panic(err)
		}
		out = append(out, t)
	}
	return out
})

// List returns the six embedded templates in the fixed order documented in
// the package doc. The result is a fresh copy the caller may modify.
func List() []Template {
	src := all()
	out := make([]Template, len(src))
	for i, t := range src {
		out[i] = t.clone()
	}
	return out
}

// Lookup returns the embedded template with the given name. The name may
// also be given without its "模板" suffix or with a ".md" suffix;
// surrounding spaces are ignored. An unknown name returns an error wrapping
// ErrUnknown that lists all names.
func Lookup(name string) (Template, error) {
	if t, ok := lookup(name); ok {
		return t, nil
	}
	return Template{}, fmt.Errorf("templates: %w %q (known templates: %s)", ErrUnknown, name, strings.Join(names, ", "))
}

func lookup(name string) (Template, bool) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Template{}, false
	}
	for _, t := range all() {
		if name == t.Name || name+"模板" == t.Name || name == t.Name+".md" ||
			name == strings.TrimSuffix(t.Name, "模板")+".md" {
			return t.clone(), true
		}
	}
	return Template{}, false
}

// Select is the fallback the pipeline applies when a model's template
// selection does not name a template exactly. Given the model's answer (a
// template name or free text), it returns, in order of preference:
//
//  1. the template Lookup finds for the trimmed text;
//  2. the template whose name, or name without "模板", occurs earliest in
//     the text (at equal positions the longer match wins);
//  3. the only template whose name contains the trimmed text, if the text
//     has at least four runes (e.g. "企业品牌声誉").
//
// Otherwise it reports false and the caller uses Default. Unlike BettaFish,
// an empty text never matches.
func Select(text string) (Template, bool) {
	if t, ok := lookup(text); ok {
		return t, true
	}
	best, bestPos, bestLen := -1, 0, 0
	for i, n := range names {
		for _, alias := range []string{n, strings.TrimSuffix(n, "模板")} {
			p := strings.Index(text, alias)
			if p < 0 {
				continue
			}
			if best < 0 || p < bestPos || (p == bestPos && len(alias) > bestLen) {
				best, bestPos, bestLen = i, p, len(alias)
			}
		}
	}
	if best >= 0 {
		return all()[best].clone(), true
	}
	s := strings.TrimSpace(text)
	holds := func(n string) bool { return strings.Contains(n, s) }
	if i := slices.IndexFunc(names, holds); i >= 0 && utf8.RuneCountInString(s) >= 4 &&
		!slices.ContainsFunc(names[i+1:], holds) {
		return all()[i].clone(), true
	}
	return Template{}, false
}

func (t Template) clone() Template {
	t.Sections = append([]Section(nil), t.Sections...)
	for i := range t.Sections {
		t.Sections[i].Outline = append([]string(nil), t.Sections[i].Outline...)
	}
	return t
}

// describe returns the description of a template name by the keyword rule
// of reference §6.1 (first match wins).
func describe(name string) string {
	rules := []struct {
		keys []string
		desc string
	}{
		{[]string{"企业品牌"}, "企业品牌声誉：追踪品牌声量、口碑与形象，识别声誉风险与机会"},
		{[]string{"市场竞争"}, "市场竞争格局：对比竞争者的声量、口碑与传播策略"},
		{[]string{"日常", "定期"}, "日常或定期监测：按周期汇总舆情数据、热点话题与风险"},
		{[]string{"政策", "行业"}, "政策或行业动态：分析政策、法规或行业变化的传播与影响"},
		{[]string{"热点", "社会"}, "社会公共热点事件：梳理事件脉络、传播路径与多方观点（默认推荐）"},
		{[]string{"突发", "危机"}, "突发事件与危机公关：追溯事件经过，研判风险并给出处置建议"},
	}
	for _, r := range rules {
		if text.FirstWord(name, r.keys) != "" {
			return r.desc
		}
	}
	return "通用舆情分析模板"
}

// Parse slices template Markdown into sections by the rules in the package
// doc. name becomes Template.Name and decides the Description. A template
// without any section returns an error wrapping ErrNoSections.
func Parse(name, markdown string) (Template, error) {
	p := parser{t: Template{Name: name, Description: describe(name), Markdown: markdown}, used: map[string]bool{}}
	for _, raw := range strings.Split(strings.ReplaceAll(markdown, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		indent := indentOf(raw)
		if level, payload, ok := heading(line); ok {
			p.t.Title = cmp.Or(p.t.Title, strings.TrimSpace(strings.ReplaceAll(payload, "**", "")))
			p.add(payload, level, level <= 2)
		} else if payload, ok := bullet(line); ok {
			p.add(payload, 1, indent <= 1)
		} else if num, _, ok := splitNumber(line); ok {
			p.add(line, 1, indent == 0 && strings.Count(num, ".") <= 1)
		}
	}
	p.t.Title = cmp.Or(p.t.Title, name)
	if len(p.t.Sections) == 0 {
		return Template{}, fmt.Errorf("templates: parse %q: %w", name, ErrNoSections)
	}
	return p.t, nil
}

// parser is one Parse under way: the template so far and the slugs used.
type parser struct {
	t    Template
	used map[string]bool
}

// add adds payload as a section of the given depth when section is true,
// else as an outline item of the last section (none before the first).
func (p *parser) add(payload string, depth int, section bool) {
	if !section {
		if n := len(p.t.Sections); n > 0 {
			if item := cleanTitle(payload); item != "" {
				p.t.Sections[n-1].Outline = append(p.t.Sections[n-1].Outline, item)
			}
		}
		return
	}
	title := cleanTitle(payload)
	num, label, ok := splitNumber(title)
	s := Section{Depth: depth, Title: title, Display: title}
	if ok {
		s.Number, s.Title, s.Display = num, label, num+" "+label
		s.Slug = "section-" + strings.ReplaceAll(num, ".", "-")
	} else {
		s.Slug = slugify(title)
	}
	s.Slug = ir.UniqueAnchor(p.used, s.Slug)
	i := len(p.t.Sections) + 1
	s.ChapterID = "S" + strconv.Itoa(i)
	s.Order = 10 * i
	p.t.Sections = append(p.t.Sections, s)
}

// indentOf is the indent of raw's first non-blank rune: a space counts 1,
// a tab 4.
func indentOf(raw string) int {
	lead := raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]
	return len(lead) + 3*strings.Count(lead, "\t")
}

// heading reports whether line is an ATX heading and returns its level and
// text.
func heading(line string) (int, string, bool) {
	level := len(line) - len(strings.TrimLeft(line, "#"))
	if level == 0 || level > 6 || level == len(line) {
		return 0, "", false
	}
	rest := line[level:]
	r, _ := utf8.DecodeRuneInString(rest)
	if !unicode.IsSpace(r) {
		return 0, "", false
	}
	payload := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(rest), "#"))
	if payload == "" {
		return 0, "", false
	}
	return level, payload, true
}

// bullet reports whether line is a "-", "*" or "+" list item and returns
// its text.
func bullet(line string) (string, bool) {
	if len(line) < 2 || !strings.ContainsRune("-*+", rune(line[0])) {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(line[1:])
	if !unicode.IsSpace(r) {
		return "", false
	}
	payload := strings.TrimSpace(line[1:])
	return payload, payload != ""
}

// cleanTitle strips surrounding "**…**" / "__…__" and stray "**".
func cleanTitle(s string) string {
	s = strings.TrimSpace(s)
	for _, m := range []string{"**", "__"} {
		if len(s) > 4 && strings.HasPrefix(s, m) && strings.HasSuffix(s, m) {
			s = strings.TrimSpace(s[2 : len(s)-2])
		}
	}
	return strings.TrimSpace(strings.ReplaceAll(s, "**", ""))
}

// splitNumber splits "1.0 标题" into ("1.0", "标题"). The number is
// (0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*, followed by at least one separator
// and a non-empty label.
func splitNumber(s string) (num, label string, ok bool) {
	i := 0
	digits := func() bool {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || (s[start] == '0' && i-start > 1) {
			return false
		}
		return true
	}
	if !digits() {
		return "", "", false
	}
	for i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
		save := i
		i++
		if !digits() {
			i = save
			return "", "", false
		}
	}
	num = s[:i]
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		sep := strings.ContainsRune(" \t\u00a0\u3000、:：-", r) ||
			r == '.' && (i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9')
		if !sep {
			break
		}
		i += size
	}
	label = strings.TrimSpace(s[i:])
	if i == len(num) || label == "" {
		return "", "", false
	}
	return num, label, true
}

// slugify turns a title without a number into a slug (see the package doc).
func slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range title {
		if r >= 0xFF01 && r <= 0xFF5E { // fullwidth ASCII, as NFKD folds it
			r -= 0xFEE0
		} else if r == '\u3000' {
			r = ' '
		}
		keep := r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || text.IsBasicHan(r)
		if !keep {
			if !dash {
				b.WriteByte('-')
				dash = true
			}
			continue
		}
		b.WriteRune(unicode.ToLower(r))
		dash = false
	}
	return cmp.Or(strings.Trim(b.String(), "-"), "section")
}
