package localsearch

import (
	"strings"
	"testing"

	"reportengine/internal/fixture"
	"reportengine/llm/tokens"
)

// The engine counts a prompt as the sum of its additive lines (each
// through the cache); the oracle is the tokenizer's count of the whole
// prompt, for both encodings, on the prompts of the shipped questions on
// both fixture graphs (Chinese rows, quotes, URLs, blank lines, the
// template's prose). Joined, the lines are the prompt.
func TestPromptCountByLines(t *testing.T) {
	// lines after which a piece runs on: a '/' (o200k_base reads "。\n/"
	// as one piece), white space, a blank line
	edges := []string{"id|text\n0|见 https://x.y/z。\n/news/1\n", "a：\n  缩进\nb\n\n\nc\n", "路径。\n/a/b。\n\u3000全角\n"}
	for _, enc := range tokens.Encodings() {
		e, tk := countingEngine(t, enc)
		for _, s := range edges {
			if got, want := e.count(s), tk.Count(s); got != want {
				t.Errorf("%s: %q counted %d by lines, %d whole", enc, s, got, want)
			}
		}
	}
	for _, tc := range []struct {
		run  func(testing.TB) fixture.Run
		sets []string
	}{
		{fixture.BettaFish, []string{"../../eval/testdata/bettafish.jsonl"}},
		{fixture.Coffee, []string{"../../examples/coffee-shop/questions.jsonl"}},
	} {
		b := graphBuilder(t, tc.run(t))
		var prompts []string
		for _, set := range tc.sets {
			for i, q := range questionsOf(t, set) {
				if i%3 != 0 {
					continue // a third of them: the context's rows recur
				}
				p := DefaultParams()
				p.Retrieval, p.MinSimilarity = RetrievalHybrid, NoMatchSimilarity
				c, err := b.Build(t.Context(), q, nil, p)
				if err != nil {
					t.Fatal(err)
				}
				system, err := FormatPrompt(SystemPrompt, map[string]string{"context_data": c.Text, "response_type": "multiple paragraphs"})
				if err != nil {
					t.Fatal(err)
				}
				prompts = append(prompts, system)
			}
		}
		for _, enc := range tokens.Encodings() {
			e, tk := countingEngine(t, enc)
			for _, s := range prompts {
				if strings.Join(additiveLines(s), "") != s {
					t.Fatalf("additiveLines lost text of a prompt")
				}
				if got, want := e.count(s), tk.Count(s); got != want {
					t.Errorf("%s: counted %d by lines, %d whole", enc, got, want)
				}
			}
		}
	}
}

// countingEngine is an engine that only counts, with enc's tokenizer and
// an empty cache.
func countingEngine(t *testing.T, enc string) (*Engine, *tokens.Tokenizer) {
	t.Helper()
	tk, err := tokens.New(enc)
	if err != nil {
		t.Fatal(err)
	}
	return &Engine{b: &ContextBuilder{cfg: Config{Tokenizer: tk}, cache: &countCache{m: map[string]int{}}}, cfg: EngineConfig{Tokenizer: tk}}, tk
}
