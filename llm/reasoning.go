package llm

import "strings"

// ReasoningFilter removes reasoning blocks from a reply as it streams, so
// that text shown while a model answers (a search answer on the terminal,
// the server's `chunk` events) never holds the model's thinking (field
// cases B01 and B02) — the same blocks StripReasoning and ExtractJSON remove
// from the whole reply. Feed it the content deltas in order with Write and
// call Flush once at the end; the concatenation of what they return is the
// text to show.
//
// What is removed, with the delimiters of StripReasoning (<think>,
// <thinking>, <reasoning>, <seed:think>, <|begin_of_thought|>, ◁think▷ and
// their closing forms, ASCII case ignored), also when a delimiter is split
// across deltas:
//
//   - a block that opens before any other text: everything up to its
//     closing delimiter, or to the end when it never closes (StripReasoning
//     then returns "" as well);
//   - a block opened after other text and closed later: held back until it
//     closes, then dropped; one that never closes is given back by Flush,
//     as StripReasoning keeps it;
//   - a closing delimiter without an opening one (the chat template put the
//     opening into the prompt, B02): the delimiter and all text before it,
//     as StripReasoning drops them. Text before it that an earlier Write
//     already passed on (nothing marked it as reasoning then) is reported
//     with Chunk.Reset: the caller discards or marks what it showed.
//
// Text that may be the start of a delimiter ("<thi" at the end of a delta)
// is held until the next delta tells. A ReasoningFilter is not safe for
// concurrent use; its zero value is ready.
type ReasoningFilter struct {
	pending string // text that may start a delimiter, not yet judged
	in      int    // 1 + index into reasoningDelims of the open block; 0 = none
	leading bool   // the open block started before any other text
	held    string // a non-leading open block so far (opening included)
	shown   bool   // non-blank text was passed on since the last reset
	passed  bool   // any text was passed on since the last reset
}

// Write takes the next delta and returns the text that can be shown now
// (Delta, possibly ""), with Reset set when text passed on by earlier
// Writes turned out to be reasoning (an orphan closing delimiter).
func (f *ReasoningFilter) Write(delta string) Chunk {
	buf := f.pending + delta
	f.pending = ""
	var out strings.Builder
	reset := false
	show := func(s string) {
		out.WriteString(s)
		if strings.TrimSpace(s) != "" {
			f.shown = true
		}
	}
	for buf != "" {
		if f.in > 0 {
			closer := reasoningDelims[f.in-1][1]
			i := indexFold(buf, closer, 0)
			if i < 0 {
				keep := delimPrefixLen(buf, closer)
				if !f.leading {
					f.held += buf[:len(buf)-keep]
				}
				f.pending = buf[len(buf)-keep:]
				break
			}
			if !f.leading {
				show("\n") // as StripReasoning puts one in the block's place
			}
			f.in, f.held = 0, ""
			buf = buf[i+len(closer):]
			continue
		}
		at, delim, opening := firstDelim(buf)
		if at < 0 {
			keep := 0
			for _, d := range reasoningDelims {
				keep = max(keep, delimPrefixLen(buf, d[0]), delimPrefixLen(buf, d[1]))
			}
			show(buf[:len(buf)-keep])
			f.pending = buf[len(buf)-keep:]
			break
		}
		show(buf[:at])
		d := reasoningDelims[delim]
		if !opening { // an orphan closing delimiter: all before it was reasoning
			reset = reset || f.passed
			out.Reset()
			f.shown, f.passed = false, false
			buf = buf[at+len(d[1]):]
			continue
		}
		f.in, f.leading = delim+1, !f.shown
		if !f.leading {
			f.held = buf[at : at+len(d[0])]
		}
		buf = buf[at+len(d[0]):]
	}
	f.passed = f.passed || out.Len() > 0
	return Chunk{Delta: out.String(), Reset: reset}
}

// Flush returns the text still held at the end of the reply: a partial
// delimiter that never completed, or a block opened after other text that
// never closed (kept, as StripReasoning keeps it).
func (f *ReasoningFilter) Flush() string {
	var s string
	switch {
	case f.in == 0:
		s = f.pending
	case !f.leading:
		s = f.held + f.pending
	}
	*f = ReasoningFilter{shown: f.shown || strings.TrimSpace(s) != "", passed: f.passed || s != ""}
	return s
}

// firstDelim finds the earliest opening or closing delimiter in s: its byte
// offset (-1 if none), its index in reasoningDelims and whether it opens.
// At one offset the longer delimiter wins (<thinking> over <think>).
func firstDelim(s string) (at, delim int, opening bool) {
	at, size := -1, 0
	for k, d := range reasoningDelims {
		for j, t := range d {
			i := indexFold(s, t, 0)
			if i >= 0 && (at < 0 || i < at || i == at && len(t) > size) {
				at, size, delim, opening = i, len(t), k, j == 0
			}
		}
	}
	return at, delim, opening
}

// delimPrefixLen is the length of the longest proper suffix of s that is a
// prefix of delim (ASCII case ignored in s).
func delimPrefixLen(s, delim string) int {
	for n := min(len(s), len(delim)-1); n > 0; n-- {
		if indexFold(s[len(s)-n:], delim[:n], 0) == 0 {
			return n
		}
	}
	return 0
}
