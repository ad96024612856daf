package httpapi_test

import (
	"fmt"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestBoughtTogetherAPI: the products sharing the most paid orders with a
// product, from real orders (pending and cancelled ones do not count), never
// inactive or hidden products, and the product's deactivation seen at once
// although the ranking is kept.
func TestBoughtTogetherAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		owner, store := a.Owner("kwame_gamehub", "Accra Game Hub")
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		retired := a.Category("Retired", "retired", gaming, 2, false)
		mk := func(name string, cats ...*shop.Category) *shop.Product {
			p := shoptest.NewProduct(name, 10000, cats...)
			p.StoreID, p.Inventory = store.ID, 20
			return p
		}
		console := mk("PlayStation 5 Slim", gaming)
		pad := mk("DualSense Controller", gaming)
		headset := mk("Pulse 3D Headset", gaming)
		game := mk("EA FC 25", gaming)
		oldConsole := mk("PlayStation 3", gaming)
		arcade := mk("Arcade Cabinet", gaming, retired)
		lonely := mk("Console Stand", gaming)
		a.Products(console, pad, headset, game, oldConsole, arcade, lonely)
		ama, kofi := a.Shopper("ama"), a.Shopper("kofi")
		a.Purchase(ama.User, shop.OrderDelivered, console, pad, headset)
		a.Purchase(kofi.User, shop.OrderShipped, console, pad)
		a.Purchase(kofi.User, shop.OrderProcessing, console, game, arcade)
		a.Purchase(ama.User, shop.OrderDelivered, console, oldConsole, arcade)
		a.Purchase(ama.User, shop.OrderDelivered, console, oldConsole)
		a.Purchase(ama.User, shop.OrderDelivered, console, oldConsole)
		// Not paid, or given up: not "bought".
		a.Purchase(kofi.User, shop.OrderPending, console, game, game)
		a.Purchase(kofi.User, shop.OrderCancelled, console, game, game)
		a.Purchase(kofi.User, shop.OrderCancelled, console, headset)
		// oldConsole is the most bought with the console but inactive.
		w := a.Do("DELETE", fmt.Sprintf("/api/seller/products/%d/", oldConsole.ID), "", owner.Auth()...)
		if w.Code >= 300 {
			t.Fatalf("deactivate: %d %s", w.Code, w.Body)
		}

		path := func(p *shop.Product) string {
			return fmt.Sprintf("/api/store/products/%d/bought-together/?fields=id,name", p.ID)
		}
		names := func(ps ...*shop.Product) string {
			s := `{"results":[`
			for i, p := range ps {
				if i > 0 {
					s += ","
				}
				s += fmt.Sprintf(`{"id":%d,"name":%q}`, p.ID, p.Name)
			}
			return s + "]}"
		}
		cases := []struct {
			name, target string
			code         int
			body         string
		}{
			// pad 2 orders; headset and game 1 each (ties by id); never
			// the inactive oldConsole (3) or arcade in a hidden category.
			{"ranked by shared paid orders", path(console), 200, names(pad, headset, game)},
			{"the other way", path(pad), 200, names(console, headset)},
			{"never bought", path(lonely), 200, `{"results":[]}`},
			{"an inactive product", path(oldConsole), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"a hidden product", path(arcade), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"unknown", "/api/store/products/999999/bought-together/", 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"not an id", "/api/store/products/ps5/bought-together/", 404, `{"detail":"Not found.","code":"not_found"}`},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				w := a.Do("GET", c.target, "")
				assertStatus(t, w.Code, c.code)
				assertBody(t, w.Body.String(), c.body)
			})
		}

		// The ranking is kept, what is shown of it is not: a product the
		// store takes down leaves the answer at once.
		w = a.Do("DELETE", fmt.Sprintf("/api/seller/products/%d/", headset.ID), "", owner.Auth()...)
		if w.Code >= 300 {
			t.Fatalf("deactivate headset: %d %s", w.Code, w.Body)
		}
		w = a.Do("GET", path(console), "")
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), names(pad, game))
	})
}
