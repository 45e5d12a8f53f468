package queryengine

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"reportengine/graphrag"
)

func TestDecodeQueryErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantKey string
	}{
		{`{"depth":"2"}`, "depth"},
		{`{"depth":1.5}`, "depth"},
		{`{"depth":true}`, "depth"},
		{`{"depth":-1}`, "depth"},
		{`{"depth":1e30}`, "depth"},
		{`{"depth":[1]}`, "depth"},
		{`{"keywords":42}`, "keywords"},
		{`{"keywords":{"a":1}}`, "keywords"},
		{`{"keywords":["a",1]}`, "keywords[1]"},
		{`{"node_types":"section"}`, "node_types"},
		{`{"node_types":[null]}`, "node_types[0]"},
		{`{"engine_filter":"media"}`, "engine_filter"},
		{`{"engine_filter":[["media"]]}`, "engine_filter[0]"},
		{`{"max_sources":-1}`, "max_sources"},
		{`{"max_sections":"10"}`, "max_sections"},
		{`{"max_queries":2.5}`, "max_queries"},
		{`[1,2]`, "query"},
		{`"depth"`, "query"},
		{`{"depth":`, "query"},
		{``, "query"},
		{`{} {}`, "query"},
		{`{} }`, "query"}, // json.Decoder.More reports no more data before } or ]
		{`{"depth":1}]`, "query"},
		{"{}\n]\n", "query"},
	}
	for _, tt := range tests {
		q, err := DecodeQuery([]byte(tt.in))
		var qe *QueryError
		if !errors.Is(err, ErrBadQuery) || !errors.As(err, &qe) {
			t.Errorf("DecodeQuery(%s) = %+v, %v; want a *QueryError", tt.in, q, err)
			continue
		}
		if qe.Key != tt.wantKey {
			t.Errorf("DecodeQuery(%s): error %q names %q, want %q", tt.in, err, qe.Key, tt.wantKey)
		}
	}
	_, err := DecodeQuery([]byte(`{"depth":"2"}`))
	if got, want := err.Error(), "queryengine: depth: want an integer, got a string"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	_, err = DecodeQuery([]byte(`{"keywords":[true]}`))
	if got, want := err.Error(), "queryengine: keywords[0]: want a string, got a boolean"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

func TestDecodeQueryAccepts(t *testing.T) {
	tests := []struct {
		in   string
		want Query
	}{
		{`{}`, Query{Depth: 1}},
		{`{"keywords":null,"node_types":null,"engine_filter":null,"depth":null}`, Query{Depth: 1}},
		{`{"keywords":"a, b 美国"}`, Query{Keywords: []string{"a, b 美国"}, Depth: 1}},
		{`{"keywords":[],"depth":0}`, Query{Keywords: []string{}, Depth: 0}},
		{`{"depth":2.0,"max_sources":3,"max_sections":0,"max_queries":1e1}`, Query{Depth: 2, MaxSources: 3, MaxQueries: 10}},
		{
			// an LLM decision: extra keys are ignored
			`{"should_query":true,"keywords":["樱花","招生"],"node_types":["section","source"],"engine_filter":["media"],"depth":2,"reasoning":"…","report_id":"r1"}`,
			Query{Keywords: []string{"樱花", "招生"}, Types: []graphrag.NodeType{"section", "source"}, Engines: []string{"media"}, Depth: 2},
		},
		{`{"Keywords":["ignored: keys are exact"]}`, Query{Depth: 1}},
		{" {\"depth\":2} \t\r\n", Query{Depth: 2}},
	}
	for _, tt := range tests {
		got, err := DecodeQuery([]byte(tt.in))
		if err != nil {
			t.Errorf("DecodeQuery(%s): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("DecodeQuery(%s) (-want +got):\n%s", tt.in, diff)
		}
	}
	q, _ := DecodeQuery([]byte(`{"keywords":"a, b 美国"}`))
	if diff := cmp.Diff([]string{"a", "b", "美国"}, Terms(q.Keywords)); diff != "" {
		t.Errorf("terms (-want +got):\n%s", diff)
	}
}

func TestQueryJSONRoundTrip(t *testing.T) {
	q := Query{Keywords: []string{"<樱花>"}, Types: []graphrag.NodeType{"source"}, Engines: []string{"media"}, Depth: 3, MaxSources: 4}
	data, err := q.MarshalJSON() // json.Marshal would add \u003c escapes
	if err != nil {
		t.Fatal(err)
	}
	want := `{"keywords":["<樱花>"],"node_types":["source"],"engine_filter":["media"],"depth":3,"max_sections":0,"max_queries":0,"max_sources":4}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	var back Query
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(q, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if err := json.Unmarshal([]byte(`{"depth":"x"}`), &back); !errors.Is(err, ErrBadQuery) {
		t.Errorf("Unmarshal of a bad depth: %v", err)
	}
}

// FuzzDecodeQuery checks that DecodeQuery never panics and that what it
// accepts survives a JSON round trip.
func FuzzDecodeQuery(f *testing.F) {
	for _, s := range []string{`{}`, `{"keywords":"a b"}`, `{"depth":2.0}`, `{"node_types":["x"],"engine_filter":null}`, `[`, `{"depth":1e400}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := DecodeQuery(data)
		if err != nil {
			if !errors.Is(err, ErrBadQuery) {
				t.Fatalf("error %v does not match ErrBadQuery", err)
			}
			return
		}
		if q.Depth < 0 || q.MaxSections < 0 || q.MaxQueries < 0 || q.MaxSources < 0 {
			t.Fatalf("accepted negative values: %+v", q)
		}
		out, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeQuery(out); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
	})
}
