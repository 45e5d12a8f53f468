package cli

import (
	"fmt"
	"slices"
	"time"

	"reportengine/forum"
	"reportengine/state"
)

// forumNotes are the warnings about a forum log as a whole: it holds no
// entries, none of its lines is timestamped (not a forum log), or the monitor start it records (forum.Started) is more than a
// day away from every created_at and updated_at of the state files, so it
// is likely from another run. Nothing is said about the date when either
// side has none. warnings are for stderr and the manifest; reader is the
// same fact for the report's notices (readerForumNotice), "" when none.
func forumNotes(path string, entries []forum.Entry, states []*state.State) (warnings []string, reader string) {
	if len(entries) == 0 {
		return []string{fmt.Sprintf("forum log %s holds no entries", path)}, readerForumNotice(0, time.Time{}, 0, false)
	}
	if !slices.ContainsFunc(entries, func(e forum.Entry) bool { return e.Time != "" || e.Line == 0 }) {
		// a README or a note given as --forum: its text is kept as one
		// SYSTEM entry (package forum), but nothing in it is a forum line.
		// (Entries without a line number are storedForumNotes' rebuild
		// from a stored graph's record, which keeps no times: not judged.)
		return []string{fmt.Sprintf("forum log %s has no timestamped line ([HH:MM:SS] [SPEAKER] content): is it a forum log?", path)}, ""
	}
	started, ok := forum.Started(entries)
	if !ok {
		return nil, ""
	}
	best, nearest := time.Duration(-1), ""
	for _, s := range states {
		for _, v := range []string{s.CreatedAt, s.UpdatedAt} {
			t, ok := stateTime(v)
			if !ok {
				continue
			}
			d := started.Sub(t).Abs()
			if best < 0 || d < best {
				best, nearest = d, fmt.Sprintf("%s %s", s.Engine, v)
			}
		}
	}
	if best <= 24*time.Hour {
		return nil, ""
	}
	days := best.Hours() / 24
	return []string{fmt.Sprintf("forum log %s started %s, %.1f days from the nearest state file time (%s): is it from another run?",
		path, started.Format("2006-01-02 15:04:05"), days, nearest)}, readerForumNotice(len(entries), started, days, true)
}

// stateTime reads the date and time of a state's created_at or updated_at
// ("2025-08-25T17:38:22.801378"; fractions and any zone are ignored, as in
// forum.Started both sides are the engine's local time).
func stateTime(v string) (time.Time, bool) {
	if len(v) < 19 {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02T15:04:05", v[:10]+"T"+v[11:19])
	return t, err == nil
}
