package catindex

import (
	"slices"
	"sync"
	"unicode/utf8"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// A search of one short term (ShortPrefixRunes or fewer: "s", "sa", what a
// shopper types first and the suggestions ask at once) matches a large
// share of the catalogue — 470,000 of a million products for "s" — and
// costs in proportion to its matches (~0.1 s at 1M on this machine). The
// read cache forgets searches at every listed change, so with writes these
// searches ran afresh several times a second and took the machine
// (decision 0016). The prefix memo keeps, per short term and filter set,
// the total and the smallest rank keys (the first pages in relevance
// order), and Apply carries it over like the count memo, adjusted for the
// changed products only: a kept short search costs the page, not the
// catalogue.

const (
	// prefixMemoSize bounds the kept short searches (terms × filter sets).
	prefixMemoSize = 64
	// prefixTop is how many of the first keys a short search keeps: ten
	// pages of the storefront's 24. Below 256, so that computing them
	// never sorts every match (smallest).
	prefixTop = 240
)

type prefixMemo struct {
	mu      sync.Mutex
	clock   uint64
	entries map[string]*prefixEntry
}

// prefixEntry is one kept short search. top holds the smallest len(top)
// rank keys of its matches, in order; it is every match when len(top) ==
// total. Entries are never modified once filed.
type prefixEntry struct {
	term  string
	f     *filter
	total int
	top   []uint64
	used  uint64
}

func newPrefixMemo() *prefixMemo { return &prefixMemo{entries: map[string]*prefixEntry{}} }

// shortTerm reports whether q is a search the prefix memo keeps: one short
// term, in relevance order.
func shortTerm(q *shop.ProductQuery) bool {
	return len(q.Ordering) == 0 && len(q.Terms) == 1 && utf8.RuneCountInString(q.Terms[0]) <= search.ShortPrefixRunes
}

func prefixKey(term string, f *filter) string { return term + "\x00" + f.key }

// page answers from a kept search when it holds the page asked for.
func (m *prefixMemo) page(term string, f *filter, offset, limit int) (shop.ProductPage, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entries[prefixKey(term, f)]
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

// put files a short search: its total and its smallest keys, in order.
func (m *prefixMemo) put(term string, f *filter, total int, top []uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := prefixKey(term, f)
	if _, ok := m.entries[key]; !ok && len(m.entries) >= prefixMemoSize {
		var oldest *prefixEntry
		for _, e := range m.entries {
			if oldest == nil || e.used < oldest.used {
				oldest = e
			}
		}
		delete(m.entries, prefixKey(oldest.term, oldest.f))
	}
	m.clock++
	m.entries[key] = &prefixEntry{term: term, f: f, total: total, top: slices.Clone(top), used: m.clock}
}

// carry returns the memo of next, the snapshot Apply made from x with the
// products ids changed: each kept search loses what the changed products
// were in x and gains what they are in next. Its top stays the smallest
// keys of the matches: a key removed leaves the rest the smallest, and a
// key added is kept only when smaller than the last one kept (or when
// every match is kept), since keys past the last are unknown.
func (m *prefixMemo) carry(x, next *Index, ids []int64) *prefixMemo {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := &prefixMemo{clock: m.clock, entries: make(map[string]*prefixEntry, len(m.entries))}
	for key, e := range m.entries {
		c := &prefixEntry{term: e.term, f: e.f, total: e.total, top: slices.Clone(e.top), used: e.used}
		all := len(e.top) == e.total
		for _, id := range ids {
			if k, ok := x.shortKey(id, e.term, e.f); ok {
				c.total--
				if i, found := slices.BinarySearch(c.top, k); found {
					c.top = slices.Delete(c.top, i, i+1)
				}
			}
		}
		for _, id := range ids {
			if k, ok := next.shortKey(id, e.term, e.f); ok {
				c.total++
				if all || (len(c.top) > 0 && k < c.top[len(c.top)-1]) {
					i, _ := slices.BinarySearch(c.top, k)
					c.top = slices.Insert(c.top, i, k)
				}
			}
		}
		if !all && len(c.top) > prefixTop {
			c.top = c.top[:prefixTop]
		}
		out.entries[key] = c
	}
	return out
}

// shortKey is the rank key product id has in a search of the short term
// under f, false when it does not match: its score as matches gives it —
// from the delta entry's own document when retokenised, else from its
// base document's tokens.
func (x *Index) shortKey(id int64, term string, f *filter) (uint64, bool) {
	it, ok := x.lookup(id)
	if !ok || !x.passes(f, it) {
		return 0, false
	}
	var score int32
	switch {
	case it.e == nil:
		score = x.b.text.ShortPrefixScore(it.doc, term)
	case it.e.retok:
		score = search.DocumentShortPrefixScore(it.e.Tokens, term)
	case it.e.doc >= 0:
		score = x.b.text.ShortPrefixScore(it.e.doc, term)
	}
	if score == 0 {
		return 0, false
	}
	return x.rankKey(it, score), true
}
