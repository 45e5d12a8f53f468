package globalsearch

import (
	"slices"
	"strings"
	"unicode"

	"reportengine/text"
)

// The question's words, as global search and the router see them. These
// rules stand in for the shared content terms of the text package until it
// has them; they are kept small and in one file so that switching is one
// change.

// englishStop are words that carry no subject: articles, pronouns,
// auxiliaries and question words.
var englishStop = setOf(
	"a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "from", "with", "about", "into", "over",
	"and", "or", "but", "not", "no", "as", "if", "than", "then", "so",
	"is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "has", "have", "had",
	"can", "could", "will", "would", "shall", "should", "may", "might", "must",
	"what", "who", "whom", "whose", "which", "when", "where", "why", "how",
	"i", "me", "my", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "it", "its",
	"they", "them", "their", "this", "that", "these", "those", "there", "here",
	"tell", "please", "describe", "explain", "give", "say", "said", "any", "some", "much", "many", "very",
	"s", "t", "happen", "happened", "happens", "happening", "think", "thinks", "know", "known", "like", "make",
	"made", "get", "got", "go", "goes", "went", "take", "took", "come", "came", "see", "saw", "seen", "look",
	"want", "use", "used", "find", "found", "feel", "felt", "become", "became", "mean", "means", "thing", "things",
	"people", "way", "ways", "also", "just", "still", "really", "well", "doing", "going", "get", "gets",
)

// englishBroad are words that ask for the whole rather than a part: they
// make a question broad (cue) and are no content terms.
var englishBroad = setOf(
	"overall", "main", "major", "key", "themes", "theme", "topics", "topic", "general", "generally",
	"summary", "summarize", "summarise", "overview", "aspects", "trends", "trend", "whole", "everything",
	"story", "dataset", "data", "all", "top", "important", "most", "big", "picture", "broad", "broadly",
)

// chineseQuestion are Chinese question and function words, cut out of a
// run of Han characters before its terms are taken (longest first).
var chineseQuestion = sortedByLength(
	"为什么", "怎么样", "怎么", "怎样", "如何", "什么", "哪些", "哪个", "哪里", "哪儿", "是否", "多少", "有没有",
	"是不是", "能否", "可否", "请问", "一下", "我们", "你们", "他们", "它们", "目前", "到底", "究竟", "一些",
	"各个", "过程中", "经历了", "进行了", "发生了", "关于", "对于",
	// who is asked, not what about: opinion questions of public-opinion data
	"怎么看", "网友们", "网友", "网民", "大家", "人们", "看法",
	// single characters only where they are never part of a content word
	"的", "了", "吗", "呢", "吧", "啊", "谁", "是谁",
)

// chineseBroad are Chinese words that ask for the whole (cues; no content
// terms), longest first.
var chineseBroad = sortedByLength(
	"总体上", "总体", "整体", "总的来说", "总而言之", "概况", "概述", "概要", "总结", "综述", "全貌", "大体",
	"大致", "主要", "方面", "主题", "趋势", "整个", "全部", "所有", "总览", "要点", "重点", "核心",
	"情况", "总结一下",
)

// chineseBroadCues are the phrases that make a Chinese question broad.
// Content words such as 情况 alone do not: "李明的情况" asks about one thing.
var chineseBroadCues = sortedByLength(
	"总体", "整体", "总的来说", "总而言之", "概况", "概述", "概要", "总结", "综述", "全貌", "大体上", "大致",
	"哪些方面", "几个方面", "各方面", "主要", "主题", "趋势", "总览", "要点",
)

// englishBroadCues are the words and phrases that make an English
// question broad.
var englishBroadCues = []string{
	"overall", "main themes", "main theme", "main topics", "main points", "key themes", "key points",
	"major themes", "in general", "generally", "summary", "summarize", "summarise", "overview",
	"what aspects", "which aspects", "trends", "big picture", "the whole", "the story", "the dataset",
	"top themes", "most important",
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
// the order of the cue lists, each once; nil when there are none.
func BroadCues(question string) []string {
	low := strings.ToLower(question)
	var out []string
	for _, c := range englishBroadCues {
		if containsWord(low, c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, c := range chineseBroadCues {
		if strings.Contains(question, c) && !coveredBy(c, out) {
			out = append(out, c)
		}
	}
	return out
}

// coveredBy: c is part of a cue already found (大体 inside 大体上).
func coveredBy(c string, found []string) bool {
	for _, f := range found {
		if strings.Contains(f, c) {
			return true
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
		before, after := rune(' '), rune(' ')
		if i > 0 {
			before = lastRune(s[:i])
		}
		if j < len(s) {
			after = []rune(s[j:])[0]
		}
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		from = i + 1
	}
}

func lastRune(s string) rune {
	rs := []rune(s)
	return rs[len(rs)-1]
}

func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !text.IsHan(r)
}

// Terms returns the content terms of question, lower-cased, each once, in
// the order they occur: Latin words and numbers of two or more characters
// that are neither stop words nor broad words (englishBroad), and the
// pieces of Chinese left when question words, function words and broad
// words are cut out of each run of Han characters (a single character left
// alone is dropped). A piece is split further into words only against a
// text collection (TermsIn).
func Terms(question string) []string { return TermsIn(question, nil) }

// TermsIn is Terms with each Chinese piece split into the words of a text
// collection, count(s) being the number of times the collection holds s.
// From the start of a piece: a pair of runes the collection does not hold
// starts no word (its first rune is gathered, and a gathered run of 2 runes
// or more is a term of its own: a word the collection lacks, which a
// relevance rule must see); otherwise the word starts as the pair and
// grows by one rune while the longer stretch occurs at least 0.6 times as
// often as the shorter (咖啡 → 咖啡店 where nearly every 咖啡 is one; 李明
// stays 李明 although 李明在 occurs), up to 6 runes. count nil keeps each
// piece whole. (There is no Chinese segmenter with a dictionary in the
// module yet; the collection's own statistics stand in for one.)
func TermsIn(question string, count func(string) int) []string {
	var out []string
	add := func(t string) {
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	var word, han []rune
	flushWord := func() {
		w := string(word)
		word = word[:0]
		if len([]rune(w)) < 2 || englishStop[w] || englishBroad[w] {
			return
		}
		add(w)
	}
	flushHan := func() {
		run := string(han)
		han = han[:0]
		for _, piece := range cutHan(run) {
			for _, t := range segment(piece, count) {
				add(t)
			}
		}
	}
	for _, r := range question {
		switch {
		case text.IsHan(r):
			flushWord()
			han = append(han, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flushHan()
			word = append(word, unicode.ToLower(r))
		default:
			flushWord()
			flushHan()
		}
	}
	flushWord()
	flushHan()
	return out
}

// segment splits a piece of Han text into terms (see TermsIn).
func segment(piece string, count func(string) int) []string {
	rs := []rune(piece)
	if len(rs) < 2 {
		return nil
	}
	if count == nil {
		return []string{piece}
	}
	var unknown []rune
	var terms []string
	flush := func() {
		if len(unknown) >= 2 {
			terms = append(terms, string(unknown))
		}
		unknown = unknown[:0]
	}
	for i := 0; i < len(rs); {
		if i+2 > len(rs) {
			unknown = append(unknown, rs[i])
			break
		}
		n := count(string(rs[i : i+2]))
		if n == 0 {
			unknown = append(unknown, rs[i])
			i++
			continue
		}
		j := i + 2
		for j < len(rs) && j-i < 6 {
			m := count(string(rs[i : j+1]))
			if m == 0 || float64(m) < 0.6*float64(n) {
				break
			}
			n = m
			j++
		}
		flush()
		terms = append(terms, string(rs[i:j]))
		i = j
	}
	flush()
	return terms
}

// cutHan splits a run of Han characters at its question, function and
// broad words, which are left out.
func cutHan(run string) []string {
	pieces := []string{run}
	for _, lists := range [][]string{chineseBroad, chineseQuestion} {
		for _, w := range lists {
			var next []string
			for _, p := range pieces {
				for _, part := range strings.Split(p, w) {
					if part != "" {
						next = append(next, part)
					}
				}
			}
			pieces = next
		}
	}
	return pieces
}
