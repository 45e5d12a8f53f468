package offline

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

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
