package catindex

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// synthetic makes catalogue-like products: 10 categories of 10
// subcategories of 10, 1,000 stores, names of 3–5 words from 5,000,
// about 20 search tokens each, a third out of stock, half rated.
type synthetic struct {
	words []string
}

var synth = sync.OnceValue(func() *synthetic {
	r := rand.New(rand.NewPCG(1, 2))
	s := &synthetic{}
	letters := "abcdefghijklmnopqrstuvwxyz"
	for range 5000 {
		var b strings.Builder
		for range 4 + r.IntN(6) {
			b.WriteByte(letters[r.IntN(len(letters))])
		}
		s.words = append(s.words, b.String())
	}
	return s
})

func (s *synthetic) product(id int64) Product {
	r := rand.New(rand.NewPCG(uint64(id), 3))
	c1 := int64(1 + r.IntN(10))
	c2 := c1*100 + int64(r.IntN(10))
	c3 := c2*100 + int64(r.IntN(10))
	p := Product{ID: id, Active: r.IntN(20) > 0, Categories: [3]int64{c1, c2, c3}, Store: int64(1 + r.IntN(1000)),
		Price: int64(100 + r.IntN(2_000_000)), Created: 1_700_000_000_000 + id*60_000, InStock: r.IntN(3) > 0}
	if r.IntN(2) == 0 {
		p.Avg100 = int32(100 + r.IntN(401))
	}
	// 300 brands, a few big ones; one product in eight on a deal.
	p.Brand = fmt.Sprintf("Brand %d", min(r.IntN(300), r.IntN(300)))
	if r.IntN(8) == 0 {
		p.WasPrice = p.Price + p.Price*int64(1+r.IntN(60))/100
	}
	p.Sold = int64(r.IntN(4) * r.IntN(200))
	tokens := map[string]int{}
	name := make([]string, 3+r.IntN(3))
	for i := range name {
		name[i] = s.words[r.IntN(len(s.words))]
		tokens[name[i]] = search.WeightName
	}
	p.Name = strings.Join(name, " ")
	for _, c := range p.Categories {
		tokens[fmt.Sprintf("cat%d", c)] = max(tokens[fmt.Sprintf("cat%d", c)], search.WeightCategory)
	}
	tokens[fmt.Sprintf("store%d", p.Store)] = search.WeightStore
	for range 12 {
		w := s.words[r.IntN(len(s.words))]
		tokens[w] = max(tokens[w], search.WeightDescription)
	}
	p.Tokens = search.EncodeDocument(tokens)
	return p
}

func build(tb testing.TB, n int) *Index {
	s := synth()
	b := NewBuilder()
	for id := range int64(n) {
		if err := b.Add(s.product(id + 1)); err != nil {
			tb.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		tb.Fatal(err)
	}
	return x
}

var built = map[int]*Index{}

func index(tb testing.TB, n int) *Index {
	if x, ok := built[n]; ok {
		return x
	}
	built = map[int]*Index{} // one size at a time
	runtime.GC()
	built[n] = build(tb, n)
	return built[n]
}

var sizes = []int{1_000, 100_000, 1_000_000}

func benchQuery(b *testing.B, q func(i int) shop.ProductQuery) {
	for _, n := range sizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			x := index(b, n)
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if page := x.Query(q(i)); len(page.IDs) == 0 {
					b.Fatal("empty page")
				}
			}
		})
	}
}

// Each iteration uses another seed or category and so misses every
// cache but the count memo, which a seed does not key.
func BenchmarkQueryShuffleFirstPage(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery { return shop.ProductQuery{Seed: int64(i), Limit: 24} })
}

func BenchmarkQueryCategoryShuffle(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		c := int64(1 + i%10)
		return shop.ProductQuery{CategoryIDs: [3]int64{c, c * 100, 0}, Seed: int64(i), Limit: 24}
	})
}

// The facets of the whole catalogue, of a category, and of a category
// with a brand, a price band and in stock chosen (every facet drops one),
// and of a search.
func BenchmarkFacets(b *testing.B) {
	m1, m2 := shop.Money(100_000), shop.Money(1_500_000)
	queries := map[string]func(i int) shop.ProductQuery{
		"all": func(int) shop.ProductQuery { return shop.ProductQuery{} },
		"category": func(i int) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{int64(1 + i%10), 0, 0}}
		},
		"filtered": func(i int) shop.ProductQuery {
			return shop.ProductQuery{CategoryIDs: [3]int64{int64(1 + i%10), 0, 0}, Brands: []string{"brand 3", "Brand 7"},
				PriceAbove: &m1, PriceBelow: &m2, InStock: true, MinRating: 300}
		},
		"search": func(i int) shop.ProductQuery {
			return shop.ProductQuery{Terms: []string{synth().words[i%5000]}, Brands: []string{"Brand 1"}}
		},
	}
	for _, name := range []string{"all", "category", "filtered", "search"} {
		for _, n := range sizes[:2] {
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				x := index(b, n)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					// Counted each time: the snapshot's kept facets left out.
					q := queries[name](i)
					f := x.facetAnswer(x.countFacets(&q, x.compileFilter(&q)), q.Brands, q.Options)
					if f.MaxPrice == 0 && n > 1000 && name != "search" {
						b.Fatal("no facets")
					}
				}
			})
		}
	}
}

func BenchmarkQueryDealsAndBestSellers(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		if i%2 == 0 {
			return shop.ProductQuery{OnSale: true, Ordering: []shop.OrderKey{{Field: shop.OrderDiscount, Desc: true}}, Limit: 12}
		}
		return shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderSold, Desc: true}}, Limit: 12}
	})
}

func BenchmarkQueryByPrice(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		return shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice, Desc: i%2 == 0}}, Limit: 24}
	})
}

func BenchmarkQueryByRatingThenPrice(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		return shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderAverageRating, Desc: true},
			{Field: shop.OrderUnitPrice}}, Limit: 24}
	})
}

func BenchmarkQueryCategoryByPriceInStock(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		return shop.ProductQuery{CategoryIDs: [3]int64{int64(1 + i%10), 0, 0}, InStock: true,
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}, Limit: 24}
	})
}

// A whole word of some product's name, and the same as a 3-letter prefix.
// nameWord is the first word of the name of an active product among the
// first thousand.
func nameWord(i int) string { return nameWords()[i%len(nameWords())] }

var nameWords = sync.OnceValue(func() []string {
	var out []string
	for id := range int64(1000) {
		if p := synth().product(id + 1); p.Active {
			out = append(out, strings.Fields(p.Name)[0])
		}
	}
	return out
})

// A whole word of some product's name, and the same as a 3-letter prefix.
func BenchmarkQuerySearch(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery { return shop.ProductQuery{Terms: []string{nameWord(i)}, Limit: 24} })
}

func BenchmarkQuerySearchPrefix(b *testing.B) {
	benchQuery(b, func(i int) shop.ProductQuery {
		return shop.ProductQuery{Terms: []string{nameWord(i)[:3]}, Limit: 24}
	})
}

// Batches of 10 products at 1M: new prices, one also renamed (so that
// the next search rebuilds the delta's token index). Each is applied to
// the same snapshot, whose delta holds 2,000 products (half its bound).
func BenchmarkApply10(b *testing.B) {
	x := index(b, 1_000_000)
	s := synth()
	r := rand.New(rand.NewPCG(5, 5))
	batch := func(renamed int) []Product {
		out := make([]Product, 10)
		for j := range out {
			p := s.product(1 + r.Int64N(1_000_000))
			p.Price++
			if j < renamed {
				p.Name += " renamed"
				p.Tokens += " renamed:10"
			}
			out[j] = p
		}
		return out
	}
	for i := range 200 {
		var err error
		if x, _, err = x.Apply(int64(i), batch(1)); err != nil {
			b.Fatal(err)
		}
	}
	batches := make([][]Product, 100)
	for i := range batches {
		batches[i] = batch(1)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, _, err := x.Apply(int64(i), batches[i%len(batches)]); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measured runs fn once per iteration and reports its CPU time (on any
// core) and the peak heap above the starting one, per product of n.
func measured(b *testing.B, n int, fn func()) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak uint64
	stop, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		fn()
	}
	b.StopTimer()
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	close(stop)
	<-sampled
	b.ReportMetric(float64(peak-before.HeapAlloc)/float64(n), "peakHeapB/product")
}

// BenchmarkBuild1M builds from products already in memory (the store reads
// them from SQL meanwhile) and reports the heap the index holds per
// product.
func BenchmarkBuild1M(b *testing.B) {
	built = map[int]*Index{}
	s := synth()
	ps := make([]Product, 1_000_000)
	for i := range ps {
		ps[i] = s.product(int64(i + 1))
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var x *Index
	measured(b, len(ps), func() {
		bl := NewBuilder()
		for _, p := range ps {
			if err := bl.Add(p); err != nil {
				b.Fatal(err)
			}
		}
		var err error
		if x, err = bl.Finish(1); err != nil {
			b.Fatal(err)
		}
	})
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(x.Len()), "heapB/product")
	runtime.KeepAlive(x)
	runtime.KeepAlive(ps)
}

// BenchmarkCompact1M folds a delta of 4,000 changed products into the
// base; the peak heap is above the snapshot's own.
func BenchmarkCompact1M(b *testing.B) {
	x := index(b, 1_000_000)
	s := synth()
	r := rand.New(rand.NewPCG(6, 6))
	batch := make([]Product, 4000)
	for i := range batch {
		batch[i] = s.product(1 + r.Int64N(1_000_000))
		batch[i].Price++
	}
	x, _, err := x.Apply(2, batch)
	if err != nil {
		b.Fatal(err)
	}
	measured(b, x.Len(), func() {
		if _, err := x.Compact(); err != nil {
			b.Fatal(err)
		}
	})
}
