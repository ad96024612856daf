package catindex

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"dwa/internal/shop"
)

// Readers share a snapshot (its count memo, its lazily built delta token
// index, the search scratch space) while a writer derives the next ones:
// under -race this proves the sharing safe, and every reader must get the
// answers the snapshot gave alone.
func TestConcurrentReadersShareASnapshot(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(4, 4))}
	b := NewBuilder()
	m := model{}
	for id := range int64(1500) {
		p := g.product(id + 1)
		m[p.ID] = p
		if err := b.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	var batch []Product
	for id := int64(1); id <= 1500; id += 7 {
		p := m[id]
		g.rename(&p)
		batch = append(batch, p)
	}
	if x, _, err = x.Apply(2, batch); err != nil {
		t.Fatal(err)
	}
	queries := make([]shop.ProductQuery, 200)
	for i := range queries {
		queries[i] = g.query(g.filter(), 1500)
	}
	// The reference answers come from a twin snapshot, so that the one
	// under test is first used concurrently.
	twin, _, err := x.Apply(2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]shop.ProductPage, len(queries))
	for i, q := range queries {
		want[i] = twin.Query(q)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for w := range 4 {
		wg.Go(func() {
			for i := range queries {
				j := (i + w*50) % len(queries)
				if got := x.Query(queries[j]); got.Total != want[j].Total || !slices.Equal(got.IDs, want[j].IDs) {
					errs <- "a concurrent query answered differently"
					return
				}
			}
		})
	}
	wg.Go(func() {
		next := x
		for i := range 20 {
			var err error
			if next, _, err = next.Apply(int64(3+i), []Product{g.change(m[int64(1+i)])}); err != nil {
				errs <- err.Error()
				return
			}
		}
	})
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
