package export

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"reportengine/graphrag"
)

// Neo4jFile is one CSV file of a Neo4j import: a node file holds the
// nodes of one label (a node type), a relationship file the edges of one
// type (a relation, upper-cased).
type Neo4jFile struct {
	Name  string // file name in the output folder, e.g. "nodes_source.csv"
	Kind  string // "nodes" or "relationships"
	Label string // the node label or relationship type
	Rows  int    // data rows (the header aside)
}

// Neo4jImport describes the files WriteNeo4j wrote: nodes first, in the
// order of the types' first nodes, then relationships likewise.
type Neo4jImport struct {
	Files []Neo4jFile
	// ArrayDelimiter separates the elements of the engines arrays and of
	// several labels: ";" unless an engine name or node type holds it,
	// then "|".
	ArrayDelimiter string
}

// neo4jReserved are the node columns every node file has.
var neo4jReserved = map[string]bool{"id": true, "name": true, "engines": true}

// csvQuote is s as one quoted CSV field: in double quotes, a quote
// doubled (RFC 4180, what neo4j-admin's importer reads with
// --multiline-fields=true for line breaks inside).
func csvQuote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// headerName is a column name safe in an import header ("name:type"): a
// colon in the key would start the type, so it becomes "_".
func headerName(s string) string { return strings.ReplaceAll(s, ":", "_") }

// fileStem makes a label safe in a file name: ASCII letters, digits, "-"
// and "_" kept, anything else "_".
func fileStem(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// RelationshipType is the Neo4j relationship type of a relation: upper
// case ("found" → "FOUND"), Neo4j's convention.
func RelationshipType(r graphrag.Relation) string { return strings.ToUpper(string(r)) }

// WriteNeo4j writes g as the CSV files of `neo4j-admin database import
// full`, each through a writer from create (called once per file, closed
// by WriteNeo4j):
//
//   - nodes_<type>.csv per node type: id:ID, :LABEL (the type),
//     name, engines:string[] (Engines joined with ArrayDelimiter), then one
//     typed column per attribute of that type's nodes ("title",
//     "score:double", "found_count:long"; a key that is id, name or engines
//     gets "attr_" before it; lists and objects as their JSON text);
//   - rels_<relation>.csv per relation: :START_ID, :END_ID, :TYPE
//     (RelationshipType), weight:double, then the edges' attribute columns
//     (a found edge's search records as the JSON text of "records").
//
// Strings are always quoted (an empty string is "", a missing or null
// value an empty field, which the importer leaves out), quotes doubled;
// fields may hold line breaks (hence --multiline-fields=true in the
// command). Names of files whose type only differs by characters a file
// name cannot hold get "_2", "_3", …. Errors: ctx.Err(), ErrExport (a
// number that is not finite; every array delimiter taken), create's and
// the writers' errors; on an error the files written so far are
// incomplete and the caller drops them.
func WriteNeo4j(ctx context.Context, g *graphrag.Graph, create func(name string) (io.WriteCloser, error)) (*Neo4jImport, error) {
	im := &Neo4jImport{}
	var err error
	if im.ArrayDelimiter, err = arrayDelimiter(g); err != nil {
		return nil, err
	}
	// group the nodes and edges, types in order of first appearance
	types, byType := groupBy(g.NodeCount(), g.Type)
	rels, byRel := groupBy(g.EdgeCount(), g.Relation)
	used := map[string]bool{}
	fileName := func(prefix, label string) string {
		base := prefix + fileStem(label)
		name := base + ".csv"
		for k := 2; used[name]; k++ {
			name = base + "_" + strconv.Itoa(k) + ".csv"
		}
		used[name] = true
		return name
	}
	for _, t := range types {
		f := Neo4jFile{Name: fileName("nodes_", string(t)), Kind: "nodes", Label: string(t), Rows: len(byType[t])}
		if err := writeFile(create, f.Name, func(w *bufio.Writer) error {
			return writeNodeCSV(ctx, w, g, t, byType[t], im.ArrayDelimiter)
		}); err != nil {
			return nil, err
		}
		im.Files = append(im.Files, f)
	}
	for _, r := range rels {
		f := Neo4jFile{Name: fileName("rels_", string(r)), Kind: "relationships", Label: RelationshipType(r), Rows: len(byRel[r])}
		if err := writeFile(create, f.Name, func(w *bufio.Writer) error {
			return writeRelCSV(ctx, w, g, f.Label, byRel[r])
		}); err != nil {
			return nil, err
		}
		im.Files = append(im.Files, f)
	}
	return im, nil
}

// groupBy groups 0..n-1 by key: the keys in order of first appearance and
// each key's indexes in order.
func groupBy[K comparable](n int, key func(int) K) ([]K, map[K][]int32) {
	var keys []K
	groups := map[K][]int32{}
	for i := range n {
		k := key(i)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], int32(i))
	}
	return keys, groups
}

// arrayDelimiter picks the first of ";" and "|" that no engine name and
// no node type holds.
func arrayDelimiter(g *graphrag.Graph) (string, error) {
	for _, d := range []string{";", "|"} {
		holds := func(s string) bool { return strings.Contains(s, d) }
		taken := slices.ContainsFunc(g.TypeNames(), func(t graphrag.NodeType) bool { return holds(string(t)) })
		for v := 0; v < g.NodeCount() && !taken; v++ {
			taken = slices.ContainsFunc(Engines(g, v), holds)
		}
		if !taken {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w: engine names or node types hold both ';' and '|', the array delimiters", ErrExport)
}

func writeFile(create func(string) (io.WriteCloser, error), name string, fill func(*bufio.Writer) error) error {
	wc, err := create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(wc, 1<<16)
	err = fill(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("export: %s: %w", name, err)
	}
	return nil
}

// columnsOf returns the attribute columns of the given nodes (as
// NodeColumns, with neo4jReserved).
func columnsOf(g *graphrag.Graph, nodes []int32) []Column {
	s := newColumnSet(neo4jReserved)
	for _, v := range nodes {
		s.addNode(g, int(v))
	}
	return s.cols
}

// field writes a value of column c: strings quoted, other kinds bare.
func field(b []byte, c Column, s string) []byte {
	if c.Kind == KindString {
		return append(b, csvQuote(s)...)
	}
	return append(b, s...)
}

// writeHeader writes a CSV file's header: the fixed columns, then each
// attribute column as name:type.
func writeHeader(w *bufio.Writer, cols []Column, fixed ...string) error {
	for _, c := range cols {
		fixed = append(fixed, headerName(c.Name)+":"+typeName(c.Kind))
	}
	_, err := w.WriteString(strings.Join(fixed, ",") + "\n")
	return err
}

// rowCells places a row's cells by column (the last of a column wins).
type rowCells struct {
	vals []string
	has  []bool
}

// appendCells appends a comma and the cell of each attribute column (an
// empty field where the row has none).
func (r *rowCells) appendCells(line []byte, cols []Column, cells []cell) []byte {
	if len(r.has) != len(cols) {
		r.vals, r.has = make([]string, len(cols)), make([]bool, len(cols))
	}
	clear(r.has)
	for _, c := range cells {
		r.vals[c.col], r.has[c.col] = c.text, true
	}
	for i, c := range cols {
		line = append(line, ',')
		if r.has[i] {
			line = field(line, c, r.vals[i])
		}
	}
	return line
}

func writeNodeCSV(ctx context.Context, w *bufio.Writer, g *graphrag.Graph, t graphrag.NodeType, nodes []int32, delim string) error {
	cols := columnsOf(g, nodes)
	at := index(cols)
	if err := writeHeader(w, cols, "id:ID", ":LABEL", "name:string", "engines:string[]"); err != nil {
		return err
	}
	var line []byte
	var row rowCells
	for k, v32 := range nodes {
		if err := stopped(ctx, k); err != nil {
			return err
		}
		v := int(v32)
		cells, err := nodeCells(g, v, cols, at, nil)
		if err != nil {
			return fmt.Errorf("node %q: %w", g.ID(v), err)
		}
		line = append(line[:0], csvQuote(g.ID(v))...)
		line = append(append(line, ','), csvQuote(string(t))...)
		line = append(append(line, ','), csvQuote(g.Name(v))...)
		line = append(line, ',')
		if e := Engines(g, v); len(e) > 0 {
			line = append(line, csvQuote(strings.Join(e, delim))...)
		}
		line = append(row.appendCells(line, cols, cells), '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

func writeRelCSV(ctx context.Context, w *bufio.Writer, g *graphrag.Graph, typ string, edges []int32) error {
	s := newColumnSet(map[string]bool{"weight": true})
	for _, i := range edges {
		s.addEdge(g, int(i))
	}
	cols := s.cols
	at := index(cols)
	if err := writeHeader(w, cols, ":START_ID", ":END_ID", ":TYPE", "weight:double"); err != nil {
		return err
	}
	ends := g.EdgeEnds()
	var line []byte
	var row rowCells
	for k, i32 := range edges {
		if err := stopped(ctx, k); err != nil {
			return err
		}
		i := int(i32)
		wt, err := weightText(g.Weight(i))
		if err != nil {
			return fmt.Errorf("edge %d: %w", i, err)
		}
		cells, err := edgeCells(g, i, cols, at, nil)
		if err != nil {
			return fmt.Errorf("edge %d: %w", i, err)
		}
		line = append(line[:0], csvQuote(g.ID(int(ends[i][0])))...)
		line = append(append(line, ','), csvQuote(g.ID(int(ends[i][1])))...)
		line = append(append(line, ','), csvQuote(typ)...)
		line = append(append(line, ','), wt...)
		line = append(row.appendCells(line, cols, cells), '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// Command returns the shell command that imports the files into database
// (Neo4j 5's `neo4j-admin database import full`), run from the folder
// that holds them; the database must not exist yet (or add
// --overwrite-destination=true), and on Community Edition Neo4j must be
// stopped.
func (im *Neo4jImport) Command(database string) string {
	var b strings.Builder
	b.WriteString("neo4j-admin database import full")
	for _, f := range im.Files {
		opt := "--nodes"
		if f.Kind == "relationships" {
			opt = "--relationships"
		}
		b.WriteString(" \\\n  " + opt + "=" + f.Name)
	}
	b.WriteString(" \\\n  --multiline-fields=true --array-delimiter='" + im.ArrayDelimiter + "' --quote='\"' \\\n  " + database)
	return b.String()
}

// Script returns import.sh: the Command for database "${1:-neo4j}", run
// from the script's own folder.
func (im *Neo4jImport) Script() string {
	return "#!/bin/sh\n# Imports this folder's CSV files into a new Neo4j database (default: neo4j).\n" +
		"# Neo4j 5; stop Neo4j first on Community Edition.\nset -e\ncd \"$(dirname \"$0\")\"\n" +
		strings.Replace(im.Command("neo4j"), "  neo4j", "  \"${1:-neo4j}\"", 1) + "\n"
}

// Readme returns README.md for the output folder: what each file holds
// and how to import them.
func (im *Neo4jImport) Readme(graphID string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Neo4j import of graph %s\n\nWritten by `reportengine export --format neo4j`: the CSV files of `neo4j-admin database import full` (Neo4j 5).\n\n", graphID)
	b.WriteString("| file | kind | label / type | rows |\n|---|---|---|---|\n")
	for _, f := range im.Files {
		fmt.Fprintf(&b, "| %s | %s | %s | %d |\n", f.Name, f.Kind, f.Label, f.Rows)
	}
	fmt.Fprintf(&b, "\nEvery node has `id` (the graph's node id), `name` and `engines` (a string array, delimiter `%s`); "+
		"attributes that are lists or objects hold their JSON text, a found edge's search records are `records` (JSON). "+
		"Strings are always quoted; an empty field is a missing value.\n\n", im.ArrayDelimiter)
	b.WriteString("Import into a new database (stop Neo4j first on Community Edition), from this folder:\n\n```sh\n")
	b.WriteString(im.Command("neo4j"))
	b.WriteString("\n```\n\nor run `sh import.sh [DATABASE]`.\n")
	return b.String()
}
