package templates

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// want is the chapter outline of reference §6.3: titles and outline counts.
var want = []struct {
	name     string
	titles   []string
	outlines []int
}{
	{"企业品牌声誉分析报告模板",
		[]string{"摘要与核心发现", "品牌声量与影响力分析", "本周期关键事件回顾", "品牌形象与用户认知", "用户画像分析", "声誉风险与机遇洞察", "结论与战略建议"},
		[]int{3, 3, 2, 3, 3, 3, 4}},
	{"市场竞争格局舆情分析报告模板",
		[]string{"市场竞争态势摘要", "市场声量对比分析", "本周期市场关键动态时间线", "产品口碑与用户反馈对比", "营销与传播策略对比", "竞争机会与威胁识别", "总结与行动建议"},
		[]int{3, 2, 2, 3, 3, 3, 3}},
	{"日常或定期舆情监测报告模板",
		[]string{"本周/月舆情概览", "关键数据趋势", "本周期舆情动态时间轴", "热点话题追踪", "重点渠道表现", "负面与风险监测", "简报与关注点"},
		[]int{3, 2, 1, 2, 2, 2, 2}},
	{"特定政策或行业动态舆情分析报告模板",
		[]string{"摘要：政策/动态的核心影响与舆论反应", "政策/动态背景与传播分析", "公众态度与社会情绪", "潜在影响与机遇挑战分析", "行业标杆案例与反应", "结论与应对建议"},
		[]int{3, 4, 2, 3, 2, 3}},
	{"社会公共热点事件分析报告模板",
		[]string{"报告摘要", "事件全景与演变脉络", "传播路径与引爆点分析", "舆论场多方观点与情绪光谱", "深层动因与价值观探讨", "关联性评估与行动建议"},
		[]int{3, 3, 3, 3, 2, 3}},
	{"突发事件与危机公关舆情报告模板",
		[]string{"报告摘要", "事件溯源与发展脉络", "舆情传播分析", "舆论场核心焦点与公众态度", "风险研判", "应对策略与处置建议"},
		[]int{3, 3, 3, 3, 3, 4}},
}

func TestListMatchesReference(t *testing.T) {
	list := List()
	if len(list) != len(want) {
		t.Fatalf("List() has %d templates, want %d", len(list), len(want))
	}
	for i, w := range want {
		tp := list[i]
		if tp.Name != w.name {
			t.Errorf("List()[%d].Name = %q, want %q", i, tp.Name, w.name)
			continue
		}
		if len(tp.Sections) != len(w.titles) {
			t.Errorf("%s: %d chapters, want %d", tp.Name, len(tp.Sections), len(w.titles))
			continue
		}
		if strings.Contains(tp.Title, "**") || strings.Contains(tp.Title, "#") || tp.Title == "" {
			t.Errorf("%s: Title = %q, want the heading text without # and **", tp.Name, tp.Title)
		}
		if tp.Description == "" || tp.Description == describe("x") {
			t.Errorf("%s: Description = %q, want a specific description", tp.Name, tp.Description)
		}
		for j, s := range tp.Sections {
			n := j + 1
			if s.Title != w.titles[j] {
				t.Errorf("%s S%d: Title = %q, want %q", tp.Name, n, s.Title, w.titles[j])
			}
			if got := len(s.Outline); got != w.outlines[j] {
				t.Errorf("%s S%d: %d outline items, want %d", tp.Name, n, got, w.outlines[j])
			}
			if want := fmt.Sprintf("section-%d-0", n); s.Slug != want {
				t.Errorf("%s S%d: Slug = %q, want %q", tp.Name, n, s.Slug, want)
			}
			if s.Order != 10*n {
				t.Errorf("%s S%d: Order = %d, want %d", tp.Name, n, s.Order, 10*n)
			}
			if want := fmt.Sprintf("S%d", n); s.ChapterID != want {
				t.Errorf("%s: section %d ChapterID = %q, want %q", tp.Name, n, s.ChapterID, want)
			}
			if want := fmt.Sprintf("%d.0", n); s.Number != want || s.Display != want+" "+s.Title {
				t.Errorf("%s S%d: Number/Display = %q/%q", tp.Name, n, s.Number, s.Display)
			}
			if s.Depth != 1 {
				t.Errorf("%s S%d: Depth = %d, want 1", tp.Name, n, s.Depth)
			}
			for k, item := range s.Outline {
				if prefix := fmt.Sprintf("%d.%d ", n, k+1); !strings.HasPrefix(item, prefix) {
					t.Errorf("%s S%d: outline item %q does not start with %q", tp.Name, n, item, prefix)
				}
			}
		}
	}
}

func TestBrandConclusionHasSWOT(t *testing.T) {
	tp, err := Lookup("企业品牌声誉分析报告模板")
	if err != nil {
		t.Fatal(err)
	}
	last := tp.Sections[len(tp.Sections)-1]
	if !slices.ContainsFunc(last.Outline, func(s string) bool { return strings.Contains(s, "SWOT") }) {
		t.Errorf("brand template 7.0 outline %q has no SWOT item", last.Outline)
	}
}

func TestEmbeddedFilesAllListed(t *testing.T) {
	entries, err := fs.Glob(files, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if e == "README.md" { // the folder's documentation, embedded by the *.md pattern
			continue
		}
		got = append(got, strings.TrimSuffix(e, ".md"))
	}
	want := slices.Clone(names)
	slices.Sort(got)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("embedded files differ from the documented list (-want +got):\n%s", diff)
	}
	if !slices.Contains(names, Default) {
		t.Errorf("Default %q is not a template", Default)
	}
}

func TestListReturnsCopies(t *testing.T) {
	a := List()
	a[0].Sections[0].Title = "changed"
	a[0].Sections[0].Outline[0] = "changed"
	b := List()
	if b[0].Sections[0].Title == "changed" || b[0].Sections[0].Outline[0] == "changed" {
		t.Error("List() shares state between calls")
	}
}

func TestLookup(t *testing.T) {
	for _, in := range []string{
		"企业品牌声誉分析报告模板",
		"企业品牌声誉分析报告",
		"企业品牌声誉分析报告模板.md",
		"  企业品牌声誉分析报告模板 ",
	} {
		tp, err := Lookup(in)
		if err != nil {
			t.Errorf("Lookup(%q): %v", in, err)
			continue
		}
		if tp.Name != "企业品牌声誉分析报告模板" {
			t.Errorf("Lookup(%q).Name = %q", in, tp.Name)
		}
	}
}

func TestLookupUnknownListsAllNames(t *testing.T) {
	for _, in := range []string{"", "自由发挥模板", "品牌"} {
		_, err := Lookup(in)
		if !errors.Is(err, ErrUnknown) {
			t.Fatalf("Lookup(%q) error = %v, want ErrUnknown", in, err)
		}
		for _, n := range names {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("Lookup(%q) error %q does not list %q", in, err, n)
			}
		}
	}
}

func TestSelect(t *testing.T) {
	tests := []struct {
		text string
		want string // "" = no match
	}{
		{"突发事件与危机公关舆情报告模板", "突发事件与危机公关舆情报告模板"},
		{"市场竞争格局舆情分析报告", "市场竞争格局舆情分析报告模板"},
		{"我建议选择《日常或定期舆情监测报告模板》，因为这是周报。", "日常或定期舆情监测报告模板"},
		{"选 特定政策或行业动态舆情分析报告 比较合适", "特定政策或行业动态舆情分析报告模板"},
		{"首选社会公共热点事件分析报告模板，其次企业品牌声誉分析报告模板", "社会公共热点事件分析报告模板"},
		{"企业品牌声誉", "企业品牌声誉分析报告模板"},
		{"舆情分析", ""}, // contained in several names: ambiguous
		{"", ""},
		{"自由发挥模板", ""},
	}
	for _, tt := range tests {
		got, ok := Select(tt.text)
		if ok != (tt.want != "") || got.Name != tt.want {
			t.Errorf("Select(%q) = %q, %v; want %q", tt.text, got.Name, ok, tt.want)
		}
	}
}

func TestDescribe(t *testing.T) {
	if describe("企业品牌声誉分析报告模板") == describe("突发事件与危机公关舆情报告模板") {
		t.Error("brand and crisis share a description")
	}
	// "社会" comes before "危机" in the rule order.
	if describe("社会危机模板") != describe("社会公共热点事件分析报告模板") {
		t.Error("keyword rule order not respected")
	}
	if describe("我的模板") != "通用舆情分析模板" {
		t.Errorf("describe(custom) = %q", describe("我的模板"))
	}
}

func TestParse(t *testing.T) {
	type sec struct {
		ID, Title, Display, Number, Slug string
		Order, Depth                     int
		Outline                          []string
	}
	tests := []struct {
		name, md  string
		wantTitle string
		want      []sec
	}{
		{
			name:      "headings",
			md:        "# **总标题**\n\n## 1.0 概述\n### 1.1 背景\n#### 细节\n## 2.0 分析\ntext that is ignored\n",
			wantTitle: "总标题",
			want: []sec{
				{"S1", "总标题", "总标题", "", "总标题", 10, 1, nil},
				{"S2", "概述", "1.0 概述", "1.0", "section-1-0", 20, 2, []string{"1.1 背景", "细节"}},
				{"S3", "分析", "2.0 分析", "2.0", "section-2-0", 30, 2, nil},
			},
		},
		{
			name:      "indented bullets",
			md:        "### 标题\n- **1.0 甲**\n  - 1.1 子项\n * 1.2 一格缩进仍是章节\n\t- 2.1 制表符缩进\n+ 乙 丙\n",
			wantTitle: "标题",
			want: []sec{
				{"S1", "甲", "1.0 甲", "1.0", "section-1-0", 10, 1, []string{"1.1 子项"}},
				{"S2", "一格缩进仍是章节", "1.2 一格缩进仍是章节", "1.2", "section-1-2", 20, 1, []string{"2.1 制表符缩进"}},
				{"S3", "乙 丙", "乙 丙", "", "乙-丙", 30, 1, nil},
			},
		},
		{
			name:      "bare numbers and separators",
			md:        "- 1.1 大纲前的条目被丢弃\n1、事件回顾\n2：各方观点\n3. 结论\n  3.1 缩进的编号是大纲\n3.1.1 两个点是大纲\n4.0—不是分隔符\n05 前导零\n",
			wantTitle: "",
			want: []sec{
				{"S1", "大纲前的条目被丢弃", "1.1 大纲前的条目被丢弃", "1.1", "section-1-1", 10, 1, nil},
				{"S2", "事件回顾", "1 事件回顾", "1", "section-1", 20, 1, nil},
				{"S3", "各方观点", "2 各方观点", "2", "section-2", 30, 1, nil},
				{"S4", "结论", "3 结论", "3", "section-3", 40, 1, []string{"3.1 缩进的编号是大纲", "3.1.1 两个点是大纲"}},
			},
		},
		{
			name:      "duplicates",
			md:        "- 1.0 甲\n- 1.0 乙\n- 1.0 丙\n- Ｒｅｐｏｒｔ·总结\n- report 总结\n- ？？\n- !!\n",
			wantTitle: "",
			want: []sec{
				{"S1", "甲", "1.0 甲", "1.0", "section-1-0", 10, 1, nil},
				{"S2", "乙", "1.0 乙", "1.0", "section-1-0-2", 20, 1, nil},
				{"S3", "丙", "1.0 丙", "1.0", "section-1-0-3", 30, 1, nil},
				{"S4", "Ｒｅｐｏｒｔ·总结", "Ｒｅｐｏｒｔ·总结", "", "report-总结", 40, 1, nil},
				{"S5", "report 总结", "report 总结", "", "report-总结-2", 50, 1, nil},
				{"S6", "？？", "？？", "", "section", 60, 1, nil},
				{"S7", "!!", "!!", "", "section-2", 70, 1, nil},
			},
		},
		{
			name: "stray bold markers",
			md:   "- 1.0 **重点**章节\n  - __1.1 下划线__\n",
			want: []sec{
				{"S1", "重点章节", "1.0 重点章节", "1.0", "section-1-0", 10, 1, []string{"1.1 下划线"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tp, err := Parse("custom", tt.md)
			if err != nil {
				t.Fatal(err)
			}
			var got []sec
			for _, s := range tp.Sections {
				got = append(got, sec{s.ChapterID, s.Title, s.Display, s.Number, s.Slug, s.Order, s.Depth, s.Outline})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sections (-want +got):\n%s", diff)
			}
			wantTitle := tt.wantTitle
			if wantTitle == "" {
				wantTitle = "custom"
			}
			if tp.Title != wantTitle {
				t.Errorf("Title = %q, want %q", tp.Title, wantTitle)
			}
		})
	}
}

func TestParseNoSections(t *testing.T) {
	for _, md := range []string{"", "\n\n", "just prose\nmore prose", "### 只有标题\n#### 还有小标题", "**1.0 加粗但不是列表**"} {
		_, err := Parse("empty", md)
		if !errors.Is(err, ErrNoSections) {
			t.Errorf("Parse(%q) error = %v, want ErrNoSections", md, err)
		}
	}
}

func ExampleLookup() {
	t, err := Lookup("突发事件与危机公关舆情报告")
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Name, len(t.Sections))
	s := t.Sections[0]
	fmt.Println(s.ChapterID, s.Display, s.Slug, s.Order, len(s.Outline))
	// Output:
	// 突发事件与危机公关舆情报告模板 6
	// S1 1.0 报告摘要 section-1-0 10 3
}
