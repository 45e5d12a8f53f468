package state

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// RunWindow is the widest gap between the file-name stamps of two state
// files that still makes them one research run (B13). BettaFish stamps
// each engine's file with that engine's own finish time, and the engines of
// one run work in parallel for 10–40 minutes, so one run's stamps are equal
// or minutes apart (a real run: 10:47:43, 10:59:43, 11:01:04); an hour
// leaves room for a slow engine, while runs started one after another by
// hand are normally further apart than that.
const RunWindow = time.Hour

// stampLayout is the time layout of BettaFish state file names.
const stampLayout = "20060102_150405"

// stampRE matches the end of a BettaFish state file name:
// `..._<YYYYMMDD>_<HHMMSS>.json`.
var stampRE = regexp.MustCompile(`_(\d{8}_\d{6})\.json$`)

// Stamp returns the finish time BettaFish wrote into a state file name,
// `state_<query>_<YYYYMMDD_HHMMSS>.json` (taken as UTC; only differences
// matter), and the stamp text "YYYYMMDD_HHMMSS". ok is false for a name
// without a valid stamp (`media.json`). The file is not opened.
func Stamp(path string) (t time.Time, text string, ok bool) {
	m := stampRE.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return time.Time{}, "", false
	}
	t, err := time.Parse(stampLayout, m[1])
	if err != nil {
		return time.Time{}, "", false
	}
	return t, m[1], true
}

// RelatedQueries reports whether two topic queries name one research task
// (B13): after trimming white space they are equal under Unicode case
// folding, or one contains the other (ignoring letter case), as when an
// engine rephrases "武汉大学" as "武汉大学舆情". An empty query is related to
// nothing.
func RelatedQueries(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == "" || b == "" {
		return false
	}
	if strings.EqualFold(a, b) {
		return true
	}
	la, lb := strings.ToLower(a), strings.ToLower(b)
	return strings.Contains(la, lb) || strings.Contains(lb, la)
}

// runVote is one state file's evidence for the one-run check.
type runVote struct {
	query   string
	stamp   time.Time
	stamped bool
}

// oneRun reports whether the votes form one research run: two files are
// of one run when their stamps lie within RunWindow or their queries are
// related (RelatedQueries), and a run is the transitive closure of that
// (so a chain A~B~C is one run). reason says which rule joined them:
// "equal queries", "the queries contain one another", "file stamps within
// 1h0m0s", or a combination.
func oneRun(votes []runVote) (ok bool, reason string) {
	if len(votes) < 2 {
		return true, ""
	}
	parent := make([]int, len(votes))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	byQuery, byStamp, contained := false, false, false
	for i := range votes {
		for j := i + 1; j < len(votes); j++ {
			a, b := votes[i], votes[j]
			joined := false
			if RelatedQueries(a.query, b.query) {
				joined = true
				byQuery = true
				if !strings.EqualFold(strings.TrimSpace(a.query), strings.TrimSpace(b.query)) {
					contained = true
				}
			} else if a.stamped && b.stamped && a.stamp.Sub(b.stamp).Abs() <= RunWindow {
				joined = true
				byStamp = true
			}
			if joined {
				parent[find(i)] = find(j)
			}
		}
	}
	root := find(0)
	for i := range votes {
		if find(i) != root {
			return false, ""
		}
	}
	var why []string
	switch {
	case contained:
		why = append(why, "the queries contain one another")
	case byQuery:
		why = append(why, "equal queries")
	}
	if byStamp {
		why = append(why, fmt.Sprintf("file stamps within %s", RunWindow))
	}
	return true, strings.Join(why, "; ")
}
