package synth

import (
	"bytes"
	"io"
	"strconv"
)

// flushAt is the size at which the output buffer is handed to the
// underlying writer. Memory use is bounded by about twice this size, plus
// the longest single value.
const flushAt = 256 << 10

// jsonWriter appends JSON tokens to a buffer and writes the buffer to w
// whenever it grows past flushAt. The first write error sticks: later
// writes are dropped, and err reports it.
type jsonWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func newJSONWriter(w io.Writer) *jsonWriter {
	return &jsonWriter{w: w, buf: make([]byte, 0, flushAt+flushAt/2)}
}

// maybeFlush writes the buffer out once it is large enough.
func (j *jsonWriter) maybeFlush() {
	if len(j.buf) >= flushAt {
		j.flush()
	}
}

// flush writes out whatever is buffered.
func (j *jsonWriter) flush() {
	if j.err == nil && len(j.buf) > 0 {
		_, j.err = j.w.Write(j.buf)
	}
	j.buf = j.buf[:0]
}

// raw appends ss as they are.
func (j *jsonWriter) raw(ss ...string) {
	for _, s := range ss {
		j.buf = append(j.buf, s...)
	}
}

// key writes a newline, the indent, "name": .
func (j *jsonWriter) key(indent int, name string) {
	j.buf = append(j.buf, '\n')
	j.buf = appendIndent(j.buf, indent)
	j.buf = append(j.buf, '"')
	j.buf = append(j.buf, name...)
	j.buf = append(j.buf, `": `...)
}

// next writes a comma, then the key as key does.
func (j *jsonWriter) next(indent int, name string) {
	j.buf = append(j.buf, ',')
	j.key(indent, name)
}

// array writes n values as a JSON array ("[]" when n is 0), item(i)
// writing value i after its comma, the closing bracket on a new line at
// indent.
func (j *jsonWriter) array(n, indent int, item func(i int)) {
	if n == 0 {
		j.raw("[]")
		return
	}
	j.raw("[")
	for i := range n {
		if i > 0 {
			j.raw(",")
		}
		item(i)
	}
	j.newline(indent)
	j.raw("]")
}

func (j *jsonWriter) str(s string)    { j.buf = appendQuoted(j.buf, s) }
func (j *jsonWriter) strB(b []byte)   { j.buf = appendQuoted(j.buf, b) }
func (j *jsonWriter) boolean(v bool)  { j.buf = strconv.AppendBool(j.buf, v) }
func (j *jsonWriter) integer(v int)   { j.buf = strconv.AppendInt(j.buf, int64(v), 10) }
func (j *jsonWriter) newline(ind int) { j.buf = appendIndent(append(j.buf, '\n'), ind) }
func (j *jsonWriter) float(v float64) { j.buf = appendPyFloat(j.buf, v) }
func (j *jsonWriter) null()           { j.buf = append(j.buf, "null"...) }
func appendIndent(b []byte, n int) []byte {
	for ; n >= 16; n -= 16 {
		b = append(b, "                "...)
	}
	return append(b, "                "[:n]...)
}

// appendPyFloat writes v the way Python's json module does for the values
// the generator uses: the shortest round-trip form, always with a decimal
// point ("0.0", not "0").
func appendPyFloat(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	if bytes.IndexByte(b[start:], '.') >= 0 {
		return b
	}
	return append(b, ".0"...)
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string. Non-ASCII text is kept as is (s
// must be valid UTF-8; the generator only passes its own text and a
// sanitised topic). Quotes, backslashes and control characters are escaped.
func appendQuoted[T string | []byte](b []byte, s T) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		b = appendEscape(b, c)
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func appendEscape(b []byte, c byte) []byte {
	switch c {
	case '"':
		return append(b, `\"`...)
	case '\\':
		return append(b, `\\`...)
	case '\n':
		return append(b, `\n`...)
	case '\r':
		return append(b, `\r`...)
	case '\t':
		return append(b, `\t`...)
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}
