package catindex

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// Index is an immutable snapshot of the catalogue, safe for concurrent
// use: a base, the delta of products changed or added since the base was
// built, and a bitset of the base documents the delta replaces.
type Index struct {
	seq    int64
	b      *base
	masked []uint64 // base documents replaced by a delta entry
	d      *delta
	maxID  int64
	n      int
	memo   *countMemo
	brands *brandDict // shared by every snapshot of one build
	facets facetMemo
	// optDict numbers option names and values; shared like brands.
	optDict *optDict
	// searches keeps the first pages of searches (searchmemo.go).
	searches *searchMemo
}

// entry is a product changed or added since the base was built.
type entry struct {
	Product
	a    attrs
	name []byte
	doc  int32    // the base document it replaces, -1 for a new product
	opts []uint32 // option words, nil without options
	// retok: its search document differs from the base document's (or it
	// is new and has one), so it is searched in the delta's own text and
	// the base document's tokens are ignored.
	retok bool
}

// delta holds the entries by id and by each orderable field, and a token
// index of the retokenised ones.
type delta struct {
	byID   []*entry
	orders [numFields][]*entry // by (field, id) ascending
	text   *deltaText
}

// deltaText is the token index of a delta's retokenised entries (text
// document i is docs[i]), built by the first search that needs it, so
// that a burst of writes does not rebuild it for snapshots nobody
// searches. Deltas whose retokenised entries are the same share it.
type deltaText struct {
	once sync.Once
	byID []*entry
	ix   *search.MemIndex
	docs []*entry
}

// index returns the token index, building it on first use. Every entry's
// tokens were checked by Apply.
func (t *deltaText) index() (*search.MemIndex, []*entry) {
	t.once.Do(func() {
		tb := search.NewBuilder()
		for _, e := range t.byID {
			if e.retok && e.Tokens != "" {
				// Checked when applied (checkTokens), so it cannot fail.
				_ = tb.AddDocument(int32(len(t.docs)), e.Tokens)
				t.docs = append(t.docs, e)
			}
		}
		t.ix = tb.Index(len(t.docs))
		t.byID = nil
	})
	return t.ix, t.docs
}

// Prepare builds what Apply leaves to first use — the token index of the
// delta's retokenised products — so that whoever publishes the snapshot (the
// applier) pays for it, not the first search after a change.
func (x *Index) Prepare() {
	if x.d != nil && x.d.text != nil {
		x.d.text.index()
	}
}

func (d *delta) find(id int64) *entry {
	i, ok := slices.BinarySearchFunc(d.byID, id, func(e *entry, id int64) int { return cmp.Compare(e.ID, id) })
	if !ok {
		return nil
	}
	return d.byID[i]
}

// Builder streams the products of a whole catalogue into an Index, in any
// id order; it keeps each product's attributes in compact arrays as it
// goes.
type Builder struct {
	bb       *baseBuilder
	brands   *brandDict
	optDict  *optDict
	unsorted bool
	err      error
}

// NewBuilder starts an index.
func NewBuilder() *Builder {
	return &Builder{bb: newBaseBuilder(1024), brands: newBrandDict(), optDict: newOptDict()}
}

// Add adds one product. Its search document must be as
// search.EncodeDocument wrote it; the first error is also Finish's.
func (b *Builder) Add(p Product) error {
	if b.err != nil {
		return b.err
	}
	if err := p.check(); err != nil {
		b.err = err
		return err
	}
	if n := len(b.bb.b.ids); n > 0 && int64(b.bb.b.ids[n-1]) >= p.ID {
		b.unsorted = true
	}
	d := b.bb.add(p.ID, attrsOf(&p, b.brands), extraOf(&p), []byte(p.Name), tokenHash(p.Tokens))
	b.bb.b.opts.add(d, b.optDict.encode(p.Options))
	if err := b.bb.text.AddDocument(d, p.Tokens); err != nil {
		b.err = fmt.Errorf("catalogue index: product %d: %w", p.ID, err)
	}
	return b.err
}

// Finish returns the index of the products added, as of change sequence
// seq; the Builder must not be used afterwards. A product added twice
// counts as added last.
func (b *Builder) Finish(seq int64) (*Index, error) {
	if b.err != nil {
		return nil, b.err
	}
	base := b.bb.finishText()
	if b.unsorted {
		order := make([]int32, base.len())
		for d := range order {
			order[d] = int32(d)
		}
		slices.SortStableFunc(order, func(a, c int32) int { return cmp.Compare(base.ids[a], base.ids[c]) })
		// Of equal ids, the last added wins.
		kept := order[:0]
		for i, d := range order {
			if i+1 < len(order) && base.ids[order[i+1]] == base.ids[d] {
				continue
			}
			kept = append(kept, d)
		}
		var err error
		if base, err = rebuild(base, kept, nil, nil); err != nil {
			return nil, err
		}
	} else {
		base = finish(base)
	}
	b.bb = nil
	return newIndex(seq, base, b.brands, b.optDict), nil
}

func newIndex(seq int64, b *base, brands *brandDict, opts *optDict) *Index {
	return &Index{seq: seq, b: b, masked: make([]uint64, (b.len()+63)/64), d: &delta{text: &deltaText{}}, maxID: b.maxID(),
		n: b.len(), memo: newCountMemo(), searches: newSearchMemo(), brands: brands, optDict: opts}
}

// Seq is the change sequence the snapshot includes.
func (x *Index) Seq() int64 { return x.seq }

// Len is the number of products, active or not.
func (x *Index) Len() int { return x.n }

func (x *Index) isMasked(d int32) bool { return x.masked[d>>6]&(1<<(d&63)) != 0 }

// lookup finds the current version of product id.
func (x *Index) lookup(id int64) (item, bool) {
	if d, ok := x.b.doc(id); ok && !x.isMasked(d) {
		return item{doc: d}, true
	}
	if e := x.d.find(id); e != nil {
		return item{e: e}, true
	}
	return item{}, false
}

func (x *Index) product(it item) Product {
	if it.e != nil {
		p := it.e.Product
		p.Tokens = ""
		return p
	}
	return x.b.product(it.doc, x.brands)
}

// Product returns the current attributes of product id, without its
// search document and options.
func (x *Index) Product(id int64) (Product, bool) {
	it, ok := x.lookup(id)
	if !ok {
		return Product{}, false
	}
	return x.product(it), true
}

// Apply returns the next snapshot, as of change sequence seq, with the
// changed products inserted or replaced (a product listed twice counts as
// listed last; re-applying a product as it is changes nothing), and for
// each changed product where it showed before (zero if new) and shows
// now, in id order. x is not modified. The cost is proportional to the
// changed products and the delta (and n/8 bytes of bitset copy when a base
// document is newly replaced), not to the catalogue.
func (x *Index) Apply(seq int64, changed []Product) (*Index, []shop.ChangedProduct, error) {
	ps, err := dedupe(changed)
	if err != nil {
		return nil, nil, err
	}
	next := &Index{seq: seq, b: x.b, masked: x.masked, maxID: x.maxID, n: x.n, brands: x.brands, optDict: x.optDict}
	changes := make([]shop.ChangedProduct, len(ps))
	befores := make([]*attrs, len(ps)) // nil for a new product
	beforeOpts := make([][]uint32, len(ps))
	fresh := make([]*entry, len(ps))
	retext := false
	copied := false
	for i := range ps {
		p := &ps[i]
		changes[i] = shop.ChangedProduct{ID: p.ID, After: p.place(), Listed: true, AfterText: p.Tokens}
		sameTokens := func(*entry) bool { return false }
		if it, ok := x.lookup(p.ID); ok {
			before := x.product(it)
			a := attrsOf(&before, x.brands)
			befores[i] = &a
			beforeOpts[i] = x.options(it)
			changes[i].Before = before.place()
			if it.e != nil {
				changes[i].BeforeText = it.e.Tokens
			} else {
				changes[i].BeforeText = x.b.text.Document(it.doc)
			}
			if it.e != nil && it.e.retok {
				retext = true
			}
			sameTokens = func(e *entry) bool {
				if it.e != nil {
					return it.e.Tokens == p.Tokens
				}
				return !e.retok
			}
			untokened := *p
			untokened.Tokens, untokened.Options = "", ""
			changes[i].Listed = before != untokened
		} else {
			next.n++
			next.maxID = max(next.maxID, p.ID)
		}
		e := &entry{Product: *p, a: attrsOf(p, x.brands), name: []byte(p.Name), doc: -1, opts: x.optDict.encode(p.Options)}
		changes[i].Listed = changes[i].Listed || !slices.Equal(beforeOpts[i], e.opts)
		if d, ok := x.b.doc(p.ID); ok {
			e.doc = d
			e.retok = tokenHash(p.Tokens) != x.b.tokHash[d]
			if !x.isMasked(d) {
				if !copied {
					next.masked = slices.Clone(x.masked)
					copied = true
				}
				next.masked[d>>6] |= 1 << (d & 63)
			}
		} else {
			e.retok = p.Tokens != ""
		}
		retext = retext || e.retok
		changes[i].Listed = changes[i].Listed || !sameTokens(e)
		fresh[i] = e
	}
	if err := checkTokens(fresh); err != nil {
		return nil, nil, err
	}
	next.d = x.d.with(fresh)
	if retext {
		next.d.text = &deltaText{byID: next.d.byID}
	}
	next.memo = x.memo.carry(func(f *filter) int {
		diff := 0
		for i, e := range fresh {
			if befores[i] != nil && f.pass(befores[i]) && f.passOptions(beforeOpts[i]) {
				diff--
			}
			if x.passes(f, item{e: e}) {
				diff++
			}
		}
		return diff
	})
	next.facets.kept = x.carryFacets(befores, beforeOpts, fresh)
	ids := make([]int64, len(ps))
	for i := range ps {
		ids[i] = ps[i].ID
	}
	next.searches = x.searches.carry(x, next, ids)
	return next, changes, nil
}

// dedupe checks the products and returns them in id order, the last of
// each id kept.
func dedupe(changed []Product) ([]Product, error) {
	ps := make([]Product, 0, len(changed))
	for i := range changed {
		if err := changed[i].check(); err != nil {
			return nil, err
		}
		ps = append(ps, changed[i])
	}
	slices.SortStableFunc(ps, func(a, b Product) int { return cmp.Compare(a.ID, b.ID) })
	kept := ps[:0]
	for i := range ps {
		if i+1 < len(ps) && ps[i+1].ID == ps[i].ID {
			continue
		}
		kept = append(kept, ps[i])
	}
	return kept, nil
}

// with returns a delta with fresh (in id order) inserted or replacing the
// entries of the same ids; the text is carried over and must be rebuilt
// by the caller if any retokenised entry came or went.
func (d *delta) with(fresh []*entry) *delta {
	out := &delta{byID: make([]*entry, 0, len(d.byID)+len(fresh)), text: d.text}
	var replaced []*entry
	i := 0
	for _, e := range d.byID {
		for i < len(fresh) && fresh[i].ID < e.ID {
			out.byID = append(out.byID, fresh[i])
			i++
		}
		if i < len(fresh) && fresh[i].ID == e.ID {
			replaced = append(replaced, e)
			continue
		}
		out.byID = append(out.byID, e)
	}
	out.byID = append(out.byID, fresh[i:]...)
	for f := range numFields {
		out.orders[f] = spliced(d.orders[f], replaced, fresh, func(a, b *entry) int { return compareEntries(f, a, b) })
	}
	return out
}

// spliced returns order (sorted by compare) without the replaced entries
// and with the fresh ones: each is placed by halving, and the rest is
// copied in runs, so the cost is a copy of order plus O(changed × log).
func spliced(order, replaced, fresh []*entry, compare func(a, b *entry) int) []*entry {
	var removed []int
	for _, r := range replaced {
		at, _ := slices.BinarySearchFunc(order, r, compare)
		removed = append(removed, at)
	}
	slices.Sort(removed)
	add := slices.Clone(fresh)
	slices.SortFunc(add, compare)
	out := make([]*entry, 0, len(order)-len(removed)+len(add))
	from := 0 // order[from:] is still to copy
	copyTo := func(end int) {
		for len(removed) > 0 && removed[0] < end {
			out = append(out, order[from:removed[0]]...)
			from = removed[0] + 1
			removed = removed[1:]
		}
		out = append(out, order[from:end]...)
		from = end
	}
	for _, a := range add {
		at, _ := slices.BinarySearchFunc(order, a, compare)
		copyTo(max(at, from))
		out = append(out, a)
	}
	copyTo(len(order))
	return out
}

func compareEntries(f field, a, b *entry) int {
	var c int
	switch f {
	case fieldPrice:
		c = cmp.Compare(a.Price, b.Price)
	case fieldCreated:
		c = cmp.Compare(a.Created, b.Created)
	case fieldAvg:
		c = cmp.Compare(a.Avg100, b.Avg100)
	case fieldDiscount:
		c = cmp.Compare(a.a.disc, b.a.disc)
	case fieldSold:
		c = cmp.Compare(a.Sold, b.Sold)
	default:
		c = strings.Compare(a.Name, b.Name)
	}
	return cmp.Or(c, cmp.Compare(a.ID, b.ID))
}

// checkTokens parses the search documents the delta will index.
func checkTokens(fresh []*entry) error {
	tb := search.NewBuilder()
	for i, e := range fresh {
		if e.retok {
			if err := tb.AddDocument(int32(i), e.Tokens); err != nil {
				return fmt.Errorf("catalogue index: product %d: %w", e.ID, err)
			}
		}
	}
	return nil
}

// NeedsCompaction reports whether the delta has grown past its bound
// (max(1024, n/256) entries: Apply and some queries visit it all), or the
// shuffle domain has grown past the one the base's lists are sorted for.
func (x *Index) NeedsCompaction() bool {
	return len(x.d.byID) > max(1024, x.n/256) || shop.ShuffleBits(x.maxID) != x.b.bits
}

// Compact returns the same snapshot with the delta folded into a new base:
// O(n log n). The count memo and the kept searches carry over.
func (x *Index) Compact() (*Index, error) { return x.Compaction()() }

// Compaction returns Compact's work, for a background goroutine: it holds
// what it needs of x, not x, since a snapshot's kept searches point on to
// its successors (searchMemo.succ) and holding it for the seconds a
// compaction takes at 1M would keep every snapshot applied meanwhile.
func (x *Index) Compaction() func() (*Index, error) {
	seq, src, masked, entries, brands, optDict := x.seq, x.b, x.masked, x.d.byID, x.brands, x.optDict
	memo := x.memo.carry(func(*filter) int { return 0 })
	facets := x.carryFacets(nil, nil, nil)
	searches := x.searches.copy()
	return func() (*Index, error) {
		b, err := rebuild(src, nil, masked, entries)
		if err != nil {
			return nil, err
		}
		next := newIndex(seq, b, brands, optDict)
		next.memo, next.facets.kept, next.searches = memo, facets, searches
		return next, nil
	}
}

// rebuild builds a base of src's documents (in the order given, nil for
// all in order) that are not masked, merged in id order with entries
// (ascending ids). Unchanged search documents are copied token by token.
func rebuild(src *base, order []int32, masked []uint64, entries []*entry) (*base, error) {
	n := src.len()
	if order != nil {
		n = len(order)
	}
	bb := newBaseBuilder(n + len(entries))
	postings := src.text.Postings()
	for _, e := range entries {
		if e.retok {
			postings += strings.Count(e.Tokens, " ") + 1
		}
	}
	bb.text.Grow(postings)
	isMasked := func(d int32) bool { return masked != nil && masked[d>>6]&(1<<(d&63)) != 0 }
	addDoc := func(d int32) error {
		nd := bb.add(int64(src.ids[d]), src.attrs[d], src.extra(d), src.name(d), src.tokHash[d])
		if src.attrs[d].flags&flagOptions != 0 {
			bb.b.opts.add(nd, src.opts.of(d))
		}
		return bb.text.AddFrom(nd, src.text, d)
	}
	addEntry := func(e *entry) error {
		if !e.retok {
			nd := bb.add(e.ID, e.a, extraOf(&e.Product), e.name, src.tokHash[e.doc])
			bb.b.opts.add(nd, e.opts)
			return bb.text.AddFrom(nd, src.text, e.doc)
		}
		nd := bb.add(e.ID, e.a, extraOf(&e.Product), e.name, tokenHash(e.Tokens))
		bb.b.opts.add(nd, e.opts)
		return bb.text.AddDocument(nd, e.Tokens)
	}
	j := 0
	for i := range n {
		d := int32(i)
		if order != nil {
			d = order[i]
		}
		if isMasked(d) {
			continue
		}
		for ; j < len(entries) && entries[j].ID < int64(src.ids[d]); j++ {
			if err := addEntry(entries[j]); err != nil {
				return nil, err
			}
		}
		if err := addDoc(d); err != nil {
			return nil, err
		}
	}
	for ; j < len(entries); j++ {
		if err := addEntry(entries[j]); err != nil {
			return nil, err
		}
	}
	return finish(bb.finishText()), nil
}
