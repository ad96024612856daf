package httpapi

import (
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
