package settings

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// LocalSearch holds the local_search keys found; nil = not set.
type LocalSearch struct {
	Prompt                      *string // path as written
	CompletionModelID           *string
	EmbeddingModelID            *string
	TextUnitProp                *float64 // share of the context budget, 0–1
	CommunityProp               *float64 // share of the context budget, 0–1
	ConversationHistoryMaxTurns *int     // question-answer turns
	TopKEntities                *int
	TopKRelationships           *int
	MaxContextTokens            *int // tokens
}

// Settings is what Load read.
type Settings struct {
	Path        string
	LocalSearch LocalSearch
	// EmbeddingModel is the embedding model name of the models entry
	// local_search.embedding_model_id points to ("" when not found).
	EmbeddingModel string
	// Warnings are unknown local_search keys, one sentence each with the
	// line.
	Warnings []string
}

// MaxPromptBytes is the largest local_search.prompt file ReadPrompt
// reads, in bytes (GraphRAG's own prompts are about 3 KB).
const MaxPromptBytes = 1 << 20

// ErrPrompt is wrapped by ReadPrompt for a prompt file it does not read:
// missing or unreadable, not a regular file, reached through a symbolic
// link that leaves the project folder, or over MaxPromptBytes.
var ErrPrompt = errors.New("settings: local_search.prompt")

// ReadPrompt reads the local_search.prompt file ("" and nil when none is
// set). The project folder is opened as an os.Root, so neither ".." nor a
// symbolic link can lead outside it. Errors wrap ErrPrompt and name the
// path as written.
func (s *Settings) ReadPrompt() (string, error) {
	if s == nil || s.LocalSearch.Prompt == nil || *s.LocalSearch.Prompt == "" {
		return "", nil
	}
	rel := filepath.FromSlash(*s.LocalSearch.Prompt)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s (in %s): %s", ErrPrompt, *s.LocalSearch.Prompt, filepath.Dir(s.Path), fmt.Sprintf(format, args...))
	}
	if !filepath.IsLocal(rel) {
		return "", fail("not a file inside the project folder")
	}
	root, err := os.OpenRoot(filepath.Dir(s.Path))
	if err != nil {
		return "", fail("%v", err)
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return "", fail("cannot be read inside the project folder (a missing file, or a link that leads out of it)")
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fail("not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxPromptBytes+1))
	if err != nil {
		return "", fail("%v", err)
	}
	if len(data) > MaxPromptBytes {
		return "", fail("larger than %d bytes", MaxPromptBytes)
	}
	return string(data), nil
}

// Errors; test with errors.Is / errors.As.
var (
	// ErrSyntax: the file is not YAML or its top level is not a mapping.
	ErrSyntax = errors.New("settings: not a valid settings.yaml")
	// ErrValue: a local_search value has the wrong type or range.
	ErrValue = errors.New("settings: bad value")
)

// ValueError names the key, its line and what was wanted.
type ValueError struct {
	Path string
	Key  string // "local_search.top_k_entities"
	Line int
	Got  string
	Want string
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("settings: %s:%d: %s is %q, want %s", e.Path, e.Line, e.Key, e.Got, e.Want)
}

func (e *ValueError) Unwrap() error { return ErrValue }

// Find returns the settings.yaml (or settings.yml) of a GraphRAG project
// folder, looking in dir and, when dir is an output folder, in its parent;
// "" when there is none.
func Find(dir string) string {
	dirs := []string{dir}
	if filepath.Base(filepath.Clean(dir)) == "output" {
		dirs = append(dirs, filepath.Dir(filepath.Clean(dir)))
	}
	for _, d := range dirs {
		for _, n := range []string{"settings.yaml", "settings.yml"} {
			p := filepath.Join(d, n)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p
			}
		}
	}
	return ""
}

// MaxFileBytes is the largest settings.yaml Load reads: 1 MiB (GraphRAG's
// generated settings.yaml is about 5 KiB).
const MaxFileBytes = 1 << 20

// ErrTooLarge is wrapped when settings.yaml is larger than MaxFileBytes
// (or a device without end stands in its place).
var ErrTooLarge = errors.New("settings file too large")

// Load reads path. Errors: the file's read error, ErrTooLarge (naming the
// file), ErrSyntax (with the line yaml reports), *ValueError.
func Load(path string) (*Settings, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("settings: read %s: %w", path, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("settings: %s: more than %d bytes (1 MiB): %w", path, MaxFileBytes, ErrTooLarge)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSyntax, path, err)
	}
	s := &Settings{Path: path}
	if len(doc.Content) == 0 {
		return s, nil // empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%w: %s:%d: the top level is not a mapping of keys", ErrSyntax, path, root.Line)
	}
	if ls := lookup(root, "local_search"); ls != nil {
		if ls.Kind != yaml.MappingNode {
			if ls.Tag == "!!null" {
				return s, nil
			}
			return nil, &ValueError{Path: path, Key: "local_search", Line: ls.Line, Got: ls.Value, Want: "a mapping of keys"}
		}
		if err := s.readLocalSearch(ls); err != nil {
			return nil, err
		}
	}
	id := "default_embedding_model"
	if s.LocalSearch.EmbeddingModelID != nil && *s.LocalSearch.EmbeddingModelID != "" {
		id = *s.LocalSearch.EmbeddingModelID
	}
	for _, section := range []string{"models", "embedding_models"} {
		if m := lookup(lookup(root, section), id); m != nil {
			if v := lookup(m, "model"); v != nil && v.Kind == yaml.ScalarNode {
				s.EmbeddingModel = v.Value
				break
			}
		}
	}
	return s, nil
}

// lookup returns the value of key in a mapping node (nil when absent or
// when n is not a mapping).
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func (s *Settings) readLocalSearch(ls *yaml.Node) error {
	ptrs := map[string]any{
		"prompt":                         &s.LocalSearch.Prompt,
		"completion_model_id":            &s.LocalSearch.CompletionModelID,
		"embedding_model_id":             &s.LocalSearch.EmbeddingModelID,
		"text_unit_prop":                 &s.LocalSearch.TextUnitProp,
		"community_prop":                 &s.LocalSearch.CommunityProp,
		"conversation_history_max_turns": &s.LocalSearch.ConversationHistoryMaxTurns,
		"top_k_entities":                 &s.LocalSearch.TopKEntities,
		"top_k_relationships":            &s.LocalSearch.TopKRelationships,
		"max_context_tokens":             &s.LocalSearch.MaxContextTokens,
	}
	for i := 0; i+1 < len(ls.Content); i += 2 {
		k, v := ls.Content[i], ls.Content[i+1]
		p, known := ptrs[k.Value]
		if !known {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: local_search.%s is not a key reportengine reads; ignored", s.Path, k.Line, k.Value))
			continue
		}
		if v.Tag == "!!null" {
			continue
		}
		bad := func(want string) error {
			return &ValueError{Path: s.Path, Key: "local_search." + k.Value, Line: v.Line, Got: v.Value, Want: want}
		}
		if v.Kind != yaml.ScalarNode {
			return bad("a single value")
		}
		if strings.HasPrefix(v.Value, "${") {
			return bad("a value (environment substitution is not supported here)")
		}
		switch p := p.(type) {
		case **string:
			x := v.Value
			if k.Value == "prompt" && x != "" && !filepath.IsLocal(filepath.FromSlash(x)) {
				// GraphRAG resolves it against the project folder; a path
				// that leaves it (/etc/passwd, ../x) would send any file
				// the user can read to the model
				return bad("a file inside the project folder (a relative path without \"..\")")
			}
			*p = &x
		case **float64:
			var f float64
			if (v.Tag != "!!float" && v.Tag != "!!int") || v.Decode(&f) != nil || math.IsNaN(f) || f < 0 || f > 1 {
				return bad("a number from 0 to 1")
			}
			*p = &f
		case **int:
			var n int
			if v.Tag != "!!int" || v.Decode(&n) != nil || n < 0 { // 8000.5 would decode as 8000
				return bad("a whole number ≥ 0")
			}
			*p = &n
		}
	}
	return nil
}
