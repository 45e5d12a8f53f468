// Package archtest holds no code: its test reads the package table of
// docs/architecture.md (package | level | owns | may import) and checks
// every package's imports with `go list`: project imports point to a lower
// level only, third-party modules are the ones the package's row lists,
// and each third-party module enters through exactly one package. A
// package without a row fails the test with the row to add. The packages
// checked are those go list finds in folders holding a Go file git tracks
// (an untracked folder in a worktree is logged, not checked); without git
// every package go list finds is checked.
//
// Its other test type-checks every package as Windows and macOS would
// build it (the files each selects; the standard library's declarations
// only), in place of cross builds that compiled the standard library and
// every dependency twice more.
package archtest
