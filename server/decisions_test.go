package server_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"reportengine/server"
)

// The host check takes a bracketed IPv6 address without a port as the
// address itself, and the token is only a Bearer token: another scheme
// carrying the right token is refused.
func TestHostAndTokenEdges(t *testing.T) {
	graphs := t.TempDir()
	_, ts := newServer(t, server.Config{GraphsDir: graphs, AllowedHosts: []string{"::1"}, Token: "s3cret-token"})
	do := func(host, auth string) int {
		t.Helper()
		r, _ := http.NewRequest("GET", ts.URL+"/api/graphs", nil)
		r.Host = host
		if auth != "" {
			r.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := do("[::1]", "Bearer s3cret-token"); got != http.StatusOK {
		t.Errorf("Host [::1]: %d, want 200", got)
	}
	if got := do("[::2]", "Bearer s3cret-token"); got != http.StatusMisdirectedRequest {
		t.Errorf("Host [::2]: %d, want 421", got)
	}
	for _, auth := range []string{"Basic s3cret-token", "Token s3cret-token", "s3cret-token"} {
		if got := do("[::1]:80", auth); got != http.StatusUnauthorized {
			t.Errorf("Authorization %q: %d, want 401", auth, got)
		}
	}
	if got := do("[::1]:80", "bearer s3cret-token"); got != http.StatusOK {
		t.Errorf("scheme in lower case: %d, want 200", got)
	}
}

// A report folder that is a relative symbolic link to another report
// folder is not served either (an absolute link is already refused by the
// os.Root, so TestReportSymlinks's alias does not decide this): the folder
// is checked with Lstat, not Stat.
func TestReportRelativeFolderLinkRefused(t *testing.T) {
	root := t.TempDir()
	reports := filepath.Join(root, "reports")
	writeFile(t, filepath.Join(reports, "real", "report.html"), "<html>real</html>")
	if err := os.Symlink("real", filepath.Join(reports, "alias")); err != nil {
		t.Fatal(err)
	}
	_, ts := newServer(t, server.Config{GraphsDir: filepath.Join(root, "graphs"), ReportsDir: reports})
	if status, body := get(t, ts.URL+"/reports/real/"); status != 200 || string(body) != "<html>real</html>" {
		t.Fatalf("/reports/real/: %d %q", status, body)
	}
	for _, p := range []string{"/reports/alias/", "/reports/alias/report.html"} {
		status, body := get(t, ts.URL+p)
		wantFailure(t, p, status, body, 404)
	}
}
