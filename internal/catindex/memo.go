package catindex

import (
	"sort"
	"sync"
)

// memoSize bounds the count memo: filter sets in use at once.
const memoSize = 512

// countMemo remembers how many products pass each filter set recently
// queried (a page needs the total, and counting costs O(candidates)). Each
// snapshot has its own; Apply carries the entries over, adjusted for the
// changed products, so a write does not empty it.
type countMemo struct {
	mu      sync.Mutex
	clock   uint64
	entries map[string]*memoEntry
}

type memoEntry struct {
	f     *filter
	count int
	used  uint64
}

func newCountMemo() *countMemo { return &countMemo{entries: map[string]*memoEntry{}} }

func (m *countMemo) get(key string) (int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok {
		return 0, false
	}
	m.clock++
	e.used = m.clock
	return e.count, true
}

// put files a count, evicting the least recently used entry when full.
func (m *countMemo) put(f *filter, count int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.clock++
	if _, ok := m.entries[f.key]; !ok && len(m.entries) >= memoSize {
		var oldest *memoEntry
		for _, e := range m.entries {
			if oldest == nil || e.used < oldest.used {
				oldest = e
			}
		}
		delete(m.entries, oldest.f.key)
	}
	m.entries[f.key] = &memoEntry{f: f, count: count, used: m.clock}
}

// carry returns a memo for the next snapshot with every count adjusted by
// diff (passing after the change minus passing before).
func (m *countMemo) carry(diff func(*filter) int) *countMemo {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := &countMemo{clock: m.clock, entries: make(map[string]*memoEntry, len(m.entries))}
	for k, e := range m.entries {
		out.entries[k] = &memoEntry{f: e.f, count: e.count + diff(e.f), used: e.used}
	}
	return out
}

// count returns how many products pass f: from the memo, else counted over
// the candidates (the most selective posting list, or every product) and
// filed.
func (x *Index) count(f *filter) int {
	if n, ok := x.memo.get(f.key); ok {
		return n
	}
	n := 0
	x.candidates(f, func(item) bool {
		n++
		return true
	})
	x.memo.put(f, n)
	return n
}

// candidates calls fn for every product passing f (until fn returns
// false): the base documents of the shortest set that holds them all —
// the list f implies, or that list's price band — then the delta's.
func (x *Index) candidates(f *filter, fn func(item) bool) {
	l := x.listFor(f)
	docs := x.band(l, f)
	if l == x.b.all && len(docs) == x.b.len() {
		docs = nil // all of them, better read in document order
	}
	visit := func(d int32) bool { return x.isMasked(d) || !x.passes(f, item{doc: d}) || fn(item{doc: d}) }
	if docs == nil {
		for d := range int32(x.b.len()) {
			if !visit(d) {
				return
			}
		}
	}
	for _, d := range docs {
		if !visit(d) {
			return
		}
	}
	for _, e := range x.d.byID {
		if x.passes(f, item{e: e}) && !fn(item{e: e}) {
			return
		}
	}
}

// candidateCount is how many products candidates visits.
func (x *Index) candidateCount(f *filter) int {
	return len(x.band(x.listFor(f), f)) + len(x.d.byID)
}

// band returns the documents of list l in f's price band, by price: a
// range of its price order.
func (x *Index) band(l *list, f *filter) []int32 {
	order := l.orders[fieldPrice]
	lo := sort.Search(len(order), func(i int) bool { return x.b.attrs[order[i]].price > f.above })
	hi := lo + sort.Search(len(order)-lo, func(i int) bool { return x.b.attrs[order[lo+i]].price >= f.below })
	return order[lo:hi]
}

var emptyList = &list{}

// listFor returns the shortest base list that holds every base document
// passing f: of its categories or its one chosen store, else all.
func (x *Index) listFor(f *filter) *list {
	best := x.b.all
	offer := func(l *list) {
		if l == nil {
			l = emptyList
		}
		if len(l.spread) < len(best.spread) {
			best = l
		}
	}
	for l, c := range f.cats {
		if c != 0 {
			offer(x.b.byCat[l][c])
		}
	}
	if len(f.stores.ids) == 1 {
		offer(x.b.byStore[f.stores.ids[0]])
	}
	return best
}
