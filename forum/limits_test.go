package forum

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// zeros is an endless reader of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// A log without end (/dev/zero) or with a line past the limit stops with
// ErrTooLarge naming the line, instead of growing a buffer until the
// process runs out of memory; a log within the limits parses.
func TestParseLimits(t *testing.T) {
	defer func(l struct{ file, line int }) { limits = l }(limits)
	limits.file, limits.line = 1_000_000, 64<<10+100
	if _, _, err := Parse(zeros{}); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "line 1:") {
		t.Errorf("endless log: %v, want ErrTooLarge at line 1", err)
	}
	okLine := "[10:00:00] [INSIGHT] " + strings.Repeat("长", 20_000) + "\n" // 60 KB
	many := strings.Repeat(okLine, 17)                                     // past 1 000 000 bytes
	if _, _, err := Parse(strings.NewReader(many)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "line 17:") {
		t.Errorf("log over the file limit: %v, want ErrTooLarge at line 17", err)
	}
	if e, _, err := Parse(strings.NewReader(strings.Repeat(okLine, 16))); err != nil || len(e) != 16 {
		t.Errorf("log within the limits: %d entries, %v", len(e), err)
	}
	long := "[10:00:00] [INSIGHT] " + strings.Repeat("x", 70<<10) + "\n"
	if _, _, err := Parse(io.MultiReader(strings.NewReader(okLine), strings.NewReader(long))); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "line 2:") {
		t.Errorf("line over the line limit: %v, want ErrTooLarge at line 2", err)
	}
}
