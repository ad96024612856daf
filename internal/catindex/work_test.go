package catindex

import (
	"fmt"
	"testing"

	"dwa/internal/shop"
)

// The point of the index: a list's first page takes about the same work
// at 1k and at 100k products, whatever its filter, order and seed. The
// work (products visited, blocks looked up) is counted, not timed, so the
// test holds on a busy machine. The shuffle's density (how many ids of the
// domain exist) varies up to 4× between sizes, and a small list is ranked
// whole when that is cheaper than walking blocks (at most a few visits per
// product of the page), hence the margins.
func TestFirstPagesDoNotGrowWithTheCatalogue(t *testing.T) {
	queries := map[string]func(seed int64) shop.ProductQuery{
		"shuffle": func(seed int64) shop.ProductQuery { return shop.ProductQuery{Seed: seed} },
		"level-2 category, shuffle": func(seed int64) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{3, 305, 0}, Seed: seed}
		},
		"level-3 category in stock, shuffle": func(seed int64) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{3, 305, 30507}, InStock: true, Seed: seed}
		},
		"store, shuffle": func(seed int64) shop.ProductQuery { return shop.ProductQuery{StoreIDs: []int64{17}, Seed: seed} },
		"price band, shuffle": func(seed int64) shop.ProductQuery {
			above, below := shop.Money(500_000), shop.Money(900_000)
			return shop.ProductQuery{PriceAbove: &above, PriceBelow: &below, Seed: seed}
		},
		"price band, by price": func(int64) shop.ProductQuery {
			above, below := shop.Money(500_000), shop.Money(900_000)
			return shop.ProductQuery{PriceAbove: &above, PriceBelow: &below, Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}
		},
		"narrow price band, shuffle": func(seed int64) shop.ProductQuery {
			above, below := shop.Money(1_000_000), shop.Money(1_004_000)
			return shop.ProductQuery{PriceAbove: &above, PriceBelow: &below, Seed: seed}
		},
		"narrow price band, newest": func(int64) shop.ProductQuery {
			above, below := shop.Money(1_000_000), shop.Money(1_004_000)
			return shop.ProductQuery{PriceAbove: &above, PriceBelow: &below,
				Ordering: []shop.OrderKey{{Field: shop.OrderDateCreated, Desc: true}}}
		},
		"by price, descending": func(int64) shop.ProductQuery {
			return shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice, Desc: true}}}
		},
		"level-1 category by name": func(int64) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{4, 0, 0}, Ordering: []shop.OrderKey{{Field: shop.OrderName}}}
		},
		"level-2 category, newest in stock": func(int64) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{3, 305, 0}, InStock: true,
				Ordering: []shop.OrderKey{{Field: shop.OrderDateCreated, Desc: true}}}
		},
		"top rated": func(int64) shop.ProductQuery {
			return shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderAverageRating, Desc: true}}}
		},
	}
	work := map[int]map[string]int{}
	for _, n := range []int{1_000, 100_000} {
		x := build(t, n)
		work[n] = map[string]int{}
		for name, q := range queries {
			for seed := range int64(5) {
				query := q(seed)
				query.Limit = 24
				x.Query(query) // the count memo
				page, w := x.query(query)
				if len(page.IDs) != min(24, page.Total) {
					t.Fatalf("%d products, %s: %d ids of %d", n, name, len(page.IDs), page.Total)
				}
				work[n][name] += w
			}
		}
	}
	for name := range queries {
		small, large := work[1_000][name], work[100_000][name]
		t.Log(fmt.Sprintf("%s: %d at 1k, %d at 100k", name, small/5, large/5))
		if large > 5*(4*small/5+8*24) {
			t.Errorf("%s: the work grew from %d at 1k to %d at 100k products", name, small/5, large/5)
		}
	}
}
