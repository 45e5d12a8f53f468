package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/peterh/liner"
	"github.com/spf13/cobra"

	"reportengine/graphrag/globalsearch"
	"reportengine/graphrag/localsearch"
	"reportengine/graphrag/questiongen"
	"reportengine/llm"
	"reportengine/text"
)

// maxChatTurns bounds the turns a chat keeps when --history-max-turns is
// 0 (all): the context only ever shows a bounded history, and the session
// must not grow without end either (B30).
const maxChatTurns = 50

// chatOptions are the inputs of `reportengine chat`.
type chatOptions struct {
	ragOptions
	Followups int
	Method    string // local, global or auto (each question routed)

	In       io.Reader
	terminal bool                  // In is a terminal: line editing with liner
	signals  <-chan os.Signal      // tests: instead of SIGINT/SIGTERM
	ready    func(question string) // tests: called when an answer starts
}

func newChatCmd(d *Deps, runF func(context.Context, *chatOptions) error) *cobra.Command {
	opts, run := &chatOptions{}, pick(runF, runChat)
	cmd := &cobra.Command{
		Use:   "chat [--graphs DIR --graph ID | --graphrag-index DIR] [-n 3] [flags]",
		Short: "Ask questions about a graph or a GraphRAG index in a conversation",
		Long: `Chat with local search: type a question, get a streamed answer with its cited records
and numbered follow-up questions; type a number to ask that follow-up. exit, quit, q or
Ctrl-D leaves; Ctrl-C stops the answer being written, not the session. Knowledge,
settings.yaml, models and embeddings as for search. README.md (reportengine chat) has
the full reference.`,
		Example: `  reportengine chat --graph latest
  reportengine chat --graphrag-index ../shared/fixtures/graphrag-dulce
  printf 'Who is Alex Mercer?\n1\nquit\n' | reportengine chat --graphrag-index ragtest`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			fillRAG(cmd, d, &opts.ragOptions)
			opts.In = d.Stdin
			opts.terminal = isTerminal(d.Stdin)
			return run(cmd.Context(), opts)
		},
	}
	addRAGFlags(cmd, &opts.ragOptions)
	f := cmd.Flags()
	f.IntVarP(&opts.Followups, "count", "n", 3, "follow-up questions proposed after each answer (0 = none)")
	f.StringVar(&opts.ResponseType, "response-type", localsearch.DefaultResponseType, "the answers' length and format, as the prompt's {response_type}")
	f.StringVar(&opts.Method, "method", string(globalsearch.MethodAuto), "local, global or auto (each question: global when broad, else local), as for search")
	return cmd
}

// maxChatLine is the longest line chat reads from a pipe: 1 MiB (a
// question is a sentence; the server's whole request body is 1 MiB).
const maxChatLine = 1 << 20

func runChat(ctx context.Context, opts *chatOptions) error {
	if opts.Followups < 0 {
		return usagef("-n %d: want 0 or more", opts.Followups)
	}
	method, err := parseMethod(opts.Method)
	if err != nil {
		return err
	}
	opts.asked = method
	opts.manyQuestions = true
	s, err := openRAG(ctx, &opts.ragOptions)
	if err != nil {
		return err
	}
	eng, err := s.engine(&opts.ragOptions)
	if err != nil {
		return err
	}
	var gen *questiongen.Generator
	if opts.Followups > 0 {
		if gen, err = s.questionGenerator(&opts.ragOptions); err != nil {
			return err
		}
	}
	session, endSession, answering := chatSignals(ctx, opts)
	defer endSession()
	read, closeInput := chatInput(opts)
	defer closeInput()
	fmt.Fprintf(opts.Out, "Chat with %s. Type a question, a follow-up number, or exit.\n", s.label)

	h := chatHistory{keep: s.params.ConversationHistoryMaxTurns}
	if h.keep <= 0 || h.keep > maxChatTurns {
		h.keep = maxChatTurns
	}
	var followups, offered []string // the last answer's follow-ups; all offered so far
	for {
		// a line, or the session's end
		line, err := await(session, func() (string, error) { return read("> ") })
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			if session.Err() != nil {
				return errInterrupted(ctx)
			}
			return err
		}
		q, quit := chatQuestion(opts, line, followups)
		if quit {
			return nil
		}
		if q == "" {
			continue
		}
		answer, res, err := chatTurn(session, opts, s.route(method, q, h.turns), s, eng, q, h.turns, answering)
		if err != nil {
			if session.Err() != nil {
				return errInterrupted(ctx)
			}
			if errors.Is(err, context.Canceled) {
				fmt.Fprintln(opts.Out, "\n(answer stopped)")
				continue
			}
			// A dropped answer (a stream cut, a model error) ends that
			// answer, not the session: it is not kept in the history.
			fmt.Fprintln(opts.Out, "\n(answer failed)")
			opts.warn("answer to %q failed: %v", safeText(q), err)
			continue
		}
		h.add(q, answer)
		followups = nil
		if gen != nil {
			if followups, err = chatFollowUps(session, opts, gen, h.asked, offered, res, answering); err != nil {
				return errInterrupted(ctx) // its only error: the session ended
			}
			offered = append(offered, followups...)
		}
		fmt.Fprintln(opts.Out)
	}
}

// chatHistory is what a chat session remembers: the last keep questions
// and their answers.
type chatHistory struct {
	turns []llm.Message // user and assistant turns, oldest first
	asked []string      // the user questions of turns and the last question
	keep  int
}

// add remembers question q and its answer, forgetting the oldest turn
// beyond keep. asked keeps q and the keep questions before it: the
// follow-up questions of q's answer are made with the history its answer
// had (questiongen reads the last question as the one answered, the others
// as its history).
func (h *chatHistory) add(q, answer string) {
	h.turns = append(h.turns, llm.Message{Role: llm.RoleUser, Content: q}, llm.Message{Role: llm.RoleAssistant, Content: answer})
	h.asked = append(h.asked, q)
	if n := len(h.turns) / 2; n > h.keep {
		h.turns = h.turns[2*(n-h.keep):]
	}
	if n := len(h.asked); n > h.keep+1 {
		h.asked = h.asked[n-h.keep-1:]
	}
}

// chatQuestion is the question a line asks: the line, or the follow-up
// it numbers when follow-ups were offered (a number of one or two digits;
// one no follow-up has is said on opts.Out and asks nothing: "", as does
// a question over text.MaxQuestionRunes, whose
// length is said); quit for exit, quit or q. Without a terminal the
// question is echoed.
func chatQuestion(opts *chatOptions, line string, followups []string) (q string, quit bool) {
	q = strings.TrimSpace(line)
	switch strings.ToLower(q) {
	case "":
		return "", false
	case "exit", "quit", "q":
		return "", true
	}
	if n, err := strconv.Atoi(q); err == nil && len(followups) > 0 && len(q) <= 2 {
		if n < 1 || n > len(followups) {
			fmt.Fprintf(opts.Out, "There is no follow-up %d; type 1-%d or a question.\n", n, len(followups))
			return "", false
		}
		q = followups[n-1]
	}
	if err := text.QuestionTooLong(q); err != nil {
		fmt.Fprintln(opts.Out, err) // the session goes on (new-user trial 40)
		return "", false
	}
	if !opts.terminal {
		fmt.Fprintf(opts.Out, "> %s\n", safeText(q))
	}
	return q, false
}

// chatSignals starts the session's signal handling. The session outlives
// the first SIGINT (which cancels the command's context): SIGINT stops
// the answer being written (the cancel func waiting in answering), SIGTERM
// or, with no answer running and no line editor, SIGINT ends the session.
func chatSignals(ctx context.Context, opts *chatOptions) (session context.Context, end context.CancelFunc, answering chan context.CancelFunc) {
	sigs := opts.signals
	stop := func() {} // the signal handling of tests (opts.signals) needs no stop
	if sigs == nil {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		stop = func() { signal.Stop(ch) }
		sigs = ch
	}
	session, endSession := context.WithCancel(context.WithoutCancel(ctx))
	answering = make(chan context.CancelFunc, 1) // holds the cancel of the answer in progress
	go func() {
		for {
			select {
			case <-session.Done():
				return
			case sig := <-sigs:
				if sig != os.Interrupt {
					endSession()
					return
				}
				select {
				case cancel := <-answering:
					cancel()
				default:
					if !opts.terminal { // no answer running and no line editor: leave
						endSession()
						return
					}
				}
			}
		}
	}()
	end = func() {
		endSession()
		stop()
	}
	return session, end, answering
}

// chatInput reads the questions, one line a call of read (io.EOF ends
// the session): a line editor on a terminal, where Ctrl-C on the prompt
// clears the line, else lines of opts.In of at most maxChatLine bytes.
// closeInput ends the line editor.
func chatInput(opts *chatOptions) (read func(prompt string) (string, error), closeInput func()) {
	if opts.terminal {
		l := liner.NewLiner()
		l.SetCtrlCAborts(true)
		return func(prompt string) (string, error) {
			for {
				s, err := l.Prompt(prompt)
				if errors.Is(err, liner.ErrPromptAborted) {
					continue // Ctrl-C on the prompt: a fresh line, as shells do
				}
				if err == nil && strings.TrimSpace(s) != "" {
					l.AppendHistory(s)
				}
				return s, err
			}
		}, func() { l.Close() }
	}
	sc := bufio.NewScanner(opts.In)
	sc.Buffer(make([]byte, 64<<10), maxChatLine)
	return func(string) (string, error) {
		if sc.Scan() {
			return sc.Text(), nil
		}
		if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			return "", inputError{fmt.Errorf("chat: a line of the input is longer than %d bytes (1 MiB); is it a file of questions?", maxChatLine)}
		} else if err != nil {
			return "", err
		}
		return "", io.EOF
	}, func() {}
}

// chatFollowUps proposes and prints the follow-up questions of the
// answer res (they come from the records it cites), none of those offered
// after an earlier answer (questiongen.Request.Proposed); SIGINT stops them
// as it stops an answer. A failure is a warning and no questions; the
// error is the session's end (session.Err()).
func chatFollowUps(session context.Context, opts *chatOptions, gen *questiongen.Generator, asked, offered []string, res *localsearch.Result,
	answering chan context.CancelFunc) ([]string, error) {
	actx, cancel := context.WithCancel(session)
	answering <- cancel
	fu, err := gen.Generate(actx, questiongen.Request{History: asked, Count: opts.Followups, Answer: res, Proposed: offered})
	drain(answering)
	cancel()
	switch {
	case err != nil && session.Err() != nil:
		return nil, session.Err()
	case err != nil:
		opts.warn("follow-up questions: %v", err)
		return nil, nil
	}
	if len(fu.Questions) > 0 {
		fmt.Fprintln(opts.Out, "\nFollow-up questions:")
		for i, f := range fu.Suggestions {
			fmt.Fprintf(opts.Out, "  %d. %s%s\n", i+1, safeText(f.Question), methodNote(f.Method))
		}
	}
	if n := len(fu.Questions); n < opts.Followups && (res == nil || !res.NoMatch) {
		fmt.Fprintf(opts.Out, "%s\n", fewerFollowUps(n, opts.Followups))
	}
	return fu.Questions, nil
}

// fewerFollowUps says why chat proposes n follow-up questions where
// asked were asked for (-n) after an answer (a refused question gets no
// note): the answer's cited records gave no other
// that passes questiongen's checks (the relevance gate, names a reader
// knows, no repeat of the history, of a question offered before or of
// another).
func fewerFollowUps(n, asked int) string {
	if n == 0 {
		return "\nNo follow-up questions: none from the answer's records passed the checks (relevance, names a reader knows, not asked or offered before)."
	}
	return fmt.Sprintf("  (%d of the %d asked for: no other from the answer's records passed the checks, or it was offered before)", n, asked)
}

// chatTurn streams one answer and its citations (ragSession.answer) by
// the method route chose; it returns the answer and, for a local search,
// its result (the follow-ups are built from the records it cites; nil
// after a global search). A SIGINT during it cancels it
// (context.Canceled).
func chatTurn(session context.Context, opts *chatOptions, route globalsearch.Route, s *ragSession, eng *localsearch.Engine, q string, history []llm.Message, answering chan context.CancelFunc) (string, *localsearch.Result, error) {
	actx, cancel := context.WithCancel(session)
	defer cancel()
	answering <- cancel
	defer drain(answering)
	if opts.ready != nil {
		opts.ready(q)
	}
	opts.noteRoute(route)
	answer, res, err := s.answer(actx, &opts.ragOptions, eng, route, q, history)
	if err != nil && actx.Err() != nil {
		return "", nil, context.Canceled
	}
	return answer, res, err
}

// drain empties the one-slot channel (the answer is over).
func drain(ch chan context.CancelFunc) {
	select {
	case <-ch:
	default:
	}
}

// errInterrupted is the error of a chat session a signal ended: the
// command's context's error, or context.Canceled when that context is
// not (yet) cancelled. The session's own signal handler can end it before
// Run's handler cancels the context, and the session then returned nil:
// exit 0 on Ctrl-C with piped input, where every other command exits 130
// (new-user trial 38).
func errInterrupted(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return context.Canceled
}
