package localsearch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag/knowledge"
	"reportengine/internal/fixture"
	"reportengine/text"
)

// A question about sentiment on the BettaFish fixture opens its context
// with the Sentiment section, the case's figures first: the library
// case's speech (forum line 40, 12:42:02, naming “图书馆事件”) gives
// 23-27岁组负面降至39% and 抖音家长群体正面情感占54%; the 嘲讽 48% of the
// 12:32:11 speech (an April story naming no event of the case) is never
// the case's. Scopes never go back (main, other, unattributed). A
// subject limits the rows to the texts holding it; a question whose only
// words are the frame is answered over the whole knowledge; vector-only
// retrieval (Microsoft GraphRAG's context) gets no section. On the sample
// (no dominant event) every row is the topic's, the passage stating the
// most kinds of sentiment first.
func TestSentimentSection(t *testing.T) {
	run := fixture.BettaFish(t)
	b := graphBuilder(t, run)
	log, err := os.ReadFile(filepath.Join(run.Dir, "logs", "forum.log"))
	if err != nil {
		t.Fatal(err)
	}
	caseSpeech := strings.Split(string(log), "\n")[39]
	if !strings.Contains(caseSpeech, "“图书馆事件”") {
		t.Fatalf("forum line 40 is not the library case's speech: %.80s", caseSpeech)
	}
	build := func(b *ContextBuilder, q, r string) *Context {
		t.Helper()
		p := DefaultParams()
		p.Retrieval, p.MinSimilarity = r, NoMatchSimilarity
		c, err := b.Build(t.Context(), q, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := build(b, "网民的情绪倾向如何？", RetrievalHybrid)
	rows := c.Records["sentiment"].Rows
	if len(rows) < 4 || c.Sections[0] != SentimentName {
		t.Fatalf("no Sentiment section first: %v, %d rows", c.Sections, len(rows))
	}
	order := []string{ScopeMain, ScopeOther, ScopeUnattributed}
	var main []string
	for i, r := range rows {
		if i > 0 && slices.Index(order, r[2]) < slices.Index(order, rows[i-1][2]) {
			t.Errorf("row %d (%s) after a %s row", i, r[2], rows[i-1][2])
		}
		if r[2] == ScopeMain {
			main = append(main, r[1])
			if !strings.Contains(r[3], "图书馆事件") {
				t.Errorf("main row %d: event %q", i, r[3])
			}
		}
		if strings.Contains(r[1], "嘲讽") && strings.Contains(r[1], "48%") && r[2] == ScopeMain {
			t.Errorf("the April story's 嘲讽 48%% given as the case's: %v", r)
		}
	}
	for _, want := range []string{"负面降至39%", "正面情感占54%"} {
		if !slices.ContainsFunc(main, func(s string) bool { return strings.Contains(s, want) && strings.Contains(caseSpeech, s[:len(s)/2]) }) {
			t.Errorf("no main row states %s from the case's speech: %q", want, main)
		}
	}
	if !slices.ContainsFunc(rows, func(r []string) bool { return strings.Contains(r[1], "嘲讽") && strings.Contains(r[1], "48%") }) {
		t.Errorf("the April story's figures left out: they are shown, labelled")
	}
	// a subject: 长江大保护 (insight_P4), 64% 非常正面
	sub := build(b, "长江大保护相关的网络情绪如何？", RetrievalHybrid).Records["sentiment"].Rows
	if len(sub) == 0 || len(sub) >= len(rows) || !slices.ContainsFunc(sub, func(r []string) bool { return strings.Contains(r[1], "64%") }) {
		t.Errorf("长江大保护: %d rows of %d, want the 64%% row only among fewer", len(sub), len(rows))
	}
	if c := build(b, "What was the public sentiment?", RetrievalHybrid); c.Relevance == nil || c.Relevance.Weak || len(c.Records["sentiment"].Rows) == 0 {
		t.Errorf("English frame-only question refused or without figures: %+v", c.Relevance)
	}
	if c := build(b, "火星上的人们情绪如何？", RetrievalHybrid); c.Relevance == nil || !c.Relevance.Weak {
		t.Errorf("an off-topic sentiment question answered: %+v", c.Relevance)
	}
	if c := build(b, "网民的情绪倾向如何？", RetrievalVector); strings.Contains(c.Text, "-----Sentiment-----") {
		t.Error("vector retrieval: a Sentiment section")
	}
	coffee := build(graphBuilder(t, fixture.Coffee(t)), "What was the public sentiment?", RetrievalHybrid).Records["sentiment"].Rows
	// the whole composition (正面64%、中性26%、负面10%: three kinds) opens
	// the sample's rows; the 差评率 rise (one kind) comes first in the texts
	if len(coffee) < 2 || !strings.Contains(coffee[0][1], "正面64%") || !strings.Contains(coffee[0][1], "中性26%") {
		t.Errorf("coffee: the 正面64%% 中性26%% row does not open the rows: %v", coffee)
	}
	// within one scope, more kinds of sentiment first (text.SentimentFigures
	// counted independently of the builder)
	kinds := func(statement string) int {
		seen := map[string]bool{}
		for _, f := range text.SentimentFigures(statement) {
			seen[f.Category] = true
		}
		return len(seen)
	}
	for i := 1; i < len(coffee); i++ {
		if a, b := kinds(coffee[i-1][1]), kinds(coffee[i][1]); a < b {
			t.Errorf("coffee row %d states %d kinds after a row of %d: %q", i, b, a, coffee[i][1])
		}
	}
	for _, r := range coffee {
		if r[2] != ScopeTopic || r[3] != "" {
			t.Errorf("coffee row %v: want the topic's, no event", r)
		}
	}
}

// A knowledge of more than MaxSentimentTexts texts gives evidence only the
// texts stating a share of sentiment, at most MaxSentimentTexts, in order
// (a document's units joined into one text); one of fewer gives all.
func TestSentimentTextsBound(t *testing.T) {
	p := knowledge.Parts{Entities: []knowledge.Entity{{ID: "e", ShortID: "0", Title: "E"}}}
	n := MaxSentimentTexts + 200
	for i := range n {
		doc := fmt.Sprintf("d%d", i)
		p.TextUnits = append(p.TextUnits, knowledge.TextUnit{ID: doc + "#0", ShortID: fmt.Sprint(2 * i), Text: fmt.Sprintf("第%d篇：阅读量增长了12%%。", i), DocumentID: doc})
		if i%100 == 7 { // a share of sentiment in the text's second unit
			p.TextUnits = append(p.TextUnits, knowledge.TextUnit{ID: doc + "#1", ShortID: fmt.Sprint(2*i + 1), Text: "网友负面情绪占58%。", DocumentID: doc})
		}
	}
	got := newBuilder(t, p, Config{}).sentimentTexts()
	if len(got) != n/100 {
		t.Fatalf("%d texts kept of %d, want the %d stating a share of sentiment", len(got), n, n/100)
	}
	for k, e := range got {
		if want := fmt.Sprintf("第%d篇：阅读量增长了12%%。\n网友负面情绪占58%%。", 100*k+7); e.Content != want || e.Line != k+1 {
			t.Errorf("text %d: line %d %q, want line %d %q", k, e.Line, e.Content, k+1, want)
		}
	}
	p.TextUnits = p.TextUnits[:MaxSentimentTexts]
	if got := newBuilder(t, p, Config{}).sentimentTexts(); len(got) < MaxSentimentTexts-10 {
		t.Errorf("%d texts of a small knowledge kept, want all", len(got))
	}
}

// A question about the sentiment towards the run's topic itself (网民对武汉
// 大学的…: 武汉大学 is the fixture's topic) asks about the whole: at most
// MaxEventSentimentRows of each other event, as with no subject. A row is
// labelled with another event only when its passage names that event:
// the insight engine's report tells 鼠患, 樱花黄牛, 选调生, 甲醛 and 雷军捐赠 in
// one text, and its 跨时段对比 (樱花节 12%→61%) and 宿舍舆情指数 passages
// name none of them (the text's most named event, 选调生, was given them).
// A table row (…63%“其他费用” ｜ 11.2亿 ｜ 甲醛超标 ｜ …) states no share of
// sentiment. The April story's figures (a dated event, no key terms) keep
// their event.
func TestSentimentEventLabels(t *testing.T) {
	b := graphBuilder(t, fixture.BettaFish(t))
	p := DefaultParams()
	p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
	c, err := b.Build(t.Context(), "网民对武汉大学的舆论情绪总体怎么样？", nil, p)
	if err != nil {
		t.Fatal(err)
	}
	rows := c.Records["sentiment"].Rows
	per := map[string]int{}
	for _, r := range rows {
		if r[2] == ScopeOther || r[2] == ScopeUnattributed {
			per[r[2]+"/"+r[3]]++
		}
	}
	for k, n := range per {
		if n > MaxEventSentimentRows {
			t.Errorf("%d rows of %s: the topic read as a subject", n, k)
		}
	}
	if len(per) < 3 {
		t.Errorf("rows of %d other events, want several: %v", len(per), rows)
	}
	for _, r := range b.sentiments().rows {
		if r.scope == ScopeOther && strings.Contains(r.event, "选调生") && !strings.Contains(r.statement, "选调") && !strings.Contains(r.statement, "嘉峪关") {
			t.Errorf("a passage naming no 选调生 labelled with it: %q", r.statement)
		}
		for _, s := range []string{"樱花节期间舆情负面占比仅12%", "宿舍舆情指数"} {
			if strings.Contains(r.statement, s) && r.scope != ScopeUnattributed {
				t.Errorf("%s given to %s %q", s, r.scope, r.event)
			}
		}
		if strings.Contains(r.statement, "其他费用") {
			t.Errorf("a table row as a share of sentiment: %q", r.statement)
		}
		if strings.Contains(r.statement, "嘲讽") && strings.Contains(r.statement, "48%") && (r.scope != ScopeOther || !strings.Contains(r.event, "4月")) {
			t.Errorf("the April story's 嘲讽 48%% lost its dated event: %s %q: %s", r.scope, r.event, r.statement)
		}
	}
}

// A statement shows its first share of sentiment: a passage whose share
// lies past SentimentStatementRunes is cut from the clause holding it.
func TestSentimentStatement(t *testing.T) {
	long := strings.Repeat("前文很长", 50) + "，其中负面情感占比达到61%，显示品牌叙事失效。"
	got := sentimentStatement(long, "61%")
	if !strings.HasPrefix(got, "…其中负面情感占比达到61%") || utf8.RuneCountInString(got) > SentimentStatementRunes {
		t.Errorf("got %q", got)
	}
	short := "负面占比58%，" + strings.Repeat("后文", 100)
	if got := sentimentStatement(short, "58%"); got != text.TruncateRunes(short, SentimentStatementRunes) {
		t.Errorf("a share within the cut: got %q", got)
	}
	for s, want := range map[string]bool{"a ｜ b ｜ c ｜ d": true, "| a | b |": true, "负面 58%｜正面 20%": false} {
		if tableRow(s) != want {
			t.Errorf("tableRow(%q) = %v", s, !want)
		}
	}
}
