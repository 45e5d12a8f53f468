package text

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A question about sentiment ("网民的情绪倾向如何？", "What was the public
// sentiment?") asks for the shares of sentiment the texts state (负面情感
// 占58%, “愤怒”情绪占比52.7%); local search answers it from those figures
// counted by event (graphrag/localsearch, the Sentiment section).

// Sentiment vocabulary. Polarities and emotions name what a share is of
// (a category); frames say a share is one of sentiment without naming the
// category ("情绪词云里“荒诞”占21%").
var (
	sentimentPolarity = []string{"非常正面", "非常负面", "正面", "负面", "中性", "中立", "正向", "负向", "积极", "消极"}
	sentimentEmotion  = []string{"愤怒", "嘲讽", "讽刺", "失望", "焦虑", "恐惧", "担忧", "担心", "不满", "反感", "厌恶", "悲伤", "同情",
		"心疼", "自豪", "骄傲", "期待", "感动", "欣慰", "信任", "质疑", "支持", "反对", "理解", "惋惜", "羞耻", "好评", "差评", "吐槽"}
	sentimentFrame = []string{"情感", "情绪", "态度", "心态", "口碑"}
	// asked: a question naming one of these asks about sentiment
	sentimentAskZH = append([]string{"倾向", "看法", "好评", "差评", "总体评价", "整体评价", "综合评价", "印象", "褒贬", "夸", "骂"}, append(sentimentFrame, sentimentPolarity...)...)
	sentimentAskEN = fieldSet(`sentiment sentiments emotion emotions emotional feel felt feeling feelings
		attitude attitudes mood positive negative neutral`)
	// sentimentWho are the words of a sentiment question that say whose
	// sentiment is asked (网民, public) or how it is compared (不同, 变化),
	// not what about
	sentimentWho = fieldSet(`网民 网友 公众 民众 大众 群众 舆论 用户 评论 评价 顾客 消费者 客户 人们 大家 网络 网上 社会 整体 总体 主要
		public people users overall general 不同 差异 区别 变化 分布 difference differences differ`)
)

// SentimentAfterRunes is how far after a percentage its category may be
// named ("26%的网友支持…").
const SentimentAfterRunes = 8

// percentRE finds a percentage as written: 58%, 52.7％.
var percentRE = regexp.MustCompile(`\d+(?:\.\d+)?\s?[%％]`)

// SentimentFigure is one share of sentiment a sentence states.
type SentimentFigure struct {
	// Category is what the share is of: the polarity or emotion word
	// nearest before the number in its clause, else the first within
	// SentimentAfterRunes after it and before any quote ("26%的网友支持…"),
	// else the frame word (情绪, 情感 …). A hint for a table: in "“愤怒”
	// 情绪占比首次超过“嘲讽”（52.7% vs 41.2%）" both are 嘲讽's; what a
	// share is of is read from the sentence quoted whole.
	Category string
	Raw      string // the percentage as written, "52.7%"
}

// SentimentFigures returns the shares of sentiment sentence states, in
// text order: each percentage whose clause (cut at sentence marks, commas,
// semicolons and " - " list marks) names a polarity (正面, 负面, 中性, 正向, 积极 …), an
// emotion or attitude (愤怒, 嘲讽, 失望, 焦虑, 支持, 质疑 …) or a sentiment
// frame (情感, 情绪, 态度, 心态, 口碑). A percentage of anything else
// ("央级媒体参与度高达58.6%", "“护校派”占比61%", "自杀倾向达80%") is none.
// evidence.FindFigures files a figure as sentiment by its label's
// polarity alone (its KPI and chart rule); this rule also takes the
// emotions a share is given for.
func SentimentFigures(sentence string) []SentimentFigure {
	var out []SentimentFigure
	sentence = strings.ReplaceAll(sentence, " - ", "\n") // list lines run together: "…58.6% - 舆论转向：…支持度"
	for _, clause := range strings.FieldsFunc(sentence, func(r rune) bool { return strings.ContainsRune("，,；;。！？!?\n", r) }) {
		for _, loc := range percentRE.FindAllStringIndex(clause, -1) {
			if c := sentimentCategory(clause, loc[0]); c != "" {
				out = append(out, SentimentFigure{Category: c, Raw: strings.ReplaceAll(clause[loc[0]:loc[1]], " ", "")})
			}
		}
	}
	return out
}

// sentimentCategory is the category of the percentage at byte at of
// clause (SentimentFigure.Category), "" when the clause names no
// sentiment.
func sentimentCategory(clause string, at int) string {
	best, bestAt := "", -1
	after, afterAt := "", len(clause)
	near := clause[at:]
	if r := []rune(near); len(r) > SentimentAfterRunes {
		near = string(r[:SentimentAfterRunes])
	}
	if i := strings.IndexAny(near, "“\"「《"); i >= 0 {
		near = near[:i] // "41%转向“制度性质疑”": a quoted name is no sentiment
	}
	for _, ws := range [][]string{sentimentPolarity, sentimentEmotion} {
		for _, w := range ws {
			if i := strings.LastIndex(clause[:at], w); i >= 0 && (i > bestAt || i == bestAt && len(w) > len(best)) {
				best, bestAt = w, i
			}
			if i := strings.Index(near, w); i >= 0 && (i < afterAt || i == afterAt && len(w) > len(after)) {
				after, afterAt = w, i
			}
		}
	}
	switch {
	case best != "":
		return best
	case after != "":
		return after
	}
	return FirstWord(clause, sentimentFrame)
}

// AsksSentiment reports whether question asks about sentiment, emotion or
// attitude: it names a sentiment frame, polarity or 倾向/看法 (情绪, 情感,
// 态度, 倾向, 正面, 负面, 口碑 …), an overall evaluation (总体评价,
// 印象: what people think of the whole, not of one thing), praise and
// blame in everyday words (褒贬, "夸的多还是骂的多") or, in English, sentiment, emotion, feel,
// attitude, mood, positive, negative. "网民的情绪倾向如何？" and "How did
// people feel?" do; "武汉大学校方是如何回应的？" does not, nor does the
// asker's frame ("…themes of this story? I'm thinking something about
// gut feeling …": WithoutAskerFrame).
func AsksSentiment(question string) bool {
	low := strings.ToLower(WithoutAskerFrame(question))
	words := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) || IsHan(r) })
	asks := func(w string) bool { return sentimentAskEN[w] }
	return FirstWord(low, sentimentAskZH) != "" || slices.ContainsFunc(words, asks)
}

// SentimentFrame reports whether the content term t (Terms) is part of a
// sentiment question's frame — a sentiment word (情绪, 倾向, 负面;
// sentiment, feel), whose it is (网民, 公众; public, people), or a
// platform-count frame word (CountFrame: 平台, 分布, 占比) — rather than its
// subject: "长江大保护相关的网络情绪如何？" asks about 长江大保护.
func SentimentFrame(t string) bool {
	t = strings.ToLower(t)
	return sentimentWho[t] || sentimentAskEN[t] || FirstWord(t, sentimentAskZH) != "" || FirstWord(t, sentimentEmotion) != "" || CountFrame(t)
}

// aspectsAsk matches a Chinese question's asking in what respects or on
// what topics (集中在哪些方面, 主要是什么问题, 哪几点); shareAsk its asking
// for a share or an overall tone (占比, 多少, 分布, 怎么样).
var (
	aspectsAsk = regexp.MustCompile(`(?:哪些|哪几|什么)(?:个)?(?:方面|问题|地方|点|话题|议题|原因|内容)`)
	shareAsk   = regexp.MustCompile(`占比|比例|比重|多少|几成|百分|分布|各占|怎么样|如何|怎样|多大`)
)

// AsksSentimentAspects reports whether a question about sentiment asks on
// what the sentiment bears rather than its shares: "负面评论主要集中在哪些
// 方面？" is answered by the complaints (周末提前打烊, 断货), not by 负面10%;
// "负面情绪占多少？" asks the share.
func AsksSentimentAspects(question string) bool {
	return aspectsAsk.MatchString(question) && !shareAsk.MatchString(question)
}
