package catindex

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// model is the brute-force reference: every product in a map, each query
// answered by filtering all of them and sorting fully.
type model map[int64]Product

func (m model) clone() model {
	out := make(model, len(m))
	for id, p := range m {
		out[id] = p
	}
	return out
}

// modelText is the reference search: one fresh token index over every
// current product (the index's base and delta must answer the same),
// built once per model state.
var modelText struct {
	m   model
	ids []int64
	ix  *search.MemIndex
}

func (m model) text(ids []int64) *search.MemIndex {
	if modelText.ix != nil && len(modelText.m) == len(m) && slices.Equal(modelText.ids, ids) {
		same := true
		for id, p := range m {
			if modelText.m[id].Tokens != p.Tokens {
				same = false
				break
			}
		}
		if same {
			return modelText.ix
		}
	}
	b := search.NewBuilder()
	for d, id := range ids {
		if err := b.AddDocument(int32(d), m[id].Tokens); err != nil {
			panic(err)
		}
	}
	modelText.m, modelText.ids, modelText.ix = m.clone(), ids, b.Index(len(ids))
	return modelText.ix
}

// modelIDs caches each model's sorted ids by its size: products are never
// removed, so within one history the size names the id set.
var modelIDs = map[int][]int64{}

func (m model) ids() []int64 {
	if ids, ok := modelIDs[len(m)]; ok {
		return ids
	}
	ids := make([]int64, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	modelIDs[len(m)] = ids
	return ids
}

func (m model) query(q shop.ProductQuery) shop.ProductPage {
	hidden := func(ids []int64, id int64) bool { return slices.Contains(ids, id) }
	visible := func(p Product) bool {
		if !p.Active || hidden(q.Hidden.Stores, p.Store) {
			return false
		}
		for i, c := range p.Categories {
			if hidden(q.Hidden.Categories, c) || (q.CategoryIDs[i] != 0 && c != q.CategoryIDs[i]) {
				return false
			}
		}
		return (len(q.StoreIDs) == 0 || slices.Contains(q.StoreIDs, p.Store)) && (!q.InStock || p.InStock) &&
			(q.PriceAbove == nil || p.Price > int64(*q.PriceAbove)) && (q.PriceBelow == nil || p.Price < int64(*q.PriceBelow)) &&
			(len(q.Brands) == 0 || slices.ContainsFunc(q.Brands, func(b string) bool {
				return shop.BrandKey(b) == shop.BrandKey(p.Brand) && p.Brand != ""
			})) && int(p.Avg100) >= q.MinRating && (!q.OnSale || discount(p) > 0)
	}
	ids := m.ids()
	maxID := ids[len(ids)-1]
	score := map[int64]int32{}
	if q.Terms != nil {
		for _, h := range m.text(ids).Match(q.Terms) {
			score[ids[h.Doc]] = h.Score
		}
	}
	var kept []Product
	for _, id := range ids {
		if _, hit := score[id]; (q.Terms == nil || hit) && visible(m[id]) {
			kept = append(kept, m[id])
		}
	}
	byKeys := func(a, b Product) int {
		for _, k := range q.Ordering {
			var c int
			switch k.Field {
			case shop.OrderUnitPrice:
				c = cmp.Compare(a.Price, b.Price)
			case shop.OrderDateCreated:
				c = cmp.Compare(a.Created, b.Created)
			case shop.OrderAverageRating:
				c = cmp.Compare(a.Avg100, b.Avg100)
			case shop.OrderName:
				c = strings.Compare(a.Name, b.Name)
			case shop.OrderDiscount:
				c = cmp.Compare(discount(a), discount(b))
			case shop.OrderSold:
				c = cmp.Compare(a.Sold, b.Sold)
			}
			if k.Desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return cmp.Compare(a.ID, b.ID)
	}
	bits := shop.ShuffleBits(maxID)
	switch {
	case len(q.Ordering) > 0:
		slices.SortFunc(kept, byKeys)
	case q.Terms != nil:
		slices.SortFunc(kept, func(a, b Product) int {
			return cmp.Or(cmp.Compare(score[b.ID], score[a.ID]), -compareBool(a.InStock, b.InStock),
				cmp.Compare(b.Avg100, a.Avg100), cmp.Compare(a.ID, b.ID))
		})
	default:
		slices.SortFunc(kept, func(a, b Product) int {
			return cmp.Compare(shop.ShufflePosition(a.ID, q.Seed, bits), shop.ShufflePosition(b.ID, q.Seed, bits))
		})
	}
	page := shop.ProductPage{Total: len(kept)}
	for _, p := range kept[min(q.Offset, len(kept)):min(q.Offset+q.Limit, len(kept))] {
		page.IDs = append(page.IDs, p.ID)
	}
	return page
}

func discount(p Product) int { return shop.Discount(shop.Money(p.Price), shop.Money(p.WasPrice)) }

// facets is the reference of Index.Facets: each facet counted by running
// the query without its own filter over every product.
func (m model) facets(q shop.ProductQuery) shop.ProductFacets {
	q.Offset, q.Limit, q.Ordering = 0, len(m)+1, nil
	matching := func(q shop.ProductQuery) []Product {
		var out []Product
		for _, id := range m.query(q).IDs {
			out = append(out, m[id])
		}
		return out
	}
	out := shop.ProductFacets{Total: len(matching(q))}
	noStore := q
	noStore.StoreIDs = nil
	stores := map[int64]int{}
	for _, p := range matching(noStore) {
		if p.Store != 0 {
			stores[p.Store]++
		}
	}
	for id, n := range stores {
		out.Stores = append(out.Stores, shop.StoreCount{ID: id, Count: n})
	}
	slices.SortFunc(out.Stores, func(a, b shop.StoreCount) int { return cmp.Or(b.Count-a.Count, cmp.Compare(a.ID, b.ID)) })
	for _, id := range q.StoreIDs {
		if !slices.ContainsFunc(out.Stores, func(v shop.StoreCount) bool { return v.ID == id }) {
			out.Stores = append(out.Stores, shop.StoreCount{ID: id})
		}
	}
	noBrand := q
	noBrand.Brands = nil
	brands := map[string]int{}
	for _, p := range matching(noBrand) {
		if p.Brand != "" {
			brands[p.Brand]++
		}
	}
	for b, n := range brands {
		out.Brands = append(out.Brands, shop.BrandCount{Name: b, Count: n})
	}
	slices.SortFunc(out.Brands, func(a, b shop.BrandCount) int { return cmp.Or(b.Count-a.Count, cmp.Compare(a.Name, b.Name)) })
	for _, b := range q.Brands {
		if !slices.ContainsFunc(out.Brands, func(v shop.BrandCount) bool { return shop.BrandKey(v.Name) == shop.BrandKey(b) }) {
			// A brand some product has had is named as that product wrote it.
			if i := slices.IndexFunc(brandNames, func(n string) bool { return shop.BrandKey(n) == shop.BrandKey(b) }); i > 0 {
				b = brandNames[i]
			}
			out.Brands = append(out.Brands, shop.BrandCount{Name: b})
		}
	}
	noPrice := q
	noPrice.PriceAbove, noPrice.PriceBelow = nil, nil
	for i, p := range matching(noPrice) {
		if i == 0 || shop.Money(p.Price) < out.MinPrice {
			out.MinPrice = shop.Money(p.Price)
		}
		out.MaxPrice = max(out.MaxPrice, shop.Money(p.Price))
	}
	noStock := q
	noStock.InStock = true
	out.InStock = len(matching(noStock))
	noSale := q
	noSale.OnSale = true
	out.OnSale = len(matching(noSale))
	noRating := q
	for i := range out.Ratings {
		noRating.MinRating = (i + 1) * 100
		out.Ratings[i] = len(matching(noRating))
	}
	return out
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// gen makes random products and queries over a small vocabulary, so that
// prices, dates, ratings and names tie often and searches hit many.
type gen struct {
	r *rand.Rand
}

var vocabulary = []string{"xbox", "series", "controller", "wireless", "samsung", "galaxy", "ultra", "iphone",
	"leather", "watch", "playstation", "slim", "console", "earbuds", "café", "phone", "sound", "speaker"}

var levels = [shop.MaxCategoryDepth][]int64{{1, 2, 3, 4}, {11, 12, 13, 14, 15, 16}, {21, 22, 23, 24, 25, 26, 27, 28}}

func (g gen) product(id int64) Product {
	r := g.r
	p := Product{ID: id, Active: r.IntN(10) > 0, Store: int64(r.IntN(6)), Price: int64(1+r.IntN(40)) * 500,
		Created: int64(r.IntN(300)) * 1000, InStock: r.IntN(4) > 0}
	if r.IntN(2) == 0 {
		p.Avg100 = int32(100 + r.IntN(401))
	}
	g.deal(&p)
	p.Brand = brandNames[r.IntN(len(brandNames))]
	p.Sold = int64(r.IntN(4) * r.IntN(20))
	depth := r.IntN(shop.MaxCategoryDepth + 1)
	for l := range depth {
		p.Categories[l] = levels[l][r.IntN(len(levels[l]))]
	}
	g.rename(&p)
	return p
}

// brandNames: "" is none; each brand is always written the same way.
var brandNames = []string{"", "Samsung", "Tecno", "Apple", "Nasco", "Hisense", "Oraimo", "Itel"}

// deal gives p a price before a deal, or none; some are not above the
// price (no deal).
func (g gen) deal(p *Product) {
	switch g.r.IntN(4) {
	case 0:
		p.WasPrice = p.Price + int64(g.r.IntN(8))*250
	case 1:
		p.WasPrice = 0
	}
}

func (g gen) rename(p *Product) {
	words := make([]string, 1+g.r.IntN(3))
	for i := range words {
		words[i] = vocabulary[g.r.IntN(len(vocabulary))]
	}
	p.Name = strings.Join(words, " ")
	if g.r.IntN(5) == 0 {
		p.Name = strings.ToUpper(p.Name[:1]) + p.Name[1:] // byte order puts it first
	}
	doc := search.Document{Name: p.Name, Store: fmt.Sprintf("store %s", vocabulary[p.Store])}
	if g.r.IntN(3) == 0 {
		doc.Description = vocabulary[g.r.IntN(len(vocabulary))]
	}
	p.Tokens = search.EncodeDocument(search.Index(doc))
}

// change alters one attribute (or several) of p.
func (g gen) change(p Product) Product {
	r := g.r
	switch r.IntN(9) {
	case 0:
		p.Price = int64(1+r.IntN(40)) * 500
	case 1:
		p.InStock = !p.InStock
	case 2:
		p.Active = !p.Active
	case 3:
		p.Categories = g.product(p.ID).Categories
	case 4:
		p.Store = int64(r.IntN(6))
	case 5:
		g.rename(&p)
	case 6:
		p.Avg100 = int32(r.IntN(501))
	case 7:
		switch r.IntN(3) {
		case 0:
			p.Brand = brandNames[r.IntN(len(brandNames))]
		case 1:
			g.deal(&p)
		default:
			p.Sold += int64(r.IntN(5)) - 1
			p.Sold = max(p.Sold, 0)
		}
	default:
		q := g.product(p.ID)
		q.Created = p.Created
		p = q
	}
	return p
}

func (g gen) filter() shop.ProductQuery {
	r := g.r
	var q shop.ProductQuery
	for l := range shop.MaxCategoryDepth {
		if r.IntN(4) == 0 {
			q.CategoryIDs[l] = levels[l][r.IntN(len(levels[l]))]
		}
	}
	if r.IntN(4) == 0 {
		q.StoreIDs = []int64{int64(1 + r.IntN(5))}
		if r.IntN(2) == 0 { // a second store, above the first: the chosen are listed by id
			q.StoreIDs = append(q.StoreIDs, q.StoreIDs[0]+1+int64(r.IntN(3)))
		}
	}
	money := func() *shop.Money { m := shop.Money(int64(r.IntN(42)) * 500); return &m }
	if r.IntN(4) == 0 {
		q.PriceAbove = money()
	}
	if r.IntN(4) == 0 {
		q.PriceBelow = money()
	}
	q.InStock = r.IntN(4) == 0
	q.OnSale = r.IntN(5) == 0
	if r.IntN(4) == 0 {
		q.MinRating = r.IntN(5) * 100
	}
	if r.IntN(4) == 0 {
		for range 1 + r.IntN(2) {
			b := brandNames[1:][r.IntN(len(brandNames)-1)]
			switch r.IntN(4) {
			case 0:
				b = strings.ToUpper(b) // brands match ignoring case
			case 1:
				b = "Nokia" // no product has it
			}
			q.Brands = append(q.Brands, b)
		}
	}
	if r.IntN(3) == 0 {
		for range 1 + r.IntN(3) {
			l := r.IntN(shop.MaxCategoryDepth)
			q.Hidden.Categories = append(q.Hidden.Categories, levels[l][r.IntN(len(levels[l]))])
		}
	}
	if r.IntN(3) == 0 {
		q.Hidden.Stores = []int64{int64(1 + r.IntN(5))}
	}
	return q
}

var fields = []shop.ProductOrder{shop.OrderUnitPrice, shop.OrderDateCreated, shop.OrderAverageRating, shop.OrderName,
	shop.OrderDiscount, shop.OrderSold}

// query completes a filter with a random order, search and page.
func (g gen) query(q shop.ProductQuery, total int) shop.ProductQuery {
	r := g.r
	switch r.IntN(3) {
	case 0:
		for range 1 + r.IntN(3) {
			q.Ordering = append(q.Ordering, shop.OrderKey{Field: fields[r.IntN(len(fields))], Desc: r.IntN(2) == 0})
		}
	case 1:
		q.Seed = r.Int64N(shop.MaxSeed + 1)
	}
	if r.IntN(3) == 0 {
		q.Terms = g.terms()
		if r.IntN(2) == 0 {
			q.Ordering = nil
		}
	}
	q.Limit = 1 + r.IntN(40)
	switch r.IntN(4) {
	case 0:
		q.Offset = r.IntN(total + 2)
	case 1:
		q.Offset = max(0, total-r.IntN(10))
	}
	return q
}

func (g gen) terms() []string {
	r := g.r
	var words []string
	for range 1 + r.IntN(2) {
		w := []rune(search.Normalize(vocabulary[r.IntN(len(vocabulary))]))
		switch r.IntN(4) {
		case 0:
			w = w[:1+r.IntN(len(w))] // a prefix, maybe a short one
		case 1:
			if len(w) >= 5 {
				w[2], w[3] = w[3], w[2] // a typo
			}
		}
		words = append(words, string(w))
	}
	return search.Parse(strings.Join(words, " ")).Terms
}

func TestQueriesMatchTheReference(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { testAgainstReference(t, seed) })
	}
}

func testAgainstReference(t *testing.T, seed uint64) {
	g := gen{rand.New(rand.NewPCG(seed, 7))}
	clear(modelIDs)
	// Ids with gaps, fed in shuffled order for one seed and sparse for
	// another; some gaps are filled later by products that arrive after
	// higher ids.
	spacing := int64(1)
	if seed == 3 {
		spacing = 3
	}
	m := model{}
	var gaps []int64
	var initial []Product
	for id := spacing; id <= 3000*spacing; id += spacing {
		if g.r.IntN(5) == 0 {
			gaps = append(gaps, id)
			continue
		}
		p := g.product(id)
		m[id] = p
		initial = append(initial, p)
	}
	if seed == 2 {
		g.r.Shuffle(len(initial), func(i, j int) { initial[i], initial[j] = initial[j], initial[i] })
	}
	b := NewBuilder()
	for _, p := range initial {
		if err := b.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	filters := make([]shop.ProductQuery, 40)
	for i := range filters {
		filters[i] = g.filter()
	}
	filters[0] = shop.ProductQuery{}
	check := func(x *Index, m model, step string, queries int) {
		t.Helper()
		for range queries {
			f := filters[g.r.IntN(len(filters))]
			if g.r.IntN(4) == 0 {
				f = g.filter()
			}
			q := g.query(f, m.query(f).Total)
			got, want := x.Query(q), m.query(q)
			if got.Total != want.Total || !slices.Equal(got.IDs, want.IDs) {
				t.Fatalf("%s: query %+v\n got %v of %d\nwant %v of %d", step, q, got.IDs, got.Total, want.IDs, want.Total)
			}
			if g.r.IntN(10) == 0 {
				if got, want := x.Facets(q), m.facets(q); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: facets of %+v\n got %+v\nwant %+v", step, q, got, want)
				}
			}
		}
		// The same lists' facets at every step: kept ones are carried
		// through Apply and Compact, and must still count exactly.
		for _, f := range filters[:8] {
			if got, want := x.Facets(f), m.facets(f); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: kept facets of %+v\n got %+v\nwant %+v", step, f, got, want)
			}
		}
		if x.Len() != len(m) {
			t.Fatalf("%s: Len = %d; want %d", step, x.Len(), len(m))
		}
	}
	check(x, m, "built", 60)
	nextID := 3000*spacing + 1
	for step := range 50 {

		var batch []Product
		for range 1 + g.r.IntN(30) {
			switch r := g.r.IntN(10); {
			case r < 6:
				id := 1 + g.r.Int64N(nextID-1)
				if p, ok := m[id]; ok {
					batch = append(batch, g.change(p))
				}
			case r < 7 && len(gaps) > 0:
				i := g.r.IntN(len(gaps))
				batch = append(batch, g.product(gaps[i]))
				gaps = slices.Delete(gaps, i, i+1)
			case r < 8:
				nextID += int64(1 + g.r.IntN(3))
				batch = append(batch, g.product(nextID))
			case r < 9 && len(batch) > 0:
				batch = append(batch, g.change(batch[g.r.IntN(len(batch))])) // the same id twice: the last counts
			default:
				id := 1 + g.r.Int64N(nextID-1)
				if p, ok := m[id]; ok {
					batch = append(batch, p) // re-applied unchanged
				}
			}
		}
		if step == 40 {
			// The shuffle domain grows: the base's lists are for the old one.
			nextID = 1<<shop.ShuffleBits(nextID) + 5
			batch = append(batch, g.product(nextID))
		}
		old, oldModel := x, m.clone()
		next, changes, err := x.Apply(int64(step+2), batch)
		if err != nil {
			t.Fatal(err)
		}
		wantChanges := map[int64]shop.ChangedProduct{}
		for _, p := range batch {
			c := shop.ChangedProduct{ID: p.ID, After: p.place(), Listed: true, AfterText: p.Tokens}
			if before, ok := oldModel[p.ID]; ok {
				c.Before, c.Listed, c.BeforeText = before.place(), before != p, before.Tokens
			}
			wantChanges[p.ID] = c
			m[p.ID] = p
		}
		if len(changes) != len(wantChanges) {
			t.Fatalf("step %d: %d changes for %d products", step, len(changes), len(wantChanges))
		}
		for i, c := range changes {
			if c != wantChanges[c.ID] || (i > 0 && changes[i-1].ID >= c.ID) {
				t.Fatalf("step %d: change %+v; want %+v (in id order)", step, c, wantChanges[c.ID])
			}
		}
		x = next
		if step == 40 && !x.NeedsCompaction() {
			t.Errorf("step %d: the shuffle domain grew to %d bits, and no compaction is asked for", step, shop.ShuffleBits(nextID))
		}
		if x.Seq() != int64(step+2) {
			t.Fatalf("Seq = %d", x.Seq())
		}
		if step%15 == 14 {
			if x, err = x.Compact(); err != nil {
				t.Fatal(err)
			}
		}
		check(x, m, fmt.Sprintf("step %d", step), 40)
		check(old, oldModel, fmt.Sprintf("step %d, the snapshot before", step), 15)
		for _, p := range batch {
			got, ok := x.Product(p.ID)
			want := m[p.ID]
			want.Tokens = ""
			if !ok || got != want {
				t.Fatalf("Product(%d) = %+v, %v; want %+v", p.ID, got, ok, want)
			}
		}
	}
	if _, ok := x.Product(nextID + 1); ok {
		t.Errorf("Product of an unknown id found")
	}
}

func TestNeedsCompactionBoundsTheDelta(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(9, 9))}
	b := NewBuilder()
	// Ids from 2001 to 3500: the shuffle domain stays 12 bits.
	for id := range int64(500) {
		if err := b.Add(g.product(id + 3001)); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	batch := make([]Product, 0, 1025)
	for id := range int64(1025) {
		batch = append(batch, g.product(id+2001))
	}
	if x, _, err = x.Apply(2, batch[:1024]); err != nil || x.NeedsCompaction() {
		t.Fatalf("a delta of 1024 asks for compaction (%v)", err)
	}
	if x, _, err = x.Apply(3, batch); err != nil || !x.NeedsCompaction() {
		t.Fatalf("a delta of 1025 does not ask for compaction (%v)", err)
	}
	if x, err = x.Compact(); err != nil || x.NeedsCompaction() || x.Len() != 1500 || x.Seq() != 3 {
		t.Fatalf("compacted: needs compaction %v, %d products, seq %d, %v", x.NeedsCompaction(), x.Len(), x.Seq(), err)
	}
}

func TestRejectsWhatItCannotHold(t *testing.T) {
	b := NewBuilder()
	if err := b.Add(Product{ID: 1, Tokens: "xbox:11"}); err == nil {
		t.Error("Add accepted a bad search document")
	}
	if _, err := b.Finish(1); err == nil {
		t.Error("Finish succeeded after Add failed")
	}
	x, err := NewBuilder().Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Product{{ID: 0}, {ID: MaxID + 1}, {ID: 1, Store: MaxID + 1}, {ID: 1, Categories: [3]int64{1, -1, 0}},
		{ID: 1, Avg100: 501}, {ID: 1, Tokens: "bad"}} {
		if _, _, err := x.Apply(2, []Product{p}); err == nil {
			t.Errorf("Apply accepted %+v", p)
		}
	}
}
