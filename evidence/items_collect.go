package evidence

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/internal/parallel"
	"reportengine/text"
)

// collector gathers the texts to cut (jobs, in collection order) and turns
// them into items: the cutting and hashing run on all cores, the merging
// runs in job order, so ids do not depend on scheduling.
type collector struct {
	jobs    []job
	items   []Item
	stats   Stats
	sources int    // source records seen
	keep    []bool // per source record (0-based): cut it; nil = all
}

// job is one text to cut into passages (or, with single, one passage as is).
type job struct {
	text   string
	prov   Provenance
	limit  int
	single bool
}

// cut is one passage with what merging needs, computed in parallel.
type cut struct {
	text   string
	seg    int32 // the passage's segment in its text (passageSegments)
	sec    int32 // and its section there
	noise  bool
	key    uint64 // hash of the normalised text (letters and digits, lower case)
	bucket uint64 // hash of its first and last three runes (near-duplicate candidates)
}

// bucketCompare is how many earlier items of a bucket a passage is compared
// with (the newest ones) for near duplicates.
const bucketCompare = 4

func newCollector() *collector { return &collector{} }

// addText queues text to be cut into passages; limit > 0 keeps only the
// first limit passages.
func (c *collector) addText(text string, p Provenance, limit int) {
	if strings.TrimSpace(text) == "" {
		return
	}
	c.jobs = append(c.jobs, job{text: text, prov: p, limit: limit})
}

// cutJobs cuts each job's text into passages (one, for a single job; at
// most its limit), on all cores, in job order.
func (c *collector) cutJobs() [][]cut {
	cuts := make([][]cut, len(c.jobs))
	parallel.Each(len(c.jobs), eachGrain, func(_, i int) {
		j := &c.jobs[i]
		var ps []string
		var segs, secs []int32
		if j.single {
			ps = []string{strings.TrimSpace(j.text)}
		} else {
			ps, segs, secs = passageSegments(j.text)
			if j.limit > 0 && len(ps) > j.limit {
				ps = ps[:j.limit]
			}
		}
		out := make([]cut, len(ps))
		for k, p := range ps {
			out[k] = makeCut(p)
			if segs != nil {
				out[k].seg, out[k].sec = segs[k], secs[k]
			}
		}
		cuts[i] = out
	})
	return cuts
}

// run cuts every queued text (in parallel) and merges the passages into
// items (in order).
func (c *collector) run() {
	cuts := c.cutJobs()
	exact := map[uint64]int32{}
	bucket := map[uint64][]int32{}
	grams := map[int32][]uint64{}
	gramsOf := func(i int32) []uint64 {
		g, ok := grams[i]
		if !ok {
			g = trigramList(Normalize(c.items[i].Text))
			grams[i] = g
		}
		return g
	}
	for ji := range c.jobs {
		prov := c.jobs[ji].prov
		prev := int32(0) // 1 + the item of the job's previous passage
		for _, ct := range cuts[ji] {
			c.stats.Passages++
			if ct.noise {
				c.stats.Noise++
				prev = 0
				continue
			}
			if i, ok := exact[ct.key]; ok && (c.items[i].Text == ct.text || Normalize(c.items[i].Text) == Normalize(ct.text)) {
				c.merge(int(i), prov, false)
				prev = i + 1
				continue
			}
			var g []uint64
			idx := int32(-1) // the near duplicate's item, else a new one's
			members := bucket[ct.bucket]
			for k := len(members) - 1; k >= 0 && k >= len(members)-bucketCompare; k-- {
				if g == nil {
					g = trigramList(Normalize(ct.text))
				}
				if similarList(g, gramsOf(members[k])) >= NearDuplicate {
					idx = members[k]
					break
				}
			}
			if idx >= 0 {
				c.merge(int(idx), prov, true)
			} else {
				idx = int32(len(c.items))
				c.items = append(c.items, Item{ID: "E" + strconv.Itoa(int(idx)+1), Text: ct.text, Kind: prov.Kind,
					Provenance: []Provenance{prov}, Runes: utf8.RuneCountInString(ct.text), prev: prev,
					doc: int32(ji), seg: ct.seg, sec: ct.sec})
				bucket[ct.bucket] = append(bucket[ct.bucket], idx)
				if g != nil {
					grams[idx] = g
				}
			}
			prev = idx + 1
			if _, taken := exact[ct.key]; !taken {
				exact[ct.key] = idx
			}
		}
	}
	c.jobs = nil
}

// makeCut hashes one passage: FNV-1a over the normalised runes, and over
// its first and last three normalised runes for the bucket.
func makeCut(p string) cut {
	if isNoise(p) {
		return cut{text: p, noise: true}
	}
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	var first, last [3]rune
	n := 0
	for _, r := range p {
		if !text.IsBasicHan(r) { // a Han ideograph is a letter that is its own lower case
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				continue
			}
			r = unicode.ToLower(r)
		}
		if n < 3 {
			first[n] = r
		}
		last[0], last[1], last[2] = last[1], last[2], r
		n++
		for x := uint32(r); ; x >>= 8 {
			h ^= uint64(x & 0xff)
			h *= prime
			if x < 0x100 {
				break
			}
		}
		h ^= 0xff // rune separator
		h *= prime
	}
	if n == 0 {
		return cut{text: p, noise: true}
	}
	ct := cut{text: p, key: h, bucket: h}
	if n > 6 {
		ct.bucket = offset
		for _, r := range append(first[:], last[:]...) {
			ct.bucket ^= uint64(r)
			ct.bucket *= prime
		}
	}
	return ct
}

// merge adds p to item i unless an equal provenance is already there.
func (c *collector) merge(i int, p Provenance, near bool) {
	c.stats.Merged++
	if near {
		c.stats.NearMerged++
	}
	if !slices.Contains(c.items[i].Provenance, p) {
		c.items[i].Provenance = append(c.items[i].Provenance, p)
	}
}
