package knowledge

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"reportengine/internal/atomicfile"
)

// The model file (ModelFileName, beside graphrag.json) keeps the Model
// FromGraph makes of a graph, and its lexical index, so that a search
// process reads it in one pass instead of loading the graph and finding
// every entity name in every text again (on the 300 000-record graph:
// about 15 s of CPU for FromGraph, most of it the name automaton's pass
// over 39 million runes). It is a cache: it is only ever used for the
// graph file bytes it was made from (their length and CRC-32C, checked
// against the graph file itself on every read, as the column file is),
// for the same report id and text-unit size, and by this layout version;
// anything else (a missing, stale, foreign, truncated or damaged file) is
// ErrModelFile, and the caller makes the Model from the graph again and
// rewrites the file (atomically, internal/atomicfile).
//
// Layout (integers little-endian; uv = unsigned varint, f64 = 8-byte
// IEEE 754; a str is uv n and n bytes, read without a copy):
//
//	"REMODEL\x00" u32 version (modelFileVersion)
//	u64 graph file length, u32 its CRC-32C, str report id, uv text-unit runes
//	str load warnings of the graph (uv n, str each: LoadReport.Warnings as the graph's Load gave them)
//	source: str kind, str id, str release
//	stats:  uv tables, each: str name, uv read, kept, dropped, skipped, dangling, dangling kept, byte absent;
//	        uv notes, str each; uv warnings, str each
//	uv entities, uv relationships, uv text units, uv reports, uv communities
//	each text unit's id (str)
//	each entity:       str id, str short id, uv title bytes, str doc (title "\n" description), byte upper,
//	                   str type, strs community ids, units text unit ids, uv rank, byte has rank, attrs
//	each relationship: str id, str short id, ent source, ent target, f64 weight, byte has weight,
//	                   str description, units text unit ids, uv rank, byte has rank, attrs
//	each text unit:    str short id, str human-readable id, str text, byte upper, ents entity ids,
//	                   rels relationship ids, uv tokens, str document id, attrs
//	each report:       str id, short id, title, community id, summary, full content, f64 rank,
//	                   byte has rank, uv level, attrs
//	each community:    str id, short id, title, community, uv level, str parent, strs children,
//	                   ents entity ids, strs relation ids, strs text unit ids
//	uv covariate types (always 0: our graphs hold no claims)
//	lexical: f64 words, 256 × uv byte counts, each document (entities, then text units): uv runes
//	entity text sums: uv n (the entities, or 0), then n × 8 bytes: the first 8 bytes of the SHA-256
//	        of each EntityText, as the vector cache holds them (vecfile.go), so a search compares
//	        them instead of hashing every entity's text again
//	bigram index: uv keys, keys × 8 bytes (the bigrams, ascending), (keys+1) × 8 bytes (offsets
//	        into the lists), uv list bytes, the lists (bigram.go)
//	u32 CRC-32C of every byte before it
//
// upper is byte 1 for a document holding an ASCII capital (the lexical
// index lower-cases it when it searches it: no lower-cased copy is kept,
// 112 MB on the 300 000-record graph), else 0.
// ents, units and rels are lists (uv n) of references: uv i+1 for the
// i-th entity, text unit or relationship (whose id, or for ents used as
// relationship ends the title, is the string meant; the first record of
// an id or title, but for units the last, as Model.TextUnitIndex finds
// it, so that an entity's units are its lexical entUnits), or 0 and a str
// for a string that names none. strs is uv n and str each; attrs is uv n and
// str key, str value each. Descriptions never hold "\n" where the title
// ends; the doc's title length says where it ends.

// ModelFileName is the model file's name in a graph's folder.
const ModelFileName = "graphrag.knowledge"

// modelFileVersion changes whenever the layout or FromGraph's mapping
// changes: a file of another version is stale (ErrModelFile) and made
// again.
const modelFileVersion = 7 // 7: a source's units hold its records' passages; 6: no lower-cased copies of the documents

const modelFileMagic = "REMODEL\x00"

// ErrModelFile is wrapped by ReadModelFile for a model file that cannot be
// used: missing, of another version, made for other graph bytes, another
// report id or text-unit size, truncated or damaged.
var ErrModelFile = errors.New("model file not usable")

// maxModelFileBytes bounds the model file read (4 GiB, as the graph file).
const maxModelFileBytes = 4 << 30

// FileSum identifies a file's bytes: its length and CRC-32C (Castagnoli).
type FileSum struct {
	Size int64
	CRC  uint32
}

// SumFile reads the file at path once (in 1 MiB blocks, nothing kept) and
// returns its FileSum. Errors: the file system's; ctx's when it ends.
func SumFile(ctx context.Context, path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	var s FileSum
	for {
		if err := ctx.Err(); err != nil {
			return FileSum{}, err
		}
		n, err := f.Read(buf)
		s.CRC = crc32.Update(s.CRC, castagnoli, buf[:n])
		s.Size += int64(n)
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return FileSum{}, err
		}
	}
}

// ModelFileKey is what a model file must have been made for: the graph
// file's bytes, the report id the graph was loaded as and the graph
// load's warnings (kept so that a process that reads the model file
// instead of the graph can still print them). The file also holds the
// text-unit size it was made with (DefaultTextUnitRunes), which must be
// this program's.
type ModelFileKey struct {
	Graph        FileSum
	ReportID     string
	LoadWarnings []string
}

// WriteModelFile writes m (made by FromGraph from the graph key names)
// and its lexical index to path, atomically: a reader sees the old file or
// the new one, never a part. Errors: a model that is not one of our
// graphs' (entity vectors, claims), the file system's, ctx's.
func WriteModelFile(ctx context.Context, path string, m *Model, key ModelFileKey) error {
	if m.p.Source.Kind != "reportengine-graph" {
		return fmt.Errorf("knowledge: model file %s: only models of our graphs are kept (this one is %q)", path, m.p.Source.Kind)
	}
	for _, list := range m.p.Covariates {
		if len(list) > 0 {
			return fmt.Errorf("knowledge: model file %s: claims are not kept", path)
		}
	}
	for _, e := range m.p.Entities {
		if e.DescriptionEmbedding != nil {
			return fmt.Errorf("knowledge: model file %s: entity vectors are not kept (entity %q)", path, e.ID)
		}
	}
	// what takes long and cannot stop half-way is made before the
	// temporary file exists, so that an interrupt (Ctrl-C, then a second
	// one that kills the process) leaves no part written behind; a part a
	// killed process left is removed by the next write (RemoveStale)
	x := m.Lexical()
	sums := m.entityTextSums()
	runtime.GC() // FromGraph's scratch (the name automaton), before the index's buffers
	bx := x.bigramIndex()
	if err := ctx.Err(); err != nil {
		return err
	}
	atomicfile.RemoveStale(filepath.Dir(path), atomicfile.StaleAge, time.Now())
	var ref modelFileRef
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		enc := modelEncoder{w: bw, m: m, relID: make(map[string]int, len(m.p.Relationships))}
		for i := len(m.p.Relationships) - 1; i >= 0; i-- {
			enc.relID[m.p.Relationships[i].ID] = i
		}
		if err := enc.model(ctx, key, x, sums, bx); err != nil {
			return err
		}
		if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, enc.crc)); err != nil {
			return err
		}
		ref = modelFileRef{path: path, sum: FileSum{Size: enc.n + 4, CRC: enc.crc}}
		return bw.Flush()
	})
	if err == nil {
		m.file.Store(&ref)
	}
	return err
}

// SaveModelFile writes m to path (WriteModelFile) and returns the Model
// read back from the file (ReadModelFile, graphPath its graph file): its
// strings then lie in the file's mapping, not in the heap, and its bigram
// index and entity text sums are in place. Once the file is written, m is
// let go and collected (its pages given back) before the file is read
// back: the records FromGraph made and the graph text they point into
// (on the 300 000-record graph 0.9 GB of live heap) are not held beside
// the model read back, nor beside the entity vectors that follow. So the
// caller must not hold m either. When the file cannot be written, m is
// returned with the error; when it cannot be read back, nil (the caller
// makes the model again) with the error.
func SaveModelFile(ctx context.Context, path, graphPath string, m *Model, key ModelFileKey) (*Model, error) {
	if err := WriteModelFile(ctx, path, m, key); err != nil {
		return m, err
	}
	// the collector would leave m until the heap doubles again
	m = nil
	debug.FreeOSMemory()
	read, _, err := ReadModelFile(ctx, path, graphPath, key) // nil on an error
	return read, err
}

type modelEncoder struct {
	w   *bufio.Writer
	crc uint32
	n   int64 // bytes written
	buf []byte
	err error
	m   *Model
	// relID is the index of each relationship id (the first one of an
	// id, as references resolve to it; entity ids resolve through
	// Model.EntityIndex, text unit ids through Model.TextUnitIndex, to the
	// last unit of an id: the reader takes an entity's text units from
	// these references, entityUnits)
	relID map[string]int
}

// title is the index of the first entity with title t (relationship ends
// resolve to it).
func (e *modelEncoder) title(t string) (int, bool) {
	if l := e.m.entityByT[t]; len(l) > 0 {
		return l[0], true
	}
	return 0, false
}

func (e *modelEncoder) rel(id string) (int, bool) {
	i, ok := e.relID[id]
	return i, ok
}

// flush writes the buffered bytes when they are many (and at the end).
func (e *modelEncoder) flush(force bool) {
	if e.err != nil || (!force && len(e.buf) < 1<<16) {
		return
	}
	e.crc = crc32.Update(e.crc, castagnoli, e.buf)
	e.n += int64(len(e.buf))
	_, e.err = e.w.Write(e.buf)
	e.buf = e.buf[:0]
}

func (e *modelEncoder) uv(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *modelEncoder) num(v int)   { e.uv(uint64(v)) }
func (e *modelEncoder) str(s string) {
	e.uv(uint64(len(s)))
	e.buf = append(e.buf, s...)
	e.flush(false)
}
func (e *modelEncoder) bool(b bool) {
	var c byte
	if b {
		c = 1
	}
	e.buf = append(e.buf, c)
}
func (e *modelEncoder) f64(f float64) {
	e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(f))
}
func (e *modelEncoder) strs(list []string) {
	e.num(len(list))
	for _, s := range list {
		e.str(s)
	}
}

// refs writes a list of strings as references (index gives a string's
// record), or inline.
func (e *modelEncoder) refs(list []string, index func(string) (int, bool)) {
	e.num(len(list))
	for _, s := range list {
		if i, ok := index(s); ok {
			e.num(i + 1)
			continue
		}
		e.num(0)
		e.str(s)
	}
}

func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

func (e *modelEncoder) attrs(list []Attribute) {
	e.num(len(list))
	for _, a := range list {
		e.str(a.Key)
		e.str(a.Value)
	}
}

// model writes the model's records, then (lexical) the lexical index x,
// the entity text sums and the bigram index of x's documents, made before
// the file is opened (WriteModelFile).
func (e *modelEncoder) model(ctx context.Context, key ModelFileKey, x *Lexical, sums []textSum, bx *bigramIndex) error {
	p := &e.m.p
	e.buf = append(e.buf, modelFileMagic...)
	e.buf = binary.LittleEndian.AppendUint32(e.buf, modelFileVersion)
	e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(key.Graph.Size))
	e.buf = binary.LittleEndian.AppendUint32(e.buf, key.Graph.CRC)
	e.str(key.ReportID)
	e.num(DefaultTextUnitRunes)
	e.strs(key.LoadWarnings)
	e.str(p.Source.Kind)
	e.str(p.Source.ID)
	e.str(p.Source.Release)
	e.num(len(p.Stats.Tables))
	for _, t := range p.Stats.Tables {
		e.str(t.Name)
		for _, v := range []int{t.Read, t.Kept, t.Dropped, t.Skipped, t.Dangling, t.DanglingKept} {
			e.num(v)
		}
		e.bool(t.Absent)
	}
	e.strs(p.Stats.Notes)
	e.strs(p.Stats.Warnings)
	for _, n := range []int{len(p.Entities), len(p.Relationships), len(p.TextUnits), len(p.Reports), len(p.Communities)} {
		e.num(n)
	}
	for _, u := range p.TextUnits {
		e.str(u.ID)
	}
	for _, step := range []func(context.Context, *Lexical) error{e.entities, e.relationships, e.textUnits} {
		if err := step(ctx, x); err != nil {
			return err
		}
	}
	e.reports()
	return e.lexical(ctx, x, sums, bx)
}

// The documents (an entity's title "\n" description, a unit's text) are
// written from the records, without a string made for each (0.2 GB of
// garbage on the 300 000-record graph), with the lexical index x's
// flags (x's documents are the entities', then the units').
func (e *modelEncoder) entities(ctx context.Context, x *Lexical) error {
	for i, en := range e.m.p.Entities {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		e.str(en.ID)
		e.str(en.ShortID)
		e.num(len(en.Title))
		e.num(len(en.Title) + 1 + len(en.Description))
		e.buf = append(append(append(e.buf, en.Title...), '\n'), en.Description...)
		e.flush(false)
		e.bool(x.upper[i])
		e.str(en.Type)
		e.strs(en.CommunityIDs)
		e.refs(en.TextUnitIDs, e.m.TextUnitIndex)
		e.num(en.Rank)
		e.bool(en.HasRank)
		e.attrs(en.Attributes)
	}
	return nil
}

func (e *modelEncoder) relationships(ctx context.Context, _ *Lexical) error {
	for i, r := range e.m.p.Relationships {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		e.str(r.ID)
		e.str(r.ShortID)
		e.refs([]string{r.Source, r.Target}, e.title)
		e.f64(r.Weight)
		e.bool(r.HasWeight)
		e.str(r.Description)
		e.refs(r.TextUnitIDs, e.m.TextUnitIndex)
		e.num(r.Rank)
		e.bool(r.HasRank)
		e.attrs(r.Attributes)
	}
	return nil
}

func (e *modelEncoder) textUnits(ctx context.Context, x *Lexical) error {
	for i, u := range e.m.p.TextUnits {
		if i&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		e.str(u.ShortID)
		e.str(u.HumanReadableID)
		e.str(u.Text)
		e.bool(x.upper[x.nEnt+i])
		e.refs(u.EntityIDs, e.m.EntityIndex)
		e.refs(u.RelationshipIDs, e.rel)
		e.num(u.NTokens)
		e.str(u.DocumentID)
		e.attrs(u.Attributes)
	}
	return nil
}

// reports writes the community reports and the communities.
func (e *modelEncoder) reports() {
	p := &e.m.p
	for _, r := range p.Reports {
		for _, s := range []string{r.ID, r.ShortID, r.Title, r.CommunityID, r.Summary, r.FullContent} {
			e.str(s)
		}
		e.f64(r.Rank)
		e.bool(r.HasRank)
		e.num(r.Level)
		e.attrs(r.Attributes)
	}
	for _, c := range p.Communities {
		for _, s := range []string{c.ID, c.ShortID, c.Title, c.Community} {
			e.str(s)
		}
		e.num(c.Level)
		e.str(c.Parent)
		e.strs(c.Children)
		e.refs(c.EntityIDs, e.m.EntityIndex)
		e.strs(c.RelationIDs)
		e.strs(c.TextUnitIDs)
	}
}

// lexical writes the rest: no covariates, the lexical index x's
// statistics, the entity text sums and the bigram index of x's documents.
func (e *modelEncoder) lexical(ctx context.Context, x *Lexical, sums []textSum, bx *bigramIndex) error {
	e.num(0) // covariate types
	e.f64(x.words)
	for _, n := range x.bytes {
		e.uv(uint64(n))
	}
	for _, n := range x.lens {
		e.num(int(n))
		e.flush(false)
	}
	e.num(len(sums))
	for _, s := range sums {
		e.buf = append(e.buf, s[:]...)
		e.flush(false)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	e.num(bx.n)
	for _, part := range [][]byte{bx.keys, bx.offs} {
		e.raw(part)
	}
	e.num(len(bx.post))
	e.raw(bx.post)
	e.flush(true)
	return e.err
}

// raw writes b as it is.
func (e *modelEncoder) raw(b []byte) {
	for len(b) > 0 && e.err == nil {
		n := min(len(b), 1<<16)
		e.buf = append(e.buf, b[:n]...)
		b = b[n:]
		e.flush(false)
	}
}
