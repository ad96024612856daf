package storetest

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"dwa/internal/search"
	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
)

// catalogue is a small shop for the product and search tests: products are
// named by key so that the tables below read as a specification.
type catalogue struct {
	st       *sqldb.Store
	ids      map[string]int64
	names    map[int64]string
	user     *shop.User
	gaming   *shop.Category
	consoles *shop.Category
	accra    int64
}

func newCatalogue(t *testing.T, st *sqldb.Store) *catalogue {
	c := &catalogue{st: st, ids: map[string]int64{}, names: map[int64]string{}}
	cat := func(name, slug string, parent *shop.Category) *shop.Category {
		k := &shop.Category{Name: name, Slug: slug, Active: true}
		level := 1
		if parent != nil {
			k.ParentID, level = parent.ID, parent.Level+1
		}
		mustCategory(t, st, k, level)
		return k
	}
	gaming := cat("Gaming", "gaming", nil)
	c.gaming = gaming
	c.consoles = cat("Consoles", "consoles", gaming)
	xbox := cat("X-Box", "x-box", c.consoles)
	ps := cat("PlayStation", "playstation", c.consoles)
	controllers := cat("Controllers", "controllers", gaming)
	phones := cat("Phones", "phones", nil)
	iphone := cat("iPhone", "iphone", phones)
	samsung := cat("Samsung", "samsung", phones)
	fashion := cat("Fashion", "fashion", nil)
	watches := cat("Watches", "watches", fashion)
	audio := cat("Audio", "audio", nil)

	store := func(name string) int64 {
		return mustStore(t, st, strings.ToLower(strings.Fields(name)[0]), name).ID
	}
	accra, kumasi, adum, osu := store("Accra Game Hub"), store("Kumasi Phone Plaza"), store("Adum Gold & Time"),
		store("Osu Gadget Corner")
	c.accra = accra
	c.user = MustUser(t, st, "ama_k")

	type p struct {
		key, name, desc string
		cats            []*shop.Category
		store           int64
		price           int64
		inventory       int
		active          bool
	}
	ps2 := []p{
		{"series-s", "X-Box Series S 512GB", "<p>Compact console.</p>", []*shop.Category{gaming, c.consoles, xbox}, accra, 389900, 5, true},
		{"controller", "Xbox Wireless Controller – Carbon Black", "", []*shop.Category{gaming, controllers}, accra, 79900, 10, true},
		{"ps5", "PlayStation 5 Slim", "", []*shop.Category{gaming, c.consoles, ps}, accra, 689900, 0, true},
		{"iphone", "iPhone 15 Pro Max 256GB", "", []*shop.Category{phones, iphone}, kumasi, 1899900, 2, true},
		{"galaxy", "Samsung Galaxy S24 Ultra", "", []*shop.Category{phones, samsung}, kumasi, 1599900, 4, true},
		{"watch", "Men's Leather Watch", "<p>Genuine leather strap, café-tested.</p>", []*shop.Category{fashion, watches}, adum, 45000, 1, true},
		{"earbuds", "Wireless Earbuds", "<p>Pairs with any <strong>Samsung</strong> or iPhone.</p>", []*shop.Category{audio}, osu, 45000, 3, true},
		{"retired", "Xbox Retired Bundle", "", []*shop.Category{gaming, controllers}, accra, 100, 3, false},
	}
	var products []*shop.Product
	for i, x := range ps2 {
		sp := &shop.Product{StoreID: x.store, Name: x.name, Slug: x.key, Description: x.desc, UnitPrice: shop.Money(x.price),
			Inventory: x.inventory, Active: x.active, Images: []string{"/media/p/" + x.key + ".svg"},
			CreatedAt: time.Date(2026, 1, 1+i, 10, 0, 0, 0, time.UTC)}
		levels := []*int64{&sp.CategoryID, &sp.SubcategoryID, &sp.SubSubcategoryID}
		for j, k := range x.cats {
			*levels[j] = k.ID
		}
		products = append(products, sp)
	}
	if err := st.CreateProducts(ctx, products); err != nil {
		t.Fatal(err)
	}
	for _, sp := range products {
		c.ids[sp.Slug] = sp.ID
		c.names[sp.ID] = sp.Slug
	}
	// One verified 5 for the earbuds, a pending 1 that must not count.
	c.rate(t, "earbuds", c.user, 5, shop.StatusApproved)
	c.rate(t, "controller", MustUser(t, st, "kofi"), 1, shop.StatusPending)
	return c
}

func (c *catalogue) rate(t *testing.T, key string, u *shop.User, value int, status string) {
	t.Helper()
	q := c.st.DB().Rebind(`INSERT INTO ratings (product_id, user_id, rating, status, date_created) VALUES (?, ?, ?, ?, ?)`)
	if _, err := c.st.DB().W.Exec(q, c.ids[key], u.ID, value, status, time.Now().UnixMilli()); err != nil {
		t.Fatal(err)
	}
}

func (c *catalogue) keys(ids []int64) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = c.names[id]
	}
	return strings.Join(out, " ")
}

// searchCases is THE table that proves search behaves the same on every
// engine: query → matching products in rank order (relevance, then in
// stock first, then verified rating, then id).
var searchCases = []struct{ query, want string }{
	{"xbox", "series-s controller"},
	{"x-box", "series-s controller"},
	{"XBOX", "series-s controller"},
	{"x box", "series-s"},
	{"X Box", "series-s"},
	{"xbox cont", "controller"},
	{"contoller", "controller"},
	{"controler", "controller"},
	{"samsnug", "galaxy earbuds"},
	{"samsung", "galaxy earbuds"},
	{"iphone 15", "iphone"},
	{"iphone 1", "iphone"},
	{"play", "ps5"},
	{"playstaton", "ps5"},
	{"leather", "watch"},
	{"cafe", "watch"},
	{"CAFÉ", "watch"},
	{"mens", "watch"},
	{"men's watch", "watch"},
	{"wireless", "earbuds controller"},
	{"console", "series-s ps5"},
	{"accra", "series-s controller ps5"},
	{"samsung, iphone", "galaxy earbuds"}, // "iphone" is one edit from "phone", a prefix of the category Phones
	{"galaxy s", "galaxy"},
	{"s", "series-s watch galaxy ps5"},
	{"ip", "iphone"},
	{"retired", ""},
	{"zzzz", ""},
	{"xbox zzzz", ""},
	{`"; DROP TABLE products; --`, ""},
	{"ultra ultra ultra ultra ultra ultra ultra ultra ultra ultra ultra", "galaxy"},
}

func testSearch(t *testing.T, st *sqldb.Store) {
	c := newCatalogue(t, st)
	for _, tc := range searchCases {
		t.Run(tc.query, func(t *testing.T) {
			terms := search.Parse(tc.query).Terms
			if len(terms) == 0 {
				t.Fatalf("query %q has no terms", tc.query)
			}
			page, err := st.ListProducts(ctx, shop.ProductQuery{Terms: terms, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			if got := c.keys(page.IDs); got != tc.want {
				t.Errorf("search %q = [%s]; want [%s]", tc.query, got, tc.want)
			}
			if page.Total != len(page.IDs) {
				t.Errorf("total = %d for %d ids", page.Total, len(page.IDs))
			}
		})
	}

	// Ratings order ties: every rating write is in the change feed and
	// reaches the search of this and any other instance.
	t.Run("rating writes reorder ties", func(t *testing.T) {
		wireless := func(want string) {
			t.Helper()
			page, err := st.ListProducts(ctx, shop.ProductQuery{Terms: []string{"wireless"}, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			if got := c.keys(page.IDs); got != want {
				t.Errorf("wireless = [%s]; want [%s]", got, want)
			}
		}
		wireless("earbuds controller")
		pending, _, err := st.RatingsByStatus(ctx, shop.StatusPending, 0, 10)
		if err != nil || len(pending) != 1 {
			t.Fatalf("pending ratings %v, %v", pending, err)
		}
		if _, err := st.SetRatingStatus(ctx, pending[0].ID, shop.StatusApproved); err != nil {
			t.Fatal(err)
		}
		wireless("earbuds controller") // a verified 1 still loses to a 5
		// A replaced rating is pending again: the earbuds' 5 no longer counts.
		if err := st.UpsertRating(ctx, &shop.Rating{ProductID: c.ids["earbuds"], UserID: c.user.ID, Value: 5,
			CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		wireless("controller earbuds")
	})
}

func testProductList(t *testing.T, st *sqldb.Store) {
	c := newCatalogue(t, st)
	money := func(m shop.Money) *shop.Money { return &m }
	cases := []struct {
		name string
		q    shop.ProductQuery
		want string
	}{
		{"by price then id", shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}},
			"watch earbuds controller series-s ps5 galaxy iphone"},
		{"by name, byte order", shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderName}}},
			"watch ps5 galaxy earbuds series-s controller iphone"},
		{"newest first", shop.ProductQuery{Ordering: []shop.OrderKey{{Field: shop.OrderDateCreated, Desc: true}}},
			"earbuds watch galaxy iphone ps5 controller series-s"},
		{"best rated first, then price down", shop.ProductQuery{Ordering: []shop.OrderKey{
			{Field: shop.OrderAverageRating, Desc: true}, {Field: shop.OrderUnitPrice, Desc: true}}},
			"earbuds iphone galaxy ps5 series-s controller watch"},
		{"level-2 category", shop.ProductQuery{CategoryIDs: [3]int64{0, c.consoles.ID, 0},
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}, "series-s ps5"},
		{"hidden category", shop.ProductQuery{Hidden: shop.Hidden{Categories: []int64{c.consoles.ID}},
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}, "watch earbuds controller galaxy iphone"},
		{"suspended store", shop.ProductQuery{Hidden: shop.Hidden{Stores: []int64{c.accra}},
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}, "watch earbuds galaxy iphone"},
		{"search without a suspended store", shop.ProductQuery{Terms: []string{"x"}, Hidden: shop.Hidden{Stores: []int64{c.accra}}},
			""},
		{"search with hidden category and store", shop.ProductQuery{Terms: []string{"s"},
			Hidden: shop.Hidden{Categories: []int64{c.consoles.ID}, Stores: []int64{c.accra}}}, "watch galaxy"},
		{"strict price bounds and stock", shop.ProductQuery{PriceAbove: money(45000), PriceBelow: money(689900), InStock: true,
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}, "controller series-s"},
		{"store, second page of two", shop.ProductQuery{StoreIDs: []int64{c.accra}, Ordering: []shop.OrderKey{{Field: shop.OrderName}},
			Limit: 2, Offset: 1}, "series-s controller"},
		{"search narrowed by a filter", shop.ProductQuery{Terms: []string{"wireless"}, CategoryIDs: [3]int64{c.gaming.ID, 0, 0}},
			"controller"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.q.Limit == 0 {
				tc.q.Limit = 100
			}
			page, err := st.ListProducts(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.keys(page.IDs); got != tc.want {
				t.Errorf("ids = [%s]; want [%s]", got, tc.want)
			}
		})
	}

	t.Run("shuffle is the shared seeded permutation", func(t *testing.T) {
		for _, seed := range []int64{1, 42, 2147483647} {
			page, err := st.ListProducts(ctx, shop.ProductQuery{Seed: seed, Limit: 100})
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Clone(page.IDs)
			bits := shop.ShuffleBits(slices.Max(want))
			slices.SortFunc(want, func(a, b int64) int {
				return cmp.Compare(shop.ShufflePosition(a, seed, bits), shop.ShufflePosition(b, seed, bits))
			})
			if len(page.IDs) != 7 || page.Total != 7 || !slices.Equal(page.IDs, want) {
				t.Errorf("seed %d: ids %v total %d; want %v", seed, page.IDs, page.Total, want)
			}
		}
	})
}

func testProductDetails(t *testing.T, st *sqldb.Store) {
	c := newCatalogue(t, st)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.DB().W.Exec(st.DB().Rebind(q), args...); err != nil {
			t.Fatal(err)
		}
	}
	// 55 verified reviews and ratings on the earbuds (more than embedded),
	// and one of each still pending.
	for i := range 55 {
		u := MustUser(t, st, fmt.Sprintf("buyer%d", i))
		status := shop.StatusApproved
		if i == 54 {
			status = shop.StatusPending
		}
		at := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour).UnixMilli()
		exec(`INSERT INTO reviews (product_id, user_id, review, status, date_created) VALUES (?, ?, ?, ?, ?)`,
			c.ids["series-s"], u.ID, fmt.Sprintf("review %d", i), status, at)
		exec(`INSERT INTO ratings (product_id, user_id, rating, status, date_created) VALUES (?, ?, ?, ?, ?)`,
			c.ids["series-s"], u.ID, 1+i%5, status, at)
	}
	// Two more images of the console, added after its first and placed
	// before it and between: the details list them by position, then id,
	// whatever order the rows come in.
	exec(`INSERT INTO product_images (product_id, image, position) VALUES (?, 'third.png', 5), (?, 'second.png', 0)`,
		c.ids["series-s"], c.ids["series-s"])
	ids := []int64{c.ids["series-s"], 999999, c.ids["retired"]}
	before := st.DB().QueryCount()
	ds, err := st.ProductDetails(ctx, ids, shop.DetailOptions{Reviews: true, Ratings: true, Newest: 50})
	if err != nil {
		t.Fatal(err)
	}
	if n := st.DB().QueryCount() - before; n != 2 { // the rows, then everything else (productParts)
		t.Errorf("ProductDetails ran %d statements; want 2", n)
	}
	if len(ds) != 2 || ds[0].ID != c.ids["series-s"] || ds[1].Active {
		t.Fatalf("details = %+v", ds)
	}
	d := ds[0]
	// Ratings 1..5 cycling over 54 verified rows: 11×(1+2+3+4) + 10×5 = 160.
	if d.Ratings != (shop.RatingStats{Count: 54, Sum: 160}) || d.Ratings.Average() != 296 || d.ReviewsCount != 54 {
		t.Errorf("stats = %+v, reviews %d", d.Ratings, d.ReviewsCount)
	}
	if len(d.NewestReviews) != 50 || d.NewestReviews[0].Text != "review 53" || len(d.NewestRatings) != 50 ||
		d.NewestRatings[0].Username != "buyer53" {
		t.Errorf("newest: %d reviews (first %+v), %d ratings", len(d.NewestReviews), d.NewestReviews[0], len(d.NewestRatings))
	}
	if d.CategoryNames != [3]string{"Gaming", "Consoles", "X-Box"} || d.CategorySlugs[2] != "x-box" ||
		d.Store == nil || d.Store.Name != "Accra Game Hub" || len(d.Images) != 3 || d.UnitPrice != 389900 {
		t.Errorf("detail = %+v", d)
	}
	if len(d.Images) == 3 && (d.Images[1] != "second.png" || d.Images[2] != "third.png" ||
		!(d.ImageIDs[1] > d.ImageIDs[0] && d.ImageIDs[2] < d.ImageIDs[1])) {
		t.Errorf("images %v (ids %v); want the first, then second.png, third.png", d.Images, d.ImageIDs)
	}
	reviews, total, err := st.VerifiedReviews(ctx, c.ids["series-s"], 50, 10)
	if err != nil || total != 54 || len(reviews) != 4 || reviews[3].Text != "review 0" {
		t.Errorf("VerifiedReviews page 6 = %d rows of %d, %v", len(reviews), total, err)
	}
	ratings, total, err := st.VerifiedRatings(ctx, c.ids["earbuds"], 0, 10)
	if err != nil || total != 1 || len(ratings) != 1 || ratings[0].Value != 5 || ratings[0].Username != "ama_k" {
		t.Errorf("VerifiedRatings = %+v of %d, %v", ratings, total, err)
	}
	stores, err := st.ActiveStores(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range stores {
		got = append(got, fmt.Sprintf("%s:%d", s.Name, s.Ratings.Average()))
	}
	if want := "[Accra Game Hub:296 Adum Gold & Time:0 Kumasi Phone Plaza:0 Osu Gadget Corner:500]"; fmt.Sprint(got) != want {
		t.Errorf("stores = %v; want %s", got, want)
	}
}

// testProductDetailsPrepared: the detail reads run prepared statements
// whose IN lists are padded to a few lengths. Every length of list gives
// exactly the products asked for, in order, their images and counts once
// (the padding repeats an id); the statements kept are two per padded
// length, and reading again prepares nothing more.
func testProductDetailsPrepared(t *testing.T, st *sqldb.Store) {
	c := newCatalogue(t, st)
	all := []int64{c.ids["earbuds"], 999999, c.ids["series-s"], c.ids["controller"], c.ids["ps5"], c.ids["iphone"],
		c.ids["galaxy"], c.ids["watch"], c.ids["retired"]}
	opts := shop.DetailOptions{Reviews: true, Ratings: true, Newest: 3}
	read := func() {
		t.Helper()
		for n := 1; n <= len(all); n++ {
			ds, err := st.ProductDetails(ctx, all[:n], opts)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, id := range all[:n] {
				if id != 999999 {
					want = append(want, c.names[id])
				}
			}
			for _, d := range ds {
				got = append(got, d.Slug)
				if len(d.Images) != 1 {
					t.Errorf("%d ids: %s has images %v", n, d.Slug, d.Images)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%d ids: details %v; want %v", n, got, want)
			}
			if e := ds[0]; e.Ratings != (shop.RatingStats{Count: 1, Sum: 5}) || len(e.NewestRatings) != 1 {
				t.Errorf("%d ids: earbuds ratings %+v, newest %d", n, e.Ratings, len(e.NewestRatings))
			}
		}
	}
	read()
	// Lengths 1–9 pad to 1, 2, 3, 4, 6, 8 and 12: two statements each,
	// the products' rows and everything else about them (productParts).
	if n := st.DB().PreparedStatements(); n != 7*2 {
		t.Errorf("prepared %d statements; want %d", n, 7*2)
	}
	read()
	if n := st.DB().PreparedStatements(); n != 7*2 {
		t.Errorf("reading again: %d statements prepared; want still %d", n, 7*2)
	}
}
