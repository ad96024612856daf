package catindex

import (
	"runtime"
	"testing"

	"dwa/internal/shop"
)

// A search keeps its buffers between runs: a broad term (a category's
// token, matching thousands of products) allocates tens of kilobytes per
// search (expanding its terms, the page), not slices the size of its
// matches (125–240 kB each here before). Each catalogue change makes
// the read cache forget searches, so with writes every search runs afresh,
// and that garbage drove the collector (decision 0016).
func TestSearchesMakeNoGarbageOfTheirMatches(t *testing.T) {
	if raceDetector {
		t.Skip("allocation figures mean nothing under the race detector (sync.Pool drops items at random there); run without -race")
	}
	x := build(t, 20_000)
	for name, q := range map[string]shop.ProductQuery{
		"by relevance": {Terms: []string{"cat3"}, Limit: 24},
		"by price":     {Terms: []string{"cat3"}, Limit: 24, Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}},
		"two terms":    {Terms: []string{"cat3", "store17"}, Limit: 24},
	} {
		page := x.Query(q)
		if page.Total < 1000 && name != "two terms" {
			t.Fatalf("%s: %d matches; the test needs a broad term", name, page.Total)
		}
		const runs = 50
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			x.Query(q)
		}
		runtime.ReadMemStats(&after)
		// A collector cycle may empty the pool once in a while; the
		// average stays well under one set of buffers.
		if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > 48<<10 {
			t.Errorf("%s: %d bytes allocated per search of %d matches; want at most 48 KiB", name, per, page.Total)
		}
	}
}
