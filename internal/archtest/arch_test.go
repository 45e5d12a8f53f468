package archtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "reportengine"

// tablePath is the package table, relative to the module root.
const tablePath = "docs/architecture.md"

// place is one row of the package table: the package's level and the
// third-party modules it may import.
type place struct {
	level int
	third []string // module paths; a module allows its sub-packages
	line  int      // 1-based line of the row
}

func TestImportRules(t *testing.T) {
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	table := filepath.Join(strings.TrimSpace(string(root)), tablePath)
	places, err := readTable(table)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dirs, err := trackedDirs(strings.TrimSpace(string(root)))
	if err != nil {
		t.Logf("every package go list finds is checked: %v", err)
	}
	imports, skipped := projectImports(string(out), stdPackages(t), dirs)
	for _, pkg := range skipped {
		t.Logf("%s is not checked: git tracks no Go file in its folder", pkg)
	}
	for _, msg := range checkImports(places, imports) {
		t.Error(msg)
	}
	for pkg, p := range places {
		if _, ok := imports[pkg]; !ok {
			t.Logf("%s:%d: %s is in the table but not in the module (yet)", tablePath, p.line, pkg)
		}
	}
}

// projectImports reads go list's lines "import path<TAB>folder<TAB>imports"
// into each project package's non-standard imports (module-relative
// names). With dirs (the folders holding a Go file git tracks) a package
// whose folder is not among them is left out and listed in skipped: an
// untracked folder in a worktree is not part of the project. With dirs
// nil every package is kept (no git: a source archive).
func projectImports(out string, std map[string]bool, dirs map[string]bool) (imports map[string][]string, skipped []string) {
	imports = map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		fields := strings.SplitN(line, "\t", 3)
		if len(fields) != 3 {
			continue
		}
		pkg := rel(fields[0])
		if dirs != nil && !dirs[filepath.Clean(fields[1])] {
			skipped = append(skipped, pkg)
			continue
		}
		imports[pkg] = nil
		for _, imp := range strings.Fields(fields[2]) {
			if !std[imp] {
				imports[pkg] = append(imports[pkg], imp)
			}
		}
	}
	return imports, skipped
}

// trackedDirs returns the folders (absolute, cleaned) under the module
// root that hold a Go file git tracks; an error when git cannot list them.
func trackedDirs(root string) (map[string]bool, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--", "*.go").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	dirs := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			dirs[filepath.Join(root, filepath.Dir(f))] = true
		}
	}
	return dirs, nil
}

// checkImports applies the rules to the imports of every project package
// (module-relative names; third-party imports by import path) and returns
// the violations, sorted.
func checkImports(places map[string]place, imports map[string][]string) []string {
	var bad []string
	owners := map[string][]string{} // third-party module → project packages importing it
	for pkg, imps := range imports {
		p, known := places[pkg]
		if !known {
			bad = append(bad, missingRow(pkg, imps, places))
			continue
		}
		for _, imp := range imps {
			if isProject(imp) {
				dep := rel(imp)
				q, ok := places[dep]
				switch {
				case !ok:
					// reported as a missing row of its own
				case q.level >= p.level:
					bad = append(bad, fmt.Sprintf("%s (level %d) imports %s (level %d): imports must point to a lower level (%s lines %d and %d)",
						pkg, p.level, dep, q.level, tablePath, p.line, q.line))
				}
				continue
			}
			mod, ok := listed(p.third, imp)
			if !ok {
				bad = append(bad, fmt.Sprintf("%s imports %s, which its row in %s (line %d) does not list", pkg, imp, tablePath, p.line))
				continue
			}
			if !contains(owners[mod], pkg) {
				owners[mod] = append(owners[mod], pkg)
			}
		}
	}
	for mod, pkgs := range owners {
		if len(pkgs) > 1 {
			sort.Strings(pkgs)
			bad = append(bad, fmt.Sprintf("third-party %s enters through %d packages %v; one package must own it", mod, len(pkgs), pkgs))
		}
	}
	sort.Strings(bad)
	return bad
}

// missingRow says where a package without a row goes, with the lowest
// level its project imports allow.
func missingRow(pkg string, imps []string, places map[string]place) string {
	level := 0
	for _, imp := range imps {
		if q, ok := places[rel(imp)]; ok && isProject(imp) {
			level = max(level, q.level+1)
		}
	}
	return fmt.Sprintf("package %s is not in the package table of %s: add a row \"| `%s` | %d | what it owns | lower levels |\" (level %d is the lowest its imports allow; list any third-party module it uses)",
		pkg, tablePath, pkg, level, level)
}

// readTable reads the rows of the table whose header is
// "| package | level | owns | may import |".
func readTable(path string) (map[string]place, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the package levels: %w", err)
	}
	return parseTable(path, string(data))
}

func parseTable(path, doc string) (map[string]place, error) {
	places := map[string]place{}
	in := false
	for i, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		cells := cellsOf(line)
		switch {
		case !in:
			in = len(cells) == 4 && cells[0] == "package" && cells[1] == "level" && cells[2] == "owns" && cells[3] == "may import"
			continue
		case !strings.HasPrefix(line, "|"):
			if len(places) > 0 {
				return places, nil
			}
			continue
		case strings.Trim(line, "|-: ") == "":
			continue // the rule under the header
		}
		if len(cells) != 4 {
			return nil, fmt.Errorf("%s:%d: a row has %d cells, want 4 (package | level | owns | may import)", path, i+1, len(cells))
		}
		pkg := strings.Trim(cells[0], "`")
		level, err := strconv.Atoi(cells[1])
		if err != nil || level < 0 {
			return nil, fmt.Errorf("%s:%d: level %q of %s is not a whole number >= 0", path, i+1, cells[1], pkg)
		}
		if prev, dup := places[pkg]; dup {
			return nil, fmt.Errorf("%s:%d: %s has a row already (line %d)", path, i+1, pkg, prev.line)
		}
		p := place{level: level, line: i + 1}
		for _, m := range backticked(cells[3]) {
			if strings.Contains(strings.SplitN(m, "/", 2)[0], ".") {
				p.third = append(p.third, m)
			}
		}
		places[pkg] = p
	}
	if len(places) == 0 {
		return nil, fmt.Errorf("%s: no table with the header | package | level | owns | may import |", path)
	}
	return places, nil
}

// cellsOf splits a Markdown table row into trimmed cells; nil for a line
// that is not a row.
func cellsOf(line string) []string {
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// backticked returns the `quoted` parts of s.
func backticked(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+1+j])
		s = s[i+j+2:]
	}
}

// listed returns the module of mods that covers import path imp.
func listed(mods []string, imp string) (string, bool) {
	for _, m := range mods {
		if imp == m || strings.HasPrefix(imp, m+"/") {
			return m, true
		}
	}
	return "", false
}

func isProject(imp string) bool { return imp == module || strings.HasPrefix(imp, module+"/") }

// rel is a project import path relative to the module ("graphrag/storage").
func rel(imp string) string { return strings.TrimPrefix(strings.TrimPrefix(imp, module), "/") }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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
