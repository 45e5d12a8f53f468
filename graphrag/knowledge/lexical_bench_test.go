package knowledge

import (
	"math/rand/v2"
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
