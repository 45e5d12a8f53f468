package graphrag

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// spellingCases are strings with every ASCII byte, runes of each UTF-8
// length, U+2028/U+2029, invalid and truncated UTF-8, surrogate halves,
// and random mixes of them.
func spellingCases() []string {
	var out []string
	for c := range 0x80 {
		out = append(out, string(rune(c)), "a"+string(rune(c))+"中")
	}
	out = append(out, "", "武汉大学樱花", "é", "😀x", "\u2028", "a\u2029b", "\u2027\u202a", "bad\xffutf8", "\xed\xa0\x80", "\xe2\x80", "trunc\xe4\xb8",
		"\xc0\xaf", "\xf4\x90\x80\x80", "<script>&amp;</script>", "\x7f\u0080\u00a0", strings.Repeat("长文本<b>", 300))
	pieces := []string{"a", "中", "\"", "\\", "\n", "\b", "\f", "\x01", "<", ">", "&", "\u2028", "\xff", "\xe4\xb8", "😀", "/", " "}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		out = append(out, b.String())
	}
	return out
}

// AppendString's spellings, long strings (the codec's escaping) and short
// ones (appendText's) alike, are the codec's (sp 0: what the graph
// file holds) and encoding/json's Marshal (HTML|ShortControls), and HTML
// alone is the codec's with json.HTMLEscape applied (what encoding/json
// makes of an Attributes value), on every case.
func TestAppendStringSpellings(t *testing.T) {
	var cases []string
	for _, s := range spellingCases() { // each short (written here) and long (by the codec)
		cases = append(cases, s, s+strings.Repeat("长x", codecMinBytes/4)+s)
	}
	for _, s := range cases {
		codec, err := appendValue(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s, 0); !bytes.Equal(got, codec) {
			t.Errorf("%q: AppendString %s, codec %s", s, got, codec)
		}
		std, _ := json.Marshal(s)
		if got := AppendString(nil, s, HTML|ShortControls); !bytes.Equal(got, std) {
			t.Errorf("%q: AppendString(HTML|ShortControls) %s, encoding/json %s", s, got, std)
		}
		var esc bytes.Buffer
		json.HTMLEscape(&esc, codec)
		if got := AppendString(nil, s, HTML); !bytes.Equal(got, esc.Bytes()) {
			t.Errorf("%q: AppendString(HTML) %s, codec escaped %s", s, got, esc.Bytes())
		}
		for _, sp := range []Spelling{0, HTML, HTML | ShortControls} {
			want := AppendString(nil, s, sp)
			if got := appendText([]byte{'"'}, s, sp); string(got)+`"` != string(want) {
				t.Errorf("%q (%d): appendText %s, AppendString %s", s, sp, got, want)
			}
			if got := AppendText(nil, s, sp); `"`+string(got)+`"` != string(want) {
				t.Errorf("%q (%d): AppendText %s, AppendString %s", s, sp, got, want)
			}
		}
		if !utf8.Valid(AppendString(nil, s, 0)) {
			t.Errorf("%q: invalid UTF-8 out", s)
		}
	}
}

// AppendAttrsJSON writes Attrs(v).MarshalJSON() (sp 0) and its
// json.HTMLEscape (HTML) for typed sources and generic nodes with nested
// values, and leaves out exactly the keys asked.
func TestAppendAttrsJSON(t *testing.T) {
	g := New()
	score := 0.25
	src, err := g.AddSource(Source{ID: "s<1>", Name: "n", URL: "https://e.com/?a=1&b=<2>", Title: "t\b\u2028", Content: "正文<script>\xff", Key: "url", Score: &score})
	if err != nil {
		t.Fatal(err)
	}
	g.SetSourceTally(src, []string{"media", "q&a"}, 3)
	bare, _ := g.AddSource(Source{ID: "s2", URL: "u"})
	nested := Attributes{{Key: "k<", Value: "v>\f"}, {Key: "list", Value: []any{"x&", 1.5, true, nil, json.Number("12"), Attributes{{Key: "o", Value: "<p>"}}}},
		{Key: "map", Value: map[string]any{"b": "<", "a": 1}}, {Key: "strs", Value: []string{"\u2029", "y"}}, {Key: "n", Value: 7}}
	if err := g.AddNode(&Node{ID: "g", Type: TypeSection, Name: "x", Attrs: nested}); err != nil {
		t.Fatal(err)
	}
	gen, _ := g.Lookup("g")
	for _, v := range []int{src, bare, gen} {
		want, err := g.Attrs(v).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.AppendAttrsJSON([]byte("pre"), v, 0, nil)
		if err != nil || string(got) != "pre"+string(want) {
			t.Errorf("node %d: %s, %v; want pre%s", v, got, err, want)
		}
		var esc bytes.Buffer
		json.HTMLEscape(&esc, want)
		if got, err := g.AppendAttrsJSON(nil, v, HTML, nil); err != nil || !bytes.Equal(got, esc.Bytes()) {
			t.Errorf("node %d (HTML): %s, %v; want %s", v, got, err, esc.Bytes())
		}
		keys := g.Attrs(v)
		omit := []string{keys[0].Key, keys[len(keys)-1].Key}
		kept := keys[1 : len(keys)-1]
		want, _ = kept.MarshalJSON()
		if got, err := g.AppendAttrsJSON(nil, v, 0, omit); err != nil || !bytes.Equal(got, want) {
			t.Errorf("node %d without %v: %s, %v; want %s", v, omit, got, err, want)
		}
	}
}

// BenchmarkAppendStringHTML: AppendString on a Chinese paragraph with HTML characters, through the
// codec (as it runs) and byte by byte (appendText, its oracle): the codec
// path is what makes a /neighbors body of the 300 000-record graph cheap.
func BenchmarkAppendStringHTML(b *testing.B) {
	s := strings.Repeat("武汉大学樱花季网友热议，预约制度引发“争议”。Campus open 2025-03-20 <b>", 20)
	for _, c := range []struct {
		name string
		f    func([]byte, string, Spelling) []byte
	}{{"codec", AppendText}, {"plain", appendText}} {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 2*len(s))
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				buf = c.f(buf[:0], s, HTML)
			}
		})
	}
}
