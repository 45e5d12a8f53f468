package queryengine

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Gram keys. A key packs two lower-cased runes (21 bits each): first<<21 |
// second. endRune as the second rune marks the last rune of a field, so
// every rune occurrence starts exactly one gram and a one-rune term is the
// union of the key range [r<<21, r<<21|endRune].
const (
	runeBits = 21
	endRune  = 1<<runeBits - 1 // > unicode.MaxRune
)

func gramKey(a, b rune) uint64 { return uint64(a)<<runeBits | uint64(b) }

// Posting containers. Node indexes are split into a block number (high 16
// bits) and an offset in the block (low 16 bits). A gram's postings in one
// block are a sorted []uint16 when there are at most bitmapMin of them, else
// a 65 536-bit bitmap (8 KiB); so a posting never costs more than 2 bytes.
const (
	blockBits  = 16
	blockSize  = 1 << blockBits
	bitmapMin  = 4096
	blockWords = blockSize / 64
)

// container is one gram's postings in one block.
type container struct {
	hi  uint16 // block number: node index >> 16
	nm1 uint16 // number of postings - 1
	off uint32 // offset into gramIndex.arr, or into gramIndex.bits (words) for a bitmap
}

func (c container) n() int         { return int(c.nm1) + 1 }
func (c container) isBitmap() bool { return c.n() > bitmapMin }

// gramIndex is the inverted index: sorted gram keys, and for each key a run
// of containers (in block order).
type gramIndex struct {
	keys  []uint64    // sorted gram keys
	start []uint32    // containers of keys[i] are conts[start[i]:start[i+1]]
	conts []container // grouped by gram, in block order within a gram
	arr   []uint16    // array containers
	bits  []uint64    // bitmap containers, blockWords words each

	rank   []uint32    // per node: position in its kind's order (Engine.buildRanks)
	byRank [3][]uint32 // sections, search queries, sources, each in its kind's order
}

// find returns the position of key in keys, or -1.
func (ix *gramIndex) find(key uint64) int {
	i, ok := slices.BinarySearch(ix.keys, key)
	if !ok {
		return -1
	}
	return i
}

// containers returns the containers of the gram at position i.
func (ix *gramIndex) containers(i int) []container {
	return ix.conts[ix.start[i]:ix.start[i+1]]
}

// count returns the number of postings of the gram at position i.
func (ix *gramIndex) count(i int) int {
	n := 0
	for _, c := range ix.containers(i) {
		n += c.n()
	}
	return n
}

func (ix *gramIndex) bytes() int64 {
	return int64(len(ix.keys))*8 + int64(len(ix.start))*4 + int64(len(ix.conts))*8 +
		int64(len(ix.arr))*2 + int64(len(ix.bits))*8 + int64(len(ix.rank))*4 +
		int64(len(ix.byRank[0])+len(ix.byRank[1])+len(ix.byRank[2]))*4
}

// Build. Nodes are read in chunks of chunkSize. Each chunk's gram
// occurrences are packed as key<<16 | (node & 0xFFFF) into one []uint64,
// sorted (by key, then node offset), and compacted into a run of (key, offsets) without
// duplicates. The runs of one 65 536-node block are merged into containers.
// No hash map is involved; the temporary memory is about 8 bytes per
// gram occurrence of one chunk, plus the runs of one block.
const chunkSize = 1024

// run of one chunk: keys ascending; offsets of keys[i] are
// lows[ends[i-1]:ends[i]].
type gramRun struct {
	keys []uint64
	ends []uint32
	lows []uint16
}

type indexBuilder struct {
	cb  *[1024]uint64
	buf []uint64 // packed occurrences of the current chunk
	tmp []uint64 // sortChunk's second buffer
	cnt *[radixPass][1 << radixBits]uint32
	lo  uint64 // node & 0xFFFF of the current node

	runs []gramRun
	out  blockResult // the block being built
}

// blockResult is the index of one 65 536-node block; container offsets
// are relative to its own arr and bits.
type blockResult struct {
	tagged []taggedCont // containers, keys ascending
	arr    []uint16
	bits   []uint64
}

type taggedCont struct {
	key uint64
	c   container
}

// addField appends the grams of one field of the current node: every pair
// of adjacent lower-cased runes, and (last rune, endRune). Invalid UTF-8
// bytes count as U+FFFD, as in strings.ToLower.
func (b *indexBuilder) addField(s string) {
	prev := rune(-1)
	for i := 0; i < len(s); {
		var r rune
		if c := s[i]; c < utf8.RuneSelf {
			r = rune(c)
			if 'A' <= c && c <= 'Z' {
				r += 'a' - 'A'
			}
			i++
		} else {
			r0, w := utf8.DecodeRuneInString(s[i:])
			i += w
			r = lowerRune(b.cb, r0)
		}
		if prev >= 0 {
			b.buf = append(b.buf, gramKey(prev, r)<<16|b.lo)
		}
		prev = r
	}
	if prev >= 0 {
		b.buf = append(b.buf, gramKey(prev, endRune)<<16|b.lo)
	}
}

// compactChunk turns the sorted chunk into a run, dropping repeated
// (key, node) pairs. The run's slices are sized exactly (a counting pass
// first).
func (b *indexBuilder) compactChunk() {
	nkeys, npairs := 0, 0
	prev := ^uint64(0)
	for _, x := range b.buf {
		if x == prev {
			continue
		}
		if prev == ^uint64(0) || x>>16 != prev>>16 {
			nkeys++
		}
		npairs++
		prev = x
	}
	r := gramRun{keys: make([]uint64, 0, nkeys), ends: make([]uint32, 0, nkeys), lows: make([]uint16, 0, npairs)}
	prev = ^uint64(0)
	for _, x := range b.buf {
		if x == prev {
			continue
		}
		if prev == ^uint64(0) || x>>16 != prev>>16 {
			if len(r.keys) > 0 {
				r.ends = append(r.ends, uint32(len(r.lows)))
			}
			r.keys = append(r.keys, x>>16)
		}
		r.lows = append(r.lows, uint16(x))
		prev = x
	}
	if len(r.keys) > 0 {
		r.ends = append(r.ends, uint32(len(r.lows)))
	}
	b.runs = append(b.runs, r)
	b.buf = b.buf[:0]
}

// flushBlock merges the runs of one block into containers (a k-way merge
// on a min-heap of run heads; ties go to the earlier run, so offsets stay
// ascending).
func (b *indexBuilder) flushBlock(block int) {
	pos := make([]int, len(b.runs))
	head := make([]uint64, len(b.runs)) // current key of each run
	h := make([]int, 0, len(b.runs))    // run indexes, heap-ordered by (head, index)
	less := func(i, j int) bool {
		ki, kj := head[h[i]], head[h[j]]
		return ki < kj || ki == kj && h[i] < h[j]
	}
	for i, r := range b.runs {
		if len(r.keys) > 0 {
			head[i] = r.keys[0]
			h = append(h, i)
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		siftDown(h, i, less)
	}
	var lows []uint16
	for len(h) > 0 {
		key := head[h[0]]
		lows = lows[:0]
		for len(h) > 0 && head[h[0]] == key {
			ri := h[0]
			r := &b.runs[ri]
			p := pos[ri]
			from := uint32(0)
			if p > 0 {
				from = r.ends[p-1]
			}
			lows = append(lows, r.lows[from:r.ends[p]]...)
			pos[ri]++
			if pos[ri] == len(r.keys) {
				h[0] = h[len(h)-1]
				h = h[:len(h)-1]
			} else {
				head[ri] = r.keys[pos[ri]]
			}
			siftDown(h, 0, less)
		}
		o := &b.out
		c := container{hi: uint16(block), nm1: uint16(len(lows) - 1)}
		if len(lows) > bitmapMin {
			c.off = uint32(len(o.bits))
			o.bits = append(o.bits, make([]uint64, blockWords)...)
			w := o.bits[c.off:]
			for _, lo := range lows {
				w[lo>>6] |= 1 << (lo & 63)
			}
		} else {
			c.off = uint32(len(o.arr))
			o.arr = append(o.arr, lows...)
		}
		o.tagged = append(o.tagged, taggedCont{key, c})
	}
	b.runs = b.runs[:0]
}

// Radix sort of a chunk: the packed occurrences key<<16 | offset are
// appended with offsets ascending, so a stable sort by the key alone (bits
// 16-57) sorts them whole. Four passes of 11 bits, each skipped when all
// occurrences share its digit (a chunk's first runes often do).
const (
	radixBits  = 11
	radixPass  = 4
	radixFirst = 16 // the lowest key bit
)

// sortChunk sorts b.buf ascending (slices.Sort's order, about five times
// as fast on a chunk: TestSortChunk holds the two to one result).
func (b *indexBuilder) sortChunk() {
	if b.cnt == nil {
		b.cnt = new([radixPass][1 << radixBits]uint32)
	}
	count := b.cnt
	clear(count[:])
	for _, x := range b.buf {
		for p := range radixPass {
			count[p][x>>(radixFirst+p*radixBits)&(1<<radixBits-1)]++
		}
	}
	src := b.buf
	dst := slices.Grow(b.tmp[:0], len(src))[:len(src)]
	for p := range radixPass {
		shift := radixFirst + p*radixBits
		c := &count[p]
		if c[src[0]>>shift&(1<<radixBits-1)] == uint32(len(src)) {
			continue // one digit: the pass would not move anything
		}
		sum := uint32(0)
		for d, k := range c { // counts to start positions
			c[d] = sum
			sum += k
		}
		for _, x := range src {
			d := x >> shift & (1<<radixBits - 1)
			dst[c[d]] = x
			c[d]++
		}
		src, dst = dst, src
	}
	b.buf, b.tmp = src, dst[:0]
}

// buildBlock indexes the nodes of one block.
func (b *indexBuilder) buildBlock(ti *textIndex, n, block int) blockResult {
	b.out = blockResult{}
	first := block << blockBits
	last := min(first+blockSize, n)
	for start := first; start < last; start += chunkSize {
		for v := start; v < min(start+chunkSize, last); v++ {
			b.lo = uint64(v & (blockSize - 1))
			for _, f := range ti.of(uint32(v)) {
				b.addField(f)
			}
		}
		if len(b.buf) > 0 {
			b.sortChunk()
			b.compactChunk()
		}
	}
	b.flushBlock(block)
	return b.out
}

// buildIndex builds the gram index of the n nodes of ti. Blocks are
// independent and built by up to GOMAXPROCS goroutines, then concatenated.
// It panics only if the posting lists exceed 2^32 entries (tens of
// gigabytes of text, more than a graph file can hold in memory).
func buildIndex(ti *textIndex, n int) gramIndex {
	nblocks := (n + blockSize - 1) / blockSize
	blocks := make([]blockResult, nblocks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), nblocks) {
		wg.Go(func() {
			b := &indexBuilder{cb: caseBits()}
			for {
				i := int(next.Add(1) - 1)
				if i >= nblocks {
					return
				}
				blocks[i] = b.buildBlock(ti, n, i)
			}
		})
	}
	wg.Wait()

	// Concatenate arr and bits.
	var narr, nbits, ntagged int
	for _, br := range blocks {
		narr += len(br.arr)
		nbits += len(br.bits)
		ntagged += len(br.tagged)
	}
	if narr > math.MaxUint32 || nbits > math.MaxUint32 || ntagged > math.MaxUint32 {
		panic("queryengine: posting index exceeds 2^32 entries")
	}
	ix := gramIndex{arr: make([]uint16, 0, narr), bits: make([]uint64, 0, nbits)}
	arrBase := make([]uint32, nblocks)
	bitsBase := make([]uint32, nblocks)
	for i, br := range blocks {
		arrBase[i], bitsBase[i] = uint32(len(ix.arr)), uint32(len(ix.bits))
		ix.arr = append(ix.arr, br.arr...)
		ix.bits = append(ix.bits, br.bits...)
		blocks[i].arr, blocks[i].bits = nil, nil
	}
	// The blocks' containers by key; the stable sort keeps a key's
	// containers in block order.
	all := make([]taggedCont, 0, ntagged)
	for bi, br := range blocks {
		for _, tc := range br.tagged {
			if tc.c.isBitmap() {
				tc.c.off += bitsBase[bi]
			} else {
				tc.c.off += arrBase[bi]
			}
			all = append(all, tc)
		}
		blocks[bi].tagged = nil
	}
	slices.SortStableFunc(all, func(a, b taggedCont) int { return cmp.Compare(a.key, b.key) })
	ix.conts = make([]container, len(all))
	for i, tc := range all {
		if len(ix.keys) == 0 || ix.keys[len(ix.keys)-1] != tc.key {
			ix.keys = append(ix.keys, tc.key)
			ix.start = append(ix.start, uint32(i))
		}
		ix.conts[i] = tc.c
	}
	ix.start = append(ix.start, uint32(len(ix.conts)))
	ix.keys = slices.Clip(ix.keys)
	ix.start = slices.Clip(ix.start)
	return ix
}

// siftDown restores the heap property of h below i.
func siftDown(h []int, i int, less func(i, j int) bool) {
	for {
		l, m := 2*i+1, i
		if l < len(h) && less(l, m) {
			m = l
		}
		if l+1 < len(h) && less(l+1, m) {
			m = l + 1
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
