package graphrag

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bytedance/sonic/ast"
)

// edgeIn is an edge as our writers spell it (format 1 adds source and
// target); see nodeIn.
type edgeIn struct {
	From       string   `json:"from"`
	To         string   `json:"to"`
	Source     string   `json:"source"`
	Target     string   `json:"target"`
	Relation   Relation `json:"relation"`
	Label      Relation `json:"label"`
	Weight     *float64 `json:"weight"`
	Attributes ast.Node `json:"attributes"` // lazy: the raw text, pointing into the input
	Properties ast.Node `json:"properties"`
}

type edgeRec struct {
	from, to string
	rel      Relation
	weight   float64
	attrs    Attributes
	recs     []Record
	err      error
}

func (rd *reader) readEdges() error {
	if rd.edges == "" {
		return nil
	}
	recs, err := decodeRows(rd.edges, rd.edgesAt, fastEdge, flexEdge)
	if err != nil {
		return err
	}
	g := rd.g
	g.indexPairs()
	g.index()
	ids := g.byID
	for i := range recs {
		r := &recs[i]
		path := fmt.Sprintf("%s[%d]", rd.edgesAt, i)
		if r.err != nil {
			return r.err
		}
		fi, ok1 := ids[r.from]
		ti, ok2 := ids[r.to]
		if !ok1 || !ok2 {
			missing := r.from
			if ok1 {
				missing = r.to
			}
			rd.rep.DanglingEdges++
			rd.rep.warn("%s: edge %s -> %s skipped: no node %q", path, r.from, r.to, missing)
			continue
		}
		key := pairKey(fi, ti)
		if _, dup := g.pairs[key]; dup {
			rd.rep.DuplicateEdges++
			rd.rep.warn("%s: duplicate edge %s -> %s skipped (the first is kept)", path, r.from, r.to)
			continue
		}
		if err := g.appendEdge(fi, ti, r.rel, r.weight, r.attrs, r.recs); err != nil {
			return fmt.Errorf("%w: at %s: %w", ErrFormat, path, err)
		}
		g.pairs[key] = int32(len(g.ends) - 1)
		g.paired = len(g.ends)
	}
	return nil
}

// decodeRows decodes the JSON array text (at JSON path at) into one
// record per element: strictly into In values that fast
// finishes, or, when the array does not decode strictly (other tools'
// spellings, a damaged file), element by element with flex, which names
// the element and key at fault in the record's error. Errors: elements'
// (text that is not an array).
func decodeRows[In, Rec any](text, at string, fast func(*In, string) Rec, flex func(raw, path string) Rec) ([]Rec, error) {
	var ins []In
	if strictRows && decAPI.UnmarshalFromString(text, &ins) == nil {
		recs := make([]Rec, len(ins))
		for i := range ins {
			recs[i] = fast(&ins[i], fmt.Sprintf("%s[%d]", at, i))
		}
		return recs, nil
	}
	raws, err := elements(text, at)
	if err != nil {
		return nil, err
	}
	recs := make([]Rec, len(raws))
	for i := range raws {
		recs[i] = flex(raws[i], fmt.Sprintf("%s[%d]", at, i))
	}
	return recs, nil
}

// strictRows turns the strict decode on; the tests turn it off to hold
// it to the element-by-element reader (TestStrictRowsMatchFlex). It buys
// a read of graphrag.json without its column file 6.5 times its CPU
// (docs/benchmarks.md).
var strictRows = true

func fastEdge(in *edgeIn, path string) edgeRec {
	r := edgeRec{from: cmp.Or(in.From, in.Source), to: cmp.Or(in.To, in.Target), rel: in.Relation, weight: 1}
	if r.rel == "" {
		r.rel = in.Label
	}
	if r.from == "" {
		r.err = errAt(path, "an edge needs \"from\" or \"source\"")
		return r
	}
	if r.to == "" {
		r.err = errAt(path, "an edge needs \"to\" or \"target\"")
		return r
	}
	if in.Weight != nil {
		r.weight = *in.Weight
	}
	r.attrs, r.recs, r.err = edgeFromRaw(rawOf(&in.Attributes, &in.Properties), path)
	return r
}

// edgeFromRaw reads the raw attributes object of an edge: exactly
// {"records": [...]} in the builder's record shape gives typed records,
// anything else generic attributes ({} gives none). The graph file and the
// column file both go through it.
func edgeFromRaw(raw, path string) (Attributes, []Record, error) {
	if strings.HasPrefix(raw, `{"records":`) {
		var fa foundAttrs
		if decAPI.UnmarshalFromString(raw, &fa) == nil && len(fa.Records) > 0 {
			return nil, fa.Records, nil
		}
	}
	a, err := attrsOf(raw, path+".attributes")
	if err != nil || len(a) == 0 { // {} is kept as no attributes
		return nil, nil, err
	}
	return a, nil, nil
}

func flexEdge(raw, path string) edgeRec {
	r := edgeRec{weight: 1}
	var from, to, source, target, label string
	var am attrMembers
	err := members(raw, path, func(key, val string) error {
		kp := joinPath(path, key)
		switch key {
		case "attributes", "properties":
			return am.set(path, key, val)
		case "from", "to", "source", "target", "relation", "label", "weight":
		default:
			return nil // view fields (arrows, …)
		}
		v, err := decodeRaw(val, kp)
		if err != nil {
			return err
		}
		text := func() (string, error) { return textValue(v, kp) }
		switch key {
		case "from":
			from, err = text()
		case "to":
			to, err = text()
		case "source":
			source, err = text()
		case "target":
			target, err = text()
		case "relation":
			var s string
			s, err = text()
			r.rel = Relation(s)
		case "label":
			label, err = text()
		case "weight":
			if v != nil {
				r.weight, err = weightOf(v, kp)
			}
		}
		return err
	})
	if err != nil {
		r.err = err
		return r
	}
	r.from, r.to = cmp.Or(from, source), cmp.Or(to, target)
	if r.from == "" {
		r.err = errAt(path, "an edge needs \"from\" or \"source\"")
		return r
	}
	if r.to == "" {
		r.err = errAt(path, "an edge needs \"to\" or \"target\"")
		return r
	}
	if r.rel == "" {
		r.rel = Relation(label)
	}
	a, _ := am.chosen()
	if recs, ok := recordsOf(a); ok && r.rel == RelFound {
		r.recs = recs
		return r
	}
	if len(a) > 0 {
		r.attrs = a
	}
	return r
}

// weightOf is an edge's weight v (decoded JSON) at JSON path kp: a
// number, else an error naming kp.
func weightOf(v any, kp string) (float64, error) {
	num, ok := v.(json.Number)
	if !ok {
		return 0, errAt(kp, "want a number, got %s", kindOf(v))
	}
	f, err := num.Float64()
	if err != nil {
		return 0, errAt(kp, "%v", err)
	}
	return f, nil
}

// fileSize is the size of r when it is a regular file, else 0.
func fileSize(r io.Reader) int64 {
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return 0
}

// readAllSize is readAll with the expected size given (0: unknown).
func readAllSize(r io.Reader, size int64) (string, error) {
	var sb strings.Builder
	if size > 0 {
		sb.Grow(int(size) + 1)
	}
	buf := make([]byte, 256<<10)
	for {
		n, err := r.Read(buf)
		sb.Write(buf[:n])
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return "", err
		}
	}
}

// textValue reads a decoded JSON value that must be text: a string, a
// number (its literal) or null (""); anything else is an error at path kp.
func textValue(v any, kp string) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	}
	return "", errAt(kp, "want a string, got %s", kindOf(v))
}
