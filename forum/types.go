package forum

import "fmt"

// Known speakers. QUERY, MEDIA and INSIGHT are the research engines, HOST the
// LLM moderator, SYSTEM the monitor's banners and any line without a speaker
// tag.
const (
	SpeakerQuery   = "QUERY"
	SpeakerMedia   = "MEDIA"
	SpeakerInsight = "INSIGHT"
	SpeakerHost    = "HOST"
	SpeakerSystem  = "SYSTEM"
)

// Entry is one forum entry: one logical record of the log, which may span
// several physical lines (B12).
type Entry struct {
	// Line is the 1-based line number of the record's first physical line.
	Line int
	// Time is the clock time "HH:MM:SS"; "" for text before the first
	// timestamped line.
	Time string
	// Seconds is Time as seconds since midnight; -1 when Time is "".
	Seconds int
	// Speaker is the upper-cased speaker tag: QUERY, MEDIA, INSIGHT, HOST,
	// SYSTEM, or an unknown tag kept as written (upper-cased).
	Speaker string
	// Session is the optional session tag after the speaker (B10), as
	// written and without brackets: "session-2", "sid=ab12", "S3", "#r7";
	// "" when absent. The grammar is in the package documentation.
	Session string
	// Content is the message with escaped line breaks turned into real ones
	// (`\n`, `\r\n` and `\r` all become "\n"), continuation lines joined with
	// "\n", and surrounding white space trimmed.
	Content string
	// Known is false for a speaker outside the five known ones.
	Known bool
}

// IsEngine reports whether the entry is a research engine's speech (QUERY,
// MEDIA or INSIGHT).
func (e Entry) IsEngine() bool {
	switch e.Speaker {
	case SpeakerQuery, SpeakerMedia, SpeakerInsight:
		return true
	}
	return false
}

// IsHost reports whether the entry is a HOST speech.
func (e Entry) IsHost() bool { return e.Speaker == SpeakerHost }

// Warning is a non-fatal finding at a line of the log, e.g. an unknown
// speaker (B11).
type Warning struct {
	// Line is the 1-based line the finding is about.
	Line int
	// Msg describes the finding, without the line number.
	Msg string
}

// String formats the warning as "line N: msg".
func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }
