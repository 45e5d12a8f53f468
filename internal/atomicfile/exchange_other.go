//go:build !(linux && (amd64 || arm64))

package atomicfile

// exchange is not available here: ReplaceDir renames the old folder aside
// first.
func exchange(a, b string) error { return errNoExchange }
