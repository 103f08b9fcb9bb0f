package render

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// A map's PNG rows are flat colours: a row is mostly runs of one palette
// index, and mostly the row above it again. compress/flate's fastest level
// looks for matches anywhere in its window and takes as long as the rest
// of a map's drawing together; tokenise looks only where a map repeats
// itself (the byte before, the row above), a few words compared at a time,
// and a frame writes one dynamic Huffman block (frame.encode): a quarter
// of the time, a file about the same size.

const (
	minMatch = 3
	maxMatch = 258
)

// A token is a literal byte (below 256) or a match: tokMatch, the index
// of its distance in distances(stride) shifted by tokDist, and the length.
const (
	tokMatch = 1 << 31
	tokDist  = 16
)

// distances are where a match may start back from the byte it copies: the
// byte before (a run), the row above, and the row above shifted a pixel
// either way (a slanting edge).
func distances(stride int) [4]int { return [4]int{1, stride, stride - 1, stride + 1} }

// tokenise appends the tokens of data[from:to], greedily the longest
// match of those at the distances tried (the first of them, of two as
// long), else a literal; no match reaches past to.
//
// Past the first row, where every distance reaches back into data, it
// compares 64 bytes at a time with each distance, a bit a byte (eqBits):
// a match is a run of set bits, a literal a place where no distance has
// three; bytes one by one (tokeniseBytes) before.
func tokenise(data []byte, stride, from, to int, toks []uint32) []uint32 {
	i := from
	if first := min(to, stride+2); i < first {
		toks, i = tokeniseBytes(data, stride, i, first, to, toks)
	}
	dist := distances(stride)
	var eq [4]uint64
	for i < to {
		// A long match (a run of sea, a row repeated) needs no bits: the
		// longest, found as byte by byte.
		if i+8 <= to {
			w := binary.LittleEndian.Uint64(data[i:])
			if w == binary.LittleEndian.Uint64(data[i-1:]) || w == binary.LittleEndian.Uint64(data[i-stride:]) {
				best, which := 0, 0
				for j, d := range dist {
					if i+best < to && data[i+best] != data[i+best-d] {
						continue // no longer than the best
					}
					if l := matchLen(data[:to], i, i-d); l > best {
						best, which = l, j
						if l == maxMatch {
							break
						}
					}
				}
				toks = append(toks, tokMatch|uint32(which)<<tokDist|uint32(best))
				i += best
				continue
			}
		}
		n := min(64, to-i)
		final := i+n == to // no match runs past the bits
		var three uint64   // where some distance repeats three bytes
		for k, d := range dist {
			eq[k] = eqBits(data, i, d, n)
			three |= eq[k] & (eq[k] >> 1) & (eq[k] >> 2)
		}
		// A place near the end whose three bytes run past the block is
		// decided in the next block, unless it is the last.
		lim := n
		if !final {
			lim = n - 2
		}
		k := 0
		for k < lim {
			if three>>k&1 == 0 {
				// Literals up to the next place three bytes repeat.
				m := min(k+bits.TrailingZeros64(three>>k), lim)
				for _, c := range data[i+k : i+m] {
					toks = append(toks, uint32(c))
				}
				k = m
				continue
			}
			best, which := 0, 0
			for j, d := range dist {
				l := bits.TrailingZeros64(^(eq[j] >> k))
				if k+l >= n && !final {
					l = matchLen(data[:to], i+k, i+k-d) // it runs on
				}
				if l > best {
					best, which = l, j
					if l == maxMatch {
						break
					}
				}
			}
			toks = append(toks, tokMatch|uint32(which)<<tokDist|uint32(best))
			k += best
		}
		i += k
	}
	return toks
}

// eqBits has bit k set where data[i+k] repeats the byte d back, for k
// below n (at most 64); i is at least d.
func eqBits(data []byte, i, d, n int) uint64 {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var m uint64
	for w := 0; w < n; w += 8 {
		var x uint64
		if j := i + w; j+8 <= len(data) {
			x = binary.LittleEndian.Uint64(data[j:]) ^ binary.LittleEndian.Uint64(data[j-d:])
		} else {
			for b := range len(data) - j {
				x |= uint64(data[j+b]^data[j+b-d]) << (8 * b)
			}
			x |= ^uint64(0) << (8 * (len(data) - j)) // past the end: unlike
		}
		z := ^((x&lo7 + lo7) | x) & hi // the top bit of each equal byte
		// The eight top bits gathered into a byte, byte 0 the lowest.
		m |= (z >> 7) * 0x0102040810204080 >> 56 << w
	}
	if n < 64 {
		m &= 1<<n - 1
	}
	return m
}

// tokeniseBytes is tokenise byte by byte, for the matches that begin
// from from to first; they may run on to to. It returns where the next
// token begins.
func tokeniseBytes(data []byte, stride, from, first, to int, toks []uint32) ([]uint32, int) {
	dist := distances(stride)
	three := func(i int) uint32 { return binary.LittleEndian.Uint32(data[i:]) & 0xffffff }
	// starts has the top bit of byte k set where three bytes from i+k
	// repeat those d back (k < 6).
	starts := func(w uint64, i, d int) uint64 {
		x := w ^ binary.LittleEndian.Uint64(data[i-d:])
		const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
		z := ^((x&lo7 + lo7) | x) & hi // the top bit of each equal byte
		return z & (z >> 8) & (z >> 16) & 0x808080808080
	}
	i := from
	for i < first {
		// On an edge, where most literals are, eight bytes at a time: as
		// many literals as come before any three bytes repeat.
		if i > stride && i+8 <= to {
			w := binary.LittleEndian.Uint64(data[i:])
			any := starts(w, i, 1) | starts(w, i, stride) | starts(w, i, stride-1) | starts(w, i, stride+1)
			if n := min(bits.TrailingZeros64(any)>>3, 6); n > 0 {
				for _, c := range data[i : i+n] {
					toks = append(toks, uint32(c))
				}
				i += n
				continue
			}
		}
		var head uint32 // the next three bytes
		if i+4 <= to {
			head = three(i)
			// On an edge, where most literals are, no distance matches
			// three bytes: said at once, without the loop below.
			if i > stride && three(i-1) != head && three(i-stride) != head && three(i-stride+1) != head && three(i-stride-1) != head {
				toks = append(toks, uint32(data[i]))
				i++
				continue
			}
		}
		best, which := 0, 0
		for k, d := range dist {
			if i < d {
				break
			}
			// Most tries fail at once: on an edge three bytes decide, and
			// after a match the byte that would make a longer one.
			if i+4 <= to && three(i-d) != head ||
				best > 0 && i+best < to && data[i+best] != data[i+best-d] {
				continue
			}
			if l := matchLen(data[:to], i, i-d); l > best {
				best, which = l, k
				if l == maxMatch {
					break
				}
			}
		}
		if best < minMatch {
			toks = append(toks, uint32(data[i]))
			i++
			continue
		}
		toks = append(toks, tokMatch|uint32(which)<<tokDist|uint32(best))
		i += best
	}
	return toks, i
}

// tokenLen is how many bytes token t stands for.
func tokenLen(t uint32) int {
	if t&tokMatch == 0 {
		return 1
	}
	return int(t & 0xffff)
}

// starts returns where each token begins.
func starts(toks []uint32) []int32 {
	out := make([]int32, len(toks))
	p := 0
	for i, t := range toks {
		out[i] = int32(p)
		p += tokenLen(t)
	}
	return out
}

// retokenise tokenises data, which differs from the data tokenised as
// base (its tokens beginning at at) only within the intervals changed
// (ascending, apart), whose bytes are set in dirty, a bit a byte of data
// (setDirty). Only the base tokens that say something else of data now
// go: a literal whose byte changed, a match whose bytes or whose source
// (the bytes it copies) did. They lie in zones around the changes: what
// changed and the byte after (a run may copy it), and about the same
// bytes a row down (a copy of the row above may). Of a match that goes,
// the bytes before the first that changed, in it or in its source, stay
// a match of the same distance, and so do those after the last, when
// three or more; the rest is tokenised again, with the tokens around it
// that go. It returns the new tokens, appended to toks, and the
// segments, appended to segs, that make the whole from them and the
// base's.
func retokenise(data []byte, dirty []uint64, stride int, base []uint32, at []int32, changed [][2]int, toks []uint32, segs []segment) ([]uint32, []segment) {
	dist := distances(stride)
	// The zones in order, from the two lists: the changes, and the
	// changes a row down.
	i, i2 := 0, 0
	next := func() (za, zb int, ok bool) {
		switch {
		case i < len(changed) && (i2 == len(changed) || changed[i][0] <= changed[i2][0]+stride-1):
			i++
			return changed[i-1][0], changed[i-1][1] + 1, true
		case i2 < len(changed):
			i2++
			return changed[i2-1][0] + stride - 1, changed[i2-1][1] + stride + 1, true
		}
		return 0, 0, false
	}
	j := 0     // the next base token
	kept := 0  // the first base token not yet in a segment
	pend := -1 // where the bytes to tokenise again begin, if any
	flush := func(to int) {
		if pend >= 0 && pend < to {
			n := len(toks)
			toks = tokenise(data, stride, pend, to, toks)
			segs = append(segs, segment{false, n, len(toks)})
		}
		pend = -1
	}
	cut := func(t uint32, l int) {
		n := len(toks)
		toks = append(toks, t&^0xffff|uint32(l))
		segs = append(segs, segment{false, n, len(toks)})
	}
	za, zb, ok := next()
	for ok {
		a, b, more := next()
		for more && a <= zb { // overlapping zones make one
			zb = max(zb, b)
			a, b, more = next()
		}
		k := j + search(at[j:], za)
		if k > j && int(at[k-1])+tokenLen(base[k-1]) > za {
			k-- // it reaches into the zone
		}
		j = k + search(at[k:], zb)
		for ; k < j; k++ {
			t, s := base[k], int(at[k])
			l := tokenLen(t)
			// The bytes [p, q) of the token that changed, in it or in
			// its source.
			p, q := s+l, s
			if lo := firstSet(dirty, s, s+l); lo >= 0 {
				p, q = lo, lastSet(dirty, lo, s+l)+1
			}
			if t&tokMatch != 0 {
				d := dist[t>>tokDist&3]
				if lo := firstSet(dirty, s-d, s-d+l); lo >= 0 {
					p, q = min(p, lo+d), max(q, lastSet(dirty, lo, s-d+l)+1+d)
				}
			}
			if p >= q { // it stands
				flush(s)
				continue
			}
			if k > kept {
				segs = append(segs, segment{true, kept, k})
			}
			kept = k + 1
			if pend < 0 {
				pend = s
				if t&tokMatch != 0 && p-s >= minMatch {
					cut(t, p-s)
					pend = p
				}
			}
			if t&tokMatch != 0 && s+l-q >= minMatch {
				flush(q)
				cut(t, s+l-q)
			}
		}
		// The bytes to tokenise again end where the next token stands.
		if pend >= 0 {
			to := len(data)
			if j < len(base) {
				to = int(at[j])
			}
			flush(to)
		}
		za, zb, ok = a, b, more
	}
	return toks, append(segs, segment{true, kept, len(base)})
}

// setDirty sets, or with on false clears, the bits of dirty for the
// bytes of the intervals.
func setDirty(dirty []uint64, intervals [][2]int, on bool) {
	for _, c := range intervals {
		for x := c[0]; x < c[1]; {
			n := min(c[1]-x, 64-x&63)
			m := uint64(1<<n-1) << (x & 63)
			if on {
				dirty[x>>6] |= m
			} else {
				dirty[x>>6] &^= m
			}
			x += n
		}
	}
}

// firstSet is the first byte of [lo, hi) whose bit is set in dirty, or
// -1; lo may be below 0.
func firstSet(dirty []uint64, lo, hi int) int {
	lo = max(lo, 0)
	for lo < hi {
		w := dirty[lo>>6] >> (lo & 63)
		if w != 0 {
			if x := lo + bits.TrailingZeros64(w); x < hi {
				return x
			}
			return -1
		}
		lo = (lo>>6 + 1) << 6
	}
	return -1
}

// lastSet is the last byte of [lo, hi) whose bit is set in dirty; one
// is.
func lastSet(dirty []uint64, lo, hi int) int {
	for x := hi - 1; ; {
		w := dirty[x>>6] << (63 - x&63)
		if w != 0 {
			return x - bits.LeadingZeros64(w)
		}
		x = x&^63 - 1
		if x < lo {
			return -1
		}
	}
}

// A segment of a tokenisation is a run of the base's tokens or of new
// ones, from and to their index.
type segment struct {
	base     bool
	from, to int
}

// search is the first index of at (ascending) whose value is at least p,
// found by doubling steps first: p is mostly near the start.
func search(at []int32, p int) int {
	i, j := 0, 1
	for j < len(at) && int(at[j]) < p {
		i, j = j, 2*j
	}
	j = min(j+1, len(at))
	for i < j {
		h := int(uint(i+j) >> 1)
		if int(at[h]) < p {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

// matchLen is how many bytes from i repeat those from j (j < i), at most
// maxMatch.
func matchLen(data []byte, i, j int) int {
	limit := min(maxMatch, len(data)-i)
	l := 0
	for ; l+8 <= limit; l += 8 {
		if x := binary.LittleEndian.Uint64(data[i+l:]) ^ binary.LittleEndian.Uint64(data[j+l:]); x != 0 {
			return l + bits.TrailingZeros64(x)>>3
		}
	}
	for l < limit && data[i+l] == data[j+l] {
		l++
	}
	return l
}

// lengthCode[l] is the symbol (257-285) of match length l, lengthBase
// and lengthExtra the first length and the extra bits of each symbol;
// distBase and distExtra the same for distance codes (RFC 1951, 3.2.5).
var lengthCode, lengthBase, lengthExtra, distBase, distExtra = func() (code [maxMatch + 1]uint16, base, extra [29]uint16, dbase, dextra [30]uint16) {
	codeRanges(3, 4, base[:28], extra[:28])
	for c := range 28 {
		for l := range 1 << extra[c] {
			code[int(base[c])+l] = uint16(257 + c)
		}
	}
	base[28], code[258] = 258, 285 // 258 has a code of its own
	codeRanges(1, 2, dbase[:], dextra[:])
	return
}()

// codeRanges sets the first value and the extra bits of codes whose
// ranges start at first, per codes of each width, the first two sets a
// value each.
func codeRanges(first, per int, base, extra []uint16) {
	v := first
	for c := range base {
		e := max(0, c/per-1)
		base[c], extra[c] = uint16(v), uint16(e)
		v += 1 << e
	}
}

// distCode is the distance symbol of distance d.
func distCode(d int) int {
	for c := 29; ; c-- {
		if int(distBase[c]) <= d {
			return c
		}
	}
}

// A codebook is the Huffman codes of a dynamic block and its header.
type codebook struct {
	litLen   [286]uint8
	litCodes []uint16
	// Each distance's code and extra bits, written as one.
	dbits  [4]uint64
	dn     [4]uint
	header []byte // BFINAL, BTYPE and the code lengths: headerBits bits
	// headerBits is how many bits of header are the header's.
	headerBits uint64
}

// newCodebook makes codes for toks, and for every other literal and
// length, so that any tokens of the same rows may be written.
func newCodebook(toks []uint32, stride int) *codebook {
	var litFreq [286]uint32
	var distFreq [30]uint32
	var code [4]int
	for k, d := range distances(stride) {
		code[k] = distCode(d)
		// Every distance has a code, so that no decoder meets a
		// one-code tree.
		distFreq[code[k]] = 1
	}
	for i := range litFreq {
		litFreq[i] = 1
	}
	for _, t := range toks {
		if t&tokMatch == 0 {
			litFreq[t]++
			continue
		}
		litFreq[lengthCode[t&0xffff]]++
		distFreq[code[t>>tokDist&3]]++
	}
	litFreq[256] = 1
	cb := new(codebook)
	var distLen [30]uint8
	huffLengths(litFreq[:], 15, cb.litLen[:])
	huffLengths(distFreq[:], 15, distLen[:])
	cb.litCodes = canonical(cb.litLen[:])
	distCodes := canonical(distLen[:])
	for k, d := range distances(stride) {
		c := code[k]
		cb.dbits[k] = uint64(distCodes[c]) | uint64(d-int(distBase[c]))<<distLen[c]
		cb.dn[k] = uint(distLen[c]) + uint(distExtra[c])
	}
	bw := bitWriter{}
	bw.grow(1024)
	bw.bits(1|2<<1, 3) // final, dynamic Huffman codes
	writeLengths(&bw, cb.litLen[:], distLen[:])
	cb.headerBits = bw.bitLen()
	cb.header = append(bw.flush(), make([]byte, 8)...) // room to read a word at the end
	return cb
}

// put writes toks.
func (cb *codebook) put(bw *bitWriter, toks []uint32) {
	for _, t := range toks {
		if t&tokMatch == 0 {
			bw.bits(uint64(cb.litCodes[t]), uint(cb.litLen[t]))
			continue
		}
		l := int(t & 0xffff)
		c := lengthCode[l]
		n := uint(cb.litLen[c]) + uint(lengthExtra[c-257])
		k := t >> tokDist & 3
		bw.bits(uint64(cb.litCodes[c])|uint64(l-int(lengthBase[c-257]))<<cb.litLen[c]|cb.dbits[k]<<n, n+cb.dn[k])
	}
}

// end writes the end of the block.
func (cb *codebook) end(bw *bitWriter) {
	bw.bits(uint64(cb.litCodes[256]), uint(cb.litLen[256]))
}

// codeLenOrder is the order the code length code's lengths are written in.
var codeLenOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeLengths writes the dynamic block's header: the code lengths of
// both codes, run-length coded, themselves Huffman coded.
func writeLengths(bw *bitWriter, litLen, distLen []uint8) {
	nlit, ndist := 257, 1
	for i, l := range litLen {
		if l != 0 {
			nlit = max(nlit, i+1)
		}
	}
	for i, l := range distLen {
		if l != 0 {
			ndist = max(ndist, i+1)
		}
	}
	all := slices.Concat(litLen[:nlit], distLen[:ndist])
	// syms are the run-length coded lengths: symbol | extra bits << 8.
	var syms []uint32
	for i := 0; i < len(all); {
		l, run := all[i], 1
		for i+run < len(all) && all[i+run] == l {
			run++
		}
		i += run
		if l != 0 {
			syms = append(syms, uint32(l))
			run--
		}
		for run > 0 {
			switch {
			case l == 0 && run >= 11:
				r := min(run, 138)
				syms = append(syms, 18|uint32(r-11)<<8)
				run -= r
			case l == 0 && run >= 3:
				syms = append(syms, 17|uint32(run-3)<<8)
				run = 0
			case l != 0 && run >= 3:
				r := min(run, 6)
				syms = append(syms, 16|uint32(r-3)<<8)
				run -= r
			default:
				syms = append(syms, uint32(l))
				run--
			}
		}
	}
	var freq [19]uint32
	for _, s := range syms {
		freq[s&0xff]++
	}
	var clLen [19]uint8
	huffLengths(freq[:], 7, clLen[:])
	clCodes := canonical(clLen[:])
	ncl := 4
	for i, s := range codeLenOrder {
		if clLen[s] != 0 {
			ncl = max(ncl, i+1)
		}
	}
	bw.bits(uint64(nlit-257)|uint64(ndist-1)<<5|uint64(ncl-4)<<10, 14)
	for _, s := range codeLenOrder[:ncl] {
		bw.bits(uint64(clLen[s]), 3)
	}
	extra := [19]uint{16: 2, 17: 3, 18: 7}
	for _, s := range syms {
		c := s & 0xff
		bw.bits(uint64(clCodes[c])|uint64(s>>8)<<clLen[c], uint(clLen[c])+extra[c])
	}
}

// huffLengths sets lens to the lengths of a Huffman code for freq, none
// longer than limit: when the best code is too deep, the frequencies are
// flattened and the code made again.
func huffLengths(freq []uint32, limit uint8, lens []uint8) {
	f := slices.Clone(freq)
	for huffman(f, lens) > limit {
		for i, x := range f {
			if x != 0 {
				f[i] = x/2 + 1
			}
		}
	}
}

// huffman sets lens to the lengths of a Huffman code for freq (0 for a
// symbol that does not occur) and returns the longest.
func huffman(freq []uint32, lens []uint8) uint8 {
	clear(lens)
	var leaves []int
	for s, f := range freq {
		if f != 0 {
			leaves = append(leaves, s)
		}
	}
	switch len(leaves) {
	case 0:
		return 0
	case 1:
		lens[leaves[0]] = 1
		return 1
	}
	slices.SortStableFunc(leaves, func(a, b int) int { return int(freq[a]) - int(freq[b]) })
	// Two queues: the leaves, lightest first, then the joined nodes, which
	// come out lightest first too.
	type node struct {
		w      uint32
		parent int
	}
	n := len(leaves)
	nodes := make([]node, n, 2*n-1)
	for i, s := range leaves {
		nodes[i].w = freq[s]
	}
	li, ji := 0, n
	next := func() int {
		if li < n && (ji >= len(nodes) || nodes[li].w <= nodes[ji].w) {
			li++
			return li - 1
		}
		ji++
		return ji - 1
	}
	for range n - 1 {
		a, b := next(), next()
		nodes = append(nodes, node{w: nodes[a].w + nodes[b].w})
		nodes[a].parent, nodes[b].parent = len(nodes)-1, len(nodes)-1
	}
	depth := make([]uint8, len(nodes))
	deepest := uint8(0)
	for i := len(nodes) - 2; i >= 0; i-- {
		depth[i] = depth[nodes[i].parent] + 1
		if i < n {
			lens[leaves[i]] = depth[i]
			deepest = max(deepest, depth[i])
		}
	}
	return deepest
}

// canonical returns the canonical codes of the lengths, bit-reversed as
// deflate writes them (RFC 1951, 3.2.2).
func canonical(lens []uint8) []uint16 {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint16, len(lens))
	for s, l := range lens {
		if l != 0 {
			codes[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
	return codes
}

// bitWriter packs codes least significant bit first, into out, which
// has room for them (grow). It writes a whole word at a time and keeps
// fewer than 8 bits back, so that a call may write up to 56.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// grow makes room for n more bytes.
func (w *bitWriter) grow(n int) {
	w.out = slices.Grow(w.out, n+8)
}

// bits writes the low n bits of v, n at most 56, within the room grown.
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	l := len(w.out)
	binary.LittleEndian.PutUint64(w.out[l:l+8], w.acc)
	k := w.n >> 3
	w.out = w.out[:l+int(k)]
	w.acc >>= k << 3
	w.n &= 7
}

// bitLen is how many bits are written.
func (w *bitWriter) bitLen() uint64 { return uint64(len(w.out))*8 + uint64(w.n) }

// copyBits writes bits [from, to) of src, which has 8 bytes to spare
// after them, within the room grown.
func (w *bitWriter) copyBits(src []byte, from, to uint64) {
	for from < to {
		n := min(56, to-from)
		v := binary.LittleEndian.Uint64(src[from>>3:]) >> (from & 7)
		w.bits(v&(1<<n-1), uint(n))
		from += n
	}
}

// flush writes the last bits, padded to a byte, and returns the output.
func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
