package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, body string) string {
	t.Helper()
	p := filepath.Join(dir, "settings.yaml")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, `models:
  default_chat_model:
    model: gpt-4.1
  default_embedding_model:
    type: openai_embedding
    model: text-embedding-3-large
local_search:
  prompt: "prompts/local_search_system_prompt.txt"
  text_unit_prop: 0.4
  community_prop: 0.2
  conversation_history_max_turns: 3
  top_k_entities: 7
  top_k_relationships: 4
  max_context_tokens: 9000
  llm_max_tokens: 2000
`)
	s, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	ls := s.LocalSearch
	if *ls.TextUnitProp != 0.4 || *ls.CommunityProp != 0.2 || *ls.ConversationHistoryMaxTurns != 3 || *ls.TopKEntities != 7 || *ls.TopKRelationships != 4 || *ls.MaxContextTokens != 9000 {
		t.Errorf("local_search %+v", ls)
	}
	if ls.Prompt == nil || *ls.Prompt != "prompts/local_search_system_prompt.txt" {
		t.Errorf("prompt %v", ls.Prompt)
	}
	if s.EmbeddingModel != "text-embedding-3-large" {
		t.Errorf("embedding model %q", s.EmbeddingModel)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], ":15: local_search.llm_max_tokens") {
		t.Errorf("warnings %v", s.Warnings)
	}
	if ls.CompletionModelID != nil || ls.EmbeddingModelID != nil {
		t.Error("unset keys should stay nil")
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		body string
		want error
		line int
	}{
		{"local_search:\n  top_k_entities: ten\n", ErrValue, 2},
		{"local_search:\n  text_unit_prop: 1.5\n", ErrValue, 2},
		{"local_search:\n  max_context_tokens: -1\n", ErrValue, 2},
		{"local_search:\n  max_context_tokens: 8000.5\n", ErrValue, 2},
		{"local_search:\n  prompt: ${PROMPT}\n", ErrValue, 2},
		{"local_search: [1, 2]\n", ErrValue, 1},
		{"local_search:\n  top_k: [\n", ErrSyntax, 0},
		{"- a\n- b\n", ErrSyntax, 0},
	}
	for _, c := range cases {
		p := write(t, t.TempDir(), c.body)
		_, err := Load(p)
		if !errors.Is(err, c.want) {
			t.Errorf("%q: err %v, want %v", c.body, err, c.want)
			continue
		}
		var ve *ValueError
		if c.line > 0 && (!errors.As(err, &ve) || ve.Line != c.line) {
			t.Errorf("%q: %v, want line %d", c.body, err, c.line)
		}
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%q: error %q does not name the file", c.body, err)
		}
	}
	for _, body := range []string{"", "local_search:\n", "other: 1\n"} {
		s, err := Load(write(t, t.TempDir(), body))
		if err != nil || s.LocalSearch != (LocalSearch{}) {
			t.Errorf("%q: %+v %v", body, s, err)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "output")
	os.Mkdir(out, 0o755)
	if Find(root) != "" || Find(out) != "" {
		t.Error("found a file that does not exist")
	}
	p := write(t, root, "local_search: {}\n")
	if Find(root) != p || Find(out) != p {
		t.Errorf("Find(root)=%q Find(out)=%q, want %q", Find(root), Find(out), p)
	}
}

// local_search.prompt names a file inside the project folder only: an
// absolute path or one that climbs out is refused when the settings are
// loaded, naming the key and line; a symbolic link inside the folder that
// leads out is refused when the prompt is read; a file inside is read.
func TestPromptInsideProject(t *testing.T) {
	for _, bad := range []string{"/etc/passwd", "../secret.txt", "prompts/../../secret.txt", `C:\x`} {
		dir := t.TempDir()
		p := write(t, dir, "local_search:\n  prompt: "+bad+"\n")
		_, err := Load(p)
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Key != "local_search.prompt" || ve.Line != 2 || !errors.Is(err, ErrValue) {
			if bad == `C:\x` && err == nil { // a plain file name on this system
				continue
			}
			t.Errorf("prompt %q: %v", bad, err)
		}
	}
	root := t.TempDir()
	dir := filepath.Join(root, "project")
	if err := os.MkdirAll(filepath.Join(dir, "prompts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "secret.txt"), []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "prompts", "local.txt"), []byte("the prompt {context_data}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(dir, "prompts", "out.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("local.txt", filepath.Join(dir, "prompts", "alias.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), make([]byte, MaxPromptBytes+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		prompt, want string
		ok           bool
	}{
		{"prompts/local.txt", "the prompt {context_data}", true},
		{"prompts/alias.txt", "the prompt {context_data}", true},
		{"prompts/out.txt", "", false},
		{"prompts/missing.txt", "", false},
		{"prompts", "", false},
		{"big.txt", "", false},
	} {
		p := write(t, dir, "local_search:\n  prompt: "+c.prompt+"\n")
		s, err := Load(p)
		if err != nil {
			t.Fatalf("%s: %v", c.prompt, err)
		}
		got, err := s.ReadPrompt()
		if c.ok != (err == nil) || got != c.want || strings.Contains(got, "SECRET") {
			t.Errorf("%s: %q, %v", c.prompt, got, err)
		}
		if err != nil && (!errors.Is(err, ErrPrompt) || !strings.Contains(err.Error(), c.prompt)) {
			t.Errorf("%s: error %v does not wrap ErrPrompt or name the path", c.prompt, err)
		}
	}
}
