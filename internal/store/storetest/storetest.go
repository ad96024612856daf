// Package storetest is the one conformance suite both storage engines must
// pass: the same calls, the same results, the same constraint behaviour.
package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
)

// Opener returns a fresh, migrated, empty store.
type Opener func(t testing.TB) *sqldb.Store

// Run runs every conformance test against stores made by open.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, st *sqldb.Store)
	}{
		{"MigrateIsIdempotent", testMigrateIdempotent},
		{"UsersUniqueIgnoringCase", testUsersUnique},
		{"CategoriesRoundTrip", testCategories},
		{"ProductsBatchInsert", testProductsBatch},
		{"HeroSlidesOrderAndActive", testHeroSlides},
		{"ConstraintsHold", testConstraints},
		{"ResetEmptiesEverything", testReset},
		{"RefreshAndResetTokens", testTokens},
		{"OutboxClaimsOnce", testOutbox},
		{"RateLimitCounters", testRateLimitCounters},
		{"SearchTable", testSearch},
		{"ProductList", testProductList},
		{"ProductDetails", testProductDetails},
		{"ProductDetailsPrepared", testProductDetailsPrepared},
		{"WarmFillsThePool", testWarm},
		{"CatchUpAfterBulkWrites", testCatchUp},
		{"AnalyzeAfterBulkLoad", testAnalyze},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, open(t))
		})
	}
}

var ctx = context.Background()

// testWarm: Warm opens reader connections up to the number asked for, counts
// ones held elsewhere, returns rather than wait when the pool is full, and
// has run the product page's reads and (PostgreSQL) the order path on each
// connection it opened, leaving no trace of its orders.
func testWarm(t *testing.T, st *sqldb.Store) {
	db := st.DB()
	cat := &shop.Category{Name: "Consoles", Slug: "consoles", Active: true}
	mustCategory(t, st, cat, 1)
	store := mustStore(t, st, "warm-owner", "Osu Game Hub")
	if err := st.CreateProducts(ctx, []*shop.Product{{StoreID: store.ID, CategoryID: cat.ID, Name: "Controller",
		Slug: "controller", UnitPrice: 45000, Inventory: 1, Active: true, CreatedAt: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	// What an order changes: Warm's are rolled back.
	state := func() string {
		var out string
		if err := db.W.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM users) || ' users, ' ||
			(SELECT count(*) FROM carts) || ' carts, ' || (SELECT count(*) FROM cart_items) || ' lines, ' ||
			(SELECT count(*) FROM orders) || ' orders, ' || (SELECT count(*) FROM order_items) || ' items, ' ||
			(SELECT count(*) FROM order_events) || ' events, ' || (SELECT count(*) FROM outbox) || ' mails, stock ' ||
			(SELECT sum(inventory) FROM products) || ', version ' || (SELECT version FROM search_meta)`).Scan(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := state()
	db.R.SetMaxOpenConns(4)
	held, err := db.R.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := st.Warm(wctx, 4); err != nil {
		t.Fatalf("Warm(4) with one connection held: %v", err)
	}
	if s := db.R.Stats(); s.OpenConnections != 4 || s.Idle != 3 {
		t.Fatalf("after Warm(4): %d open, %d idle; want 4 open, 3 idle", s.OpenConnections, s.Idle)
	}
	if after := state(); after != before {
		t.Fatalf("Warm changed the shop: %s; before: %s", after, before)
	}
	if db.Dialect.Name != "postgres" {
		return
	}
	// Each warmed connection has the product page's two reads (the product,
	// and its parts: images, ratings, reviews, options, variants) prepared
	// and run past PostgreSQL's first plannings of a prepared statement:
	// at 1,000 uncached reads a second, those plannings on every
	// connection at once made the first 200 ms's p99 25–60 ms.
	conns := make([]*sql.Conn, 0, 3)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for range 3 {
		c, err := db.R.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var product, parts, stock, order int
		if err := c.QueryRowContext(ctx, `SELECT
			count(*) FILTER (WHERE statement LIKE '%FROM products p%' AND statement NOT LIKE '%UNION ALL%'
				AND statement NOT LIKE '%LEFT JOIN product_variants%'),
			count(*) FILTER (WHERE statement LIKE '%UNION ALL%'),
			count(*) FILTER (WHERE statement LIKE 'UPDATE products SET inventory = inventory -%'),
			count(*) FILTER (WHERE statement LIKE 'INSERT INTO orders %')
			FROM pg_prepared_statements WHERE generic_plans + custom_plans >= 6`).Scan(&product, &parts, &stock, &order); err != nil {
			t.Fatal(err)
		}
		if product != 1 || parts != 1 || stock != 1 || order != 1 {
			t.Errorf("warmed connection %d: %d product and %d parts reads, %d stock updates and %d order inserts "+
				"prepared and run 6 times; want 1 of each", len(conns), product, parts, stock, order)
		}
	}
}

// testAnalyze: on PostgreSQL, Analyze leaves every table of the store's
// schema analysed (the planner's statistics gathered), and only those;
// elsewhere it does nothing and succeeds.
func testAnalyze(t *testing.T, st *sqldb.Store) {
	if err := st.Analyze(ctx); err != nil {
		t.Fatalf("Analyze: %v", err)
	}
	db := st.DB()
	if db.Dialect.Name != "postgres" {
		return
	}
	var tables, analysed int
	if err := db.R.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(last_analyze) FROM pg_stat_user_tables
		WHERE schemaname = current_schema()`).Scan(&tables, &analysed); err != nil {
		t.Fatal(err)
	}
	if tables < 40 || analysed != tables {
		t.Fatalf("after Analyze %d of the schema's %d tables are analysed; want all of its 40 and more", analysed, tables)
	}
}

func testMigrateIdempotent(t *testing.T, st *sqldb.Store) {
	n, err := st.Migrate(ctx)
	if err != nil || n != 0 {
		t.Fatalf("second Migrate = %d, %v; want 0, nil", n, err)
	}
	pending, err := st.PendingMigrations(ctx)
	if err != nil || pending != 0 {
		t.Fatalf("PendingMigrations = %d, %v", pending, err)
	}
	if err := st.Ping(ctx); err != nil {
		t.Fatal(err)
	}
}

// MustUser creates a user or fails the test.
func MustUser(t testing.TB, st *sqldb.Store, username string) *shop.User {
	t.Helper()
	u := &shop.User{Username: username, Email: username + "@example.com", PasswordHash: "x", IsActive: true,
		DateJoined: time.Now()}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	return u
}

// mustStore opens an active store called name for a new user called owner.
func mustStore(t testing.TB, st *sqldb.Store, owner, name string) *shop.Store {
	t.Helper()
	s := &shop.Store{OwnerID: MustUser(t, st, owner).ID, Name: name, Active: true, CreatedAt: time.Now()}
	if err := st.CreateStore(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func testUsersUnique(t *testing.T, st *sqldb.Store) {
	first := MustUser(t, st, "Kofi_M")
	if first.ID == 0 {
		t.Fatal("no id assigned")
	}
	cases := []struct{ username, email string }{
		{"kofi_m", "other@example.com"},   // same username, other case
		{"someone", "KOFI_M@EXAMPLE.COM"}, // same e-mail, other case
	}
	for _, c := range cases {
		err := st.CreateUser(ctx, &shop.User{Username: c.username, Email: c.email, PasswordHash: "x", IsActive: true})
		if shop.KindOf(err) != shop.KindConflict {
			t.Errorf("CreateUser(%s, %s) = %v; want a conflict", c.username, c.email, err)
		}
	}
}

func testCategories(t *testing.T, st *sqldb.Store) {
	empty, err := st.CatalogueEmpty(ctx)
	if err != nil || !empty {
		t.Fatalf("CatalogueEmpty on a new store = %v, %v", empty, err)
	}
	gaming := &shop.Category{Name: "Gaming", Slug: "gaming", Position: 2, Active: true,
		Images: []shop.Image{{URL: "/media/gaming.svg"}, {URL: "/media/gaming-2.svg"}}}
	mustCategory(t, st, gaming, 1)
	mustCategory(t, st, &shop.Category{Name: "Gadgets", Slug: "gadgets", Position: 1, Active: true}, 1)
	hidden := &shop.Category{Name: "Hidden", Slug: "hidden", Position: 3}
	mustCategory(t, st, hidden, 1)
	consoles := &shop.Category{ParentID: gaming.ID, Name: "Consoles", Slug: "consoles", Position: 1, Active: true}
	mustCategory(t, st, consoles, 2)
	mustCategory(t, st, &shop.Category{ParentID: consoles.ID, Name: "X-Box", Slug: "x-box", Active: true}, 3)
	mustCategory(t, st, &shop.Category{ParentID: hidden.ID, Name: "Under hidden", Slug: "under-hidden", Active: true}, 2)

	dup := &shop.Category{Name: "Again", Slug: "gaming", Level: 1, Active: true}
	if err := st.CreateCategory(ctx, dup); !errors.Is(err, sqldb.ErrUnique) {
		t.Errorf("duplicate slug: %v; want ErrUnique", err)
	}
	if err := st.CreateCategory(ctx, &shop.Category{Name: "Too deep", Slug: "deep", Level: 4, Active: true}); !errors.Is(err, sqldb.ErrCheck) {
		t.Errorf("level 4: %v; want ErrCheck", err)
	}

	rows, err := st.AllCategories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	roots := shop.BuildCategoryTree(rows)
	got := fmt.Sprint(treeNames(roots))
	if want := "[Gadgets Gaming[Consoles[X-Box]]]"; got != want {
		t.Errorf("tree = %s; want %s", got, want)
	}
	g := shop.FindCategory(roots, gaming.ID)
	if g == nil || len(g.Images) != 2 || g.Images[0].URL != "/media/gaming.svg" || g.Images[1].ID == 0 {
		t.Errorf("gaming images = %+v", g)
	}
}

func treeNames(cs []*shop.Category) []string {
	var out []string
	for _, c := range cs {
		s := c.Name
		if len(c.Children) > 0 {
			s += fmt.Sprint(treeNames(c.Children))
		}
		out = append(out, s)
	}
	return out
}

func mustCategory(t testing.TB, st *sqldb.Store, c *shop.Category, level int) {
	t.Helper()
	c.Level = level
	if err := st.CreateCategory(ctx, c); err != nil {
		t.Fatal(err)
	}
}

func testProductsBatch(t *testing.T, st *sqldb.Store) {
	cat := &shop.Category{Name: "Phones", Slug: "phones", Active: true}
	mustCategory(t, st, cat, 1)
	store := mustStore(t, st, "owner", "Kumasi Phone Plaza")
	for _, tc := range []struct {
		name  string
		store shop.Store
		field string
	}{
		{"same name in another case", shop.Store{OwnerID: MustUser(t, st, "other").ID, Name: "KUMASI phone plaza"}, "name"},
		{"owner with a store", shop.Store{OwnerID: store.OwnerID, Name: "Owner's Second Shop"}, "owner"},
	} {
		var se *shop.Error
		if err := st.CreateStore(ctx, &tc.store); !errors.As(err, &se) || len(se.Fields) != 1 || se.Fields[tc.field] == nil {
			t.Errorf("%s: %v; want only a %s field error", tc.name, err, tc.field)
		}
	}
	const n = 1203 // more than two batches, not a multiple of the batch size
	ps := make([]*shop.Product, n)
	for i := range ps {
		ps[i] = &shop.Product{StoreID: store.ID, CategoryID: cat.ID, Name: fmt.Sprintf("Phone %d", i),
			Slug: fmt.Sprintf("phone-%d", i), UnitPrice: shop.Money(100 + i), Inventory: i % 7, Active: true,
			Images: []string{fmt.Sprintf("/media/p%d-1.svg", i), fmt.Sprintf("/media/p%d-2.svg", i)}, CreatedAt: time.Now()}
	}
	if err := st.CreateProducts(ctx, ps); err != nil {
		t.Fatal(err)
	}
	var count, images int
	var minID, maxID int64
	db := st.DB()
	if err := db.R.QueryRow(`SELECT COUNT(*), MIN(id), MAX(id) FROM products`).Scan(&count, &minID, &maxID); err != nil {
		t.Fatal(err)
	}
	if count != n || ps[0].ID != minID || ps[n-1].ID != maxID {
		t.Fatalf("count %d ids %d..%d; products got %d..%d", count, minID, maxID, ps[0].ID, ps[n-1].ID)
	}
	if err := db.R.QueryRow(`SELECT COUNT(*) FROM product_images`).Scan(&images); err != nil || images != 2*n {
		t.Fatalf("images = %d, %v", images, err)
	}
	// Each product's ids match its own row, not a neighbour's.
	var name string
	if err := db.R.QueryRow(`SELECT name FROM products WHERE id = ` + fmt.Sprint(ps[777].ID)).Scan(&name); err != nil || name != "Phone 777" {
		t.Fatalf("product 777 = %q, %v", name, err)
	}
	stores, err := st.AllStores(ctx)
	if err != nil || len(stores) != 1 || stores[0].Name != "Kumasi Phone Plaza" {
		t.Fatalf("AllStores = %+v, %v", stores, err)
	}
	dup := []*shop.Product{{Name: "Dup", Slug: "phone-1", UnitPrice: 1, CreatedAt: time.Now()}}
	if err := st.CreateProducts(ctx, dup); !errors.Is(err, sqldb.ErrUnique) {
		t.Errorf("duplicate slug: %v; want ErrUnique", err)
	}
	empty, err := st.CatalogueEmpty(ctx)
	if err != nil || empty {
		t.Errorf("CatalogueEmpty = %v, %v; want false", empty, err)
	}
}

func testHeroSlides(t *testing.T, st *sqldb.Store) {
	for i, title := range []string{"Second", "First", "Hidden"} {
		h := &shop.HeroSlide{Title: title, Image: "/hero_images/x.svg", Link: "/products", Position: []int{2, 1, 0}[i],
			Active: title != "Hidden"}
		if err := st.CreateHeroSlide(ctx, h); err != nil {
			t.Fatal(err)
		}
	}
	slides, err := st.ActiveHeroSlides(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(slides) != 2 || slides[0].Title != "First" || slides[1].Title != "Second" {
		t.Fatalf("slides = %+v", slides)
	}
}

// testConstraints proves the rules the database itself enforces, on both
// engines: they are the last line of defence against races.
func testConstraints(t *testing.T, st *sqldb.Store) {
	u := MustUser(t, st, "buyer")
	cat := &shop.Category{Name: "C", Slug: "c", Active: true}
	mustCategory(t, st, cat, 1)
	p := &shop.Product{Name: "P", Slug: "p", UnitPrice: 100, Inventory: 1, Active: true, CreatedAt: time.Now()}
	if err := st.CreateProducts(ctx, []*shop.Product{p}); err != nil {
		t.Fatal(err)
	}
	w := st.DB().W
	now := time.Now().UnixMilli()
	exec := func(q string, args ...any) error {
		_, err := w.Exec(st.DB().Rebind(q), args...)
		return err
	}
	// Each statement must break the named rule, not merely fail: a typo in
	// the SQL or a missing column would fail too and hide a missing rule.
	mustFail := func(what string, want violation, q string, args ...any) {
		t.Helper()
		err := exec(q, args...)
		if got := violationOf(err); got != want {
			t.Errorf("%s: %v (%s); want a %s violation", what, err, got, want)
		}
	}
	mustFail("negative inventory", checkViolation, `UPDATE products SET inventory = -1 WHERE id = ?`, p.ID)
	mustFail("negative price", checkViolation, `UPDATE products SET unit_price = -5 WHERE id = ?`, p.ID)
	cart1 := "0b6f9a40-0000-4000-8000-000000000001"
	cart2 := "0b6f9a40-0000-4000-8000-000000000002"
	if err := exec(`INSERT INTO carts (id, user_id, status, created_at) VALUES (?, ?, 'active', ?)`, cart1, u.ID, now); err != nil {
		t.Fatal(err)
	}
	mustFail("second active cart", uniqueViolation, `INSERT INTO carts (id, user_id, status, created_at) VALUES (?, ?, 'active', ?)`, cart2, u.ID, now)
	if err := exec(`INSERT INTO carts (id, user_id, status, created_at) VALUES (?, ?, 'inactive', ?)`, cart2, u.ID, now); err != nil {
		t.Errorf("inactive cart beside an active one: %v", err)
	}
	mustFail("quantity 0", checkViolation, `INSERT INTO cart_items (cart_id, product_id, quantity, created_at, updated_at) VALUES (?, ?, 0, ?, ?)`, cart1, p.ID, now, now)
	mustFail("quantity 100", checkViolation, `INSERT INTO cart_items (cart_id, product_id, quantity, created_at, updated_at) VALUES (?, ?, 100, ?, ?)`, cart1, p.ID, now, now)
	if err := exec(`INSERT INTO cart_items (cart_id, product_id, quantity, created_at, updated_at) VALUES (?, ?, 1, ?, ?)`, cart1, p.ID, now, now); err != nil {
		t.Fatal(err)
	}
	mustFail("same product twice in a cart", uniqueViolation, `INSERT INTO cart_items (cart_id, product_id, quantity, created_at, updated_at) VALUES (?, ?, 2, ?, ?)`, cart1, p.ID, now, now)
	mustFail("message without a receiver", checkViolation, `INSERT INTO messages (sender_id, content, created_at) VALUES (?, 'x', ?)`, u.ID, now)
	mustFail("order status outside the enum", checkViolation, `INSERT INTO orders (id, user_id, status, amount, shipping_address, contact_info, created_at, updated_at) VALUES (?, ?, 'paid', 1, 'a', 'b', ?, ?)`,
		"0b6f9a40-0000-4000-8000-000000000003", u.ID, now, now)
	mustFail("wishlist duplicate", uniqueViolation, `INSERT INTO wishlists (user_id, product_id, date_added) VALUES (?, ?, ?), (?, ?, ?)`, u.ID, p.ID, now, u.ID, p.ID, now)
	mustFail("product of unknown store", foreignKeyViolation, `INSERT INTO products (store_id, name, slug, unit_price, created_at, updated_at) VALUES (999999, 'x', 'x', 1, ?, ?)`, now, now)
}

func testReset(t *testing.T, st *sqldb.Store) {
	testProductsBatch(t, st)
	if page, err := st.ListProducts(ctx, shop.ProductQuery{Limit: 1}); err != nil || page.Total != 1203 {
		t.Fatalf("before Reset: %d products listed, %v", page.Total, err)
	}
	if err := st.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	// Products are deleted only here: the catalogue index is built anew,
	// before Reset returns.
	if page, err := st.ListProducts(ctx, shop.ProductQuery{Limit: 1}); err != nil || page.Total != 0 {
		t.Fatalf("after Reset: %d products listed, %v", page.Total, err)
	}
	if n := st.CatalogueBuilds(); n != 2 {
		t.Fatalf("%d catalogue index builds; want one at start and one after Reset", n)
	}
	empty, err := st.CatalogueEmpty(ctx)
	if err != nil || !empty {
		t.Fatalf("after Reset: CatalogueEmpty = %v, %v", empty, err)
	}
	var users int
	if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&users); err != nil || users != 0 {
		t.Fatalf("users after Reset = %d, %v", users, err)
	}
}

// testCatchUp: writes marked shop.BulkWrites return before the catalogue
// index shows them; CatchUpCatalogue returns only once it shows every one.
func testCatchUp(t *testing.T, st *sqldb.Store) {
	st.StartCatalogue()
	if _, _, err := st.AppliedCatalogue(ctx); err != nil {
		t.Fatal(err)
	}
	bulk := shop.BulkWrites(ctx)
	for i := range 20 {
		c := &shop.Category{Name: fmt.Sprintf("Bulk %d", i), Slug: fmt.Sprintf("bulk-%d", i), Active: true, Level: 1}
		if err := st.CreateCategory(bulk, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CatchUpCatalogue(ctx); err != nil {
		t.Fatal(err)
	}
	applied, _, err := st.AppliedCatalogue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var committed int64
	if err := st.DB().R.QueryRowContext(ctx, `SELECT version FROM search_meta WHERE id = 1`).Scan(&committed); err != nil {
		t.Fatal(err)
	}
	if applied != committed {
		t.Errorf("after CatchUpCatalogue the index shows change %d; %d are committed", applied, committed)
	}
}
