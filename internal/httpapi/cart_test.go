package httpapi_test

import (
	"fmt"
	"maps"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// bagFixture: a store with an in-stock console (7), a sold-out controller,
// an inactive product, and two signed-in shoppers.
type bagFixture struct {
	a                            *shoptest.App
	console, controller, retired *shop.Product
	kofi, ama                    shoptest.Account
}

func newBagFixture(t *testing.T, st *sqldb.Store, env map[string]string) bagFixture {
	if _, ok := env["DWA_RATE_LIMITS"]; !ok {
		// Fixtures place many orders; TestOrderRateLimit covers the limit.
		env = maps.Clone(env)
		if env == nil {
			env = map[string]string{}
		}
		env["DWA_RATE_LIMITS"] = "order=off,verify=off"
	}
	a := shoptest.NewApp(t, st, env)
	s := a.OpenStore("Accra Game Hub")
	f := bagFixture{a: a}
	f.console = shoptest.NewProduct("X-Box Series S 512GB", 389900)
	f.console.StoreID, f.console.Inventory = s.ID, 7
	f.controller = shoptest.NewProduct("Xbox Wireless Controller", 79950)
	f.controller.Inventory = 0
	f.retired = shoptest.NewProduct("Xbox One", 100000)
	f.retired.Active = false
	a.Products(f.console, f.controller, f.retired)
	f.kofi, f.ama = a.Shopper("kofi_m"), a.Shopper("ama_k")
	return f
}

// add posts to the bag and returns the recorder.
func (f bagFixture) add(acc shoptest.Account, body string) (int, string) {
	w := f.a.Do("POST", "/api/store/cart-items/", body, acc.Auth()...)
	return w.Code, w.Body.String()
}

func (f bagFixture) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := f.a.Store.DB().R.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCartAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		cid := f.console.ID

		// Nothing exists yet.
		w := a.Do("GET", "/api/store/carts/", "", kofi.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `[]`)
		assertBody(t, a.Do("GET", "/api/store/cart-items", "", kofi.Auth()...).Body.String(), `[]`)
		assertStatus(t, a.Do("GET", "/api/store/cart-items/", "").Code, 401)

		// Validation in the contract's order; nothing is created on failure.
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"product_id":["This field is required."]}`},
			{`{"product_id":"abc","quantity":0}`, `{"product_id":["Incorrect type. Expected pk value, received str."],"quantity":["Ensure this value is greater than or equal to 1."]}`},
			{`{"product_id":999}`, `{"product_id":["Invalid pk \"999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"product_id":%d}`, f.retired.ID), fmt.Sprintf(`{"product_id":["Invalid pk \"%d\" - object does not exist."]}`, f.retired.ID)},
			{fmt.Sprintf(`{"product_id":%d,"quantity":100}`, cid), `{"quantity":["Ensure this value is less than or equal to 99."]}`},
			{fmt.Sprintf(`{"product_id":%d}`, f.controller.ID), `{"detail":"Product is out of stock","code":"out_of_stock"}`},
			{fmt.Sprintf(`{"product_id":%d,"quantity":8}`, cid), `{"quantity":["Only 7 left in stock."]}`},
		} {
			code, body := f.add(kofi, tc.body)
			if code != 400 || body != tc.want {
				t.Errorf("POST %s = %d %s; want 400 %s", tc.body, code, body, tc.want)
			}
		}
		if n := f.count(t, "carts"); n != 0 {
			t.Fatalf("failed adds created %d carts", n)
		}

		// A new line, then a merge.
		code, body := f.add(kofi, fmt.Sprintf(`{"product_id":"%d","quantity":2}`, cid))
		assertStatus(t, code, 201)
		var line struct {
			ID         int64
			Cart       string
			Quantity   int
			TotalPrice any `json:"total_price"`
			Available  bool
			Product    struct {
				ID        int64
				UnitPrice string `json:"unit_price"`
				Inventory int
				Store     struct {
					ID   int64
					Name string
				}
				Images []struct{ Image string }
			}
		}
		decode(t, []byte(body), &line)
		if line.Quantity != 2 || line.TotalPrice != 7798.0 || !line.Available || line.Product.UnitPrice != "3899.00" ||
			line.Product.Inventory != 7 || line.Product.Store.Name != "Accra Game Hub" || len(line.Product.Images) != 1 {
			t.Fatalf("line = %s", body)
		}
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"cart":"%s","product":{"id":%d,"name":"X-Box Series S 512GB","images":[{"image":"http://localhost:8080/media/demo/products/x-box-series-s-512gb.svg"}],"unit_price":"3899.00","inventory":7,"store":{"id":%d,"name":"Accra Game Hub"}},"quantity":2,"total_price":7798,"available":true,"updated_at":"…`,
			line.ID, line.Cart, cid, line.Product.Store.ID))
		code, body = f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":5}`, cid))
		assertStatus(t, code, 200)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"cart":"%s","product":…`, line.ID, line.Cart))
		code, body = f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, cid))
		if code != 400 || body != `{"quantity":["Only 7 left in stock."]}` {
			t.Fatalf("merge above stock = %d %s", code, body)
		}

		// The cart endpoints show the one active cart.
		assertBody(t, a.Do("GET", "/api/store/carts", "", kofi.Auth()...).Body.String(), `[{"id":"`+line.Cart+`","status":"active","created_at":"…`)
		w = a.Do("POST", "/api/store/carts/", "", kofi.Auth()...)
		assertStatus(t, w.Code, 200)
		assertStatus(t, a.Do("GET", "/api/store/carts/"+line.Cart, "", kofi.Auth()...).Code, 200)
		w = a.Do("GET", "/api/store/carts/"+line.Cart, "", f.ama.Auth()...)
		assertBody(t, w.Body.String(), `{"detail":"No Cart matches the given query.","code":"not_found"}`)
		assertBody(t, a.Do("GET", "/api/store/carts/not-a-uuid", "", kofi.Auth()...).Body.String(), `{"detail":"Not found.","code":"not_found"}`)
		w = a.Do("POST", "/api/store/carts", "", f.ama.Auth()...)
		assertStatus(t, w.Code, 201)

		// PATCH: required, 1–99, stock; PUT is not allowed.
		item := fmt.Sprintf("/api/store/cart-items/%d/", line.ID)
		for _, tc := range []struct {
			body string
			code int
			want string
		}{
			{`{}`, 400, `{"quantity":["This field is required."]}`},
			{`{"quantity":0}`, 400, `{"quantity":["Ensure this value is greater than or equal to 1."]}`},
			{`{"quantity":8}`, 400, `{"quantity":["Only 7 left in stock."]}`},
			{`{"quantity":"3","cart":"x","product":1}`, 200, fmt.Sprintf(`{"id":%d,…`, line.ID)},
		} {
			w := a.Do("PATCH", item, tc.body, kofi.Auth()...)
			if w.Code != tc.code {
				t.Errorf("PATCH %s = %d %s", tc.body, w.Code, w.Body)
			}
			assertBody(t, w.Body.String(), tc.want)
		}
		assertStatus(t, a.Do("PUT", item, `{"quantity":1}`, kofi.Auth()...).Code, 405)

		// A product that became unavailable is flagged, not dropped.
		exec(t, st, `UPDATE products SET inventory = 2 WHERE id = ?`, cid)
		var lines []struct {
			Quantity  int
			Available bool
		}
		decode(t, a.Do("GET", "/api/store/cart-items/", "", kofi.Auth()...).Body.Bytes(), &lines)
		if len(lines) != 1 || lines[0].Available || lines[0].Quantity != 3 {
			t.Fatalf("lines = %+v", lines)
		}

		// Another shopper never sees or changes the line.
		for _, m := range []string{"GET", "PATCH", "DELETE"} {
			w := a.Do(m, item, `{"quantity":1}`, f.ama.Auth()...)
			if w.Code != 404 || w.Body.String() != `{"detail":"No CartItem matches the given query.","code":"not_found"}` {
				t.Errorf("%s another's line = %d %s", m, w.Code, w.Body)
			}
		}
		assertBody(t, a.Do("GET", "/api/store/cart-items/", "", f.ama.Auth()...).Body.String(), `[]`)

		assertStatus(t, a.Do("DELETE", item, "", kofi.Auth()...).Code, 204)
		assertStatus(t, a.Do("DELETE", item, "", kofi.Auth()...).Code, 404)
		assertStatus(t, a.Do("GET", "/api/store/cart-items/abc", "", kofi.Auth()...).Code, 404)
	})
}

func TestCartFull(t *testing.T) {
	f := newBagFixture(t, shoptest.OpenSQLite(t), nil)
	ps := make([]*shop.Product, shop.MaxCartLines+1)
	for i := range ps {
		ps[i] = shoptest.NewProduct(fmt.Sprintf("Kente Cloth %d", i), 5000)
	}
	f.a.Products(ps...)
	for _, p := range ps[:shop.MaxCartLines] {
		if code, body := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d}`, p.ID)); code != 201 {
			t.Fatalf("add = %d %s", code, body)
		}
	}
	code, body := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d}`, ps[shop.MaxCartLines].ID))
	if code != 400 || body != `{"detail":"Your cart is full.","code":"cart_full"}` {
		t.Fatalf("101st line = %d %s", code, body)
	}
	// Merging into an existing line is still allowed.
	if code, _ := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d}`, ps[0].ID)); code != 200 {
		t.Fatalf("merge into a full cart = %d", code)
	}
}

func TestConcurrentAddsMerge(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		exec(t, st, `UPDATE products SET inventory = 50 WHERE id = ?`, f.console.ID)
		const n = 20
		codes := make(chan int, n)
		for range n {
			go func() {
				code, _ := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID))
				codes <- code
			}()
		}
		created := 0
		for range n {
			switch c := <-codes; c {
			case 201:
				created++
			case 200:
			default:
				t.Errorf("concurrent add = %d", c)
			}
		}
		var carts, qty int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*), SUM(quantity) FROM carts c JOIN cart_items i ON i.cart_id = c.id`).Scan(&carts, &qty); err != nil {
			t.Fatal(err)
		}
		if created != 1 || carts != 1 || qty != n {
			t.Fatalf("created %d lines, %d rows, quantity %d; want 1, 1, %d", created, carts, qty, n)
		}
	})
}
