package knowledge

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"

	"reportengine/internal/atomicfile"
)

// A model extra is data another package derives from a Model and keeps
// beside its model file, so that a later process reads it instead of
// computing it again (the offline embedder's fit on the entity texts:
// about 2 s of CPU on the 300 000-record graph). It is a small file named
// after the model file and the extra (graphrag.knowledge.<name>), bound to
// the model file's exact bytes:
//
//	"REMXTRA\x00" u32 version (1), u64 model file length, u32 its CRC-32C,
//	the data, u32 CRC-32C of every byte before it
//
// An extra whose model file was rewritten, or that is damaged, is not
// returned: the caller computes the data again and keeps it anew.

const (
	modelExtraMagic   = "REMXTRA\x00"
	modelExtraVersion = 1
	// maxModelExtraBytes bounds an extra's file (64 MiB).
	maxModelExtraBytes = 64 << 20
)

// ErrNoModelFile is returned by WriteModelExtra for a Model that was
// neither read from nor written to a model file.
var ErrNoModelFile = errors.New("the model has no model file")

// modelFileRef is the model file a Model was read from or written to.
type modelFileRef struct {
	path string
	sum  FileSum // its bytes (length, CRC-32C of all but the last 4)
}

// ModelFilePath is the path of the model file m was read from or last
// written to, "" when none.
func (m *Model) ModelFilePath() string {
	if r := m.file.Load(); r != nil {
		return r.path
	}
	return ""
}

func validExtraName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	return !strings.ContainsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	})
}

// ModelExtra returns the data kept under name (lower-case letters, digits,
// '-' and '_') beside m's model file (WriteModelExtra), when it was kept
// for that model file's present bytes and is intact; ok is false
// otherwise (no model file, no such extra, another model file's, damaged
// or over 64 MiB).
func (m *Model) ModelExtra(name string) (data []byte, ok bool) {
	r := m.file.Load()
	if r == nil || !validExtraName(name) {
		return nil, false
	}
	f, err := os.Open(r.path + "." + name)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxModelExtraBytes+1))
	head := len(modelExtraMagic) + 16
	if err != nil || len(b) > maxModelExtraBytes || len(b) < head+4 || string(b[:len(modelExtraMagic)]) != modelExtraMagic {
		return nil, false
	}
	h := b[len(modelExtraMagic):]
	if binary.LittleEndian.Uint32(h) != modelExtraVersion ||
		int64(binary.LittleEndian.Uint64(h[4:])) != r.sum.Size || binary.LittleEndian.Uint32(h[12:]) != r.sum.CRC {
		return nil, false
	}
	body := b[:len(b)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, false
	}
	return body[head:], true
}

// WriteModelExtra keeps data under name beside m's model file, bound to
// its present bytes, atomically. Errors: ErrNoModelFile (wrapped), a name
// other than lower-case letters, digits, '-' and '_' (at most 64), data
// over 64 MiB, the file system's.
func (m *Model) WriteModelExtra(name string, data []byte) error {
	r := m.file.Load()
	if r == nil {
		return fmt.Errorf("knowledge: model extra %q: %w", name, ErrNoModelFile)
	}
	if !validExtraName(name) {
		return fmt.Errorf("knowledge: model extra name %q: want lower-case letters, digits, '-' and '_'", name)
	}
	if len(data) > maxModelExtraBytes-64 {
		return fmt.Errorf("knowledge: model extra %q: %d bytes, more than %d", name, len(data), maxModelExtraBytes-64)
	}
	b := make([]byte, 0, len(modelExtraMagic)+20+len(data))
	b = append(b, modelExtraMagic...)
	b = binary.LittleEndian.AppendUint32(b, modelExtraVersion)
	b = binary.LittleEndian.AppendUint64(b, uint64(r.sum.Size))
	b = binary.LittleEndian.AppendUint32(b, r.sum.CRC)
	b = append(b, data...)
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	return atomicfile.WriteFile(r.path+"."+name, b, 0o644)
}
