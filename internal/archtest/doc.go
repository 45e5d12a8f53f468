// Package archtest holds no code: its test checks the import rules of
// DESIGN.md with `go list` (imports point down the package levels, and each
// third-party library enters through exactly one package).
package archtest
