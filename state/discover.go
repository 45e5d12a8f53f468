package state

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Run is a set of state files of one research run found in folders, at
// most one per engine.
type Run struct {
	// Stamp is the newest file stamp of the run, "YYYYMMDD_HHMMSS" (the
	// run's id for --run).
	Stamp string
	// Files are the run's state files in canonical engine order, with
	// their stamps.
	Files []RunFile
}

// RunFile is one state file of a Run.
type RunFile struct {
	Input
	// Stamp is the stamp of the file name (see Stamp), or, for a name
	// without one, the file's modification time, as "YYYYMMDD_HHMMSS".
	Stamp string
	time  time.Time
}

// Complete reports whether the run has a file for every engine.
func (r Run) Complete() bool { return len(r.Files) == len(Engines) }

// Inputs returns the run's files as Load inputs.
func (r Run) Inputs() []Input {
	out := make([]Input, len(r.Files))
	for i, f := range r.Files {
		out[i] = f.Input
	}
	return out
}

// partialNote says which engines a run picked by its stamp lacks ("run
// 20250827_123055 has no media or insight state file: those engines are
// left out"); "" for a complete run.
func (r Run) partialNote() string {
	var missing []string
	for _, e := range Engines {
		if !slices.ContainsFunc(r.Files, func(f RunFile) bool { return f.Engine == e }) {
			missing = append(missing, string(e))
		}
	}
	switch len(missing) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("run %s has no %s state file: that engine is left out", r.Stamp, missing[0])
	}
	return fmt.Sprintf("run %s has no %s state file: those engines are left out", r.Stamp, strings.Join(missing, " or "))
}

// String names the run and its engines: "20250825_180214 (query, media,
// insight)".
func (r Run) String() string {
	names := make([]string, len(r.Files))
	for i, f := range r.Files {
		names[i] = string(f.Engine)
	}
	return r.Stamp + " (" + strings.Join(names, ", ") + ")"
}

// Discover finds the state files in BettaFish output folders and groups
// them into research runs, newest first.
//
// Each dir is either an engine folder (its name tells the engine, as
// `media_engine_streamlit_reports`; see EngineFromPath), whose *.json
// files are that engine's states, or a BettaFish output folder, whose
// engine sub-folders are read the same way. Other files (the engines'
// markdown reports, logs) are ignored.
//
// Grouping follows the one-run rule of Load, by time: files are taken
// newest first (by the stamp in the name, `state_<query>_<YYYYMMDD_HHMMSS>.json`,
// else the modification time; ties in canonical engine order, then by
// path), and each joins the newest run that started at most RunWindow
// after it and has no file of its engine yet; otherwise it starts a run.
// So a rerun of one engine within the hour becomes a run of its own.
// (The query rule is left to Load: one topic researched twice, days
// apart, must stay two runs.)
//
// Errors: a folder that cannot be read; no state file at all → wraps
// ErrNoEngines, naming the folders and what was looked for.
func Discover(dirs []string) ([]Run, error) {
	var files []RunFile
	for _, dir := range dirs {
		found, err := discoverDir(dir)
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("state: %w: no *.json state file in %s or in its engine folders (query_engine_streamlit_reports, media_engine_streamlit_reports, insight_engine_streamlit_reports)",
			ErrNoEngines, strings.Join(dirs, ", "))
	}
	slices.SortStableFunc(files, func(a, b RunFile) int {
		return cmp.Or(b.time.Compare(a.time), a.Engine.Rank()-b.Engine.Rank(), strings.Compare(a.Path, b.Path))
	})
	var runs []Run
	var anchors []time.Time
next:
	for _, f := range files {
		for i := range runs {
			if anchors[i].Sub(f.time) > RunWindow {
				continue
			}
			if slices.ContainsFunc(runs[i].Files, func(x RunFile) bool { return x.Engine == f.Engine }) {
				continue
			}
			runs[i].Files = append(runs[i].Files, f)
			continue next
		}
		runs = append(runs, Run{Stamp: f.Stamp, Files: []RunFile{f}})
		anchors = append(anchors, f.time)
	}
	for i := range runs {
		slices.SortStableFunc(runs[i].Files, func(a, b RunFile) int { return a.Engine.Rank() - b.Engine.Rank() })
	}
	return runs, nil
}

// discoverDir lists the state files of one engine folder or output folder.
func discoverDir(dir string) ([]RunFile, error) {
	if e, ok := engineFromFolder(filepath.Base(filepath.Clean(dir))); ok {
		return engineFiles(dir, e)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	var out []RunFile
	for _, de := range entries {
		if !de.IsDir() {
			continue
		}
		if e, ok := engineFromFolder(de.Name()); ok {
			found, err := engineFiles(filepath.Join(dir, de.Name()), e)
			if err != nil {
				return nil, err
			}
			out = append(out, found...)
		}
	}
	return out, nil
}

func engineFiles(dir string, e Engine) ([]RunFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	var out []RunFile
	for _, de := range entries {
		if de.IsDir() || !strings.EqualFold(filepath.Ext(de.Name()), ".json") {
			continue
		}
		path := filepath.Join(dir, de.Name())
		f := RunFile{Input: Input{Engine: e, Path: path}}
		var ok bool
		if f.time, f.Stamp, ok = Stamp(path); !ok {
			fi, err := de.Info()
			if err != nil {
				return nil, fmt.Errorf("state: %w", err)
			}
			f.time = fi.ModTime().UTC().Truncate(time.Second)
			f.Stamp = f.time.Format(stampLayout)
		}
		out = append(out, f)
	}
	return out, nil
}

// PickRun chooses among runs (newest first, as Discover returns them):
// the run whose stamp, or the stamp of one of whose files, is stamp
// ("YYYYMMDD_HHMMSS"; the "_" may be left out); with stamp "", the newest
// run that has every engine, in which each engine's file may be replaced
// by another of its files stamped within RunWindow of the run so that the
// engines' start times (their created_at, read from the file's end) lie
// closest together (the note then names each file swapped in: the
// fixture's media file named …_180214 started 22 hours before the others,
// its …_175347 with them), else the newest run, with a note saying it is
// partial; a run picked by its stamp that lacks engines gets a note naming
// them. Errors: no run has that stamp (the message lists the runs).
func PickRun(runs []Run, stamp string) (Run, string, error) {
	if stamp != "" {
		want := strings.ReplaceAll(strings.TrimSpace(stamp), "_", "")
		for _, r := range runs {
			for _, f := range r.Files {
				if strings.ReplaceAll(f.Stamp, "_", "") == want {
					return r, r.partialNote(), nil
				}
			}
		}
		return Run{}, "", fmt.Errorf("state: no run has the stamp %q; the runs are %s", stamp, runList(runs))
	}
	for _, r := range runs {
		if r.Complete() {
			// of the files stamped near it, the set whose engines
			// started closest together (their created_at)
			var all []RunFile
			for _, x := range runs {
				all = append(all, x.Files...)
			}
			picked, note := closestSet(r, all)
			return picked, note, nil
		}
	}
	if len(runs) == 0 {
		return Run{}, "", fmt.Errorf("state: %w: no run found", ErrNoEngines)
	}
	return runs[0], fmt.Sprintf("no run has all three engines; picked the newest, %s", runs[0]), nil
}

func runList(runs []Run) string {
	parts := make([]string, len(runs))
	for i, r := range runs {
		parts[i] = r.String()
	}
	return strings.Join(parts, ", ")
}
