package cli

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"reportengine/internal/synth"
)

// childArgsEnv carries the arguments of a child process that runs the CLI
// exactly as the binary's main does (Run: real signals, NotifyContext).
const childArgsEnv = "REPORTENGINE_TEST_CLI_ARGS"

// TestSignalChild is not a test of its own: started by startCLI as a child
// process, it runs the CLI with the arguments in childArgsEnv and exits
// with its code.
func TestSignalChild(t *testing.T) {
	raw := os.Getenv(childArgsEnv)
	if raw == "" {
		t.Skip("only runs as the child of TestInterruptBuildGraph")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		t.Fatal(err)
	}
	os.Exit(Run(args))
}

// startCLI starts this test binary as `reportengine ARGS...` (via
// TestSignalChild) and returns the process and its stderr.
func startCLI(t *testing.T, args ...string) (*exec.Cmd, io.Reader) {
	t.Helper()
	raw, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^TestSignalChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childArgsEnv+"="+string(raw))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stderr
}

// Ctrl-C / SIGTERM during each stage of build-graph on about 50 MB of
// synthetic state JSON: the process exits with 130 and "interrupted"
// within about a second, the previous graph file keeps its bytes and no
// temporary file is left. The signal is sent when the stage's progress
// line appears on stderr, so every stage is hit, the writing one included.
func TestInterruptBuildGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 50 MB of states; skipped with -short")
	}
	dir := t.TempDir()
	paths, err := synth.WriteAll(filepath.Join(dir, "in"), synth.Config{Paragraphs: 60, Records: 420, Seed: 7}, 0)
	if err != nil {
		t.Fatal(err)
	}
	states := paths[:3]
	var total int64
	for _, p := range states {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		total += fi.Size()
	}
	if total < 45<<20 || total > 70<<20 {
		t.Fatalf("synthetic input is %d bytes, want about 50 MB", total)
	}

	// The previous version of the graph: a real graph under the same id.
	graphs := filepath.Join(dir, "graphs")
	if code, _, errOut := run(t, append([]string{"build-graph", "--graphs", graphs, "--report-id", "big", "--quiet"}, sampleStates(t)...)...); code != 0 {
		t.Fatalf("previous graph: exit %d: %s", code, errOut)
	}
	graphFile := filepath.Join(graphs, "big", "graphrag.json")
	before, err := os.ReadFile(graphFile)
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		stage  string // progress line prefix that triggers the signal
		signal syscall.Signal
	}{
		{"loading ", syscall.SIGINT},
		{"building ", syscall.SIGTERM},
		{"saving ", syscall.SIGINT},
	} {
		t.Run(strings.TrimSpace(tc.stage), func(t *testing.T) {
			cmd, stderr := startCLI(t, append([]string{"build-graph", "--graphs", graphs, "--report-id", "big"}, states...)...)
			sc := bufio.NewScanner(stderr)
			var lines []string
			var sent time.Time
			for sc.Scan() {
				lines = append(lines, sc.Text())
				if sent.IsZero() && strings.HasPrefix(sc.Text(), tc.stage) {
					sent = time.Now()
					if err := cmd.Process.Signal(tc.signal); err != nil {
						t.Fatal(err)
					}
				}
			}
			err := cmd.Wait()
			took := time.Since(sent)
			if sent.IsZero() {
				t.Fatalf("no %q progress line; stderr:\n%s", tc.stage, strings.Join(lines, "\n"))
			}
			code := cmd.ProcessState.ExitCode()
			if code != ExitInterrupted {
				t.Errorf("exit code %d (%v), want %d; stderr:\n%s", code, err, ExitInterrupted, strings.Join(lines, "\n"))
			}
			if last := lines[len(lines)-1]; last != "reportengine: interrupted" {
				t.Errorf("last stderr line %q, want \"reportengine: interrupted\"", last)
			}
			// About a second, with room for a loaded 2-core machine.
			if took > 3*time.Second {
				t.Errorf("exited %.1fs after the signal", took.Seconds())
			}
			t.Logf("%s: exit %d, %.0f ms after the signal", tc.stage, code, took.Seconds()*1000)
			after, err := os.ReadFile(graphFile)
			if err != nil {
				t.Fatal(err)
			}
			if string(after) != string(before) {
				t.Errorf("the previous graph file changed (%d bytes, was %d)", len(after), len(before))
			}
			if left, _ := filepath.Glob(filepath.Join(graphs, "big", ".*")); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}
