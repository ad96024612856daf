package service_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/shoptest/poll"
	"dwa/internal/store/sqldb"
)

// freshness is how soon a change committed on one instance must show on
// another (issue 15): appliers poll every 200 ms, and PostgreSQL notifies.
const freshness = time.Second

// feedFixture is a catalogue written through one instance and read
// through another, both on one database.
type feedFixture struct {
	t             *testing.T
	one, two      *shoptest.App
	st1, st2      *sqldb.Store
	staff, seller shoptest.Account
	shop          *shop.Store
	cloth, beads  *shop.Category
	kenteA        *shop.ProductDetail
	kenteB        *shop.ProductDetail
	bead          *shop.ProductDetail
}

func newFeedFixture(t *testing.T, st1, st2 *sqldb.Store) *feedFixture {
	f := &feedFixture{t: t, st1: st1, st2: st2, one: shoptest.NewApp(t, st1, nil), two: shoptest.NewApp(t, st2, nil)}
	f.staff = f.one.Staff("staff")
	f.seller, f.shop = f.one.Owner("akua", "Akua Weaves")
	f.cloth = f.one.Category("Cloth", "cloth", nil, 1, true)
	f.beads = f.one.Category("Beads", "beads", nil, 2, true)
	f.kenteA = f.create("Kente Royal", f.cloth, "100.00")
	f.kenteB = f.create("Kente Classic", f.cloth, "120.00")
	f.bead = f.create("Krobo Bead Necklace", f.beads, "40.00")
	return f
}

func (f *feedFixture) create(name string, cat *shop.Category, price string) *shop.ProductDetail {
	f.t.Helper()
	stock := int64(5)
	p, err := f.one.Svc.CreateSellerProduct(context.Background(), f.seller.User,
		service.ProductInput{Name: &name, CategoryID: &cat.ID, Price: &price, Inventory: &stock})
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}

func (f *feedFixture) edit(p *shop.ProductDetail, in service.ProductInput) {
	f.t.Helper()
	if _, err := f.one.Svc.UpdateSellerProduct(context.Background(), f.seller.User, p.ID, in); err != nil {
		f.t.Fatal(err)
	}
}

// ids lists products through an app's service.
func ids(t *testing.T, a *shoptest.App, filter service.ProductFilter) []int64 {
	t.Helper()
	filter.Limit = 50
	l, err := a.Svc.ListProducts(context.Background(), filter)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(l.Items))
	for i, p := range l.Items {
		out[i] = p.ID
	}
	if l.Total != len(out) {
		t.Fatalf("total %d for %d items", l.Total, len(out))
	}
	return out
}

// shows checks a change on both instances: on the writing one as soon as
// the write returned, on the other within freshness, polled.
func (f *feedFixture) shows(what string, filter service.ProductFilter, want ...int64) {
	f.t.Helper()
	if got := ids(f.t, f.one, filter); !slices.Equal(got, want) {
		f.t.Errorf("%s on the writing instance right after the write: %v; want %v", what, got, want)
	}
	deadline := time.Now().Add(freshness)
	for {
		got := ids(f.t, f.two, filter)
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			f.t.Errorf("%s on the other instance after %s: %v; want %v", what, freshness, got, want)
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func search(terms string) service.ProductFilter { return service.ProductFilter{Search: terms} }

// Each kind of catalogue change reaches another instance's lists and
// search within a second, by applying the change feed: neither instance
// builds its index again.
func TestCatalogueChangesReachAnotherInstance(t *testing.T) {
	shoptest.ForEachEngineTwice(t, func(t *testing.T, st1, st2 *sqldb.Store) {
		f := newFeedFixture(t, st1, st2)
		ctx := context.Background()
		a, b, bead := f.kenteA.ID, f.kenteB.ID, f.bead.ID
		byPrice := []shop.OrderKey{{Field: shop.OrderUnitPrice}}

		f.shows("a new product", search("kente"), a, b)

		price := "130.00"
		f.edit(f.kenteA, service.ProductInput{Price: &price})
		f.shows("a price", service.ProductFilter{Ordering: byPrice}, bead, b, a)
		above := shop.Money(12500)
		f.shows("a price filter", service.ProductFilter{PriceAbove: &above}, a)

		zero, five := int64(0), int64(5)
		f.edit(f.kenteA, service.ProductInput{Inventory: &zero, ExpectedInventory: &five})
		f.shows("stock to 0: in_stock", service.ProductFilter{InStock: true, Ordering: byPrice}, bead, b)
		f.shows("stock to 0: relevance puts the stocked first", search("kente"), b, a)
		f.edit(f.kenteA, service.ProductInput{Inventory: &five, ExpectedInventory: &zero})
		f.shows("stock back: in_stock", service.ProductFilter{InStock: true, Ordering: byPrice}, bead, b, a)
		f.shows("stock back: relevance", search("kente"), a, b)

		off, on := false, true
		f.edit(f.kenteB, service.ProductInput{Active: &off})
		f.shows("deactivation: list", service.ProductFilter{Ordering: byPrice}, bead, a)
		f.shows("deactivation: search", search("kente"), a)
		f.edit(f.kenteB, service.ProductInput{Active: &on})
		f.shows("reactivation", search("kente"), a, b)

		if _, err := f.one.Svc.EditCategory(ctx, f.staff.User, f.beads.ID, service.CategoryInput{Active: &off}); err != nil {
			t.Fatal(err)
		}
		f.shows("hidden category: list", service.ProductFilter{Ordering: byPrice}, b, a)
		f.shows("hidden category: search", search("krobo"))
		if _, err := f.one.Svc.EditCategory(ctx, f.staff.User, f.beads.ID, service.CategoryInput{Active: &on}); err != nil {
			t.Fatal(err)
		}
		f.shows("shown category", search("krobo"), bead)

		if _, err := f.one.Svc.SetStoreActive(ctx, f.staff.User, f.shop.ID, &off); err != nil {
			t.Fatal(err)
		}
		f.shows("suspended store", service.ProductFilter{Ordering: byPrice})
		if _, err := f.one.Svc.SetStoreActive(ctx, f.staff.User, f.shop.ID, &on); err != nil {
			t.Fatal(err)
		}
		f.shows("reinstated store", service.ProductFilter{Ordering: byPrice}, bead, b, a)

		name := "Adinkra Prints"
		if _, err := f.one.Svc.EditCategory(ctx, f.staff.User, f.cloth.ID, service.CategoryInput{Name: &name}); err != nil {
			t.Fatal(err)
		}
		f.shows("renamed category", search("adinkra"), a, b)
		name = "Bonwire Looms"
		if _, err := f.one.Svc.UpdateSellerStore(ctx, f.seller.User, service.StoreInput{Name: &name}); err != nil {
			t.Fatal(err)
		}
		f.shows("renamed store", service.ProductFilter{Search: "bonwire", Ordering: byPrice}, bead, b, a)

		c := f.create("Kente Stole", f.cloth, "60.00")
		f.shows("another new product: search", search("kente stole"), c.ID)
		f.shows("another new product: list", service.ProductFilter{Ordering: byPrice}, bead, c.ID, b, a)

		shopper := f.one.Shopper("yaw")
		r := &shop.Rating{ProductID: b, UserID: shopper.User.ID, Value: 5, CreatedAt: shoptest.Now}
		if err := st1.UpsertRating(ctx, r); err != nil {
			t.Fatal(err)
		}
		if _, err := f.one.Svc.ModerateRating(ctx, r.ID, true); err != nil {
			t.Fatal(err)
		}
		byRating := []shop.OrderKey{{Field: shop.OrderAverageRating, Desc: true}, {Field: shop.OrderUnitPrice}}
		f.shows("approved rating: ordering", service.ProductFilter{Ordering: byRating}, b, bead, c.ID, a)
		f.shows("approved rating: relevance ties", search("kente"), b, a, c.ID)

		for name, st := range map[string]*sqldb.Store{"writing": st1, "other": st2} {
			if n := st.CatalogueBuilds(); n != 1 {
				t.Errorf("the %s instance built its index %d times; want once, at start", name, n)
			}
		}
	})
}

// Readers listing and searching without pause while writers change prices,
// stock and names on another instance never see an error, never wait for
// a rebuild (each instance builds once), and end up with every change.
func TestCatalogueReadsDuringWrites(t *testing.T) {
	shoptest.ForEachEngineTwice(t, func(t *testing.T, st1, st2 *sqldb.Store) {
		f := newFeedFixture(t, st1, st2)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		reads := make(chan error, 4)
		for i, app := range []*shoptest.App{f.one, f.two, f.two, f.one} {
			go func() {
				n := 0
				for ctx.Err() == nil {
					filter := []service.ProductFilter{search("kente"), {Limit: 20}, {InStock: true, Limit: 20},
						{Ordering: []shop.OrderKey{{Field: shop.OrderName}}, Limit: 20}}[(i+n)%4]
					// Every other list reads the list cards the applier writes.
					filter.Limit, filter.Cards = 20, n%2 == 0
					l, err := app.Svc.ListProducts(context.Background(), filter)
					if err == nil && l.Total != len(l.Items) {
						err = fmt.Errorf("total %d for %d items", l.Total, len(l.Items))
					}
					if err != nil {
						reads <- err
						return
					}
					n++
				}
				reads <- nil
			}()
		}
		stock := int64(5)
		for i := range 31 { // the last one, 30, takes the stock to 0
			price, next := fmt.Sprintf("%d.00", 100+i), int64(i%3)
			name := fmt.Sprintf("Kente Royal %d", i)
			f.edit(f.kenteA, service.ProductInput{Price: &price, Name: &name})
			f.edit(f.kenteB, service.ProductInput{Inventory: &next, ExpectedInventory: &stock})
			stock = next
		}
		cancel()
		for range 4 {
			if err := <-reads; err != nil {
				t.Fatalf("a read during the writes: %v", err)
			}
		}
		f.shows("the last name", search("royal 30"), f.kenteA.ID)
		f.shows("the last stock", service.ProductFilter{InStock: true, Search: "kente"}, f.kenteA.ID)
		for name, st := range map[string]*sqldb.Store{"writing": st1, "other": st2} {
			if n := st.CatalogueBuilds(); n != 1 {
				t.Errorf("the %s instance built its index %d times; want once, at start", name, n)
			}
		}
	})
}

// An instance whose change notifications are lost (on PostgreSQL, its
// listening connection killed, as a database restart would; SQLite never
// notifies) still shows changes within a second, by polling, and goes on
// applying them after. On PostgreSQL the appliers' own connections are
// killed too: an applier gives a broken one up and takes another.
func TestCatalogueChangesArriveWithoutNotifications(t *testing.T) {
	shoptest.ForEachEngineTwice(t, func(t *testing.T, st1, st2 *sqldb.Store) {
		f := newFeedFixture(t, st1, st2)
		if st1.Engine() == "postgres" {
			var killed int
			err := st1.DB().W.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
				WHERE query LIKE 'LISTEN %' AND position('dwa_catalogue:' || current_schema() in query) > 0`).Scan(&killed)
			if err != nil || killed != 2 {
				t.Fatalf("terminated %d catalogue listeners of the two instances: %v", killed, err)
			}
			// An idle applier's connection last ran its look for changes
			// (every 200 ms); the connections of this test's schema carry
			// its name.
			appliers := `FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle'
				AND query LIKE 'SELECT version, tree_seq, reset_seq FROM search_meta%'
				AND application_name = current_setting('application_name')`
			deadline := time.Now().Add(5 * time.Second)
			for {
				var n int
				if err := st1.DB().W.QueryRow(`SELECT count(*) ` + appliers).Scan(&n); err != nil {
					t.Fatal(err)
				}
				if n >= 2 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("found the connections of %d appliers idle within 5 s; want both", n)
				}
				time.Sleep(10 * time.Millisecond)
			}
			if err := st1.DB().W.QueryRow(`SELECT count(pg_terminate_backend(pid)) ` + appliers).Scan(&killed); err != nil || killed < 2 {
				t.Fatalf("terminated %d applier connections: %v", killed, err)
			}
		}
		for _, price := range []string{"10.00", "500.00"} {
			f.edit(f.kenteB, service.ProductInput{Price: &price})
			f.shows("a price edit at "+price, service.ProductFilter{Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}},
				map[string][]int64{"10.00": {f.kenteB.ID, f.bead.ID, f.kenteA.ID},
					"500.00": {f.bead.ID, f.kenteA.ID, f.kenteB.ID}}[price]...)
		}
		if n := st2.CatalogueBuilds(); n != 1 {
			t.Errorf("the other instance built its index %d times; want once", n)
		}
	})
}

// /readyz's catalogue probe fails until the index is built, which the
// probe itself starts when nothing has yet.
func TestCatalogueReadyOnceBuilt(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		if err := st.CatalogueReady(ctx); err == nil {
			t.Fatal("ready before the index was built")
		}
		deadline := time.Now().Add(5 * time.Second)
		for st.CatalogueReady(ctx) != nil {
			if time.Now().After(deadline) {
				t.Fatal("the catalogue index was not built within 5 s")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if n := st.CatalogueBuilds(); n != 1 {
			t.Errorf("%d builds; want 1", n)
		}
	})
}

// Once enough products have changed, the index is compacted in the
// background; edits applied meanwhile are applied again to the compacted
// index, so none is lost when it replaces the current one.
func TestCatalogueCompactsInTheBackground(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		a := shoptest.NewApp(t, st, nil)
		bulk := a.Category("Bulk", "bulk", nil, 1, true)
		ps := make([]*shop.Product, 5000) // past catindex's delta bound of 4096
		for i := range ps {
			ps[i] = shoptest.NewProduct(fmt.Sprintf("Bulk item %d", i), shop.Money(100+i), bulk)
		}
		a.Products(ps...)
		seller, store := a.Owner("kojo", "Kojo Goods")
		mine := shoptest.NewProduct("Kojo Drum", 100, bulk)
		mine.StoreID = store.ID
		a.Products(mine)
		dear := shop.Money(1_000_000)
		for i := range 20 {
			price := fmt.Sprintf("%d.00", 20000+i)
			if _, err := a.Svc.UpdateSellerProduct(ctx, seller.User, mine.ID, service.ProductInput{Price: &price}); err != nil {
				t.Fatal(err)
			}
		}
		deadline := time.Now().Add(30 * time.Second)
		for st.CatalogueCompactions() == 0 {
			if time.Now().After(deadline) {
				t.Fatal("no compaction within 30 s after 5,001 new products")
			}
			time.Sleep(10 * time.Millisecond)
		}
		l, err := a.Svc.ListProducts(ctx, service.ProductFilter{PriceAbove: &dear, Limit: 5,
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}})
		if err != nil || l.Total != 1 || l.Items[0].ID != mine.ID || l.Items[0].UnitPrice != 2001900 {
			t.Fatalf("after compaction: %+v, %v; want the drum at its last price", l, err)
		}
		if all, err := a.Svc.ListProducts(ctx, service.ProductFilter{Limit: 1}); err != nil || all.Total != 5001 {
			t.Fatalf("after compaction: %d products, %v; want 5001", all.Total, err)
		}
		if n := st.CatalogueBuilds(); n != 1 {
			t.Errorf("%d builds; want 1", n)
		}
	})
}

// A change that stamps more products than the applier reads in one batch
// (a bulk load, a category rename) reaches another instance whole: the
// batch that ends inside it is completed, so no product of it is lost.
func TestOneChangeOfManyProductsReachesAnotherInstance(t *testing.T) {
	shoptest.ForEachEngineTwice(t, func(t *testing.T, st1, st2 *sqldb.Store) {
		ctx := context.Background()
		one, two := shoptest.NewApp(t, st1, nil), shoptest.NewApp(t, st2, nil)
		staff := one.Staff("staff")
		bulk := one.Category("Bulk", "bulk", nil, 1, true)
		ps := make([]*shop.Product, 1234) // past two batches of the applier's 500
		for i := range ps {
			ps[i] = shoptest.NewProduct(fmt.Sprintf("Bulk item %d", i), shop.Money(100+i), bulk)
		}
		one.Products(ps...)
		if !poll.Within(freshness, func() bool {
			l, err := two.Svc.ListProducts(ctx, service.ProductFilter{Limit: 1})
			return err == nil && l.Total == len(ps)
		}) {
			t.Fatalf("the other instance does not list all %d new products within %s", len(ps), freshness)
		}
		name := "Wholesale"
		if _, err := one.Svc.EditCategory(ctx, staff.User, bulk.ID, service.CategoryInput{Name: &name}); err != nil {
			t.Fatal(err)
		}
		if !poll.Within(freshness, func() bool {
			l, err := two.Svc.ListProducts(ctx, service.ProductFilter{Search: "wholesale", Limit: 1})
			return err == nil && l.Total == len(ps)
		}) {
			t.Fatalf("the other instance does not find the renamed category's %d products within %s", len(ps), freshness)
		}
	})
}
