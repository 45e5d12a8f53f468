package ir

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Every block type has an example, and every example validates.
func TestSchemaExamplesValidate(t *testing.T) {
	for _, typ := range BlockTypes() {
		b, ok := schemaExamples[typ]
		if !ok {
			t.Errorf("%s: no example", typ)
			continue
		}
		if b.Type != typ {
			t.Errorf("%s: example has type %q", typ, b.Type)
		}
		c := Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{b}}
		if err := ValidateChapter(&c); err != nil {
			t.Errorf("%s example invalid: %v", typ, err)
		}
		s := blockSchemas()[typ]
		var fromText Block
		if err := json.Unmarshal([]byte(s.Example), &fromText); err != nil {
			t.Errorf("%s: example JSON: %v", typ, err)
		}
		if !reflect.DeepEqual(fromText, b) {
			t.Errorf("%s: schema example JSON %s differs from the example", typ, s.Example)
		}
	}
}

// Removing a field the schema calls required fails validation; removing
// any other field of the example does not (the schema says exactly what
// the validator enforces).
func TestSchemaRequiredMatchesValidator(t *testing.T) {
	for _, typ := range BlockTypes() {
		s := blockSchemas()[typ]
		var tree map[string]any
		if err := json.Unmarshal([]byte(s.Example), &tree); err != nil {
			t.Fatal(err)
		}
		required := map[string]bool{}
		for _, r := range s.Required {
			required[r] = true
		}
		// the example's own top-level keys, checked independently of
		// the schema's path walk
		for k := range tree {
			if k == "type" {
				continue
			}
			cp := map[string]any{}
			for kk, v := range tree {
				if kk != k {
					cp[kk] = v
				}
			}
			raw, _ := json.Marshal(cp)
			var b Block
			if err := json.Unmarshal(raw, &b); err != nil {
				t.Fatal(err)
			}
			c := Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{b}}
			failed := ValidateChapter(&c) != nil
			quadrant := false
			for _, q := range quadrants[typ] {
				quadrant = quadrant || q == k
			}
			switch {
			case quadrant:
				// the only quadrant of the example: the table needs one
				if !failed {
					t.Errorf("%s without its only quadrant %q validates", typ, k)
				}
			case failed && !required[k]:
				t.Errorf("%s: removing %q fails validation, but the schema does not call it required (%v)", typ, k, s.Required)
			case !failed && required[k]:
				t.Errorf("%s: the schema calls %q required, but the block validates without it", typ, k)
			}
		}
		for _, r := range s.Required {
			if !strings.Contains(Schema([]string{typ}), r) {
				t.Errorf("%s: required %q not in the schema text", typ, r)
			}
		}
	}
}

// Every oneof enum of the IR types appears in the full schema with all its
// values, and every value the schema offers passes the validator.
func TestSchemaEnumsMatchValidator(t *testing.T) {
	text := Schema(nil)
	for _, st := range []reflect.Type{reflect.TypeOf(Block{}), reflect.TypeOf(Cell{}), reflect.TypeOf(QuadrantItem{}),
		reflect.TypeOf(KPI{}), reflect.TypeOf(Mark{})} {
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			vals := fieldEnum(f)
			if vals == nil {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			line := "=" + strings.Join(vals, "|")
			if !strings.Contains(text, name+line) && !strings.Contains(text, "."+name+line) {
				t.Errorf("%s.%s: %q not in the schema", st.Name(), f.Name, name+line)
			}
		}
	}
	// the values the schema lists validate in their place, a made-up one
	// does not
	for _, typ := range BlockTypes() {
		s := blockSchemas()[typ]
		for path, vals := range s.Enums {
			if strings.Contains(path, "{") || strings.Contains(path, "align") {
				continue // quadrant groups and optional keys: covered above
			}
			for _, v := range append(vals, "not-a-value") {
				var tree any
				_ = json.Unmarshal([]byte(s.Example), &tree)
				setPath(tree, strings.Split(strings.ReplaceAll(path, "[]", ".[]"), "."), v)
				raw, _ := json.Marshal(tree)
				var b Block
				if err := json.Unmarshal(raw, &b); err != nil {
					t.Fatal(err)
				}
				if typ == TypeEngineQuote && path == "engine" {
					b.Title = engineTitles[v]
				}
				if v == MarkLink {
					b.Inlines[0].Marks[0].Href = "https://example.org"
				}
				if v == MarkColor || v == MarkHighlight {
					b.Inlines[0].Marks[0].Value = "red"
				}
				c := Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{b}}
				err := ValidateChapter(&c)
				if v == "not-a-value" && err == nil {
					t.Errorf("%s %s=%q validates", typ, path, v)
				}
				if v != "not-a-value" && err != nil {
					t.Errorf("%s %s=%q: %v", typ, path, v, err)
				}
			}
		}
	}
}

func setPath(v any, parts []string, val string) {
	switch x := v.(type) {
	case map[string]any:
		if len(parts) == 1 {
			x[parts[0]] = val
			return
		}
		setPath(x[parts[0]], parts[1:], val)
	case []any:
		for _, e := range x {
			setPath(e, parts[1:], val)
		}
	}
}

// The schema's hand-worded rules hold: heading level 1-6, the fixed
// engine-quote titles, one non-empty quadrant.
func TestSchemaRulesMatchValidator(t *testing.T) {
	for level := 0; level <= 7; level++ {
		c := Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{{Type: TypeHeading, Level: level, Text: "h", Anchor: "h"}}}
		if ok := ValidateChapter(&c) == nil; ok != (level >= 1 && level <= 6) {
			t.Errorf("heading level %d: valid = %v", level, ok)
		}
	}
	text := Schema([]string{TypeEngineQuote})
	for engine, title := range engineTitles {
		if !strings.Contains(text, engine+"→"+title) {
			t.Errorf("engine quote title for %s missing: %s", engine, text)
		}
	}
	c := Chapter{ChapterID: "S1", Title: "T", Anchor: "s", Blocks: []Block{{Type: TypeSwotTable}}}
	if ValidateChapter(&c) == nil {
		t.Error("a SWOT table without quadrants validates")
	}
}

// Schema(types) holds exactly the types asked for, in BlockTypes order.
func TestSchemaSubset(t *testing.T) {
	text := Schema([]string{TypeWidget, TypeList, "nope"})
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[1], "list ") || !strings.HasPrefix(lines[3], "widget ") {
		t.Errorf("subset schema:\n%s", text)
	}
	if strings.Contains(text, "swotTable") {
		t.Error("a type not asked for is in the schema")
	}
}
