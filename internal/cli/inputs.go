package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"reportengine/state"
)

// resolveStates turns the STATE arguments into state.Load inputs. Each is
// ENGINE=PATH or PATH naming a state file (state.ParseArg), or a plain
// folder: a BettaFish output folder or engine folders, whose files are
// grouped into runs (state.Discover) and one run picked (state.PickRun:
// run = --run STAMP, "" = the newest complete run). The pick, the files and
// the other runs are reported on w; a partial pick is also returned as a
// warning for the summary and the graph. A named file that does not exist
// is reported on w at once ("warning: no such file: PATH …"), before any
// stage starts; Load then leaves that engine out.
//
// Errors: ENGINE=FOLDER (a folder given as a state file) → inputError
// (exit 3), one sentence; a PATH that does not exist and names no engine
// → inputError "no such file" (exit 3); folders mixed with files, --run without a
// folder, or a stamp no run has → usage errors; state.ParseArg's errors.
func resolveStates(args []string, run string, w io.Writer) ([]state.Input, string, error) {
	if w == nil {
		w = io.Discard
	}
	var folders, files []string
	for _, a := range args {
		if name, path, ok := strings.Cut(a, "="); ok {
			if _, err := state.ParseArg(name + "=x"); err == nil && isDir(path) {
				return nil, "", inputError{fmt.Errorf("%s is a folder, not a state file; give it without %s= to pick a run from it", path, name)}
			}
		}
		if isDir(a) {
			folders = append(folders, a)
		} else {
			files = append(files, a)
		}
	}
	switch {
	case len(folders) > 0 && len(files) > 0:
		return nil, "", usagef("give either state files or folders, not both (%s is a folder, %s is not)", folders[0], files[0])
	case run != "" && len(folders) == 0:
		return nil, "", usagef("--run picks a run from a folder: give the BettaFish output folder (or engine folders) instead of state files")
	}
	if len(folders) == 0 {
		var inputs []state.Input
		for _, a := range files {
			si, err := state.ParseArg(a)
			if err != nil {
				if _, serr := os.Stat(a); errors.Is(err, state.ErrUnknownEngine) && errors.Is(serr, fs.ErrNotExist) {
					// a path that does not exist: that, not its engine, is what is
					// wrong; a missing file is left out with a warning only when
					// its engine is known (B14), which this name does not tell
					// (new-user trial 45: the bare "no such file" did not say why
					// it was no warning)
					return nil, "", inputError{fmt.Errorf("no such file: %s (a missing state file is only left out when its engine is known: name it query=, media= or insight=PATH, or use a file name holding the engine's name)", a)}
				}
				return nil, "", err
			}
			if _, err := os.Stat(si.Path); errors.Is(err, fs.ErrNotExist) {
				// Said first, before any stage starts (B14: the graph is
				// still built from the other engines).
				fmt.Fprintf(w, "warning: no such file: %s (the %s engine is left out)\n", si.Path, si.Engine)
			}
			inputs = append(inputs, si)
		}
		return inputs, "", nil
	}
	runs, err := state.Discover(folders)
	if err != nil {
		return nil, "", err
	}
	picked, note, err := state.PickRun(runs, run)
	if err != nil {
		return nil, "", usageError{fmt.Errorf("--run: %w", err)}
	}
	fmt.Fprintf(w, "picked run %s from %s:\n", picked.Stamp, strings.Join(folders, ", "))
	for _, f := range picked.Files {
		fmt.Fprintf(w, "  %-8s %s\n", f.Engine, f.Path)
	}
	var others []string
	for _, r := range runs {
		if r.Stamp != picked.Stamp && !allPicked(r, picked) {
			others = append(others, r.String())
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(w, "other runs: %s; pick one with --run STAMP\n", strings.Join(others, ", "))
	}
	if note != "" {
		fmt.Fprintf(w, "warning: %s\n", note)
	}
	return picked.Inputs(), note, nil
}

// allPicked is true when every file of r is one of picked's (a run whose
// file PickRun took into the picked set is no other run).
func allPicked(r, picked state.Run) bool {
	return !slices.ContainsFunc(r.Files, func(f state.RunFile) bool {
		return !slices.ContainsFunc(picked.Files, func(p state.RunFile) bool { return p.Path == f.Path })
	})
}

// folderForum is the forum log of BettaFish output folders: the first of
// FOLDER/logs/forum.log for the folder arguments, in order (for an engine
// folder, …/X_engine_streamlit_reports, its parent's logs/forum.log), that
// is a file; "" when state files were given or no folder holds one.
// BettaFish writes the log there beside the engines' folders.
func folderForum(args []string) string {
	if slices.ContainsFunc(args, func(a string) bool { return !isDir(a) }) {
		return ""
	}
	for _, a := range args {
		dir := filepath.Clean(a)
		if strings.HasSuffix(filepath.Base(dir), "_engine_streamlit_reports") {
			dir = filepath.Dir(dir)
		}
		p := filepath.Join(dir, "logs", "forum.log")
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
