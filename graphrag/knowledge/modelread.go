package knowledge

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"unsafe"
)

// ReadModelFile reads the model file at path when it was made for key
// (the graph file's bytes as SumFile gives them, the report id), with
// DefaultTextUnitRunes and by this layout version, and returns the Model, its
// lexical index already in place, with Source().Path = graphPath, and the
// graph's load warnings as they were when it was written. On Linux the
// file is mapped read-only (mapReadOnly), elsewhere read into memory;
// either way its bytes are kept for as long as the Model's strings,
// which point into them, are in use. Errors: ErrModelFile (wrapped,
// saying why) for a missing, stale, foreign, truncated or damaged file;
// ctx's.
func ReadModelFile(ctx context.Context, path, graphPath string, key ModelFileKey) (*Model, []string, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrModelFile, path, fmt.Sprintf(format, args...))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrModelFile, err)
	}
	if !st.Mode().IsRegular() || st.Size() > maxModelFileBytes || st.Size() < int64(len(modelFileMagic)+20) {
		return nil, nil, bad("not a model file (%d bytes, mode %v)", st.Size(), st.Mode().Type())
	}
	// the head first: a stale or foreign file is told apart without
	// reading the rest
	head := make([]byte, len(modelFileMagic)+16)
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, nil, bad("cut short: %v", err)
	}
	if string(head[:len(modelFileMagic)]) != modelFileMagic {
		return nil, nil, bad("not a model file")
	}
	h := head[len(modelFileMagic):]
	if v := binary.LittleEndian.Uint32(h); v != modelFileVersion {
		return nil, nil, bad("layout version %d (this program reads %d)", v, modelFileVersion)
	}
	if size, sum := int64(binary.LittleEndian.Uint64(h[4:])), binary.LittleEndian.Uint32(h[12:]); size != key.Graph.Size || sum != key.Graph.CRC {
		return nil, nil, bad("made for other graph bytes (%d bytes, CRC-32C %08x; the graph file has %d, %08x)", size, sum, key.Graph.Size, key.Graph.CRC)
	}
	data, mapped := mapReadOnly(f, st.Size())
	if !mapped {
		data = make([]byte, st.Size())
		copy(data, head)
		if _, err := io.ReadFull(f, data[len(head):]); err != nil {
			return nil, nil, bad("cut short: %v", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if string(data[:len(head)]) != string(head) {
		return nil, nil, bad("changed while read")
	}
	body := data[:len(data)-4]
	want, got := binary.LittleEndian.Uint32(data[len(data)-4:]), checksum(body, mapped)
	if want != got {
		return nil, nil, bad("checksum %08x, want %08x (the file was changed or damaged)", got, want)
	}
	d := modelDecoder{b: body, pos: len(head)}
	m, warnings, err := d.model(ctx, graphPath, key)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, bad("%v", err)
	}
	if mapped {
		// decoded: what a search reads again (names, texts, the bigram
		// lists) is read back from the file when touched
		releaseMapped(data)
	}
	m.file.Store(&modelFileRef{path: path, sum: FileSum{Size: int64(len(data)), CRC: got}})
	return m, warnings, nil
}

// errModelShort: the decoder ran past the end of the file.
var errModelShort = errors.New("ends inside a record")

type modelDecoder struct {
	b   []byte
	pos int
	err error
	a   arena // the string lists (strs, refs)
}

func (d *modelDecoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *modelDecoder) uv() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.pos:])
	if n <= 0 {
		d.fail(errModelShort)
		return 0
	}
	d.pos += n
	return v
}

// num is a uv that must be at most max (a count or an index).
func (d *modelDecoder) num(max int) int {
	v := d.uv()
	if v > uint64(max) {
		d.fail(fmt.Errorf("number %d at byte %d above %d", v, d.pos, max))
		return 0
	}
	return int(v)
}

// count is a list length: at most the bytes left (every element takes one).
func (d *modelDecoder) count() int { return d.num(len(d.b) - d.pos) }

func (d *modelDecoder) str() string {
	n := d.count()
	if d.err != nil || n == 0 {
		return ""
	}
	s := unsafe.String(&d.b[d.pos], n)
	d.pos += n
	return s
}

func (d *modelDecoder) bool() bool {
	if d.err != nil || d.pos >= len(d.b) {
		d.fail(errModelShort)
		return false
	}
	c := d.b[d.pos]
	d.pos++
	return c != 0
}

func (d *modelDecoder) f64() float64 {
	if d.err != nil || len(d.b)-d.pos < 8 {
		d.fail(errModelShort)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.b[d.pos:]))
	d.pos += 8
	return v
}

func (d *modelDecoder) strs() []string {
	n := d.count()
	if n == 0 || d.err != nil {
		return nil
	}
	out := d.a.take(n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

// arena hands out the string lists of many records from a few large
// blocks (one allocation per 64 Ki strings instead of one per list).
type arena struct{ block []string }

func (a *arena) take(n int) []string {
	if n > len(a.block) {
		a.block = make([]string, max(n, 1<<16))
	}
	out := a.block[:n:n]
	a.block = a.block[n:]
	return out
}

// refs reads a reference list, resolving index i+1 through key(i) (i < n)
// and, when idx is not nil, appending each such i to it.
func (d *modelDecoder) refs(n int, key func(int) string, idx *[]int32) []string {
	c := d.count()
	if c == 0 || d.err != nil {
		return nil
	}
	out := d.a.take(c)
	for i := range out {
		r := d.num(n)
		if r == 0 {
			out[i] = d.str()
			continue
		}
		out[i] = key(r - 1)
		if idx != nil {
			*idx = append(*idx, int32(r-1))
		}
	}
	return out
}

func (d *modelDecoder) attrs() []Attribute {
	n := d.count()
	if n == 0 || d.err != nil {
		return nil
	}
	out := make([]Attribute, n)
	for i := range out {
		out[i] = Attribute{Key: d.str(), Value: d.str()}
	}
	return out
}

func (d *modelDecoder) model(ctx context.Context, graphPath string, key ModelFileKey) (*Model, []string, error) {
	r := modelRead{d: d}
	warnings, err := r.head(graphPath, key)
	if err != nil {
		return nil, nil, err
	}
	for _, step := range []func(context.Context) error{r.entities, r.relationships, r.textUnits} {
		if err := step(ctx); err != nil {
			return nil, nil, err
		}
	}
	r.reports()
	x, sums, err := r.lexical()
	if err != nil {
		return nil, nil, err
	}
	m, err := New(r.p)
	if err != nil {
		return nil, nil, err
	}
	m.sums = sums
	m.lexOnce.Do(func() { m.lex = x })
	return m, warnings, nil
}

// modelRead is what modelDecoder.model has read so far: the parts, the
// lexical documents (entities, then text units) and each entity's text
// units by index (units[unitEnd[i-1]:unitEnd[i]] for entity i: the
// lexical index's entUnits).
type modelRead struct {
	d       *modelDecoder
	p       Parts
	docs    []string
	upper   []bool
	units   []int32
	unitEnd []int32
}

func (r *modelRead) entID(i int) string    { return r.p.Entities[i].ID }
func (r *modelRead) entTitle(i int) string { return r.p.Entities[i].Title }
func (r *modelRead) unitID(i int) string   { return r.p.TextUnits[i].ID }
func (r *modelRead) relID(i int) string    { return r.p.Relationships[i].ID }

// head reads what the file was made for (refused unless key), the load
// warnings, source and statistics, the record counts and the text units'
// ids (entities and relationships refer to them; every other reference
// points back).
func (r *modelRead) head(graphPath string, key ModelFileKey) ([]string, error) {
	d, p := r.d, &r.p
	if id := d.str(); d.err == nil && id != key.ReportID {
		return nil, fmt.Errorf("made for report id %q, not %q", id, key.ReportID)
	}
	if n := d.num(math.MaxInt32); d.err == nil && n != DefaultTextUnitRunes {
		return nil, fmt.Errorf("made with text units of %d runes, not %d", n, DefaultTextUnitRunes)
	}
	warnings := d.strs()
	p.Source = Source{Kind: d.str(), Path: graphPath, ID: d.str(), Release: d.str()}
	p.Stats.Tables = make([]TableStats, d.count())
	for i := range p.Stats.Tables {
		t := &p.Stats.Tables[i]
		t.Name = d.str()
		for _, v := range []*int{&t.Read, &t.Kept, &t.Dropped, &t.Skipped, &t.Dangling, &t.DanglingKept} {
			*v = d.num(math.MaxInt)
		}
		t.Absent = d.bool()
	}
	p.Stats.Notes = d.strs()
	p.Stats.Warnings = d.strs()
	nEnt, nRel, nUnit, nRep, nCom := d.count(), d.count(), d.count(), d.count(), d.count()
	if d.err != nil {
		return nil, d.err
	}
	p.Entities = make([]Entity, nEnt)
	p.Relationships = make([]Relationship, nRel)
	p.TextUnits = make([]TextUnit, nUnit)
	p.Reports = make([]CommunityReport, nRep)
	p.Communities = make([]Community, nCom)
	for i := range p.TextUnits {
		p.TextUnits[i].ID = d.str()
	}
	r.docs, r.upper = make([]string, 0, nEnt+nUnit), make([]bool, 0, nEnt+nUnit)
	r.unitEnd = make([]int32, nEnt)
	return warnings, nil
}

func (r *modelRead) entities(ctx context.Context) error {
	d, nUnit := r.d, len(r.p.TextUnits)
	for i := range r.p.Entities {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		e := &r.p.Entities[i]
		e.ID, e.ShortID = d.str(), d.str()
		tl := d.count()
		doc := d.str()
		if d.err != nil {
			return d.err
		}
		if tl >= len(doc) || doc[tl] != '\n' {
			return fmt.Errorf("entity %d: title length %d does not fit its text", i, tl)
		}
		e.Title, e.Description = doc[:tl], doc[tl+1:]
		r.docs, r.upper = append(r.docs, doc), append(r.upper, d.bool())
		e.Type = d.str()
		e.CommunityIDs = d.strs()
		e.TextUnitIDs = d.refs(nUnit, r.unitID, &r.units)
		r.unitEnd[i] = int32(len(r.units))
		e.Rank = d.num(math.MaxInt)
		e.HasRank = d.bool()
		e.Attributes = d.attrs()
	}
	return d.err
}

func (r *modelRead) relationships(ctx context.Context) error {
	d, nEnt, nUnit := r.d, len(r.p.Entities), len(r.p.TextUnits)
	for i := range r.p.Relationships {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		rel := &r.p.Relationships[i]
		rel.ID, rel.ShortID = d.str(), d.str()
		ends := d.refs(nEnt, r.entTitle, nil)
		if len(ends) != 2 {
			d.fail(fmt.Errorf("relationship %d: %d ends", i, len(ends)))
			break
		}
		rel.Source, rel.Target = ends[0], ends[1]
		rel.Weight, rel.HasWeight = d.f64(), d.bool()
		rel.Description = d.str()
		rel.TextUnitIDs = d.refs(nUnit, r.unitID, nil)
		rel.Rank = d.num(math.MaxInt)
		rel.HasRank = d.bool()
		rel.Attributes = d.attrs()
	}
	return d.err
}

func (r *modelRead) textUnits(ctx context.Context) error {
	d, nEnt, nRel := r.d, len(r.p.Entities), len(r.p.Relationships)
	for i := range r.p.TextUnits {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		u := &r.p.TextUnits[i]
		u.ShortID, u.HumanReadableID, u.Text = d.str(), d.str(), d.str()
		r.docs, r.upper = append(r.docs, u.Text), append(r.upper, d.bool())
		u.EntityIDs = d.refs(nEnt, r.entID, nil)
		u.RelationshipIDs = d.refs(nRel, r.relID, nil)
		u.NTokens = d.num(math.MaxInt)
		u.DocumentID = d.str()
		u.Attributes = d.attrs()
	}
	return d.err
}

// reports reads the community reports and the communities.
func (r *modelRead) reports() {
	d, nEnt := r.d, len(r.p.Entities)
	for i := range r.p.Reports {
		rep := &r.p.Reports[i]
		rep.ID, rep.ShortID, rep.Title, rep.CommunityID, rep.Summary, rep.FullContent = d.str(), d.str(), d.str(), d.str(), d.str(), d.str()
		rep.Rank, rep.HasRank = d.f64(), d.bool()
		rep.Level = d.num(math.MaxInt32)
		rep.Attributes = d.attrs()
	}
	for i := range r.p.Communities {
		c := &r.p.Communities[i]
		c.ID, c.ShortID, c.Title, c.Community = d.str(), d.str(), d.str(), d.str()
		c.Level = d.num(math.MaxInt32)
		c.Parent = d.str()
		c.Children = d.strs()
		c.EntityIDs = d.refs(nEnt, r.entID, nil)
		c.RelationIDs = d.strs()
		c.TextUnitIDs = d.strs()
	}
}

// lexical reads the rest: no covariates, the lexical index's statistics,
// the entity text sums and the bigram index, which must end the file.
func (r *modelRead) lexical() (*Lexical, []textSum, error) {
	d, nEnt := r.d, len(r.p.Entities)
	if n := d.count(); n != 0 && d.err == nil {
		return nil, nil, fmt.Errorf("%d covariate types (our graphs hold none)", n)
	}
	x := &Lexical{nEnt: nEnt, docs: r.docs, upper: r.upper, lens: make([]int32, len(r.docs)), entUnits: make([][]int32, nEnt)}
	x.words = d.f64()
	for c := range x.bytes {
		x.bytes[c] = int64(d.num(math.MaxInt64))
	}
	for i := range x.lens {
		x.lens[i] = int32(d.num(math.MaxInt32))
	}
	var sums []textSum
	if n := d.count(); n > 0 && d.err == nil {
		if n != nEnt || len(d.b)-d.pos < 8*n {
			return nil, nil, fmt.Errorf("%d entity text sums for %d entities", n, nEnt)
		}
		sums = unsafe.Slice((*textSum)(unsafe.Pointer(&d.b[d.pos])), n)
		d.pos += 8 * n
	}
	if err := d.bigrams(x); err != nil {
		return nil, nil, err
	}
	if d.pos != len(d.b) {
		return nil, nil, fmt.Errorf("%d bytes after the last record", len(d.b)-d.pos)
	}
	x.averages()
	start := int32(0)
	for i, end := range r.unitEnd {
		if end > start {
			x.entUnits[i] = r.units[start:end:end]
		}
		start = end
	}
	return x, sums, nil
}

// bigrams reads the bigram index into x.
func (d *modelDecoder) bigrams(x *Lexical) error {
	nk := d.count()
	if d.err != nil {
		return d.err
	}
	if int64(len(d.b)-d.pos) < 16*int64(nk)+8 {
		return fmt.Errorf("bigram index of %d keys cut short", nk)
	}
	bx := &bigramIndex{n: nk, keys: d.b[d.pos : d.pos+8*nk], offs: d.b[d.pos+8*nk : d.pos+16*nk+8]}
	d.pos += 16*nk + 8
	np := d.count()
	if d.err != nil {
		return d.err
	}
	bx.post = d.b[d.pos : d.pos+np]
	d.pos += np
	if err := bx.check(); err != nil {
		return err
	}
	x.bigrams = bx
	return nil
}
