package state

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// EngineFromPath tells which engine wrote the state file at path, from its
// name alone (the file is not opened):
//
//  1. the parent folder: a folder named `<engine>` or starting with
//     `<engine>_engine` (BettaFish writes `query_engine_streamlit_reports`,
//     `media_engine_streamlit_reports`, `insight_engine_streamlit_reports`);
//  2. else the file name: its stem (the name without extension) split on
//     every rune that is not a letter or digit must hold exactly one engine
//     name, as in `media.json`, `insight_state.json` or `run-2-query.json`.
//
// Names are compared case-insensitively. "host" is never an engine.
//
// Errors: no engine, or several engines in the file name → an error
// wrapping ErrUnknownEngine that says to pass `engine=PATH` (for a file
// named *.log or *forum*: that a forum log goes with --forum).
func EngineFromPath(path string) (Engine, error) {
	if e, ok := engineFromFolder(filepath.Base(filepath.Dir(path))); ok {
		return e, nil
	}
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	var found []Engine
	for _, tok := range strings.FieldsFunc(stem, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if e, ok := engineNamed(tok); ok && !slices.Contains(found, e) {
			found = append(found, e)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		if strings.EqualFold(filepath.Ext(base), ".log") || strings.Contains(strings.ToLower(stem), "forum") {
			return "", fmt.Errorf("state: %s: %w: it looks like a forum log, not an engine state file: pass it with --forum", path, ErrUnknownEngine)
		}
		return "", fmt.Errorf("state: %s: %w: neither its folder nor its file name names query, media or insight; pass engine=PATH",
			path, ErrUnknownEngine)
	}
	names := make([]string, len(found))
	for i, e := range found {
		names[i] = string(e)
	}
	return "", fmt.Errorf("state: %s: %w: the file name names several engines (%s); pass engine=PATH",
		path, ErrUnknownEngine, strings.Join(names, ", "))
}

// ParseArg reads one command-line state argument: `engine=PATH` (the text
// before the first "=" is ASCII letters only, e.g. `media=runs/m.json`), or a
// plain PATH whose engine EngineFromPath tells. An existing file whose path
// starts with letters and "=" (run=1/q.json) is taken as a plain PATH.
//
// Errors: an empty argument or an empty PATH after "="; an engine name other
// than query, media or insight (host included) → an error wrapping
// ErrUnknownEngine that lists the three; the errors of EngineFromPath.
func ParseArg(arg string) (Input, error) {
	if arg == "" {
		return Input{}, fmt.Errorf("state: empty state file argument; want engine=PATH or PATH")
	}
	// engine=PATH, unless the whole argument is an existing file whose
	// name happens to start with letters and "=" (run=1/…).
	if name, path, ok := strings.Cut(arg, "="); ok && name != "" && isLetters(name) {
		e, known := engineNamed(name)
		switch {
		case known && path == "":
			return Input{}, fmt.Errorf("state: %q: no file after %q", arg, name+"=")
		case known:
			return Input{Engine: e, Path: path}, nil
		case !fileExists(arg):
			return Input{}, fmt.Errorf("state: %q: %w %q: want query, media or insight", arg, ErrUnknownEngine, name)
		}
	}
	e, err := EngineFromPath(arg)
	if err != nil {
		return Input{}, err
	}
	return Input{Engine: e, Path: arg}, nil
}

// engineNamed maps an engine name, in any case, to its Engine.
func engineNamed(name string) (Engine, bool) {
	for _, e := range Engines {
		if strings.EqualFold(name, string(e)) {
			return e, true
		}
	}
	return "", false
}

// engineFromFolder recognises `<engine>` and `<engine>_engine…` folder
// names; after `_engine` must come the end or a non-letter, so that
// `query_engineering` is not the query engine's folder.
func engineFromFolder(dir string) (Engine, bool) {
	if e, ok := engineNamed(dir); ok {
		return e, true
	}
	for _, e := range Engines {
		prefix := string(e) + "_engine"
		if len(dir) < len(prefix) || !strings.EqualFold(dir[:len(prefix)], prefix) {
			continue
		}
		rest := dir[len(prefix):]
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || !unicode.IsLetter(r) {
			return e, true
		}
	}
	return "", false
}

// isLetters reports whether s is ASCII letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// fileExists reports whether path names an existing file or folder.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
