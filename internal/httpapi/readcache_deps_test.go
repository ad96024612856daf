package httpapi

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"dwa/internal/shop"
)

// TestReadCacheDropsWhatAChangeTouches: a change drops the answers of the
// products it changed and of the lists they were or are in — by category,
// store or any product — and keeps every other; a category or store change
// drops everything; an answer computed while a change was applied is not kept.
func TestReadCacheDropsWhatAChangeTouches(t *testing.T) {
	keep := func(c *readCache, key string, d readDeps) {
		_, gen := c.get(key)
		e := newEncodedRead(http.Header{}, []byte(key))
		e.tags = d.tags()
		c.put(gen, key, e)
	}
	fill := func() *readCache {
		c := &readCache{}
		keep(c, "detail 1", readDeps{products: []int64{1}})
		keep(c, "detail 2", readDeps{products: []int64{2}})
		keep(c, "reviews 2", readDeps{products: []int64{2}})
		keep(c, "all products", readDeps{products: []int64{2}, anyProduct: true})
		keep(c, "category 10", readDeps{products: []int64{2}, category: 10})
		keep(c, "category 11", readDeps{category: 11})
		keep(c, "category 12", readDeps{category: 12})
		keep(c, "store 20", readDeps{stores: []int64{20}})
		keep(c, "store 21", readDeps{stores: []int64{21}})
		keep(c, "categories", readDeps{})
		return c
	}
	kept := func(c *readCache) []string {
		var keys []string
		for k := range c.entries {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return keys
	}
	moved := shop.ChangedProduct{ID: 1,
		Before: shop.ProductPlace{Categories: [shop.MaxCategoryDepth]int64{10, 11}, Store: 20},
		After:  shop.ProductPlace{Categories: [shop.MaxCategoryDepth]int64{10, 12}, Store: 20}, Listed: true}
	sold := shop.ChangedProduct{ID: 2, Before: shop.ProductPlace{Categories: [shop.MaxCategoryDepth]int64{10}, Store: 21},
		After: shop.ProductPlace{Categories: [shop.MaxCategoryDepth]int64{10}, Store: 21}}
	for _, tc := range []struct {
		name   string
		change shop.CatalogueChange
		want   []string
	}{
		{"a product moved between subcategories", shop.CatalogueChange{Seq: 5, Products: []shop.ChangedProduct{moved}},
			[]string{"categories", "detail 2", "reviews 2", "store 21"}},
		{"a new product of one store", shop.CatalogueChange{Seq: 5, Products: []shop.ChangedProduct{{ID: 3,
			After: shop.ProductPlace{Store: 21}, Listed: true}}},
			[]string{"categories", "category 10", "category 11", "category 12", "detail 1", "detail 2", "reviews 2", "store 20"}},
		{"a sale that leaves a product in stock", shop.CatalogueChange{Seq: 5, Products: []shop.ChangedProduct{sold}},
			[]string{"categories", "category 11", "category 12", "detail 1", "store 20", "store 21"}},
		{"categories or stores changed", shop.CatalogueChange{Seq: 5, Tree: true}, nil},
		{"nothing listed changed", shop.CatalogueChange{Seq: 5},
			[]string{"all products", "categories", "category 10", "category 11", "category 12", "detail 1", "detail 2",
				"reviews 2", "store 20", "store 21"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fill()
			c.forget(tc.change)
			if got := kept(c); !slices.Equal(got, tc.want) {
				t.Errorf("kept %q, want %q", got, tc.want)
			}
			for tag, keys := range c.byTag {
				for k := range keys {
					if c.entries[k] == nil {
						t.Errorf("tag %s still names dropped %q", tag, k)
					}
				}
			}
		})
	}

	t.Run("an answer computed across a change is not kept", func(t *testing.T) {
		c := fill()
		_, gen := c.get("detail 3")
		c.forget(shop.CatalogueChange{Seq: 6, Products: []shop.ChangedProduct{{ID: 3}}})
		c.put(gen, "detail 3", newEncodedRead(http.Header{}, []byte("old")))
		if e, _ := c.get("detail 3"); e != nil {
			t.Errorf("kept an answer that may predate the change it was computed across")
		}
	})
}

// TestReadCacheDropsSearchesOnlyWhenAProductMayMatch: a kept search is
// dropped by a listed change of a product whose search document may match
// its terms before or after the change (exactly, by prefix of the last
// term, or within one edit), or of a product it shows; other changes, which
// drop every plain list, keep it.
func TestReadCacheDropsSearchesOnlyWhenAProductMayMatch(t *testing.T) {
	fill := func() *readCache {
		c := &readCache{}
		for key, d := range map[string]readDeps{
			"search xbox":      {products: []int64{1}, terms: []string{"xbox"}},
			"search samsung g": {products: []int64{2}, terms: []string{"samsung", "g"}},
			"search contoller": {terms: []string{"contoller"}},
			"all products":     {products: []int64{1}, anyProduct: true},
		} {
			_, gen := c.get(key)
			e := newEncodedRead(http.Header{}, []byte(key))
			e.tags = d.tags()
			c.put(gen, key, e)
		}
		return c
	}
	listed := func(id int64, before, after string) shop.ChangedProduct {
		return shop.ChangedProduct{ID: id, Listed: true, BeforeText: before, AfterText: after}
	}
	for _, tc := range []struct {
		name   string
		change shop.ChangedProduct
		want   []string
	}{
		{"a product matching none", listed(5, "kente:10 cloth:10", "kente:10 royal:10"),
			[]string{"search contoller", "search samsung g", "search xbox"}},
		{"a new product matching one", listed(6, "", "series:10 xbox:10"),
			[]string{"search contoller", "search samsung g"}},
		{"a product renamed away from one", listed(7, "galaxy:10 samsung:10", "tecno:10"),
			[]string{"search contoller", "search xbox"}},
		{"a product within one edit of a term", listed(8, "", "controller:1"),
			[]string{"search samsung g", "search xbox"}},
		{"a sale of a shown product", shop.ChangedProduct{ID: 1, BeforeText: "xbox:10", AfterText: "xbox:10"},
			[]string{"search contoller", "search samsung g"}},
		{"a sale of a matching product not shown", shop.ChangedProduct{ID: 9, BeforeText: "xbox:10", AfterText: "xbox:10"},
			[]string{"all products", "search contoller", "search samsung g", "search xbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fill()
			c.forget(shop.CatalogueChange{Seq: 5, Products: []shop.ChangedProduct{tc.change}})
			var got []string
			for k := range c.entries {
				got = append(got, k)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("kept %q, want %q", got, tc.want)
			}
			for tag := range c.searches {
				if c.byTag[tag] == nil {
					t.Errorf("search tag %q kept without answers", tag)
				}
			}
		})
	}
}

// TestReadCacheBulkChangeDropsEverySearch: a change of more listed products
// than the kept searches may be tested against drops every kept search
// without testing one, keeps the answers it does not touch, and an answer
// computed across it is still refused.
func TestReadCacheBulkChangeDropsEverySearch(t *testing.T) {
	c := &readCache{}
	keep := func(key string, d readDeps) {
		_, gen := c.get(key)
		e := newEncodedRead(http.Header{}, []byte(key))
		e.tags = d.tags()
		c.put(gen, key, e)
	}
	const searches = 10
	for i := range searches {
		keep(fmt.Sprintf("search kente%d", i), readDeps{terms: []string{fmt.Sprintf("kente%d", i)}})
	}
	keep("detail 1", readDeps{products: []int64{1}})
	// Products whose text matches no search: below the bound they would
	// keep every search.
	bulk := make([]shop.ChangedProduct, searchTestsPerChange/searches+1)
	for i := range bulk {
		bulk[i] = shop.ChangedProduct{ID: int64(100 + i), Listed: true, BeforeText: "tecno:10", AfterText: "tecno:10"}
	}
	_, gen := c.get("search kente0")
	c.forget(shop.CatalogueChange{Seq: 7, Products: bulk})
	c.put(gen, "search kente0", newEncodedRead(http.Header{}, []byte("old")))
	var kept []string
	for k := range c.entries {
		kept = append(kept, k)
	}
	if !slices.Equal(kept, []string{"detail 1"}) {
		t.Errorf("kept %q after a bulk change, want only detail 1", kept)
	}
	if len(c.searches) != 0 {
		t.Errorf("%d search tags kept without answers", len(c.searches))
	}

	small := bulk[:searchTestsPerChange/searches]
	for i := range searches {
		keep(fmt.Sprintf("search kente%d", i), readDeps{terms: []string{fmt.Sprintf("kente%d", i)}})
	}
	c.forget(shop.CatalogueChange{Seq: 8, Products: small})
	if len(c.entries) != searches+1 {
		t.Errorf("a change at the bound that matches no search kept %d answers, want %d", len(c.entries), searches+1)
	}
}
