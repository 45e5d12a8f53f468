package server_test

import (
	"net/http"
	"testing"

	"reportengine/server"
)

// Tests written for the survivors of the issue-20 fresh mutation round
// (docs/mutations.md, G-rows): a subdomain of an allowed host is another
// host, refused like any other (G55).
func TestAllowedHostsNoSubdomains(t *testing.T) {
	_, ts := newServer(t, server.Config{GraphsDir: t.TempDir(), AllowedHosts: []string{"localhost", "reports.example"}})
	for host, ok := range map[string]bool{
		"reports.example:8080":     true,
		"evil.localhost":           false,
		"attacker.reports.example": false,
		"a.b.reports.example:8080": false,
	} {
		r, _ := http.NewRequest("GET", ts.URL+"/api/graphs", nil)
		r.Host = host
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.StatusCode != http.StatusMisdirectedRequest; got != ok {
			t.Errorf("Host %q: status %d, allowed=%v want %v", host, resp.StatusCode, got, ok)
		}
	}
}

// A bearer token is compared whole: one of the right length but another
// value is refused (G56).
func TestTokenSameLengthRefused(t *testing.T) {
	_, ts := newServer(t, server.Config{GraphsDir: t.TempDir(), Token: "s3cret-token"})
	for tok, want := range map[string]int{"s3cret-token": http.StatusOK, "s3cret-tokex": http.StatusUnauthorized, "x3cret-token": http.StatusUnauthorized} {
		r, _ := http.NewRequest("GET", ts.URL+"/api/graphs", nil)
		r.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("token %q: status %d, want %d", tok, resp.StatusCode, want)
		}
	}
}
