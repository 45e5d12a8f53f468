package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeChromium writes a shell script standing in for Chromium: it counts
// its runs in a file and, on the runs listed in crashOn, kills itself with
// SIGSEGV (fail: exits 3 instead); on others it writes a PDF to the path
// of its --print-to-pdf flag.
func fakeChromium(t *testing.T, crashOn string, fail bool) (bin, runs string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in is a shell script")
	}
	dir := t.TempDir()
	runs = filepath.Join(dir, "runs")
	die := "kill -SEGV $$"
	if fail {
		die = "exit 3"
	}
	script := `#!/bin/sh
echo x >> "` + runs + `"
n=$(wc -l < "` + runs + `" | tr -d ' ')
case " ` + crashOn + ` " in *" $n "*) ` + die + `;; esac
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4 fake' > "${a#--print-to-pdf=}";; esac; done
`
	bin = filepath.Join(dir, "chromium")
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, runs
}

func runsOf(t *testing.T, runs string) int {
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// A Chromium that crashes is started once more and its second print kept;
// one that crashes twice, or exits with an error, fails the print, with
// no PDF left behind.
func TestPrintPDFRetriesACrash(t *testing.T) {
	for _, c := range []struct {
		name     string
		crashOn  string
		fail     bool
		wantRuns int
		wantErr  bool
	}{
		{"crash once", "1", false, 2, false},
		{"crash twice", "1 2", false, 2, true},
		{"exit with an error", "1", true, 1, true},
		{"no crash", "", false, 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			bin, runs := fakeChromium(t, c.crashOn, c.fail)
			html := filepath.Join(t.TempDir(), "report.html")
			if err := os.WriteFile(html, []byte("<html></html>"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := printPDF(t.Context(), bin, html)
			if (err != nil) != c.wantErr {
				t.Fatalf("printPDF error %v, want an error %v", err, c.wantErr)
			}
			if n := runsOf(t, runs); n != c.wantRuns {
				t.Errorf("Chromium started %d times, want %d", n, c.wantRuns)
			}
			_, statErr := os.Stat(filepath.Join(filepath.Dir(html), "report.pdf"))
			if c.wantErr == (statErr == nil) {
				t.Errorf("report.pdf there: %v, want %v", statErr == nil, !c.wantErr)
			}
		})
	}
}
