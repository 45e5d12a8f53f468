// Package cli holds the cobra commands of the reportengine command line. It
// is the only package that reads flags and environment variables or prints.
//
// Each command is an options struct, a constructor newXCmd(deps, runF) that
// binds flags to the struct (runF lets tests check flag parsing without
// running the command: pick), and a runX(ctx, opts) function that does the
// work. The options take the command's output, stage log, clock and
// --quiet as one cmdIO (Deps.io).
//
// Main runs a command line and maps error kinds to exit codes; exitcodes.go
// is the one place the codes are defined (the Exit constants, the table the
// root help and README.md show, and ExitCode). Run is what main does: Main
// with a context that SIGINT or SIGTERM cancels. Every stage honours that
// context: stages that only read and compute (parsing states, building,
// loading and indexing a graph) run under await and are abandoned at once,
// stages that write take the context themselves (storage's SaveContext
// removes its temporary file), so an interrupted command exits 130 within
// about a second and leaves earlier files as they were.
//
// Output: results on stdout; progress lines (stageLog, one per stage that
// can take more than a second) and errors, one line each, on stderr;
// --quiet drops the progress lines.
//
// search, questions, chat and eval (rag.go, search.go, questions.go,
// chat.go, eval.go)
// share ragOptions and openRAG: load the knowledge model (our graph or a
// GraphRAG index), the settings.yaml defaults (internal/settings; flags
// override them), the tokenizer, the embedder (offline unless an
// embedding model is configured), the entity vectors (cached, never in an
// index) and the context builder. chat is the exception to the signal
// rule above: it runs on a context that the first SIGINT does not end;
// SIGINT stops the answer being written, SIGTERM or the end of input
// ends the session.
package cli
