package knowledge

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/parquet-go/parquet-go"
)

// colKind is the shape a loader expects of one top-level parquet column.
// The schema is checked against it before any value is decoded, so a
// missing column or a column of another type is an error instead of a
// silent zero value or a silent 8.5 → 8 conversion (B35).
type colKind int

const (
	kString     colKind = iota // BYTE_ARRAY (UTF-8 string)
	kIDString                  // BYTE_ARRAY, or INT32/INT64 rendered in decimal (Python str(int))
	kInt                       // INT32/INT64, or FLOAT/DOUBLE whose every value is a whole number
	kFloat                     // FLOAT/DOUBLE, or INT32/INT64 (exact for |v| < 2^53)
	kStringList                // LIST<BYTE_ARRAY>; a bare string column reads as a one-item list
	kIntList                   // LIST<INT32/INT64>
	kFloatList                 // LIST<FLOAT/DOUBLE> (embedding vectors)
)

var colKindNames = [...]string{
	kString:     "string",
	kIDString:   "string or integer",
	kInt:        "integer",
	kFloat:      "floating point",
	kStringList: "list<string>",
	kIntList:    "list<integer>",
	kFloatList:  "list<float>",
}

func (k colKind) String() string { return colKindNames[k] }

// colSpec is one column a table loader reads.
type colSpec struct {
	name     string
	kind     colKind
	required bool
}

// pqColumn holds the decoded cells of one column, in the slice of its
// kind, up to the last cell that is not null.
type pqColumn struct {
	null []bool
	s    []string
	i    []int64
	f    []float64
	ls   [][]string
	li   [][]int64
	lf   [][]float32
}

// pqTable is a parquet file decoded column by column after its schema was
// checked against a list of colSpecs.
type pqTable struct {
	file string // base name, for messages
	path string
	rows int
	cols map[string]*pqColumn // nil for an optional column the file lacks
	// names of every top-level column of the file, in schema order
	names []string
}

// openParquet opens path as a parquet file (bloom filters not read) and
// returns it with the open file under it, which the caller closes.
// Errors: the file system's; ErrNotParquet (wrapped) for a file parquet-go
// cannot open.
func openParquet(path string) (*parquet.File, *os.File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, nil, err
	}
	pf, err := parquet.OpenFile(fh, st.Size(), parquet.SkipBloomFilters(true))
	if err != nil {
		fh.Close()
		return nil, nil, fmt.Errorf("%w: %v", ErrNotParquet, err)
	}
	return pf, fh, nil
}

// columnNames lists the top-level column names of a parquet file.
func columnNames(pf *parquet.File) []string {
	var names []string
	for _, c := range pf.Root().Columns() {
		names = append(names, c.Name())
	}
	return names
}

// readTable checks the schema of the parquet file at path against specs
// (every problem is reported at once in a *SchemaError) and decodes the
// named columns.
func readTable(path string, specs []colSpec) (*pqTable, error) {
	pf, fh, err := openParquet(path)
	if err != nil {
		return nil, fmt.Errorf("knowledge: open %s: %w", path, err)
	}
	defer fh.Close()
	t := &pqTable{file: filepath.Base(path), path: path, rows: int(pf.NumRows()), cols: map[string]*pqColumn{}, names: columnNames(pf)}
	root := pf.Root()
	var problems []ColumnProblem
	leaves := map[string]*parquet.Column{}
	for _, sp := range specs {
		c := root.Column(sp.name)
		if c == nil {
			if sp.required {
				problems = append(problems, ColumnProblem{Column: sp.name, Want: sp.kind.String()})
			}
			continue
		}
		leaf, got := checkColumn(c, sp.kind)
		if leaf == nil {
			problems = append(problems, ColumnProblem{Column: sp.name, Want: sp.kind.String(), Got: got})
			continue
		}
		leaves[sp.name] = leaf
	}
	if len(problems) > 0 {
		return nil, &SchemaError{File: path, Problems: problems, Columns: t.names}
	}
	for _, sp := range specs {
		leaf, ok := leaves[sp.name]
		if !ok {
			continue
		}
		col, err := decodeColumn(leaf, sp.kind, t.rows)
		if err != nil {
			return nil, fmt.Errorf("knowledge: %s column %q: %w", path, sp.name, err)
		}
		t.cols[sp.name] = col
	}
	return t, nil
}

// describeColumn renders the type of a column for messages ("double",
// "list<int64>", "group").
func describeColumn(c *parquet.Column) string {
	if c.Leaf() {
		s := c.Type().Kind().String()
		if c.Repeated() {
			s = "repeated " + s
		}
		return s
	}
	if l := listLeaf(c); l != nil {
		return "list<" + l.Type().Kind().String() + ">"
	}
	return "group"
}

// listLeaf finds the element leaf of a list column: the standard three-level
// LIST (optional group x (LIST) { repeated group list { element } }), the
// two-level legacy form (group { repeated leaf }) or a repeated leaf.
func listLeaf(c *parquet.Column) *parquet.Column {
	if c.Leaf() {
		if c.Repeated() {
			return c
		}
		return nil
	}
	kids := c.Columns()
	if len(kids) != 1 || !kids[0].Repeated() {
		return nil
	}
	r := kids[0]
	if r.Leaf() {
		return r
	}
	gk := r.Columns()
	if len(gk) != 1 || !gk[0].Leaf() || gk[0].Repeated() {
		return nil
	}
	return gk[0]
}

func isInt(k parquet.Kind) bool   { return k == parquet.Int32 || k == parquet.Int64 }
func isFloat(k parquet.Kind) bool { return k == parquet.Float || k == parquet.Double }

// checkColumn returns the leaf to decode when c has the shape kind wants,
// else nil and the shape c has.
func checkColumn(c *parquet.Column, kind colKind) (*parquet.Column, string) {
	leaf := c
	switch list := kind >= kStringList; {
	case !list && (!c.Leaf() || c.Repeated()):
		leaf = nil
	case list && !(kind == kStringList && c.Leaf() && !c.Repeated() && c.Type().Kind() == parquet.ByteArray):
		leaf = listLeaf(c) // else a bare string, read as [string] (reference to_optional_list)
	}
	if leaf == nil || !accepts(kind, leaf.Type().Kind()) {
		return nil, describeColumn(c)
	}
	return leaf, describeColumn(c)
}

// accepts reports whether a leaf of physical type k holds the values of
// a column of kind (a list's: its elements').
func accepts(kind colKind, k parquet.Kind) bool {
	switch kind {
	case kString, kStringList:
		return k == parquet.ByteArray
	case kIDString:
		return k == parquet.ByteArray || isInt(k)
	case kInt, kFloat:
		return isInt(k) || isFloat(k)
	case kIntList:
		return isInt(k)
	}
	return isFloat(k) // kFloatList
}

// decodeColumn reads every value of leaf (across row groups) into one cell
// per row.
func decodeColumn(leaf *parquet.Column, kind colKind, rows int) (*pqColumn, error) {
	col := &pqColumn{null: make([]bool, 0, rows)}
	maxDef := leaf.MaxDefinitionLevel()
	pages := leaf.Pages()
	defer pages.Close()
	buf := make([]parquet.Value, 256)
	row := -1
	for {
		p, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := decodePage(col, p, &row, maxDef, kind, buf); err != nil {
			return nil, err
		}
	}
	if row+1 != rows {
		return nil, fmt.Errorf("holds %d rows, the file says %d", row+1, rows)
	}
	return col, nil
}

// decodePage appends the values of page p to col, *row being the row of
// the last value so far (-1 before the first), and gives the page back
// to parquet-go's pool (parquet.Release) however it ends. Errors: a value
// before the first row starts (malformed repetition levels), appendValue's
// (naming the row), the page's own read error.
func decodePage(col *pqColumn, p parquet.Page, row *int, maxDef int, kind colKind, buf []parquet.Value) error {
	defer parquet.Release(p)
	vr := p.Values()
	for {
		n, rerr := vr.ReadValues(buf)
		for _, v := range buf[:n] {
			if v.RepetitionLevel() == 0 {
				*row++
				col.null = append(col.null, true)
			}
			if *row < 0 {
				return fmt.Errorf("malformed repetition levels")
			}
			if v.IsNull() || v.DefinitionLevel() < maxDef {
				// a null cell, a null or empty list, or a null list
				// element: nothing to add (null and empty lists both
				// read as nil, as nothing downstream tells them apart)
				continue
			}
			col.null[*row] = false
			if err := appendValue(col, *row, v, kind); err != nil {
				return fmt.Errorf("row %d: %w", *row, err)
			}
		}
		if errors.Is(rerr, io.EOF) {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// appendValue puts v in the cell of row (a list's: after its values so
// far).
func appendValue(col *pqColumn, row int, v parquet.Value, kind colKind) error {
	switch kind {
	case kString:
		*at(&col.s, row) = string(v.ByteArray())
	case kIDString:
		if v.Kind() == parquet.ByteArray {
			*at(&col.s, row) = string(v.ByteArray())
		} else {
			*at(&col.s, row) = strconv.FormatInt(intOf(v), 10)
		}
	case kInt:
		n, err := wholeNumber(v)
		if err != nil {
			return err
		}
		*at(&col.i, row) = n
	case kFloat:
		*at(&col.f, row) = floatOf(v)
	case kStringList:
		l := at(&col.ls, row)
		*l = append(*l, string(v.ByteArray()))
	case kIntList:
		l := at(&col.li, row)
		*l = append(*l, intOf(v))
	case kFloatList:
		l := at(&col.lf, row)
		*l = append(*l, float32(floatOf(v)))
	}
	return nil
}

// at returns &s[row], growing s with zero values to hold it: a column's
// slice of values ends at its last non-null cell (the accessors read null
// first).
func at[T any](s *[]T, row int) *T {
	if len(*s) <= row {
		*s = append(*s, make([]T, row+1-len(*s))...)
	}
	return &(*s)[row]
}

func intOf(v parquet.Value) int64 {
	if v.Kind() == parquet.Int32 {
		return int64(v.Int32())
	}
	return v.Int64()
}

func floatOf(v parquet.Value) float64 {
	switch v.Kind() {
	case parquet.Float:
		return float64(v.Float())
	case parquet.Double:
		return v.Double()
	}
	return float64(intOf(v))
}

// wholeNumber reads an integer cell; a floating point cell must hold a
// whole number (pandas writes nullable integer columns as double).
func wholeNumber(v parquet.Value) (int64, error) {
	if isInt(v.Kind()) {
		return intOf(v), nil
	}
	f := floatOf(v)
	if f != math.Trunc(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<53 {
		return 0, fmt.Errorf("%s is not a whole number: %w", PyFloat(f), ErrBadValue)
	}
	return int64(f), nil
}

// Cell accessors. ok is false for a null cell or an absent optional
// column (a null list reads as nil either way).

func (t *pqTable) has(name string) bool { return t.cols[name] != nil }

// cell is the value of column name at row in the column's values vals.
func cell[T any](t *pqTable, name string, row int, vals func(*pqColumn) []T) (v T, ok bool) {
	c := t.cols[name]
	if c == nil || c.null[row] {
		return v, false
	}
	return vals(c)[row], true
}

// str is the cell's string, "" when null.
func (t *pqTable) str(name string, row int) string {
	v, _ := cell(t, name, row, func(c *pqColumn) []string { return c.s })
	return v
}

func (t *pqTable) int(name string, row int) (int64, bool) {
	return cell(t, name, row, func(c *pqColumn) []int64 { return c.i })
}

func (t *pqTable) float(name string, row int) (float64, bool) {
	return cell(t, name, row, func(c *pqColumn) []float64 { return c.f })
}

func (t *pqTable) strs(name string, row int) []string {
	v, _ := cell(t, name, row, func(c *pqColumn) [][]string { return c.ls })
	return v
}

func (t *pqTable) ints(name string, row int) []int64 {
	v, _ := cell(t, name, row, func(c *pqColumn) [][]int64 { return c.li })
	return v
}

func (t *pqTable) floats(name string, row int) []float32 {
	v, _ := cell(t, name, row, func(c *pqColumn) [][]float32 { return c.lf })
	return v
}
