//go:build race

package localsearch

const raceEnabled = true
