package cli

import (
	"cmp"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"reportengine/graphrag/storage"
	"reportengine/llm"
	"reportengine/nodes"
	"reportengine/state"
)

// Resumable reports (`report --resume ID`): every run keeps a work area,
// <out>/.<id>.work/, where the pipeline saves each stage's output and each
// written chapter as it completes (nodes.Work). A run that fails, is
// interrupted or leaves placeholder chapters keeps it; a complete report
// removes it. --resume reuses what it holds when the run's key (the inputs'
// lengths and CRC-32C, the template, the model and pipeline settings) equals the saved
// one, and refuses, naming each change, when it does not.

// workDir is report id's work area under the reports folder.
func workDir(outDir, id string) string { return filepath.Join(outDir, "."+id+".work") }

// maxHashedInput is the most bytes of one input file hashed for the run
// key: 4 GiB, the graph file's limit (state files and forum logs have
// smaller limits, which their loaders enforced before).
const maxHashedInput = 4 << 30

// hashInput is the nodes.InputFile of path: its size and CRC-32C
// (Castagnoli, as the graph files carry: the key has to notice a changed
// file, not resist a forged one, and SHA-256 of the 190 MB of state files
// cost 0.19 s of CPU a report), or Missing for a file that does not exist.
// Other errors (unreadable, over maxHashedInput) are inputErrors naming
// the file.
func hashInput(role, path string) (nodes.InputFile, error) {
	in := nodes.InputFile{Role: role, Path: path}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		in.Missing = true
		return in, nil
	}
	if err != nil {
		return in, inputError{fmt.Errorf("%s: %w", role, err)}
	}
	defer f.Close()
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	n, err := io.Copy(h, io.LimitReader(f, maxHashedInput+1))
	if err != nil {
		return in, inputError{fmt.Errorf("%s %s: %w", role, path, err)}
	}
	if n > maxHashedInput {
		return in, inputError{fmt.Errorf("%s %s: more than %d bytes", role, path, int64(maxHashedInput))}
	}
	in.Bytes, in.CRC32C = n, fmt.Sprintf("%08x", h.Sum32())
	return in, nil
}

// stateRole is the RunKey role of an engine's state file.
func stateRole(e state.Engine) string { return "state " + string(e) }

// reportKey is the run key of a report: topic, the input files (a stored
// graph's file, by the length and CRC-32C its load took; the state files
// read and those named but missing, the forum log), the template and the settings that change what the model is
// asked (opts.settings, made by modelFromOptions, and the pipeline's),
// and the program's version (versionString: a newer build's prompts and
// offline drafting may differ, so its run does not reuse an older one's work).
func reportKey(opts *reportOptions, src *reportGraph, lim limits) (nodes.RunKey, error) {
	graphID, built := src.graphID, src.built
	key := nodes.RunKey{Topic: src.topic, Template: opts.Template, Settings: map[string]string{}}
	digest, err := nodes.TemplateDigest(opts.Template)
	if err != nil {
		return key, usageError{fmt.Errorf("--template: %w", err)}
	}
	key.TemplateSHA256 = digest
	var hash []nodes.InputFile // the files to hash (hashInput), in this order
	if opts.Graph != "" {
		path := graphFile(opts.GraphsDir, graphID)
		if f := src.file; f != nil && f.FileBytes > 0 {
			key.Inputs = append(key.Inputs, nodes.InputFile{Role: "graph", Path: path, Bytes: f.FileBytes, CRC32C: fmt.Sprintf("%08x", f.FileCRC32C)})
		} else {
			hash = append(hash, nodes.InputFile{Role: "graph", Path: path})
		}
		key.Settings["graph"] = graphID
	}
	if built != nil {
		for _, st := range built.States {
			hash = append(hash, nodes.InputFile{Role: stateRole(st.Engine), Path: st.Path})
		}
		for _, u := range built.Unavailable {
			hash = append(hash, nodes.InputFile{Role: stateRole(u.Engine), Path: u.Path})
		}
	}
	if opts.Forum != "" {
		hash = append(hash, nodes.InputFile{Role: "forum", Path: opts.Forum})
	}
	for _, h := range hash {
		f, err := hashInput(h.Role, h.Path)
		if err != nil {
			return key, err
		}
		key.Inputs = append(key.Inputs, f)
	}
	slices.SortFunc(key.Inputs, func(a, b nodes.InputFile) int { return strings.Compare(a.Role, b.Role) })
	maps.Copy(key.Settings, opts.settings)
	plan := cmp.Or(lim.plan, new(nodes.DefaultPlanTemperature)) // nil: the pipeline's default
	prose := cmp.Or(lim.prose, new(nodes.DefaultProseTemperature))
	key.Settings["temperature_plan"] = strconv.FormatFloat(*plan, 'g', -1, 64)
	key.Settings["temperature_prose"] = strconv.FormatFloat(*prose, 'g', -1, 64)
	key.Settings["prompt_tokens"] = strconv.Itoa(lim.promptTokens)
	key.Settings["max_output_tokens"] = strconv.Itoa(lim.maxOutput)
	key.Settings["query_rounds"] = strconv.Itoa(opts.QueryRounds)
	key.Settings["allow_mixed_queries"] = strconv.FormatBool(opts.AllowMixedQueries)
	// the program: another build may ask other prompts or draft otherwise
	key.Settings["program"] = versionString()
	return key, nil
}

// modelSettings are the settings of the model that change its replies, as
// the run key records them: provider and model name, and for an
// OpenAI-compatible server its base URL (without user information or
// query), the reasoning allowance, the token-limit field and whether
// response_format and temperatures are sent. Never the API key.
func modelSettings(info llm.Info, base string, reasoning int, field string, noRespFormat, noTemperature bool) map[string]string {
	s := map[string]string{"llm": info.Provider, "model": info.Model}
	if base == "" {
		return s
	}
	if u, err := url.Parse(base); err == nil {
		u.User, u.RawQuery, u.Fragment = nil, "", ""
		base = u.String()
	}
	s["base_url"] = base
	s["reasoning_tokens"] = strconv.Itoa(reasoning)
	s["max_tokens_field"] = field
	s["response_format"] = strconv.FormatBool(!noRespFormat)
	s["send_temperature"] = strconv.FormatBool(!noTemperature)
	return s
}

// resumeInputs checks that the work area dir holds saved work, before any
// input is read or graph built, and fills the inputs of `report --resume
// ID` given without any (no state files, --graph or --forum) from the
// saved run key: the state files by engine, the forum log, the stored
// graph, and the topic and template unless given. Errors: the work area's
// key cannot be read (wrapping nodes.ErrNothingToResume when there is none).
func resumeInputs(opts *reportOptions, dir string) error {
	key, err := nodes.SavedKey(dir)
	if err != nil {
		return err
	}
	if len(opts.stateArgs)+len(opts.positionalArgs) > 0 || opts.Graph != "" || opts.Forum != "" {
		return nil
	}
	for _, f := range key.Inputs {
		switch {
		case f.Role == "forum":
			opts.Forum = f.Path
		case strings.HasPrefix(f.Role, "state "):
			opts.stateArgs = append(opts.stateArgs, strings.TrimPrefix(f.Role, "state ")+"="+f.Path)
		}
	}
	opts.Graph = key.Settings["graph"] // "" here: the inputs were not given
	opts.Topic = cmp.Or(opts.Topic, key.Topic)
	opts.Template = cmp.Or(opts.Template, key.Template)
	opts.AllowMixedQueries = opts.AllowMixedQueries || key.Settings["allow_mixed_queries"] == "true"
	return nil
}

// resumeHint is what a run that stopped with saved work says on stderr:
// the command that resumes it, with the run's --out and --graphs when
// they are not the defaults (new-user trial 45: `report --resume wuhan`
// alone, run after a run with --out elsewhere, found no saved work).
func resumeHint(opts *reportOptions, id, dir string) string {
	return fmt.Sprintf("the finished stages and chapters are saved in %s: `%s` (with the same inputs and settings) reuses them and makes only the rest (with a model endpoint, only the rest are asked of it)", dir, resumeCommand(opts, id))
}

// resumeCommand is "reportengine report --resume ID", with --out and
// --graphs where opts has other folders than the defaults (each quoted
// for a POSIX shell when it holds more than letters, digits and ./_-).
func resumeCommand(opts *reportOptions, id string) string {
	cmd := "reportengine report --resume " + id
	if opts.OutDir != "reports" {
		cmd += " --out " + shellWord(opts.OutDir)
	}
	if opts.GraphsDir != "graphs" {
		cmd += " --graphs " + shellWord(opts.GraphsDir)
	}
	return cmd
}

// shellWord is s as one word of a POSIX shell: as it is when it holds
// only letters, digits and ./_-+=:@, else in single quotes.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./_-+=:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// earlierWorkNote is what a run without --resume says when it finds the
// saved work of an earlier run of its report id: how many chapters, that
// it is kept until this run saves its own first output, and that --resume
// reuses it instead (or, saved for other inputs or settings, what
// differs).
func earlierWorkNote(opts *reportOptions, id, dir string, e nodes.EarlierWork) string {
	s := fmt.Sprintf("an earlier run of report %s saved %d chapter(s) (%d outputs in all) in %s; this run starts afresh and replaces them when it saves its first output (until then they stay, and a run stopped before that leaves them as they were)",
		id, e.Chapters, e.Outputs, dir)
	if len(e.Changes) == 0 {
		return s + fmt.Sprintf("; stop it and run `%s` to reuse them and make only the rest", resumeCommand(opts, id))
	}
	return s + fmt.Sprintf("; they were saved for other inputs or settings (%s), so --resume with these would not reuse them", strings.Join(e.Changes, "; "))
}

// checkResumeID is --resume's id: a valid report id, and --report-id, if
// given too, the same.
func checkResumeID(opts *reportOptions) error {
	if err := storage.ValidateID(opts.Resume); err != nil {
		return usageError{fmt.Errorf("--resume: %w", err)}
	}
	if opts.ReportID != "" && opts.ReportID != opts.Resume {
		return usagef("--resume %s and --report-id %s name different reports", opts.Resume, opts.ReportID)
	}
	opts.ReportID = opts.Resume
	return nil
}
