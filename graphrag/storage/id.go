package storage

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxIDLen is the longest report id ValidateID accepts, in bytes (UTF-8):
// well under the 255-byte limit on one file name of common file systems
// (about 66 CJK characters).
const MaxIDLen = 200

// ValidateID reports whether id can be used as a report id, that is as the
// name of one folder directly inside the graphs folder. It returns nil or an
// error that wraps ErrInvalidID and quotes the id.
//
// An id is 1 to MaxIDLen bytes of valid UTF-8 made of Unicode letters,
// numbers and combining marks (so CJK, accented and Thai or Devanagari text
// are fine), '-', '_' and '.', where '.' may be neither the first nor the
// last character. Everything else is rejected, in particular "", ".", "..",
// '/', '\' (backslash), NUL and other control characters, spaces,
// invisible format characters (such as U+202E) and a leading '.' (hidden
// files, and the temporary files Save writes). A trailing '.' is rejected
// because Windows drops it, which would make "a." and "a" the same folder.
//
// ValidateID does not normalise: ids are compared byte for byte.
func ValidateID(id string) error {
	if why := badID(id); why != "" {
		return fmt.Errorf("storage: %w %q: %s", ErrInvalidID, id, why)
	}
	return nil
}

// LatestID is the word that names the newest graph on the command line and
// in the web API; it is never a valid report id.
const LatestID = "latest"

// checkID is ValidateID with the operation in the message, for Save, Load
// and Path: `storage: load "../x": invalid report id: contains "/"`.
func checkID(op, id string) error {
	if why := badID(id); why != "" {
		return fmt.Errorf("storage: %s %q: %w: %s", op, id, ErrInvalidID, why)
	}
	return nil
}

// badID returns why id is not a valid report id, or "" when it is.
func badID(id string) string {
	switch {
	case id == "":
		return "empty"
	case id == "." || id == "..":
		return "a relative folder name"
	case strings.EqualFold(id, LatestID):
		return `reserved: "latest" names the newest graph`
	case len(id) > MaxIDLen:
		return fmt.Sprintf("%d bytes long (at most %d)", len(id), MaxIDLen)
	case !utf8.ValidString(id):
		return "not valid UTF-8"
	case strings.HasPrefix(id, "."):
		return `starts with "."`
	case strings.HasSuffix(id, "."):
		return `ends with "."`
	}
	for _, r := range id {
		switch {
		case r == '-' || r == '_' || r == '.':
		case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
		case r == '/' || r == '\\':
			return fmt.Sprintf("contains a path separator %q", r)
		case unicode.IsControl(r):
			return fmt.Sprintf("contains the control character %U", r)
		default:
			return fmt.Sprintf("contains %q (%U); allowed are letters, digits, '-', '_' and '.'", r, r)
		}
	}
	return ""
}
