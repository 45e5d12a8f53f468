// Package forum reads the BettaFish ForumEngine log (forum.log) into a list
// of Entry values: clock time, speaker, optional session and message text.
//
//	entries, warnings, err := forum.ParseFile("logs/forum.log")
//	if err != nil {
//		return err // I/O errors and a log that is not UTF-8; bad lines never fail the parse
//	}
//	for _, w := range warnings {
//		log.Print(w) // "line 3: unknown speaker \"ROBOT\""
//	}
//	for _, e := range entries {
//		if e.IsHost() {
//			fmt.Println(e.Time, e.Content)
//		}
//	}
//
// The package owns the log format only; turning HOST speeches into graph
// nodes is graphrag/builder's job. It does no I/O beyond the reader or file
// it is given.
//
// # Format
//
// The ForumEngine monitor writes one record per line:
//
//	[HH:MM:SS] [SPEAKER] content
//	[12:11:56] [SYSTEM] === ForumEngine 监控开始 - 2025-08-27 12:11:56 ===
//	[12:12:37] [QUERY] ## 核心事件概述 武汉大学……
//	[09:00:00] === ForumEngine 监控开始 - 2025-01-01 09:00:00 ===
//
// A record starts at a line whose first ten bytes are a valid timestamp
// "[HH:MM:SS]": two ASCII digits each, HH 00-23, MM and SS 00-59.
// Entry.Time keeps "HH:MM:SS" and Entry.Seconds the seconds since midnight.
// A UTF-8 byte order mark on the first line is ignored. A line whose
// timestamp is out of range, such as "[25:61:00]", or has one-digit groups,
// such as "[1:02:03]", does not start a record; it is a continuation line
// (below) and gets a warning, since it usually means a damaged file.
//
// # Speaker tag
//
// After the timestamp and optional blanks (spaces or tabs) comes the
// speaker tag, in one of three forms:
//
//	[WORD]          [QUERY]
//	[WORD:ID]       [QUERY:session-2]
//	[WORD@ID]       [QUERY@r7]
//
// WORD is an ASCII letter or '_' followed by ASCII letters, digits or '_',
// and is upper-cased into Entry.Speaker. ID is one or more of
// [A-Za-z0-9_.:=#-] and goes into Entry.Session as written. QUERY, MEDIA,
// INSIGHT, HOST and SYSTEM are known speakers (Entry.Known). Any other WORD,
// such as "[ROBOT]", is kept as the speaker with Known false and a warning
// (`line 3: unknown speaker "ROBOT"`); callers must not treat it as an
// engine. A record without a speaker tag, such as the monitor's banners
// written without a source, has Speaker SYSTEM and Known true; whatever
// follows the timestamp, including a bracket that is not a speaker tag such
// as "[附]" or "[1]", is then its content. An empty tag ("[]", "[ ]") is
// such a record too, with a warning (`line 3: empty speaker tag; kept as
// a SYSTEM entry`): a speaker's name was lost.
//
// # Session tag
//
// After a "[WORD]" speaker tag and optional blanks there may be one session
// tag: a bracketed ASCII token, with nothing else inside the brackets, that
// is one of
//
//	KEYWORD SEP ID     [session-2] [sid=ab12] [SESS_3] [sid:x.y]
//	KEYWORD DIGIT ...  [session2] [sid7a]
//	S DIGITS           [S3] [s12]
//	# ID               [#r7]
//	HEX                [3f9a1c2e] (8 to 32 hex digits, as BettaFish's forum writer emits)
//	UUID               [0b8f6c2e-1d3a-4f5b-9c7e-2a4d6e8f0a1b] (8-4-4-4-12 hex digits)
//
// where KEYWORD is "session", "sess" or "sid" in any letter case, SEP is one
// of '-', '_', ':', '=', '#', and ID is one or more of [A-Za-z0-9_.-]; in the
// second form the text after the keyword starts with a digit and is made of
// ID characters. Entry.Session keeps the whole token as written, without the
// brackets: "session-2", "sid=ab12", "S3", "#r7". Anything else stays in
// the content: "[附] 部分视频", "[1] 引用", "[Note] x", "[sidebar] x",
// "[session] x", "[1234567]" (seven digits: too short for a HEX id; eight
// or more digits are taken as one). The writer's form without a session,
// "[14:07:00] [MEDIA]  内容" with two spaces, gives Session "" and the
// content without the leading blanks. A speaker tag in the ':' or '@' form already carries the
// session, so no second session tag is looked for after it.
//
// # Content and escapes
//
// The content is the rest of the line. The writer escapes a real newline as
// the two characters `\n` and a carriage return as `\r`; Parse turns `\r\n`
// (four characters), `\n` and a lone `\r` each into one LF, so Content never
// holds a CR or an escaped line break. A raw CR inside a line also becomes an
// LF, and the raw CR ending a line of a CRLF file is dropped. Other
// backslashes are kept. The writer does not escape backslashes, so a
// message that really contained the two characters `\n` cannot be told from
// a line break; it comes back as a line break. Bytes that are not valid
// UTF-8 are replaced, one U+FFFD per byte, with one warning per line. When
// more than half of the non-blank lines are not UTF-8 the log is in another
// encoding (a forum.log saved as GBK keeps its ASCII timestamps and speaker
// tags and would lose every message): Parse then fails with an
// *EncodingError (errors.Is ErrNotUTF8) naming the first such line, the
// count and the iconv command that converts the file, as package state does
// for state files. BettaFish's parser reads such a file as UTF-8 with errors
// replaced and goes on with the garbled text.
// Content is trimmed of surrounding white space.
//
// # Continuation lines
//
// A line that does not start with a valid timestamp belongs to the record
// above it and is appended to its content after an LF, with its escapes
// decoded the same way. This covers messages written with real line breaks
// by older writers, pasted JSON and manual edits, including lines that start
// with a bracket, such as "[附] 部分视频已被平台限流". Such lines give no
// warning, but a line that opens like a damaged timestamp ("[1:02:03]",
// "[10:20] [HOST]", "[10:20:00 [MEDIA]" without its closing bracket) does,
// naming its line. Blank lines inside a record are kept; trailing ones are trimmed
// with the rest of the surrounding white space. Entry.Line is the record's
// first line (1-based).
//
// Text before the first timestamped line, starting at its first non-blank
// line, becomes one record with Time "", Seconds -1 and Speaker SYSTEM, and
// a warning naming its first line. Lines may be of any length (the real
// logs have lines of several kilobytes; tests cover a 5 MB line); they are
// limited only by memory.
//
// # Differences from the BettaFish parser
//
// The BettaFish report engine (forum_parser.py) matches each line against
// "[HH:MM:SS] [WORD] non-empty rest" and:
//
//   - drops every line without that exact prefix, so banners written
//     without a speaker and every continuation line of a multi-line message
//     are lost; here they are SYSTEM records and continuation text;
//   - accepts any two digits as hour, minute and second; here an
//     out-of-range timestamp is text, with a warning;
//   - un-escapes only `\n`, leaving a stray `\r` or a literal "\r" in the
//     text; here `\r\n`, `\n` and `\r` all become one LF;
//   - keeps only the five known speakers and silently drops the rest; here
//     an unknown speaker is kept, marked Known false, with a warning;
//   - has no notion of sessions; here session tags are split off into
//     Entry.Session instead of staying at the head of the content.
package forum
