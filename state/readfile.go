package state

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"unsafe"
)

// MaxFileBytes is the largest state document Parse and ParseFile accept:
// 2 GiB less one byte (it fits an int everywhere), about 30 times the largest engine run seen (65 MB for 100 000
// search records), and small enough that the record and node counts of a
// graph built from three such files stay far below the 2^31 the graph's
// int32 indexes allow.
const MaxFileBytes = 1<<31 - 1

// tooLarge is the *ParseError for a document over MaxFileBytes.
func tooLarge(path string, size int64) error {
	return &ParseError{Path: path, Msg: fmt.Sprintf("%d bytes: larger than the %d bytes (2 GiB) a state file may have", size, MaxFileBytes)}
}

// ParseFile reads in.Path and parses it as a state written by in.Engine.
// The file is mapped into memory rather than read (mapFile; read on
// systems without mmap) and unmapped before ParseFile returns.
//
// Errors: an unreadable file → the *os.PathError wrapped with the engine and
// path (errors.Is(err, fs.ErrNotExist) for a missing file); a file cut
// short while it was read → an error wrapping io.ErrUnexpectedEOF, naming
// the engine and path; otherwise the errors of Parse.
func ParseFile(in Input) (*State, error) { return parseFile(in, LoadOptions{}) }

// parseFile is ParseFile with Load's LoadOptions.
func parseFile(in Input, opts LoadOptions) (*State, error) {
	if fi, err := os.Stat(in.Path); err == nil && fi.Size() > MaxFileBytes {
		return nil, tooLarge(in.Path, fi.Size())
	}
	doc, unmap, err := mapFile(in.Path)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, err // too large
		}
		return nil, &readError{msg: fmt.Sprintf("state: read %s engine state %s", in.Engine, in.Path), err: err}
	}
	defer unmap()
	return parseMapped(doc, in, opts)
}

// parseMapped is parseDoc of a document mapped from the file of in
// (mapFile). A file cut short after it was mapped faults when the parse
// reads past its new end: the fault becomes an error wrapping
// io.ErrUnexpectedEOF instead of a crash. Nothing of doc outlives the
// call: the parser copies every string it keeps (textArena, and the JSON
// paths of errors).
func parseMapped(doc string, in Input, opts LoadOptions) (st *State, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if f, ok := r.(interface{ Addr() uintptr }); ok && len(doc) > 0 {
			base := uintptr(unsafe.Pointer(unsafe.StringData(doc)))
			if a := f.Addr(); a >= base && a-base < uintptr(len(doc)) {
				st, err = nil, fmt.Errorf("state: read %s engine state %s: the file was cut short while it was read: %w", in.Engine, in.Path, io.ErrUnexpectedEOF)
				return
			}
		}
		panic(r)
	}()
	return parseDoc(doc, in.Path, in.Engine, opts)
}

// readError is an error reading a state file (permission denied, a
// symbolic link loop, an I/O error): it wraps ErrUnreadable and the
// system's error, so errors.Is(err, fs.ErrNotExist) still tells a
// missing file.
type readError struct {
	msg string
	err error
}

func (e *readError) Error() string   { return e.msg + ": " + e.err.Error() }
func (e *readError) Unwrap() []error { return []error{ErrUnreadable, e.err} }

// readString reads a whole file into a string: into a strings.Builder
// grown to the file's size, whose String() is the text without a second
// copy of the whole (the parse copies what it keeps out of it). It reads
// at most MaxFileBytes (a file that grows past it, or a device or pipe
// with no end such as /dev/zero, is a *ParseError), and stops at the first
// read when what it holds cannot begin a JSON object (its first byte after
// white space and a byte order mark is not '{'): the parse then reports
// that position, without the rest being read.
func readString(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var sb strings.Builder
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		sb.Grow(int(min(fi.Size(), MaxFileBytes)) + 1) // +1: the read that finds the end
	}
	buf := make([]byte, readBuf)
	for {
		n, err := f.Read(buf)
		sb.Write(buf[:n])
		if int64(sb.Len()) > MaxFileBytes {
			return "", tooLarge(path, int64(sb.Len()))
		}
		if err == io.EOF || notJSONObject(sb.String()) {
			break
		}
		if err != nil {
			return "", err
		}
	}
	return sb.String(), nil
}

// readBuf is the size of readString's reads (bytes).
const readBuf = 1 << 20

// notJSONObject is true when b's first byte after white space and a byte
// order mark is there and is not '{'.
func notJSONObject(s string) bool {
	s = strings.TrimLeft(strings.TrimPrefix(s, "\uFEFF"), " \t\r\n")
	return len(s) > 0 && s[0] != '{'
}
