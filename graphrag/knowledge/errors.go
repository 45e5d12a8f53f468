package knowledge

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel errors. Loader errors wrap one of them; test with errors.Is.
var (
	// ErrMissingTable: a required table (entities, relationships,
	// text_units) is not in the index folder. The *MissingTableError lists
	// the files found.
	ErrMissingTable = errors.New("required table missing")
	// ErrSchema: a parquet file lacks a column the loader needs or holds it
	// with another type (*SchemaError names them all).
	ErrSchema = errors.New("unexpected parquet schema")
	// ErrUnsupportedRelease: the index was written by a GraphRAG release
	// whose layout cannot be mapped (*ReleaseError says which and what to do).
	ErrUnsupportedRelease = errors.New("unsupported GraphRAG index release")
	// ErrNotParquet: a file named *.parquet is not a readable parquet file.
	ErrNotParquet = errors.New("not a parquet file")
	// ErrBadValue: a cell holds a value the column's type allows but the
	// mapping cannot use (a fractional level or degree, …).
	ErrBadValue = errors.New("unusable value")
)

// MissingTableError says which required table is missing and which files
// the folder holds.
type MissingTableError struct {
	Dir   string   // the folder searched (the output folder)
	Table string   // "entities", "relationships" or "text_units"
	Tried []string // file names looked for, in order
	Found []string // *.parquet files present, sorted
}

func (e *MissingTableError) Error() string {
	found := "no parquet files"
	if len(e.Found) > 0 {
		found = "found " + strings.Join(e.Found, ", ")
	}
	return fmt.Sprintf("knowledge: %s: required table %s missing (looked for %s; %s)", e.Dir, e.Table, strings.Join(e.Tried, " or "), found)
}

func (e *MissingTableError) Unwrap() error { return ErrMissingTable }

// ColumnProblem is one column a loader needs that a file does not provide
// as expected. Got is "" when the column is missing.
type ColumnProblem struct {
	Column string
	Want   string // "integer", "list<string>", …
	Got    string // parquet type found ("double", "list<int64>"), "" when missing
}

// SchemaError lists every column problem of one parquet file, found before
// anything is decoded (B35).
type SchemaError struct {
	File     string
	Problems []ColumnProblem
	Columns  []string // the file's top-level columns, in schema order
	Release  string   // index layout the folder was recognised as, when older than 3.x
	Hint     string   // what to do, when Release is set
}

func (e *SchemaError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "knowledge: %s:", e.File)
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString(";")
		}
		if p.Got == "" {
			fmt.Fprintf(&b, " column %q (%s) missing", p.Column, p.Want)
		} else {
			fmt.Fprintf(&b, " column %q is %s, want %s", p.Column, p.Got, p.Want)
		}
	}
	fmt.Fprintf(&b, " (columns: %s)", strings.Join(e.Columns, ", "))
	if e.Release != "" {
		fmt.Fprintf(&b, "; index layout: %s: %s", e.Release, e.Hint)
	}
	return b.String()
}

func (e *SchemaError) Unwrap() error { return ErrSchema }

// ReleaseError refuses an index layout this package cannot map, in one
// sentence naming the release and what to do.
type ReleaseError struct {
	Dir     string
	Release string // "GraphRAG 0.x", …
	Reason  string
	Hint    string
}

func (e *ReleaseError) Error() string {
	return fmt.Sprintf("knowledge: %s: index layout: %s: %s; %s", e.Dir, e.Release, e.Reason, e.Hint)
}

func (e *ReleaseError) Unwrap() error { return ErrUnsupportedRelease }
