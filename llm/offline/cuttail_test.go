package offline

import (
	"slices"
	"testing"
)

// A record cut at a length ends inside a sentence: its last clause is not
// quoted (the fixture's section summary ended "…认定男生的行为构成性", a page
// text "…肖同学到") but for its clauses before the last comma, when they
// are 12 runes or more; a whole last line that ends without punctuation (a
// list item, a one-line title or figure) is kept.
func TestCutRecordTailNotQuoted(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"法院于2025年7月作出一审判决，驳回了原告的诉讼请求。然而，近两年后，法院因证据不足以认定男生的行为构成性",
			[]string{"法院于2025年7月作出一审判决，驳回了原告的诉讼请求。"}},
		{"学校发布了情况通报，宣布启动全面复核。\n- 时间节点：事件始于2022年暑期，2024年7月25日法院判决公布",
			[]string{"学校发布了情况通报，宣布启动全面复核。", "时间节点：事件始于2022年暑期，2024年7月25日法院判决公布"}},
		{"时间节点：事件始于2022年暑期，2024年7月25日法院判决公布",
			[]string{"时间节点：事件始于2022年暑期，2024年7月25日法院判决公布"}},
		{"学校发布了情况通报，宣布启动全面复核。舆论随后出现明显的反转。",
			[]string{"学校发布了情况通报，宣布启动全面复核。", "舆论随后出现明显的反转。"}},
		// its clauses before the last comma are kept when they make a
		// sentence's worth (cutClause: 12 runes or more)
		{"武汉大学发布2024年赏樱政策，实名免费预约。预约进校时段为3月20日至4月6日,工作日08:30—17",
			[]string{"武汉大学发布2024年赏樱政策，实名免费预约。", "预约进校时段为3月20日至4月6日"}},
		{"武汉大学发布2024年赏樱政策，实名免费预约。进校时段为3月20日,工作日08:30—17",
			[]string{"武汉大学发布2024年赏樱政策，实名免费预约。"}},
		{"——在知乎“武大测绘世界第一”话题下，这条获赞4.5万的回答依旧置顶。",
			[]string{"在知乎“武大测绘世界第一”话题下，这条获赞4.5万的回答依旧置顶。"}},
	} {
		if got := splitSentences(c.in); !slices.Equal(got, c.want) {
			t.Errorf("splitSentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// splitSentences is the text of each clause splitClauses cuts s into.
func splitSentences(s string) []string {
	cs := splitClauses(s)
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.text
	}
	return out
}

// A record that stops inside its only (or last kept) sentence is quoted
// with "…" (cutTail): a search result's page text cut at a length
// ("…博士研究生8616"); a short line (a title, a label), a list item and a
// sentence with its full stop are quoted as they are.
func TestCutQuoteMarked(t *testing.T) {
	for in, want := range map[string]string{
		"【来源：武大就业】武汉大学是国家教育部直属重点综合性大学是首批“双一流” 建设高校学校现有普通本科生29450 人，硕士研究生20085 人，博士研究生8616": "【来源：武大就业】武汉大学是国家教育部直属重点综合性大学是首批“双一流” 建设高校学校现有普通本科生29450 人，硕士研究生20085 人，博士研究生8616…",
		"时间节点：事件始于2022年暑期，2024年7月25日法院判决公布":                      "时间节点：事件始于2022年暑期，2024年7月25日法院判决公布",
		"- 时间节点：事件始于2022年暑期，2024年7月25日法院判决公布，随后学校宣布启动全面复核并成立工作组": "时间节点：事件始于2022年暑期，2024年7月25日法院判决公布，随后学校宣布启动全面复核并成立工作组",
		"学校发布了情况通报，宣布启动全面复核，并表示将在调查结束后第一时间向社会公布处理结果。":            "学校发布了情况通报，宣布启动全面复核，并表示将在调查结束后第一时间向社会公布处理结果。",
		// an entity's description cut at a clause: short, but no sentence ends on a comma
		"老城区街角便宜，咖啡卖不动；写字楼商圈月租一万五，": "老城区街角便宜，咖啡卖不动；写字楼商圈月租一万五…",
		"他说今年三月一共看过三个地方：":           "他说今年三月一共看过三个地方…",
	} {
		cs := splitClauses(in)
		sents := make([]*sentence, len(cs))
		for i, c := range cs {
			sents[i] = &sentence{text: c.text, order: i, joinsNext: c.joinsNext, cut: c.cut}
		}
		if got := quoteOf(sents, sents[len(sents)-1]); got != want {
			t.Errorf("quote of %q = %q, want %q", in, got, want)
		}
	}
}

// Bold headings a scraped line opens with are no part of its sentence
// (leadingBold): the answer quoted "**三、造假案例** 武汉大学2012年…" and
// "**第一招****:****借尸还魂** **武汉大学** 国立武汉大学创办…"; a bold phrase
// inside a sentence stays.
func TestLeadingBoldHeading(t *testing.T) {
	for in, want := range map[string][]string{
		"**三、造假案例** 武汉大学2012年11月29日宣布120周年校庆年正式启动。":     {"武汉大学2012年11月29日宣布120周年校庆年正式启动。"},
		"**第一招****:****借尸还魂** **武汉大学** 国立武汉大学创办于1928年。": {"国立武汉大学创办于1928年。"},
		"网友称这是**最离谱**的一次回应。":                            {"网友称这是**最离谱**的一次回应。"},
	} {
		if got := splitSentences(in); !slices.Equal(got, want) {
			t.Errorf("splitSentences(%q) = %q, want %q", in, got, want)
		}
	}
}

// The clauses kept of a cut sentence (cutClause) score PartialShare of the
// same words in a whole sentence: what follows the cut may take them back.
func TestPartialScoresLess(t *testing.T) {
	mk := func(partial bool) *sentence {
		s := "预约进校时段为3月20日至4月6日"
		return &sentence{text: s, dataset: "sources", id: "1", terms: matchTerms(s), lower: s, partial: partial, cut: partial}
	}
	whole, part := mk(false), mk(true)
	part.id, part.order = "2", 1
	scoreSentences([]*sentence{whole, part}, "预约进校的日期是几号？")
	if whole.score <= 0 || part.score >= whole.score || part.score < whole.score*PartialShare*0.99 {
		t.Errorf("scores: whole %.4f, partial %.4f; want the partial one %.2f of the whole", whole.score, part.score, PartialShare)
	}
}
