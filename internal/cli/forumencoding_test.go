package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A forum.log saved as GBK is refused (exit 3) naming the file, the first
// bad line and the iconv command, and no graph or report is written: read as
// UTF-8 it would keep its timestamps and speakers and lose every message.
func TestForumLogNotUTF8Refused(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "forum.log")
	// "[09:01:15] [QUERY] 网友普遍反映地铁延误" and "[09:01:16] [INSIGHT] 第二行内容" in GBK
	gbk := "[09:01:15] [QUERY] \xcd\xf8\xd3\xd1\xc6\xd5\xb1\xe9\xb7\xb4\xd3\xb3\xb5\xd8\xcc\xfa\xd1\xd3\xce\xf3\n" +
		"[09:01:16] [INSIGHT] \xb5\xda\xb6\xfe\xd0\xd0\xc4\xda\xc8\xdd\n"
	if err := os.WriteFile(log, []byte(gbk), 0o644); err != nil {
		t.Fatal(err)
	}
	graphs, reports := filepath.Join(dir, "graphs"), filepath.Join(dir, "reports")
	for _, args := range [][]string{
		{"build-graph", "--graphs", graphs, "--report-id", "g", "--forum", log},
		{"report", "--llm", "offline", "--graphs", graphs, "--out", reports, "--report-id", "r", "--forum", log},
	} {
		code, _, errOut := run(t, append(args, sampleStates(t)...)...)
		if code != ExitBadInput {
			t.Errorf("%s: exit %d, want %d; stderr %q", args[0], code, ExitBadInput, errOut)
		}
		for _, want := range []string{log, "line 1", "iconv -f GBK -t UTF-8", "2 of 2 lines"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("%s: stderr %q does not name %q", args[0], errOut, want)
			}
		}
	}
	for _, p := range []string{filepath.Join(graphs, "g"), filepath.Join(graphs, "r"), filepath.Join(reports, "r")} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s exists after the refusal (stat: %v)", p, err)
		}
	}
}
