package knowledge

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"reportengine/graphrag"
)

func TestMentionMatcher(t *testing.T) {
	names := []string{"李明", "李明咖啡店", "写字楼商圈", "Hangzhou", "Latte Art", "AI", "王", "明咖"}
	m := &mentionMatcher{}
	var added []int
	for i, n := range names {
		if m.add(n, i) {
			added = append(added, i)
		}
	}
	m.build()
	// "AI" (2 Latin letters) and "王" (1 rune) are too short to be telling
	if want := []int{0, 1, 2, 3, 4, 7}; !slices.Equal(added, want) {
		t.Fatalf("added %v, want %v", added, want)
	}
	cases := []struct {
		text string
		want []int
	}{
		{"2024年李明咖啡店在写字楼商圈开业", []int{0, 7, 1, 2}},
		{"hangzhou's LATTE ART scene", []int{3, 4}},
		{"Hangzhoux is not a word match; xLatte Art neither", nil},
		{"", nil},
		{"李明李明", []int{0}},
	}
	var sc mentionScratch
	for _, c := range cases {
		var got []int
		m.find(c.text, &sc, func(id int) { got = append(got, id) })
		if !slices.Equal(got, c.want) {
			t.Errorf("find(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestMentionMatcherOracle compares the automaton with a direct scan on
// random names and texts over a small alphabet (so names overlap, nest and
// share prefixes and suffixes): every added name is looked for at every
// end position; a name is reported at its first end position where it
// matches with its word boundaries; names ending at the same position come
// longest first, equal ones in the order added.
func TestMentionMatcherOracle(t *testing.T) {
	alphabet := []rune("aA 李明")
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(lo, hi int) string {
		n := lo + rng.IntN(hi-lo+1)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(rs)
	}
	for round := 0; round < 200; round++ {
		m := &mentionMatcher{}
		type added struct {
			runes []rune
			id    int
		}
		var names []added
		for k := 0; k < 1+rng.IntN(80); k++ {
			n := strings.TrimSpace(word(2, 6))
			id := rng.IntN(10)
			if m.add(n, id) {
				names = append(names, added{[]rune(strings.ToLower(n)), id})
			}
		}
		m.build()
		var sc mentionScratch
		for k := 0; k < 20; k++ {
			text := []rune(word(0, 60))
			lower := []rune(strings.ToLower(string(text)))
			type hit struct{ end, runes, order, id int }
			var want []hit
			for order, nm := range names {
				for end := len(nm.runes) - 1; end < len(text); end++ {
					start := end - len(nm.runes) + 1
					if !slices.Equal(lower[start:end+1], nm.runes) {
						continue
					}
					if isASCIIWord(nm.runes[0]) && start > 0 && isASCIIWord(text[start-1]) {
						continue
					}
					if isASCIIWord(nm.runes[len(nm.runes)-1]) && end+1 < len(text) && isASCIIWord(text[end+1]) {
						continue
					}
					want = append(want, hit{end, len(nm.runes), order, nm.id})
					break
				}
			}
			slices.SortFunc(want, func(a, b hit) int {
				if a.end != b.end {
					return a.end - b.end
				}
				if a.runes != b.runes {
					return b.runes - a.runes
				}
				return a.order - b.order
			})
			var wantIDs, got []int
			for _, h := range want {
				wantIDs = append(wantIDs, h.id)
			}
			m.find(string(text), &sc, func(id int) { got = append(got, id) })
			if !slices.Equal(got, wantIDs) {
				t.Fatalf("round %d: find(%q) = %v, want %v (names %v)", round, string(text), got, wantIDs, names)
			}
		}
	}
}

func TestChunkText(t *testing.T) {
	long := strings.Repeat("咖啡店的选址很重要。", 30) // 300 runes, 30 sentences
	cases := []struct {
		name string
		text string
		max  int
		n    int
	}{
		{"short", "一句话。", 10, 1},
		{"sentences", long, 100, 3},
		{"one long sentence", strings.Repeat("字", 250), 100, 3},
		{"english", "One. Two three. Four five six.", 15, 2},
		{"blank", "  \n ", 10, 0},
	}
	for _, c := range cases {
		got := chunkText(c.text, c.max)
		if len(got) != c.n {
			t.Errorf("%s: %d chunks %q, want %d", c.name, len(got), got, c.n)
		}
		for _, g := range got {
			if utf8.RuneCountInString(g) > c.max || !utf8.ValidString(g) {
				t.Errorf("%s: chunk %q over %d runes or invalid", c.name, g, c.max)
			}
		}
		if strings.Join(strings.Fields(strings.Join(got, "")), "") != strings.Join(strings.Fields(c.text), "") {
			t.Errorf("%s: chunks lose text", c.name)
		}
	}
}

// A name held by at most maxNameHolders entities links every text that
// mentions it to each of them; a name held by more (a page title shared by
// hundreds of sources) is not matched at all, and the load statistics say
// how many names were left out.
func TestAmbiguousNamesNotMatched(t *testing.T) {
	for _, holders := range []int{1, maxNameHolders, maxNameHolders + 1, 3 * maxNameHolders} {
		g := graphrag.New()
		add := func(n *graphrag.Node) {
			if err := g.AddNode(n); err != nil {
				t.Fatal(err)
			}
		}
		add(&graphrag.Node{ID: "sec", Type: graphrag.TypeSection, Name: "研究段落", Attrs: graphrag.Attributes{{Key: "content", Value: "周末的 Citywalk 路线很受欢迎。"}}})
		for k := 0; k < holders; k++ {
			add(&graphrag.Node{ID: "src" + strconv.Itoa(k), Type: graphrag.TypeSource, Name: "citywalk", Attrs: graphrag.Attributes{{Key: "content", Value: "页面" + strconv.Itoa(k)}}})
		}
		m, err := FromGraph(t.Context(), g, GraphOptions{})
		if err != nil {
			t.Fatal(err)
		}
		unit := m.TextUnits()[0]
		want := []string{"sec"}
		if holders <= maxNameHolders {
			for k := 0; k < holders; k++ {
				want = append(want, "src"+strconv.Itoa(k))
			}
		}
		if !slices.Equal(unit.EntityIDs, want) {
			t.Errorf("%d holders: unit %q links %v, want %v", holders, unit.Text, unit.EntityIDs, want)
		}
		note := strings.Contains(strings.Join(m.Stats().Notes, "\n"), "not matched in texts")
		if note != (holders > maxNameHolders) {
			t.Errorf("%d holders: notes %q", holders, m.Stats().Notes)
		}
	}
}

// BenchmarkMentionMatcher makes the name automaton of 50 000 synthetic
// names and passes it over 20 000 texts of about 150 runes, both drawn
// from one vocabulary of 400 words as cmd/synthstates draws its records
// (nearly every rune pair of the texts occurs in some name): FromGraph's
// name pass at a fifth of the 300 000-record graph's names and a twelfth
// of its texts.
func BenchmarkMentionMatcher(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	han := []rune("的了是在有和就不人都一上也很到说要去你会着没有看好自己这那些价格产品用户评论平台品牌质量回应门店客流活动公告市场增长下降讨论消费者")
	vocab := make([]string, 400)
	for i := range vocab {
		if i%5 == 0 {
			vocab[i] = []string{"campus", "brunch", "review", "coffee", "budget", "service"}[i%6]
			continue
		}
		w := make([]rune, 2+rng.IntN(2))
		for j := range w {
			w[j] = han[rng.IntN(len(han))]
		}
		vocab[i] = string(w)
	}
	phrase := func(words int) string {
		var sb strings.Builder
		for range words {
			w := vocab[rng.IntN(len(vocab))]
			if w[0] < 128 {
				sb.WriteByte(' ')
			}
			sb.WriteString(w)
		}
		return strings.TrimSpace(sb.String())
	}
	names := make([]string, 50000)
	for i := range names {
		names[i] = phrase(2 + rng.IntN(4))
	}
	texts := make([]string, 20000)
	for i := range texts {
		texts[i] = phrase(60)
	}
	b.ReportAllocs()
	for b.Loop() {
		m := &mentionMatcher{}
		for i, n := range names {
			m.add(n, i)
		}
		m.build()
		var sc mentionScratch
		hits := 0
		for _, t := range texts {
			m.find(t, &sc, func(int) { hits++ })
		}
		if hits == 0 {
			b.Fatal("no name found")
		}
	}
}
