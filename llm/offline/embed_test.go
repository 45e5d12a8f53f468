package offline

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"reportengine/llm"
)

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestEmbedderVectors(t *testing.T) {
	ctx := context.Background()
	docs := []string{
		"李明咖啡店的选址决策：写字楼商圈人流稳定",
		"供应链：咖啡豆供应商张伟每周送货",
		"Alex Mercer leads the Paranormal Military Squad",
		"The briefing room of Dulce base",
		"",
	}
	for _, e := range []*Embedder{NewEmbedder(0), NewEmbedder(64).Fit(docs)} {
		vs, err := e.Embed(ctx, docs)
		if err != nil {
			t.Fatal(err)
		}
		if len(vs) != len(docs) {
			t.Fatalf("%d vectors", len(vs))
		}
		for i, v := range vs {
			if len(v) != e.Info().Dimensions {
				t.Fatalf("vector %d has %d dims, Info says %d", i, len(v), e.Info().Dimensions)
			}
			n := math.Sqrt(dot(v, v))
			if want := 1.0; docs[i] == "" {
				if n != 0 {
					t.Errorf("empty text: norm %v, want the zero vector", n)
				}
			} else if math.Abs(n-want) > 1e-5 {
				t.Errorf("vector %d: norm %v", i, n)
			}
		}
		again, _ := e.Embed(ctx, docs)
		if !reflect.DeepEqual(vs, again) {
			t.Error("two runs differ")
		}
		q, _ := e.Embed(ctx, []string{"咖啡店选址", "who is alex mercer?"})
		if !(dot(q[0], vs[0]) > dot(q[0], vs[1]) && dot(q[0], vs[0]) > dot(q[0], vs[2])) {
			t.Errorf("%s: Chinese query is not nearest to the site text: %v %v %v", e.Info().Model, dot(q[0], vs[0]), dot(q[0], vs[1]), dot(q[0], vs[2]))
		}
		if !(dot(q[1], vs[2]) > dot(q[1], vs[3]) && dot(q[1], vs[2]) > dot(q[1], vs[0])) {
			t.Errorf("%s: English query is not nearest to the Mercer text", e.Info().Model)
		}
	}
}

func TestEmbedderInfo(t *testing.T) {
	base := NewEmbedder(0)
	if got := base.Info(); got != (llm.EmbedderInfo{Provider: "offline", Model: EmbedderModel, Dimensions: DefaultEmbedDimensions}) {
		t.Errorf("info %+v", got)
	}
	a := base.Fit([]string{"one text", "another text"})
	b := base.Fit([]string{"one text", "another text"})
	c := base.Fit([]string{"different corpus"})
	if a.Info() != b.Info() || a.Info() == c.Info() || !strings.HasPrefix(a.Info().Model, EmbedderModel+"-idf-") {
		t.Errorf("fitted infos %v %v %v", a.Info(), b.Info(), c.Info())
	}
}

// A feature present in every fitted document weighs less than a rare one.
func TestEmbedderFitDownWeightsCommonFeatures(t *testing.T) {
	corpus := []string{"的 咖啡", "的 茶叶", "的 牛奶", "的 面包"}
	e := NewEmbedder(4096).Fit(corpus)
	common, _ := e.bucket(fnv1a([]byte("的")))
	rare, _ := e.bucket(fnv1a([]byte("咖啡")))
	if !(e.idf[common] < e.idf[rare]) {
		t.Errorf("idf(的)=%v, idf(咖啡)=%v", e.idf[common], e.idf[rare])
	}
}

func TestEmbedderCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewEmbedder(0).Embed(ctx, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
}

func TestEmbedderConcurrent(t *testing.T) {
	e := NewEmbedder(128).Fit([]string{"a b c", "咖啡"})
	want, _ := e.Embed(context.Background(), []string{"咖啡店 coffee"})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			got, err := e.Embed(context.Background(), []string{"咖啡店 coffee"})
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Error("concurrent embed differs")
			}
		})
	}
	wg.Wait()
}

// fnv1a is the 64-bit FNV-1a hash of b, written out for the tests.
func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// refFeatures is the feature rule of Embedder written plainly (the
// oracle of features.of): lower-case the runes; for every position the
// unigram of a non-ASCII letter, then the bigram and the trigram starting
// there that hold a letter or digit, each hashed over its UTF-8 bytes.
func refFeatures(text string) []uint64 {
	rs := []rune(text)
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	telling := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	var out []uint64
	for i := range rs {
		if r := rs[i]; r > unicode.MaxASCII && unicode.IsLetter(r) {
			out = append(out, fnv1a([]byte(string(r))))
		}
		for n := 2; n <= 3 && i+n <= len(rs); n++ {
			g := rs[i : i+n]
			if slices.ContainsFunc(g, telling) {
				out = append(out, fnv1a([]byte(string(g))))
			}
		}
	}
	return out
}

// refVector is Embedder's vector of text written plainly: counts in a
// map, weights summed in order of first occurrence.
func refVector(e *Embedder, text string) []float32 {
	counts := map[uint64]int{}
	var order []uint64
	for _, f := range refFeatures(text) {
		if counts[f] == 0 {
			order = append(order, f)
		}
		counts[f]++
	}
	acc := make([]float64, e.dim)
	for _, f := range order {
		b, sign := e.bucket(f)
		w := 1 + math.Log(float64(counts[f]))
		if e.idf != nil {
			w *= float64(e.idf[b])
		}
		acc[b] += sign * w
	}
	v := make([]float32, e.dim)
	for b, x := range acc {
		v[b] = float32(x)
	}
	normalize(v)
	return v
}

// refIDF is Fit's table written plainly.
func refIDF(dim int, corpus []string) []float32 {
	df := make([]int, dim)
	e := NewEmbedder(dim)
	for _, doc := range corpus {
		seen := map[int]bool{}
		for _, f := range refFeatures(doc) {
			if b, _ := e.bucket(f); !seen[b] {
				seen[b] = true
				df[b]++
			}
		}
	}
	idf := make([]float32, dim)
	for b, d := range df {
		idf[b] = float32(math.Log((1+float64(len(corpus)))/(1+float64(d))) + 1)
	}
	return idf
}

// embedCorpus is texts the fast paths of features.of must treat as the
// rule says: CJK, ASCII in both cases, runes whose lower case is ASCII
// (KELVIN SIGN, İ), other scripts, digits, emoji, invalid UTF-8, a
// feature 100 times (past the weight table), texts of
// 0 to 3 runes, and a thousand pseudo-random texts over a small alphabet
// (so features repeat within a text and hash slots collide).
func embedCorpus() []string {
	texts := []string{"", "a", "咖", "ab", "咖啡", "ABC", "K", "\u212a\u212aK", "İstanbul", "ΑΒΓ δέλτα", "１２３ ٤٥٦",
		"李明咖啡店的选址决策：写字楼商圈人流稳定", "Alex Mercer leads the Paranormal Military Squad", "08:30—17:00 营业",
		strings.Repeat("咖啡", 100), "emoji 😀😀 ok", "bad \xff\xfe bytes \xe4\xb8", "\xe4\xb8\xad\xe6", "ＡＢＣ全角", "a-b c_d", "ǅungla ǈ"}
	alphabet := []rune("的咖啡店 aAbB1,\u212aİé😀\ufffd")
	x := uint32(7)
	for i := 0; i < 1000; i++ {
		x = x*1664525 + 1013904223
		n := int(x>>24) % 60
		rs := make([]rune, n)
		for k := range rs {
			x = x*1664525 + 1013904223
			rs[k] = alphabet[int(x>>16)%len(alphabet)]
		}
		texts = append(texts, string(rs))
	}
	return texts
}

// TestEmbedderMatchesPlainRule checks the embedder's features, fitted
// weights and vectors, bit for bit, against the rule written plainly.
func TestEmbedderMatchesPlainRule(t *testing.T) {
	texts := embedCorpus()
	var f features
	for _, s := range texts {
		if got, want := f.of(s), refFeatures(s); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("features of %q:\n got %x\nwant %x", s, got, want)
		}
	}
	for _, dim := range []int{7, 64, 512} {
		fitted := NewEmbedder(dim).Fit(texts)
		if want := refIDF(dim, texts); !slices.Equal(fitted.idf, want) {
			t.Fatalf("dim %d: idf differs", dim)
		}
		for _, e := range []*Embedder{NewEmbedder(dim), fitted} {
			vs, err := e.Embed(context.Background(), texts)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range texts {
				want := refVector(e, s)
				for b := range want {
					if math.Float32bits(vs[i][b]) != math.Float32bits(want[b]) {
						t.Fatalf("dim %d %s: vector of %q differs at %d: %v, want %v", dim, e.Info().Model, s, b, vs[i][b], want[b])
					}
				}
			}
		}
	}
}

// EmbedInto writes, row by row, the vectors Embed gives each text on its
// own (one text per call: no block, no split over cores), and refuses a
// block of the wrong size.
func TestEmbedIntoMatchesEmbed(t *testing.T) {
	var texts []string
	for i := 0; i < 700; i++ { // more than one chunk of embedChunk, so several goroutines
		texts = append(texts, strings.Repeat("咖啡店 latte ", i%7)+strconv.Itoa(i)+" 写字楼商圈的选址")
	}
	e := NewEmbedder(32).Fit(texts)
	dst := make([]float32, len(texts)*32)
	if err := e.EmbedInto(context.Background(), texts, dst); err != nil {
		t.Fatal(err)
	}
	for i, s := range texts {
		one, err := e.Embed(context.Background(), []string{s})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(dst[i*32:(i+1)*32], one[0]) {
			t.Fatalf("text %d: row %v, Embed %v", i, dst[i*32:(i+1)*32], one[0])
		}
	}
	if err := e.EmbedInto(context.Background(), texts, dst[:len(dst)-1]); err == nil {
		t.Error("a block one value short was accepted")
	}
}

// TestFitRoundTrip: the embedder UnmarshalFit makes of MarshalFit's bytes
// has the plain rule's weights (refIDF), Fit's model name and Fit's
// vectors, bit for bit; an unfitted embedder has no fit, and bytes that
// are not one are refused with ErrFit.
func TestFitRoundTrip(t *testing.T) {
	texts := embedCorpus()
	for _, dim := range []int{7, 512} {
		fit := NewEmbedder(dim).Fit(texts)
		got, err := UnmarshalFit(fit.MarshalFit())
		if err != nil {
			t.Fatal(err)
		}
		if want := refIDF(dim, texts); !slices.Equal(got.idf, want) {
			t.Fatalf("dim %d: idf differs from the plain rule", dim)
		}
		if got.Info() != fit.Info() {
			t.Fatalf("dim %d: info %+v, want %+v", dim, got.Info(), fit.Info())
		}
		a, _ := got.Embed(context.Background(), texts[:50])
		b, _ := fit.Embed(context.Background(), texts[:50])
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("dim %d: vectors differ", dim)
		}
	}
	if NewEmbedder(8).MarshalFit() != nil {
		t.Error("an unfitted embedder has a fit")
	}
	good := NewEmbedder(8).Fit([]string{"咖啡", "拿铁"}).MarshalFit()
	for name, b := range map[string][]byte{
		"empty":         nil,
		"other magic":   append([]byte("REFIT\x00\x00\x02"), good[8:]...),
		"cut":           good[:len(good)-1],
		"byte more":     append(slices.Clone(good), 0),
		"df over texts": append(slices.Clone(good[:len(good)-1]), 9),
	} {
		if _, err := UnmarshalFit(b); !errors.Is(err, ErrFit) {
			t.Errorf("%s: %v, want ErrFit", name, err)
		}
	}
}
