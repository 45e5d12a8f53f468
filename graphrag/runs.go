package graphrag

import (
	"bytes"
	"sync"

	"github.com/bytedance/sonic/encoder"
)

// Typed sources and found edges, nearly all of a built graph, are encoded
// a run at a time: the consecutive typed rows of a chunk go to the codec
// as one slice (one call instead of one per row, which is what the
// codec's per-call set-up cost), and its array output is cut back into
// one row per line. A row of either shape begins with a key no nested
// object of it has ({"id": for a source, {"from": for an edge), and a
// quote inside a JSON string is always escaped, so `,{"id":` and
// `,{"from":` occur in the array exactly between rows.
// TestWriteJSONMatchesNaive holds the output to one codec call per row;
// BenchmarkWriteRuns measures the two.

var (
	sourceRuns = sync.Pool{New: func() any { return new([]sourceOut) }}
	foundRuns  = sync.Pool{New: func() any { return new([]foundOut) }}
	// runScratch holds the codec's output for one run (about 1.5 MB for
	// a chunk of sources).
	runScratch = sync.Pool{New: func() any { b := make([]byte, 0, 2<<20); return &b }}
)

// appendRun appends the rows row(i) for i in [from, to) (typed sources
// from pool sourceRuns, or found edges from foundRuns; boundary is the
// row's start, `,{"id":` or `,{"from":`), each on its own line after sep
// (the separator before the first: ",\n    " or "\n    "), and returns
// the buffer and false when the codec failed (the caller then writes the
// run row by row, which names the bad row).
func appendRun[T any](pool *sync.Pool, buf []byte, from, to int, row func(int) T, sep, boundary string) ([]byte, bool) {
	rp := pool.Get().(*[]T)
	rows := (*rp)[:0]
	for i := from; i < to; i++ {
		rows = append(rows, row(i))
	}
	out, ok := appendRows(buf, rows, sep, boundary)
	clear(rows)
	*rp = rows[:0]
	pool.Put(rp)
	return out, ok
}

// appendRows encodes rows as one JSON array and appends its elements to
// buf, sep before the first and ",\n    " before the others; boundary is
// what separates two elements in the array. Should the cut not give one
// element per row, buf is returned as it was, with false.
func appendRows[T any](buf []byte, rows []T, sep, boundary string) ([]byte, bool) {
	sp := runScratch.Get().(*[]byte)
	tmp := (*sp)[:0]
	if err := encoder.EncodeInto(&tmp, rows, encOpts); err != nil || len(tmp) < 2 {
		return buf, false // tmp is not to be trusted after an error
	}
	start := len(buf)
	arr := tmp[1 : len(tmp)-1] // without [ and ]
	b := []byte(boundary)[1:]  // the next row's start, found by its '{' (rarer than ',')
	n := 0
	for len(arr) > 0 {
		if n > 0 {
			sep = ",\n    "
		}
		buf = append(buf, sep...)
		n++
		end := -1
		for from := 1; from < len(arr); {
			k := bytes.Index(arr[from:], b)
			if k < 0 {
				break
			}
			if arr[from+k-1] == ',' {
				end = from + k - 1
				break
			}
			from += k + 1
		}
		if end < 0 {
			buf = append(buf, arr...)
			break
		}
		buf = append(buf, arr[:end]...)
		arr = arr[end+1:]
	}
	if cap(tmp) <= 16<<20 {
		*sp = tmp
		runScratch.Put(sp)
	}
	if n != len(rows) {
		return buf[:start], false
	}
	return buf, true
}
