package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"reportengine/graphrag/questiongen"
	"reportengine/text"
)

// questionsOptions are the inputs of `reportengine questions`.
type questionsOptions struct {
	ragOptions
	Count     int
	JSON      bool
	Questions []string
}

func newQuestionsCmd(d *Deps) *cobra.Command {
	opts := &questionsOptions{}
	cmd := &cobra.Command{
		Use:   "questions [--graphs DIR --graph ID | --graphrag-index DIR] [-n 3] [flags] [QUESTION...]",
		Short: "Propose the next questions to ask about a graph or a GraphRAG index",
		Long: `Propose candidate next questions, as GraphRAG's question generation does: the QUESTION
arguments are the questions asked so far, oldest first. The list is cleaned (numbering,
duplicates, questions already asked or about nothing in the knowledge dropped), at most
-n; "(global)" marks one global search would answer. Knowledge, settings.yaml, models
and embeddings as for search. README.md (reportengine questions) has the full reference.`,
		Example: `  reportengine questions --graph latest "李明为什么选择写字楼商圈？"
  reportengine questions --graphrag-index ../shared/fixtures/graphrag-dulce -n 5 "Tell me about Agent Mercer" "What happens in Dulce military base?"`,
		RunE: func(cmd *cobra.Command, args []string) error {
			fillRAG(cmd, d, &opts.ragOptions)
			opts.Questions = args
			return runQuestions(cmd.Context(), opts)
		},
	}
	addRAGFlags(cmd, &opts.ragOptions)
	cmd.Flags().IntVarP(&opts.Count, "count", "n", 3, "number of questions")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the result (questions, raw reply, context, counts) as JSON")
	return cmd
}

func runQuestions(ctx context.Context, opts *questionsOptions) error {
	if opts.Count <= 0 {
		return usagef("-n %d: want at least 1", opts.Count)
	}
	if len(opts.Questions) > 0 {
		if err := text.QuestionTooLong(opts.Questions[len(opts.Questions)-1]); err != nil {
			return usagef("%v", err) // the last question is the query
		}
	}
	s, err := openRAG(ctx, &opts.ragOptions)
	if err != nil {
		return err
	}
	gen, err := s.questionGenerator(&opts.ragOptions)
	if err != nil {
		return err
	}
	res, err := gen.Generate(ctx, questiongen.Request{History: opts.Questions, Count: opts.Count})
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		opts.warn("%s", w)
	}
	if opts.JSON {
		return printJSON(opts.Out, res)
	}
	for i, q := range res.Suggestions {
		fmt.Fprintf(opts.Out, "%d. %s%s\n", i+1, safeText(q.Question), methodNote(q.Method))
	}
	return nil
}

// methodNote marks a suggested question that global search is expected to
// answer (" (global)"); local ones, the usual case, are unmarked.
func methodNote(method string) string {
	if method == questiongen.MethodGlobal {
		return " (global)"
	}
	return ""
}

// questionGenerator builds question generation on the session's builder.
func (s *ragSession) questionGenerator(o *ragOptions) (*questiongen.Generator, error) {
	model, err := o.answerModel()
	if err != nil {
		return nil, err
	}
	p := s.params
	router := s.router() // the answers' router: its indexes made once
	return questiongen.New(questiongen.Config{Builder: s.builder, Model: model, Params: &p,
		// each question labelled with the method search --method auto would take
		// (the router's choice: a global search that then keeps no point
		// falls back to local search, which the label does not foresee)
		Classify: func(q string) string { return string(router.Route(q).Method) }})
}
