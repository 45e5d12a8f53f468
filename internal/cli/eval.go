package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"reportengine/eval"
	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
)

// evalOptions are the inputs of `reportengine eval`.
type evalOptions struct {
	ragOptions
	JSON   bool
	Set    string
	Method string // local, global or auto (each question routed)
	// Check makes the run fail (exit 1) when a figure misses its
	// threshold (Thresholds).
	Check      bool
	Thresholds eval.Thresholds
}

// errCheck is eval --check's failure: a figure under its threshold.
var errCheck = errors.New("eval --check")

func newEvalCmd(d *Deps, runF func(context.Context, *evalOptions) error) *cobra.Command {
	opts, run := &evalOptions{}, pick(runF, runEval)
	cmd := &cobra.Command{
		Use:   "eval [--graphs DIR --graph ID | --graphrag-index DIR] [flags] SET.jsonl",
		Short: "Measure search on a question set: refusals, assertions met, citations, sources, latency",
		Long: `Ask every question of a question set with search and measure the answers: per
question answered or refused, assertions met, citations valid, expected records in the
context and latency, then the totals. The set is JSON Lines, one question per line:
  {"question": "…", "assertions": [["fact", "same fact, other words"], …], "expect_records": ["record id", …]}
  {"question": "an off-topic question", "expect": "no_match"}
--check exits 1 when a figure misses its threshold. Knowledge, settings.yaml, models
and embeddings as for search. README.md (reportengine eval) has the full reference.`,
		Example: `  reportengine eval --graph coffee-shop examples/coffee-shop/questions.jsonl
  reportengine eval --graphrag-index ../shared/fixtures/graphrag-dulce --json eval/testdata/dulce.jsonl`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			fillRAG(cmd, d, &opts.ragOptions)
			opts.Set = args[0]
			return run(cmd.Context(), opts)
		},
	}
	addRAGFlags(cmd, &opts.ragOptions)
	f := cmd.Flags()
	f.StringVar(&opts.ResponseType, "response-type", localsearch.DefaultResponseType, "the answers' length and format, as the prompt's {response_type}")
	f.BoolVar(&opts.JSON, "json", false, "print the verdicts and totals as JSON")
	f.StringVar(&opts.Method, "method", string(globalsearch.MethodAuto), "local, global or auto (each question: global when broad, else local), as for search")
	th := &opts.Thresholds
	*th = eval.DefaultThresholds
	f.BoolVar(&opts.Check, "check", false, "exit 1 when a figure misses its threshold (the --max-false-refusals and --min-* flags)")
	f.IntVar(&th.MaxFalseRefusals, "max-false-refusals", th.MaxFalseRefusals, "--check: the most answerable questions that may be refused")
	f.Float64Var(&th.MinRecall, "min-recall", th.MinRecall, "--check: the least assertion recall (0-1)")
	f.Float64Var(&th.MinCitationValidity, "min-citation-validity", th.MinCitationValidity, "--check: the least citation validity (0-1)")
	f.Float64Var(&th.MinOffTopicRefusal, "min-off-topic-refused", th.MinOffTopicRefusal, "--check: the least share of off-topic questions refused (0-1)")
	return cmd
}

func runEval(ctx context.Context, opts *evalOptions) error {
	method, err := parseMethod(opts.Method)
	if err != nil {
		return err
	}
	// the set is read before the knowledge: a bad set costs no loading
	set, err := eval.ReadFile(opts.Set)
	if err != nil {
		if errors.Is(err, eval.ErrBadSet) || errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return inputError{err}
		}
		return err
	}
	ev, err := openEvaluator(ctx, opts, method)
	if err != nil {
		return err
	}
	rep, err := ev.run(ctx, set)
	if err != nil {
		return err
	}
	if opts.JSON {
		err = printJSON(opts.Out, rep)
	} else {
		writeEvalText(opts.Out, rep)
	}
	if err != nil || !opts.Check {
		return err
	}
	if failed := rep.Totals.Check(opts.Thresholds); len(failed) > 0 {
		return fmt.Errorf("%w: %s", errCheck, strings.Join(failed, "; "))
	}
	return nil
}

// evaluator asks question sets of one loaded knowledge: the knowledge is
// loaded once (openEvaluator) and each set asked with run.
type evaluator struct {
	opts   *evalOptions
	method globalsearch.Method
	s      *ragSession
	eng    *localsearch.Engine
}

// openEvaluator loads the knowledge opts name, as search does; its errors
// are openRAG's.
func openEvaluator(ctx context.Context, opts *evalOptions, method globalsearch.Method) (*evaluator, error) {
	if err := opts.precheck(); err != nil {
		return nil, err
	}
	opts.manyQuestions = true
	s, err := openRAG(ctx, &opts.ragOptions)
	if err != nil {
		return nil, err
	}
	eng, err := s.engine(&opts.ragOptions)
	if err != nil {
		return nil, err
	}
	return &evaluator{opts: opts, method: method, s: s, eng: eng}, nil
}

// run asks every question of set (eval.Run) and returns the report; each
// question is routed as search routes it (--method).
func (e *evaluator) run(ctx context.Context, set *eval.Set) (*eval.Report, error) {
	opts, s, method := e.opts, e.s, e.method
	end := opts.Log.start("asked the questions", "asking %d questions", len(set.Questions))
	rep, err := eval.Run(ctx, set, eval.Config{Model: s.m, Method: string(method), Search: func(ctx context.Context, q string) (*eval.Answer, error) {
		if route := s.route(method, q, nil); route.Method == globalsearch.MethodGlobal {
			geng, err := s.globalEngine(&opts.ragOptions)
			if err != nil {
				return nil, err
			}
			// under auto, a global search that keeps no point falls back to local search
			res, r, err := geng.Answer(ctx, method, route, globalsearch.Query{Text: q, ResponseType: opts.ResponseType}, nil)
			if err != nil {
				return nil, err
			}
			if r.Method == globalsearch.MethodGlobal {
				return eval.FromGlobal(res), nil
			}
		}
		res, err := e.eng.Search(ctx, localsearch.Query{Text: q, ResponseType: opts.ResponseType})
		if err != nil {
			return nil, err
		}
		return eval.FromLocal(res), nil
	}})
	if err != nil {
		return nil, err
	}
	end()
	return rep, nil
}

// writeEvalText prints a report: one block per question, then the totals.
func writeEvalText(w io.Writer, rep *eval.Report) {
	for _, v := range rep.Questions {
		var parts []string
		switch {
		case v.OffTopic && v.Refused:
			parts = append(parts, "off-topic, refused")
		case v.OffTopic:
			parts = append(parts, "off-topic, ANSWERED (should be refused)")
		case v.Refused:
			parts = append(parts, "REFUSED (should be answered)")
		default:
			parts = append(parts, "answered")
		}
		if v.Method != "" && !v.Refused {
			parts = append(parts, v.Method+" search")
		}
		if !v.OffTopic {
			parts = append(parts, fmt.Sprintf("assertions %d/%d", v.AssertionsMet, v.Assertions))
			if !v.Refused {
				parts = append(parts, fmt.Sprintf("citations %d/%d valid", v.CitationsValid, v.Citations))
			}
			if v.ExpectedRecords > 0 {
				parts = append(parts, fmt.Sprintf("records %d/%d", v.RecordsFound, v.ExpectedRecords))
			}
		}
		parts = append(parts, fmt.Sprintf("%.0f ms", v.LatencyMS))
		mark := "ok  "
		if !v.Pass() {
			mark = "FAIL"
		}
		fmt.Fprintf(w, "%s line %d: %s\n", mark, v.Line, strings.Join(parts, " · "))
		fmt.Fprintf(w, "     %s\n", safeText(v.Question))
		if !v.Refused {
			for _, alts := range v.Unmet {
				fmt.Fprintf(w, "     not stated: %s\n", safeText(strings.Join(alts, " | ")))
			}
		}
		if len(v.Invalid) > 0 {
			fmt.Fprintf(w, "     citations not in the context: %s\n", safeText(strings.Join(v.Invalid, ", ")))
		}
		if !v.OffTopic && !v.Refused && v.Citations == 0 {
			fmt.Fprintln(w, "     the answer cites no record")
		}
		if len(v.Missing) > 0 {
			fmt.Fprintf(w, "     not in the context: %s\n", safeText(strings.Join(v.Missing, ", ")))
		}
	}
	t := rep.Totals
	fmt.Fprintf(w, "\n%s\n", safeText(rep.Set))
	fmt.Fprintf(w, "questions:          %d (%d answerable, %d off-topic), %d passed\n", t.Questions, t.Answerable, t.OffTopic, t.Passed)
	if t.Method != "" {
		fmt.Fprintf(w, "method:             %s (%d answered by local search, %d by global search)\n", t.Method, t.Local, t.Global)
	}
	fmt.Fprintf(w, "false refusals:     %d of %d\n", t.FalseRefusals, t.Answerable)
	fmt.Fprintf(w, "assertion recall:   %s (%d of %d assertions)\n", shownRatio(t.AssertionRecall, t.Assertions), t.AssertionsMet, t.Assertions)
	fmt.Fprintf(w, "opening on point:   %s (%d of %d answers open with an assertion)\n", shownRatio(t.LeadRate, t.Led), t.LeadMet, t.Led)
	fmt.Fprintf(w, "citation validity:  %s (%d of %d citations; %d answers cite nothing)\n", shownRatio(t.CitationValidity, t.Citations), t.CitationsValid, t.Citations, t.Uncited)
	fmt.Fprintf(w, "source recall:      %s (%d of %d expected records)\n", shownRatio(t.SourceRecall, t.ExpectedRecords), t.RecordsFound, t.ExpectedRecords)
	fmt.Fprintf(w, "off-topic refused:  %s (%d of %d)\n", shownRatio(t.OffTopicRefusal, t.OffTopic), t.OffTopicRefused, t.OffTopic)
	fmt.Fprintf(w, "latency:            p50 %.0f ms, p95 %.0f ms\n", t.LatencyP50MS, t.LatencyP95MS)
}

// shownRatio prints a total's ratio with two decimals, or "n/a" when it
// counts nothing (den == 0): eval.Totals holds 1 there, so that a set
// without expected records passes its threshold, but a reader of
// "source recall: 1.00 (0 of 0)" would take it for a measurement.
func shownRatio(v float64, den int) string {
	if den == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", v)
}
