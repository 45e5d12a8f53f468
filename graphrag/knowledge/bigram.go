package knowledge

import (
	"encoding/binary"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sort"
	"unicode/utf8"

	"reportengine/internal/parallel"
	"reportengine/text"
)

// bigramIndex lists, for every pair of adjacent runes (a rune bigram) of
// the lexical documents (Lexical.docs, as they are searched: ASCII
// lower-cased, foldASCII on the fly), the documents that hold it and how often. A word of two
// or more runes is then counted (Lexical.count) by reading the lists of
// its bigrams instead of every document: a document that lacks one of the
// word's bigrams cannot hold the word, and those that hold all of them are
// counted exactly by anchoredCount, as a scan would count them; a word of
// two different runes holding a Han character is counted straight from
// its list (its occurrences cannot overlap, so the bigram's count is
// strings.Count's). On the 300 000-record graph a word cost a pass over
// 160 MB of documents (60–117 ms); with the index it costs the lists of
// its bigrams and the documents that hold them all.
//
// The index is written in the model file (modelfile.go) and read from it
// without a copy: keys are the bigrams (first rune << 32 | second rune),
// ascending, 8 bytes each; offs the start of each key's list in post
// (8 bytes each, one more than the keys); post the lists, each entry the
// unsigned varints doc − previous doc (the first: doc) and count. A count
// of maxBigramCount or more is stored as maxBigramCount, and such a
// document is counted with anchoredCount.
type bigramIndex struct {
	n    int    // keys
	keys []byte // n × 8 bytes, little-endian, ascending
	offs []byte // (n+1) × 8 bytes, little-endian
	post []byte
}

// pairsPerPass bounds the pairs sortedBigramIndex packs and sorts at once.
var pairsPerPass = 16 << 20

// maxBigramCount is the largest count a list stores as it is.
const maxBigramCount = 1<<16 - 1

// foldASCII lower-cases an ASCII capital (the documents are searched
// ASCII lower-cased, lowerASCII).
func foldASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func bigramKey(a, b rune) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// docBigrams appends the distinct bigram keys of s (ascending) and their
// counts to keys and counts (cleared first); scratch is reused between
// calls.
func docBigrams(s string, scratch, keys []uint64, counts []uint32) ([]uint64, []uint64, []uint32) {
	scratch, keys, counts = scratch[:0], keys[:0], counts[:0]
	var prev rune = -1
	for _, r := range s {
		r = foldASCII(r)
		if prev >= 0 {
			scratch = append(scratch, bigramKey(prev, r))
		}
		prev = r
	}
	slices.Sort(scratch)
	for i := 0; i < len(scratch); {
		j := i + 1
		for j < len(scratch) && scratch[j] == scratch[i] {
			j++
		}
		keys = append(keys, scratch[i])
		counts = append(counts, uint32(j-i))
		i = j
	}
	return scratch, keys, counts
}

// buildBigramIndex indexes docs (sortedBigramIndex; plainBigramIndex for
// more than 65 535 distinct runes).
func buildBigramIndex(docs []string) *bigramIndex {
	if x := sortedBigramIndex(docs); x != nil {
		return x
	}
	return plainBigramIndex(docs)
}

// plainBigramIndex indexes docs one after another, each bigram's list
// encoded in a map as its documents come. It is the plain rule
// sortedBigramIndex is held to (TestSortedBigramIndexOracle), and serves
// the knowledge whose runes sortedBigramIndex cannot pack.
func plainBigramIndex(docs []string) *bigramIndex {
	type list struct {
		post []byte
		prev uint32 // the last document in post
	}
	lists := map[uint64]*list{}
	var scratch, keys []uint64
	var counts []uint32
	for d, doc := range docs {
		scratch, keys, counts = docBigrams(doc, scratch, keys, counts)
		for j, key := range keys {
			l := lists[key]
			if l == nil {
				l = &list{}
				lists[key] = l
			}
			l.post = binary.AppendUvarint(l.post, uint64(uint32(d)-l.prev))
			l.post = binary.AppendUvarint(l.post, uint64(min(counts[j], maxBigramCount)))
			l.prev = uint32(d)
		}
	}
	x := &bigramIndex{n: len(lists), keys: []byte{}}
	for _, key := range slices.Sorted(maps.Keys(lists)) {
		x.keys = binary.LittleEndian.AppendUint64(x.keys, key)
		x.offs = binary.LittleEndian.AppendUint64(x.offs, uint64(len(x.post)))
		x.post = append(x.post, lists[key].post...)
	}
	x.offs = binary.LittleEndian.AppendUint64(x.offs, uint64(len(x.post)))
	return x
}

// list returns the encoded list of key, nil when no document holds it.
func (x *bigramIndex) list(key uint64) []byte {
	i := sort.Search(x.n, func(i int) bool { return binary.LittleEndian.Uint64(x.keys[8*i:]) >= key })
	if i == x.n || binary.LittleEndian.Uint64(x.keys[8*i:]) != key {
		return nil
	}
	return x.listAt(i)
}

// listAt returns the encoded list of the i-th key (0 ≤ i < n).
func (x *bigramIndex) listAt(i int) []byte {
	return x.post[binary.LittleEndian.Uint64(x.offs[8*i:]):binary.LittleEndian.Uint64(x.offs[8*i+8:])]
}

// decodeList decodes an encoded list into docs and counts (appended).
func decodeList(b []byte, docs []int32, counts []int32) ([]int32, []int32, bool) {
	prev := uint64(0)
	for len(b) > 0 {
		d, n := binary.Uvarint(b)
		if n <= 0 {
			return docs, counts, false
		}
		b = b[n:]
		c, n := binary.Uvarint(b)
		if n <= 0 {
			return docs, counts, false
		}
		b = b[n:]
		prev += d
		docs = append(docs, int32(prev))
		counts = append(counts, int32(c))
	}
	return docs, counts, true
}

// countIndexed is count(w) through the index (w lower-cased, at least two
// runes, no U+FFFD); ok is false when the index cannot answer (a damaged
// list), and the caller scans.
func (x *Lexical) countIndexed(w string) (hits []docHit, total int, ok bool) {
	rs := []rune(w)
	anywhere := text.HasHan(w)
	var buf []byte // docCount's
	// the lists of the word's distinct bigrams, shortest first
	type list struct {
		b   []byte
		key uint64
	}
	var lists []list
	for i := 0; i+1 < len(rs); i++ {
		key := bigramKey(rs[i], rs[i+1])
		if slices.ContainsFunc(lists, func(l list) bool { return l.key == key }) {
			continue
		}
		b := x.bigrams.list(key)
		if b == nil {
			return nil, 0, true // a bigram no document holds
		}
		lists = append(lists, list{b, key})
	}
	slices.SortStableFunc(lists, func(a, b list) int { return len(a.b) - len(b.b) })
	docs, counts, good := decodeList(lists[0].b, nil, nil)
	if !good {
		return nil, 0, false
	}
	direct := len(rs) == 2 && rs[0] != rs[1] && anywhere
	if direct {
		for i, d := range docs {
			n := int(counts[i])
			if n >= maxBigramCount {
				n = x.docCount(int(d), w, x.anchor(w), anywhere, &buf)
			}
			hits = append(hits, docHit{d, int32(n)})
			total += n
		}
		return hits, total, true
	}
	// keep the documents that hold every other bigram too
	var od, oc []int32
	for _, l := range lists[1:] {
		if len(docs) == 0 {
			break
		}
		od, oc, good = decodeList(l.b, od[:0], oc[:0])
		if !good {
			return nil, 0, false
		}
		kept, j := docs[:0], 0
		for _, d := range docs {
			for j < len(od) && od[j] < d {
				j++
			}
			if j < len(od) && od[j] == d {
				kept = append(kept, d)
			}
		}
		docs = kept
	}
	k := x.anchor(w)
	for _, d := range docs {
		if n := x.docCount(int(d), w, k, anywhere, &buf); n > 0 {
			hits = append(hits, docHit{d, int32(n)})
			total += n
		}
	}
	return hits, total, true
}

// indexable reports whether count may use the bigram index for w: w has
// two runes or more, none is U+FFFD (which a document's invalid bytes
// also decode to), and an index is there (bigramIndex).
func (x *Lexical) indexable(w string) bool {
	return utf8.RuneCountInString(w) >= 2 && !slices.Contains([]rune(w), utf8.RuneError) && x.bigramIndex() != nil
}

// bigramIndex is x's bigram index: the model file's, or, for a Lexical
// newLexical made, the one built from its documents on the first call
// (about 20 ms for the BettaFish fixture's 833 documents; on the
// fixture's English questions, read as pinyin against every candidate
// character, counts by scanning took 25 s of a test's 27); nil for none.
func (x *Lexical) bigramIndex() *bigramIndex {
	if x.lazyBigrams {
		x.bigramsOnce.Do(func() { x.bigrams = buildBigramIndex(x.docs) })
	}
	return x.bigrams
}

// check refuses an index whose keys are not ascending or whose offsets
// are not ascending within the lists (a list is then never read out of
// bounds).
func (x *bigramIndex) check() error {
	prevOff := uint64(0)
	for i := 0; i <= x.n; i++ {
		off := binary.LittleEndian.Uint64(x.offs[8*i:])
		if off < prevOff || off > uint64(len(x.post)) || i == 0 && off != 0 || i == x.n && off != uint64(len(x.post)) {
			return fmt.Errorf("bigram index: offset %d of %d out of order", i, x.n)
		}
		prevOff = off
		if i > 0 && i < x.n && binary.LittleEndian.Uint64(x.keys[8*i:]) <= binary.LittleEndian.Uint64(x.keys[8*i-8:]) {
			return fmt.Errorf("bigram index: key %d of %d out of order", i, x.n)
		}
	}
	return nil
}

// sortedBigramIndex is plainBigramIndex without maps: every occurrence
// of a bigram in docs is packed in one uint64 — its two runes as their
// ranks among the distinct runes of docs (16 bits each, ranks keep the
// runes' order) and the document (32 bits) — each part's list
// sorted by bigram with a radix sort that keeps the documents' order (so
// a document's occurrences of a bigram are adjacent: their number is its
// count), and the parts merged while the lists are encoded. On the
// 300 000-record graph maps cost about 30 s of CPU (a hash look-up per
// pair). nil when docs hold more than 65 535 distinct runes.
func sortedBigramIndex(docs []string) *bigramIndex {
	k := min(runtime.GOMAXPROCS(0), max(1, len(docs)/4096))
	rk := rankRunes(docs, k)
	if rk == nil {
		return nil
	}
	// how many pairs each part has per rank of their first rune: the
	// pairs are packed and sorted a range of first runes at a time, at
	// most about pairsPerPass of them (256 MiB with the sort's buffer)
	hist := make([][]int, k)
	parallel.Chunks(len(docs), k, func(w, lo, hi int) {
		h := make([]int, len(rk.runes))
		for _, d := range docs[lo:hi] {
			first := true
			var prev rune
			for _, r := range d {
				r = foldASCII(r)
				if !first {
					h[rk.of(prev)]++
				}
				prev, first = r, false
			}
		}
		hist[w] = h
	})
	ranges, total := passRanges(hist, len(rk.runes))
	bw := bigramWriter{x: &bigramIndex{post: make([]byte, 0, 3*total)}, runes: rk.runes, cur: 1 << 63}
	// each part's two buffers (its pairs and the sort's) are made once, for
	// its largest pass, and used by every pass: new ones per pass were
	// garbage the collector let pile up (the first search's peak)
	bufs := make([][2][]uint64, k)
	parts := make([][]uint64, k)
	for _, rg := range ranges {
		parallel.Chunks(len(docs), k, func(w, lo, hi int) {
			if bufs[w][0] == nil {
				size := 0
				for _, rg := range ranges {
					size = max(size, rangePairs(hist[w], rg))
				}
				bufs[w] = [2][]uint64{make([]uint64, 0, size), make([]uint64, size)}
			}
			// the part's pairs of this range, in document order
			out := bufs[w][0][:0]
			for d := lo; d < hi; d++ {
				prev := uint64(1) << 63
				for _, r := range docs[d] {
					rank := rk.of(foldASCII(r))
					if prev >= rg[0] && prev < rg[1] {
						out = append(out, (prev<<16|rank)<<32|uint64(d))
					}
					prev = rank
				}
			}
			parts[w] = sortByKey(out, bufs[w][1][:len(out)])
		})
		bw.merge(parts)
	}
	x := bw.x
	x.keys = bw.keys
	if x.keys == nil {
		x.keys = []byte{}
	}
	x.offs = binary.LittleEndian.AppendUint64(bw.offs, uint64(len(x.post)))
	return x
}

// runeRanks ranks the distinct runes of a knowledge's documents in rune
// order (sortedBigramIndex packs a rune as its rank in 16 bits).
type runeRanks struct {
	runes []rune
	rank  map[rune]uint64 // runes above the Basic Multilingual Plane
	bmp   [1 << 16]uint64
}

func (rk *runeRanks) of(r rune) uint64 {
	if r < 1<<16 {
		return rk.bmp[r]
	}
	return rk.rank[r]
}

// rankRunes ranks the distinct runes of docs, read in k parts; nil when
// there are 65 536 or more.
func rankRunes(docs []string, k int) *runeRanks {
	seenParts := make([]map[rune]bool, k)
	parallel.Chunks(len(docs), k, func(w, lo, hi int) {
		seen := map[rune]bool{}
		var bmp [1 << 16]bool
		for _, d := range docs[lo:hi] {
			for _, r := range d {
				if r = foldASCII(r); r < 1<<16 {
					bmp[r] = true
				} else {
					seen[r] = true
				}
			}
		}
		for r, ok := range bmp {
			if ok {
				seen[rune(r)] = true
			}
		}
		seenParts[w] = seen
	})
	all := map[rune]bool{}
	for _, s := range seenParts {
		for r := range s {
			all[r] = true
		}
	}
	if len(all) >= 1<<16 {
		return nil
	}
	rk := &runeRanks{runes: make([]rune, 0, len(all)), rank: make(map[rune]uint64, len(all))}
	for r := range all {
		rk.runes = append(rk.runes, r)
	}
	slices.Sort(rk.runes)
	for i, r := range rk.runes {
		rk.rank[r] = uint64(i)
		if r < 1<<16 {
			rk.bmp[r] = uint64(i)
		}
	}
	return rk
}

// passRanges cuts the ranks of first runes into ranges [lo, hi) of at
// most about pairsPerPass pairs each (hist: each part's pairs per rank of
// their first rune), and returns them with the number of pairs in all.
func passRanges(hist [][]int, nRunes int) ([][2]uint64, int) {
	total := 0
	var ranges [][2]uint64
	inPass, from := 0, 0
	for r := range nRunes {
		c := 0
		for _, h := range hist {
			c += h[r]
		}
		total += c
		if inPass > 0 && inPass+c > pairsPerPass {
			ranges = append(ranges, [2]uint64{uint64(from), uint64(r)})
			inPass, from = 0, r
		}
		inPass += c
	}
	return append(ranges, [2]uint64{uint64(from), uint64(nRunes)}), total
}

// bigramWriter encodes the index's keys, offsets and lists from packed
// pairs in bigram order (sortedBigramIndex).
type bigramWriter struct {
	x          *bigramIndex
	runes      []rune
	keys, offs []byte
	cur        uint64 // the key being written; 1<<63: none yet
	prev       uint32 // the last document of its list
}

// merge writes the pairs of parts, each sorted, in order: the smallest
// head among the parts first (documents ascending across parts for the
// same bigram, as the parts are document ranges); the same bigram in the
// same document again is counted.
func (bw *bigramWriter) merge(parts [][]uint64) {
	pos := make([]int, len(parts))
	for {
		best := -1
		for w, p := range parts {
			if pos[w] < len(p) && (best < 0 || p[pos[w]] < parts[best][pos[best]]) {
				best = w
			}
		}
		if best < 0 {
			return
		}
		e := parts[best][pos[best]]
		pos[best]++
		c := uint64(1)
		for ; pos[best] < len(parts[best]) && parts[best][pos[best]] == e; pos[best]++ {
			c++
		}
		x := bw.x
		if key := e >> 32; key != bw.cur {
			bw.cur = key
			bw.keys = binary.LittleEndian.AppendUint64(bw.keys, bigramKey(bw.runes[e>>48], bw.runes[e>>32&0xFFFF]))
			bw.offs = binary.LittleEndian.AppendUint64(bw.offs, uint64(len(x.post)))
			x.n++
			bw.prev = 0
		}
		doc := uint32(e)
		x.post = binary.AppendUvarint(x.post, uint64(doc-bw.prev))
		x.post = binary.AppendUvarint(x.post, min(c, maxBigramCount))
		bw.prev = doc
	}
}

// rangePairs is how many pairs of a part (h: its pairs per rank of their
// first rune) a pass over the first runes rg holds.
func rangePairs(h []int, rg [2]uint64) int {
	n := 0
	for r := rg[0]; r < rg[1]; r++ {
		n += h[r]
	}
	return n
}

// sortByKey sorts packed pairs (sortedBigramIndex) by their upper 32 bits,
// the bigram, keeping the order of equal ones (their documents,
// ascending as they were packed): a least-significant-digit radix sort,
// two passes of 16 bits through tmp (as long as e). It returns the sorted
// slice (e: the second pass writes back into it).
func sortByKey(e, tmp []uint64) []uint64 {
	for _, shift := range []uint{32, 48} {
		var count [1<<16 + 1]int
		for _, v := range e {
			count[(v>>shift&0xFFFF)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, v := range e {
			b := v >> shift & 0xFFFF
			tmp[count[b]] = v
			count[b]++
		}
		e, tmp = tmp, e
	}
	return e
}

// runesAfter returns the runes the documents write right after a, in
// ascending order (the second runes of the keys a·x, found by binary
// search); nil without an index.
func (x *Lexical) runesAfter(a rune) []rune {
	bx := x.bigramIndex()
	if bx == nil {
		return nil
	}
	lo := bigramKey(a, 0)
	i := sort.Search(bx.n, func(i int) bool { return binary.LittleEndian.Uint64(bx.keys[8*i:]) >= lo })
	var out []rune
	for ; i < bx.n; i++ {
		k := binary.LittleEndian.Uint64(bx.keys[8*i:])
		if rune(k>>32) != a {
			break
		}
		out = append(out, rune(uint32(k)))
	}
	return out
}

// runesBefore returns the runes the documents write right before b, in
// ascending order of the keys (one pass over the index's keys, 8 bytes
// each; called only for the runes of a question's words Misread weighs:
// a word no document holds, rarer than text.HeardMaxShare, the
// dictionary lacks); nil without an index.
func (x *Lexical) runesBefore(b rune) []rune {
	bx := x.bigramIndex()
	if bx == nil {
		return nil
	}
	var out []rune
	for i := range bx.n {
		if k := binary.LittleEndian.Uint64(bx.keys[8*i:]); rune(uint32(k)) == b {
			out = append(out, rune(k>>32))
		}
	}
	return out
}
