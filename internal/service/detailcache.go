package service

import (
	"container/list"
	"context"
	"sync"
	"unsafe"

	"dwa/internal/shop"
)

// A write drops every kept list answer the changed product was or is in
// (the HTTP read cache), and the next read of each such list used to load
// the details of every product on its page again: several statements for
// 24 products of which one had changed. The service therefore keeps the
// public details of products, per product and DetailOptions, and a list
// that misses the read cache loads only the products not kept. Entries are
// dropped per product when this instance applies a change of it (all of
// them when categories or stores change, since every detail shows their
// names), before the writer is answered: a detail is never older than the
// changes applied. See docs/decisions/0016-live-catalogue.md.

// detailCacheBytes bounds the estimated size of the kept details; past it
// the least recently used go.
const detailCacheBytes = 16 << 20

// detailCache keeps public product details. The details it hands out are
// shared by every request: nobody may modify them.
type detailCache struct {
	mu sync.Mutex
	// gen moves with every change applied: details loaded while one was
	// applied may predate it, so they are not kept.
	gen   uint64
	bound int
	size  int
	// byProduct finds the entries of one product (one per DetailOptions
	// asked for) in lru, which holds *detailEntry, most recently used first.
	byProduct map[int64]map[shop.DetailOptions]*list.Element
	lru       list.List
}

type detailEntry struct {
	d    *shop.ProductDetail
	opts shop.DetailOptions
	size int
}

func newDetailCache(bound int) *detailCache {
	return &detailCache{bound: bound, byProduct: map[int64]map[shop.DetailOptions]*list.Element{}}
}

// lookup returns the kept details of ids, nil where none is kept, and the
// generation to hand to keep with what the caller loads for the others.
func (c *detailCache) lookup(ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	found := make([]*shop.ProductDetail, len(ids))
	for i, id := range ids {
		if e := c.byProduct[id][opts]; e != nil {
			c.lru.MoveToFront(e)
			found[i] = e.Value.(*detailEntry).d
		}
	}
	return found, c.gen
}

// keep stores details loaded with opts after lookup returned gen, unless
// a change has been applied since: the load may have read a product before
// a change that forget has already dropped.
func (c *detailCache) keep(gen uint64, opts shop.DetailOptions, ds []*shop.ProductDetail) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	for _, d := range ds {
		n := detailSize(d)
		if n > c.bound || c.byProduct[d.ID][opts] != nil {
			continue
		}
		kept := c.byProduct[d.ID]
		if kept == nil {
			kept = map[shop.DetailOptions]*list.Element{}
			c.byProduct[d.ID] = kept
		}
		kept[opts] = c.lru.PushFront(&detailEntry{d: d, opts: opts, size: n})
		c.size += n
	}
	for c.size > c.bound {
		c.remove(c.lru.Back())
	}
}

// forget applies a catalogue change: it drops the details of the changed
// products, or every detail when categories or stores changed. It runs on
// the applier before the writer is woken, so the writer's next read loads
// its change.
func (c *detailCache) forget(change shop.CatalogueChange) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if change.Tree {
		c.size = 0
		c.byProduct = map[int64]map[shop.DetailOptions]*list.Element{}
		c.lru.Init()
		return
	}
	for _, p := range change.Products {
		for _, e := range c.byProduct[p.ID] {
			c.remove(e)
		}
	}
}

// remove drops one entry; callers hold mu.
func (c *detailCache) remove(e *list.Element) {
	de := c.lru.Remove(e).(*detailEntry)
	c.size -= de.size
	kept := c.byProduct[de.d.ID]
	delete(kept, de.opts)
	if len(kept) == 0 {
		delete(c.byProduct, de.d.ID)
	}
}

// Fixed parts of a kept detail, beside what its strings and slices hold.
const (
	// The detail, its entry and list element, and about two map slots.
	detailOverhead = int(unsafe.Sizeof(shop.ProductDetail{})) + int(unsafe.Sizeof(detailEntry{})) +
		int(unsafe.Sizeof(list.Element{})) + 64
	stringOverhead = int(unsafe.Sizeof(""))
	storeOverhead  = int(unsafe.Sizeof(shop.Store{}))
	reviewOverhead = int(unsafe.Sizeof(shop.Review{}))
	ratingOverhead = int(unsafe.Sizeof(shop.Rating{}))
)

// detailSize estimates the memory a kept detail holds.
func detailSize(d *shop.ProductDetail) int {
	n := detailOverhead + len(d.Name) + len(d.Slug) + len(d.Description) + len(d.Specification)
	for _, img := range d.Images {
		n += stringOverhead + len(img)
	}
	n += 8 * len(d.ImageIDs)
	for i := range d.CategoryNames {
		n += len(d.CategoryNames[i]) + len(d.CategorySlugs[i])
	}
	if st := d.Store; st != nil {
		n += storeOverhead + len(st.Name) + len(st.Logo) + len(st.Description) + len(st.ContactInfo) + len(st.Address)
	}
	for _, r := range d.NewestReviews {
		n += reviewOverhead + len(r.Author) + len(r.Text) + len(r.Status)
	}
	for _, r := range d.NewestRatings {
		n += ratingOverhead + len(r.Username) + len(r.Status)
	}
	return n
}

// publicDetails returns the details of ids, in order, leaving out unknown
// ids as the store does: the kept ones, and the others from one store read.
// The details are shared: callers must not modify them.
func (s *Service) publicDetails(ctx context.Context, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	found, gen := s.details.lookup(ids, opts)
	var missing []int64
	for i, d := range found {
		if d == nil {
			missing = append(missing, ids[i])
		}
	}
	if len(missing) > 0 {
		loaded, err := s.store.ProductDetails(ctx, missing, opts)
		if err != nil {
			return nil, err
		}
		s.details.keep(gen, opts, loaded)
		byID := make(map[int64]*shop.ProductDetail, len(loaded))
		for _, d := range loaded {
			byID[d.ID] = d
		}
		for i, d := range found {
			if d == nil {
				found[i] = byID[ids[i]]
			}
		}
	}
	out := found[:0]
	for _, d := range found {
		if d != nil {
			out = append(out, d)
		}
	}
	return out, nil
}

// listCards returns the list cards of ids, in order: those the store keeps,
// the others' details as publicDetails reads them (the cards are still
// being filled after a start).
func (s *Service) listCards(ctx context.Context, ids []int64) ([]*shop.ProductDetail, error) {
	cards := s.store.ProductCards(ids)
	var missing []int64
	for i, c := range cards {
		if c == nil {
			missing = append(missing, ids[i])
		}
	}
	if len(missing) == 0 {
		return cards, nil
	}
	loaded, err := s.publicDetails(ctx, missing, shop.DetailOptions{})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*shop.ProductDetail, len(loaded))
	for _, d := range loaded {
		byID[d.ID] = d
	}
	out := cards[:0]
	for i, c := range cards {
		if c == nil {
			c = byID[ids[i]]
		}
		if c != nil {
			out = append(out, c)
		}
	}
	return out, nil
}
