package tokens

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNewEncodings(t *testing.T) {
	// Token ids of "hello world" published by OpenAI's tiktoken:
	// cl100k_base [15339, 1917], o200k_base [24912, 2375].
	tests := []struct {
		name, want string
		ids        []uint
	}{
		{"", O200kBase, []uint{24912, 2375}},
		{"o200k_base", O200kBase, []uint{24912, 2375}},
		{" cl100k_base ", Cl100kBase, []uint{15339, 1917}},
	}
	for _, tt := range tests {
		tk, err := New(tt.name)
		if err != nil {
			t.Fatalf("New(%q): %v", tt.name, err)
		}
		if tk.Encoding() != tt.want {
			t.Errorf("New(%q).Encoding() = %q, want %q", tt.name, tk.Encoding(), tt.want)
		}
		ids, _, err := tk.codec().Encode("hello world")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids, tt.ids) {
			t.Errorf("New(%q) encodes \"hello world\" as %v, want %v", tt.name, ids, tt.ids)
		}
		if got := tk.Count("hello world"); got != 2 {
			t.Errorf("New(%q).Count(\"hello world\") = %d, want 2", tt.name, got)
		}
	}
}

func TestEncodingsDiffer(t *testing.T) {
	// The same Chinese text counts differently in the two encodings: the
	// configured encoding, not a fixed one, decides (B40).
	o, _ := New(O200kBase)
	c, _ := New(Cl100kBase)
	s := "舆情分析报告：武汉大学樱花季的网络讨论在三天内迅速升温。"
	if o.Count(s) == c.Count(s) {
		t.Errorf("o200k_base and cl100k_base both count %d tokens for %q; the encodings are not distinct", o.Count(s), s)
	}
	if Count(s) != o.Count(s) {
		t.Errorf("package Count = %d, New(o200k_base).Count = %d", Count(s), o.Count(s))
	}
}

func TestNewUnknownEncoding(t *testing.T) {
	// B40: a model name or an invented encoding is a configuration error
	// that lists the known encodings.
	for _, name := range []string{"o300k", "qwen2.5:7b", "deepseek-chat", "gpt-4o", "O200K_BASE"} {
		tk, err := New(name)
		if !errors.Is(err, ErrUnknownEncoding) {
			t.Errorf("New(%q) = %v, %v; want ErrUnknownEncoding", name, tk, err)
			continue
		}
		for _, known := range Encodings() {
			if !strings.Contains(err.Error(), known) {
				t.Errorf("New(%q) error %q does not list %s", name, err, known)
			}
		}
	}
}

func TestSpecialTokensCountAsText(t *testing.T) {
	for _, enc := range Encodings() {
		tk, _ := New(enc)
		for _, s := range []string{"<|endoftext|>", "a<|endofprompt|>b", "<|fim_prefix|>"} {
			n := tk.Count(s)
			// As a special token "<|endoftext|>" would be one token; as
			// text it is "<|", "endo", … — several.
			if n < 2 {
				t.Errorf("%s: Count(%q) = %d, want it counted as text (≥ 2 tokens)", enc, s, n)
			}
			if got := tk.Truncate(s, n); got != s {
				t.Errorf("%s: Truncate(%q, %d) = %q", enc, s, n, got)
			}
		}
		// Invalid UTF-8 is counted, never an error.
		if n := tk.Count("\xff\xfe abc"); n == 0 {
			t.Errorf("%s: Count(invalid UTF-8) = 0", enc)
		}
	}
}

func TestTokenizerTruncateRuneSafe(t *testing.T) {
	s := "舆情分析报告 hello 网络讨论"
	for _, enc := range Encodings() {
		tk, _ := New(enc)
		for limit := 0; limit <= tk.Count(s); limit++ {
			got := tk.Truncate(s, limit)
			if !utf8.ValidString(got) || !strings.HasPrefix(s, got) || tk.Count(got) > limit {
				t.Errorf("%s: Truncate(%q, %d) = %q", enc, s, limit, got)
			}
			if slow := truncateByCountWith(tk.codec(), s, limit); tk.Count(slow) > limit || !strings.HasPrefix(s, slow) {
				t.Errorf("%s: slow path Truncate(%q, %d) = %q", enc, s, limit, slow)
			}
		}
	}
}

// TestOfflineNoCacheB37 counts in a fresh process whose HOME and cache
// directories are unwritable and whose proxies point nowhere: the counts
// must equal the in-process ones and nothing may be written (B37).
func TestOfflineNoCacheB37(t *testing.T) {
	if os.Getenv("TOKENS_B37_CHILD") == "1" {
		for _, enc := range Encodings() {
			tk, err := New(enc)
			if err != nil {
				t.Fatal(err)
			}
			os.Stdout.WriteString(enc + "=" + strconv.Itoa(tk.Count(b37Text)) + "\n")
		}
		return
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestOfflineNoCacheB37$", "-test.count=1")
	cmd.Env = []string{
		"TOKENS_B37_CHILD=1",
		"HOME=" + ro, "XDG_CACHE_HOME=" + ro, "TIKTOKEN_CACHE_DIR=" + ro, "DATA_GYM_CACHE_DIR=" + ro,
		"HTTP_PROXY=http://127.0.0.1:1", "HTTPS_PROXY=http://127.0.0.1:1", "NO_PROXY=",
		"PATH=" + os.Getenv("PATH"),
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	for _, enc := range Encodings() {
		tk, _ := New(enc)
		want := enc + "=" + strconv.Itoa(tk.Count(b37Text))
		if !strings.Contains(string(out), want) {
			t.Errorf("child output lacks %q:\n%s", want, out)
		}
	}
	if entries, _ := os.ReadDir(ro); len(entries) != 0 {
		t.Errorf("the read-only HOME received %d entries", len(entries))
	}
}

const b37Text = "Tell me about Agent Mercer. 舆情分析报告 <|endoftext|>"

func TestLineAdditive(t *testing.T) {
	// Lines as the local-search tables have them: "id|field|…\n", fields
	// with punctuation, quotes, CJK, trailing spaces and inner newlines.
	fields := []string{"ALEX MERCER", "舆情分析报告：武汉大学", "said \"no\".", "a/b", "x  ", "17.0", "...", "—", "!!", "\t", "1e-05", "http://x.y/z", "end."}
	var lines []string
	seed := uint32(7)
	next := func(n int) int { seed = seed*1664525 + 1013904223; return int(seed>>8) % n }
	for i := range 400 {
		var b strings.Builder
		b.WriteString(strconv.Itoa(i))
		for range 1 + next(4) {
			b.WriteString("|" + fields[next(len(fields))])
			if next(5) == 0 {
				b.WriteString("\n" + fields[next(len(fields))])
			}
		}
		b.WriteString("\n")
		lines = append(lines, b.String())
	}
	for _, enc := range Encodings() {
		tk, _ := New(enc)
		if !tk.LineAdditive() {
			t.Fatalf("%s: LineAdditive false", enc)
		}
		for start := 0; start+8 <= len(lines); start += 8 {
			chunk := lines[start : start+8]
			sum := 0
			for _, l := range chunk {
				sum += tk.Count(l)
			}
			if whole := tk.Count(strings.Join(chunk, "")); whole != sum {
				t.Errorf("%s: lines %d…%d: whole %d != sum of lines %d\n%q", enc, start, start+7, whole, sum, chunk)
			}
		}
	}
}
