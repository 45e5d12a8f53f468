package graphrag

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bytedance/sonic/ast"

	"reportengine/text"
)

// nodeRec is one decoded node before it enters the graph.
type nodeRec struct {
	id, name string
	typ      NodeType
	attrs    Attributes
	src      *sourceAttrs // typed source, or nil
	err      error
	// noName: the file gave neither a name nor a label; keep: the file
	// marked the node "derive": false (format 3).
	noName, keep bool
}

// derive gives a node read from a file of the given version what formats
// 3 and 4 leave out (see WriteJSONContext): a source's name when the file
// has none (format 3), a section's summary unless the node is marked
// "derive": false.
func (r *nodeRec) derive(version int) {
	if version < 3 || r.err != nil {
		return
	}
	switch r.typ {
	case TypeSource:
		if !r.noName {
			return
		}
		if r.src != nil {
			r.name = SourceName(r.src.Title, r.src.URL, r.src.Content)
		} else {
			r.name = SourceName(r.attrs.String("title"), r.attrs.String("url"), r.attrs.String("content"))
		}
	case TypeSection:
		if !r.keep {
			r.attrs = withSummary(r.attrs)
		}
	}
}

// nodeIn is a node as our writers spell it: formats 3 and 2, and format 1 with
// its label and properties duplicates. A nodes array that decodes into it
// strictly (string ids, no other keys) takes the fast path; anything else
// goes node by node through flexNode.
type nodeIn struct {
	ID         string   `json:"id"`
	Type       NodeType `json:"type"`
	Name       *string  `json:"name"`
	Label      string   `json:"label"`
	Attributes ast.Node `json:"attributes"` // lazy: the raw text, pointing into the input
	Properties ast.Node `json:"properties"` // format 1: a copy of attributes, skipped
	Derive     *bool    `json:"derive"`     // format 3: false for a section whose summary is not derived
}

// sourceAttrsV1 is a source's attributes in format 1: format 2's and 3's, with
// the derived preview.
type sourceAttrsV1 struct {
	sourceAttrs
	Preview string `json:"preview"`
}

func (rd *reader) readNodes() error {
	if rd.nodes == "" {
		return nil
	}
	recs, err := decodeRows(rd.nodes, rd.nodesAt, func(in *nodeIn, path string) nodeRec { return fastNode(in, rd.version, path) }, rd.flexNode)
	if err != nil {
		return err
	}
	// Size the columns once.
	g := NewWithCapacity(len(recs), len(recs))
	g.TaskID, g.CreatedAt, g.Meta = rd.g.TaskID, rd.g.CreatedAt, rd.g.Meta
	rd.g = g
	for i := range recs {
		r := &recs[i]
		if r.err != nil {
			return r.err
		}
		switch err := g.addRec(r); {
		case err == nil:
		case errors.Is(err, ErrDuplicateNode):
			rd.rep.DuplicateNodes++
			rd.rep.warn("%s[%d]: duplicate node id %q skipped (the first is kept)", rd.nodesAt, i, r.id)
		default:
			return fmt.Errorf("%w: at %s[%d]: %w", ErrFormat, rd.nodesAt, i, err)
		}
	}
	return nil
}

// fastNode finishes a node that decoded strictly (see nodeIn), with the
// same meaning flexNode gives it.
func fastNode(in *nodeIn, version int, path string) nodeRec {
	r := nodeRec{id: in.ID, typ: in.Type, keep: in.Derive != nil && !*in.Derive}
	if in.ID == "" {
		r.err = errAt(path+".id", "a node needs a non-empty string or number id")
		return r
	}
	switch {
	case in.Name != nil:
		r.name = *in.Name
	case in.Label != "":
		r.name = in.Label
	default:
		r.name, r.noName = in.ID, true
	}
	r.finish(rawOf(&in.Attributes, &in.Properties), version, path)
	r.derive(version)
	return r
}

// addRec adds a decoded node to g (typed when r.src is set).
func (g *Graph) addRec(r *nodeRec) error {
	if r.src == nil {
		return g.AddNode(&Node{ID: r.id, Type: r.typ, Name: r.name, Attrs: r.attrs})
	}
	v, err := g.AddSource(Source{ID: r.id, Name: r.name, URL: r.src.URL, Title: r.src.Title, Content: r.src.Content, Score: r.src.Score, Key: r.src.Key})
	if err == nil {
		g.SetSourceTally(v, r.src.Engines, r.src.FoundCount)
	}
	return err
}

// finish reads the raw attributes object of a node whose id, type and name
// are set: a source with exactly the builder's keys is typed, anything
// else generic attributes. The graph file and the column file
// (ReadColumns) both go through it, so they give the same graph.
func (r *nodeRec) finish(raw string, version int, path string) {
	if r.typ == TypeSource {
		if version >= 2 {
			if r.src = typedRow(raw); r.src != nil {
				return
			}
		} else {
			var v1 sourceAttrsV1
			if decAPI.UnmarshalFromString(raw, &v1) == nil && v1.Engines != nil && (v1.Key == "url" || v1.Key == "text") &&
				utf8.ValidString(v1.Content) && v1.Preview == text.TruncateRunes(v1.Content, PreviewRunes) {
				r.src = &v1.sourceAttrs
				return
			}
		}
	}
	r.attrs, r.err = attrsOf(raw, path+".attributes")
}

// typedRow is the typed source row of a source's raw attributes object
// in formats 2 to 4 when it has exactly the builder's keys, else nil.
func typedRow(raw string) *sourceAttrs {
	var sa sourceAttrs
	if decAPI.UnmarshalFromString(raw, &sa) == nil && sa.Engines != nil && (sa.Key == "url" || sa.Key == "text") {
		return &sa
	}
	return nil
}

// rawOf returns the raw JSON text of a lazily decoded value, or of alt
// when n's key was absent ("" when both were). Strings decoded from it
// point into the input.
func rawOf(n, alt *ast.Node) string {
	if !n.Exists() {
		n = alt
	}
	if !n.Exists() {
		return ""
	}
	r, err := n.Raw()
	if err != nil {
		return ""
	}
	return r
}

// attrsOf decodes an attributes object (or null, or nothing).
func attrsOf(raw, path string) (Attributes, error) {
	switch strings.TrimSpace(raw) {
	case "", "null", "{}":
		return Attributes{}, nil
	}
	v, err := decodeRaw(raw, path)
	if err != nil {
		return nil, err
	}
	a, ok := v.(Attributes)
	if !ok {
		return nil, errAt(path, "attributes: want a JSON object, got %s", kindOf(v))
	}
	return a, nil
}

// flexNode reads a node in any accepted spelling.
func (rd *reader) flexNode(raw, path string) nodeRec {
	var f flexFields
	if err := members(raw, path, func(key, val string) error { return rd.flexMember(&f, path, key, val) }); err != nil {
		f.r.err = err
		return f.r
	}
	r := f.r
	if !f.hasID {
		r.err = errAt(path+".id", "a node needs a non-empty string or number id")
		return r
	}
	if r.typ == "" {
		r.typ = NodeType(f.group)
	}
	if !f.hasName {
		r.name = f.label
		if f.label == "" {
			r.name, r.noName = r.id, true
		}
	}
	var given bool
	if r.attrs, given = f.chosen(); !given {
		r.attrs = Attributes{}
	}
	for _, kv := range f.extra {
		if _, ok := r.attrs.Get(kv.Key); !ok {
			r.attrs = append(r.attrs, kv)
		}
	}
	if r.typ == TypeSource && len(f.extra) == 0 {
		r.src = typedSource(r.attrs)
	}
	r.derive(rd.version)
	return r
}

// flexFields is what flexNode gathers from a node's members.
type flexFields struct {
	r              nodeRec
	hasID, hasName bool
	group, label   string
	attrMembers
	extra Attributes // other keys: attributes of a flat node
}

// attrMembers holds a row's "attributes" and "properties" members.
type attrMembers struct {
	attrs, props       Attributes
	hasAttrs, hasProps bool
}

// set reads the member key ("attributes" or "properties", raw JSON val) of
// the row at path.
func (m *attrMembers) set(path, key, val string) error {
	a, err := attrsOf(val, joinPath(path, "attributes"))
	if err != nil {
		return err
	}
	if key == "attributes" {
		m.attrs, m.hasAttrs = a, true
	} else {
		m.props, m.hasProps = a, true
	}
	return nil
}

// chosen returns "attributes" when given, else "properties" when given,
// and whether either was.
func (m *attrMembers) chosen() (Attributes, bool) {
	if m.hasAttrs || !m.hasProps {
		return m.attrs, m.hasAttrs
	}
	return m.props, true
}

// flexMember reads the member key (raw JSON val) of the node at path.
func (rd *reader) flexMember(f *flexFields, path, key, val string) error {
	kp := joinPath(path, key)
	switch key {
	case "attributes", "properties":
		return f.set(path, key, val)
	}
	v, err := decodeRaw(val, kp)
	if err != nil {
		return err
	}
	str := func() (string, error) { return textValue(v, kp) }
	switch key {
	case "id":
		switch x := v.(type) {
		case string:
			f.r.id, f.hasID = x, x != ""
		case json.Number:
			f.r.id, f.hasID = x.String(), true
		}
	case "type":
		var t string
		t, err = str()
		f.r.typ = NodeType(t)
	case "group":
		f.group, err = str()
	case "name":
		f.r.name, err = str()
		f.hasName = v != nil
	case "label":
		f.label, err = str()
	case "derive":
		if rd.version < 3 { // an attribute of a flat node, as any other key
			if !rd.envelope {
				f.extra = append(f.extra, Attr{Key: key, Value: v})
			}
			break
		}
		b, ok := v.(bool)
		if !ok {
			return errAt(kp, "want a boolean, got %s", kindOf(v))
		}
		f.r.keep = !b
	default:
		if !rd.envelope { // the web API's view fields (title tooltip) are not data
			f.extra = append(f.extra, Attr{Key: key, Value: v})
		}
	}
	return err
}

// v1SourceKeys are the attribute keys of a source in a version 1 file.
var v1SourceKeys = [...]string{"url", "title", "preview", "score", "content", "key", "engines", "found_count"}

// typedSource converts the attributes of a version 1 source when they are
// exactly the builder's (preview derived from content), so that nothing is
// lost by storing them typed; else nil.
func typedSource(a Attributes) *sourceAttrs {
	if len(a) != len(v1SourceKeys) {
		return nil
	}
	for i, k := range v1SourceKeys {
		if a[i].Key != k {
			return nil
		}
	}
	var s sourceAttrs
	var preview string
	for _, f := range [...]struct {
		at int
		to *string
	}{{0, &s.URL}, {1, &s.Title}, {2, &preview}, {4, &s.Content}, {5, &s.Key}} {
		var ok bool
		if *f.to, ok = a[f.at].Value.(string); !ok {
			return nil
		}
	}
	score, ok := scoreOf(a[3].Value)
	if !ok || preview != text.TruncateRunes(s.Content, PreviewRunes) || !utf8.ValidString(s.Content) ||
		s.Key != "url" && s.Key != "text" {
		return nil
	}
	s.Score = score
	list, ok := a[6].Value.([]any)
	if !ok {
		return nil
	}
	s.Engines = make([]string, len(list))
	for i, e := range list {
		if s.Engines[i], ok = e.(string); !ok {
			return nil
		}
	}
	found, ok := canonicalInt(a[7].Value)
	if !ok {
		return nil
	}
	s.FoundCount = int(found)
	return &s
}
