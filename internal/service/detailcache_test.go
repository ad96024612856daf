package service

import (
	"strings"
	"testing"

	"dwa/internal/shop"
)

// TestDetailCacheIsBounded: filling the cache far past its bound keeps its
// estimated size within it, drops the least recently used details first,
// and keeps one that is read all along.
func TestDetailCacheIsBounded(t *testing.T) {
	c := newDetailCache(detailCacheBytes)
	var opts shop.DetailOptions
	detail := func(id int64) *shop.ProductDetail {
		return &shop.ProductDetail{Product: shop.Product{ID: id, Name: "Controller",
			Description: strings.Repeat("A wireless controller. ", 400), Images: []string{"/media/p.svg"}}}
	}
	hot := detail(1)
	if n := detailSize(hot); n < len(hot.Description) {
		t.Fatalf("detailSize %d leaves out the %d-byte description", n, len(hot.Description))
	}
	_, gen := c.lookup(nil, opts)
	c.keep(gen, opts, []*shop.ProductDetail{hot})
	const kept = 5000 // about 45 MiB of details
	for id := int64(2); id <= kept; id++ {
		if found, _ := c.lookup([]int64{1}, opts); found[0] != hot {
			t.Fatalf("the detail read all along was dropped after %d others", id-2)
		}
		c.keep(gen, opts, []*shop.ProductDetail{detail(id)})
		if c.size > detailCacheBytes {
			t.Fatalf("size %d past the bound %d after %d details", c.size, detailCacheBytes, id)
		}
	}
	sum, entries := 0, 0
	for e := c.lru.Front(); e != nil; e = e.Next() {
		sum += e.Value.(*detailEntry).size
	}
	for _, byOpts := range c.byProduct {
		entries += len(byOpts)
	}
	if sum != c.size || entries != c.lru.Len() {
		t.Errorf("size %d for entries summing to %d; %d indexed, %d listed", c.size, sum, entries, c.lru.Len())
	}
	if c.size < detailCacheBytes-2*detailSize(hot) {
		t.Errorf("size %d: eviction dropped more than needed under %d", c.size, detailCacheBytes)
	}
	if found, _ := c.lookup([]int64{2, kept}, opts); found[0] != nil || found[1] == nil {
		t.Errorf("the oldest detail kept, or the newest dropped: %v", found)
	}
}

// A change drops the changed product's details under every option, and
// nothing else unless categories or stores changed; a detail loaded
// before a change is applied is not kept after it.
func TestDetailCacheForgetsChanges(t *testing.T) {
	c := newDetailCache(detailCacheBytes)
	plain, full := shop.DetailOptions{}, shop.DetailOptions{Reviews: true, Ratings: true, Newest: 50}
	one, two := &shop.ProductDetail{Product: shop.Product{ID: 1}}, &shop.ProductDetail{Product: shop.Product{ID: 2}}
	for _, opts := range []shop.DetailOptions{plain, full} {
		_, gen := c.lookup(nil, opts)
		c.keep(gen, opts, []*shop.ProductDetail{one, two})
	}
	kept := func(opts shop.DetailOptions) []*shop.ProductDetail {
		found, _ := c.lookup([]int64{1, 2}, opts)
		return found
	}

	c.forget(shop.CatalogueChange{Products: []shop.ChangedProduct{{ID: 1}}})
	for _, opts := range []shop.DetailOptions{plain, full} {
		if got := kept(opts); got[0] != nil || got[1] != two {
			t.Errorf("%+v after product 1 changed: %v; want it dropped and 2 kept", opts, got)
		}
	}

	_, gen := c.lookup([]int64{1}, plain)
	c.forget(shop.CatalogueChange{Products: []shop.ChangedProduct{{ID: 1}}})
	c.keep(gen, plain, []*shop.ProductDetail{one})
	if got := kept(plain); got[0] != nil {
		t.Error("a detail loaded before a change was kept after it")
	}

	c.forget(shop.CatalogueChange{Tree: true})
	if got := kept(full); got[1] != nil || c.size != 0 || c.lru.Len() != 0 {
		t.Errorf("after a category or store change: %v kept, size %d", got, c.size)
	}
}
