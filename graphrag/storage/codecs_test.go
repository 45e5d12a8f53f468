package storage_test

import (
	"bytes"
	"context"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
	"reportengine/graphrag/builder"
	"reportengine/graphrag/storage"
	"reportengine/internal/fixture"
	"reportengine/internal/synth"
)

// codecsConfig is the builder's configuration of this file's built graphs.
func codecsConfig(topic string) builder.Config {
	return builder.Config{Topic: topic, ReportID: "codecs", CreatedAt: "2025-08-25T18:02:14Z"}
}

// sectionGraph holds a section of each kind the section rule of the
// writers tells apart, a generic source and a generic edge.
func sectionGraph(t *testing.T) *graphrag.Graph {
	g := graphrag.New()
	g.TaskID, g.CreatedAt = "sections", "2025-08-25T18:02:14Z"
	g.Meta = graphrag.Attributes{{Key: "build", Value: graphrag.Attributes{{Key: "note", Value: "<a&b>"}}}}
	content := "第一段内容，足够长。"
	derived := graphrag.SectionSummary("", content)
	for _, n := range []*graphrag.Node{
		{ID: "T", Type: graphrag.TypeTopic, Name: "话题"},
		// summary derived from content, right before it: left out
		{ID: "S1", Type: graphrag.TypeSection, Name: "一", Attrs: graphrag.Attributes{{Key: "summary", Value: derived}, {Key: "content", Value: content}}},
		// summary that is not the derived one: kept
		{ID: "S2", Type: graphrag.TypeSection, Name: "二", Attrs: graphrag.Attributes{{Key: "summary", Value: "另写的摘要"}, {Key: "content", Value: content}}},
		// derived summary, but after the content: kept
		{ID: "S3", Type: graphrag.TypeSection, Name: "三", Attrs: graphrag.Attributes{{Key: "content", Value: content}, {Key: "summary", Value: derived}}},
		// derived summary, another key between it and the content: kept
		{ID: "S6", Type: graphrag.TypeSection, Name: "六", Attrs: graphrag.Attributes{{Key: "summary", Value: derived}, {Key: "title", Value: "六"}, {Key: "content", Value: content}}},
		// two contents: kept
		{ID: "S7", Type: graphrag.TypeSection, Name: "七", Attrs: graphrag.Attributes{{Key: "summary", Value: derived}, {Key: "content", Value: content}, {Key: "content", Value: content}}},
		// no summary, string content: "derive": false
		{ID: "S4", Type: graphrag.TypeSection, Name: "四", Attrs: graphrag.Attributes{{Key: "content", Value: content}}},
		// no summary, content not a string: nothing to mark
		{ID: "S5", Type: graphrag.TypeSection, Name: "五", Attrs: graphrag.Attributes{{Key: "content", Value: 3}}},
		{ID: "X", Type: graphrag.TypeSource, Name: "x", Attrs: graphrag.Attributes{{Key: "url", Value: "https://e.example/?a=1&b=<2>"}, {Key: "score", Value: 0.5}}},
	} {
		mustNode(t, g, n)
	}
	mustEdge(t, g, graphrag.Edge{From: "T", To: "S1", Relation: graphrag.RelContains, Weight: 2.5, Attrs: graphrag.Attributes{{Key: "why", Value: []any{"a", 1}}}})
	mustEdge(t, g, graphrag.Edge{From: "S1", To: "X", Relation: graphrag.RelFound})
	return g
}

// The reference codec (Plain: encoding/json one row at a time, the JSON
// reader) and the fast one (sonic encoder, column file) write the same
// graphrag.json and read the same graph, with the same LoadReport: on the
// BettaFish fixture's graph, a synthetic built graph (typed sources and
// found edges in several encoder chunks) and a graph of hand-made sections.
func TestCodecsAgree(t *testing.T) {
	ctx := context.Background()
	graphs := map[string]func(t *testing.T) *graphrag.Graph{
		"sections": sectionGraph,
		"synthetic": func(t *testing.T) *graphrag.Graph {
			dir := t.TempDir()
			paths, err := synth.WriteAll(dir, synth.Config{Paragraphs: 6, Records: 250, Seed: 7, Topic: "合成话题"}, 60)
			if err != nil {
				t.Fatal(err)
			}
			var states []string
			for _, p := range paths {
				if filepath.Ext(p) == ".json" {
					states = append(states, p)
				}
			}
			return fixture.Build(t, codecsConfig("合成话题"), filepath.Join(dir, "logs", "forum.log"), states...)
		},
		"fixture": func(t *testing.T) *graphrag.Graph {
			return fixture.Graph(t, fixture.BettaFish(t), codecsConfig(""))
		},
	}
	for name, make := range graphs {
		t.Run(name, func(t *testing.T) {
			g := make(t)
			plainDir, fastDir := t.TempDir(), t.TempDir()
			if err := (storage.Plain{}).Write(ctx, plainDir, g); err != nil {
				t.Fatal(err)
			}
			if err := (storage.Fast{}).Write(ctx, fastDir, g); err != nil {
				t.Fatal(err)
			}
			plainJSON, _ := os.ReadFile(filepath.Join(plainDir, storage.FileName))
			fastJSON, _ := os.ReadFile(filepath.Join(fastDir, storage.FileName))
			if !bytes.Equal(plainJSON, fastJSON) {
				t.Fatalf("graphrag.json differs:\n%s", firstDiff(plainJSON, fastJSON))
			}
			if name != "sections" {
				if _, err := os.Stat(filepath.Join(fastDir, storage.ColumnsFileName)); err != nil {
					t.Fatalf("Fast wrote no column file: %v", err)
				}
			}
			gp, rp, err := (storage.Plain{}).Read(ctx, plainDir)
			if err != nil {
				t.Fatal(err)
			}
			gf, rf, err := (storage.Fast{}).Read(ctx, fastDir)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(viewNodes(gp), viewNodes(gf)); d != "" {
				t.Errorf("nodes differ (-plain +fast):\n%s", d)
			}
			if d := cmp.Diff(viewEdges(gp), viewEdges(gf)); d != "" {
				t.Errorf("edges differ (-plain +fast):\n%s", d)
			}
			if gp.TaskID != gf.TaskID || gp.CreatedAt != gf.CreatedAt || !cmp.Equal(normalize(gp.Meta), normalize(gf.Meta)) {
				t.Errorf("head differs: %q %q %v / %q %q %v", gp.TaskID, gp.CreatedAt, gp.Meta, gf.TaskID, gf.CreatedAt, gf.Meta)
			}
			if d := cmp.Diff(rp, rf); d != "" {
				t.Errorf("load reports differ (-plain +fast):\n%s", d)
			}
			// the file's length and CRC-32C, as read (a report's run key)
			if sum := crc32.Checksum(plainJSON, crc32.MakeTable(crc32.Castagnoli)); rp.FileBytes != int64(len(plainJSON)) || rp.FileCRC32C != sum {
				t.Errorf("load report's file: %d bytes, crc32c %08x; want %d, %08x", rp.FileBytes, rp.FileCRC32C, len(plainJSON), sum)
			}
			if gp.NodeCount() != g.NodeCount() || gp.EdgeCount() != g.EdgeCount() {
				t.Errorf("read %d nodes, %d edges; wrote %d, %d", gp.NodeCount(), gp.EdgeCount(), g.NodeCount(), g.EdgeCount())
			}
		})
	}
}

// firstDiff shows where a and b first differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return "plain: …" + string(a[from:min(len(a), i+120)]) + "\nfast:  …" + string(b[from:min(len(b), i+120)])
}
