package ir

import (
	"strings"
)

// FieldError is one validation problem at a JSON path such as
// "blocks[2].data.labels".
type FieldError struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (e FieldError) String() string { return e.Path + ": " + e.Message }

// ValidationError lists every problem found in a chapter or document.
type ValidationError []FieldError

func (v ValidationError) Error() string {
	parts := make([]string, len(v))
	for i, e := range v {
		parts[i] = e.String()
	}
	return "ir: invalid: " + strings.Join(parts, "; ")
}

// DecodeChapter turns a model's loose chapter JSON into a Chapter.
// STUB: implemented by the ir helper.
func DecodeChapter(raw []byte) (Chapter, []string, error) {
	panic("ir.DecodeChapter: not implemented yet")
}

// ValidateChapter checks a chapter. STUB: implemented by the ir helper.
func ValidateChapter(c *Chapter) error {
	panic("ir.ValidateChapter: not implemented yet")
}
