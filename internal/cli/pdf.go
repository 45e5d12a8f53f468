package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// pdfTimeout bounds one Chromium print (seconds of wall time).
const pdfTimeout = 120 * time.Second

// errNoChromium says --pdf cannot work on this machine.
var errNoChromium = errors.New("--pdf needs headless Chromium, which is not installed: install Debian's chromium package (apt-get install chromium) or put chromium on PATH")

// chromiumPath finds a Chromium or Chrome binary on PATH (chromium,
// chromium-browser, google-chrome), or returns errNoChromium.
func chromiumPath() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errNoChromium
}

// printPDF prints htmlPath to report.pdf beside it with headless Chromium
// (A4, the page's own print stylesheet, no header or footer), through a
// temporary file renamed into place, so an interrupted print leaves no
// partial PDF. The page is self-contained, so Chromium needs no network;
// its background networking is switched off. A fresh profile folder is
// used and removed. A Chromium that crashes is started once more
// (pdfAttempts); one that exits with an error is not. The path returned is report.pdf joined to htmlPath's
// folder as given (relative when it is).
func printPDF(ctx context.Context, bin, htmlPath string) (string, error) {
	abs, err := filepath.Abs(htmlPath)
	if err != nil {
		return "", err
	}
	dir := filepath.Dir(abs)
	out := filepath.Join(dir, "report.pdf")
	tmp, err := os.CreateTemp(dir, ".report-*.pdf")
	if err != nil {
		return "", fmt.Errorf("pdf: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName)
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	var msg []byte
	for attempt := 1; ; attempt++ {
		msg, err = runChromium(ctx, bin, tmpName, abs)
		if err == nil {
			break
		}
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", fmt.Errorf("pdf: chromium did not finish within %v", pdfTimeout)
		}
		if cerr := context.Cause(ctx); cerr != nil {
			return "", cerr
		}
		if attempt < pdfAttempts && crashed(err) {
			continue // a crash (a signal), not a refusal: once more, with a fresh profile
		}
		return "", fmt.Errorf("pdf: chromium failed: %w: %s", err, lastLine(string(msg)))
	}
	if st, err := os.Stat(tmpName); err != nil || st.Size() == 0 {
		return "", fmt.Errorf("pdf: chromium wrote no PDF: %s", lastLine(string(msg)))
	}
	if err := os.Chmod(tmpName, 0o644); err != nil {
		return "", fmt.Errorf("pdf: %w", err)
	}
	if err := os.Rename(tmpName, out); err != nil {
		return "", fmt.Errorf("pdf: %w", err)
	}
	// Named like the other files of the report: beside htmlPath, as given.
	return filepath.Join(filepath.Dir(htmlPath), "report.pdf"), nil
}

// pdfAttempts is how many times printPDF starts Chromium when it crashes
// (dies of a signal: headless Chromium segfaulted once in the PDF test on
// a loaded machine; started again, it printed).
const pdfAttempts = 2

// runChromium prints the page file abs to the PDF file out with headless
// Chromium bin in a fresh profile folder, removed after; it returns what
// Chromium wrote to its outputs and the error of its run.
func runChromium(ctx context.Context, bin, out, abs string) ([]byte, error) {
	profile, err := os.MkdirTemp("", "reportengine-chromium-")
	if err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	defer os.RemoveAll(profile)
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+profile,
		"--no-pdf-header-footer", "--print-to-pdf="+out, "file://"+abs)
	return cmd.CombinedOutput()
}

// crashed reports whether err is a process's death by a signal (its exit
// code -1), not an exit with a status of its own.
func crashed(err error) bool {
	var exit *exec.ExitError
	return errors.As(err, &exit) && exit.ExitCode() == -1
}

// lastLine is what follows the last line break of s that is neither its
// first nor its last byte; s when there is none.
func lastLine(s string) string {
	if i := strings.LastIndexByte(s[:max(len(s)-1, 0)], '\n'); i > 0 {
		return s[i+1:]
	}
	return s
}
