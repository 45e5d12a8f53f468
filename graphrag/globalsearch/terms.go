package globalsearch

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// The question's words, as global search and the router see them: the
// shared content terms (text.Terms) without the words that ask for the
// whole, and the cues that make a question broad.

// englishBroad are words that ask for the whole rather than a part: they
// make a question broad (cue) and are no content terms.
var englishBroad = setOf(
	"overall", "main", "major", "key", "themes", "theme", "topics", "topic", "general", "generally",
	"summary", "summarize", "summarise", "overview", "aspects", "trends", "trend", "whole", "everything",
	"story", "dataset", "data", "all", "top", "important", "most", "big", "picture", "broad", "broadly", "ideas",
	"gist", "basically", "plot", "basic", "arc",
)

// spanPhrase matches a phrase naming the whole span of a story or a run
// ("start to finish", "from beginning to end"): its words are no content
// terms (contentTerms: finish is nothing the knowledge is asked about).
var spanPhrase = regexp.MustCompile(`(?i)\b(?:from\s+)?(?:start|beginning)\s+to\s+(?:finish|end)\b`)

// chineseBroad are Chinese words that ask for the whole (cues; no content
// terms), longest first. 舆情 (public opinion) and 近期 (lately) name the
// matter and time of every run BettaFish makes, as "story" and "dataset"
// do in English: "武汉大学近期舆情的总体态势" asks what the run is mostly
// about, where 舆情 as a term would rate the sentences that repeat it
// (background: "武汉大学的舆情不仅反映了…") over the event the records discuss.
// 网络, 网上, 线上, 互联网 name its medium (网络舆情: as an aspect, 网络 kept
// only the one sentence saying it), and 经营, 运营, 发展, 表现, 现状, 状况,
// 进展, 动态 the state asked of the whole (经营情况: as an aspect, 经营 kept
// to the sentences saying it and left out where the shop is and what
// sells).
var chineseBroad = sortedByLength(
	"总体上", "总体", "整体", "总的来说", "总而言之", "概况", "概述", "概要", "总结", "汇总", "综述", "全貌", "大体",
	"大致", "主要", "方面", "主题", "趋势", "态势", "整个", "全部", "所有", "总览", "要点", "重点", "核心",
	"情况", "总结一下", "经营", "运营", "发展", "表现", "现状", "状况", "进展", "动态", "舆情", "网络", "网上", "线上", "互联网", "近期",
)

var chineseBroadWord = setOf(chineseBroad...)

// chineseBroadCues are the phrases that make a Chinese question broad.
// Content words such as 情况 alone do not: "李明的情况" asks about one thing.
var chineseBroadCues = sortedByLength(
	"总体", "整体", "总的来说", "总而言之", "概况", "概述", "概要", "总结", "综述", "全貌", "大体上", "大致",
	"哪些方面", "几个方面", "各方面", "主要", "主题", "趋势", "态势", "总览", "要点", "综合来看", "综合而言", "汇总",
)

// englishBroadCues are the words and phrases that make an English
// question broad.
var englishBroadCues = []string{
	"overall", "main themes", "main theme", "main topics", "main points", "key themes", "key points",
	"major themes", "in general", "generally", "summary", "summarize", "summarise", "overview",
	"what aspects", "which aspects", "trends", "big picture", "the whole", "the story", "the dataset",
	"top themes", "most important", "big themes", "big ideas", "themes", "this story", "the gist",
	"the plot", "basic plot",
}

// scopeCues are the broad cues that say only where to look ("the
// story", "the dataset", "the whole"), not that the question is broad: a
// question with no other cue that names an entity asks about it.
var scopeCues = setOf("the story", "this story", "the dataset", "the whole")

// scopeOnly reports whether every cue of BroadCues is a scope cue
// (scopeCues).
func scopeOnly(cues []string) bool {
	return !slices.ContainsFunc(cues, func(c string) bool { return !scopeCues[c] })
}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func sortedByLength(ws ...string) []string {
	out := slices.Clone(ws)
	slices.SortStableFunc(out, func(a, b string) int { return len([]rune(b)) - len([]rune(a)) })
	return out
}

// BroadCues returns the phrases of question that ask for the whole
// (English "overall", "main themes"; Chinese 总体, 哪些方面, 主要, …), in
// the order of the cue lists, each once; nil when there are none. A
// Chinese cue counts only as whole words of the question (hasWords).
func BroadCues(question string) []string {
	low := strings.ToLower(question)
	var out []string
	for _, c := range slices.Concat(englishBroadCues, chineseBroadCues) {
		zh := text.HasHan(c)
		held := zh && hasWords(question, c) && !pastAct(question, c) && !(strings.HasPrefix(c, "大") && hedge.MatchString(question)) || !zh && containsWord(low, c)
		// not inside a cue found (themes in main themes, 大体 in 大体上)
		if held && !slices.ContainsFunc(out, func(f string) bool { return strings.Contains(f, c) }) {
			out = append(out, c)
		}
	}
	return out
}

// pastAct reports whether the cue c is a verb of summing up (总结, 汇总,
// 综述, 概述) that question holds only with the 过 of an act done
// ("有舆情工作室专门总结过武大这次处置的毛病吧": someone's summary is asked
// for, a thing the records hold, not the whole; heldout66).
func pastAct(question, c string) bool {
	return summingVerbs[c] && strings.Count(question, c) == strings.Count(question, c+"过")
}

var summingVerbs = setOf("总结", "汇总", "综述", "概述")

// hedge matches 大致 or 大体 as a hedge on one act, a figure or a date
// asked (大致是怎么回应的, 大体多少, 大致什么时候): roughly, not the whole
// ("记者打电话追问张平文校长，他当时大致是怎么回应的？" was answered from the
// community reports; heldout72). 大致怎么样, 大致如何？ and 大致能归成哪几
// 类 still ask for the whole.
var hedge = regexp.MustCompile(`(?:大致|大体上?)(?:是|上)?(?:怎么[^样么]|如何[^，,。？?！!\s]|多少|几[个次天年月]|什么时候|哪(?:天|年|一天|一年))`)

// hasWords reports whether the Chinese phrase occurs in question as whole
// words of its segmentation (text.Words of each run of Chinese
// characters): 概要 is a cue in "请给出概要", not in "大概要花多少钱" (大概/要花).
func hasWords(question, phrase string) bool {
	for _, run := range strings.FieldsFunc(question, func(r rune) bool { return !text.IsHan(r) }) {
		if !strings.Contains(run, phrase) {
			continue
		}
		at := map[int]bool{0: true} // byte offsets in run where a word starts or ends
		n := 0
		for _, w := range text.Words(run) {
			n += len(w)
			at[n] = true
		}
		for from := 0; ; {
			k := strings.Index(run[from:], phrase)
			if k < 0 {
				break
			}
			k += from
			if at[k] && at[k+len(phrase)] {
				return true
			}
			from = k + 1
		}
	}
	return false
}

// containsWord reports whether phrase occurs in s (both lower case) with
// no letter or digit right before or after it.
func containsWord(s, phrase string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(phrase)
		before, _ := utf8.DecodeLastRuneInString(s[:i]) // RuneError at the start: no word rune
		after, _ := utf8.DecodeRuneInString(s[j:])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		from = i + 1
	}
}

func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !text.IsHan(r)
}

// contentTerms returns the content terms of question as the shared rule
// finds them (text.Terms: stop and question words dropped, Chinese
// segmented with the dictionary, English plurals reduced), without the
// broad words (englishBroad, chineseBroad: overall, themes, 总体, 主要, …)
// and the phrases of a whole span (spanPhrase: start to finish), which
// ask for the whole and name nothing: "What are the main themes of
// the story?" has none; "武汉大学的舆情总体怎么样？" has 武汉大学 and 舆情.
func contentTerms(question string) []text.Term {
	question = spanPhrase.ReplaceAllString(question, " ")
	var out []text.Term
	for _, t := range text.Terms(question) {
		if englishBroad[t.Text] || chineseBroadWord[t.Text] || t.Text == "形象" && polarImage(question) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// polarImage reports whether question asks for an image of a polarity
// (正面形象, 负面形象, 良好形象): the polarity is the aspect, and 形象 no
// term (as one, it kept the sentences saying 形象, background, and left
// out the media report's "正面舆情主要源于…"); "整体舆情形象" keeps 形象.
func polarImage(question string) bool {
	return text.FirstWord(question, []string{"正面形象", "负面形象", "积极形象", "消极形象", "良好形象", "好形象", "坏形象"}) != ""
}

// holdsAny reports whether s holds t, one of its synonyms
// (text.Term.Synonyms), one of its parts (text.Term.Parts) or one of its
// stand-ins (text.StandIns: 供应中断 is written 断货), as local search's
// gate counts a term.
func holdsAny(s string, t text.Term) bool {
	held := func(w string) bool { return text.HoldsTerm(s, w) }
	return slices.ContainsFunc(t.Words(), held) || slices.ContainsFunc(t.Parts, held) || slices.ContainsFunc(text.StandIns(t.Text), held)
}

// platformAsks are the phrases that ask which platforms or media (a
// question's "哪些平台", "which platforms"); Router.Route sends such a
// question local even with broad wording ("负面情绪主要来自哪些平台？"):
// the sources name their platforms, the community reports summarise
// without them.
var platformAsks = []string{"哪些平台", "哪个平台", "哪几个平台", "什么平台", "哪些媒体", "哪家媒体", "哪些渠道",
	"哪些网站", "which platform", "what platform", "which media", "which outlet", "which site", "which channel"}

// asksPlatforms reports whether question asks which platforms or media
// (platformAsks).
func asksPlatforms(question string) bool {
	return text.FirstWord(strings.ToLower(question), platformAsks) != ""
}
