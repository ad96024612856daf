package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

func TestAdminStores(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff := a.Staff("esi")
		auth := append(staff.Auth(), "Content-Type", "application/json")
		a.OpenStore("Accra Game Hub")
		yaa, gone := a.Shopper("yaa_beads"), a.Shopper("gone_user")
		w := a.Do("PATCH", fmt.Sprintf("/api/admin/users/%d/", gone.User.ID), `{"is_active":false}`, auth...)
		assertStatus(t, w.Code, 200)

		for _, tc := range []struct{ name, body, want string }{
			{"nothing", `{}`, `{"name":["This field is required."],"owner":["This field is required."]}`},
			{"blank", `{"owner":" ","name":" "}`, `{"name":["This field may not be blank."],"owner":["This field may not be blank."]}`},
			{"unknown owner", `{"owner":"nobody","name":"Beads"}`, `{"owner":["No active user has this username."]}`},
			{"deactivated owner", `{"owner":"gone_user","name":"Beads"}`, `{"owner":["No active user has this username."]}`},
			{"owner with a store", `{"owner":"owner_accra","name":"Beads"}`, `{"owner":["This user already has a store."]}`},
			{"name in use, other case", `{"owner":"yaa_beads","name":"ACCRA game hub"}`, `{"name":["A store with this name already exists."]}`},
			{"long name", `{"owner":"yaa_beads","name":"` + strings.Repeat("b", 101) + `"}`, `{"name":["Ensure this field has no more than 100 characters."]}`},
			{"wrong type", `{"owner":"yaa_beads","name":["Beads"]}`, `{"name":["Not a valid string."]}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/admin/stores/", tc.body, auth...)
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		if w := a.Do("GET", "/api/seller/store/", "", yaa.Auth()...); w.Code != 403 {
			t.Fatalf("refused creates opened a store: %d %s", w.Code, w.Body)
		}

		w = a.Do("POST", "/api/admin/stores/", `{"owner":"YAA_BEADS","name":"Yaa's Beads","contact_info":"+233 20 111 2222"}`, auth...)
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), `{"id":…,"name":"Yaa's Beads","logo":"","description":"","contact_info":"+233 20 111 2222","address":"","is_active":true,"created_at":…,"owner":"yaa_beads","products":0}`)
		var created struct{ ID int64 }
		decode(t, w.Body.Bytes(), &created)
		// The new owner has the Seller Centre at once.
		w = a.Do("GET", "/api/seller/store/", "", yaa.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"name":"Yaa's Beads",…`, created.ID))

		for _, tc := range []struct{ query, want string }{
			{"", `[{"id":…,"name":"Accra Game Hub",…,"owner":"owner_accra","products":0},{"id":…,"name":"Yaa's Beads",…`},
			{"?search=YAA", `[{"id":…,"name":"Yaa's Beads",…`},
			{"?search=owner_acc", `[{"id":…,"name":"Accra Game Hub",…`},
			{"?search=100%25", `[]`},
			{"?status=suspended", `[]`},
			{"?page=1&page_size=1", `{"count":2,"next":…`},
		} {
			w = a.Do("GET", "/api/admin/stores/"+tc.query, "", auth...)
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), tc.want)
		}
		w = a.Do("GET", "/api/admin/stores/?status=closed", "", auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"status":["Select a valid choice. \"closed\" is not one of the available choices."]}`)

		store := fmt.Sprintf("/api/admin/stores/%d/", created.ID)
		for _, tc := range []struct {
			path, body, want string
			code             int
		}{
			{store, `{}`, `{"is_active":["This field is required."]}`, 400},
			{store, `{"is_active":"no"}`, `{"is_active":["Must be a valid boolean."]}`, 400},
			{"/api/admin/stores/999999/", `{"is_active":false}`, `{"detail":"No Store matches the given query.","code":"not_found"}`, 404},
			{"/api/admin/stores/abc/", `{"is_active":false}`, `{"detail":"No Store matches the given query.","code":"not_found"}`, 404},
		} {
			w = a.Do("PATCH", tc.path, tc.body, auth...)
			assertStatus(t, w.Code, tc.code)
			assertBody(t, w.Body.String(), tc.want)
		}
		w = a.Do("PATCH", store, `{"is_active":false}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"name":"Yaa's Beads",…,"is_active":false,…,"owner":"yaa_beads","products":0}`, created.ID))
		w = a.Do("GET", "/api/admin/stores/?status=suspended", "", auth...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,"name":"Yaa's Beads",…`, created.ID))
		w = a.Do("GET", "/api/admin/stores/?status=active", "", auth...)
		assertBody(t, w.Body.String(), `[{"id":…,"name":"Accra Game Hub",…]`)
		// The owner keeps the Seller Centre, and sees the suspension.
		w = a.Do("GET", "/api/seller/store/", "", yaa.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{…"is_active":false,…`)
	})
}

// A suspended store's products leave every shopper-facing read at once —
// lists, search, detail, the store directory, wishlists — cannot be carted
// or ordered, and come back when the store is reinstated.
func TestSuspendedStoreLeavesTheShop(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		staff := a.Staff("esi")
		auth := append(staff.Auth(), "Content-Type", "application/json")
		console := fmt.Sprintf("/api/store/products/%d/", f.console.ID)
		if code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID)); code != 201 {
			t.Fatal(code, body)
		}
		w := a.Do("POST", "/api/store/wishlists/", fmt.Sprintf(`{"product":%d}`, f.console.ID), kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		var entry struct{ ID int64 }
		decode(t, w.Body.Bytes(), &entry)
		// Warm the public caches so the suspension has to move them.
		for _, read := range []struct{ path, shows string }{
			{"/api/store/products/", "X-Box Series S 512GB"},
			{"/api/store/products/?search=series", "X-Box Series S 512GB"},
			{"/api/store/products/?search=seri&page_size=5", "X-Box Series S 512GB"},
			{console, "X-Box Series S 512GB"},
			{"/api/store/stores/", "Accra Game Hub"},
		} {
			w := a.Do("GET", read.path, "")
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), "…"+read.shows+"…")
		}

		suspend := func(active bool) {
			t.Helper()
			w := a.Do("PATCH", fmt.Sprintf("/api/admin/stores/%d/", f.console.StoreID), fmt.Sprintf(`{"is_active":%t}`, active), auth...)
			assertStatus(t, w.Code, 200)
		}
		suspend(false)
		for _, tc := range []struct {
			path string
			code int
			want string
		}{
			// The controller has no store and stays.
			{"/api/store/products/", 200, fmt.Sprintf(`[{"id":%d,"name":"Xbox Wireless Controller",…"store":null,…}]`, f.controller.ID)},
			{"/api/store/products/?search=series", 200, `[]`},
			{"/api/store/products/?search=seri&page_size=5", 200, `{"count":0,…`},
			{fmt.Sprintf("/api/store/products/?store=%d", f.console.StoreID), 200, `[]`},
			{console, 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"/api/store/stores/", 200, `[]`},
			{fmt.Sprintf("/api/store/stores/%d/", f.console.StoreID), 404, `{"detail":"No Store matches the given query.","code":"not_found"}`},
		} {
			w := a.Do("GET", tc.path, "")
			assertStatus(t, w.Code, tc.code)
			assertBody(t, w.Body.String(), tc.want)
		}
		w = a.Do("GET", "/api/store/wishlists/", "", kofi.Auth()...)
		assertBody(t, w.Body.String(), `[]`)
		w = a.Do("GET", fmt.Sprintf("/api/store/wishlists/%d/", entry.ID), "", kofi.Auth()...)
		assertStatus(t, w.Code, 404)
		w = a.Do("GET", "/api/store/cart-items/", "", kofi.Auth()...)
		assertBody(t, w.Body.String(), `[{…"available":false…}]`)
		code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID))
		assertStatus(t, code, 400)
		assertBody(t, body, fmt.Sprintf(`{"product_id":["Invalid pk \"%d\" - object does not exist."]}`, f.console.ID))
		w = a.Do("POST", "/api/store/orders/", orderBody, kofi.Auth()...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"X-Box Series S 512GB is no longer available.","code":"product_unavailable"}`)
		if n, inv := f.count(t, "orders"), f.inventory(t, f.console.ID); n != 0 || inv != 7 {
			t.Fatalf("refused order left %d orders, stock %d; want 0, 7", n, inv)
		}
		w = a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Is it back?","receiver_store":%d}`, f.console.StoreID), kofi.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"receiver_store":["Invalid pk \"%d\" - object does not exist."]}`, f.console.StoreID))

		suspend(true)
		w = a.Do("GET", "/api/store/products/?search=series", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…`, f.console.ID))
		w = a.Do("GET", "/api/store/wishlists/", "", kofi.Auth()...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…`, entry.ID))
		if o := f.order(t, kofi); len(o.Items) != 1 {
			t.Fatalf("order after reinstating = %+v", o)
		}
	})
}
