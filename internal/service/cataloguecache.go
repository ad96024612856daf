package service

import (
	"container/list"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"dwa/internal/shop"
)

// The catalogue changes rarely and is read on every storefront request, so
// the service keeps what it derives from it — the category tree and the
// seeded-shuffle orders — keyed by the store's catalogue version. Every
// catalogue write moves that version in its own transaction, on whichever
// instance makes it, and each request reads it (one primary-key row), so a
// copy is never served after the write that outdated it has committed. See
// docs/decisions/0008-catalogue-caches-by-version.md.

// shuffleCacheEntries bounds the shuffle orders kept: one per filter set
// and seed in use. At 10,000 products an entry is 80 KB.
const shuffleCacheEntries = 64

// seedWindow is how long the server keeps the seed it picks when a request
// brings none: shoppers arriving within a window share one order, so the
// cached order and the kept answer (and its ETag) serve them all.
const seedWindow = 10 * time.Minute

// catalogueSnapshot is the category tree of one catalogue version; it is
// shared by concurrent requests and never modified.
type catalogueSnapshot struct {
	version int64
	roots   []*shop.Category
	vis     visibility
}

type catalogueCache struct {
	mu       sync.Mutex
	snap     *catalogueSnapshot
	shuffles shuffleLRU
}

// catalogue returns the category tree of the current catalogue version,
// rebuilding it only when the version has moved.
func (s *Service) catalogue(ctx context.Context) (*catalogueSnapshot, error) {
	version, known := ctx.Value(catalogueVersionKey{}).(int64)
	if !known {
		var err error
		if version, err = s.store.CatalogueVersion(ctx); err != nil {
			return nil, err
		}
	}
	c := &s.cat
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.snap != nil && c.snap.version == version {
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
	snap := &catalogueSnapshot{version: version, roots: shop.BuildCategoryTree(rows)}
	snap.vis = newVisibility(snap.roots, rows, suspended)
	// A write may have landed between reading the version and the rows:
	// then the rows are newer than the version they are filed under, and
	// the next request, seeing the newer version, rebuilds them again.
	c.snap = snap
	return snap, nil
}

// PublicReadVersion names the state every public catalogue answer (product
// lists and details, categories, stores) is computed from: the catalogue
// version, the rank version (stock, verified ratings and reviews) and the
// window of the default shuffle seed. Equal names mean equal answers, so a
// caller may keep an encoded answer under it; every write that changes one
// moves a version in its own transaction, on any instance. The returned
// context carries the catalogue version, so the request's own catalogue read
// does not ask for it again.
func (s *Service) PublicReadVersion(ctx context.Context) (context.Context, string, error) {
	catalogue, rank, err := s.store.ReadVersions(ctx)
	if err != nil {
		return ctx, "", err
	}
	ctx = context.WithValue(ctx, catalogueVersionKey{}, catalogue)
	return ctx, fmt.Sprintf("%d.%d.%d", catalogue, rank, windowSeed(s.now())), nil
}

// catalogueVersionKey carries a catalogue version already read for a request.
type catalogueVersionKey struct{}

// shuffled returns the visible products passing q's filters in seeded
// shuffle order (shop.ShuffleKey, then id), cached per filter set, seed and
// catalogue version.
func (s *Service) shuffled(ctx context.Context, version int64, q shop.ProductQuery) ([]int64, error) {
	key := fmt.Sprintf("%d|%d|%v|%v|%d|%s|%s", version, q.Seed, q.CategoryIDs, q.Hidden, q.StoreID,
		moneyKey(q.PriceAbove), moneyKey(q.PriceBelow))
	if ids, ok := s.cat.shuffles.get(key); ok {
		return ids, nil
	}
	ids, err := s.store.ProductIDs(ctx, q)
	if err != nil {
		return nil, err
	}
	keys := make(map[int64]int64, len(ids))
	for _, id := range ids {
		keys[id] = shop.ShuffleKey(id, q.Seed)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		if ka, kb := keys[a], keys[b]; ka != kb {
			return cmpInt(ka, kb)
		}
		return cmpInt(a, b)
	})
	s.cat.shuffles.put(key, ids)
	return ids, nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func moneyKey(m *shop.Money) string {
	if m == nil {
		return "-"
	}
	return fmt.Sprint(int64(*m))
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

// shuffleLRU is a small least-recently-used map of shuffle orders. The
// slices it hands out are shared and must not be modified.
type shuffleLRU struct {
	mu    sync.Mutex
	order list.List // of *shuffleEntry, most recent first
	byKey map[string]*list.Element
}

type shuffleEntry struct {
	key string
	ids []int64
}

func (l *shuffleLRU) get(key string) ([]int64, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.byKey[key]
	if !ok {
		return nil, false
	}
	l.order.MoveToFront(e)
	return e.Value.(*shuffleEntry).ids, true
}

func (l *shuffleLRU) put(key string, ids []int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byKey == nil {
		l.byKey = map[string]*list.Element{}
	}
	if e, ok := l.byKey[key]; ok {
		l.order.MoveToFront(e)
		return
	}
	l.byKey[key] = l.order.PushFront(&shuffleEntry{key, ids})
	for l.order.Len() > shuffleCacheEntries {
		last := l.order.Back()
		l.order.Remove(last)
		delete(l.byKey, last.Value.(*shuffleEntry).key)
	}
}
