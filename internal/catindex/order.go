package catindex

import (
	"cmp"
	"math/bits"
	"slices"
	"sort"
)

// ordered returns the first need products passing f in an explicit
// ordering (then id): a walk of the list f implies (its category or store,
// else all) in the first key's order, merged with the delta's, about
// need × list / total visits; or, when f's price band holds fewer
// products, those sorted.
func (x *Index) ordered(keys []orderKey, f *filter, need, total int, work *int) []item {
	l := x.listFor(f)
	walk := int64(need) * int64(len(l.spread)+len(x.d.byID)) / int64(total)
	if c := x.candidateCount(f); int64(c)*int64(bits.Len(uint(c))) < walk {
		// A narrow price band: sort what is in it.
		*work += c
		var items []item
		x.candidates(f, func(it item) bool {
			items = append(items, it)
			return true
		})
		x.sortItems(keys, items)
		return items[:need]
	}
	em := &emitter{out: make([]item, 0, need), need: need, work: work}
	x.walk(keys, l, f, nil, em)
	return em.out
}

type emitter struct {
	out  []item
	need int
	work *int // products visited
}

func (em *emitter) full() bool { return len(em.out) >= em.need }

// constraint restricts a walk to the products whose field equals rep's:
// one group of an outer key.
type constraint struct {
	f   field
	rep item
}

func (x *Index) admits(f *filter, cons []constraint, it item) bool {
	if !x.passes(f, it) {
		return false
	}
	for _, c := range cons {
		if x.compareField(c.f, it, c.rep) != 0 {
			return false
		}
	}
	return true
}

// walk emits, in order of keys then id, the products passing f and cons,
// until em is full. Groups of equal first-key values come from the sorted
// orders, found by galloping; within a group products go by id (both
// orders hold a group by id), or by the remaining keys: a small group is
// gathered and sorted, a large one walked in the next key's order,
// constrained to the group, which costs about remaining × n / group size.
func (x *Index) walk(keys []orderKey, l *list, f *filter, cons []constraint, em *emitter) {
	k := keys[0]
	bo, do := l.orders[k.f], x.d.orders[k.f]
	blo, bhi, dlo, dhi := 0, len(bo), 0, len(do)
	if k.f == fieldPrice {
		// Only the price band can pass: start and stop at its ends.
		blo = sort.Search(len(bo), func(i int) bool { return x.b.attrs[bo[i]].price > f.above })
		bhi = sort.Search(len(bo), func(i int) bool { return x.b.attrs[bo[i]].price >= f.below })
		dlo = sort.Search(len(do), func(i int) bool { return do[i].Price > f.above })
		dhi = sort.Search(len(do), func(i int) bool { return do[i].Price >= f.below })
	}
	n := int64(len(bo) + len(do))
	for (blo < bhi || dlo < dhi) && !em.full() {
		var rep item
		switch {
		case blo == bhi:
			rep = item{e: do[dlo]}
			if k.desc {
				rep = item{e: do[dhi-1]}
			}
		case dlo == dhi:
			rep = item{doc: bo[blo]}
			if k.desc {
				rep = item{doc: bo[bhi-1]}
			}
		case !k.desc:
			rep = item{doc: bo[blo]}
			if b := (item{e: do[dlo]}); x.compareField(k.f, b, rep) < 0 {
				rep = b
			}
		default:
			rep = item{doc: bo[bhi-1]}
			if b := (item{e: do[dhi-1]}); x.compareField(k.f, b, rep) > 0 {
				rep = b
			}
		}
		sameBase := func(i int) bool { return x.compareField(k.f, item{doc: bo[i]}, rep) == 0 }
		sameDelta := func(i int) bool { return x.compareField(k.f, item{e: do[i]}, rep) == 0 }
		var bs, be, ds, de int
		if k.desc {
			bs, be = groupBack(blo, bhi, sameBase), bhi
			ds, de = groupBack(dlo, dhi, sameDelta), dhi
			bhi, dhi = bs, ds
		} else {
			bs, be = blo, groupFront(blo, bhi, sameBase)
			ds, de = dlo, groupFront(dlo, dhi, sameDelta)
			blo, dlo = be, de
		}
		group, deltaGroup := bo[bs:be], do[ds:de]
		*em.work++
		switch size := int64(len(group) + len(deltaGroup)); {
		case len(keys) == 1:
			x.emitByID(group, deltaGroup, f, cons, em)
		case size > 256 && int64(em.need-len(em.out))*n*4 < size*size:
			x.walk(keys[1:], l, f, append(slices.Clip(cons), constraint{k.f, rep}), em)
		default:
			x.emitSorted(keys[1:], group, deltaGroup, f, cons, em)
		}
	}
}

// emitByID emits one group's admitted products by id: both halves are in
// id order.
func (x *Index) emitByID(group []int32, deltaGroup []*entry, f *filter, cons []constraint, em *emitter) {
	i, j := 0, 0
	for (i < len(group) || j < len(deltaGroup)) && !em.full() {
		*em.work++
		var it item
		if j == len(deltaGroup) || (i < len(group) && int64(x.b.ids[group[i]]) < deltaGroup[j].ID) {
			it = item{doc: group[i]}
			i++
			if x.isMasked(it.doc) {
				continue
			}
		} else {
			it = item{e: deltaGroup[j]}
			j++
		}
		if x.admits(f, cons, it) {
			em.out = append(em.out, it)
		}
	}
}

// emitSorted emits one group's admitted products sorted by the remaining
// keys.
func (x *Index) emitSorted(keys []orderKey, group []int32, deltaGroup []*entry, f *filter, cons []constraint, em *emitter) {
	var items []item
	*em.work += len(group) + len(deltaGroup)
	for _, d := range group {
		if it := (item{doc: d}); !x.isMasked(d) && x.admits(f, cons, it) {
			items = append(items, it)
		}
	}
	for _, e := range deltaGroup {
		if it := (item{e: e}); x.admits(f, cons, it) {
			items = append(items, it)
		}
	}
	x.sortItems(keys, items)
	em.out = append(em.out, items[:min(len(items), em.need-len(em.out))]...)
}

// sortItems sorts by keys then id. Numeric keys are read once per item,
// not at every comparison.
func (x *Index) sortItems(keys []orderKey, items []item) {
	const most = 3
	if len(keys) > most || slices.ContainsFunc(keys, func(k orderKey) bool { return k.f == fieldName }) {
		slices.SortFunc(items, func(a, b item) int { return x.compare(keys, a, b) })
		return
	}
	type keyed struct {
		v  [most]int64
		id int64
		it item
	}
	ks := make([]keyed, len(items))
	for i, it := range items {
		ks[i] = keyed{id: x.id(it), it: it}
		for j, k := range keys {
			if ks[i].v[j] = x.value(k.f, it); k.desc {
				ks[i].v[j] = -ks[i].v[j]
			}
		}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		return cmp.Or(cmp.Compare(a.v[0], b.v[0]), cmp.Compare(a.v[1], b.v[1]), cmp.Compare(a.v[2], b.v[2]),
			cmp.Compare(a.id, b.id))
	})
	for i := range ks {
		items[i] = ks[i].it
	}
}

// groupFront returns the end of the run of same elements starting at lo
// (lo itself if it is not same), galloping so that a run of r costs
// O(log r).
func groupFront(lo, hi int, same func(int) bool) int {
	if lo == hi || !same(lo) {
		return lo
	}
	bound := 1
	for lo+bound < hi && same(lo+bound) {
		bound *= 2
	}
	l, h := lo+bound/2+1, min(lo+bound, hi)
	return l + sort.Search(h-l, func(j int) bool { return !same(l + j) })
}

// groupBack returns the start of the run of same elements ending at hi-1
// (hi if hi-1 is not same).
func groupBack(lo, hi int, same func(int) bool) int {
	return hi - groupFront(0, hi-lo, func(k int) bool { return same(hi - 1 - k) })
}
