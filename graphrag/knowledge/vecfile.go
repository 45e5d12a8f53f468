package knowledge

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"unsafe"

	"reportengine/llm"
)

// littleEndian is true on machines that store a float32 as the vector
// file does (little-endian): the file's bytes are then read into the
// vectors as they are.
var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

// The vector cache file (CacheFileName, beside the graph or in the user
// cache folder), all integers little-endian:
//
//	magic       8 bytes "REVECTS\x00"
//	version     uint32, vectorFileVersion
//	header      uint32 length, then JSON {"provider", "model", "dimensions", "count", "source"}
//	ids         count × (uint32 length, UTF-8 bytes): the entity ids, in the model's order
//	text sums   count × 8 bytes: the first 8 bytes of the SHA-256 of each EntityText
//	norms       count × float64: each vector's ‖x‖², its values' squares summed in order
//	vectors     dimensions × count × float32 (IEEE 754 bits), column after column:
//	            the first value of every vector, then the second, …
//	checksum    uint32: CRC-32C (Castagnoli) of every byte before it
//
// A reader checks the magic, the version, that the header names the
// embedder asked for, that the file has exactly the length the header
// and ids imply (so a truncated file is refused before its vectors are
// read) and the checksum (so a flipped bit is refused); any failure
// ignores the whole file. 260 000 entities of 512 dimensions are 543 MB
// (the JSON of earlier releases: 736 MB). The vectors are kept by column
// so that a question's vector search reads the columns of its non-zero
// positions only (ExactStore), and the norms so that no search reads
// every vector to compute them.
const (
	vectorFileMagic   = "REVECTS\x00"
	vectorFileVersion = 2
	maxVectorIDBytes  = 1 << 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// textSum identifies an entity text: the first 8 bytes of its SHA-256.
type textSum [8]byte

func sumText(s string) textSum {
	full := sha256.Sum256([]byte(s))
	return textSum(full[:8])
}

// vectorFile is a vector cache file's content: cols holds len(ids)
// vectors of info.Dimensions values by column (ExactStore's layout), sq
// their ‖x‖².
type vectorFile struct {
	info   llm.EmbedderInfo
	source string
	ids    []string
	sums   []textSum
	sq     []float64
	cols   []float32
	// mapped: cols lie in the file's mapping (its pages can be released)
	mapped bool
}

type vectorFileHeader struct {
	Provider   string `json:"provider"`
	Model      string `json:"model"`
	Dimensions int    `json:"dimensions"`
	Count      int    `json:"count"`
	Source     string `json:"source,omitempty"`
}

// errVectorFile is wrapped by every reason readVectorFile refuses a file.
var errVectorFile = errors.New("not a usable vector cache")

func badVectorFile(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errVectorFile, fmt.Sprintf(format, args...))
}

// writeVectorFile writes f to w in the format above; it stops with ctx's
// error when ctx ends.
func writeVectorFile(ctx context.Context, w io.Writer, f vectorFile) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	crc := crc32.New(castagnoli)
	hw := io.MultiWriter(bw, crc)
	head, err := json.Marshal(vectorFileHeader{Provider: f.info.Provider, Model: f.info.Model, Dimensions: f.info.Dimensions, Count: len(f.ids), Source: f.source})
	if err != nil {
		return err
	}
	// the header is padded with spaces (JSON white space) so that the
	// vectors start at a multiple of 64 bytes: a reader can then use
	// them where they lie in a mapped file (readVectorFile)
	rest := len(vectorFileMagic) + 8 + len(head) + 16*len(f.ids)
	for _, id := range f.ids {
		rest += 4 + len(id)
	}
	if pad := (64 - rest%64) % 64; pad > 0 {
		head = append(head, bytes.Repeat([]byte{' '}, pad)...)
	}
	var u32 [4]byte
	putU32 := func(v int) error {
		binary.LittleEndian.PutUint32(u32[:], uint32(v))
		_, err := hw.Write(u32[:])
		return err
	}
	io.WriteString(hw, vectorFileMagic)
	putU32(vectorFileVersion)
	putU32(len(head))
	hw.Write(head)
	for _, id := range f.ids {
		putU32(len(id))
		io.WriteString(hw, id)
	}
	for _, s := range f.sums {
		hw.Write(s[:])
	}
	buf := make([]byte, 0, 1<<17)
	for start := 0; start < len(f.sq); start += 1 << 14 {
		buf = buf[:0]
		for _, x := range f.sq[start:min(start+1<<14, len(f.sq))] {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
		if _, err := hw.Write(buf); err != nil {
			return err
		}
	}
	for start := 0; start < len(f.cols); start += 1 << 14 {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		buf = buf[:0]
		for _, x := range f.cols[start:min(start+1<<14, len(f.cols))] {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(x))
		}
		if _, err := hw.Write(buf); err != nil {
			return err
		}
	}
	binary.LittleEndian.PutUint32(u32[:], crc.Sum32())
	bw.Write(u32[:])
	return bw.Flush()
}

// readVectorFile reads and checks the cache file at path for the embedder
// info. On Linux the file is mapped (mapReadOnly) and, when its vectors
// start at a multiple of 4 bytes (writeVectorFile pads the header so that
// they start at a multiple of 64) on a little-endian machine, the vectors
// and ids are views of the mapping: nothing is copied, and the 531 MB of
// the 300 000-record graph's vectors stay out of the Go heap. Errors: the
// file system's (os.ErrNotExist when there is none), ctx's, or one
// wrapping errVectorFile saying what is wrong.
func readVectorFile(ctx context.Context, path string, info llm.EmbedderInfo) (*vectorFile, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size < int64(len(vectorFileMagic))+8 {
		return nil, badVectorFile("no vector cache header")
	}
	if size > maxVectorFileBytes {
		return nil, badVectorFile("%d bytes, more than the %d a vector cache may have", size, int64(maxVectorFileBytes))
	}
	b, mapped := mapReadOnly(fh, size)
	if !mapped {
		b = make([]byte, size)
		if _, err := io.ReadFull(fh, b); err != nil {
			return nil, badVectorFile("cut short: %v", err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return parseVectorFile(b, info, mapped)
}

// checksum is the CRC-32C of b. When b is mapped, it is summed 8 MiB at
// a time and each part's pages released once summed (releaseMapped), so
// checking a file does not keep it all in memory.
func checksum(b []byte, mapped bool) uint32 {
	if !mapped {
		return crc32.Checksum(b, castagnoli)
	}
	var c uint32
	for len(b) > 0 {
		n := min(len(b), 8<<20)
		c = crc32.Update(c, castagnoli, b[:n])
		releaseMapped(b[:n])
		b = b[n:]
	}
	return c
}

// maxVectorFileBytes bounds the vector cache read (16 GiB: 8 million
// vectors of 512 dimensions).
const maxVectorFileBytes = 16 << 30

// parseVectorFile checks and reads the vector cache file's bytes b (the
// format above). The ids, sums, norms and (when aligned, on a
// little-endian machine) vectors point into b, which the caller keeps (a
// mapping is never undone; shared says b is one, and its pages are
// released once checked: releaseMapped).
func parseVectorFile(b []byte, info llm.EmbedderInfo, shared bool) (*vectorFile, error) {
	r := vecReader{b: b}
	h, err := r.head(info)
	if err != nil {
		return nil, err
	}
	// the checksum first: nothing of a damaged file is used
	size := int64(len(b))
	if sum, want := checksum(b[:size-4], shared), binary.LittleEndian.Uint32(b[size-4:]); sum != want {
		return nil, badVectorFile("checksum %08x, want %08x (the file was changed or damaged)", sum, want)
	}
	f := &vectorFile{info: info, source: h.Source, ids: make([]string, h.Count)}
	for i := range f.ids {
		n, err := r.u32()
		if err != nil {
			return nil, err
		}
		if n > maxVectorIDBytes || int64(n) > size-r.pos {
			return nil, badVectorFile("id %d: length %d beyond the end of the file", i, n)
		}
		id, _ := r.take(int64(n))
		if shared {
			f.ids[i] = unsafe.String(unsafe.SliceData(id), n)
		} else {
			f.ids[i] = string(id)
		}
	}
	dim, count := int64(info.Dimensions), int64(h.Count)
	if want := r.pos + count*(16+4*dim) + 4; size != want {
		return nil, badVectorFile("%d bytes, want %d for %d vectors of %d dimensions (truncated or overwritten?)", size, want, h.Count, dim)
	}
	sb, _ := r.take(8 * count)
	nb, _ := r.take(8 * count)
	raw, _ := r.take(4 * count * dim)
	if h.Count > 0 {
		f.sums = unsafe.Slice((*textSum)(unsafe.Pointer(unsafe.SliceData(sb))), h.Count)
	}
	f.sq, _ = viewOrCopy(nb, int(count), binary.LittleEndian.Uint64, math.Float64frombits)
	f.cols, f.mapped = viewOrCopy(raw, int(count*dim), binary.LittleEndian.Uint32, math.Float32frombits)
	f.mapped = f.mapped && shared
	return f, nil
}

// viewOrCopy returns the n little-endian values of raw: a view of raw
// (view true) when the machine stores them so and raw is aligned for
// them, else a copy.
func viewOrCopy[T float32 | float64, U uint32 | uint64](raw []byte, n int, get func([]byte) U, conv func(U) T) (out []T, view bool) {
	size := int(unsafe.Sizeof(T(0)))
	switch {
	case n == 0:
		return []T{}, false
	case littleEndian && uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%uintptr(size) == 0:
		return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(raw))), n), true
	}
	out = make([]T, n)
	for k := range out {
		out[k] = conv(get(raw[size*k:]))
	}
	return out, false
}

// vecReader reads a vector cache file's bytes in order.
type vecReader struct {
	b   []byte
	pos int64
}

func (r *vecReader) take(n int64) ([]byte, error) {
	if size := int64(len(r.b)); n < 0 || n > size-r.pos {
		return nil, badVectorFile("cut short at byte %d of %d", r.pos, size)
	}
	out := r.b[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return out, nil
}

func (r *vecReader) u32() (int, error) {
	x, err := r.take(4)
	if err != nil {
		return 0, err
	}
	return int(binary.LittleEndian.Uint32(x)), nil
}

// head reads and checks the magic, the version and the header, which
// must name info's embedder and a count of vectors the file can hold.
func (r *vecReader) head(info llm.EmbedderInfo) (vectorFileHeader, error) {
	var h vectorFileHeader
	if magic, err := r.take(int64(len(vectorFileMagic))); err != nil || string(magic) != vectorFileMagic {
		return h, badVectorFile("no vector cache header")
	}
	if v, err := r.u32(); err != nil || v != vectorFileVersion {
		return h, badVectorFile("format version %d, want %d", v, vectorFileVersion)
	}
	size := int64(len(r.b))
	hl, err := r.u32()
	if err != nil || int64(hl) > size-r.pos {
		return h, badVectorFile("header length %d beyond the end of the file", hl)
	}
	hb, _ := r.take(int64(hl))
	if err := json.Unmarshal(hb, &h); err != nil {
		return h, badVectorFile("header: %v", err)
	}
	if got := (llm.EmbedderInfo{Provider: h.Provider, Model: h.Model, Dimensions: h.Dimensions}); got != info {
		return h, fmt.Errorf("%w: %w", errVectorFile, &EmbedderMismatchError{Stored: got, Query: info})
	}
	// each entity takes at least 4 (id length) + 16 (sum, norm) + 4·dim bytes
	if h.Count < 0 || int64(h.Count) > (size-r.pos)/int64(20+4*info.Dimensions) {
		return h, badVectorFile("%d vectors of %d dimensions cannot fit in %d bytes", h.Count, info.Dimensions, size)
	}
	return h, nil
}
