package state

import (
	"errors"
	"reflect"
	"testing"
)

// SkipSearches gives every fixture state as a full parse does, but for
// Paragraph.Searches, which stays nil; the files hold search records, so
// a parse that kept reading them fails this.
func TestSkipSearchesFixtures(t *testing.T) {
	for _, in := range fixtureFiles(t) {
		full, err := parseFile(in, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		texts, err := parseFile(in, LoadOptions{SkipSearches: true})
		if err != nil {
			t.Fatal(err)
		}
		if full.RecordCount() == 0 {
			t.Fatalf("%s: no search records to skip", in.Path)
		}
		if n := texts.RecordCount(); n != 0 {
			t.Errorf("%s: %d records read with SkipSearches", in.Path, n)
		}
		for i := range full.Paragraphs {
			full.Paragraphs[i].Searches = nil
		}
		if !reflect.DeepEqual(full, texts) {
			t.Errorf("%s: SkipSearches changed more than the records", in.Path)
		}
	}
}

// A skipped search_history is still checked: a value that is not an
// array (or null) and JSON that is not valid are errors as in a full parse.
func TestSkipSearchesChecks(t *testing.T) {
	opts := LoadOptions{SkipSearches: true}
	for name, doc := range map[string]string{
		"not an array": `{"paragraphs":[{"research":{"search_history":"x"}}]}`,
		"bad JSON":     `{"paragraphs":[{"research":{"search_history":[{"url":tru}]}}]}`,
		"unclosed":     `{"paragraphs":[{"research":{"search_history":[{"url":"a"]}}]}`,
	} {
		_, err := parseDoc(doc, "s.json", EngineQuery, opts)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: err %v, want ErrInvalid", name, err)
		}
	}
	st, err := parseDoc(`{"paragraphs":[{"title":"t","research":{"search_history":[{"url":"a","score":"x"}],"latest_summary":"s"}}]}`, "s.json", EngineQuery, opts)
	if err != nil || st.Paragraphs[0].LatestSummary != "s" || st.Paragraphs[0].Searches != nil {
		t.Errorf("skipped records: %+v, %v; want the summary and no records", st, err)
	}
}
