package evidence

import "testing"

// hostCases are URLs around the edges of plainHost's fast path: with want
// true the fast path must read them (and agree with url.Parse), with
// want false it must leave them to url.Parse.
var hostCases = []struct {
	raw  string
	fast bool
}{
	{"https://www.sohu.com/a/1", true},
	{"http://Example.COM", true},
	{"https://a.example.org/p?q=1#f", true},
	{"https://a.example.org?q=/x", true},
	{"https://a.example.org#x/y?z", true},
	{"https://host.", true},
	{"https://a_b~c-d.cn/x y", false},    // a space: url.Parse takes it in a path, the fast path does not
	{"https://a.com/%zz", false},         // a bad escape: url.Parse fails, Host is ""
	{"https://a.com/p#%zz", false},       // in the fragment too
	{"https://a.com/%E4%B8%AD", false},   // a good escape: still url.Parse's
	{"https://a.com:443/x", false},       // a port
	{"https://user@a.com/x", false},      // user information
	{"https://[::1]:80/x", false},        // an IP literal
	{"https://a.com\x7f/x", false},       // a control byte: url.Parse fails
	{"https://a.com/\x01", false},        // in the path too
	{"https://中文.com/x", false},          // not ASCII
	{"https://a{b}.com/x", false},        // not a host character: url.Parse fails
	{"https:///path", false},             // no host
	{"ftp://a.com/x", false},             // another scheme
	{"HTTPS://a.com/x", false},           // the scheme in capitals: url.Parse's
	{"https://a.com/x?%zz", false},       // url.Parse keeps a bad escape in a query
	{"https://a.com?", true},             // ForceQuery
	{"https://a.com/p/../q;x=1,y", true}, // path characters url.Parse keeps
}

// TestPlainHostAgreesWithURLParse is the oracle test of the fast path:
// where plainHost reads a URL it gives url.Parse's host, and it reads
// exactly the plain forms (a '%', a port, a control byte … go to
// url.Parse, which rejects some of them).
func TestPlainHostAgreesWithURLParse(t *testing.T) {
	for _, c := range hostCases {
		h, ok := plainHost(c.raw)
		if ok != c.fast {
			t.Errorf("plainHost(%q) ok = %v, want %v", c.raw, ok, c.fast)
		}
		if ok && h != parsedHost(c.raw) {
			t.Errorf("plainHost(%q) = %q, url.Parse gives %q", c.raw, h, parsedHost(c.raw))
		}
	}
	if h := Host("https://a.com/%zz"); h != "" {
		t.Errorf("Host of a URL url.Parse rejects = %q, want \"\"", h)
	}
}

func FuzzPlainHost(f *testing.F) {
	for _, c := range hostCases {
		f.Add(c.raw)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if h, ok := plainHost(raw); ok && h != parsedHost(raw) {
			t.Errorf("plainHost(%q) = %q, url.Parse gives %q", raw, h, parsedHost(raw))
		}
	})
}
