package text

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// choiceLinks join the things a 哪个 question chooses between (年卡和月卡).
var choiceLinks = fieldSet("和 与 跟 还是 或 或者")

// joinSingleRunes is ws with each run of Chinese words of one rune joined
// into one word (月/卡 → 月卡: the segmenter cut a word its dictionary
// lacks into characters, which alone are no word asked for); 叫 and 称,
// which name the thing before them (人/叫/什么), join nothing.
func joinSingleRunes(ws []string) []string {
	var out []string
	single := false
	for _, w := range ws {
		one := utf8.RuneCountInString(w) == 1 && HasHan(w) && w != "叫" && w != "称"
		if one && single {
			out[len(out)-1] += w
		} else {
			out = append(out, w)
		}
		single = one
	}
	return out
}

// leadModifiers are the stop words that may stand between an
// interrogative determiner and the noun it asks for (哪些主要风险 asks for
// 风险, not for the verb before 哪些).
var leadModifiers = map[string]bool{"主要": true, "重要": true, "具体": true, "核心": true, "关键": true}

// joinIDs joins 号 and 费 (suffixNoun) to the word before it (微信/号 →
// 微信号: a WeChat id is asked for, not WeChat; 律师/费 → 律师费).
func joinIDs(ws []string) []string {
	out := ws[:0:0]
	for _, w := range ws {
		if n := len(out); suffixNoun(w) && n > 0 && utf8.RuneCountInString(out[n-1]) >= 2 && !IsStopWord(out[n-1]) {
			out[n-1] += w
			continue
		}
		out = append(out, w)
	}
	return out
}

// ungluedWords is ws with each word the segmenter glued to a character
// of its neighbour cut back (unglue: 平台/上聊 → 平台/聊), so that a glued
// verb is never taken for what is asked.
func ungluedWords(ws []string) []string {
	out := slices.Clone(ws)
	for i := 1; i < len(ws); i++ {
		out[i] = unglue(ws[i-1], ws[i])
	}
	return out
}

// gluedVerb reports whether w is a word the dictionary lacks of a stop
// word and a character after it (要花, 各卖): a verb with its auxiliary or
// adverb, which the phrase asked about stands before ("一顿午饭大概要花多少
// 钱" asks what a lunch costs; "拿铁和美式各卖多少钱", what each sells for).
func gluedVerb(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && HasHan(w) && !IsDictWord(w) && IsStopWord(string(rs[0])) && !IsStopWord(string(rs[1]))
}

// joinWhichTime joins 哪 and the unit of time the segmenter glued to the
// verb after it (哪/天判 or 哪天判 → 哪天/判: "哪天判的" asks when it was
// ruled, not for a 天判), and 几月 and the 份 glued to the verb after it
// (几月/份开 → 几月份/开) or standing alone (几月/份 → 几月份).
func joinWhichTime(ws []string) []string {
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		rs := []rune(ws[i])
		switch {
		case i > 0 && ws[i-1] == "哪" && len(rs) == 2 && strings.ContainsRune(timeRunes, rs[0]) && !IsDictWord(ws[i]):
			out[len(out)-1] += string(rs[0])
			out = append(out, string(rs[1]))
			continue
		case len(rs) == 3 && rs[0] == '哪' && strings.ContainsRune(timeRunes, rs[1]) && !IsDictWord(ws[i]): // 哪天判
			out = append(out, string(rs[:2]), string(rs[2]))
			continue
		case i > 0 && (ws[i-1] == "几月" || ws[i-1] == "哪月") && len(rs) >= 1 && rs[0] == '份': // 几月/份开, 几月/份
			out[len(out)-1] += "份"
			if len(rs) > 1 {
				out = append(out, string(rs[1:]))
			}
			continue
		}
		out = append(out, ws[i])
	}
	return out
}

// joinHowMuch joins 多 and the adjective after it into the interrogative
// (有/多/大 → 多大: "种植面积有多大" asks for 面积).
func joinHowMuch(ws []string) []string {
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); i++ {
		if ws[i] == "多" && i+1 < len(ws) && askDeterminers["多"+ws[i+1]] {
			out = append(out, "多"+ws[i+1])
			i++
			continue
		}
		out = append(out, ws[i])
	}
	return out
}
