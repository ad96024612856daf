package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// buyNowBody is an order of the given items JSON instead of the bag.
func buyNowBody(items string) string {
	return `{"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233 24 123 4567","items":` + items + `}`
}

// TestBuyNow: an order with items orders exactly those lines, with the bag
// order's checks and stock taken, and leaves the shopper's bag as it was.
func TestBuyNow(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		exec(t, st, `UPDATE products SET inventory = 10 WHERE id = ?`, f.controller.ID)
		if code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, f.console.ID)); code != 201 {
			t.Fatal(code, body)
		}
		bag := func() string { return a.Do("GET", "/api/store/cart-items/", "", kofi.Auth()...).Body.String() }
		before := bag()
		console, controller := f.console.ID, f.controller.ID

		for _, tc := range []struct {
			name, body string
			code       int
			want       string
		}{
			{"empty list", buyNowBody(`[]`), 400, `{"items":["This list may not be empty."]}`},
			{"not a list", buyNowBody(`"x"`), 400, `{"items":["Expected a list of items but got type \"str\"."]}`},
			{"null", buyNowBody(`null`), 400, `{"items":["This field may not be null."]}`},
			{"not objects", buyNowBody(`[3]`), 400, `{"items":["Invalid data. Expected a dictionary, but got int."]}`},
			{"no product", buyNowBody(`[{"quantity":1}]`), 400, `{"items[0].product_id":["This field is required."]}`},
			{"unknown product", buyNowBody(`[{"product_id":987654}]`), 400,
				`{"items[0].product_id":["Invalid pk \"987654\" - object does not exist."]}`},
			{"quantity 0", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":0}]`, controller)), 400,
				`{"items[0].quantity":["Ensure this value is greater than or equal to 1."]}`},
			{"quantity 100", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":100}]`, controller)), 400,
				`{"items[0].quantity":["Ensure this value is less than or equal to 99."]}`},
			{"quantity text", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":"two"}]`, controller)), 400,
				`{"items[0].quantity":["A valid integer is required."]}`},
			{"twice", buyNowBody(fmt.Sprintf(`[{"product_id":%d},{"product_id":%d}]`, controller, controller)), 400,
				`{"items[1].product_id":["This product is already in the list."]}`},
			{"with cart", fmt.Sprintf(`{"shipping_address":"x","contact_info":"0241234567","cart":"3b0e6f1a-8c2d-4f7e-9a10-5d2c7b8e9f01","items":[{"product_id":%d}]}`, controller),
				400, `{"cart":["Send either cart or items, not both."]}`},
			// Fields are judged with the items, before any product or stock.
			{"fields", fmt.Sprintf(`{"items":[{"product_id":%d,"quantity":100}]}`, controller), 400,
				`{"contact_info":["This field is required."],"items[0].quantity":["Ensure this value is less than or equal to 99."],"shipping_address":["This field is required."]}`},
			{"over stock", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":11}]`, controller)), 409,
				`{"detail":"Only 10 left of Xbox Wireless Controller.","code":"insufficient_stock"}`},
			{"inactive", buyNowBody(fmt.Sprintf(`[{"product_id":%d}]`, f.retired.ID)), 409,
				`{"detail":"Xbox One is no longer available.","code":"product_unavailable"}`},
			// The first short line in the order sent is reported; nothing is taken.
			{"second short", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":3},{"product_id":%d,"quantity":8}]`, controller, console)), 409,
				`{"detail":"Only 7 left of X-Box Series S 512GB.","code":"insufficient_stock"}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", "/api/store/orders/", tc.body, kofi.Auth()...)
				if w.Code != tc.code || w.Body.String() != tc.want {
					t.Errorf("= %d %s; want %d %s", w.Code, w.Body, tc.code, tc.want)
				}
				if got := bag(); got != before {
					t.Errorf("bag = %s; want %s", got, before)
				}
			})
		}
		if f.inventory(t, controller) != 10 || f.inventory(t, console) != 7 {
			t.Fatalf("refused orders took stock: %d, %d", f.inventory(t, controller), f.inventory(t, console))
		}

		// Placed: only the line asked for, amounts from the server, stock taken, bag untouched.
		w := a.Do("POST", "/api/store/orders/", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":3}]`, controller)), kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		var o orderOut
		decode(t, w.Body.Bytes(), &o)
		if o.Status != "pending" || o.Amount != 2398.5 || len(o.Items) != 1 || o.Items[0].Name != "Xbox Wireless Controller" ||
			o.Items[0].Quantity != 3 || o.Items[0].UnitPrice != "799.50" {
			t.Fatalf("order = %s", w.Body)
		}
		if f.inventory(t, controller) != 7 || f.inventory(t, console) != 7 {
			t.Fatalf("stock = %d, %d; want 7, 7", f.inventory(t, controller), f.inventory(t, console))
		}
		if got := bag(); got != before {
			t.Fatalf("bag after Buy Now = %s; want %s", got, before)
		}
		// The bag is still orderable as it was.
		bagOrder := f.order(t, kofi)
		if len(bagOrder.Items) != 1 || bagOrder.Items[0].Name != "X-Box Series S 512GB" || bagOrder.Items[0].Quantity != 2 {
			t.Fatalf("bag order = %+v", bagOrder)
		}

		// Without any bag, Buy Now still orders (no_active_cart is the bag's rule).
		w = a.Do("POST", "/api/store/orders/", buyNowBody(fmt.Sprintf(`[{"product_id":%d}]`, console)), f.ama.Auth()...)
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), `{"id":…,"status":"pending",…"amount":3899,…`)
	})
}

// TestBuyNowIdempotency: a repeated Buy Now with its key answers the same
// order; the key with other lines is refused.
func TestBuyNowIdempotency(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		key := []string{"Idempotency-Key", "buy-now-1"}
		body := buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":2}]`, f.console.ID))
		first := f.orderWith(t, f.kofi, body, key...)
		if again := f.orderWith(t, f.kofi, buyNowBody(fmt.Sprintf(`[{"product_id":"%d","quantity":2.0}]`, f.console.ID)), key...); again.ID != first.ID {
			t.Fatalf("replay made order %s; want %s", again.ID, first.ID)
		}
		if n := f.inventory(t, f.console.ID); n != 5 {
			t.Fatalf("stock = %d; want 5 (one order of 2)", n)
		}
		w := f.a.Do("POST", "/api/store/orders/", buyNowBody(fmt.Sprintf(`[{"product_id":%d,"quantity":1}]`, f.console.ID)),
			append(f.kofi.Auth(), key...)...)
		if w.Code != 422 || !strings.Contains(w.Body.String(), "idempotency_key_reused") {
			t.Fatalf("other lines, same key = %d %s", w.Code, w.Body)
		}
		// A bag order is another request too.
		w = f.a.Do("POST", "/api/store/orders/", orderBody, append(f.kofi.Auth(), key...)...)
		if w.Code != 422 {
			t.Fatalf("bag order, same key = %d %s", w.Code, w.Body)
		}
	})
}

// TestBuyNowRace: on one product, each shopper's bag order races their own
// Buy Now, and both race the seller's stock edits. No unit is sold twice:
// the stock ends at what it was plus what the accepted edits added, minus
// every unit ordered, and never below zero; each refusal is the shortfall.
func TestBuyNowRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		const n, stock = 30, 20
		f := newStockRace(t, st, n, stock)
		buyNow := buyNowBody(fmt.Sprintf(`[{"product_id":%d}]`, f.sellerID))
		var placed, added sync.Map
		short := fmt.Sprintf(`{"detail":"Only 0 left of %s.","code":"insufficient_stock"}`, "PlayStation 5 Slim")
		try := func(i int, body string) func() {
			return func() {
				w := f.a.Do("POST", "/api/store/orders/", body, f.buyers[i].Auth()...)
				switch {
				case w.Code == 201:
					placed.Store(fmt.Sprint(i, body == buyNow), true)
				case w.Code != 409 || !strings.HasPrefix(w.Body.String(), `{"detail":"Only `) ||
					!strings.HasSuffix(w.Body.String(), `left of PlayStation 5 Slim.","code":"insufficient_stock"}`):
					t.Errorf("buyer %d: %d %s (want 201 or %s)", i, w.Code, w.Body, short)
				}
			}
		}
		var fns []func()
		for i := range n {
			fns = append(fns, try(i, orderBody), try(i, buyNow))
			if i%3 == 0 {
				fns = append(fns, f.restock(t, i, 2, &added))
			}
		}
		race(fns...)
		var units int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE product_id = ?`),
			f.sellerID).Scan(&units); err != nil {
			t.Fatal(err)
		}
		left, edits := f.inventory(t, f.sellerID), count(&added)
		if units != count(&placed) || left < 0 || units+left != stock+2*edits {
			t.Fatalf("%d units in %d orders, %d left, %d edits; want units + left = %d", units, count(&placed), left, edits, stock+2*edits)
		}
		if units == 0 || units == 2*n {
			t.Fatalf("%d units sold of %d asked: the race never ran short", units, 2*n)
		}
		assertNoRetries(t, st)
	})
}

// TestBuyNowRateLimit: Buy Now counts against the order limit like a bag order.
func TestBuyNowRateLimit(t *testing.T) {
	f := newBagFixture(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "order=2/1m"})
	body := buyNowBody(fmt.Sprintf(`[{"product_id":%d}]`, f.console.ID))
	for i, tc := range []struct {
		body string
		want int
	}{{body, 201}, {orderBody, 400}, {body, 429}} {
		if w := f.a.Do("POST", "/api/store/orders/", tc.body, f.kofi.Auth()...); w.Code != tc.want {
			t.Fatalf("order %d = %d %s; want %d", i, w.Code, w.Body, tc.want)
		}
	}
}
