package builder

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"reportengine/state"
)

// The merge takes one engine state after the other in canonical order.
// The resolver (this file) finds the source of every search record: it
// looks each record's key up among the sources seen so far and numbers
// the new ones in order of first sight (the source's ordinal), keeping the
// tallies of engines and records; it touches no graph. The graph side
// (build.addSection) then appends the nodes and edges, taking each
// record's ordinal from the resolver instead of a map: a new ordinal is a
// new source node, an old one the node made for it. (Running the resolver
// of the next engine on a goroutine of its own beside the graph side
// changed build-graph's CPU and wall by less than the noise on 75 000
// records, so it runs in line.)

// resolved is one engine state's records resolved to source ordinals.
type resolved struct {
	// ords[i][j] is the ordinal of the source of the record j of
	// pre.paras[i] (Paragraph.Searches order).
	ords [][]int32
	// ids are the node ids of the sources this state creates, in ordinal
	// order (the first is ordinal first).
	ids   []string
	first int32
}

// resolver numbers the sources of all states of one Build.
type resolver struct {
	// byKey finds a source ordinal by the 96-bit hash of its key
	// (prepRec.key); full by the whole hash, for the keys that share 96
	// bits with another (see resolve).
	byKey map[[12]byte]int32
	full  map[[sha256.Size]byte]int32
	// by ordinal: the record that created the source and its key, and
	// the tally of every record that found it.
	made  []*state.SearchRecord
	urls  []string
	tally []srcTally

	hasher keyHasher
}

func newResolver(records int) *resolver {
	return &resolver{
		byKey: make(map[[12]byte]int32, records),
		made:  make([]*state.SearchRecord, 0, records),
		urls:  make([]string, 0, records),
		tally: make([]srcTally, 0, records),
	}
}

// resolveState resolves the records of one prepared state of engine rank
// rank, in the order the graph side visits them: sections in prepare's
// order, their query groups in order, each group's records in order.
func (r *resolver) resolveState(pre *prepared, rank int) *resolved {
	n := 0
	for i := range pre.paras {
		n += len(pre.paras[i].recs)
	}
	out := &resolved{ords: make([][]int32, len(pre.paras)), ids: make([]string, 0, n), first: int32(len(r.made))}
	for i := range pre.paras {
		pp := &pre.paras[i]
		ords := make([]int32, len(pp.recs))
		for _, grp := range pp.groups {
			for _, ri := range grp.records {
				o := r.source(&pp.p.Searches[ri], &pp.recs[ri], out)
				r.tally[o].engines |= 1 << rank
				r.tally[o].found++
				ords[ri] = o
			}
		}
		out.ords[i] = ords
	}
	return out
}

// source returns the ordinal of the source of rec, numbering it on first
// sight. Sources are shared across the graph: by trimmed URL, or, for
// records without a URL, by the full title and content (B16). The id is
// "SRC_" and 96 bits of SHA-256 over that key (see keyHasher.sum), which
// is also what the source is looked up by; a hit is checked against the
// key itself, so should two different keys ever share the 96 bits, the
// second gets the full 256-bit hash as its id, and sources never merge by
// accident.
func (r *resolver) source(rec *state.SearchRecord, pr *prepRec, out *resolved) int32 {
	if o, ok := r.byKey[pr.key]; ok {
		if r.sameKey(o, rec, pr) {
			return o
		}
		return r.collided(rec, pr, out)
	}
	o := r.add(rec, pr, "SRC_"+hex.EncodeToString(pr.key[:]), out)
	r.byKey[pr.key] = o
	return o
}

// sameKey reports whether source o has the key of rec.
func (r *resolver) sameKey(o int32, rec *state.SearchRecord, pr *prepRec) bool {
	if pr.url != "" || r.urls[o] != "" {
		return r.urls[o] == pr.url
	}
	return textKey(r.made[o]) == textKey(rec)
}

// collided finds or numbers the source of a key whose 96-bit hash another
// key has: by its full hash.
func (r *resolver) collided(rec *state.SearchRecord, pr *prepRec, out *resolved) int32 {
	sum := r.hasher.source(rec, pr.url)
	if o, ok := r.full[sum]; ok {
		return o
	}
	if r.full == nil {
		r.full = map[[sha256.Size]byte]int32{}
	}
	o := r.add(rec, pr, "SRC_"+hex.EncodeToString(sum[:]), out)
	r.full[sum] = o
	return o
}

// add numbers a new source, first seen in rec, with the given id.
func (r *resolver) add(rec *state.SearchRecord, pr *prepRec, id string, out *resolved) int32 {
	o := int32(len(r.made))
	r.made = append(r.made, rec)
	r.urls = append(r.urls, pr.url)
	r.tally = append(r.tally, srcTally{})
	out.ids = append(out.ids, id)
	return o
}

// srcKey identifies a source without a URL: its full title and content,
// trimmed of surrounding white space.
type srcKey struct {
	title, content string
}

func textKey(rec *state.SearchRecord) srcKey {
	return srcKey{strings.TrimSpace(rec.Title), strings.TrimSpace(rec.Content)}
}

// srcTally is what the records tell about a source once all are seen.
type srcTally struct {
	engines uint8 // bit i = state.Engines[i]
	found   int32
}
