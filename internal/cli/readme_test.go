package cli

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// readmeSections splits README.md into its "### `reportengine CMD …`"
// sections, keyed by the command path ("build-graph", "completion"), plus
// "### Global flags" under the key "".
func readmeSections(t *testing.T, readme string) map[string]string {
	t.Helper()
	out := map[string]string{}
	lines := strings.Split(readme, "\n")
	word := regexp.MustCompile(`^[a-z][a-z-]*$`)
	for i := 0; i < len(lines); i++ {
		h := lines[i]
		if !strings.HasPrefix(h, "### ") {
			continue
		}
		key, ok := "", false
		switch {
		case h == "### Global flags":
			ok = true
		case strings.HasPrefix(h, "### `reportengine "):
			var path []string
			for _, f := range strings.Fields(strings.Trim(strings.TrimPrefix(h, "### `reportengine "), "`")) {
				if !word.MatchString(f) {
					break
				}
				path = append(path, f)
			}
			key, ok = strings.Join(path, " "), len(path) > 0
		}
		if !ok {
			continue
		}
		if _, dup := out[key]; dup {
			t.Errorf("README.md: two sections for %q", key)
		}
		var body []string
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "## ") && !strings.HasPrefix(lines[j], "### "); j++ {
			body = append(body, lines[j])
		}
		out[key] = strings.Join(body, "\n")
	}
	return out
}

var readmeFlag = regexp.MustCompile("--[a-z][a-z0-9-]*")

// Every command and flag in --help is in README.md and every flag README.md
// names in a command's section is one of that command's (or a global one):
// the test walks the cobra tree.
func TestREADMEMatchesHelp(t *testing.T) {
	data, err := os.ReadFile(repoPath("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := readmeSections(t, string(data))
	root := NewRootCmd(&Deps{})
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpFlag()

	global := map[string]bool{"help": true}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) { global[f.Name] = true })
	root.Flags().VisitAll(func(f *pflag.Flag) { global[f.Name] = true })
	if root.Version != "" {
		global["version"] = true
	}
	checkSection(t, "Global flags", sections[""], global, global)

	seen := map[string]bool{"": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() || sub.Name() == "help" {
				continue
			}
			path := strings.TrimPrefix(sub.CommandPath(), root.Name()+" ")
			key := path
			for key != "" && sections[key] == "" {
				if i := strings.LastIndex(key, " "); i >= 0 {
					key = key[:i] // a subcommand may share its parent's section
				} else {
					key = ""
				}
			}
			if key == "" {
				t.Errorf("README.md has no section \"### `reportengine %s …`\"", path)
				walk(sub)
				continue
			}
			seen[key] = true
			own := map[string]bool{}
			sub.InitDefaultHelpFlag()
			sub.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
				if f.Name != "help" && !f.Hidden {
					own[f.Name] = true
				}
			})
			// Flags a section may name: the command's, its subcommands'
			// (one section for `completion bash|zsh|…`), and the global ones.
			allowed := map[string]bool{}
			for k := range global {
				allowed[k] = true
			}
			for k := range own {
				allowed[k] = true
			}
			var addSubs func(*cobra.Command)
			addSubs = func(c *cobra.Command) {
				for _, s := range c.Commands() {
					s.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) { allowed[f.Name] = true })
					addSubs(s)
				}
			}
			addSubs(sub)
			checkSection(t, path, sections[key], own, allowed)
			walk(sub)
		}
	}
	walk(root)
	for key := range sections {
		if !seen[key] {
			t.Errorf("README.md documents `reportengine %s`, which is not a command", key)
		}
	}
}

// checkSection fails for every flag in must that body does not name, and
// for every flag body names that allowed does not hold.
func checkSection(t *testing.T, name, body string, must, allowed map[string]bool) {
	t.Helper()
	named := map[string]bool{}
	for _, m := range readmeFlag.FindAllString(body, -1) {
		named[strings.TrimPrefix(m, "--")] = true
	}
	var missing, unknown []string
	for f := range must {
		if !named[f] {
			missing = append(missing, "--"+f)
		}
	}
	for f := range named {
		if !allowed[f] {
			unknown = append(unknown, "--"+f)
		}
	}
	sort.Strings(missing)
	sort.Strings(unknown)
	if len(missing) > 0 {
		t.Errorf("README.md section %s does not document %s", name, strings.Join(missing, ", "))
	}
	if len(unknown) > 0 {
		t.Errorf("README.md section %s names %s, which the command does not have", name, strings.Join(unknown, ", "))
	}
}

// README.md's exit-code table is the one in exitcodes.go, row for row.
func TestREADMEExitCodes(t *testing.T) {
	data, err := os.ReadFile(repoPath("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile(`(?m)^\| (\d+) \| (.*) \|$`).FindAllStringSubmatch(string(data), -1)
	got := map[string]string{}
	for _, r := range rows {
		got[r[1]] = r[2]
	}
	for _, c := range exitCodes {
		code := fmt.Sprint(c.Code)
		if got[code] != c.Meaning {
			t.Errorf("README.md exit code %s: %q, want %q (from exitcodes.go)", code, got[code], c.Meaning)
		}
		delete(got, code)
	}
	for code := range got {
		t.Errorf("README.md lists exit code %s, which exitcodes.go does not define", code)
	}
}

// The prose's exit code for a second run of a locked report id is
// ExitLocked, as the table says (it read "exit 1" while runs exited 7);
// the sentence moved from README.md to docs/cli.md.
func TestREADMELockedRunExitCode(t *testing.T) {
	data, err := os.ReadFile(repoPath("docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	prose := strings.Join(strings.Fields(string(data)), " ")
	m := regexp.MustCompile(`second run of the same id is refused[^(]*\(exit (\d+)\)`).FindStringSubmatch(prose)
	if m == nil || m[1] != fmt.Sprint(ExitLocked) {
		t.Errorf("README.md on a second run of the same report id: %q, want exit %d", m, ExitLocked)
	}
}

// The figures README.md quotes (sizes, times, memory) appear in
// docs/benchmarks.md, where they were measured (README.md now links there
// and may quote none).
func TestREADMEFiguresMatchBenchmarks(t *testing.T) {
	readme, err := os.ReadFile(repoPath("README.md"))
	if err != nil {
		t.Fatal(err)
	}
	bench, err := os.ReadFile(repoPath("docs", "benchmarks.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	i := strings.Index(text, "\n## Benchmarks")
	if i < 0 {
		t.Fatal("README.md has no Benchmarks section")
	}
	figure := regexp.MustCompile(`\d[\d.]*(?: \d{3})*(?:–\d[\d.]*)? ?(?:MB|GB|MiB|GiB|ms|µs|s)\b`)
	found := figure.FindAllString(text[i:], -1)
	for _, f := range found {
		if !strings.Contains(string(bench), f) {
			t.Errorf("README.md quotes %q, which docs/benchmarks.md does not contain", f)
		}
	}
	// The node and edge counts next to the graph size, too.
	for _, n := range []string{"259 342", "303 468", "300 000"} {
		if strings.Contains(text[i:], n) && !strings.Contains(string(bench), n) {
			t.Errorf("README.md quotes %s, which docs/benchmarks.md does not contain", n)
		}
	}
}

// Help states each default once: a flag whose default cobra prints
// ("(default 15)") does not name a default in its own text too, and no
// flag text names one twice.
func TestHelpStatesDefaultOnce(t *testing.T) {
	root := NewRootCmd(&Deps{})
	root.InitDefaultCompletionCmd()
	zero := map[string]bool{"": true, "0": true, "false": true, "[]": true, "0s": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			n := strings.Count(strings.ToLower(f.Usage), "default")
			if !zero[f.DefValue] && n > 0 {
				t.Errorf("%s --%s: %q names a default, and cobra adds \"(default %s)\"", c.CommandPath(), f.Name, f.Usage, f.DefValue)
			}
			if n > 1 {
				t.Errorf("%s --%s: %q names a default twice", c.CommandPath(), f.Name, f.Usage)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
