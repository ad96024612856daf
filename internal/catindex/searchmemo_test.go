package catindex

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// TestSearchesAreKeptThroughChanges: searches answered from the search
// memo — one and two letters, a word, a typo, a word with a short last
// term, two words — carried through Apply and Compact, give what the
// reference model gives at every step, with products renamed, restocked,
// rerated, deactivated and added; and a kept one is answered without
// matching again.
func TestSearchesAreKeptThroughChanges(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			g := gen{rand.New(rand.NewPCG(seed, 11))}
			x, m := randomIndex(t, g, 3000)
			// 15 searches × 4 filter sets: all of them fit in the memo.
			var searches [][]string
			for _, s := range []string{"s", "se", "c", "ph", "x", "ca", "sam", "phone", "wireles", "samsnug",
				"samsung g", "xbox se", "iphone ultra", "galaxy ultr", "café"} {
				searches = append(searches, search.Parse(s).Terms)
			}
			filters := []shop.ProductQuery{{}, {InStock: true}, {Hidden: shop.Hidden{Categories: []int64{2}}}, g.filter()}
			check := func(x *Index, step string) {
				t.Helper()
				for _, terms := range searches {
					for _, f := range filters {
						want := m.query(shop.ProductQuery{Terms: terms, InStock: f.InStock, Hidden: f.Hidden,
							CategoryIDs: f.CategoryIDs, StoreIDs: f.StoreIDs, PriceAbove: f.PriceAbove, PriceBelow: f.PriceBelow,
							Brands: f.Brands, MinRating: f.MinRating, OnSale: f.OnSale, Limit: 1})
						for _, page := range [][2]int{{0, 5}, {0, 24}, {24, 24}, {g.r.IntN(want.Total + 1), 24}, {200, 48}} {
							q := f
							q.Terms, q.Offset, q.Limit = terms, page[0], page[1]
							got, want := x.Query(q), m.query(q)
							if got.Total != want.Total || !slices.Equal(got.IDs, want.IDs) {
								t.Fatalf("%s: %q %+v\n got %v of %d\nwant %v of %d", step, terms, q, got.IDs, got.Total, want.IDs, want.Total)
							}
						}
					}
				}
			}
			check(x, "built")
			kept := 0
			for step := range 40 {
				var batch []Product
				for range 1 + g.r.IntN(20) {
					if g.r.IntN(5) == 0 {
						batch = append(batch, g.product(int64(3001+len(m))))
					} else if p, ok := m[1+g.r.Int64N(int64(len(m)))]; ok {
						batch = append(batch, g.change(p))
					}
				}
				next, _, err := x.Apply(int64(step+2), batch)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range batch {
					m[p.ID] = p
				}
				if step%10 == 9 {
					if next, err = next.Compact(); err != nil {
						t.Fatal(err)
					}
				}
				for _, terms := range [][]string{{"s"}, {"samsung", "g"}} {
					q := shop.ProductQuery{Terms: terms, Limit: 5}
					if _, ok := next.searches.page(terms, next.compileFilter(&q), 0, 5); ok {
						kept++
					}
				}
				x = next
				check(x, fmt.Sprintf("step %d", step))
				// The check's page at offset 200 reaches past searchTop: it is
				// computed, not kept.
				for _, e := range x.searches.entries {
					if len(e.top) > searchTop {
						t.Fatalf("step %d: %q keeps %d keys; want at most %d", step, e.terms, len(e.top), searchTop)
					}
				}
			}
			// Kept through every Apply and Compact.
			if kept != 2*40 {
				t.Errorf("two searches were kept through %d of 2×40 changes; want all", kept)
			}
		})
	}
}

// TestBulkChangeStartsTheSearchMemoAfresh: past maxCarryPairs (changed
// products × kept searches) Apply keeps no search rather than scoring
// every pair; up to it, every one is carried.
func TestBulkChangeStartsTheSearchMemoAfresh(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(5, 11))}
	x, products := randomIndex(t, g, 1000)
	for i := range searchMemoSize {
		x.Query(shop.ProductQuery{Terms: []string{"samsung", fmt.Sprint(i)}, Limit: 5})
	}
	changes := func(n int) []Product {
		var out []Product
		for id := int64(1); id <= int64(n); id++ {
			out = append(out, g.change(products[id]))
		}
		return out
	}
	pairs := maxCarryPairs / searchMemoSize
	for _, c := range []struct {
		changed int
		kept    int
	}{{pairs, searchMemoSize}, {pairs + 1, 0}} {
		next, _, err := x.Apply(x.Seq()+1, changes(c.changed))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(next.searches.entries); got != c.kept {
			t.Errorf("%d products changed: %d searches kept; want %d", c.changed, got, c.kept)
		}
	}
}

// TestSearchFiledOnASupersededSnapshotIsCarriedOn: a search computed on a
// snapshot that Apply has already superseded (twice) reaches the newest
// one, adjusted for the changes, and answers there as the reference does.
func TestSearchFiledOnASupersededSnapshotIsCarriedOn(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(7, 11))}
	x, m := randomIndex(t, g, 2000)
	snapshots := []*Index{x}
	for step := range 2 {
		var batch []Product
		for range 30 {
			batch = append(batch, g.change(m[1+g.r.Int64N(int64(len(m)))]))
		}
		next, _, err := snapshots[len(snapshots)-1].Apply(int64(step+2), batch)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range batch {
			m[p.ID] = p
		}
		snapshots = append(snapshots, next)
	}
	newest := snapshots[len(snapshots)-1]
	for _, s := range []string{"s", "samsung g", "phone"} {
		terms := search.Parse(s).Terms
		q := shop.ProductQuery{Terms: terms, Limit: 24}
		x.Query(q) // filed on the first snapshot, which two Applies superseded
		got, ok := newest.searches.page(terms, newest.compileFilter(&q), 0, 24)
		if !ok {
			t.Fatalf("%q filed on a superseded snapshot is not kept on the newest", s)
		}
		if want := m.query(q); got.Total != want.Total || !slices.Equal(got.IDs, want.IDs) {
			t.Fatalf("%q carried on: %v of %d; want %v of %d", s, got.IDs, got.Total, want.IDs, want.Total)
		}
	}
}

// randomIndex builds an index of n random products, and the reference
// model of them.
func randomIndex(t *testing.T, g gen, n int) (*Index, model) {
	t.Helper()
	clear(modelIDs)
	m := model{}
	b := NewBuilder()
	for id := int64(1); id <= int64(n); id++ {
		m[id] = g.product(id)
		if err := b.Add(m[id]); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	return x, m
}
