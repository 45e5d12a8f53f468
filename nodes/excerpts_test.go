package nodes

import (
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/forum"
	"reportengine/llm/tokens"
	"reportengine/state"
)

func TestChapterExcerpts(t *testing.T) {
	states := []*state.State{
		{Engine: state.EngineQuery, FinalReport: "# 背景\n\n天气晴朗，无关内容。\n\n# 价格\n\n咖啡价格上涨引发顾客讨论，价格成为焦点。"},
		{Engine: state.EngineMedia, FinalReport: "完全无关的一段文字。"},
	}
	ex := chapterExcerpts(states, "价格 讨论", 1000)
	if len(ex) != 2 {
		t.Fatalf("excerpts %+v", ex)
	}
	if ex[0].Engine != "query" || ex[0].Section != "价格" || !strings.Contains(ex[0].Text, "价格上涨") {
		t.Errorf("best passage first: %+v", ex[0])
	}
	if ex[1].Engine != "media" {
		t.Errorf("an engine without matches still gives its first passage: %+v", ex[1])
	}
	// budget: cut on rune boundaries
	long := []*state.State{{Engine: state.EngineQuery, FinalReport: strings.Repeat("舆情分析报告价格", 400)}}
	ex = chapterExcerpts(long, "价格", 100)
	total := 0
	for _, e := range ex {
		total += tokens.Count(e.Text) + tokens.Count(e.Section) + excerptOverhead
		if !utf8.ValidString(e.Text) {
			t.Errorf("invalid UTF-8")
		}
	}
	if total > 100 {
		t.Errorf("excerpts use %d tokens, budget 100", total)
	}
}

func TestForumExcerpts(t *testing.T) {
	var es []forum.Entry
	es = append(es, forum.Entry{Speaker: "SYSTEM", Content: "价格 监控开始"})
	for i := 0; i < 20; i++ {
		es = append(es, forum.Entry{Line: i + 2, Speaker: "QUERY", Time: "10:00:00", Content: "咖啡价格讨论" + strings.Repeat("很", i)})
	}
	es = append(es, forum.Entry{Speaker: "MEDIA", Content: "无关"})
	ex := forumExcerpts(es, "价格", 10000)
	if len(ex) != maxForumExcerpts {
		t.Fatalf("%d forum excerpts", len(ex))
	}
	for _, e := range ex {
		if e.Engine == "SYSTEM" || e.Text == "无关" {
			t.Errorf("picked %+v", e)
		}
	}
}

func TestCleanDescription(t *testing.T) {
	for in, want := range map[string]string{
		"本章说明":                     "本章说明",
		"本章说明，":                    "本章说明",
		`本章说明 {"allowSwot": true`:  "本章说明",
		`本章说明", "allowPest": true`: "本章说明",
		"本章说明[1, 2":                "本章说明",
	} {
		if got := cleanDescription(in); got != want {
			t.Errorf("cleanDescription(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlainText(t *testing.T) {
	for in, want := range map[string]string{
		"一、选址：以周末换工作日** 三方":      "一、选址：以周末换工作日 三方",
		"**一句话总结**：百年名校":         "一句话总结：百年名校",
		"特征。## 综合信息概览 综合搜索":      "特征。## 综合信息概览 综合搜索", // no space before ##: kept
		"特征。 ## 综合信息概览\n正文":      "特征。 综合信息概览\n正文",
		"# 标题\n__强调__ C# 与 #话题#": "标题\n强调 C# 与 #话题#",
		"普通文本":                   "普通文本",
	} {
		if got := plainText(in); got != want {
			t.Errorf("plainText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDropChatter(t *testing.T) {
	in := "好的，以下是根据短视频与社交平台检索结果整理的报告。\n## 舆情概览\n好评如潮，以下是详细数据：\n希望这份报告对您有帮助！"
	want := "## 舆情概览\n好评如潮，以下是详细数据："
	if got := dropChatter(in); got != want {
		t.Errorf("dropChatter = %q, want %q", got, want)
	}
}
