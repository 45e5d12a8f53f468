package archtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "reportengine"

// allowed lists, per package, the project packages and third-party modules
// it may import directly (the standard library is always allowed). A
// package missing here fails the test, so new packages must be placed.
var allowed = map[string][]string{
	"state":                 {"github.com/tidwall/gjson", "internal/hugepage"},
	"forum":                 {},
	"text":                  {"github.com/go-ego/gse"},
	"graphrag":              {"text", "internal/parallel", "github.com/dominikbraun/graph", "github.com/bytedance/sonic", "github.com/bytedance/sonic/ast", "github.com/bytedance/sonic/encoder", "github.com/bytedance/sonic/utf8"},
	"graphrag/builder":      {"text", "state", "forum", "graphrag"},
	"graphrag/storage":      {"graphrag", "internal/atomicfile"},
	"internal/atomicfile":   {},
	"internal/hugepage":     {},
	"internal/settings":     {"gopkg.in/yaml.v3"},
	"graphrag/queryengine":  {"text", "graphrag", "internal/parallel"},
	"graphrag/knowledge":    {"text", "graphrag", "internal/atomicfile", "internal/parallel", "llm", "github.com/parquet-go/parquet-go"},
	"graphrag/localsearch":  {"text", "graphrag/knowledge", "llm", "llm/tokens", "prompts"},
	"graphrag/globalsearch": {"text", "graphrag/knowledge", "llm", "llm/tokens"},
	"graphrag/questiongen":  {"text", "graphrag/localsearch", "graphrag/knowledge", "llm", "prompts"},
	"eval":                  {"text", "graphrag/localsearch", "graphrag/globalsearch", "graphrag/knowledge", "llm"},
	"evidence":              {"text", "state", "forum", "graphrag", "internal/parallel"},
	"internal/parallel":     {},
	"ir":                    {"github.com/go-playground/validator/v10"},
	"llm":                   {},
	"prompts":               {"ir"},
	"templates":             {"text"},
	"llm/openaicompat":      {"llm", "github.com/sashabaranov/go-openai"},
	"llm/offline":           {"text", "llm", "prompts", "ir", "internal/parallel"},
	"llm/llmtest":           {"llm"},
	"llm/tokens":            {"llm", "github.com/tiktoken-go/tokenizer"},
	"render":                {"ir", "github.com/yuin/goldmark/util", "github.com/yuin/goldmark", "github.com/yuin/goldmark/extension", "github.com/yuin/goldmark/renderer/html", "github.com/yuin/goldmark/parser", "github.com/yuin/goldmark/ast", "github.com/yuin/goldmark/text"},
	"nodes/draft":           {"text", "llm", "llm/offline", "prompts", "ir"},
	"nodes":                 {"text", "evidence", "internal/parallel", "graphrag/knowledge", "graphrag/localsearch", "graphrag/questiongen", "nodes/draft", "internal/atomicfile", "llm", "llm/tokens", "prompts", "ir", "templates", "render", "state", "forum", "graphrag", "graphrag/queryengine"},
	"internal/synth":        {},
	"internal/archtest":     {},
	"cmd/synthstates":       {"internal/synth"},
	"server":                {"text", "graphrag", "graphrag/storage", "graphrag/queryengine", "graphrag/knowledge", "graphrag/localsearch", "graphrag/questiongen", "llm"},
	"internal/cli":          {"text", "prompts", "graphrag/globalsearch", "eval", "graphrag/knowledge", "graphrag/localsearch", "graphrag/questiongen", "internal/settings", "llm/tokens", "github.com/peterh/liner", "server", "state", "forum", "graphrag", "graphrag/builder", "graphrag/storage", "graphrag/queryengine", "llm", "llm/openaicompat", "llm/offline", "ir", "templates", "render", "nodes", "github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/schollz/progressbar/v3", "github.com/mattn/go-isatty", "github.com/mattn/go-runewidth"},
	"cmd/reportengine":      {"internal/cli"},
}

func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Standard}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	std := stdPackages(t)
	owners := map[string][]string{} // third-party import → project packages importing it
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		rules, known := allowed[pkg]
		if !known {
			t.Errorf("package %q has no import rule in archtest (place it in the DESIGN.md levels)", pkg)
			continue
		}
		ok := map[string]bool{}
		for _, r := range rules {
			ok[r] = true
		}
		for _, imp := range fields[2:] {
			if std[imp] {
				continue
			}
			rel := imp
			if imp == module || strings.HasPrefix(imp, module+"/") {
				rel = strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			} else {
				owners[imp] = append(owners[imp], pkg)
			}
			if !ok[rel] {
				t.Errorf("%s imports %s, which its level does not allow", pkg, imp)
			}
		}
	}
	for imp, pkgs := range owners {
		if len(pkgs) > 1 {
			sort.Strings(pkgs)
			t.Errorf("third-party %s enters through %d packages %v; one package must own it", imp, len(pkgs), pkgs)
		}
	}
}

func stdPackages(t *testing.T) map[string]bool {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	m := map[string]bool{}
	for _, l := range strings.Fields(string(out)) {
		m[l] = true
	}
	return m
}
