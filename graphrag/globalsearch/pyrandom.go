package globalsearch

import "math/bits"

// pyRandom is the Mersenne Twister (MT19937) as CPython's random module
// seeds and uses it, enough of it to reproduce random.seed(n) followed by
// random.shuffle(x): the reference shuffles the community reports with
// random.seed(86) before cutting them into batches, and the same seed here
// gives the same order, so a model sees the same batches as under
// Microsoft GraphRAG. Written from the published algorithm (Matsumoto and
// Nishimura's init_genrand, init_by_array and genrand_int32) and Python's
// documented seeding of an int (its absolute value as 32-bit words, least
// significant first).
type pyRandom struct {
	mt  [624]uint32
	idx int
}

func (r *pyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = 624
}

func (r *pyRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(624, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// newPyRandom is random.seed(seed) for an int seed.
func newPyRandom(seed int64) *pyRandom {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed)
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &pyRandom{}
	r.initByArray(key)
	return r
}

func (r *pyRandom) uint32() uint32 {
	if r.idx >= 624 {
		const upper, lower = 0x80000000, 0x7fffffff
		for k := range 624 {
			y := (r.mt[k] & upper) | (r.mt[(k+1)%624] & lower)
			v := r.mt[(k+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[k] = v
		}
		r.idx = 0
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// below is Python's _randbelow(n) for 0 < n < 2³²: k = n.bit_length()
// random bits, drawn again while they are ≥ n.
func (r *pyRandom) below(n int) int {
	k := bits.Len(uint(n))
	for {
		v := int(r.uint32() >> (32 - k))
		if v < n {
			return v
		}
	}
}

// pyShuffle permutes x in place as random.shuffle(x) does after
// random.seed(seed).
func pyShuffle[T any](x []T, seed int64) {
	r := newPyRandom(seed)
	for i := len(x) - 1; i > 0; i-- {
		j := r.below(i + 1)
		x[i], x[j] = x[j], x[i]
	}
}
