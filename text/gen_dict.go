//go:build ignore

// gen_dict writes zhdict.txt.gz, the Chinese dictionary Segment loads: the
// words of the segmenter library's own simplified-Chinese dictionary
// (github.com/go-ego/gse, data/dict/zh/s_1.txt, derived from jieba's) whose
// frequency is at least minFreq, one "word frequency" line each, sorted by
// word, with the part of speech after the frequency for proper names
// (namePOS: "北京大学 2053 nt"); zhnouns.txt, the words of one rune of those that the
// dictionary tags as nouns (part of speech "n"), in rune order, on one
// line; zhverbs.txt, those it tags as verbs ("v"), the same way; and
// zhmodifiers.txt, those it tags as adverbs, adjectives, localizers or
// prepositions (modifierPOS). Run it with `go generate ./text` after changing the library's
// version; the output is deterministic (gzip without a name or time).
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// minFreq trims the dictionary: 352 279 words → 108 972 at 10. The load
// time grows with the number of words (about 3 µs each on a quiet core);
// the words dropped are rare compounds (frequency 3–9) that the segmenter
// then cuts into their common parts.
const minFreq = 10

// namePOS are the parts of speech of proper names (text.IsName): persons
// (nr, nrfg, nrt), places (ns), organisations (nt), other proper nouns
// (nz) and abbreviations of names (j: 北大, 武大).
var namePOS = map[string]bool{"nr": true, "nrfg": true, "nrt": true, "ns": true, "nt": true, "nz": true, "j": true}

// modifierPOS are the parts of speech of the one-rune words written to
// zhmodifiers.txt: adverbs (d, ad), adjectives (a), localizers (f) and
// prepositions (p), which stand before a verb and are no part of a name.
var modifierPOS = map[string]bool{"d": true, "ad": true, "a": true, "f": true, "p": true}

func main() {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/go-ego/gse").Output()
	if err != nil {
		fail(fmt.Errorf("locate github.com/go-ego/gse: %w", err))
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "data", "dict", "zh", "s_1.txt")
	data, err := os.ReadFile(src)
	if err != nil {
		fail(err)
	}
	seen := map[string]bool{}
	var words []word
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		freq, err := strconv.Atoi(f[1])
		if err != nil {
			fail(fmt.Errorf("%s:%d: frequency %q: %w", src, n, f[1], err))
		}
		if freq < minFreq || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		pos := ""
		if len(f) > 2 {
			pos = f[2]
		}
		words = append(words, word{f[0], freq, pos})
	}
	if err := sc.Err(); err != nil {
		fail(err)
	}
	sort.Slice(words, func(i, j int) bool { return words[i].text < words[j].text })
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	for _, w := range words {
		if namePOS[w.pos] || w.pos == "n" && len([]rune(w.text)) > 1 {
			fmt.Fprintf(zw, "%s %d %s\n", w.text, w.freq, w.pos)
		} else {
			fmt.Fprintf(zw, "%s %d\n", w.text, w.freq)
		}
	}
	if err := zw.Close(); err != nil {
		fail(err)
	}
	if err := os.WriteFile("zhdict.txt.gz", buf.Bytes(), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("zhdict.txt.gz: %d words of frequency >= %d from %s, %d bytes\n", len(words), minFreq, src, buf.Len())
	writeRunes(words, "zhnouns.txt", "nouns", func(pos string) bool { return pos == "n" })
	writeRunes(words, "zhverbs.txt", "verbs", func(pos string) bool { return pos == "v" })
	writeRunes(words, "zhmodifiers.txt", "adverbs, adjectives, localizers and prepositions", func(pos string) bool { return modifierPOS[pos] })
}

// word is one line of the library's dictionary: the word, its frequency
// and its part of speech ("" when it has none).
type word struct {
	text string
	freq int
	pos  string
}

// writeRunes writes to file the words of one rune whose part of speech is
// in, in rune order, on one line.
func writeRunes(words []word, file, what string, in func(pos string) bool) {
	var rs []rune
	for _, w := range words {
		if r := []rune(w.text); len(r) == 1 && in(w.pos) {
			rs = append(rs, r[0])
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	if err := os.WriteFile(file, []byte(string(rs)+"\n"), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("%s: %d %s of one rune\n", file, len(rs), what)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen_dict:", err)
	os.Exit(1)
}
