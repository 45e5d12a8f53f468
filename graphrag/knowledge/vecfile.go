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
//	vectors     count × dimensions × float32 (IEEE 754 bits), row after row
//	checksum    uint32: CRC-32C (Castagnoli) of every byte before it
//
// A reader checks the magic, the version, that the header names the
// embedder asked for, that the file has exactly the length the header
// and ids imply (so a truncated file is refused before its vectors are
// read) and the checksum (so a flipped bit is refused); any failure
// ignores the whole file. 260 000 entities of 512 dimensions are 541 MB
// (the JSON of earlier releases: 736 MB), read in 0.3 s.
const (
	vectorFileMagic   = "REVECTS\x00"
	vectorFileVersion = 1
	maxVectorIDBytes  = 1 << 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// textSum identifies an entity text: the first 8 bytes of its SHA-256.
type textSum [8]byte

func sumText(s string) textSum {
	full := sha256.Sum256([]byte(s))
	return textSum(full[:8])
}

// vectorFile is a vector cache file's content: data holds len(ids) rows
// of info.Dimensions values.
type vectorFile struct {
	info   llm.EmbedderInfo
	source string
	ids    []string
	sums   []textSum
	data   []float32
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
	rest := len(vectorFileMagic) + 8 + len(head) + 8*len(f.ids)
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
	buf := make([]byte, 0, 1<<16)
	for start := 0; start < len(f.data); start += 1 << 14 {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		buf = buf[:0]
		for _, x := range f.data[start:min(start+1<<14, len(f.data))] {
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

// maxVectorFileBytes bounds the vector cache read (16 GiB: 8 million
// vectors of 512 dimensions).
const maxVectorFileBytes = 16 << 30

// parseVectorFile checks and reads the vector cache file's bytes b (the
// format above). The ids, sums and (when aligned, on a little-endian
// machine) vectors point into b, which the caller keeps (a mapping is
// never undone; shared says b is one).
func parseVectorFile(b []byte, info llm.EmbedderInfo, shared bool) (*vectorFile, error) {
	size := int64(len(b))
	var pos int64
	take := func(n int64) ([]byte, error) {
		if n < 0 || n > size-pos {
			return nil, badVectorFile("cut short at byte %d of %d", pos, size)
		}
		out := b[pos : pos+n : pos+n]
		pos += n
		return out, nil
	}
	getU32 := func() (int, error) {
		x, err := take(4)
		if err != nil {
			return 0, err
		}
		return int(binary.LittleEndian.Uint32(x)), nil
	}
	if magic, err := take(int64(len(vectorFileMagic))); err != nil || string(magic) != vectorFileMagic {
		return nil, badVectorFile("no vector cache header")
	}
	if v, err := getU32(); err != nil || v != vectorFileVersion {
		return nil, badVectorFile("format version %d, want %d", v, vectorFileVersion)
	}
	hl, err := getU32()
	if err != nil || int64(hl) > size-pos {
		return nil, badVectorFile("header length %d beyond the end of the file", hl)
	}
	hb, err := take(int64(hl))
	if err != nil {
		return nil, err
	}
	var h vectorFileHeader
	if err := json.Unmarshal(hb, &h); err != nil {
		return nil, badVectorFile("header: %v", err)
	}
	if got := (llm.EmbedderInfo{Provider: h.Provider, Model: h.Model, Dimensions: h.Dimensions}); !SameEmbedder(got, info) {
		return nil, fmt.Errorf("%w: %w", errVectorFile, &EmbedderMismatchError{Stored: got, Query: info})
	}
	dim := info.Dimensions
	// each entity takes at least 4 (id length) + 8 (sum) + 4·dim bytes
	if h.Count < 0 || int64(h.Count) > (size-pos)/int64(12+4*dim) {
		return nil, badVectorFile("%d vectors of %d dimensions cannot fit in %d bytes", h.Count, dim, size)
	}
	// the checksum first: nothing of a damaged file is used
	if sum, want := crc32.Checksum(b[:size-4], castagnoli), binary.LittleEndian.Uint32(b[size-4:]); sum != want {
		return nil, badVectorFile("checksum %08x, want %08x (the file was changed or damaged)", want, sum)
	}
	f := &vectorFile{info: info, source: h.Source, ids: make([]string, h.Count)}
	for i := range f.ids {
		n, err := getU32()
		if err != nil {
			return nil, err
		}
		if n > maxVectorIDBytes || int64(n) > size-pos {
			return nil, badVectorFile("id %d: length %d beyond the end of the file", i, n)
		}
		id, _ := take(int64(n))
		if shared {
			f.ids[i] = unsafe.String(unsafe.SliceData(id), n)
		} else {
			f.ids[i] = string(id)
		}
	}
	if want := pos + int64(h.Count)*(8+4*int64(dim)) + 4; size != want {
		return nil, badVectorFile("%d bytes, want %d for %d vectors of %d dimensions (truncated or overwritten?)", size, want, h.Count, dim)
	}
	sb, _ := take(8 * int64(h.Count))
	if h.Count > 0 {
		f.sums = unsafe.Slice((*textSum)(unsafe.Pointer(unsafe.SliceData(sb))), h.Count)
	}
	raw, _ := take(4 * int64(h.Count) * int64(dim))
	n := h.Count * dim
	switch {
	case n == 0:
		f.data = []float32{}
	case littleEndian && uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%4 == 0:
		// the file's floats are the memory's: a view, no copy
		f.data = unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(raw))), n)
	default:
		f.data = make([]float32, n)
		for k := range f.data {
			f.data[k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*k:]))
		}
	}
	return f, nil
}
