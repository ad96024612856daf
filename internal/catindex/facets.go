package catindex

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"

	"dwa/internal/shop"
)

// MaxFacetValues bounds the stores and brands a facet lists: those with the
// most products (the chosen ones are listed besides).
const MaxFacetValues = 30

// The filters a facet can drop, as bits of a product's misses.
const (
	missStore uint8 = 1 << iota
	missBrand
	missPrice
	missStock
	missSale
	missRating
	missOption
)

// facetCount accumulates one query's facets: every store and brand, so
// that a kept count can take a changed product away and add it again.
type facetCount struct {
	f, core            *filter
	total              int
	stores             []int32 // by store id, when ids are small
	storeMap           map[int32]int32
	brands             []int32 // by brand number
	ratings            [5]int
	inStock, onSale    int
	minPrice, maxPrice int64
	// spanLost: a product at the edge of the price span went away, which
	// only a new pass can say what the span now is.
	spanLost bool
	// opts counts products by option value (pair number), optNames by
	// option name; seen and pos are countOptions' buffers.
	opts, optNames map[int32]int32
	seen           []int32
	pos            []int
	// dense counts by pair and by name number during a pass, folded into
	// opts and optNames after it.
	dense *denseCounts
}

// Facets counts the products of q's list by store, brand, rating, stock,
// deal and price, each with every filter of q applied but its own (so a
// chosen brand does not hide the others): one pass over what q's search or
// categories select, whatever the other filters. Paging, ordering and seed
// are ignored. Stores come by id, for the caller to name.
//
// A snapshot keeps the facets of the last facetMemoSize queries asked of it
// (pages of one list ask the same), and Apply carries them to the next one:
// a change that no kept query's list holds before or after leaves its
// answer as it is; otherwise the changed products' counts are taken away
// and added again. Its slices are shared: callers must not modify them.
func (x *Index) Facets(q shop.ProductQuery) shop.ProductFacets {
	f := x.compileFilter(&q)
	key := f.key + "\x00" + strings.Join(q.Terms, " ") + "\x00" + strings.Join(q.Brands, "\x00")
	if len(q.Options) > 0 { // chosen values are listed as written
		key += "\x00" + fmt.Sprint(q.Options)
	}
	x.facets.mu.Lock()
	e, ok := x.facets.kept[key]
	x.facets.mu.Unlock()
	if ok {
		return e.out
	}
	c := x.countFacets(&q, f)
	e = &facetEntry{c: c, brands: q.Brands, options: q.Options, search: q.Terms != nil,
		out: x.facetAnswer(c, q.Brands, q.Options)}
	x.facets.mu.Lock()
	defer x.facets.mu.Unlock()
	if x.facets.kept == nil || len(x.facets.kept) >= facetMemoSize {
		x.facets.kept = map[string]*facetEntry{}
	}
	x.facets.kept[key] = e
	return e.out
}

// facetMemoSize bounds the facets a snapshot keeps.
const facetMemoSize = 64

// facetMemo is a snapshot's kept facets, by query.
type facetMemo struct {
	mu   sync.Mutex
	kept map[string]*facetEntry
}

// facetEntry is one query's kept facets: the counts and the answer made of
// them. Neither changes once kept.
type facetEntry struct {
	c       *facetCount
	brands  []string // chosen, as the query wrote them
	options []shop.OptionFilter
	search  bool
	out     shop.ProductFacets
}

// carryFacets returns the kept facets for the snapshot after a change of the
// products whose attributes were befores (nil: new), with option words
// beforeOpts, and are afters. A
// search's facets are dropped when a changed product is in their list
// before or after (whether it matches the terms is not known here).
func (x *Index) carryFacets(befores []*attrs, beforeOpts [][]uint32, afters []*entry) map[string]*facetEntry {
	x.facets.mu.Lock()
	defer x.facets.mu.Unlock()
	out := make(map[string]*facetEntry, len(x.facets.kept))
	for key, e := range x.facets.kept {
		core := e.c.core
		touched := false
		for i, a := range afters {
			// A search's list also changes with the product's search
			// document, which the attributes do not tell.
			if (e.search || attrsChanged(befores[i], beforeOpts[i], a)) &&
				((befores[i] != nil && core.pass(befores[i])) || core.pass(&a.a)) {
				touched = true
				break
			}
		}
		if !touched {
			out[key] = e
			continue
		}
		if e.search {
			continue
		}
		c := e.c.clone()
		for i, a := range afters {
			if !attrsChanged(befores[i], beforeOpts[i], a) {
				continue
			}
			if befores[i] != nil && core.pass(befores[i]) {
				c.add(befores[i], beforeOpts[i], -1)
			}
			if core.pass(&a.a) {
				c.add(&a.a, a.opts, 1)
			}
		}
		if c.spanLost {
			continue
		}
		out[key] = &facetEntry{c: c, brands: e.brands, options: e.options, out: x.facetAnswer(c, e.brands, e.options)}
	}
	return out
}

// attrsChanged tells whether a changed product's attributes or option
// words, which are all facets read, changed (a sale that leaves it and its
// variant in stock does not).
func attrsChanged(before *attrs, beforeOpts []uint32, after *entry) bool {
	return before == nil || *before != after.a || !slices.Equal(beforeOpts, after.opts)
}

func (c *facetCount) clone() *facetCount {
	n := *c
	n.stores = slices.Clone(c.stores)
	n.storeMap = maps.Clone(c.storeMap)
	n.brands = slices.Clone(c.brands)
	n.opts, n.optNames = maps.Clone(c.opts), maps.Clone(c.optNames)
	n.seen, n.pos = nil, nil
	return &n
}

func (x *Index) countFacets(q *shop.ProductQuery, f *filter) *facetCount {
	c := x.countFacetsDense(q, f)
	c.foldOptions()
	return c
}

// countFacetsDense is countFacets with the option counts, if any, still in
// the pass's dense slices.
func (x *Index) countFacetsDense(q *shop.ProductQuery, f *filter) *facetCount {
	core := &filter{cats: f.cats, above: math.MinInt64, below: math.MaxInt64, hiddenCats: f.hiddenCats,
		hiddenSt: f.hiddenSt}
	c := &facetCount{f: f, core: core, brands: make([]int32, x.brands.size()+1), minPrice: math.MaxInt64,
		maxPrice: math.MinInt64}
	c.dense = x.optDict.denseCounts()
	if maxStore := x.maxStore(); maxStore <= 1<<16 {
		c.stores = make([]int32, maxStore+1)
	}
	if q.Terms != nil {
		x.matches(q.Terms, core, func(it item, _ int32) { c.add(x.attrs(it), x.options(it), 1) })
		return c
	}
	// candidates, without a call per product: the pass is the whole cost.
	visit := func(d int32) {
		if a := &x.b.attrs[d]; !x.isMasked(d) && core.pass(a) {
			var opts []uint32
			if a.flags&flagOptions != 0 {
				opts = x.b.opts.of(d)
			}
			c.add(a, opts, 1)
		}
	}
	if docs := x.listFor(core).orders[fieldPrice]; len(docs) < x.b.len() {
		for _, d := range docs {
			visit(d)
		}
	} else {
		for d := range int32(x.b.len()) { // every document, read in order
			visit(d)
		}
	}
	for _, e := range x.d.byID {
		if core.pass(&e.a) {
			c.add(&e.a, e.opts, 1)
		}
	}
	return c
}

// facetAnswer makes the answer of counts c; chosen are the query's brands,
// options its option filters.
func (x *Index) facetAnswer(c *facetCount, chosen []string, options []shop.OptionFilter) shop.ProductFacets {
	out := shop.ProductFacets{Total: c.total, Ratings: c.ratings, InStock: c.inStock, OnSale: c.onSale}
	if c.minPrice <= c.maxPrice {
		out.MinPrice, out.MaxPrice = shop.Money(c.minPrice), shop.Money(c.maxPrice)
	}
	out.Stores = c.topStores()
	out.Brands = x.topBrands(c, chosen)
	out.Options = x.optionFacets(c, options)
	return out
}

func (x *Index) attrs(it item) *attrs {
	if it.e != nil {
		return &it.e.a
	}
	return &x.b.attrs[it.doc]
}

// maxStore is the largest store id of the snapshot.
func (x *Index) maxStore() int64 {
	m := x.b.maxStore
	for _, e := range x.d.byID {
		m = max(m, e.Store)
	}
	return m
}

// add counts one product that passes the filters facets keep n times (-1:
// takes it away); opts are its option words.
func (c *facetCount) add(a *attrs, opts []uint32, n int) {
	f := c.f
	var miss uint8
	if len(f.stores.ids) > 0 && !f.stores.contains(int64(a.store)) {
		miss |= missStore
	}
	if len(f.brands.ids) > 0 && !f.brands.contains(int64(a.brand)) {
		miss |= missBrand
	}
	if a.price <= f.above || a.price >= f.below {
		miss |= missPrice
	}
	// With option filters, the stock that counts is the matching
	// variant's.
	inStock := a.flags&flagInStock != 0
	stocked := inStock
	if f.opts != nil {
		matched, matchedStocked := f.opts.matches(opts, false)
		stocked = stocked && matchedStocked
		if !matched {
			miss |= missOption
		}
	}
	if f.inStock && !stocked {
		miss |= missStock
	}
	if f.onSale && a.disc == 0 {
		miss |= missSale
	}
	if a.avg < f.minAvg {
		miss |= missRating
	}
	// The option facets drop the option filters and apply the stock
	// filter per variant (countOptions).
	if len(opts) > 0 && miss&^(missOption|missStock) == 0 && (!f.inStock || inStock) {
		c.countOptions(opts, n)
	}
	if miss&(miss-1) != 0 {
		return // fails two filters: no facet drops both
	}
	if miss == 0 {
		c.total += n
	}
	if miss&^missStore == 0 && a.store != 0 {
		c.addStore(a.store, int32(n))
	}
	if miss&^missBrand == 0 && a.brand > 0 {
		if int(a.brand) >= len(c.brands) { // a brand new since the count
			c.brands = append(c.brands, make([]int32, int(a.brand)+1-len(c.brands))...)
		}
		c.brands[a.brand] += int32(n)
	}
	if miss&^missPrice == 0 {
		if n < 0 && (a.price == c.minPrice || a.price == c.maxPrice) {
			c.spanLost = true
		}
		if n > 0 {
			c.minPrice, c.maxPrice = min(c.minPrice, a.price), max(c.maxPrice, a.price)
		}
	}
	if miss&^missStock == 0 && stocked {
		c.inStock += n
	}
	if miss&^missSale == 0 && a.disc > 0 {
		c.onSale += n
	}
	if miss&^missRating == 0 {
		for i := range c.ratings {
			if a.avg >= int16(i+1)*100 {
				c.ratings[i] += n
			}
		}
	}
}

func (c *facetCount) addStore(store, n int32) {
	if int(store) < len(c.stores) {
		c.stores[store] += n
		return
	}
	if c.storeMap == nil {
		c.storeMap = map[int32]int32{}
	}
	if c.storeMap[store] += n; c.storeMap[store] == 0 {
		delete(c.storeMap, store)
	}
}

// topStores lists the stores with the most products, then by id, at most
// MaxFacetValues, and the chosen stores.
func (c *facetCount) topStores() []shop.StoreCount {
	byCount := func(a, b shop.StoreCount) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.ID, b.ID)) }
	top := make([]shop.StoreCount, 0, MaxFacetValues+len(c.f.stores.ids))
	chosen := make([]shop.StoreCount, len(c.f.stores.ids))
	for i, id := range c.f.stores.ids {
		chosen[i].ID = id
	}
	offer := func(id int64, n int) {
		v := shop.StoreCount{ID: id, Count: n}
		if i := slices.IndexFunc(chosen, func(s shop.StoreCount) bool { return s.ID == id }); i >= 0 {
			chosen[i] = v
		}
		top = keepTop(top, v, byCount)
	}
	for id, n := range c.stores {
		if n > 0 {
			offer(int64(id), int(n))
		}
	}
	for id, n := range c.storeMap {
		if n > 0 {
			offer(int64(id), int(n))
		}
	}
	for _, s := range chosen {
		if !slices.ContainsFunc(top, func(v shop.StoreCount) bool { return v.ID == s.ID }) {
			top = append(top, s)
		}
	}
	if len(top) == 0 {
		return nil
	}
	return top
}

// keepTop inserts v into top (sorted by compare, at most MaxFacetValues)
// if it is among the first: O(log) for most values of a long facet, which
// fall after the last kept.
func keepTop[T any](top []T, v T, compare func(a, b T) int) []T {
	if len(top) == MaxFacetValues && compare(v, top[len(top)-1]) >= 0 {
		return top
	}
	i, _ := slices.BinarySearchFunc(top, v, compare)
	top = slices.Insert(top, i, v)
	return top[:min(len(top), MaxFacetValues)]
}

// topBrands lists the brands with the most products, then by name, at most
// MaxFacetValues, and the chosen ones (as the query wrote those no product
// has).
func (x *Index) topBrands(c *facetCount, chosen []string) []shop.BrandCount {
	type named struct {
		n         int32
		name, key string
	}
	// Ties go by name: names are read only for the values that reach the
	// top by count.
	var top []named
	for id, n := range c.brands {
		if n == 0 || (len(top) == MaxFacetValues && n < top[len(top)-1].n) {
			continue
		}
		name := x.brands.name(int32(id))
		top = keepTop(top, named{n, name, shop.BrandKey(name)}, func(a, b named) int {
			return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.key, b.key))
		})
	}
	out := make([]shop.BrandCount, 0, min(len(top), MaxFacetValues)+len(chosen))
	listed := map[string]bool{}
	for _, v := range top {
		out = append(out, shop.BrandCount{Name: v.name, Count: int(v.n)})
		listed[v.key] = true
	}
	for _, b := range chosen {
		key := shop.BrandKey(b)
		if key == "" || listed[key] {
			continue
		}
		listed[key] = true
		v := shop.BrandCount{Name: b}
		if id := x.brands.lookup(b); id > 0 && int(id) < len(c.brands) {
			v = shop.BrandCount{Name: x.brands.name(id), Count: int(c.brands[id])}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
