package service_test

import (
	"context"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Two services on one database behave like two instances: what one writes,
// the other's cached category tree and lists reflect at once.
func TestCatalogueCachesFollowWritesOfOtherInstances(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		a, b := shoptest.NewApp(t, st, nil), shoptest.NewApp(t, st, nil)
		phones := a.Category("Phones", "phones", nil, 0, true)
		product := func(name string) {
			t.Helper()
			p := &shop.Product{Name: name, Slug: name, CategoryID: phones.ID, UnitPrice: 100, Inventory: 1, Active: true}
			if err := b.Svc.CreateProducts(ctx, []*shop.Product{p}); err != nil {
				t.Fatal(err)
			}
		}
		product("one")
		list := func() service.ProductList {
			t.Helper()
			l, err := a.Svc.ListProducts(ctx, service.ProductFilter{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		if l := list(); l.Total != 1 || len(l.Items) != 1 {
			t.Fatalf("first list: %d of %d", len(l.Items), l.Total)
		}
		if roots, err := a.Svc.Categories(ctx); err != nil || len(roots) != 1 {
			t.Fatalf("categories = %d, %v", len(roots), err)
		}
		b.Category("Audio", "audio", nil, 1, true)
		product("two")
		if roots, err := a.Svc.Categories(ctx); err != nil || len(roots) != 2 {
			t.Errorf("after the other instance's write: %d categories, %v", len(roots), err)
		}
		if l := list(); l.Total != 2 || len(l.Items) != 2 {
			t.Errorf("after the other instance's write: %d of %d products", len(l.Items), l.Total)
		}
	})
}

// Without a seed the server keeps one per time window, so that a cached
// order serves every shopper of the window; the next window reshuffles.
func TestDefaultSeedIsKeptForAWindow(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		a := shoptest.NewApp(t, st, nil)
		seed := func() int64 {
			t.Helper()
			l, err := a.Svc.ListProducts(ctx, service.ProductFilter{Limit: 10})
			if err != nil || l.Seed < 1 || l.Seed > shop.MaxSeed {
				t.Fatalf("seed %d, %v", l.Seed, err)
			}
			return l.Seed
		}
		seeds := map[int64]bool{}
		for range 5 {
			first := seed()
			if again := seed(); again != first {
				// A window boundary fell between the two requests.
				if third := seed(); third != again {
					t.Fatalf("seeds %d, %d, %d within moments", first, again, third)
				}
			}
			seeds[seed()] = true
			a.Clock.Advance(time.Hour)
		}
		if len(seeds) < 4 {
			t.Errorf("five windows gave seeds %v", seeds)
		}
	})
}
