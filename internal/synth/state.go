package synth

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// engineNames are the engine names WriteState accepts, in canonical order.
var engineNames = [...]string{"query", "media", "insight"}

const (
	engQuery = iota
	engMedia
	engInsight
	engShared // the seed slot of URLs that all engines share
)

// Kinds of derived random streams (see gen.reseed).
const (
	streamURL = iota + 1
	streamPost
	streamParagraph
)

// sharedEvery: every sharedEvery-th new URL id comes from the pool that all
// engines share.
const sharedEvery = 10

// baseTime is the fixed start of every synthetic run (no clock is read).
var baseTime = time.Date(2024, 10, 1, 10, 0, 0, 0, time.UTC)

// tsLayout is the ISO layout the engines write (local time, no zone).
const tsLayout = "2006-01-02T15:04:05.000000"

// WriteState writes one engine State JSON file for cfg to w. engine is
// "query", "media" or "insight". The output is deterministic for a given
// cfg and engine. Each engine draws from its own stream derived from
// cfg.Seed, so the three files differ. The media engine writes "score":
// null, and the other engines write floats. The output is streamed through
// a fixed-size buffer. WriteState returns the first write error.
func WriteState(w io.Writer, engine string, cfg Config) error {
	eng := slices.Index(engineNames[:], engine)
	if eng < 0 {
		return fmt.Errorf("synth: unknown engine %q (want query, media or insight)", engine)
	}
	cfg, err := cfg.normalize()
	if err != nil {
		return err
	}
	g := newGen(w, eng, cfg)
	g.state()
	g.j.flush()
	return g.j.err
}

// gen holds the state of one WriteState call.
type gen struct {
	cfg Config
	eng int
	j   *jsonWriter

	rng    *rand.Rand // main stream
	subSrc *rand.PCG  // derived streams, reseeded per use
	sub    *rand.Rand

	t      time.Time // clock of the synthetic run
	nURL   int       // URL ids issued so far in this file
	nPost  int       // URL-less insight posts issued so far
	seen   map[string]struct{}
	marks  [4]pending
	ts     []byte
	query  string
	text   []byte // record content
	title  []byte // record title
	pTitle []byte // paragraph title, description and summary
	pDesc  []byte
	pSum   []byte
}

func newGen(w io.Writer, eng int, cfg Config) *gen {
	seed := uint64(cfg.Seed)
	g := &gen{
		cfg:    cfg,
		eng:    eng,
		j:      newJSONWriter(w),
		rng:    rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15^uint64(eng+1)*0xbf58476d1ce4e5b9)),
		subSrc: rand.NewPCG(0, 0),
		seen:   make(map[string]struct{}, cfg.Queries),
	}
	g.sub = rand.New(g.subSrc)
	return g
}

// reseed points the derived stream at (kind, engine slot, id), so that the
// same item always gets the same text.
func (g *gen) reseed(kind, slot, id int) {
	g.subSrc.Seed(uint64(g.cfg.Seed)^0xd1b54a32d192ed03,
		uint64(kind)<<60|uint64(slot)<<56|uint64(id)&(1<<56-1))
}

// tick advances the synthetic clock by between lo and hi seconds (plus
// random microseconds).
func (g *gen) tick(lo, hi int) {
	d := time.Duration(lo+g.rng.IntN(hi-lo+1))*time.Second + time.Duration(g.rng.IntN(1_000_000))*time.Microsecond
	g.t = g.t.Add(d)
}

func (g *gen) state() {
	j := g.j
	g.t = baseTime
	g.tick(1, 5)
	created := g.t.Format(tsLayout)

	j.raw("{")
	j.key(2, "query")
	j.str(g.cfg.Topic)
	j.next(2, "report_title")
	j.str(reportTitle(g.cfg.Topic))
	j.next(2, "paragraphs")
	j.array(g.cfg.Paragraphs, 2, g.paragraph)
	j.next(2, "final_report")
	g.finalReport()
	j.next(2, "is_completed")
	j.boolean(true)
	j.next(2, "created_at")
	j.str(created)
	j.next(2, "updated_at")
	g.tick(30, 300)
	g.ts = g.t.AppendFormat(g.ts[:0], tsLayout)
	j.strB(g.ts)
	j.raw("\n}\n")
}

func reportTitle(topic string) string { return "关于'" + topic + "'的深度研究报告" }

// paragraphText fills pTitle, pDesc and pSum for paragraph p from its own
// derived stream, so finalReport can regenerate them.
func (g *gen) paragraphText(p int) {
	g.reseed(streamParagraph, g.eng, p)
	r := g.sub
	g.pTitle = appendText(g.pTitle[:0], r, 6+r.IntN(10), false, nil)
	g.pDesc = appendText(g.pDesc[:0], r, 40+r.IntN(50), true, nil)
	g.pSum = appendText(g.pSum[:0], r, 150+r.IntN(200), true, nil)
}

func (g *gen) paragraph(p int) {
	j := g.j
	g.paragraphText(p)
	g.tick(20, 120)

	j.newline(4)
	j.raw("{")
	j.key(6, "title")
	j.strB(g.pTitle)
	j.next(6, "content")
	j.strB(g.pDesc)
	j.next(6, "research")
	j.raw("{")
	j.key(8, "search_history")
	clear(g.seen)
	n, q := g.cfg.Records, -1
	j.array(n, 8, func(i int) {
		if qi := i * g.cfg.Queries / n; qi != q {
			q = qi
			g.newQuery()
			g.tick(3, 40)
			g.ts = g.t.AppendFormat(g.ts[:0], tsLayout)
		}
		g.record()
		j.maybeFlush()
	})
	j.next(8, "latest_summary")
	j.strB(g.pSum)
	j.next(8, "reflection_iteration")
	j.integer(g.rng.IntN(3))
	j.next(8, "is_completed")
	j.boolean(true)
	j.newline(6)
	j.raw("},")
	j.key(6, "order")
	j.integer(p)
	j.newline(4)
	j.raw("}")
	j.maybeFlush()
}

// newQuery sets g.query to a query text that is new in this paragraph
// (after trimming and lower-casing).
func (g *gen) newQuery() {
	r := g.rng
	var sb strings.Builder
	for attempt := 0; ; attempt++ {
		sb.Reset()
		sb.WriteString(g.cfg.Topic)
		for k := 2 + r.IntN(3); k > 0; k-- {
			sb.WriteByte(' ')
			if r.IntN(5) == 0 {
				sb.WriteString(enWords[skew(r, len(enWords))].s)
			} else {
				sb.WriteString(zhWords[r.IntN(len(zhWords))].s)
			}
		}
		if attempt >= 8 {
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(attempt))
		}
		key := strings.ToLower(strings.TrimSpace(sb.String()))
		if _, dup := g.seen[key]; !dup {
			g.seen[key] = struct{}{}
			g.query = sb.String()
			return
		}
	}
}

// content appends a record's content to b: sometimes an engine-specific
// decoration (as scraped pages and posts often have), then text with the
// given markers. The length, decoration included, is drawn from r and is
// spread evenly over 0.25 to 1.75 times the configured mean.
func (g *gen) content(r *rand.Rand, b []byte, marks []pending) []byte {
	n := max(1, int(float64(g.cfg.ContentRunes)*(0.25+1.5*r.Float64())))
	if r.IntN(10) < 3 {
		var p string
		switch g.eng {
		case engQuery:
			p = queryPrefixes[r.IntN(len(queryPrefixes))]
		case engMedia:
			p = mediaPrefixes[r.IntN(len(mediaPrefixes))]
		default:
			p = insightTags[r.IntN(len(insightTags))]
		}
		b = append(b, p...)
		n -= utf8.RuneCountInString(p)
	}
	// appendText ends on a sentence mark and stops at the first word
	// boundary at or after n, about a rune past n on average: aim lower.
	return appendText(b, r, max(1, n-2), true, marks)
}

func (g *gen) record() {
	j, r := g.j, g.rng
	hasURL := r.Float64() < g.cfg.URLShare
	var urlID int
	switch {
	case hasURL:
		urlID = g.pickID(&g.nURL)
		g.urlTitle(urlID)
		g.text = g.content(r, g.text[:0], pickMarkers(r, g.marks[:]))
	case g.eng == engInsight:
		// A post from the private database: title == content, and posts
		// may repeat word for word in other places.
		g.reseed(streamPost, g.eng, g.pickID(&g.nPost))
		s := g.sub
		g.text = g.content(s, g.text[:0], pickMarkers(s, g.marks[:]))
	default:
		g.title = appendText(g.title[:0], r, 6+r.IntN(14), false, nil)
		g.text = g.content(r, g.text[:0], pickMarkers(r, g.marks[:]))
	}

	j.newline(10)
	j.raw("{")
	j.key(12, "query")
	j.str(g.query)
	j.next(12, "url")
	if hasURL {
		j.buf = append(j.buf, '"')
		j.buf = appendURL(j.buf, g.eng, urlID)
		j.buf = append(j.buf, '"')
	} else {
		j.raw(`""`)
	}
	j.next(12, "title")
	if !hasURL && g.eng == engInsight {
		j.strB(g.text)
	} else {
		j.strB(g.title)
	}
	j.next(12, "content")
	j.strB(g.text)
	j.next(12, "score")
	switch g.eng {
	case engMedia:
		j.null()
	case engQuery:
		j.float(round5(0.2 + 0.8*r.Float64()))
	default:
		if r.IntN(10) < 6 {
			j.float(0)
		} else {
			j.float(round5(r.Float64()))
		}
	}
	j.next(12, "timestamp")
	j.strB(g.ts)
	j.newline(10)
	j.raw("}")
}

// pickID returns, with probability SharedURLs once ids were issued, one of
// the *issued ids again, else a new one (counting it in *issued).
func (g *gen) pickID(issued *int) int {
	if *issued > 0 && g.rng.Float64() < g.cfg.SharedURLs {
		return g.rng.IntN(*issued)
	}
	*issued++
	return *issued - 1
}

func round5(v float64) float64 { return math.Round(v*1e5) / 1e5 }

// urlTitle sets g.title to the title of URL id, the same every time the
// URL is used, and across engines for shared-pool URLs.
func (g *gen) urlTitle(id int) {
	slot := g.eng
	if id%sharedEvery == 0 {
		slot = engShared
	}
	g.reseed(streamURL, slot, id)
	s := g.sub
	g.title = appendText(g.title[:0], s, 6+s.IntN(14), false, nil)
	if slot == engQuery && s.IntN(2) == 0 {
		g.title = append(g.title, " - 示例新闻网"...)
	}
}

// appendURL appends the URL of id for engine eng. Every sharedEvery-th id is
// engine-independent. All hosts are reserved example domains.
func appendURL(b []byte, eng, id int) []byte {
	if id%sharedEvery == 0 {
		b = append(b, "https://www.example.com/topics/"...)
		b = strconv.AppendInt(b, int64(id/sharedEvery), 10)
		return append(b, ".html"...)
	}
	switch eng {
	case engQuery:
		switch id % 3 {
		case 0:
			b = append(b, "https://news.example.com/a/"...)
			b = strconv.AppendInt(b, int64(id), 10)
			return append(b, ".html"...)
		case 1:
			b = append(b, "https://www.example.org/articles/"...)
		default:
			b = append(b, "https://blog.example.net/p/"...)
		}
		return strconv.AppendInt(b, int64(id), 10)
	case engMedia:
		if id%2 == 0 {
			b = append(b, "https://video.example.net/v/"...)
			return strconv.AppendInt(b, int64(8_000_000+id), 10)
		}
		b = append(b, "https://note.example.com/explore/"...)
		return strconv.AppendUint(b, uint64(uint32(id)*2654435761), 16)
	}
	b = append(b, "https://bbs.example.org/thread/"...)
	return strconv.AppendInt(b, int64(id), 10)
}

// finalReport writes the engine's markdown report as one JSON string: a
// heading, then each paragraph's title and summary.
func (g *gen) finalReport() {
	j := g.j
	j.buf = append(j.buf, '"')
	j.buf = appendEscaped(j.buf, "# "+reportTitle(g.cfg.Topic)+"\n\n")
	for p := 0; p < g.cfg.Paragraphs; p++ {
		g.paragraphText(p)
		j.buf = append(j.buf, `## `...)
		j.buf = append(j.buf, g.pTitle...)
		j.buf = append(j.buf, `\n\n`...)
		j.buf = append(j.buf, g.pSum...)
		j.buf = append(j.buf, `\n\n`...)
		j.maybeFlush()
	}
	j.buf = append(j.buf, `（本报告由 synth 包合成，仅供测试。）`...)
	j.buf = append(j.buf, '"')
}

// appendEscaped appends s escaped for the inside of a JSON string.
func appendEscaped(b []byte, s string) []byte {
	q := appendQuoted(b, s)
	// drop the quotes appendQuoted added
	copy(q[len(b):], q[len(b)+1:len(q)-1])
	return q[:len(q)-2]
}
