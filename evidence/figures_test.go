package evidence

import (
	"testing"
)

func TestFindFigures(t *testing.T) {
	type want struct {
		kind   FigureKind
		label  string
		raw    string
		scaled float64
		group  string
	}
	cases := []struct {
		text string
		want []want
	}{
		{"负面声量高达79%，而非常正面占64%。", []want{{FigSentiment, "负面声量", "79%", 79, "负面"}, {FigSentiment, "非常正面", "64%", 64, "非常正面"}}},
		{"阅读量飙到3.8亿", []want{{FigVolume, "阅读量", "3.8亿", 3.8e8, ""}}},
		{"使支持学校决定的比例从26%飙升至48%", []want{{FigSentiment, "支持学校决定的比例", "26%", 26, "支持"}, {FigSentiment, "支持学校决定的比例", "48%", 48, "支持"}}},
		{"该事件影响力指数达65.4", []want{{FigIndex, "该事件影响力指数", "65.4", 65.4, ""}}},
		{"话题阅读量突破28.7亿次", []want{{FigVolume, "话题阅读量", "28.7亿次", 28.7e8, ""}}},
		{"微博平台占比45%，抖音占30%", []want{{FigPlatform, "微博平台", "45%", 45, "微博"}, {FigPlatform, "抖音", "30%", 30, "抖音"}}},
		{"工作日限额1.5万人", []want{{FigCount, "工作日限额", "1.5万人", 15000, ""}}},
		{"90后用户占38%", []want{{FigAge, "90后用户", "38%", 38, "90后"}}},
		{"排名第3", []want{{FigRank, "排名", "3", 3, ""}}},
		// Chinese numerals
		{"店主签下的铺面月租一万五千元", []want{{FigCount, "店主签下的铺面月租", "一万五千元", 15000, ""}}},
		{"拿铁28元、美式二十二元", []want{{FigCount, "拿铁", "28元", 28, ""}, {FigCount, "美式", "二十二元", 22, ""}}},
		{"开业首周新增粉丝五千人", []want{{FigCount, "开业首周新增粉丝", "五千人", 5000, ""}}},
		{"视频播放量超过三万次", []want{{FigVolume, "视频播放量", "三万次", 30000, ""}}},
		// the subject after the number, a connective is no label, a
		// quoted term keeps what it is a term of
		{"虽然有26%的网友支持学校的决定", []want{{FigShare, "网友支持学校的决定", "26%", 26, ""}}},
		{"且72%的二次发酵源于“官方通报与学生实测数据冲突”", []want{{FigShare, "二次发酵", "72%", 72, ""}}},
		{"新增情感类型“羞耻”占7.8%", []want{{FigShare, "情感类型“羞耻”", "7.8%", 7.8, ""}}},
		{"其中“无语”占12%", []want{{FigShare, "无语", "12%", 12, ""}}},
		// a quoted term opening the label keeps both its marks
		{"“无语”出现频率超过每百帖30次", []want{{FigCount, "“无语”出现频率超过每百帖", "30次", 30, ""}}},
		{"李明称获客成本从每人三十元降到十二元", []want{{FigCount, "获客成本（每人）", "三十元", 30, ""}, {FigCount, "获客成本（每人）", "十二元", 12, ""}}},
		{"笔记中提到三个月内会员达到八百人", []want{{FigCount, "三个月内会员", "八百人", 800, ""}}},
		{"大家一起签约两年，十分满意，两款产品", nil},
		// numbers without a unit are not figures; neither are years or parts of dates
		{"2025年共有3位同学", nil},
		{"他说了12遍", nil},
	}
	for _, c := range cases {
		got := FindFigures("E9", c.text)
		if len(got) != len(c.want) {
			t.Errorf("%q: %d figures %+v, want %d", c.text, len(got), got, len(c.want))
			continue
		}
		for i, w := range c.want {
			g := got[i]
			if g.Kind != w.kind || g.Label != w.label || g.Raw != w.raw || g.Scaled != w.scaled || g.Group != w.group || g.ItemID != "E9" {
				t.Errorf("%q figure %d = {%s %q %q %v %q}, want %+v", c.text, i, g.Kind, g.Label, g.Raw, g.Scaled, g.Group, w)
			}
		}
	}
}

func TestFindDates(t *testing.T) {
	cases := []struct{ text, iso, raw string }{
		{"2025年8月25日，武汉大学发布通报", "2025-08-25", "2025年8月25日"},
		{"8月27日晚，校方回应", "--08-27", "8月27日"},
		{"发布于2024-03-05的文章", "2024-03-05", "2024-03-05"},
		{"2023年7月起实施", "2023-07", "2023年7月"},
	}
	for _, c := range cases {
		var got []Figure
		for _, f := range FindFigures("E1", c.text) {
			if f.Kind == FigDate {
				got = append(got, f)
			}
		}
		if len(got) != 1 || got[0].Date != c.iso || got[0].Raw != c.raw {
			t.Errorf("%q: dates %+v, want one %s (%s)", c.text, got, c.iso, c.raw)
		}
	}
	if fs := FindFigures("E1", "第13个月"); len(fs) != 0 {
		for _, f := range fs {
			if f.Kind == FigDate {
				t.Errorf("month 13 read as a date: %+v", f)
			}
		}
	}
}
