package text

import (
	"slices"
	"strings"
)

// dropMeasures leaves out the measure that completes an interrogative
// (哪/一年, 哪/个, 几/家, 第/几), and the interrogative with it when the
// segmenter gives both as one word (几年, 几月, 哪天): 一年 in 哪一年 asks
// for a year, it is not a year the question is about. A verb the segmenter
// glued after them (哪天判, 几年建) is kept alone.
func dropMeasures(words []string) []string {
	words = unglueCounted(words)
	out := words[:0:0]
	month := false // the word before was 几月 or 哪月
	for i, w := range words {
		if month {
			month = false
			if w = strings.TrimPrefix(w, "份"); w == "" {
				continue // 几月/份: 月份 cut in two, nothing left of the second
			}
		}
		if i > 0 && measures[w] && (words[i-1] == "哪" || words[i-1] == "几" || words[i-1] == "第") {
			continue
		}
		if rs := []rune(w); len(rs) == 3 && (rs[0] == '哪' || rs[0] == '几') && measures[string(rs[1])] && !IsDictWord(w) {
			out = append(out, string(rs[2:])) // 哪天判的: the verb the segmenter glued to 哪天 (天判 was read as a name; heldout65)
			continue
		}
		if rs := []rune(w); len(rs) >= 2 && (rs[0] == '哪' || rs[0] == '几') && measures[string(rs[1:])] {
			month = rs[len(rs)-1] == '月' // 几月/份开: 月份 cut in two
			continue                     // the segmenter's one word for both: 几年, 几月, 哪天
		}
		out = append(out, w)
	}
	return out
}

// unglueCounted returns words with each word of three runes the
// dictionary lacks after 多少 or 几 that opens with a measure cut to the
// thing counted (多少/条差评 → 差评: the segmenter glued the measure to it,
// a word no text holds). words is not changed.
func unglueCounted(words []string) []string {
	out := slices.Clone(words)
	for i := 1; i < len(out); i++ {
		if thing, ok := countedThing(out[i-1], out[i]); ok {
			out[i] = thing
		}
	}
	return out
}

// countedThing returns w without the measure it opens with, and true,
// when w is a word of three Han runes the dictionary lacks after 多少 or
// 几 (prev) and its first rune is a measure (多少/条差评: 差评); w and
// false otherwise. Terms (unglueCounted) and Heard (多少/条生量) read the
// thing counted through it.
func countedThing(prev, w string) (string, bool) {
	if rs := []rune(w); len(rs) == 3 && (prev == "多少" || prev == "几") && measures[string(rs[:1])] && HasHan(w) && !IsDictWord(w) {
		return string(rs[1:]), true
	}
	return w, false
}

// measures are the measure words (with 一) that follow 哪 or 几 in a
// question (栋, 棵 among them: 几栋 of "那几栋楼" was a term; heldout71).
var measures = map[string]bool{}

func init() {
	for _, m := range strings.Fields("年 天 周 月 日 个 家 种 位 次 回 趟 遍 条 项 所 座 支 名 款 届 期 类 些 段 篇 件 首 部 张 份 成 套 批 步 折 辆 台 只 间 场 句 样 波 栋 幢 棵 株 幅 尊 本 颗") {
		measures[m] = true
		measures["一"+m] = true
	}
}

// isLevelCompared reports whether w is a word of two runes the dictionary
// lacks that ends with 高 or 低 (分高 of "比谁分高", 价低): a comparison of
// a level, which the segmenter glued, never a name.
func isLevelCompared(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && (rs[1] == '高' || rs[1] == '低') && !IsDictWord(w)
}
