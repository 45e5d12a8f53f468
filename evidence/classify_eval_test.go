package evidence

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reportengine/text"

	"reportengine/state"
	"testing"
)

// labelled is one sentence of testdata/passages.jsonl, labelled by hand
// (an analyst's judgement, not the classifier's output): its noise class
// and, where the sentence and the one before it tell, whether it is about
// its run's topic ("on", "off", "" undecided).
type labelled struct {
	Run      string `json:"run"`    // wuhan (the BettaFish fixture, topic 武汉大学) or coffee (examples/coffee-shop, 李明咖啡店)
	Origin   string `json:"origin"` // engine:kind of the text it was cut from
	Sentence string `json:"sentence"`
	Previous string `json:"previous"`
	Label    string `json:"label"`
	Topic    string `json:"topic"`
}

// maxTestdataBytes bounds the labelled file read by the tests.
const maxTestdataBytes = 4 << 20

func readLabelled(t *testing.T) []labelled {
	t.Helper()
	const path = "testdata/passages.jsonl"
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() > maxTestdataBytes {
		t.Fatalf("%s: missing or larger than %d bytes", path, maxTestdataBytes)
	}
	var out []labelled
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var l labelled
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if _, ok := text.ParseNoise(l.Label); !ok {
			t.Fatalf("%s:%d: unknown label %q", path, n, l.Label)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// prf is precision and recall of one class from its counts.
type prf struct{ tp, fp, fn int }

func (c prf) precision() float64 { return ratio(c.tp, c.tp+c.fp) }
func (c prf) recall() float64    { return ratio(c.tp, c.tp+c.fn) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestClassifyLabelled measures Classify against the hand-labelled
// sentences: precision and recall per class, and of "noise" (any class
// but clean) against clean, printed with -v; the floors hold what the
// rules reach today, so a change that loses quality fails.
func TestClassifyLabelled(t *testing.T) {
	rows := readLabelled(t)
	if len(rows) < 200 {
		t.Fatalf("%d labelled sentences, want at least 200", len(rows))
	}
	per := map[Noise]*prf{}
	for _, n := range text.Noises() {
		per[n] = &prf{}
	}
	var noise prf
	correct := 0
	for _, r := range rows {
		want, _ := text.ParseNoise(r.Label)
		got := Classify(r.Sentence, r.Previous)
		if got == want {
			correct++
			per[want].tp++
		} else {
			per[want].fn++
			per[got].fp++
			if testing.Verbose() {
				t.Logf("miss: want %-10s got %-10s %.60q", want, got, r.Sentence)
			}
		}
		switch {
		case want != Clean && got != Clean:
			noise.tp++
		case want == Clean && got != Clean:
			noise.fp++
		case want != Clean && got == Clean:
			noise.fn++
		}
	}
	for _, n := range text.Noises() {
		c := per[n]
		t.Logf("%-10s precision %.2f recall %.2f (%d labelled)", n, c.precision(), c.recall(), c.tp+c.fn)
	}
	acc := ratio(correct, len(rows))
	t.Logf("overall: accuracy %.3f on %d; noise vs clean: precision %.3f recall %.3f", acc, len(rows), noise.precision(), noise.recall())
	floors := []struct {
		name      string
		got, want float64
	}{
		{"accuracy", acc, 0.85},
		{"noise precision", noise.precision(), 0.97},
		{"noise recall", noise.recall(), 0.78},
		{"fragment recall", per[Fragment].recall(), 0.62},
		{"furniture recall", per[Furniture].recall(), 0.78},
	}
	for _, f := range floors {
		if f.got < f.want {
			t.Errorf("%s %.3f below its floor %.2f", f.name, f.got, f.want)
		}
	}
}

// coffeeInput is the bundled sample's states (examples/coffee-shop).
func coffeeInput(t testing.TB) Input {
	t.Helper()
	dir := filepath.Join("..", "examples", "coffee-shop")
	var in Input
	for _, e := range []state.Engine{state.EngineQuery, state.EngineMedia, state.EngineInsight} {
		st, err := state.ParseFile(state.Input{Engine: e, Path: filepath.Join(dir, string(e)+"_engine_streamlit_reports", "state_李明咖啡店_20241001_100000.json")})
		if err != nil {
			t.Fatal(err)
		}
		in.States = append(in.States, st)
	}
	in.Topic = "李明咖啡店"
	return in
}

// TestTopicLabelled measures the topic model against the hand labels
// (the rows with topic "on" or "off"), each run's model built from its
// own analysis texts: agreement, and precision and recall of "off topic".
func TestTopicLabelled(t *testing.T) {
	rows := readLabelled(t)
	models := map[string]*Topic{}
	for run, in := range map[string]Input{"wuhan": fixtureInput(t), "coffee": coffeeInput(t)} {
		tp, err := NewTopic(TopicConfig{Topic: in.Topic, Profile: Collect(in).Analysis()})
		if err != nil {
			t.Fatal(err)
		}
		models[run] = tp
	}
	var off, gate prf
	agree, n := 0, 0
	for _, r := range rows {
		// the finding gate: a sentence is quoted as a finding only when it
		// is clean and on topic; the labels say a finding is clean and not
		// off topic
		want := r.Label == "clean" && r.Topic != "off"
		got := Classify(r.Sentence, r.Previous) == Clean && models[r.Run].Judge(r.Sentence, r.Previous, "").OnTopic
		switch {
		case want && got:
			gate.tp++
		case got:
			gate.fp++
		case want:
			gate.fn++
		}
		if r.Topic == "" {
			continue
		}
		n++
		j := models[r.Run].Judge(r.Sentence, r.Previous, "")
		wantOff, gotOff := r.Topic == "off", !j.OnTopic
		if wantOff == gotOff {
			agree++
		} else if testing.Verbose() {
			t.Logf("miss: want %-3s got %+v %.50q", r.Topic, j, r.Sentence)
		}
		switch {
		case wantOff && gotOff:
			off.tp++
		case gotOff:
			off.fp++
		case wantOff:
			off.fn++
		}
	}
	acc := ratio(agree, n)
	t.Logf("topic: agreement %.3f on %d; off topic: precision %.3f recall %.3f", acc, n, off.precision(), off.recall())
	t.Logf("finding gate (clean and on topic) on %d: precision %.3f recall %.3f", len(rows), gate.precision(), gate.recall())
	if n < 150 {
		t.Fatalf("%d topic labels, want at least 150", n)
	}
	for _, f := range []struct {
		name      string
		got, want float64
	}{{"agreement", acc, 0.84}, {"off-topic precision", off.precision(), 0.72}, {"off-topic recall", off.recall(), 0.6},
		{"finding-gate precision", gate.precision(), 0}, {"finding-gate recall", gate.recall(), 0}} {
		if f.got < f.want {
			t.Errorf("%s %.3f below its floor %.2f", f.name, f.got, f.want)
		}
	}
}
