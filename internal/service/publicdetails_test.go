package service_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// detailReads is a store that records the ids of every ProductDetails call.
type detailReads struct {
	*sqldb.Store
	mu   sync.Mutex
	read [][]int64
}

func (r *detailReads) ProductDetails(ctx context.Context, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	r.mu.Lock()
	r.read = append(r.read, slices.Clone(ids))
	r.mu.Unlock()
	return r.Store.ProductDetails(ctx, ids, opts)
}

// take returns the calls recorded since the last take.
func (r *detailReads) take() [][]int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	read := r.read
	r.read = nil
	return read
}

// catalogueFixture is a store of 30 products in one category, written
// through a shoptest app.
type catalogueFixture struct {
	t        *testing.T
	a        *shoptest.App
	owner    shoptest.Account
	gaming   *shop.Category
	products []*shop.Product
}

func newCatalogueFixture(t *testing.T, st *sqldb.Store) *catalogueFixture {
	f := &catalogueFixture{t: t, a: shoptest.NewApp(t, st, nil)}
	var store *shop.Store
	f.owner, store = f.a.Owner("kwame", "Accra Game Hub")
	f.gaming = f.a.Category("Gaming", "gaming", nil, 1, true)
	for i := range 30 {
		p := shoptest.NewProduct(fmt.Sprintf("Controller %d", i), shop.Money(78000+100*i), f.gaming)
		p.StoreID = store.ID
		f.products = append(f.products, p)
	}
	f.a.Products(f.products...)
	return f
}

// edit changes a product through the writing instance's service.
func (f *catalogueFixture) edit(p *shop.Product, in service.ProductInput) {
	f.t.Helper()
	if _, err := f.a.Svc.UpdateSellerProduct(context.Background(), f.owner.User, p.ID, in); err != nil {
		f.t.Fatal(err)
	}
}

// TestListMissesReadOnlyChangedProducts: a list computed again after a
// change (as when the change drops its kept HTTP answer) reads from the
// database the details of the changed products on its page, and nothing
// when none of them is on it.
func TestListMissesReadOnlyChangedProducts(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		f := newCatalogueFixture(t, st)
		reads := &detailReads{Store: st}
		svc, err := service.New(service.Deps{Store: reads, Payments: testpay.New(time.Now), OrderExpiry: time.Hour,
			MobileMoneyTimeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		// The 10 cheapest: products 0–9.
		page := service.ProductFilter{CategorySlugs: [shop.MaxCategoryDepth]string{"gaming"},
			Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}, Limit: 10}
		list := func() (service.ProductList, int64, [][]int64) {
			t.Helper()
			before := st.DB().QueryCount()
			l, err := svc.ListProducts(ctx, page)
			if err != nil {
				t.Fatal(err)
			}
			return l, st.DB().QueryCount() - before, reads.take()
		}
		if l, _, read := list(); len(l.Items) != 10 || len(read) != 1 || len(read[0]) != 10 {
			t.Fatalf("first list: %d items, detail reads %v", len(l.Items), read)
		}

		price := "790.00" // product 25 stays past the page
		f.edit(f.products[25], service.ProductInput{Price: &price})
		if l, n, read := list(); n != 0 || len(read) != 0 || len(l.Items) != 10 {
			t.Errorf("after a change off the page: %d statements, detail reads %v, %d items; want none, none, 10",
				n, read, len(l.Items))
		}

		price = "700.00" // product 3 becomes the cheapest
		f.edit(f.products[3], service.ProductInput{Price: &price})
		l, _, read := list()
		if want := [][]int64{{f.products[3].ID}}; !slices.EqualFunc(read, want, slices.Equal) {
			t.Errorf("after a change on the page: detail reads %v; want %v", read, want)
		}
		if len(l.Items) != 10 || l.Items[0].ID != f.products[3].ID || l.Items[0].UnitPrice != 70000 {
			t.Errorf("after a change on the page: first item %+v of %d", l.Items[0].Product, len(l.Items))
		}
	})
}

// TestPublicDetailsShowChangesAtOnce: every kind of write a product's
// public detail shows is in the writer's very next detail and list.
func TestPublicDetailsShowChangesAtOnce(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		f := newCatalogueFixture(t, st)
		staff := f.a.Staff("staff")
		p := f.products[0]
		opts := shop.DetailOptions{Reviews: true, Newest: service.NewestEmbedded}
		listed := func() *shop.ProductDetail {
			t.Helper()
			l, err := f.a.Svc.ListProducts(ctx, service.ProductFilter{Ordering: []shop.OrderKey{{Field: shop.OrderName}},
				Limit: 100, Detail: opts})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range l.Items {
				if d.ID == p.ID {
					return d
				}
			}
			return nil
		}
		price, stock, expected, name, off, on := "700.00", int64(2), int64(5), "Controller Pro", false, true
		for _, tc := range []struct {
			name   string
			change func()
			shows  func(d *shop.ProductDetail) bool
		}{
			{"price", func() { f.edit(p, service.ProductInput{Price: &price}) },
				func(d *shop.ProductDetail) bool { return d.UnitPrice == 70000 }},
			{"stock", func() { f.edit(p, service.ProductInput{Inventory: &stock, ExpectedInventory: &expected}) },
				func(d *shop.ProductDetail) bool { return d.Inventory == 2 }},
			{"name", func() { f.edit(p, service.ProductInput{Name: &name}) },
				func(d *shop.ProductDetail) bool { return d.Name == name }},
			{"approved review", func() {
				id := f.a.Review(p, "ama", "Works great.", shop.StatusPending, shoptest.Now)
				if _, err := f.a.Svc.ModerateReview(ctx, id, true); err != nil {
					t.Fatal(err)
				}
			}, func(d *shop.ProductDetail) bool { return d.ReviewsCount == 1 && len(d.NewestReviews) == 1 }},
			{"category name", func() {
				renamed := "Consoles"
				if _, err := f.a.Svc.EditCategory(ctx, staff.User, f.gaming.ID, service.CategoryInput{Name: &renamed}); err != nil {
					t.Fatal(err)
				}
			}, func(d *shop.ProductDetail) bool { return d.CategoryNames[0] == "Consoles" }},
			{"store name", func() {
				renamed := "Osu Game Hub"
				if _, err := f.a.Svc.UpdateSellerStore(ctx, f.owner.User, service.StoreInput{Name: &renamed}); err != nil {
					t.Fatal(err)
				}
			}, func(d *shop.ProductDetail) bool { return d.Store != nil && d.Store.Name == "Osu Game Hub" }},
		} {
			// Kept before the change, by both paths.
			if _, err := f.a.Svc.Product(ctx, p.ID, opts); err != nil || listed() == nil {
				t.Fatalf("%s: before the change: %v", tc.name, err)
			}
			tc.change()
			if d, err := f.a.Svc.Product(ctx, p.ID, opts); err != nil || !tc.shows(d) {
				t.Errorf("%s: the detail right after the change: %+v, %v", tc.name, d, err)
			}
			if d := listed(); d == nil || !tc.shows(d) {
				t.Errorf("%s: the list right after the change: %+v", tc.name, d)
			}
		}

		f.edit(p, service.ProductInput{Active: &off})
		if _, err := f.a.Svc.Product(ctx, p.ID, opts); shop.KindOf(err) != shop.KindNotFound {
			t.Errorf("a deactivated product: %v; want not found", err)
		}
		if d := listed(); d != nil {
			t.Error("a deactivated product is still listed")
		}
		f.edit(p, service.ProductInput{Active: &on})
		if _, err := f.a.Svc.Product(ctx, p.ID, opts); err != nil {
			t.Errorf("a reactivated product: %v", err)
		}
	})
}
