package state

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

// StartWindow is the widest spread of the engines' own start times
// (their states' created_at) that still reads as one research run without
// a warning: 3 hours. The engines of one BettaFish run are started
// together (the fixture's run: 17:38:22.80, .82 and .82 on 2025-08-25)
// and work for 10–40 minutes; a state file left from a run of another day
// — the fixture's media file named …_20250825_180214 was created on
// 2025-08-24 at 19:19, 22 hours before the others — is far outside it,
// while a rerun of one engine the same afternoon is not. The file-name
// stamps (RunWindow) are each engine's finish time, which says nothing
// of when it started.
const StartWindow = 3 * time.Hour

// EngineStart is one engine's start time, as its state records it.
type EngineStart struct {
	Engine Engine
	At     time.Time
}

// StartTime is when st's research started: its created_at, else its
// updated_at ("2025-08-25T17:38:22.801378"; the date and time to the
// second; a fraction and a zone are ignored, all engines of a run writing
// the same local time). ok is false when neither is readable.
func StartTime(st *State) (time.Time, bool) { return startOf(st.CreatedAt, st.UpdatedAt) }

// startOf is the time of created, else of updated, read as StartTime reads
// them; ok is false when neither is readable.
func startOf(created, updated string) (time.Time, bool) {
	for _, v := range []string{created, updated} {
		if t, ok := parseStateTime(v); ok {
			return t, true
		}
	}
	return time.Time{}, false
}

func parseStateTime(v string) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if len(v) < 19 || (v[10] != 'T' && v[10] != ' ') {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02T15:04:05", v[:10]+"T"+v[11:19])
	return t, err == nil
}

// StartNote says, when the start times of states (one per engine) lie
// more than StartWindow apart, that they may not be one research run,
// naming each engine's start ("the engines started 22h apart (more than
// 3h): query 2025-08-25 17:38, media 2025-08-24 19:19, insight 2025-08-25
// 17:38; are they one research run?"); "" when they are within it or
// fewer than two have a time. starts are the times read, in the order of
// states.
func StartNote(states []*State) (note string, starts []EngineStart) {
	for _, st := range states {
		if t, ok := StartTime(st); ok {
			starts = append(starts, EngineStart{Engine: st.Engine, At: t})
		}
	}
	spread := StartSpread(starts)
	if len(starts) < 2 || spread <= StartWindow {
		return "", starts
	}
	parts := make([]string, len(starts))
	for i, s := range starts {
		parts[i] = fmt.Sprintf("%s %s", s.Engine, s.At.Format("2006-01-02 15:04"))
	}
	return fmt.Sprintf("the engines started %s apart (more than %s): %s; are they one research run?",
		roundSpread(spread), roundSpread(StartWindow), strings.Join(parts, ", ")), starts
}

// StartSpread is the time between the earliest and the latest of starts.
func StartSpread(starts []EngineStart) time.Duration {
	if len(starts) == 0 {
		return 0
	}
	at := func(a, b EngineStart) int { return a.At.Compare(b.At) }
	return slices.MaxFunc(starts, at).At.Sub(slices.MinFunc(starts, at).At)
}

// roundSpread prints a spread to the hour above an hour ("22h"), else to
// the minute ("40m").
func roundSpread(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%dh", int(d.Round(time.Hour)/time.Hour))
	}
	return fmt.Sprintf("%dm", int(d.Round(time.Minute)/time.Minute))
}

// tailBytes is how much of a state file's end fileStart reads: BettaFish
// writes the top-level created_at and updated_at last.
const tailBytes = 4 << 10

var createdAtRE = regexp.MustCompile(`"(created_at|updated_at)"\s*:\s*"([^"]{19,40})"`)

// fileStart reads the start time of the state file at path from its last
// tailBytes (the last created_at there, else the last updated_at),
// without parsing the file; ok is false when there is none.
func fileStart(path string) (time.Time, bool) {
	f, err := os.Open(path)
	if err != nil {
		return time.Time{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return time.Time{}, false
	}
	off := max(fi.Size()-tailBytes, 0)
	buf := make([]byte, fi.Size()-off)
	if _, err := f.ReadAt(buf, off); err != nil && err != io.EOF {
		return time.Time{}, false
	}
	var created, updated string
	for _, m := range createdAtRE.FindAllSubmatch(buf, -1) {
		if bytes.Equal(m[1], []byte("created_at")) {
			created = string(m[2])
		} else {
			updated = string(m[2])
		}
	}
	return startOf(created, updated)
}

// closestSet returns r (a complete run) with, for each engine, the file among files (every
// state file Discover found) that makes the engines' start times
// (fileStart; a file without one counts as starting at its stamp) the
// closest together: the candidates of an engine are its files stamped
// within RunWindow of r's newest stamp. Ties keep r's own files. note
// names each file swapped in, "" when none was.
func closestSet(r Run, files []RunFile) (Run, string) {
	anchor := slices.MaxFunc(r.Files, func(a, b RunFile) int { return a.time.Compare(b.time) }).time
	cands := make([][]RunFile, len(r.Files))
	for i, own := range r.Files {
		cands[i] = []RunFile{own}
		for _, f := range files {
			if f.Engine == own.Engine && f.Path != own.Path && anchor.Sub(f.time).Abs() <= RunWindow && len(cands[i]) < 6 {
				cands[i] = append(cands[i], f)
			}
		}
	}
	starts := make([][]time.Time, len(cands))
	for i, cs := range cands {
		for _, f := range cs {
			t, ok := fileStart(f.Path)
			if !ok {
				t = f.time
			}
			starts[i] = append(starts[i], t)
		}
	}
	best, bestSpread := make([]int, len(cands)), time.Duration(-1)
	pick := make([]int, len(cands))
	var walk func(i int)
	walk = func(i int) {
		if i == len(cands) {
			var es []EngineStart
			for k, j := range pick {
				es = append(es, EngineStart{At: starts[k][j]})
			}
			if s := StartSpread(es); bestSpread < 0 || s < bestSpread {
				bestSpread = s
				copy(best, pick)
			}
			return
		}
		for j := range cands[i] {
			pick[i] = j
			walk(i + 1)
		}
	}
	walk(0)
	out := Run{Files: make([]RunFile, len(cands))}
	var swapped []string
	for i, j := range best {
		out.Files[i] = cands[i][j]
		if j != 0 {
			swapped = append(swapped, fmt.Sprintf("%s %s (started %s) instead of %s (started %s)", cands[i][j].Engine, cands[i][j].Path,
				starts[i][j].Format("2006-01-02 15:04"), cands[i][0].Path, starts[i][0].Format("2006-01-02 15:04")))
		}
	}
	out.Stamp = slices.MaxFunc(out.Files, func(a, b RunFile) int { return strings.Compare(a.Stamp, b.Stamp) }).Stamp
	slices.SortStableFunc(out.Files, func(a, b RunFile) int { return a.Engine.Rank() - b.Engine.Rank() })
	if len(swapped) == 0 {
		return r, ""
	}
	return out, "picked the state files whose engines started closest together: " + strings.Join(swapped, "; ")
}
