package knowledge

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"reportengine/graphrag"
	"reportengine/internal/fixture"
)

// modelFileCase writes the model of g to a model file and returns the
// model made by FromGraph, the file's path and its key.
func modelFileCase(t *testing.T, g *graphrag.Graph) (*Model, string, ModelFileKey) {
	t.Helper()
	m, err := FromGraph(context.Background(), g, GraphOptions{Path: "graphs/x/graphrag.json"})
	if err != nil {
		t.Fatal(err)
	}
	key := ModelFileKey{Graph: FileSum{Size: 12345, CRC: 0xCAFE}, ReportID: "x", LoadWarnings: []string{"task_id differs"}}
	path := filepath.Join(t.TempDir(), ModelFileName)
	if err := WriteModelFile(context.Background(), path, m, key); err != nil {
		t.Fatal(err)
	}
	return m, path, key
}

// TestModelFileRoundTrip: the model read from the model file equals, record
// for record, the one FromGraph made (the fixture and the sample graph),
// and so does its lexical index (documents, lengths, word estimate, byte
// counts, entity units).
func TestModelFileRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name  string
		graph func(testing.TB) *graphrag.Graph
	}{{"bettafish", bettafishGraph}, {"coffee-shop", coffeeGraph}} {
		t.Run(c.name, func(t *testing.T) {
			want, path, key := modelFileCase(t, c.graph(t))
			got, warnings, err := ReadModelFile(context.Background(), path, "graphs/x/graphrag.json", key)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(warnings, key.LoadWarnings) {
				t.Errorf("load warnings %q, want %q", warnings, key.LoadWarnings)
			}
			if !reflect.DeepEqual(got.p, want.p) {
				for i := range want.p.Entities {
					if !reflect.DeepEqual(got.p.Entities[i], want.p.Entities[i]) {
						t.Fatalf("entity %d:\n got %#v\nwant %#v", i, got.p.Entities[i], want.p.Entities[i])
					}
				}
				for i := range want.p.TextUnits {
					if !reflect.DeepEqual(got.p.TextUnits[i], want.p.TextUnits[i]) {
						t.Fatalf("text unit %d:\n got %#v\nwant %#v", i, got.p.TextUnits[i], want.p.TextUnits[i])
					}
				}
				t.Fatalf("models differ (source %v / %v, stats %v / %v)", got.p.Source, want.p.Source, got.p.Stats, want.p.Stats)
			}
			if !reflect.DeepEqual(got.entityByID, want.entityByID) || !reflect.DeepEqual(got.entityByT, want.entityByT) {
				t.Error("entity indexes differ")
			}
			if len(got.sums) != len(want.p.Entities) {
				t.Fatalf("%d entity text sums for %d entities", len(got.sums), len(want.p.Entities))
			}
			for i, e := range want.p.Entities {
				if got.sums[i] != sumText(e.Title+":"+e.Description) {
					t.Fatalf("entity %d: text sum %x", i, got.sums[i])
				}
			}
			gx, wx := got.Lexical(), want.Lexical()
			if !reflect.DeepEqual(gx.docs, wx.docs) || !reflect.DeepEqual(gx.lens, wx.lens) || gx.nEnt != wx.nEnt ||
				gx.avgEnt != wx.avgEnt || gx.avgUnit != wx.avgUnit || gx.words != wx.words || gx.bytes != wx.bytes ||
				!reflect.DeepEqual(gx.entUnits, wx.entUnits) {
				t.Error("lexical indexes differ")
			}
			// the model file's bigram index is the one built from the
			// documents, and counts as a pass over them does
			bx := buildBigramIndex(wx.docs)
			if gx.bigrams == nil || gx.bigrams.n != bx.n || !bytes.Equal(gx.bigrams.keys, bx.keys) || !bytes.Equal(gx.bigrams.offs, bx.offs) || !bytes.Equal(gx.bigrams.post, bx.post) {
				t.Fatal("bigram index differs from the documents'")
			}
			for _, w := range []string{"咖啡", "武汉大学", "樱花", "舆情", "agent", "会员卡"} {
				hits, total := gx.count(w)
				want, wantTotal := plainCount(wx.docs, w)
				if total != wantTotal || !slices.Equal(hits, want) {
					t.Errorf("count(%q) = %d in %d documents, want %d in %d", w, total, len(hits), wantTotal, len(want))
				}
			}
		})
	}
}

// TestModelFileRefused: a model file is used only for the graph bytes,
// report id, text-unit size and layout version it was made for, and only
// when every byte is as written; anything else is ErrModelFile.
func TestModelFileRefused(t *testing.T) {
	_, path, key := modelFileCase(t, coffeeGraph(t))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string, k ModelFileKey) error {
		_, _, err := ReadModelFile(context.Background(), p, "g.json", k)
		return err
	}
	if err := read(path, key); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	variant := func(name string, edit func([]byte) []byte) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, edit(append([]byte(nil), data...)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	other := func(f func(*ModelFileKey)) ModelFileKey { k := key; f(&k); return k }
	for _, c := range []struct {
		name string
		path string
		key  ModelFileKey
	}{
		{"other graph bytes (CRC)", path, other(func(k *ModelFileKey) { k.Graph.CRC++ })},
		{"other graph bytes (length)", path, other(func(k *ModelFileKey) { k.Graph.Size++ })},
		{"other report id", path, other(func(k *ModelFileKey) { k.ReportID = "y" })},
		{"missing", filepath.Join(t.TempDir(), "none"), key},
		{"a byte changed", variant("flip", func(b []byte) []byte { b[len(b)/2] ^= 0x20; return b }), key},
		{"cut short", variant("short", func(b []byte) []byte { return b[:len(b)-9] }), key},
		{"another version", variant("version", func(b []byte) []byte { b[len(modelFileMagic)]++; return b }), key},
		{"not a model file", variant("other", func(b []byte) []byte { copy(b, "REGRAPHC"); return b }), key},
		{"empty", variant("empty", func([]byte) []byte { return nil }), key},
	} {
		if err := read(c.path, c.key); !errors.Is(err, ErrModelFile) {
			t.Errorf("%s: %v, want ErrModelFile", c.name, err)
		}
	}
}

// TestModelFileOnlyGraphs: a model of a GraphRAG index is not written.
func TestModelFileOnlyGraphs(t *testing.T) {
	m, err := FromParquet(fixture.Dulce(t), ParquetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), ModelFileName)
	if err := WriteModelFile(context.Background(), path, m, ModelFileKey{}); err == nil {
		t.Error("an index's model was written")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a file was left: %v", err)
	}
}

// TestSumFile: length and CRC-32C of a file's bytes.
func TestSumFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	data := make([]byte, 3<<20+17)
	for i := range data {
		data[i] = byte(i * 7)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := SumFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if want := crc32Of(data); s.Size != int64(len(data)) || s.CRC != want {
		t.Errorf("SumFile = %+v, want size %d CRC %08x", s, len(data), want)
	}
}

// crc32Of is CRC-32C computed bit by bit (polynomial 0x82F63B78,
// reflected), independent of hash/crc32.
func crc32Of(data []byte) uint32 {
	crc := ^uint32(0)
	for _, b := range data {
		crc ^= uint32(b)
		for range 8 {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0x82F63B78
			} else {
				crc >>= 1
			}
		}
	}
	return ^crc
}

// TestModelExtra: data kept beside a model file is returned for that
// model file's bytes only: not once the model file is rewritten with
// other bytes, not when damaged; a model without a model file keeps none.
func TestModelExtra(t *testing.T) {
	m, path, key := modelFileCase(t, coffeeGraph(t))
	if err := m.WriteModelExtra("fit-8", []byte("data")); err != nil {
		t.Fatal(err)
	}
	if got, ok := m.ModelExtra("fit-8"); !ok || string(got) != "data" {
		t.Fatalf("the writer's model: %q %v", got, ok)
	}
	r, _, err := ReadModelFile(context.Background(), path, "g.json", key)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := r.ModelExtra("fit-8"); !ok || string(got) != "data" {
		t.Fatalf("a reader's model: %q %v", got, ok)
	}
	if _, ok := r.ModelExtra("fit-9"); ok {
		t.Error("an extra never written was found")
	}
	if err := m.WriteModelExtra("Fit 8", nil); err == nil {
		t.Error("a name with a capital and a space was taken")
	}
	// damaged: refused
	data, err := os.ReadFile(path + ".fit-8")
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-6] ^= 1
	if err := os.WriteFile(path+".fit-8", data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.ModelExtra("fit-8"); ok {
		t.Error("a damaged extra was returned")
	}
	// the model file rewritten for other graph bytes: the old extra is
	// another model file's
	if err := m.WriteModelExtra("fit-8", []byte("data")); err != nil {
		t.Fatal(err)
	}
	key.Graph.CRC++
	if err := WriteModelFile(context.Background(), path, m, key); err != nil {
		t.Fatal(err)
	}
	r2, _, err := ReadModelFile(context.Background(), path, "g.json", key)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r2.ModelExtra("fit-8"); ok {
		t.Error("the extra of the earlier model file was returned")
	}
	n, err := New(Parts{Entities: []Entity{{ID: "a", Title: "A"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.WriteModelExtra("fit-8", nil); !errors.Is(err, ErrNoModelFile) {
		t.Errorf("a model without a model file: %v, want ErrNoModelFile", err)
	}
}

// An entity's text units read from the model file are the lexical index's
// (entityUnits, by Model.TextUnitIndex): the last unit of a repeated id,
// none for an id that names no unit.
func TestModelFileEntityUnits(t *testing.T) {
	want, err := New(Parts{
		Source: Source{Kind: "reportengine-graph", ID: "x"},
		Entities: []Entity{
			{ID: "e0", Title: "樱花", Description: "武汉大学", TextUnitIDs: []string{"u1", "gone", "u0"}},
			{ID: "e1", Title: "网友"},
			{ID: "e2", Title: "评论", TextUnitIDs: []string{"u0"}},
		},
		TextUnits: []TextUnit{{ID: "u0", Text: "樱花一"}, {ID: "u1", Text: "网友"}, {ID: "u0", Text: "樱花二"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	key := ModelFileKey{Graph: FileSum{Size: 1, CRC: 2}, ReportID: "x"}
	path := filepath.Join(t.TempDir(), ModelFileName)
	if err := WriteModelFile(context.Background(), path, want, key); err != nil {
		t.Fatal(err)
	}
	got, _, err := ReadModelFile(context.Background(), path, "graphrag.json", key)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.p.Entities, want.p.Entities) {
		t.Errorf("entities %+v, want %+v", got.p.Entities, want.p.Entities)
	}
	units := [][]int32{{1, 2}, nil, {2}} // u0 is the last of its id: 2
	if !reflect.DeepEqual(want.Lexical().entUnits, units) {
		t.Fatalf("the oracle's units %v, want %v", want.Lexical().entUnits, units)
	}
	if !reflect.DeepEqual(got.Lexical().entUnits, units) {
		t.Errorf("units read %v, want %v", got.Lexical().entUnits, units)
	}
}

// TestSaveModelFile: SaveModelFile returns the model read back from the
// file it wrote (equal to FromGraph's, with the file's bigram index and
// text sums), and the model it was given when the file cannot be written.
func TestSaveModelFile(t *testing.T) {
	ctx := context.Background()
	m, err := FromGraph(ctx, coffeeGraph(t), GraphOptions{Path: "graphs/x/graphrag.json"})
	if err != nil {
		t.Fatal(err)
	}
	key := ModelFileKey{Graph: FileSum{Size: 1, CRC: 2}, ReportID: "x"}
	path := filepath.Join(t.TempDir(), ModelFileName)
	got, err := SaveModelFile(ctx, path, "graphs/x/graphrag.json", m, key)
	if err != nil {
		t.Fatal(err)
	}
	if got == m || got.Lexical().bigrams == nil || got.sums == nil {
		t.Fatal("the model given was returned, not the one read back")
	}
	if !reflect.DeepEqual(got.p, m.p) {
		t.Fatal("the model read back differs from the one written")
	}
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", ModelFileName)
	if got, err := SaveModelFile(ctx, bad, "graphs/x/graphrag.json", m, key); err == nil || got != m {
		t.Fatalf("an unwritable path: %v, model given back %v", err, got == m)
	}
}
