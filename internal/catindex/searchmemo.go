package catindex

import (
	"slices"
	"strings"
	"sync"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// A search costs in proportion to its matches: a short term ("s", what a
// shopper types first and the suggestions ask at once) matches 470,000 of
// a million products, and a word with a short last term after it
// ("iphone 1", "xbox c") first matches every product with the word and its
// near spellings (~80 ms at 1M on this machine). The read cache forgets a
// search whenever a changed product may match it, so with writes the broad
// ones ran afresh several times a second and took the machine (decision
// 0016). The search memo keeps, per search in relevance order and filter
// set, the total and the smallest rank keys (the first pages), and Apply
// carries it over like the count memo, adjusted for the changed products
// only: a kept search costs the page, not the catalogue.

const (
	// searchMemoSize bounds the kept searches (terms × filter sets). Apply
	// scores each changed product for every one of them, twice.
	searchMemoSize = 64
	// searchTop is how many of the first keys a search keeps: ten pages of
	// the storefront's 24. Below 256, so that computing them never sorts
	// every match (smallest).
	searchTop = 240
	// maxCarryPairs bounds the scoring Apply does for the memo (changed
	// products × kept searches, each pair scored twice, a few microseconds
	// each): a bulk change of thousands of products starts the memo afresh,
	// as the read cache drops every search past its own bound.
	maxCarryPairs = 64 * 256
)

type searchMemo struct {
	mu      sync.Mutex
	clock   uint64
	entries map[string]*searchEntry
	// succ is where carry took this memo: a search filed here afterwards
	// is carried on to it. A broad search computed on a snapshot (~150 ms
	// for "s" at 1M on a loaded machine) finds it superseded when changes
	// arrive faster than that; filed there alone, it was lost with it, and
	// the next request computed it again, and again.
	succ *successor
}

// successor is the memo of the snapshot Apply made from from, changing
// the products ids.
type successor struct {
	memo     *searchMemo
	from, to *Index
	ids      []int64
}

// searchEntry is one kept search. top holds the smallest len(top) rank
// keys of its matches, in order; it is every match when len(top) ==
// total. Only used changes once an entry is filed, under its memo's lock.
type searchEntry struct {
	terms []string
	f     *filter
	total int
	top   []uint64
	used  uint64
}

func newSearchMemo() *searchMemo { return &searchMemo{entries: map[string]*searchEntry{}} }

// kept reports whether q is a search the memo keeps: terms, in relevance
// order.
func kept(q *shop.ProductQuery) bool { return len(q.Ordering) == 0 && len(q.Terms) > 0 }

// Terms are tokens (letters and digits): a space cannot occur in one.
func searchKey(terms []string, f *filter) string { return strings.Join(terms, " ") + "\x00" + f.key }

// page answers from a kept search when it holds the page asked for.
func (m *searchMemo) page(terms []string, f *filter, offset, limit int) (shop.ProductPage, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entries[searchKey(terms, f)]
	if e == nil {
		return shop.ProductPage{}, false
	}
	end := min(offset+limit, e.total)
	if end > len(e.top) {
		return shop.ProductPage{}, false
	}
	m.clock++
	e.used = m.clock
	page := shop.ProductPage{Total: e.total}
	for i := offset; i < end; i++ {
		page.IDs = append(page.IDs, int64(e.top[i]&idMask))
	}
	return page, true
}

// put files a search: its total and its smallest keys, in order; and
// carries it on to the successor, if the snapshot has one by now.
func (m *searchMemo) put(terms []string, f *filter, total int, top []uint64) {
	e := &searchEntry{terms: slices.Clone(terms), f: f, total: total, top: slices.Clone(top)}
	for m != nil {
		m.mu.Lock()
		m.file(e)
		succ := m.succ
		m.mu.Unlock()
		if succ == nil {
			return
		}
		e = carryEntry(e, succ.from, succ.to, succ.ids)
		m = succ.memo
	}
}

// file keeps e, forgetting the least recently used search when full.
// m.mu is held.
func (m *searchMemo) file(e *searchEntry) {
	key := searchKey(e.terms, e.f)
	if _, ok := m.entries[key]; !ok && len(m.entries) >= searchMemoSize {
		var oldest *searchEntry
		for _, e := range m.entries {
			if oldest == nil || e.used < oldest.used {
				oldest = e
			}
		}
		delete(m.entries, searchKey(oldest.terms, oldest.f))
	}
	m.clock++
	e.used = m.clock
	m.entries[key] = e
}

// copy returns the memo's searches as they are, for a snapshot equal to
// this one (Compact's).
func (m *searchMemo) copy() *searchMemo {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := &searchMemo{clock: m.clock, entries: make(map[string]*searchEntry, len(m.entries))}
	for key, e := range m.entries {
		c := *e
		out.entries[key] = &c
	}
	return out
}

// carry returns the memo of next, the snapshot Apply made from x with the
// products ids changed, each kept search carried (carryEntry); a search
// filed in m later is carried on to it by put. A change of more than
// maxCarryPairs pairs starts it afresh.
func (m *searchMemo) carry(x, next *Index, ids []int64) *searchMemo {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := &searchMemo{clock: m.clock, entries: make(map[string]*searchEntry, len(m.entries))}
	if len(ids)*len(m.entries) > maxCarryPairs {
		m.succ = nil
		return out
	}
	for key, e := range m.entries {
		c := carryEntry(e, x, next, ids)
		c.used = e.used
		out.entries[key] = c
	}
	m.succ = &successor{memo: out, from: x, to: next, ids: ids}
	return out
}

// carryEntry returns e in next, the snapshot Apply made from x with the
// products ids changed: it loses what the changed products were in x and
// gains what they are in next. Its top stays the smallest keys of the
// matches: a key removed leaves the rest the smallest, and a key added is
// kept only when smaller than the last one kept (or when every match is
// kept), since keys past the last are unknown; and no more than searchTop
// are kept.
func carryEntry(e *searchEntry, x, next *Index, ids []int64) *searchEntry {
	// used is not read: it moves under its memo's lock, which put does not
	// hold here.
	c := &searchEntry{terms: e.terms, f: e.f, total: e.total, top: slices.Clone(e.top)}
	all := len(e.top) == e.total
	for _, id := range ids {
		if k, ok := x.searchRank(id, e.terms, e.f); ok {
			c.total--
			if i, found := slices.BinarySearch(c.top, k); found {
				c.top = slices.Delete(c.top, i, i+1)
			}
		}
	}
	for _, id := range ids {
		if k, ok := next.searchRank(id, e.terms, e.f); ok {
			c.total++
			if all || (len(c.top) > 0 && k < c.top[len(c.top)-1]) {
				i, _ := slices.BinarySearch(c.top, k)
				c.top = slices.Insert(c.top, i, k)
			}
		}
	}
	if len(c.top) > searchTop {
		c.top = c.top[:searchTop]
	}
	return c
}

// searchRank is the rank key product id has in a search of the terms
// under f, false when it does not match: its score as matches gives it —
// from the delta entry's own document when retokenised, else from its
// base document's tokens.
func (x *Index) searchRank(id int64, terms []string, f *filter) (uint64, bool) {
	it, ok := x.lookup(id)
	if !ok || !x.passes(f, it) {
		return 0, false
	}
	var score int32
	switch {
	case it.e == nil:
		score = x.b.text.Score(it.doc, terms)
	case it.e.retok:
		score = search.DocumentScore(it.e.Tokens, terms)
	case it.e.doc >= 0:
		score = x.b.text.Score(it.e.doc, terms)
	}
	if score == 0 {
		return 0, false
	}
	return x.rankKey(it, score), true
}
