package catindex

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sort"
	"sync"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// Query answers one product list: the page of ids in order and how many
// products match in all. With Terms it searches (relevance, in stock
// first, verified rating, id — or the Ordering); otherwise it lists by the
// Ordering, or else by the seeded shuffle.
func (x *Index) Query(q shop.ProductQuery) shop.ProductPage {
	page, _ := x.query(q)
	return page
}

// query is Query, also returning the work a list page took: products
// visited (probed, or read from a list), and shuffle blocks looked up.
// Counting is not work: the count memo's misses are left out.
func (x *Index) query(q shop.ProductQuery) (shop.ProductPage, int) {
	f := x.compileFilter(&q)
	offset, limit := max(q.Offset, 0), max(q.Limit, 0)
	if q.Terms != nil {
		return x.search(&q, f, offset, limit), 0
	}
	page := shop.ProductPage{Total: x.count(f)}
	need := min(offset+limit, page.Total)
	if offset >= need {
		return page, 0
	}
	var items []item
	work := 0
	if len(q.Ordering) > 0 {
		items = x.ordered(compileOrdering(q.Ordering), f, need, page.Total, &work)
	} else {
		items = x.shuffled(q.Seed, f, need, page.Total, &work)
	}
	page.IDs = make([]int64, 0, len(items)-offset)
	for _, it := range items[offset:] {
		page.IDs = append(page.IDs, x.id(it))
	}
	return page, work
}

// shuffled returns the first need products passing f in the seeded
// shuffle (shop.ShufflePosition), by the cheapest of three ways, estimated
// from the total:
//   - probing: walk positions 0, 1, 2…, inverting the permutation, and keep
//     the products that exist and pass: need × domain / total probes;
//   - by block: walk the blocks in the seed's order and take each one's
//     products from the list f implies (sorted by spread, so a block is a
//     range found by halving): need × √domain / total blocks and the
//     list's products in them;
//   - ranking the list's products (in its price band, if f has one) by
//     position.
//
// The delta's products are probed like the base's, or ranked with each
// block.
func (x *Index) shuffled(seed int64, f *filter, need, total int, work *int) []item {
	m := shop.ShuffleBits(x.maxID)
	sh := shop.NewShuffle(seed, m)
	l := x.listFor(f)
	members := len(l.spread)
	probe := int64(need) << m / int64(total)
	rank := int64(x.candidateCount(f))
	block := int64(math.MaxInt64)
	if x.b.bits == m {
		blocks := int64(need)<<sh.Half()/int64(total) + 1
		block = blocks*int64(bits.Len(uint(members))/4+members>>sh.Half()+1) + int64(len(x.d.byID))
	}
	switch {
	case probe <= rank && probe <= block:
		return x.probe(sh, f, need, work)
	case block <= rank:
		return x.byBlock(sh, l, f, need, work)
	}
	var keys []uint64
	*work += int(rank)
	x.candidates(f, func(it item) bool {
		id := x.id(it)
		keys = append(keys, uint64(sh.Position(id))<<idBits|uint64(id))
		return true
	})
	out := make([]item, 0, need)
	for _, k := range smallest(keys, need) {
		it, _ := x.lookup(int64(k & idMask))
		out = append(out, it)
	}
	return out
}

func (x *Index) probe(sh shop.Shuffle, f *filter, need int, work *int) []item {
	out := make([]item, 0, need)
	for pos := int64(0); pos < 1<<(2*sh.Half()) && len(out) < need; pos++ {
		*work++
		id := sh.ID(pos)
		if id == 0 || id > x.maxID {
			continue
		}
		if it, ok := x.lookup(id); ok && x.passes(f, it) {
			out = append(out, it)
		}
	}
	return out
}

type placed struct {
	pos int64
	it  item
}

func (x *Index) byBlock(sh shop.Shuffle, l *list, f *filter, need int, work *int) []item {
	half, bits := sh.Half(), 2*sh.Half()
	var delta []placed
	*work += len(x.d.byID)
	for _, e := range x.d.byID {
		if x.passes(f, item{e: e}) {
			delta = append(delta, placed{sh.Position(e.ID), item{e: e}})
		}
	}
	slices.SortFunc(delta, func(a, b placed) int { return cmp.Compare(a.pos, b.pos) })
	sp := l.spread
	out := make([]item, 0, need)
	var group []placed
	for n := int64(0); n < 1<<half && len(out) < need; n++ {
		want := sh.BlockAt(n)
		lo := sort.Search(len(sp), func(i int) bool { return int64(sp[i])>>half >= want })
		hi := lo + sort.Search(len(sp)-lo, func(i int) bool { return int64(sp[lo+i])>>half > want })
		group = group[:0]
		*work += 1 + hi - lo
		for _, s := range sp[lo:hi] {
			d, _ := x.b.doc(shop.ShuffleUnspread(int64(s), bits))
			if it := (item{doc: d}); !x.isMasked(d) && x.passes(f, it) {
				group = append(group, placed{sh.PositionOfSpread(int64(s)), it})
			}
		}
		for len(delta) > 0 && delta[0].pos>>half == n {
			group = append(group, delta[0])
			delta = delta[1:]
		}
		slices.SortFunc(group, func(a, b placed) int { return cmp.Compare(a.pos, b.pos) })
		for _, p := range group[:min(len(group), need-len(out))] {
			out = append(out, p.it)
		}
	}
	return out
}

// Packed keys end with the product id, in 31 bits.
const (
	idBits = 31
	idMask = 1<<idBits - 1
)

// smallest returns the k smallest keys in order. A small page of many
// keys keeps a sorted buffer instead of sorting them all.
func smallest(keys []uint64, k int) []uint64 {
	if k > 256 || k >= len(keys)/8 {
		slices.Sort(keys)
		return keys[:min(k, len(keys))]
	}
	top := make([]uint64, 0, k+1)
	for _, v := range keys {
		if len(top) == k && v >= top[k-1] {
			continue
		}
		i, _ := slices.BinarySearch(top, v)
		top = slices.Insert(top, i, v)
		if len(top) > k {
			top = top[:k]
		}
	}
	return top
}

// search matches the terms in the base's and the delta's token indexes
// (base documents whose tokens the delta replaced are dropped, those
// whose attributes it replaced take the delta's), then filters and orders
// the hits.
func (x *Index) search(q *shop.ProductQuery, f *filter, offset, limit int) shop.ProductPage {
	memo := kept(q)
	if memo {
		if page, ok := x.searches.page(q.Terms, f, offset, limit); ok {
			return page
		}
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	hits := s.hits[:0]
	x.matches(q.Terms, f, func(it item, score int32) { hits = append(hits, hit{it, score}) })
	s.hits = hits
	page := shop.ProductPage{Total: len(hits)}
	end := min(offset+limit, len(hits))
	if !memo {
		if offset >= end {
			return page
		}
		keys := compileOrdering(q.Ordering)
		slices.SortFunc(hits, func(a, b hit) int { return x.compare(keys, a.it, b.it) })
		for _, h := range hits[offset:end] {
			page.IDs = append(page.IDs, x.id(h.it))
		}
		return page
	}
	keys := slices.Grow(s.keys[:0], len(hits))[:len(hits)]
	s.keys = keys
	for i, h := range hits {
		keys[i] = x.rankKey(h.it, h.score)
	}
	first := smallest(keys, max(end, searchTop))
	// A deeper page is computed, not kept: each Apply copies every kept
	// search, and a page far down would make it megabytes.
	x.searches.put(q.Terms, f, len(hits), first[:min(len(first), searchTop)])
	if offset >= end {
		return page
	}
	for _, k := range first[offset:end] {
		page.IDs = append(page.IDs, int64(k&idMask))
	}
	return page
}

type hit struct {
	it    item
	score int32
}

// scratch is the buffers of one search, kept between searches: a broad
// term matches a large share of the catalogue, and since each catalogue
// change makes the read cache forget searches, with writes every search
// ran afresh and its several growing slices (megabytes a second at 100k
// products) drove the collector, whose pauses and marking were most of
// the read p99 with writes (decision 0016).
type scratch struct {
	matched []search.Hit
	hits    []hit
	keys    []uint64
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// matches calls fn with every product matching the terms and passing f,
// and its relevance.
func (x *Index) matches(terms []string, f *filter, fn func(it item, score int32)) {
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.matched = x.b.text.MatchInto(s.matched, terms)
	for _, h := range s.matched {
		it := item{doc: h.Doc}
		if x.isMasked(h.Doc) {
			e := x.d.find(int64(x.b.ids[h.Doc]))
			if e.retok {
				continue
			}
			it = item{e: e}
		}
		if x.passes(f, it) {
			fn(it, h.Score)
		}
	}
	text, docs := x.d.text.index()
	s.matched = text.MatchInto(s.matched, terms)
	for _, h := range s.matched {
		if e := docs[h.Doc]; x.passes(f, item{e: e}) {
			fn(item{e: e}, h.Score)
		}
	}
}

// rankKey packs the relevance order into one integer, smallest first:
// relevance descending (at most search.MaxTerms × 100), in stock first,
// verified rating descending (hundredths, at most 500), then id.
func (x *Index) rankKey(it item, score int32) uint64 {
	var inStock bool
	var avg int64
	if it.e != nil {
		inStock, avg = it.e.InStock, int64(it.e.Avg100)
	} else {
		inStock, avg = x.b.attrs[it.doc].flags&flagInStock != 0, int64(x.b.attrs[it.doc].avg)
	}
	var out uint64
	if !inStock {
		out = 1
	}
	return uint64(4095-score)<<(idBits+11) | out<<(idBits+10) | uint64(1023-avg)<<idBits | uint64(x.id(it))
}
