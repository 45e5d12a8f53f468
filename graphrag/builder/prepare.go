package builder

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"sort"
	"strings"

	"reportengine/graphrag"
	"reportengine/state"
)

// Build works in two steps per engine state. Preparing (this file) is
// everything that depends on the state alone: the section order, the
// query groups of every paragraph, and for every search record its source
// key (trimmed URL, or trimmed title and content), the key's hash and the
// display name a new source would get. It runs on one goroutine per state.
// Merging (builder.go) then walks the states in canonical order on one
// goroutine, looking each record's source up by its hash and appending
// nodes and edges; it is the only step that touches shared structures.

// prepared is one state made ready for merging.
type prepared struct {
	paras []prepPara // in section order
}

// prepPara is one paragraph: its query groups and, per search record (in
// Paragraphs[i].Searches order), what the merge needs.
type prepPara struct {
	p      *state.Paragraph
	groups []*queryGroup
	recs   []prepRec
}

// prepRec is the source key of one search record.
type prepRec struct {
	// key is the first 96 bits of the SHA-256 of the source key (see
	// keyHash); the source id is "SRC_" and their hex digits.
	key [12]byte
	// url is the trimmed URL, "" for a record keyed by its text.
	url string
	// name is the display name the source gets if this record creates it.
	name string
}

// prepare prepares one state; it reads st and nothing else.
func prepare(st *state.State) *prepared {
	paras := make([]*state.Paragraph, len(st.Paragraphs))
	for i := range st.Paragraphs {
		paras[i] = &st.Paragraphs[i]
	}
	// Sections in order: ordered paragraphs by order (ties by position),
	// then the ones without order in file order (B15).
	sort.SliceStable(paras, func(i, j int) bool {
		a, c := paras[i], paras[j]
		switch {
		case a.Order != nil && c.Order != nil:
			if *a.Order != *c.Order {
				return *a.Order < *c.Order
			}
			return a.Position < c.Position
		case a.Order != nil:
			return true
		case c.Order != nil:
			return false
		}
		return a.Position < c.Position
	})
	out := &prepared{paras: make([]prepPara, len(paras))}
	var h keyHasher
	for i, p := range paras {
		pp := &out.paras[i]
		pp.p = p
		pp.groups = groupQueries(p.Searches)
		pp.recs = make([]prepRec, len(p.Searches))
		for j := range p.Searches {
			rec := &p.Searches[j]
			pr := &pp.recs[j]
			pr.url = strings.TrimSpace(rec.URL)
			sum := h.source(rec, pr.url)
			pr.key = keyOf(&sum)
			pr.name = graphrag.SourceName(rec.Title, pr.url, rec.Content)
		}
	}
	return out
}

// keyOf is the look-up key of a source with key hash sum: its first 96
// bits, the hex digits of its id. A variable so that a test can make
// every key collide.
var keyOf = func(sum *[sha256.Size]byte) (k [12]byte) {
	copy(k[:], sum[:])
	return k
}

// keyHasher computes the SHA-256 of source keys, reusing its state and
// input buffer.
type keyHasher struct {
	h   hash.Hash
	buf []byte
}

// source is the SHA-256 of the source key of rec, whose trimmed URL is
// url: by the URL, or for none by the trimmed title and content.
func (k *keyHasher) source(rec *state.SearchRecord, url string) (sum [sha256.Size]byte) {
	if url != "" {
		k.sum(sum[:0], "url", url)
	} else {
		t := textKey(rec)
		k.sum(sum[:0], "text", t.title, t.content)
	}
	return sum
}

// sum appends to dst the SHA-256 of the parts, each preceded by its length
// in bytes as a uvarint. The encoding is prefix-free, so no two different
// lists of parts hash the same input: ("ab","c") and ("a","bc") differ,
// and so do parts that contain any byte, NUL included (a separator byte
// would not do that).
func (k *keyHasher) sum(dst []byte, parts ...string) []byte {
	if k.h == nil {
		k.h = sha256.New()
	}
	k.h.Reset()
	buf := k.buf[:0]
	for _, p := range parts {
		buf = binary.AppendUvarint(buf, uint64(len(p)))
		buf = append(buf, p...)
	}
	k.h.Write(buf)
	k.buf = buf
	return k.h.Sum(dst)
}
