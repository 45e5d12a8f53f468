package text

import (
	"slices"
	"testing"
)

// Each class of bookkeeping is recognised, in both languages: removing a
// class from Bookkeeping (an alternative of bookkeepingRE, a name of
// bookkeepingNames, a type of internalTypes) fails its case. Sentences
// that merely mention a search, a section or the host are evidence.
func TestBookkeepingClasses(t *testing.T) {
	for _, c := range []struct{ class, s string }{
		{"search record", "网络搜索「李明咖啡店 拿铁 美式 定价」，3 条结果"},
		{"search record", `web search "latte price", 3 results`},
		{"search edge", "搜索「李明咖啡店」找到了「探店视频」（2 条结果）"},
		{"search edge", `the search "coffee" found "a page"`},
		{"section list", "段落：选址决策与商圈对比、产品与定价策略。"},
		{"section list", "Sections: site, pricing."},
		{"section edge", "段落「选址决策」搜索了「写字楼 租金」"},
		{"section edge", "query 引擎的研究包含段落「选址决策」"},
		{"section edge", `the query engine's research has the section "site"`},
		{"topic", "研究主题「武汉大学」，由 query、media 引擎分析"},
		{"topic", `research topic "Wuhan University"`},
		{"topic", "主题「武汉大学」由 3 个引擎研究：query、media、insight。"},
		{"topic", `The topic "x" was researched by 3 engines: a, b, c.`},
		{"topic", `the topic "x" is analysed by the query engine`},
		{"engine", "media 研究引擎，报告《关于武汉大学舆情的深度研究报告》，5 个段落，150 条搜索记录"},
		{"engine", `the media research engine, report "x", 5 sections, 150 search records`},
		{"host", "论坛主持人，6 次总结"},
		{"host", "the forum host, 6 syntheses"},
		{"unavailable", "不可用：insight。"},
		{"summary label", "主持人总结 4"},
		{"summary label", "Host summary 2"},
		{"summary label", "论坛主持人总结"},
		{"machinery name", "host"},
		{"machinery name", "Insight"},
		{"machinery name", "search_query"},
		{"list mark", "- 网络搜索「武大」，1 条结果"},
	} {
		if !Bookkeeping(c.s) {
			t.Errorf("%s: %q not recognised", c.class, c.s)
		}
	}
	for _, s := range []string{
		"网友在搜索「李明」后发现了更多信息。",
		"李明咖啡店开在写字楼商圈。",
		"主持人在论坛上总结了三个观点。",
		"The host of the show said the media were wrong.",
		"武汉大学",
		"media coverage of the event",
	} {
		if Bookkeeping(s) {
			t.Errorf("%q taken for bookkeeping", s)
		}
	}
	for _, c := range []struct {
		typ, name string
		want      bool
	}{
		{"section", "选址决策与商圈对比", true},
		{"search_query", "武汉大学 舆情", true},
		{"engine", "media", true},
		{"", "主持人总结 4", true},
		{"topic", "武汉大学", false},
		{"source", "选址决策与商圈对比", false},
		{"PERSON", "ALEX MERCER", false},
	} {
		if got := InternalName(c.typ, c.name); got != c.want {
			t.Errorf("InternalName(%q, %q) = %v, want %v", c.typ, c.name, got, c.want)
		}
	}
}

// The section titles a bookkeeping record names, from an edge's phrase
// and from a list, in both languages; a text that is not bookkeeping
// names none, though it says 段落「…」.
func TestSectionNames(t *testing.T) {
	for s, want := range map[string][]string{
		"query 引擎的研究包含段落「选址决策」":                                                                         {"选址决策"},
		"段落「选址决策」搜索了「写字楼 租金」":                                                                           {"选址决策"},
		`the query engine's research has the section "Site"`:                                            {"Site"},
		"media 研究引擎，报告《r》，2 个段落，3 条搜索记录。段落：开业探店、桂花拿铁的口碑。":                                               {"开业探店", "桂花拿铁的口碑"},
		"the media research engine, report \"r\", 2 sections, 3 search records. Sections: Site, Latte.": {"Site", "Latte"},
		"他在文中写道，段落「第一章」最动人。":                                                                            nil,
	} {
		if got := SectionNames(s); !slices.Equal(got, want) {
			t.Errorf("SectionNames(%q) = %q, want %q", s, got, want)
		}
	}
}
