// Package cli holds the cobra commands of the reportengine command line. It
// is the only package that reads flags and environment variables or prints.
//
// Each command is an options struct, a constructor newXCmd(deps, runF) that
// binds flags to the struct (runF lets tests check flag parsing without
// running the command), and a runX(ctx, opts) function that does the work.
// Main maps error kinds to exit codes (see the Exit constants).
package cli
