package storage

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"unicode/utf8"

	"reportengine/graphrag"
	"reportengine/internal/atomicfile"
)

// Plain is the reference Codec: graphrag.json alone (see WritePlainJSON
// and graphrag.ReadJSONText). Sync and Rename replace (*os.File).Sync and
// os.Rename when set (tests).
type Plain struct {
	Sync   func(*os.File) error
	Rename func(oldpath, newpath string) error
}

// Write writes graphrag.json with WritePlainJSON, atomically. It does not
// touch a column file beside it: Fast's Read finds that it belongs to
// other bytes and reads the JSON, with a warning.
func (p Plain) Write(ctx context.Context, dir string, g *graphrag.Graph) error {
	w := atomicfile.Writer{Rename: p.Rename, Sync: p.Sync}
	return w.Write(filepath.Join(dir, FileName), filePerm, func(f io.Writer) error {
		bw := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<20)
		if err := WritePlainJSON(bw, g); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// Read reads graphrag.json in dir with graphrag.ReadJSONText, after the
// size and encoding checks of Store.Load.
func (p Plain) Read(_ context.Context, dir string) (*graphrag.Graph, *graphrag.LoadReport, error) {
	f, _, err := openGraph(filepath.Join(dir, FileName))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	js, err := graphrag.ReadGraphText(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	g, rep, _, err := readJSON(js, f.Name())
	if err == nil {
		rep.FileBytes, rep.FileCRC32C = int64(len(js.Text)), js.CRC()
	}
	return g, rep, err
}

// WritePlainJSON writes g as graphrag.json, format version
// graphrag.FormatVersion, with encoding/json, one node or edge at a time
// through the graph's exported accessors: the reference for the chunked
// sonic encoder of package graphrag (graphrag.WriteJSONContext), whose layout it
// follows byte for byte (TestCodecsAgree). A section's "summary" is left
// out when the readers derive it, and a section with a string "content"
// and no summary is marked "derive": false, by the rule graphrag.WriteJSON
// documents, written again here. The spellings differ only where
// encoding/json has its own: U+2028 and U+2029 escaped, and invalid UTF-8
// written as \ufffd rather than U+FFFD (neither occurs in a graph built
// from states, whose strings are valid UTF-8). Errors: a value JSON cannot
// hold (a NaN), naming the node or edge; w's error.
func WritePlainJSON(w io.Writer, g *graphrag.Graph) error {
	var buf bytes.Buffer
	if err := plainHead(&buf, g); err != nil {
		return err
	}
	for v := 0; v < g.NodeCount(); v++ {
		buf.WriteString(rowSep(v))
		if err := plainNode(&buf, g, v); err != nil {
			return fmt.Errorf("graphrag: write node %q: %w", g.ID(v), err)
		}
		if err := flushAt(w, &buf); err != nil {
			return err
		}
	}
	if g.NodeCount() > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("],\n  \"edges\": [")
	for i := 0; i < g.EdgeCount(); i++ {
		buf.WriteString(rowSep(i))
		e := g.EdgeAt(i)
		if err := plainEdge(&buf, e); err != nil {
			return fmt.Errorf("graphrag: write edge %s -> %s: %w", e.From, e.To, err)
		}
		if err := flushAt(w, &buf); err != nil {
			return err
		}
	}
	if g.EdgeCount() > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	_, err := w.Write(buf.Bytes())
	return err
}

// rowSep is what goes before row i of the node or edge list.
func rowSep(i int) string {
	if i == 0 {
		return "\n    "
	}
	return ",\n    "
}

// flushAt hands buf to w once it holds 1 MiB.
func flushAt(w io.Writer, buf *bytes.Buffer) error {
	if buf.Len() < 1<<20 {
		return nil
	}
	_, err := w.Write(buf.Bytes())
	buf.Reset()
	return err
}

// plainHead writes everything before the first node: the format version,
// task id, creation time, stats (totals, then the count of each node type
// in graphrag.Stats.SortedTypes order) and the Meta keys that are not the
// format's own.
func plainHead(buf *bytes.Buffer, g *graphrag.Graph) error {
	buf.WriteString("{\n  \"format_version\": " + strconv.Itoa(graphrag.FormatVersion) + ",\n  \"task_id\": ")
	if err := plainValue(buf, g.TaskID); err != nil {
		return err
	}
	buf.WriteString(",\n  \"created_at\": ")
	if err := plainValue(buf, g.CreatedAt); err != nil {
		return err
	}
	buf.WriteString(",\n  \"stats\": ")
	st := g.Stats()
	stats := graphrag.Attributes{{Key: "total_nodes", Value: st.TotalNodes}, {Key: "total_edges", Value: st.TotalEdges}}
	for _, t := range st.SortedTypes() {
		if t != "" && t != "total_nodes" && t != "total_edges" {
			stats = append(stats, graphrag.Attr{Key: string(t), Value: st.ByType[t]})
		}
	}
	if err := plainValue(buf, stats); err != nil {
		return err
	}
	for _, kv := range g.Meta {
		switch kv.Key {
		case "format_version", "task_id", "created_at", "stats", "nodes", "edges", "graph":
			continue
		}
		buf.WriteString(",\n  ")
		_ = plainValue(buf, kv.Key)
		buf.WriteString(": ")
		if err := plainValue(buf, kv.Value); err != nil {
			return fmt.Errorf("graphrag: write meta %q: %w", kv.Key, err)
		}
	}
	buf.WriteString(",\n  \"nodes\": [")
	return nil
}

// plainNode writes node v: {"id","type","name","attributes"[,"derive"]}.
func plainNode(buf *bytes.Buffer, g *graphrag.Graph, v int) error {
	a := g.Attrs(v)
	if a == nil {
		a = graphrag.Attributes{}
	}
	keep := false
	if g.Type(v) == graphrag.TypeSection {
		a, keep = plainSection(a)
	}
	buf.WriteString(`{"id":`)
	_ = plainValue(buf, g.ID(v))
	buf.WriteString(`,"type":`)
	_ = plainValue(buf, string(g.Type(v)))
	buf.WriteString(`,"name":`)
	_ = plainValue(buf, g.Name(v))
	buf.WriteString(`,"attributes":`)
	if err := plainValue(buf, a); err != nil {
		return err
	}
	if keep {
		buf.WriteString(`,"derive":false`)
	}
	buf.WriteByte('}')
	return nil
}

// plainSection applies the section rule to attributes a: the "summary" is
// left out when it is the only one, a valid UTF-8 string equal to
// SectionSummary of the (at most one) "latest_summary" and the (one,
// string) "content", and stands right before that content; keep is true
// when a has no "summary" and a string "content".
func plainSection(a graphrag.Attributes) (out graphrag.Attributes, keep bool) {
	at, summaries, contents, latests := -1, 0, 0, 0
	for i, kv := range a {
		switch kv.Key {
		case "summary":
			at, summaries = i, summaries+1
		case "content":
			contents++
		case "latest_summary":
			latests++
		}
	}
	c, _ := a.Get("content")
	_, textContent := c.(string)
	if summaries == 0 {
		return a, textContent
	}
	if summaries > 1 || contents != 1 || latests > 1 || at+1 >= len(a) || a[at+1].Key != "content" {
		return a, false
	}
	s, isText := a[at].Value.(string)
	if _, next := a[at+1].Value.(string); !isText || !next || !utf8.ValidString(s) ||
		s != graphrag.SectionSummary(a.String("latest_summary"), a.String("content")) {
		return a, false
	}
	out = append(graphrag.Attributes{}, a[:at]...)
	return append(out, a[at+1:]...), false
}

// plainEdge writes edge e: {"from","to","relation","weight","attributes"}.
func plainEdge(buf *bytes.Buffer, e graphrag.Edge) error {
	buf.WriteString(`{"from":`)
	_ = plainValue(buf, e.From)
	buf.WriteString(`,"to":`)
	_ = plainValue(buf, e.To)
	buf.WriteString(`,"relation":`)
	_ = plainValue(buf, string(e.Relation))
	buf.WriteString(`,"weight":`)
	if err := plainValue(buf, e.Weight); err != nil {
		return err
	}
	buf.WriteString(`,"attributes":`)
	a := e.Attrs
	if a == nil {
		a = graphrag.Attributes{}
	}
	if err := plainValue(buf, a); err != nil {
		return err
	}
	buf.WriteByte('}')
	return nil
}

// plainValue writes v compactly: Attributes as an object in list order,
// []any element by element, anything else with encoding/json (HTML
// characters as they are, map keys sorted).
func plainValue(buf *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case graphrag.Attributes:
		buf.WriteByte('{')
		for i, kv := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			_ = plainValue(buf, kv.Key)
			buf.WriteByte(':')
			if err := plainValue(buf, kv.Value); err != nil {
				return fmt.Errorf("attribute %q: %w", kv.Key, err)
			}
		}
		buf.WriteByte('}')
		return nil
	case []any:
		buf.WriteByte('[')
		for i, el := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := plainValue(buf, el); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
		return nil
	}
	var one bytes.Buffer
	enc := json.NewEncoder(&one)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Write(bytes.TrimSuffix(one.Bytes(), []byte("\n")))
	return nil
}
