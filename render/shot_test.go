package render

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteShot writes the golden document's HTML and Markdown to the
// directory named by RENDER_SHOT, for a look in a browser:
//
//	RENDER_SHOT=/tmp go test ./render -run TestWriteShot
//	chromium --headless --screenshot=/tmp/shot.png --window-size=1280,4000 file:///tmp/report.html
func TestWriteShot(t *testing.T) {
	dir := os.Getenv("RENDER_SHOT")
	if dir == "" {
		t.Skip("set RENDER_SHOT to a directory")
	}
	h, err := HTML(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	m, err := Markdown(fullDocument())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "report.html"), h, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "report.md"), m, 0o644); err != nil {
		t.Fatal(err)
	}
}
