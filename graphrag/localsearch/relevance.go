package localsearch

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/text"
)

// NoMatchSimilarity is the relevance floor the CLI (search, chat,
// questions) and the server put into Params.MinSimilarity, which turns the
// relevance gate on: a question is also relevant when a vector hit has a
// Similarity (cosine for unit vectors) of at least 0.5, even if the gate's
// terms say otherwise. The offline n-gram embedder gives unrelated texts
// 0.02–0.3 and related ones 0.2–0.4, so on offline vectors the terms
// decide; with OpenAI-compatible embeddings a close paraphrase can pass on
// similarity alone.
const NoMatchSimilarity = 0.5

// The gate's rule on term statistics, which lives with them in knowledge
// (the local/global router applies it too): see knowledge.TopicalLift,
// knowledge.MinTopicalCount and knowledge.MinTopicalShare.
const (
	TopicalLift     = knowledge.TopicalLift
	MinTopicalCount = knowledge.MinTopicalCount
	// MinCoverage is the least weighted share of a question's terms that
	// must be topical for the question to be answered. A term weighs by
	// how rare it is in general text (knowledge.TermWeight: 0.1 for
	// everyday words such as 主要 or 工作, up to 4 for names and rare
	// words), so an answerable question may miss generic words (经历, 挑战:
	// "李明在经营咖啡店过程中都经历了哪些挑战？" covers 0.69) while a
	// question whose specific words are foreign to the knowledge is
	// refused even when a topical word is in it.
	MinCoverage = knowledge.MinTopicalShare
	// MaxMissingShare is the share of a question's term weight over which
	// the terms the knowledge lacks or uses once make it a no-match
	// (knowledge.MaxMissingShare): an English question on a Chinese graph
	// whose words the graph holds only as a name on its English pages
	// ("Wuhan University") is refused with the terms it lacks named.
	MaxMissingShare = knowledge.MaxMissingShare
)

// Relevance is the relevance gate's verdict on a question: which of its
// content terms (text.Terms) the knowledge holds and how prominently, and
// whether that is too weak to answer from (Weak: then no entity is
// selected and no model is asked). The gate is the same for search, chat,
// questions and serve; it reads the question alone, never the conversation
// history, so earlier turns cannot make an off-topic question relevant (a
// follow-up without any content term, "那后来呢？", or whose only terms
// are pronouns, "他后来又说了什么？", is judged on the previous user
// questions instead: see followUpTerms).
//
// The rule, in this order (Reason names the step that decided):
//
//  1. the subject (our rule, issue 19): a question naming something —
//     a term, or for a term the knowledge lacks the longest names inside
//     it, that the dictionary tags as a specific proper name (text.IsName:
//     a person, place, organisation, product or named event such as
//     北京大学, 特斯拉, 和服; or a Chinese word the dictionary lacks and
//     the knowledge does not hold at all, nor any part of it: 瑞幸; or
//     a name the dictionary tags, however common, that the knowledge
//     never uses: 北京 in "明天北京会不会下雨？" on a graph about a
//     coffee shop in 杭州, text.IsAnyName) — is
//     a no-match when the knowledge uses one
//     of those names fewer than MinTopicalCount times as itself (a name
//     held only as part of another name does not count: 北京大学图书馆 is
//     not held through the 大学 of 武汉大学), or when it holds none of
//     them prominently (Lift ≥ TopicalLift): the question is about another
//     subject, whatever generic domain words (舆情, 事件, 大学) it shares
//     with the knowledge. A name held in passing beside a prominent one is
//     fine (新华社 in a question about 武大);
//  2. a vector hit reaching the similarity floor (Params.MinSimilarity)
//     makes the question relevant;
//  3. a question is a no-match when the knowledge never uses a word of
//     what it asks for (text.AskedFor: 专业 in "李明大学读的是什么专业？",
//     门票 in "…景区的门票价格是多少？"; aspect words such as 挑战 or
//     原因 aside), itself, a synonym or a part that ends it, as a word
//     (knowledge.Lexical.Unasked: 身高 in 前身高校 is none), and that word
//     is a noun (text.IsNoun: 专业, 音乐, 老家) or the figure asked for
//     (text.Measured: 工资 in "店长一个月工资多少", whatever its part of
//     speech; 亩 in 多少亩; "how many floors"; born, grow up) or the terms
//     the knowledge lacks or uses once carry at least AskedMissingShare of
//     the question (冲泡, 正确) (our rule, issue 19,
//     knowledge.RefusesUnasked): the question shares the knowledge's names
//     but asks about something it does not hold;
//  4. otherwise it is relevant when some of its terms are topical — found
//     in the knowledge with a Lift of at least TopicalLift —, the topical
//     terms carry at least MinCoverage of the question's term weight and
//     the terms the knowledge lacks or uses once no more than
//     MaxMissingShare.
type Relevance struct {
	// Terms are the knowledge's statistics of each content term, in
	// question order.
	Terms []knowledge.TermStat `json:"terms"`
	// Found and Missing are the terms the knowledge holds (itself or a
	// part of it) and those it does not hold at all; Topical the found
	// ones it holds prominently (Lift ≥ TopicalLift).
	Found   []string `json:"found"`
	Missing []string `json:"missing"`
	Topical []string `json:"topical"`
	// Names are the statistics of the names the question asks about (rule
	// 1; each counted as itself, without parts), in question order; nil
	// when it names nothing.
	Names []knowledge.TermStat `json:"names,omitempty"`
	// Unasked are the words of what the question asks for (text.AskedFor)
	// that the knowledge never uses (rule 3); nil when none.
	Unasked []string `json:"unasked,omitempty"`
	// Coverage is the topical terms' share of the question's term weight
	// (0–1).
	Coverage float64 `json:"coverage"`
	// MissingShare is the share of the question's term weight carried by
	// the terms the knowledge lacks or uses once (knowledge.MissingShare,
	// 0–1).
	MissingShare float64 `json:"missing_share"`
	// BestSimilarity is the highest Similarity among the vector hits (0
	// for none).
	BestSimilarity float64 `json:"best_similarity"`
	// Weak: the match is too weak; the result is a no-match.
	Weak bool `json:"weak"`
	// Reason is the step of the rule that decided, as a sentence (the one
	// Message gives for a weak match).
	Reason string `json:"reason"`
	// Quoted is the passage the question quotes that the knowledge holds
	// word for word (text.Quotes), when it overrode a refusal for a
	// subject named only in passing or terms held too thinly (quoted);
	// "" otherwise.
	Quoted string `json:"quoted,omitempty"`
	// soft: the refusal is by a subject named in passing or by the terms'
	// coverage, which a held quote overrides.
	soft bool
}

// quoted overrides a soft refusal (a subject named only in passing, terms
// held too thinly) when the question quotes a passage of at least
// text.Quotes' length that the knowledge holds word for word (x's count
// of it): "新华社是怎么批评校长那句“等上级安排”的？" names 新华社 in passing,
// but the passage it asks about is the knowledge's. Refusals for an absent
// subject or an unheld asked-for word stand.
func (r *Relevance) quoted(x *knowledge.Lexical, question string) {
	if r == nil || !r.Weak || !r.soft {
		return
	}
	for _, q := range text.Quotes(question) {
		if st := x.Stats([]text.Term{{Text: q}}); len(st) == 1 && st[0].Count > 0 {
			r.Weak, r.soft, r.Quoted = false, false, q
			r.Reason = fmt.Sprintf("it quotes a passage the knowledge holds: “%s”", q)
			return
		}
	}
}

// WeakMatchLead begins Relevance.Message.
const WeakMatchLead = "The knowledge holds nothing relevant to this question"

// Message is the plain sentence for a weak match: the graph holds nothing
// relevant, and why (Reason).
func (r *Relevance) Message() string {
	return fmt.Sprintf("%s (%s). No model was asked.", WeakMatchLead, r.Reason)
}

// judge is the relevance gate: stats are the knowledge's statistics of the
// question's terms, names those of the names it asks about (subjectNames),
// asked the words of what it asks for that the knowledge never uses
// (knowledge.Lexical.Unasked); best is the best vector similarity; floor is
// Params.MinSimilarity.
func judge(stats, names []knowledge.TermStat, asked []string, best, floor float64, measured ...string) *Relevance {
	r := &Relevance{Terms: stats, Names: names, Unasked: asked, BestSimilarity: best, Found: []string{}, Missing: []string{}, Topical: []string{}}
	for _, s := range stats {
		switch {
		case !s.Found():
			r.Missing = append(r.Missing, s.Term)
			continue
		case s.Topical():
			r.Topical = append(r.Topical, s.Term)
		}
		r.Found = append(r.Found, s.Term)
	}
	r.Coverage = knowledge.TopicalShare(stats)
	r.MissingShare = knowledge.MissingShare(stats)
	var absent, passing []string
	for _, n := range names {
		switch {
		case n.Inside:
			absent = append(absent, fmt.Sprintf("%s (only inside other words)", n.Term))
		case n.Count < MinTopicalCount:
			absent = append(absent, fmt.Sprintf("%s (%s)", n.Term, usedTimes(n.Count)))
		case !n.Topical():
			passing = append(passing, fmt.Sprintf("%s (%s, %.1f× general text)", n.Term, usedTimes(n.Count), n.Lift))
		case n.Apart:
			passing = append(passing, fmt.Sprintf("%s (in %d records, none about the question's other terms)", n.Term, n.Docs))
		}
	}
	switch {
	case len(absent) > 0:
		r.Weak, r.Reason = true, "it does not hold the subject the question names: "+strings.Join(absent, ", ")
	case len(names) > 0 && len(passing) == len(names):
		r.Weak, r.soft, r.Reason = true, true, "it names the question's subject only in passing: "+strings.Join(passing, ", ")
	case best >= floor:
		r.Reason = fmt.Sprintf("a vector hit's similarity %.2f reaches %.2f", best, floor)
	case knowledge.RefusesUnasked(asked, measured, r.MissingShare):
		r.Weak, r.Reason = true, fmt.Sprintf("it never names what the question asks for (%s)", strings.Join(glossed(asked), ", "))
		if r.MissingShare >= knowledge.AskedMissingShare {
			r.Reason += fmt.Sprintf(", and the terms it lacks or uses once carry %.0f%% of the question", 100*r.MissingShare)
		} // else a thing, a figure or a fact of a life asked for decides alone ("王芳的微信号": 0 % missing besides)
	case len(stats) == 0:
		r.Weak, r.Reason = true, "it has no content word to look for"
	case len(r.Topical) > 0 && r.Coverage >= MinCoverage && r.MissingShare <= MaxMissingShare:
		r.Reason = fmt.Sprintf("the terms it holds prominently (%s) carry %.0f%% of the question", strings.Join(r.Topical, ", "), 100*r.Coverage)
	default:
		r.Weak, r.soft, r.Reason = true, true, r.termsReason()
	}
	return r
}

// unaskedGloss says what the nouns knowledge.Lexical.Unasked adds for a
// fact a word alone does not show stand for, as a refusal's reason gives
// them ("食堂几点开门？" asks for a 时刻, a word it never uses).
var unaskedGloss = map[string]string{"时刻": "a time of day", "价格": "a price", "名字": "a name", "投资额": "an amount invested", "职业": "former work", "年份": "a year"}

// glossed is asked with each word of unaskedGloss followed by its gloss
// ("时刻: a time of day") and each fact of a life (text.IsPersonalFact),
// which knowledge.Lexical.Unasked looks for said of the person asked
// about, saying so ("父亲: not said of the person asked about": the
// knowledge may name 父亲 of others; new-user trial 42).
func glossed(asked []string) []string {
	out := make([]string, len(asked))
	for i, w := range asked {
		out[i] = w
		switch {
		case unaskedGloss[w] != "":
			out[i] = w + ": " + unaskedGloss[w]
		case text.IsPersonalFact(w):
			out[i] = w + ": not said of the person asked about"
		}
	}
	return out
}

// termsReason says why rule 3 refused: the terms missing, those found
// only in passing, and which bar was missed.
func (r *Relevance) termsReason() string {
	var parts []string
	if len(r.Missing) > 0 {
		parts = append(parts, "not found: "+strings.Join(r.Missing, ", "))
	}
	var passing []string
	for _, t := range r.Found {
		if !slices.Contains(r.Topical, t) {
			passing = append(passing, t)
		}
	}
	if len(passing) > 0 {
		parts = append(parts, "mentioned only in passing: "+strings.Join(passing, ", "))
	}
	switch {
	case len(r.Topical) > 0 && r.Coverage < MinCoverage:
		parts = append(parts, fmt.Sprintf("the terms it holds (%s) carry %.0f%% of the question, under %.0f%%", strings.Join(r.Topical, ", "), 100*r.Coverage, 100*MinCoverage))
	case len(r.Topical) > 0:
		parts = append(parts, fmt.Sprintf("the terms it lacks or uses once carry %.0f%% of the question, over %.0f%%", 100*r.MissingShare, 100*MaxMissingShare))
	}
	return strings.Join(parts, "; ")
}

// AskedMissingShare is knowledge.AskedMissingShare: with an asked-for
// word the knowledge never uses, the share of the question's term weight
// the terms it lacks or uses once must carry for rule 3 to refuse a
// question whose asked-for word is neither a noun nor the figure asked.
const AskedMissingShare = knowledge.AskedMissingShare

// MinUnknownSubjectShare is the least share of a question's term weight
// (knowledge.TermStat.Weight) that a word the dictionary lacks and the
// knowledge never uses must carry to be taken for the question's subject
// (rule 1 of Relevance): 瑞幸 in "瑞幸咖啡的价格是多少？" carries most of
// it, while a verb the segmenter's HMM made up (网传 in a long question
// about a driver, a vice-president and the school's response, 18 %; 搞互
// of 搞互推, 25 %) is one word among many the knowledge does hold, and
// refusing for it refused answerable questions.
const MinUnknownSubjectShare = 1.0 / 3

// subjectNames returns the statistics of the names a question asks about
// (rule 1 of Relevance), each counted as itself (no parts, no synonyms):
// for each term (stats[i] is terms[i]'s), the term when text.IsName says
// it is a name and it has no synonyms (text.Synonyms: a word of that table
// is a common word, whatever the dictionary's tag), or when it is a Chinese word of two runes or more that the
// dictionary lacks (a name it does not know: 瑞幸, 喜茶; not an action on
// a thing, text.IsVerbObject: 办卡; nor an adverb glued to a verb,
// text.ModifiedVerb: 老劝 of "店员老劝人办会员", heldout62), that the
// knowledge does not hold, nor any part of it, and that carries at least
// MinUnknownSubjectShare of the question's term weight or opens the
// question (its first term: the topic a Chinese question is about, "瑞幸
// 咖啡在杭州滨江区一共开了多少家门店？", 27 %), or when it is a
// model code the knowledge never uses (isModelCode: SU7); else, when the knowledge uses the term itself fewer than
// MinTopicalCount times, the names among its parts that no longer name
// part holds (北京大学, not 北京) and that open or end the term
// (alignedPart: not 中度 in 集中度). Each name once, in question order.
func subjectNames(x *knowledge.Lexical, terms []text.Term, stats []knowledge.TermStat) []knowledge.TermStat {
	var out []knowledge.TermStat
	seen := map[string]bool{}
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			st := x.Stats([]text.Term{{Text: w}})[0]
			// a dictionary name the texts hold only inside longer words
			// (比亚 of 比亚迪 in 埃塞俄比亚) is not held
			st.Inside = st.Count > 0 && text.IsName(w) && !x.UsedAsName(w)
			out = append(out, st)
		}
	}
	var total float64
	for _, s := range stats {
		total += s.Weight()
	}
	for i, t := range terms {
		unknown := stats[i].Count == 0 && text.IsUnknownWord(t.Text) && len(t.Synonyms) == 0 && !text.ModifiedVerb(t.Text) // 老劝: how something is done, no subject
		name := text.IsName(t.Text) && len(t.Synonyms) == 0 && len(text.StandIns(t.Text)) == 0                             // a word of the synonym or stand-in table is a common word (拉客, 中断 are tagged names)
		if name || unknown && (i == 0 || stats[i].Weight() >= MinUnknownSubjectShare*total) || stats[i].Count == 0 && (isModelCode(t.Text) || text.IsAnyName(t.Text) && len(t.Synonyms) == 0) {
			add(t.Text)
			continue
		}
		if stats[i].Matched == t.Text && stats[i].Count >= MinTopicalCount {
			continue
		}
		var names []string
		for _, p := range t.Parts {
			if text.IsName(p) && alignedPart(t.Text, p) {
				names = append(names, p)
			}
		}
		for _, n := range names {
			if !slices.ContainsFunc(names, func(o string) bool { return o != n && strings.Contains(o, n) }) {
				add(n)
			}
		}
	}
	return out
}

// alignedPart reports whether the part p of the word w opens or ends it
// and what is left is a word's worth: two runes or more, or a noun of one
// (北京大学/图书馆, 武大/人), not one loose character (集/中度 in 集中度,
// where the dictionary's name 中度 straddles 集中 and 度).
func alignedPart(w, p string) bool {
	var rest string
	switch {
	case strings.HasPrefix(w, p):
		rest = w[len(p):]
	case strings.HasSuffix(w, p):
		rest = w[:len(w)-len(p)]
	default:
		return false
	}
	return utf8.RuneCountInString(rest) >= 2 || text.IsOneRuneNoun(rest)
}

// questionNames is subjectNames of the question's terms and stats (but a
// word right after 开始, 正在 … : text.AfterAspectual), then
// each pair of nouns written together that the knowledge never uses
// (飞天茅台 in "最近飞天茅台是不是又断货了？" on the sample: a thing the
// question names, neither of whose words it holds; not an adverb of a
// doubled rune the dictionary tags a noun, reduplicated: 私家车硬生生逼停;
// not an action after a word of need, text.AfterModal: 要不要花钱买票),
// and each outlet's name of a word it never uses and the word that ends
// such names (text.IsOutletSuffix: 澎湃新闻 in "澎湃新闻和财新对武大图书馆
// 事件的报道框架有什么不同？", though it holds 新闻), and each kind of firm
// the knowledge never writes, a noun of its trade and the word that ends
// such names (text.IsFirmSuffix: 公关公司 in "有没有请外部的公关公司来帮
// 忙？", though it holds 公关 and 公司 apart), each Chinese term it never uses that
// the question writes in two of its sentences (repeated: 外卖 of "学校现在
// 让不让外卖小哥进校？外卖能直接送到宿舍楼下吗？", heldout63, though it holds
// 宿舍楼 and 进校), and each platform it never
// writes (text.IsPlatformName: 视频号, though it holds 视频), and the noun a
// question opens with as its place (placeOpening: 火星 in "火星上能开咖啡店
// 吗？", though it holds 咖啡店) when the knowledge never uses it, then each English name of a word and a number (text.NumberedNames: "Area
// 51"), counted as one phrase: "What did the squad discover at Area 51?"
// named Area 51, which Dulce never does, while its area and 51 were
// counted apart (area held in passing, 51 missing).
// Then each English word written with a capital inside the sentence
// (text.CapitalisedWords; outside the asker's frame, text.WithoutAskerFrame:
// "… so I know which PC gets the spotlight" names no subject) that the
// knowledge never uses: "In The
// Andromeda Strain, how does the team at the underground Wildfire lab stop
// the microbe?" names another story (Andromeda, Wildfire), while its team,
// underground and lab carried enough of it to be answered.
//
// The examples the question lists after 比如 (unusedExamples) are names
// too when the knowledge uses none of them.
//
// A person's name (text.PersonShaped: 张平文, which the dictionary lacks)
// that the knowledge holds prominently is one of the question's names
// too: "张平文校长…原话是怎么说的？新华社后来怎样评价这种表态？" is about him,
// and 新华社, held in passing, is not the only subject it names.
//
// A name held in at most knowledge.ApartDocs documents, none of which
// holds another of the question's terms the knowledge holds prominently,
// is marked Apart (named only in passing for this question): "厦门大学国庆
// 期间对游客开放吗？需要提前预约吗？" on the fixture, whose two records naming
// 厦门大学 are rankings, while its 预约 are 武大's cherry-blossom bookings.
func questionNames(x *knowledge.Lexical, question string, terms []text.Term, stats []knowledge.TermStat) []knowledge.TermStat {
	names := slices.DeleteFunc(subjectNames(x, terms, stats), func(n knowledge.TermStat) bool {
		return text.AfterAspectual(question, n.Term) // 开始张罗: a verb, whatever its tag
	})
	for i := 0; i+1 < len(terms); i++ {
		a, b := terms[i].Text, terms[i+1].Text
		if stats[i].Count == 0 && (stats[i+1].Count == 0 && text.IsNoun(a) && text.IsNoun(b) && !reduplicated(b) && !text.AfterModal(question, a+b) || text.IsOutletSuffix(b)) && strings.Contains(question, a+b) {
			names = append(names, x.Stats([]text.Term{{Text: a + b}})[0]) // 外卖骑手: a thing of two nouns, neither held; 澎湃新闻: an outlet
		} else if text.IsNoun(a) && text.IsFirmSuffix(b) && strings.Contains(question, a+b) {
			if st := x.Stats([]text.Term{{Text: a + b}})[0]; st.Count == 0 && !x.HeldWithGap(a, b, firmGap) {
				names = append(names, st) // 公关公司: a kind of firm, though 公关 and 公司 are held apart
			}
		}
	}
	names = append(names, unusedExamples(x, question)...)
	for i, t := range terms {
		if stats[i].Count == 0 && (i > 0 || text.IsNoun(t.Text)) && placeOpening(text.WithoutAskerFrame(question), t.Text) && !hasName(names, t.Text) {
			names = append(names, stats[i]) // 火星上能开咖啡店吗, 国考的申论真题里…: where the question is set, never named
		}
	}
	for i, t := range terms {
		if stats[i].Count == 0 && text.HasHan(t.Text) && !text.IsAspectWord(t.Text) && !hasName(names, t.Text) && repeated(question, t.Text) {
			names = append(names, stats[i]) // 外卖 of "让不让外卖小哥进校？外卖能直接送到宿舍楼下吗？": what it keeps asking about
		}
	}
	for _, t := range terms {
		if text.IsPlatformName(t.Text) && !hasName(names, t.Text) {
			if st := x.Stats([]text.Term{{Text: t.Text}})[0]; st.Count == 0 {
				names = append(names, st) // 视频号: a platform the sources never cover, though 视频 is held
			}
		}
	}
	for i, t := range terms {
		if stats[i].Topical() && text.PersonShaped(t.Text) && !hasName(names, t.Text) {
			names = append(names, stats[i]) // 张平文, held prominently: a subject the knowledge is about
		}
	}
	for _, n := range text.NumberedNames(text.WithoutAskerFrame(question)) {
		names = append(names, x.Stats([]text.Term{{Text: n}})[0])
	}
	for _, st := range x.UnusedCapitalised(question) {
		if !hasName(names, st.Term) {
			names = append(names, st)
		}
	}
	names = prefaceNames(question, names, terms, stats)
	markApart(x, names, stats)
	return names
}

// prefaceNames is names without those the knowledge does not hold
// (under MinTopicalCount) that the question writes only in its preface
// (text.Preface: the sentences before it that ask nothing, "每年樱花季人山
// 人海，我们也在研究高校校园开放管理的做法。" or "做网络民族志需要选田野平台。")
// or in its afterword (text.Afterword: the sentences after its last
// question mark that ask nothing, "我是怕他干不长，没多久又换人装修。")
// when what it asks holds a term the knowledge holds prominently (武大):
// the asker's purpose is no subject. Without such a term, or written where
// it asks too, a name stays.
func prefaceNames(question string, names []knowledge.TermStat, terms []text.Term, stats []knowledge.TermStat) []knowledge.TermStat {
	preface, rest := text.Preface(text.Standard(question))
	rest, after := text.Afterword(rest)
	held := false
	for i, t := range terms {
		held = held || preface+after != "" && stats[i].Topical() && strings.Contains(rest, t.Text)
	}
	if !held {
		return names
	}
	return slices.DeleteFunc(names, func(n knowledge.TermStat) bool {
		return n.Count < MinTopicalCount && strings.Contains(preface+"\n"+after, n.Term) && !strings.Contains(rest, n.Term)
	})
}

// repeated reports whether q writes the term w in two of its sentences or
// more (each ending with ？, ?, 。, ！ or !): what a Chinese question keeps
// asking about is its subject. English terms are not read so: "How does it
// end? … at the very end of the last chapter?" asks how a story ends, which
// its text never says with end.
func repeated(q, w string) bool {
	n := 0
	for _, s := range questionSentences.Split(q) {
		if strings.Contains(s, w) {
			n++
		}
	}
	return n >= 2
}

// questionSentences cut a question into its sentences for repeated.
var questionSentences = text.SentenceRules{Ends: "？?。！!"}

// hasName reports whether names holds the statistics of w.
func hasName(names []knowledge.TermStat, w string) bool {
	return slices.ContainsFunc(names, func(n knowledge.TermStat) bool { return n.Term == w })
}

// placeOpening reports whether q opens with the noun w and a localizer
// after it (上, 里, 中, 内: 火星上, 月球上), after a time word (今年, 去年
// …) and a phrase of at most 8 runes with 的 before w if any (今年国考的申
// 论真题里: 真题): the place the question is set in.
func placeOpening(q, w string) bool {
	q = strings.TrimSpace(q)
	for _, t := range openingTimes {
		q = strings.TrimPrefix(q, t)
	}
	if i := strings.Index(q, w); i > 0 {
		if before := q[:i]; utf8.RuneCountInString(before) <= 8 && strings.Contains(before, "的") && !strings.ContainsAny(before, "，,。？?！!；; ") {
			q = q[i:] // 国考的申论: whose, then the place
		}
	}
	rest, ok := strings.CutPrefix(q, w)
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("上里中内", r)
}

// openingTimes are the time words a question may open with before the
// place it is set in (placeOpening).
var openingTimes = []string{"今年", "去年", "前年", "明年", "现在", "最近", "目前", "当年"}

// markApart sets Apart on each name held in at most knowledge.ApartDocs
// documents that holds none of the question's other topical terms (stats:
// not the name, not a word holding it or held by it) in any of them; a
// question with no such other term marks none.
func markApart(x *knowledge.Lexical, names, stats []knowledge.TermStat) {
	for i, n := range names {
		if n.Docs == 0 || n.Docs > knowledge.ApartDocs {
			continue
		}
		var others []string
		for _, s := range stats {
			if s.Topical() && !strings.Contains(s.Matched, n.Matched) && !strings.Contains(n.Matched, s.Matched) {
				others = append(others, s.Matched)
			}
		}
		names[i].Apart = x.Apart(n.Matched, others)
	}
}

// reduplicated reports a Chinese word of three runes whose last two are
// one rune doubled (硬生生, 活生生, 眼睁睁): an adverb or adjective, never
// part of a thing's name.
func reduplicated(w string) bool {
	rs := []rune(w)
	return len(rs) == 3 && rs[1] == rs[2] && text.HasHan(w)
}

// isModelCode reports whether w mixes Latin letters and digits (SU7,
// iPhone15, A320, F-35): a product or model name, which the knowledge
// either uses or does not hold (rule 1 of Relevance), whatever its share
// of the question. A number joined by hyphens to words of three letters or
// more is a measure or an age, no code ("14-year-old", "24-hour": the
// asker's child in "My 14-year-old wants to read this", heldout65).
func isModelCode(w string) bool {
	letters := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r < 128 && unicode.IsLetter(r) })
	}
	digits := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return r < 128 && unicode.IsDigit(r) })
	}
	if !letters(w) || !digits(w) {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		if letters(p) && (digits(p) || len(p) <= 2) {
			return true // SU7, iPhone15; the F of F-35
		}
	}
	return false
}

// usedTimes says how often the knowledge uses a name: "never used",
// "used once", "used N times".
func usedTimes(n int) string {
	switch n {
	case 0:
		return "never used"
	case 1:
		return "used once"
	}
	return fmt.Sprintf("used %d times", n)
}
