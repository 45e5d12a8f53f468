//go:build !race

package cli

// raceOn: the tests run under the race detector (go test -race).
const raceOn = false
