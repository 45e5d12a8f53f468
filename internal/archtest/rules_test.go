package archtest

import (
	"path/filepath"
	"strings"
	"testing"
)

// The rules on a made-up table: each kind of violation is reported, and a
// layout that keeps them is clean.
func TestRulesOnMadeUpTable(t *testing.T) {
	const doc = `# x

| package | level | owns | may import |
|---|---|---|---|
| ` + "`low`" + ` | 0 | a | lower levels; ` + "`github.com/a/lib`" + ` |
| ` + "`mid`" + ` | 1 | b | lower levels |
| ` + "`peer`" + ` | 1 | c | lower levels; ` + "`github.com/a/lib`" + ` |
| ` + "`top`" + ` | 2 | d | lower levels |

after the table
`
	places, err := parseTable("arch.md", doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(places) != 4 || places["peer"].level != 1 || places["low"].line != 5 || len(places["low"].third) != 1 {
		t.Fatalf("parsed %+v", places)
	}
	clean := map[string][]string{
		"low": {"github.com/a/lib/sub"},
		"mid": {module + "/low"},
		"top": {module + "/mid", module + "/low"},
	}
	if bad := checkImports(places, clean); len(bad) != 0 {
		t.Fatalf("a clean layout reported %q", bad)
	}
	for _, tc := range []struct {
		name    string
		imports map[string][]string
		want    string
	}{
		{"upward", map[string][]string{"low": {module + "/mid"}}, "low (level 0) imports mid (level 1)"},
		{"same level", map[string][]string{"mid": {module + "/peer"}}, "mid (level 1) imports peer (level 1)"},
		{"unlisted third party", map[string][]string{"mid": {"github.com/b/other"}}, "mid imports github.com/b/other, which its row in docs/architecture.md (line 6) does not list"},
		{"prefix is not a module", map[string][]string{"low": {"github.com/a/library"}}, "low imports github.com/a/library"},
		{"two owners", map[string][]string{"low": {"github.com/a/lib"}, "peer": {"github.com/a/lib/x"}}, "third-party github.com/a/lib enters through 2 packages [low peer]"},
		{"missing row", map[string][]string{"new/pkg": {module + "/mid"}}, "package new/pkg is not in the package table of docs/architecture.md: add a row \"| `new/pkg` | 2 |"},
	} {
		bad := checkImports(places, tc.imports)
		if len(bad) != 1 || !strings.Contains(bad[0], tc.want) {
			t.Errorf("%s: %q, want one report containing %q", tc.name, bad, tc.want)
		}
	}
}

func TestTableErrors(t *testing.T) {
	head := "| package | level | owns | may import |\n|---|---|---|---|\n"
	for _, tc := range []struct{ doc, want string }{
		{"no table here", "no table with the header"},
		{head + "| `a` | one | x | y |\n", `level "one" of a`},
		{head + "| `a` | 0 | x |\n", "has 3 cells"},
		{head + "| `a` | 0 | x | y |\n| `a` | 1 | x | y |\n", "a has a row already (line 3)"},
	} {
		if _, err := parseTable("arch.md", tc.doc); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.doc, err, tc.want)
		}
	}
}

// go list's lines become each package's non-standard imports; a folder git
// does not track is left out, and without git's list every package stays.
func TestProjectImportsTracked(t *testing.T) {
	out := module + "/low\t/m/low\tfmt " + module + "/mid github.com/a/lib\n" +
		module + "/scratch\t/m/scratch\t" + module + "/top\n"
	std := map[string]bool{"fmt": true}
	imports, skipped := projectImports(out, std, map[string]bool{"/m/low": true})
	if len(imports) != 1 || strings.Join(imports["low"], " ") != module+"/mid github.com/a/lib" {
		t.Errorf("imports %q, want low's two non-standard imports alone", imports)
	}
	if strings.Join(skipped, " ") != "scratch" {
		t.Errorf("skipped %q, want [scratch]", skipped)
	}
	imports, skipped = projectImports(out, std, nil)
	if len(imports) != 2 || len(skipped) != 0 {
		t.Errorf("without git: imports %q skipped %q, want both packages kept", imports, skipped)
	}
}

// The module's own folders are tracked; a folder git does not know is not.
func TestTrackedDirs(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := trackedDirs(root)
	if err != nil {
		t.Skipf("no git here: %v", err)
	}
	if !dirs[filepath.Join(root, "internal", "archtest")] || !dirs[filepath.Join(root, "graphrag", "storage")] {
		t.Errorf("tracked folders lack internal/archtest or graphrag/storage: %d folders", len(dirs))
	}
	if dirs[filepath.Join(root, "internal", "archtest", "no-such-folder")] {
		t.Error("an unknown folder is tracked")
	}
}
