package cli

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// screenshotCheck opens the page in headless Chromium and checks that the
// screenshot shows the report, not a blank or error page. It skips without
// Chromium unless CI requires it (REPORTENGINE_REQUIRE_CHROMIUM).
func screenshotCheck(t *testing.T, htmlPath string) {
	t.Helper()
	abs, err := filepath.Abs(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	img, ok := screenshot(t, "file://"+abs)
	if !ok {
		return
	}
	if p := screenshotProblem(t, img); p != "" {
		t.Errorf("screenshot of %s: %s", htmlPath, p)
	}
	if keep := os.Getenv("REPORTENGINE_KEEP_SCREENSHOT"); keep != "" {
		f, err := os.Create(filepath.Join(keep, filepath.Base(filepath.Dir(htmlPath))+".png"))
		if err == nil {
			_ = png.Encode(f, img)
			_ = f.Close()
		}
	}
}

// screenshot renders url in headless Chromium (1280×2400). ok is false
// when Chromium is not installed and not required.
func screenshot(t *testing.T, url string) (img image.Image, ok bool) {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("REPORTENGINE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("chromium required (REPORTENGINE_REQUIRE_CHROMIUM) but not found: %v", err)
		}
		t.Logf("browser test: skipped: chromium not installed")
		return nil, false
	}
	t.Log("browser test: chromium ran")
	shot := filepath.Join(t.TempDir(), "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// a browser that dies by a signal (it segfaulted once on a loaded
	// 2-core machine, the page rendering alone a moment later) is run once
	// more; a page that crashes it again, or any other failure, fails
	for attempt := 1; ; attempt++ {
		cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
			"--hide-scrollbars", "--window-size=1280,2400", "--screenshot="+shot, url)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		outb, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		var exit *exec.ExitError
		if attempt == 1 && ctx.Err() == nil && errors.As(err, &exit) && killedBySignal(exit) {
			t.Logf("chromium died (%v): running it once more", err)
			continue
		}
		t.Fatalf("chromium: %v\n%s", err, outb)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot of %s (the page did not load): %v", url, err)
	}
	defer f.Close()
	img, err = png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return img, true
}

// killedBySignal reports a process that ended by a signal (a crash), not
// with an exit status.
func killedBySignal(exit *exec.ExitError) bool {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled()
}

// reportColours reads the page background (--bg) and the link and number
// colour (--primary) from the report's style sheet, so the check follows
// the stylesheet rather than a copy of it.
func reportColours(t *testing.T) (bg, primary [3]int) {
	t.Helper()
	css, err := os.ReadFile(repoPath("render", "templates", "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	get := func(name string) [3]int {
		m := regexp.MustCompile(`--` + name + `:#([0-9a-fA-F]{6})[;}]`).FindSubmatch(css)
		if m == nil {
			t.Fatalf("style.css has no --%s:#rrggbb", name)
		}
		var c [3]int
		for i := range c {
			v, _ := strconv.ParseUint(string(m[1][2*i:2*i+2]), 16, 8)
			c[i] = int(v)
		}
		return c
	}
	return get("bg"), get("primary")
}

// screenshotProblem says why img is not a screenshot of a report, or "".
// A report page has varied content (colours, non-white pixels), its own
// page background over a good part of the page and text in its link
// colour; a blank page, a browser error page or an error message page has
// not, whatever else it shows.
func screenshotProblem(t *testing.T, img image.Image) string {
	t.Helper()
	bgC, primaryC := reportColours(t)
	near := func(r, g, b int, c [3]int, tol int) bool {
		d := func(a, b int) int { return max(a-b, b-a) }
		return d(r, c[0]) <= tol && d(g, c[1]) <= tol && d(b, c[2]) <= tol
	}
	seen := map[uint32]bool{}
	total, nonWhite, bg, primary := 0, 0, 0, 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r16, g16, b16, _ := img.At(x, y).RGBA()
			r, g, b := int(r16>>8), int(g16>>8), int(b16>>8)
			total++
			if r < 0xf0 || g < 0xf0 || b < 0xf0 {
				nonWhite++
			}
			seen[(r16>>11)<<10|(g16>>11)<<5|b16>>11] = true
			if near(r, g, b, bgC, 2) {
				bg++
			}
			if near(r, g, b, primaryC, 40) {
				primary++
			}
		}
	}
	switch {
	case len(seen) < 16 || float64(nonWhite) < 0.03*float64(total):
		return fmt.Sprintf("looks blank: %d colours, %d of %d pixels not white", len(seen), nonWhite, total)
	case float64(bg) < 0.10*float64(total):
		return fmt.Sprintf("not the report page: its background %x covers %d of %d pixels (under 10%%)", bgC, bg, total)
	case primary < 100:
		return fmt.Sprintf("not the report page: %d pixels in its link colour %x (want at least 100)", primary, primaryC)
	}
	return ""
}

// The check can fail: pages that are not a rendered report are refused,
// including an error page that is far from blank (a grey page with a big
// red message, which the old "enough colours and non-white pixels" test
// let through).
func TestScreenshotCheckRejectsNonReports(t *testing.T) {
	dir := t.TempDir()
	pages := map[string]string{
		"empty":       `<!doctype html><html><body></body></html>`,
		"plain error": `<!doctype html><html><body><h1>Error 500</h1><p>Internal Server Error.</p></body></html>`,
		"loud error": `<!doctype html><html><body style="margin:0;background:#d0d0d0;font:48px sans-serif">` +
			`<h1 style="color:#c00;background:#fdd;padding:40px">报告生成失败 / Report failed</h1>` +
			`<p style="color:#333">` + repeatText("template: page.html.tmpl: executing \"chapter\" at <.Blocks>: error calling render; ", 30) + `</p></body></html>`,
	}
	for name, html := range pages {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, name+".html")
			if err := os.WriteFile(p, []byte(html), 0o644); err != nil {
				t.Fatal(err)
			}
			img, ok := screenshot(t, "file://"+p)
			if !ok {
				t.Skip("no chromium")
			}
			if problem := screenshotProblem(t, img); problem == "" {
				t.Errorf("the %s page passes as a report screenshot", name)
			} else {
				t.Logf("%s: %s", name, problem)
			}
		})
	}
}

func repeatText(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// killedBySignal tells a crash (a process killed by SIGSEGV) from a
// failure with an exit status: only the crash is retried.
func TestKilledBySignal(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for script, want := range map[string]bool{"kill -SEGV $$": true, "exit 3": false} {
		err := exec.Command(sh, "-c", script).Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s: %v, want an exit error", script, err)
		}
		if got := killedBySignal(exit); got != want {
			t.Errorf("%s: killedBySignal = %v, want %v", script, got, want)
		}
	}
}
