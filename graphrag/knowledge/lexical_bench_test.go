package knowledge

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reportengine/text"
)

// lexBenchModel is a synthetic model of n entities and n text units of
// Chinese text with some Latin words (about 100 and 300 runes).
func lexBenchModel(b *testing.B, n int) *Model {
	b.Helper()
	words := []string{"武汉大学", "樱花", "舆情", "网友", "平台", "负面", "情绪", "学校", "回应", "事件", "图书馆", "通报", "新闻", "评论", "讨论", "发布", "Weibo", "WeChat", "2024年", "视频", "的", "了", "在", "是"}
	rng := rand.New(rand.NewPCG(1, 2))
	para := func(k int) string {
		var sb strings.Builder
		for range k {
			sb.WriteString(words[rng.IntN(len(words))])
		}
		return sb.String()
	}
	p := Parts{}
	for i := range n {
		id := strconv.Itoa(i)
		p.Entities = append(p.Entities, Entity{ID: "e" + id, Title: para(4), Description: para(40), TextUnitIDs: []string{"u" + id}})
		p.TextUnits = append(p.TextUnits, TextUnit{ID: "u" + id, Text: para(120)})
	}
	m, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	return m
}

func BenchmarkLexicalBuild(b *testing.B) {
	m := lexBenchModel(b, 50000)
	b.ResetTimer()
	for b.Loop() {
		_ = newLexical(m)
	}
}

func BenchmarkLexicalSearch(b *testing.B) {
	m := lexBenchModel(b, 50000)
	x := m.Lexical()
	terms := text.Terms("樱花季网友在哪些平台表达负面情绪？")
	b.ResetTimer()
	for b.Loop() {
		_ = x.Search(terms)
	}
}

// BenchmarkScaleLexicalSearch is one lexical search (without the memo:
// Lexical.search) of a question's terms on the 300 000-record graph, the
// questions of localsearch's BenchmarkScaleQuestion in turn:
// REPORTENGINE_SCALE_GRAPHS names the graphs folder holding "scale" with
// its model file; skipped without it. Their words are counted before the
// timer starts (the count memo), so the figure is the scoring and ranking
// a chat question pays for each of its searches.
func BenchmarkScaleLexicalSearch(b *testing.B) {
	m := scaleModel(b)
	x := m.Lexical()
	qs := []string{"合成话题的舆情如何演变？", "网友对价格怎么看？", "咖啡店的选址有什么讨论？", "芯片研发的瓶颈是什么？"}
	var terms [][]text.Term
	for _, q := range qs {
		terms = append(terms, text.Terms(q))
		x.search(terms[len(terms)-1])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		_ = x.search(terms[i%len(terms)])
	}
}

// scaleModel reads the model file of the 300 000-record graph:
// REPORTENGINE_SCALE_GRAPHS names the graphs folder holding "scale" with
// its model file; the benchmark is skipped without it.
func scaleModel(b *testing.B) *Model {
	dir := os.Getenv("REPORTENGINE_SCALE_GRAPHS")
	if dir == "" {
		b.Skip("REPORTENGINE_SCALE_GRAPHS not set")
	}
	graph := filepath.Join(dir, "scale", "graphrag.json")
	sum, err := SumFile(context.Background(), graph)
	if err != nil {
		b.Fatal(err)
	}
	m, _, err := ReadModelFile(context.Background(), filepath.Join(dir, "scale", ModelFileName), graph, ModelFileKey{Graph: sum, ReportID: "scale"})
	if err != nil {
		b.Fatal(err)
	}
	return m
}
