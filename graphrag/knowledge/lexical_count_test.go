package knowledge

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// TestAnchoredCountOracle: anchoredCount, at every anchor position, counts
// what countIn (strings.Count, or strings.Index with the word-start rule)
// counts, on random texts over a small alphabet (so that words repeat,
// overlap and touch letters) and on cases written out.
func TestAnchoredCountOracle(t *testing.T) {
	cases := []struct{ s, w string }{
		{"aaaa", "aa"}, {"aaa", "aa"}, {"哈哈哈", "哈哈"}, {"樱花樱花季樱", "樱花"},
		{"agent agents reagent", "agent"}, {"x-agent,agent", "agent"}, {"", "a"}, {"a", "ab"},
		{"ab", "ab"}, {"武汉大学舆情", "舆情"}, {"舆情", "舆情"}, {"情舆情舆", "舆情"}, {"7agent", "agent"},
		// a web address's parts are no words (wordStart)
		{"网址：https://new.qq.com/rain/http 见 http 协议", "http"}, {"https://new.qq.com/news", "qq"},
		{"https://new.qq.com/news", "news"}, {"and/or e.g. www.qq", "or"}, {"and/or e.g. www.qq", "qq"},
		// a Han character ends the word before a figure or a Latin name
		{"大众点评评分4.7，高于4.4", "4.7"}, {"小米SU7汽车", "SU7"}, {"ab4.7", "4.7"},
	}
	for s, want := range map[string]int{"大众点评评分4.7，高于连锁": 1, "小米SU7汽车和SU7": 2, "ab4.7 x4.7": 0} {
		w := "4.7"
		if strings.Contains(s, "SU7") {
			w = "SU7"
		}
		if got := anchoredCount(s, w, 0, false); got != want {
			t.Errorf("anchoredCount(%q, %q) = %d, want %d", s, w, got, want)
		}
	}
	for _, c := range cases {
		for _, anywhere := range []bool{true, false} {
			want := countIn(c.s, c.w, anywhere)
			for k := range len(c.w) {
				if got := anchoredCount(c.s, c.w, k, anywhere); got != want {
					t.Errorf("anchoredCount(%q, %q, %d, %v) = %d, countIn %d", c.s, c.w, k, anywhere, got, want)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 9))
	alphabet := []string{"a", "b", "ab", "A", "aB", " ", "樱", "花", "樱花", "-", "1", "é", "://", "/", ".", "s"}
	pick := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return sb.String()
	}
	for range 20000 {
		s, w := pick(rng.IntN(30)), pick(1+rng.IntN(3))
		for _, anywhere := range []bool{true, false} {
			want := countIn(s, w, anywhere)
			for k := range len(w) {
				if got := anchoredCount(s, w, k, anywhere); got != want {
					t.Fatalf("anchoredCount(%q, %q, %d, %v) = %d, countIn %d", s, w, k, anywhere, got, want)
				}
			}
		}
	}
}

// TestLexicalCountMemo: a word counted again gives the same hits (from the
// memo), and the memo holds no more than memoHits hits, the oldest words
// leaving first.
func TestLexicalCountMemo(t *testing.T) {
	m := lexModel(t)
	x := m.Lexical()
	first, n1 := x.count("樱花")
	again, n2 := x.count("樱花")
	if n1 != n2 || len(first) != len(again) || n1 == 0 {
		t.Fatalf("count twice: %d/%d hits, %d/%d total", len(first), len(again), n1, n2)
	}
	for i := range first {
		if first[i] != again[i] {
			t.Fatalf("hit %d: %v then %v", i, first[i], again[i])
		}
	}
	var c countMemo
	big := make([]docHit, memoHits/2+1)
	c.put("a", countResult{hits: big})
	c.put("b", countResult{hits: big})
	if _, ok := c.get("a"); ok {
		t.Error("the oldest word is still held past the bound")
	}
	if _, ok := c.get("b"); !ok {
		t.Error("the newest word is not held")
	}
	if c.Held() > memoHits {
		t.Errorf("held %d hits, bound %d", c.Held(), memoHits)
	}
	c.put("huge", countResult{hits: make([]docHit, memoHits+1)})
	if _, ok := c.get("huge"); ok {
		t.Error("a result over the bound is held")
	}
}

// lexicalOf is a Lexical of docs (as they are) with the bigram index bx.
func lexicalOf(docs []string, bx *bigramIndex) *Lexical {
	x := &Lexical{docs: docs, upper: make([]bool, len(docs)), bigrams: bx}
	for i, d := range docs {
		x.upper[i] = hasUpperASCII(d)
	}
	return x
}

// plainCount is count(w) written plainly: countIn over every document
// lower-cased.
func plainCount(docs []string, w string) ([]docHit, int) {
	var hits []docHit
	total := 0
	anywhere := text.HasHan(w)
	for d, s := range docs {
		if n := countIn(lowerASCII(s), w, anywhere); n > 0 {
			hits = append(hits, docHit{int32(d), int32(n)})
			total += n
		}
	}
	return hits, total
}

// TestBigramCountOracle: a word counted through the bigram index (and
// through the index as the model file keeps it) has the hits and total of
// countIn over every document lower-cased (plainCount; the documents keep
// their ASCII capitals), for words of the documents,
// words no document holds, repeated runes, Latin words at and inside word
// starts, invalid UTF-8 and U+FFFD, on the sample's documents and on
// random ones.
func TestBigramCountOracle(t *testing.T) {
	m, err := FromGraph(context.Background(), coffeeGraph(t), GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	alphabet := []string{"a", "b", "ab", "A", "aB", " ", "樱", "花", "樱花", "-", "1", "é", "哈", "\xff", "\ufffd", "\xe4\xb8"}
	pick := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return sb.String()
	}
	random := make([]string, 3000)
	for i := range random {
		random[i] = pick(rng.IntN(40))
	}
	for name, docs := range map[string][]string{"sample": m.Lexical().docs, "random": random} {
		x := lexicalOf(docs, buildBigramIndex(docs))
		for c := range x.bytes {
			x.bytes[c] = int64(c)
		}
		words := []string{"咖啡", "咖啡店", "会员", "拿铁", "哈哈", "哈哈哈", "agent", "latte", "ab", "aa", "樱花樱", "a-b", "\ufffd花", "花\xff",
			"不存在的词", "zz", "李明咖啡店"}
		for range 300 {
			words = append(words, pick(2+rng.IntN(3)))
		}
		// substrings of the documents
		for range 300 {
			d := docs[rng.IntN(len(docs))]
			rs := []rune(d)
			if len(rs) < 2 {
				continue
			}
			i := rng.IntN(len(rs) - 1)
			words = append(words, string(rs[i:min(len(rs), i+2+rng.IntN(3))]))
		}
		for _, w := range words {
			w = lowerASCII(w)
			want, wantTotal := plainCount(docs, w)
			got, total := x.count(w)
			if total != wantTotal || !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("%s: count(%q) = %v %d, want %v %d", name, w, got, total, want, wantTotal)
			}
		}
	}
}

// BenchmarkBigramIndexScale is the making of the bigram index the model
// file keeps (buildBigramIndex) over the lexical documents of the
// 300 000-record graph: REPORTENGINE_SCALE_GRAPHS names the graphs folder
// holding "scale" with its model file; skipped without it.
func BenchmarkBigramIndexScale(b *testing.B) {
	m := scaleModel(b)
	docs := m.Lexical().docs
	b.ResetTimer()
	for range b.N {
		x := buildBigramIndex(docs)
		b.ReportMetric(float64(len(x.post)+len(x.keys)+len(x.offs))/(1<<20), "MiB")
	}
}

// countIn counts the occurrences of w in s: anywhere, or only where the
// rune before is not a letter or digit (a word start). It is the plain
// rule anchoredCount follows.
func countIn(s, w string, anywhere bool) int {
	if anywhere {
		return strings.Count(s, w)
	}
	n := 0
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return n
		}
		j += i
		if inAddress(s, j, len(w)) {
			// a web address's part: not counted
		} else if r, _ := utf8.DecodeLastRuneInString(s[:j]); j == 0 || !(unicode.IsLetter(r) || unicode.IsDigit(r)) || unicode.Is(unicode.Han, r) {
			n++
		}
		i = j + len(w)
	}
}

// inAddress is the oracle's reading of a word inside a web address: the
// whitespace-delimited field around s[j:j+n] holds "://" or "www." and the
// word is neither the field's start nor after a rune other than '/', '.'
// and ':' — or the field starts with the word followed by "://" or
// "s://".
func inAddress(s string, j, n int) bool {
	start := strings.LastIndexAny(s[:j], " \t\n\r") + 1
	end := strings.IndexAny(s[j+n:], " \t\n\r")
	if end < 0 {
		end = len(s)
	} else {
		end += j + n
	}
	field := s[start:end]
	if !strings.Contains(field, "://") {
		return false
	}
	if strings.HasPrefix(s[j+n:], "://") || strings.HasPrefix(s[j+n:], "s://") {
		return true
	}
	if j == start {
		return false
	}
	before := s[j-1]
	return before == '/' || before == '.' && j-1 > start && strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", rune(s[j-2]))
}

// TestApart: a name is apart from words when no document holding it
// holds any of them, computed here by a brute force over the documents;
// a name no document holds, or no words, is never apart.
func TestApart(t *testing.T) {
	docs := []string{"厦门大学 排名 第十", "武汉大学 樱花 预约", "樱花 预约 抢票", "厦门大学 游客", "新华社 评论"}
	x := lexicalOf(docs, buildBigramIndex(docs))
	brute := func(name string, words []string) bool {
		held := false
		for _, d := range docs {
			if !strings.Contains(d, name) {
				continue
			}
			held = true
			for _, w := range words {
				if strings.Contains(d, w) {
					return false
				}
			}
		}
		return held && len(words) > 0
	}
	for _, c := range []struct {
		name  string
		words []string
		want  bool
	}{
		{"厦门大学", []string{"预约"}, true},
		{"厦门大学", []string{"预约", "游客"}, false}, // the last document holds both
		{"厦门大学", []string{"游客", "预约"}, false},
		{"武汉大学", []string{"预约"}, false},
		{"新华社", []string{"樱花", "抢票"}, true},
		{"清华大学", []string{"预约"}, false}, // held nowhere
		{"厦门大学", nil, false},
	} {
		if got := x.Apart(c.name, c.words); got != c.want || got != brute(c.name, c.words) {
			t.Errorf("Apart(%s, %v) = %v, want %v (brute force %v)", c.name, c.words, got, c.want, brute(c.name, c.words))
		}
	}
}

// UsedAsName: a name counts only where a document holds it as a whole
// word, neither starting nor ending inside a longer one.
func TestUsedAsName(t *testing.T) {
	docs := []string{"学校与埃塞俄比亚等非洲国家建立合作", "新华社记者报道了此事", "Dulce base"}
	x := lexicalOf(docs, buildBigramIndex(docs))
	for w, want := range map[string]bool{
		"比亚":    false, // the end of 埃塞俄比亚
		"埃塞俄比亚": true,
		"新华社":   true,
		"华社":    false, // inside 新华社
		"清华":    false, // held nowhere
		"dulce": true,  // no Chinese character: wherever count finds it
	} {
		if got := x.UsedAsName(w); got != want {
			t.Errorf("UsedAsName(%s) = %v, want %v", w, got, want)
		}
	}
}
