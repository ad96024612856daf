package catindex

import (
	"cmp"
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
)

// facetCount accumulates one query's facets.
type facetCount struct {
	f                  *filter
	total              int
	stores             []int32 // by store id, when ids are small
	storeMap           map[int32]int32
	brands             []int32 // by brand number
	ratings            [5]int
	inStock, onSale    int
	minPrice, maxPrice int64
}

// Facets counts the products of q's list by store, brand, rating, stock,
// deal and price, each with every filter of q applied but its own (so a
// chosen brand does not hide the others): one pass over what q's search or
// categories select, whatever the other filters. Paging, ordering and seed
// are ignored. Stores come by id, for the caller to name.
//
// A snapshot keeps the facets of the last facetMemoSize queries asked of it:
// pages of one list ask the same. Its slices are shared: callers must not
// modify them.
func (x *Index) Facets(q shop.ProductQuery) shop.ProductFacets {
	f := x.compileFilter(&q)
	key := f.key + "\x00" + strings.Join(q.Terms, " ") + "\x00" + strings.Join(q.Brands, "\x00")
	x.facets.mu.Lock()
	out, ok := x.facets.kept[key]
	x.facets.mu.Unlock()
	if ok {
		return out
	}
	out = x.countFacets(&q, f)
	x.facets.mu.Lock()
	defer x.facets.mu.Unlock()
	if x.facets.kept == nil || len(x.facets.kept) >= facetMemoSize {
		x.facets.kept = map[string]shop.ProductFacets{}
	}
	x.facets.kept[key] = out
	return out
}

// facetMemoSize bounds the facets a snapshot keeps.
const facetMemoSize = 64

// facetMemo is a snapshot's kept facets, by query.
type facetMemo struct {
	mu   sync.Mutex
	kept map[string]shop.ProductFacets
}

func (x *Index) countFacets(q *shop.ProductQuery, f *filter) shop.ProductFacets {
	core := &filter{cats: f.cats, above: math.MinInt64, below: math.MaxInt64, hiddenCats: f.hiddenCats,
		hiddenSt: f.hiddenSt}
	c := &facetCount{f: f, brands: make([]int32, x.brands.size()+1), minPrice: math.MaxInt64, maxPrice: math.MinInt64}
	if maxStore := x.maxStore(); maxStore <= 1<<16 {
		c.stores = make([]int32, maxStore+1)
	} else {
		c.storeMap = map[int32]int32{}
	}
	if q.Terms != nil {
		x.matches(q.Terms, core, func(it item, _ int32) { c.add(x.attrs(it)) })
	} else {
		// candidates, without a call per product: the pass is the whole cost.
		visit := func(d int32) {
			if a := &x.b.attrs[d]; !x.isMasked(d) && core.pass(a) {
				c.add(a)
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
				c.add(&e.a)
			}
		}
	}
	out := shop.ProductFacets{Total: c.total, Ratings: c.ratings, InStock: c.inStock, OnSale: c.onSale}
	if c.minPrice <= c.maxPrice {
		out.MinPrice, out.MaxPrice = shop.Money(c.minPrice), shop.Money(c.maxPrice)
	}
	out.Stores = c.topStores()
	out.Brands = x.topBrands(c, q.Brands)
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

// add counts one product that passes the filters facets keep.
func (c *facetCount) add(a *attrs) {
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
	inStock := a.flags&flagInStock != 0
	if f.inStock && !inStock {
		miss |= missStock
	}
	if f.onSale && a.disc == 0 {
		miss |= missSale
	}
	if a.avg < f.minAvg {
		miss |= missRating
	}
	if miss&(miss-1) != 0 {
		return // fails two filters: no facet drops both
	}
	if miss == 0 {
		c.total++
	}
	if miss&^missStore == 0 && a.store != 0 {
		if c.stores != nil && int(a.store) < len(c.stores) {
			c.stores[a.store]++
		} else {
			if c.storeMap == nil {
				c.storeMap = map[int32]int32{}
			}
			c.storeMap[a.store]++
		}
	}
	if miss&^missBrand == 0 && a.brand > 0 && int(a.brand) < len(c.brands) {
		c.brands[a.brand]++
	}
	if miss&^missPrice == 0 {
		c.minPrice, c.maxPrice = min(c.minPrice, a.price), max(c.maxPrice, a.price)
	}
	if miss&^missStock == 0 && inStock {
		c.inStock++
	}
	if miss&^missSale == 0 && a.disc > 0 {
		c.onSale++
	}
	if miss&^missRating == 0 {
		for i := range c.ratings {
			if a.avg >= int16(i+1)*100 {
				c.ratings[i]++
			}
		}
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
		offer(int64(id), int(n))
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
