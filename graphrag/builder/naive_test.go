package builder

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
	"reportengine/internal/synth"
	"reportengine/state"

	"reportengine/text"
)

// naiveSource and naiveEdge are the sources and found edges of a graph as
// the package doc describes them, computed by naiveSources with one string
// map and no preparing, hashing shortcuts or scratch reuse: the oracle of
// Build's source handling.
type naiveSource struct {
	ID, Name, URL, Title, Content, Key string
	Score                              *float64
	Engines                            []string
	Found                              int
}

type naiveEdge struct {
	From, To string
	Records  []graphrag.Record
}

// naiveSources follows the doc: engines in canonical order, sections by
// order then position (unordered ones last, by position), query groups by
// trimmed lower-cased text in first-appearance order, sources keyed by
// trimmed URL or else trimmed title and content, ids "SRC_" + 24 hex of
// SHA-256 over the length-prefixed parts (the full 64 when the 24 are
// taken by another key), one found edge per (query, source) with every
// record in order. collide makes every key share the first 96 bits (as
// the keyOf seam does).
func naiveSources(states []*state.State, collide bool) ([]naiveSource, []naiveEdge) {
	states = slices.Clone(states)
	sort.SliceStable(states, func(i, j int) bool { return states[i].Engine.Rank() < states[j].Engine.Rank() })
	var srcs []naiveSource
	var edges []naiveEdge
	byKey := map[string]int{}
	taken := map[string]bool{}
	engines := map[int]map[string]bool{}
	for _, st := range states {
		eng := string(st.Engine)
		var paras []state.Paragraph
		for _, p := range st.Paragraphs {
			if p.Order != nil {
				paras = append(paras, p)
			}
		}
		sort.SliceStable(paras, func(i, j int) bool {
			if *paras[i].Order != *paras[j].Order {
				return *paras[i].Order < *paras[j].Order
			}
			return paras[i].Position < paras[j].Position
		})
		for _, p := range st.Paragraphs {
			if p.Order == nil {
				paras = append(paras, p)
			}
		}
		for _, p := range paras {
			var keys []string
			groups := map[string][]state.SearchRecord{}
			for _, r := range p.Searches {
				k := strings.ToLower(strings.TrimSpace(r.Query))
				if _, ok := groups[k]; !ok {
					keys = append(keys, k)
				}
				groups[k] = append(groups[k], r)
			}
			for _, k := range keys {
				recs := groups[k]
				qID := eng + "_P" + strconv.Itoa(p.Position) + "_Q" + strconv.Itoa(recs[0].Index)
				edgeOf := map[int]int{}
				for _, r := range recs {
					url := strings.TrimSpace(r.URL)
					parts := []string{"url", url}
					if url == "" {
						parts = []string{"text", strings.TrimSpace(r.Title), strings.TrimSpace(r.Content)}
					}
					var in []byte
					for _, part := range parts {
						in = binary.AppendUvarint(in, uint64(len(part)))
						in = append(in, part...)
					}
					key := string(in)
					s, ok := byKey[key]
					if !ok {
						sum := sha256.Sum256(in)
						short := hex.EncodeToString(sum[:12])
						if collide {
							short = strings.Repeat("0", 24)
						}
						id := "SRC_" + short
						if taken[id] {
							id = "SRC_" + hex.EncodeToString(sum[:])
						}
						taken[id] = true
						name := r.Title
						switch {
						case strings.TrimSpace(name) != "":
						case url != "":
							name = url
						case strings.TrimSpace(r.Content) != "":
							name = r.Content
						default:
							name = "(untitled)"
						}
						s = len(srcs)
						byKey[key] = s
						srcs = append(srcs, naiveSource{ID: id, Name: text.TruncateRunes(strings.TrimSpace(name), NameRunes),
							URL: url, Title: r.Title, Content: r.Content, Score: r.Score, Key: parts[0]})
						engines[s] = map[string]bool{}
					}
					engines[s][eng] = true
					srcs[s].Found++
					fr := graphrag.Record{Index: r.Index, Score: r.Score, Timestamp: r.Timestamp}
					if r.Title != srcs[s].Title {
						fr.Title = &r.Title
					}
					if r.Content != srcs[s].Content {
						fr.Content = &r.Content
					}
					e, ok := edgeOf[s]
					if !ok {
						e = len(edges)
						edgeOf[s] = e
						edges = append(edges, naiveEdge{From: qID, To: srcs[s].ID})
					}
					edges[e].Records = append(edges[e].Records, fr)
				}
			}
		}
	}
	for s := range srcs {
		for _, e := range state.Engines {
			if engines[s][string(e)] {
				srcs[s].Engines = append(srcs[s].Engines, string(e))
			}
		}
	}
	return srcs, edges
}

// builtSources reads the sources and found edges of g in graph order.
func builtSources(g *graphrag.Graph) ([]naiveSource, []naiveEdge) {
	var srcs []naiveSource
	for v := 0; v < g.NodeCount(); v++ {
		if g.Type(v) != graphrag.TypeSource {
			continue
		}
		score, _ := g.Attr(v, "score")
		var sp *float64
		if f, ok := score.(float64); ok {
			sp = &f
		}
		n, _ := g.Attr(v, "found_count")
		srcs = append(srcs, naiveSource{ID: g.ID(v), Name: g.Name(v), URL: g.String(v, "url"), Title: g.String(v, "title"),
			Content: g.String(v, "content"), Key: g.String(v, "key"), Score: sp, Engines: g.Strings(v, "engines"), Found: n.(int)})
	}
	var edges []naiveEdge
	for i, ab := range g.EdgeEnds() {
		if g.Relation(i) == graphrag.RelFound {
			edges = append(edges, naiveEdge{From: g.ID(int(ab[0])), To: g.ID(int(ab[1])), Records: g.Records(i)})
		}
	}
	return srcs, edges
}

// Build's sources and found edges are the naive oracle's, node for node
// and record for record, on the BettaFish fixtures, the coffee-shop
// sample, a synthetic set with repeated URLs and URL-less records, and a
// hand-made state with white-space variants of keys; also when every key
// collides in its first 96 bits (all sources but the first get full-hash
// ids, and none merge).
func TestBuildMatchesNaive(t *testing.T) {
	type input struct {
		name   string
		states []*state.State
	}
	var inputs []input
	load := func(name string, paths []string) {
		inputs = append(inputs, input{name, loadPaths(t, paths).States})
	}
	fix := filepath.Join("..", "..", "..", "shared", "fixtures", "bettafish")
	if paths, _ := filepath.Glob(filepath.Join(fix, "*_engine_streamlit_reports", "state_武汉大学_20250825_180214.json")); len(paths) == 3 {
		load("bettafish", paths)
	} else {
		t.Log("BettaFish fixtures not available")
	}
	paths, _ := filepath.Glob(filepath.Join("..", "..", "examples", "coffee-shop", "*_engine_streamlit_reports", "*.json"))
	load("coffee-shop", paths)
	dir := t.TempDir()
	if _, err := synth.WriteAll(dir, synth.Config{Paragraphs: 6, Records: 40, Seed: 3, Topic: "naive"}, 100); err != nil {
		t.Fatal(err)
	}
	paths, _ = filepath.Glob(filepath.Join(dir, "*_engine_streamlit_reports", "*.json"))
	load("synthetic", paths)
	inputs = append(inputs, input{"white space", []*state.State{
		{Engine: state.EngineInsight, Query: "q", Paragraphs: []state.Paragraph{{Position: 1, Order: intp(2), Searches: []state.SearchRecord{
			rec(0, "a", " https://x/1 ", "t", "c"), rec(1, "A ", "https://x/1", "t2", "c2"), rec(2, "b", "", " 标题", "内容 "), rec(3, "b", "", "标题", "内容"),
		}}, {Position: 0, Order: intp(2), Searches: []state.SearchRecord{rec(0, "a", "https://x/1", "t", "c"), rec(1, "", "", "", "")}}}},
		{Engine: state.EngineQuery, Query: "q", Paragraphs: []state.Paragraph{{Position: 0, Searches: []state.SearchRecord{rec(0, "a", "", "标题", "内容")}}}},
	}})
	for _, collide := range []bool{false, true} {
		if collide {
			saved := keyOf
			keyOf = func(*[sha256.Size]byte) (k [12]byte) { return k }
			defer func() { keyOf = saved }()
		}
		for _, in := range inputs {
			g, _, err := Build(Config{Topic: "q", States: in.states})
			if err != nil {
				t.Fatal(err)
			}
			gotS, gotE := builtSources(g)
			wantS, wantE := naiveSources(in.states, collide)
			if len(wantS) == 0 {
				t.Fatalf("%s: no sources", in.name)
			}
			if d := cmp.Diff(wantS, gotS); d != "" {
				t.Errorf("%s (collide %v): sources differ from the oracle (-want +got):\n%s", in.name, collide, d)
			}
			if d := cmp.Diff(wantE, gotE); d != "" {
				t.Errorf("%s (collide %v): found edges differ from the oracle (-want +got):\n%s", in.name, collide, d)
			}
		}
	}
}
