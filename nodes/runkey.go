package nodes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"reportengine/templates"
)

// ErrResumeMismatch is wrapped by *ResumeMismatchError.
var ErrResumeMismatch = errors.New("the saved work is of other inputs or settings")

// ResumeMismatchError is OpenWork's refusal to resume work saved for
// another RunKey: Changes name each difference (RunKey.Changes).
type ResumeMismatchError struct {
	Dir     string   // the work area
	Changes []string // what changed, one line each
}

// Error returns "cannot resume from DIR: CHANGE; CHANGE; …".
func (e *ResumeMismatchError) Error() string {
	return fmt.Sprintf("cannot resume from %s, saved by a run with other inputs or settings: %s", e.Dir, strings.Join(e.Changes, "; "))
}

// Unwrap returns ErrResumeMismatch.
func (e *ResumeMismatchError) Unwrap() error { return ErrResumeMismatch }

// RunKey is what a report's saved work is valid for: the inputs (by the
// SHA-256 of their files; a stored graph by the length and CRC-32C its
// load took), the template and the settings that change what
// the model is asked or how its replies are read. It never holds an API
// key. The manifest records it (Manifest.RunKey).
type RunKey struct {
	// Topic is the report topic.
	Topic string `json:"topic"`
	// Inputs are the input files, one per role.
	Inputs []InputFile `json:"inputs"`
	// Template is the template name given (Config.Template); "" when the
	// model chooses. TemplateSHA256 is TemplateDigest(Template).
	Template       string `json:"template"`
	TemplateSHA256 string `json:"templateSha256"`
	// Settings are named settings as text (model, endpoint, temperatures,
	// prompt budget, …): whatever the caller knows to change the replies.
	Settings map[string]string `json:"settings"`
}

// InputFile is one input file of a RunKey. Role names what it is for
// ("graph", "forum", "state query", …; unique in a key); Bytes and CRC32C
// (8 hex digits, Castagnoli) are of its content; Missing is set (and the
// digest empty) for a file that was named but did not exist. internal/cli
// writes CRC32C (a stored graph's as its load took it): the key only needs
// to notice a changed file, not resist a forged one, and SHA-256 of a
// 240 MB graph or 190 MB of state files took 0.2 s of CPU. SHA256 is
// what keys saved before held; Changes compares both.
type InputFile struct {
	Role    string `json:"role"`
	Path    string `json:"path"`
	Bytes   int64  `json:"bytes"`
	SHA256  string `json:"sha256,omitempty"`
	CRC32C  string `json:"crc32c,omitempty"`
	Missing bool   `json:"missing,omitempty"`
}

// Changes lists, in a fixed order (topic, inputs by role, template,
// settings by name), what differs between k and saved, one line each
// naming the item with its saved and current values (file digests cut to
// 12 hex digits); nil when they are equal. A path alone does not count: a
// file moved with the same content is the same input.
func (k RunKey) Changes(saved RunKey) []string {
	var out []string
	if k.Topic != saved.Topic {
		out = append(out, fmt.Sprintf("topic %q → %q", saved.Topic, k.Topic))
	}
	now, was := byRole(k.Inputs), byRole(saved.Inputs)
	for _, r := range keysOf(now, was) {
		a, inOld := was[r]
		b, inNew := now[r]
		switch {
		case !inNew:
			out = append(out, fmt.Sprintf("%s %s is no longer an input", r, a.Path))
		case !inOld:
			out = append(out, fmt.Sprintf("%s %s was not an input", r, b.Path))
		case a.Missing != b.Missing || a.SHA256 != b.SHA256 || a.CRC32C != b.CRC32C || a.Bytes != b.Bytes:
			out = append(out, fmt.Sprintf("%s %s changed (%s → %s)", r, b.Path, fileState(a), fileState(b)))
		}
	}
	if k.Template != saved.Template {
		out = append(out, fmt.Sprintf("template %s → %s", templateName(saved.Template), templateName(k.Template)))
	} else if k.TemplateSHA256 != saved.TemplateSHA256 {
		out = append(out, fmt.Sprintf("template %s changed (sha256 %s → %s)", templateName(k.Template), short(saved.TemplateSHA256), short(k.TemplateSHA256)))
	}
	for _, n := range keysOf(k.Settings, saved.Settings) {
		if a, b := saved.Settings[n], k.Settings[n]; a != b {
			out = append(out, fmt.Sprintf("setting %s %q → %q", n, a, b))
		}
	}
	return out
}

// byRole is the input files by role.
func byRole(fs []InputFile) map[string]InputFile {
	m := map[string]InputFile{}
	for _, f := range fs {
		m[f.Role] = f
	}
	return m
}

// keysOf returns the keys of a and b, sorted, without repeats.
func keysOf[V any](a, b map[string]V) []string {
	ks := slices.AppendSeq(slices.Collect(maps.Keys(a)), maps.Keys(b))
	slices.Sort(ks)
	return slices.Compact(ks)
}

func fileState(f InputFile) string {
	if f.Missing {
		return "missing"
	}
	if f.SHA256 == "" && f.CRC32C != "" {
		return fmt.Sprintf("%d bytes, crc32c %s", f.Bytes, f.CRC32C)
	}
	return fmt.Sprintf("%d bytes, sha256 %s", f.Bytes, short(f.SHA256))
}

func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12] + "…"
	}
	return digest
}

func templateName(name string) string {
	if name == "" {
		return "(chosen by the model)"
	}
	return fmt.Sprintf("%q", name)
}

// TemplateDigest is the SHA-256 (hex) of what a run is given of the
// templates: the template of that name (its title, sections and
// outlines as JSON), or with name "" every template in templates.List's
// order, since the model chooses among them. Errors: templates.Lookup's.
func TemplateDigest(name string) (string, error) {
	if name == "" {
		return digestOf(templates.List()), nil
	}
	t, err := templates.Lookup(name)
	if err != nil {
		return "", err
	}
	return digestOf(t), nil
}

// SavedKey reads the RunKey of the work area dir (key.json), as OpenWork
// compares it. Errors: a missing dir or key.json wraps
// ErrNothingToResume; others name the file.
func SavedKey(dir string) (RunKey, error) {
	var key RunKey
	p := filepath.Join(dir, workKeyFile)
	data, err := readWorkFile(p, maxWorkKey)
	if errors.Is(err, fs.ErrNotExist) {
		return key, fmt.Errorf("nodes: resume: %s holds no saved work (the run never started, or its report was completed): %w", dir, ErrNothingToResume)
	}
	if err != nil {
		return key, fmt.Errorf("nodes: resume: %w", err)
	}
	if err := json.Unmarshal(data, &key); err != nil {
		return key, fmt.Errorf("nodes: resume: %s: %w", p, err)
	}
	return key, nil
}
