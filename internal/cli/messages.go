package cli

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"reportengine/graphrag/storage"
)

// plainFlagError rewords a flag parse error in plain words naming the
// flag, e.g. `--depth: "x" is not a whole number` instead of pflag's
// `invalid argument "x" for "--depth" flag: strconv.ParseInt: parsing "x":
// invalid syntax`. Other errors are returned as they are.
func plainFlagError(err error, flags *pflag.FlagSet) error {
	var iv *pflag.InvalidValueError
	if errors.As(err, &iv) {
		f := iv.GetFlag()
		want := map[string]string{
			"int": "a whole number", "int64": "a whole number", "int32": "a whole number",
			"uint": "a whole number of 0 or more", "uint64": "a whole number of 0 or more",
			"float64": "a number", "float32": "a number",
			"bool":     "true or false",
			"duration": "a duration such as 90s, 2m or 1h30m",
		}[f.Value.Type()]
		if want == "" {
			return fmt.Errorf("--%s: %q is not a valid value: %w", f.Name, iv.GetValue(), iv.Unwrap())
		}
		return fmt.Errorf("--%s: %q is not %s", f.Name, iv.GetValue(), want)
	}
	var vr *pflag.ValueRequiredError
	if errors.As(err, &vr) {
		return fmt.Errorf("--%s needs a value", vr.GetFlag().Name)
	}
	var ne *pflag.NotExistError
	if errors.As(err, &ne) && ne.GetSpecifiedName() != "" && flags != nil {
		if near := nearestFlags(flags, ne.GetSpecifiedName()); len(near) > 0 {
			return fmt.Errorf("%w (did you mean --%s?)", err, strings.Join(near, " or --"))
		}
	}
	return err
}

// nearestFlags are the names of the flags of flags nearest to the unknown
// name given (--froum: forum; --graps: graph and graphs), within two
// edits (editDistance: a letter dropped, added or changed; two
// neighbours swapped count as two), one for a name of four letters or
// fewer, at most three, in flag order; nil when none is that near.
func nearestFlags(flags *pflag.FlagSet, name string) []string {
	var best []string
	dist := 3 // within two edits; one for a name of four letters or fewer (--nope is not --type)
	if len(name) <= 4 {
		dist = 2
	}
	flags.VisitAll(func(f *pflag.Flag) {
		switch d := editDistance(name, f.Name); {
		case d < dist:
			best, dist = []string{f.Name}, d
		case d == dist && len(best) > 0 && len(best) < 3:
			best = append(best, f.Name)
		}
	})
	return best
}

// unwritableError is an output folder that cannot be written (exit 1,
// whatever the underlying error); its message is one sentence:
// "report folder reports/x is not writable: open …: permission denied".
type unwritableError struct {
	what, dir string
	err       error
}

func (e unwritableError) Error() string {
	return fmt.Sprintf("%s %s is not writable: %v", e.what, e.dir, e.err)
}
func (e unwritableError) Unwrap() error { return e.err }

// checkWritable makes sure folder dir can be written before anything is
// built or a model call spent: it creates the folder (and its parents) and
// a temporary file in it, then removes the file. Folders it created are
// left in place only when keep is true; otherwise they are removed again
// (innermost first, and only while empty).
func checkWritable(what, dir string, keep bool) error {
	created := missingDirs(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return unwritableError{what, dir, err}
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err == nil {
		name := f.Name()
		f.Close()
		err = os.Remove(name)
	}
	if !keep || err != nil {
		removeEmpty(created)
	}
	if err != nil {
		return unwritableError{what, dir, err}
	}
	return nil
}

// notFoundWithNearest adds to a "graph not found" error the stored ids
// nearest to the one asked for (at most three, by edit distance, ties by
// id), or says that the folder holds no graph. The error still wraps
// storage.ErrNotFound.
func notFoundWithNearest(store *storage.Store, id string, err error) error {
	list, lerr := store.List()
	if lerr != nil {
		return err
	}
	if len(list) == 0 {
		return fmt.Errorf("%w; %s holds no graph (build one with `reportengine build-graph`)", err, store.Dir())
	}
	ids := make([]string, len(list))
	for i, g := range list {
		ids[i] = g.ID
	}
	return fmt.Errorf("%w; nearest stored ids: %s (all: reportengine graphs)", err, strings.Join(nearest(id, ids, 3), ", "))
}

// nearest returns up to n of candidates closest to s by Levenshtein
// distance over runes, ties broken by the candidate's text.
func nearest(s string, candidates []string, n int) []string {
	d := make(map[string]int, len(candidates))
	for _, c := range candidates {
		d[c] = editDistance(s, c)
	}
	out := slices.Clone(candidates)
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(d[a]-d[b], strings.Compare(a, b)) })
	return out[:min(n, len(out))]
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// missingDirs lists dir and those of its parents that do not exist yet,
// deepest first: the folders that creating dir creates.
func missingDirs(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			return out
		}
		out = append(out, d)
	}
}

// removeEmpty removes dirs in order while they are empty (os.Remove
// refuses a folder that holds anything), stopping at the first it cannot.
func removeEmpty(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return
		}
	}
}
