package service

import (
	"context"
	"sync"
	"time"

	"dwa/internal/shop"
)

// Bought together (ADR 0022): the products that share the most paid orders
// with a product, from its latest coPurchaseWindow order lines. The ranking
// moves only with orders, slowly, so it is kept coPurchaseTTL per product;
// what is shown of it (visibility, price, stock, rating) is read live.
const (
	coPurchaseWindow = 1000
	// coPurchaseRanked is how many ranked ids are kept: enough to fill
	// MaxBoughtTogether when some are hidden.
	coPurchaseRanked  = 3 * MaxBoughtTogether
	coPurchaseTTL     = 10 * time.Minute
	coPurchaseEntries = 8192
	// MaxBoughtTogether is the most products the answer shows.
	MaxBoughtTogether = 12
)

type coPurchaseCache struct {
	mu      sync.Mutex
	entries map[int64]coPurchases
}

type coPurchases struct {
	ids []int64
	at  time.Time
}

func (c *coPurchaseCache) get(id int64, now time.Time) ([]int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[id]
	if !ok || now.Sub(e.at) >= coPurchaseTTL {
		return nil, false
	}
	return e.ids, true
}

func (c *coPurchaseCache) put(id int64, ids []int64, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= coPurchaseEntries {
		// Bounded: starting afresh costs one query per product asked for.
		c.entries = map[int64]coPurchases{}
	}
	c.entries[id] = coPurchases{ids: ids, at: now}
}

// BoughtTogether returns the visible products most often bought with a
// visible product, at most MaxBoughtTogether, most shared orders first.
func (s *Service) BoughtTogether(ctx context.Context, productID int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	if _, err := s.Product(ctx, productID, shop.DetailOptions{}); err != nil {
		return nil, err
	}
	now := s.now()
	ids, ok := s.together.get(productID, now)
	if !ok {
		var err error
		if ids, err = s.store.CoPurchased(ctx, productID, coPurchaseWindow, coPurchaseRanked); err != nil {
			return nil, err
		}
		s.together.put(productID, ids, now)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	snap, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := s.publicDetails(ctx, ids, opts)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*shop.ProductDetail, len(ds))
	for _, d := range ds {
		if snap.vis.visible(&d.Product) {
			byID[d.ID] = d
		}
	}
	out := make([]*shop.ProductDetail, 0, MaxBoughtTogether)
	for _, id := range ids {
		if d := byID[id]; d != nil && len(out) < MaxBoughtTogether {
			out = append(out, d)
		}
	}
	return out, nil
}
