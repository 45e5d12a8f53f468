package localsearch

import (
	"strings"
	"unicode"
)

// NoMatchSimilarity is the relevance floor the CLI (search, chat,
// questions) and the server put into Params.MinSimilarity: a vector hit
// whose Similarity (cosine for unit vectors) is at least 0.5 counts as
// relevant even when it shares no term with the question. The offline
// n-gram embedder gives unrelated texts 0.02–0.3 and related ones 0.2–0.4,
// so on offline vectors the shared term decides; with OpenAI-compatible
// embeddings a close paraphrase can pass on similarity alone.
const NoMatchSimilarity = 0.5

// queryTerms returns the terms of a question that can show it is about an
// entity: lower-cased Latin/digit words of at least two runes that are not
// stop words ("who", "is", "the", "tell", …), and for runs of Chinese (Han)
// characters, after the interrogative and function words (什么, 为什么,
// 如何, 哪些, 的, 是, 吗, …) are cut out, every two-rune window (a run of
// one rune is a term by itself). Each term once, in order.
func queryTerms(q string) []string {
	q = strings.ToLower(q)
	for _, w := range cjkStop {
		q = strings.ReplaceAll(q, w, " ")
	}
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	rs := []rune(q)
	for i := 0; i < len(rs); {
		switch {
		case unicode.Is(unicode.Han, rs[i]):
			j := i
			for j < len(rs) && unicode.Is(unicode.Han, rs[j]) {
				j++
			}
			if j-i == 1 {
				add(string(rs[i]))
			}
			for k := i; k+1 < j; k++ {
				add(string(rs[k : k+2]))
			}
			i = j
		case isWordRune(rs[i]):
			j := i
			for j < len(rs) && isWordRune(rs[j]) {
				j++
			}
			if w := string(rs[i:j]); j-i >= 2 && !latinStop[w] {
				add(w)
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// isWordRune is a letter or digit outside the Han script.
func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r)
}

// sharesTerm reports whether text (an entity's title and description)
// contains one of terms: a Han term as a substring, a Latin term as the
// start of a word ("agent" matches "agents", not "reagent").
func sharesTerm(text string, terms []string) bool {
	if len(terms) == 0 {
		return false
	}
	text = strings.ToLower(text)
	var words map[string]bool
	for _, t := range terms {
		if first := []rune(t)[0]; unicode.Is(unicode.Han, first) {
			if strings.Contains(text, t) {
				return true
			}
			continue
		}
		if words == nil {
			words = map[string]bool{}
			for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
				words[w] = true
			}
		}
		for w := range words {
			if strings.HasPrefix(w, t) {
				return true
			}
		}
	}
	return false
}

// relevant reports whether a vector mapping is about the question: some
// hit shares a term with it (queryTerms, sharesTerm on "title description")
// or reaches floor similarity.
func relevant(query string, hits []MappedEntity, floor float64) bool {
	terms := queryTerms(query)
	for _, h := range hits {
		if h.Similarity >= floor || sharesTerm(h.Entity.Title+" "+h.Entity.Description, terms) {
			return true
		}
	}
	return false
}

// cjkStop are the Chinese interrogative and function words cut out of a
// question before its terms are taken, longest first so that 为什么 goes
// before 什么.
var cjkStop = []string{
	"为什么", "有哪些", "是什么", "怎么样", "什么", "为何", "如何", "怎样", "怎么", "哪些", "哪个", "哪里", "是否",
	"多少", "有何", "请问", "介绍", "一下", "关于", "告诉", "我们", "你们", "他们", "她们", "它们", "这个", "那个",
	"这些", "那些", "一个", "可以", "能否", "以及", "还是", "或者", "的", "了", "吗", "呢", "吧", "是", "和",
	"与", "在", "谁", "及", "对", "把", "被", "哪", "几", "么",
}

// latinStop are English question and function words.
var latinStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the is are was were be been being am who whom whose what why how which when where
		does do did done can could would should will shall may might must has have had of for to in on at by from with
		about into over and or not no nor but if then than so as it its this that these those there their them they he she
		his her him me my we our us you your i tell please explain describe give show list any some all much many more most
		know say said like`) {
		latinStop[w] = true
	}
}
