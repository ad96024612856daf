package service

import (
	"context"
	"sync"
	"time"

	"dwa/internal/shop"
)

// The category tree changes rarely and is read on every storefront
// request, so the service keeps it, with the visibility derived from it,
// under the store's tree sequence: the last change of categories or stores
// this instance's catalogue index has applied (no database read). Every
// such write is in the change feed and applied on every instance within a
// second, and on the writing instance before the write answers. See
// docs/decisions/0016-live-catalogue.md.

// seedWindow is how long the server keeps the seed it picks when a request
// brings none: shoppers arriving within a window share one order, so the
// kept answer (and its ETag) serves them all.
const seedWindow = 10 * time.Minute

// catalogueSnapshot is the category tree of one tree sequence; it is
// shared by concurrent requests and never modified.
type catalogueSnapshot struct {
	tree  int64
	roots []*shop.Category
	vis   visibility
	// storeNames names the active stores (store facets).
	storeNames map[int64]string
}

type catalogueCache struct {
	mu   sync.Mutex
	snap *catalogueSnapshot
}

// catalogue returns the category tree of the tree sequence applied,
// rebuilding it only when that has moved.
func (s *Service) catalogue(ctx context.Context) (*catalogueSnapshot, error) {
	_, tree, err := s.store.AppliedCatalogue(ctx)
	if err != nil {
		return nil, err
	}
	c := &s.cat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.snap != nil && c.snap.tree == tree {
		return c.snap, nil
	}
	rows, err := s.store.AllCategories(ctx)
	if err != nil {
		return nil, err
	}
	suspended, err := s.store.SuspendedStores(ctx)
	if err != nil {
		return nil, err
	}
	stores, err := s.store.AllStores(ctx)
	if err != nil {
		return nil, err
	}
	snap := &catalogueSnapshot{tree: tree, roots: shop.BuildCategoryTree(rows), storeNames: map[int64]string{}}
	snap.vis = newVisibility(snap.roots, rows, suspended)
	for _, st := range stores {
		if st.Active && !snap.vis.hiddenStores[st.ID] {
			snap.storeNames[st.ID] = st.Name
		}
	}
	// A write may have committed after the sequence was applied and before
	// the rows were read: then the rows are newer than the sequence they
	// are filed under, and they are read again once it is applied.
	c.snap = snap
	return snap, nil
}

// DefaultSeed is the shuffle seed of the current window, used by lists that
// bring none: part of every kept public answer's key, so the default order
// moves with its window.
func (s *Service) DefaultSeed() int64 { return windowSeed(s.now()) }

// OnCatalogueChange has fn called with every batch of catalogue changes this
// instance applies, in order, after the index it serves reflects them. fn
// must not write to the store: it runs on the applier.
func (s *Service) OnCatalogueChange(fn func(shop.CatalogueChange)) {
	s.store.OnCatalogueChange(fn)
}

// windowSeed is the shuffle seed of the time window t falls in: the same
// on every instance, a different, well-mixed one in the next window.
func windowSeed(t time.Time) int64 {
	x := uint64(t.Unix() / int64(seedWindow/time.Second))
	// splitmix64's finaliser.
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	x ^= x >> 31
	return 1 + int64(x%uint64(shop.MaxSeed))
}
