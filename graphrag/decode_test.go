package graphrag

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// generic turns a decoded Attributes tree into what encoding/json's
// UseNumber decoding gives, so the two decoders can be compared.
func generic(v any) any {
	switch x := v.(type) {
	case Attributes:
		m := map[string]any{}
		for _, kv := range x {
			m[kv.Key] = generic(kv.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = generic(e)
		}
		return out
	}
	return v
}

// FuzzAttributesUnmarshal checks the hand-written decoder against
// encoding/json on every input: same acceptance of objects, same values.
func FuzzAttributesUnmarshal(f *testing.F) {
	for _, seed := range []string{
		`{}`, `null`, `{"a":1}`, `{"a":"\u4e2d\n\"x\"","b":[1,2.5e-3,-0,true,false,null,{"c":{}}]}`,
		`{"bad":"\xff"}`, `{"a":1,"a":2}`, `[1]`, `{"a":01}`, `{"a":1.}`, `{"a":"x\u0000"}`, " { \"k\" : [ ] } ",
		`{"a":"\ud83d\ude00 \udc00"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Attributes
		err := a.UnmarshalJSON(data)
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var want any
		werr := dec.Decode(&want)
		if werr == nil && len(bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")) > 0 {
			werr = errTrailing
		}
		if werr == nil {
			if _, isObj := want.(map[string]any); !isObj && want != nil {
				werr = errTrailing // not an object: we must refuse too
			}
		}
		if (err == nil) != (werr == nil) {
			t.Fatalf("input %q: our error %v, encoding/json error %v", data, err, werr)
		}
		if err != nil {
			return
		}
		var got any
		if a != nil {
			got = generic(a)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("input %q decoded differently (-encoding/json +ours):\n%s", data, d)
		}
	})
}

var errTrailing = &json.SyntaxError{}
