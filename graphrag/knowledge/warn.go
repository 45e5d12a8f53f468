package knowledge

import "fmt"

// maxWarningsPerKind bounds the warnings of one kind a load keeps; the
// counts in TableStats stay exact.
const maxWarningsPerKind = 20

// warnings collects load warnings in order, at most maxWarningsPerKind per
// kind, then one summary line per kind.
type warnings struct {
	lines  []string
	counts map[string]int
	kinds  []string
}

func (w *warnings) add(kind, format string, args ...any) {
	if w.counts == nil {
		w.counts = map[string]int{}
	}
	if w.counts[kind] == 0 {
		w.kinds = append(w.kinds, kind)
	}
	w.counts[kind]++
	if w.counts[kind] <= maxWarningsPerKind {
		w.lines = append(w.lines, fmt.Sprintf(format, args...))
	}
}

func (w *warnings) list() []string {
	out := w.lines
	for _, k := range w.kinds {
		if n := w.counts[k] - maxWarningsPerKind; n > 0 {
			out = append(out, fmt.Sprintf("… and %d more warnings like the above (%s)", n, k))
		}
	}
	return out
}
