package nodes

import "testing"

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
