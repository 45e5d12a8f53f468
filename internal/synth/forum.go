package synth

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"
)

// forumSpeakers is the speaking order of the engines. Every fourth entry
// is a HOST speech (see WriteForum).
var forumSpeakers = [...]string{"QUERY", "MEDIA", "INSIGHT"}

// hostOrdinals number the parts of a HOST speech.
var hostOrdinals = [...]string{"一", "二", "三", "四"}

// WriteForum writes a synthetic forum.log with entries speeches between a
// SYSTEM start banner and a SYSTEM end banner, so the file has entries+2
// lines. Each line has the form "[HH:MM:SS] [SPEAKER] content". The speakers
// rotate QUERY, MEDIA, INSIGHT, and every fourth speech (entries 4, 8, ...)
// is a HOST synthesis. Line breaks inside a speech are written as the two
// characters `\n`, as the ForumEngine writer does. The output is
// deterministic for a seed, and the text never contains the marker words.
func WriteForum(w io.Writer, entries int, seed int64) error {
	if entries < 0 {
		return fmt.Errorf("synth: negative forum entry count %d", entries)
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x6a09e667f3bcc909))
	j := newJSONWriter(w) // used only as a buffered byte sink
	t := baseTime
	banner := func(what string) {
		j.buf = t.AppendFormat(append(j.buf, '['), "15:04:05")
		j.raw("] [SYSTEM] === ForumEngine ", what, " - ")
		j.buf = t.AppendFormat(j.buf, "2006-01-02 15:04:05")
		j.raw(" ===\n")
	}
	banner("监控开始")
	agent := 0
	for i := 0; i < entries; i++ {
		t = t.Add(time.Duration(10+r.IntN(110)) * time.Second)
		j.buf = t.AppendFormat(append(j.buf, '['), "15:04:05")
		if i%4 == 3 {
			j.raw("] [HOST] ")
			for k := 0; k < 2+r.IntN(3); k++ {
				if k > 0 {
					j.raw(`\n`)
				}
				j.raw("**", hostOrdinals[k], "、")
				j.buf = appendText(j.buf, r, 4+r.IntN(8), false, nil)
				j.raw(`**\n`)
				j.buf = appendText(j.buf, r, 60+r.IntN(160), true, nil)
			}
		} else {
			j.raw("] [", forumSpeakers[agent%len(forumSpeakers)], "] ")
			agent++
			for k := 0; k < 1+r.IntN(3); k++ {
				if k > 0 {
					j.raw(`\n`)
				}
				j.raw("## ")
				j.buf = appendText(j.buf, r, 4+r.IntN(8), false, nil)
				j.raw(`\n`)
				j.buf = appendText(j.buf, r, 80+r.IntN(240), true, nil)
			}
		}
		j.buf = append(j.buf, '\n')
		j.maybeFlush()
	}
	t = t.Add(time.Duration(30+r.IntN(300)) * time.Second)
	banner("论坛结束")
	j.flush()
	return j.err
}
