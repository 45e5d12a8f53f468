//go:build ignore

// gen_pinyin writes zhpinyin.txt, the table Heard reads homophones from:
// for each toneless syllable, the runes of the CJK Unified Ideographs block
// (U+4E00–U+9FFF) with that reading (every reading of a rune with several),
// one "syllable runes" line each, sorted by syllable, the runes ascending.
// The readings are go-pinyin's table (github.com/mozillazg/go-pinyin
// v0.21.0, pinyin_dict.go, from the pinyin-data project; MIT licence),
// read as data with the tone marks removed (ü written v, as go-pinyin's
// Normal style does). The table is kept as a text file beside the code,
// read on first use, so no program start pays for the library's 41 923-
// entry map. Run it with `go generate ./text`; the output is
// deterministic.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

const module = "github.com/mozillazg/go-pinyin@v0.21.0"

// entry matches a line of pinyin_dict.go: `	0x4E2D: "zhōng,zhòng",`.
var entry = regexp.MustCompile(`^\s*0x([0-9A-F]+): "([^"]*)",$`)

// toneless maps each tone-marked vowel to its letter.
var toneless = strings.NewReplacer(
	"ā", "a", "á", "a", "ǎ", "a", "à", "a", "ē", "e", "é", "e", "ě", "e", "è", "e",
	"ī", "i", "í", "i", "ǐ", "i", "ì", "i", "ō", "o", "ó", "o", "ǒ", "o", "ò", "o",
	"ū", "u", "ú", "u", "ǔ", "u", "ù", "u", "ǖ", "v", "ǘ", "v", "ǚ", "v", "ǜ", "v", "ü", "v",
	"ń", "n", "ň", "n", "ǹ", "n", "ḿ", "m", "ế", "e", "ề", "e", "ê", "e",
)

func main() {
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if err != nil {
		fail(fmt.Errorf("go mod download %s: %w", module, err))
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		fail(fmt.Errorf("go mod download %s: no directory in %q", module, out))
	}
	f, err := os.Open(filepath.Join(mod.Dir, "pinyin_dict.go"))
	if err != nil {
		fail(err)
	}
	defer f.Close()
	table := map[string][]rune{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := entry.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		code, err := strconv.ParseInt(m[1], 16, 32)
		if err != nil || code < 0x4E00 || code > 0x9FFF {
			continue
		}
		for _, py := range strings.Split(m[2], ",") {
			py = strings.Map(dropCombining, toneless.Replace(py)) // m̄, ê̄: a letter and a combining mark
			if py == "" || strings.ContainsFunc(py, func(r rune) bool { return r < 'a' || r > 'z' }) {
				fail(fmt.Errorf("U+%s: reading %q has a letter the tone table lacks", m[1], py))
			}
			if !slices.Contains(table[py], rune(code)) {
				table[py] = append(table[py], rune(code))
			}
		}
	}
	if err := sc.Err(); err != nil {
		fail(err)
	}
	var b strings.Builder
	for _, py := range slices.Sorted(mapsKeys(table)) {
		rs := table[py]
		slices.Sort(rs)
		fmt.Fprintf(&b, "%s %s\n", py, string(rs))
	}
	if err := os.WriteFile("zhpinyin.txt", []byte(b.String()), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("zhpinyin.txt: %d syllables\n", len(table))
}

func mapsKeys(m map[string][]rune) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// dropCombining drops the combining diacritical marks (U+0300–U+036F).
func dropCombining(r rune) rune {
	if r >= 0x300 && r <= 0x36F {
		return -1
	}
	return r
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen_pinyin:", err)
	os.Exit(1)
}
