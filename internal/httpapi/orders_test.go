package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const orderBody = `{"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233 24 123 4567"}`

type orderOut struct {
	ID     string
	Status string
	Amount float64
	Items  []struct {
		ID         int64
		Name       string
		Quantity   int
		UnitPrice  string  `json:"unit_price"`
		TotalPrice float64 `json:"total_price"`
	}
	PaidAt *string `json:"paid_at"`
}

func (f bagFixture) inventory(t *testing.T, id int64) int {
	t.Helper()
	var n int
	if err := f.a.Store.DB().R.QueryRow(f.a.Store.DB().Rebind(`SELECT inventory FROM products WHERE id = ?`), id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// order places an order of acc's bag and decodes it.
func (f bagFixture) order(t *testing.T, acc shoptest.Account, headers ...string) orderOut {
	t.Helper()
	return f.orderWith(t, acc, orderBody, headers...)
}

// orderWith places acc's order with the body (a Buy Now's lines, say) and decodes it.
func (f bagFixture) orderWith(t *testing.T, acc shoptest.Account, body string, headers ...string) orderOut {
	t.Helper()
	w := f.a.Do("POST", "/api/store/orders/", body, append(acc.Auth(), headers...)...)
	if w.Code != 201 {
		t.Fatalf("place order = %d %s", w.Code, w.Body)
	}
	var o orderOut
	decode(t, w.Body.Bytes(), &o)
	return o
}

func TestPlaceOrder(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		post := func(body string, h ...string) (int, string) {
			w := a.Do("POST", "/api/store/orders/", body, append(kofi.Auth(), h...)...)
			return w.Code, w.Body.String()
		}
		// No cart, then an empty cart, come before field validation.
		for _, tc := range []struct{ setup, body, want string }{
			{"", `{}`, `{"detail":"No active cart found","code":"no_active_cart"}`},
			{"cart", `{}`, `{"detail":"Cart is empty. Cannot create order.","code":"cart_empty"}`},
			{"line", `{}`, `{"contact_info":["This field is required."],"shipping_address":["This field is required."]}`},
			{"", `{"shipping_address":" ","contact_info":"12345"}`, `{"contact_info":["Enter a valid phone number."],"shipping_address":["This field may not be blank."]}`},
			{"", `{"shipping_address":"x","contact_info":"0241234567","cart":"3b0e6f1a-8c2d-4f7e-9a10-5d2c7b8e9f01"}`, `{"cart":["Invalid cart."]}`},
		} {
			switch tc.setup {
			case "cart":
				assertStatus(t, a.Do("POST", "/api/store/carts/", "", kofi.Auth()...).Code, 201)
			case "line":
				if code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, f.console.ID)); code != 201 {
					t.Fatal(code, body)
				}
			}
			if code, body := post(tc.body); code != 400 || body != tc.want {
				t.Errorf("POST %s = %d %s; want 400 %s", tc.body, code, body, tc.want)
			}
		}

		// Placed: snapshots, amount in pesewas, stock taken, cart closed.
		w := a.Do("POST", "/api/store/orders/", orderBody, kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		var o orderOut
		decode(t, w.Body.Bytes(), &o)
		if loc := w.Header().Get("Location"); !strings.HasSuffix(loc, "/api/store/orders/"+o.ID+"/") {
			t.Errorf("Location = %q", loc)
		}
		assertBody(t, w.Body.String(), `{"id":"`+o.ID+`","status":"pending","created_at":"…`)
		if o.Amount != 7798 || len(o.Items) != 1 || o.Items[0].UnitPrice != "3899.00" || o.Items[0].TotalPrice != 7798 || o.PaidAt != nil {
			t.Fatalf("order = %s", w.Body)
		}
		if !strings.Contains(w.Body.String(), `"user_email":"kofi_m@example.com","items":[{"id":`) {
			t.Errorf("order = %s", w.Body)
		}
		if n := f.inventory(t, f.console.ID); n != 5 {
			t.Fatalf("inventory = %d; want 5", n)
		}
		if code, body := post(orderBody); code != 400 || !strings.Contains(body, "no_active_cart") {
			t.Fatalf("second order from a closed cart = %d %s", code, body)
		}
		// Snapshots survive price and name changes.
		exec(t, st, `UPDATE products SET unit_price = 100, name = 'Renamed' WHERE id = ?`, f.console.ID)
		assertBody(t, a.Do("GET", "/api/store/orders/"+strings.ToUpper(o.ID), "", kofi.Auth()...).Body.String(),
			`{"id":"`+o.ID+`","status":"pending","created_at":"…`)
		var got orderOut
		decode(t, a.Do("GET", "/api/store/orders/"+o.ID+"/", "", kofi.Auth()...).Body.Bytes(), &got)
		if got.Amount != 7798 || got.Items[0].Name != "X-Box Series S 512GB" || got.Items[0].UnitPrice != "3899.00" {
			t.Fatalf("snapshot changed: %+v", got)
		}

		// Shortfall and unavailable lines roll everything back.
		exec(t, st, `UPDATE products SET unit_price = 389900, name = 'X-Box Series S 512GB', inventory = 1 WHERE id = ?`, f.console.ID)
		other := &f.controller.ID
		exec(t, st, `UPDATE products SET inventory = 10 WHERE id = ?`, *other)
		f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, *other))
		f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID))
		exec(t, st, `UPDATE cart_items SET quantity = 2 WHERE product_id = ?`, f.console.ID)
		if code, body := post(orderBody); code != 409 || body != `{"detail":"Only 1 left of X-Box Series S 512GB.","code":"insufficient_stock"}` {
			t.Fatalf("shortfall = %d %s", code, body)
		}
		if n := f.inventory(t, *other); n != 10 {
			t.Fatalf("rolled-back line's inventory = %d; want 10", n)
		}
		exec(t, st, `UPDATE products SET is_active = FALSE WHERE id = ?`, *other)
		if code, body := post(orderBody); code != 409 || body != `{"detail":"Xbox Wireless Controller is no longer available.","code":"product_unavailable"}` {
			t.Fatalf("unavailable = %d %s", code, body)
		}

		// Another shopper gets 404 for every order endpoint; customers never PUT/PATCH.
		for _, m := range []string{"GET", "DELETE"} {
			w := a.Do(m, "/api/store/orders/"+o.ID, "", f.ama.Auth()...)
			if w.Code != 404 || w.Body.String() != `{"detail":"No Order matches the given query.","code":"not_found"}` {
				t.Errorf("%s another's order = %d %s", m, w.Code, w.Body)
			}
		}
		assertBody(t, a.Do("GET", "/api/store/orders/", "", f.ama.Auth()...).Body.String(), `[]`)
		assertBody(t, a.Do("GET", "/api/store/orders/12", "", kofi.Auth()...).Body.String(), `{"detail":"Not found.","code":"not_found"}`)
		for _, m := range []string{"PUT", "PATCH"} {
			w := a.Do(m, "/api/store/orders/"+o.ID, `{"status":"delivered"}`, kofi.Auth()...)
			if w.Code != 405 || w.Body.String() != `{"detail":"Method \"`+m+`\" not allowed.","code":"method_not_allowed"}` {
				t.Errorf("%s = %d %s", m, w.Code, w.Body)
			}
		}
	})
}

func TestDeleteOrder(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":3}`, f.console.ID))
		o := f.order(t, kofi)
		f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":1}`, f.console.ID))
		paid := f.order(t, kofi)
		exec(t, st, `UPDATE orders SET status = 'processing' WHERE id = ?`, paid.ID)
		if n := f.inventory(t, f.console.ID); n != 3 {
			t.Fatalf("inventory = %d", n)
		}

		w := a.Do("DELETE", "/api/store/orders/"+paid.ID, "", kofi.Auth()...)
		if w.Code != 409 || w.Body.String() != `{"detail":"Only pending orders can be deleted.","code":"order_not_deletable"}` {
			t.Fatalf("delete paid = %d %s", w.Code, w.Body)
		}
		assertStatus(t, a.Do("DELETE", "/api/store/orders/"+o.ID, "", kofi.Auth()...).Code, 204)
		if n := f.inventory(t, f.console.ID); n != 6 {
			t.Fatalf("inventory after cancel = %d; want 6", n)
		}
		assertStatus(t, a.Do("GET", "/api/store/orders/"+o.ID, "", kofi.Auth()...).Code, 404)
		assertStatus(t, a.Do("DELETE", "/api/store/orders/"+o.ID, "", kofi.Auth()...).Code, 404)
		var list []orderOut
		decode(t, a.Do("GET", "/api/store/orders", "", kofi.Auth()...).Body.Bytes(), &list)
		if len(list) != 1 || list[0].ID != paid.ID {
			t.Fatalf("list = %+v", list)
		}
		var status string
		var hidden bool
		if err := st.DB().R.QueryRow(`SELECT status, hidden_by_user FROM orders WHERE id = '`+o.ID+`'`).Scan(&status, &hidden); err != nil {
			t.Fatal(err)
		}
		if status != "cancelled" || !hidden {
			t.Fatalf("deleted order = %s hidden=%v; it must stay, cancelled and hidden", status, hidden)
		}
	})
}

func TestIdempotencyKey(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		key := []string{"Idempotency-Key", "order-7f3a"}

		// A failed request does not consume its key.
		w := a.Do("POST", "/api/store/orders/", orderBody, append(kofi.Auth(), key...)...)
		assertStatus(t, w.Code, 400)
		f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, f.console.ID))
		first := f.order(t, kofi, key...)
		again := f.order(t, kofi, key...)
		if again.ID != first.ID {
			t.Fatalf("replay made order %s; want %s", again.ID, first.ID)
		}
		w = a.Do("POST", "/api/store/orders/", `{"shipping_address":"Elsewhere","contact_info":"0241234567"}`, append(kofi.Auth(), key...)...)
		if w.Code != 422 || w.Body.String() != `{"detail":"Idempotency-Key was already used with a different request.","code":"idempotency_key_reused"}` {
			t.Fatalf("reuse = %d %s", w.Code, w.Body)
		}
		// Keys are per user.
		f.add(f.ama, fmt.Sprintf(`{"product_id":%d}`, f.console.ID))
		if o := f.order(t, f.ama, key...); o.ID == first.ID {
			t.Fatal("another user's key replayed kofi's order")
		}
		// A running request answers 409.
		exec(t, st, `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, state, created_at) VALUES (?, 'busy', 'h', 'running', ?)`,
			kofi.User.ID, f.a.Clock.Now().UnixMilli())
		w = a.Do("POST", "/api/store/orders/", orderBody, append(kofi.Auth(), "Idempotency-Key", "busy")...)
		if w.Code != 409 || !strings.Contains(w.Body.String(), `"code":"idempotency_in_progress"`) {
			t.Fatalf("in progress = %d %s", w.Code, w.Body)
		}
		// After 24 h the key is forgotten.
		a.Clock.Advance(25 * time.Hour)
		kofi.Tokens = a.SignIn(kofi.User) // the old access token expired meanwhile
		w = a.Do("POST", "/api/store/orders/", orderBody, append(kofi.Auth(), key...)...)
		if w.Code != 400 || !strings.Contains(w.Body.String(), "no_active_cart") {
			t.Fatalf("expired key = %d %s", w.Code, w.Body)
		}
		w = a.Do("POST", "/api/store/orders/", orderBody, append(kofi.Auth(), "Idempotency-Key", "bad\x01key")...)
		assertStatus(t, w.Code, 400)
	})
}

func TestOrderRateLimit(t *testing.T) {
	f := newBagFixture(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "order=2/1m"})
	for i, want := range []int{400, 400, 429} {
		if w := f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...); w.Code != want {
			t.Fatalf("order %d = %d %s; want %d", i, w.Code, w.Body, want)
		}
	}
}

// TestLastUnitsRace: 200 buyers race for the last 10 units; exactly 10
// orders are placed, stock ends at 0 and never goes below.
func TestLastUnitsRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		exec(t, st, `UPDATE products SET inventory = 200 WHERE id = ?`, f.console.ID)
		const buyers = 200
		accs := make([]shoptest.Account, buyers)
		for i := range accs {
			accs[i] = f.a.Shopper(fmt.Sprintf("buyer%03d", i))
			if code, body := f.add(accs[i], fmt.Sprintf(`{"product_id":%d}`, f.console.ID)); code != 201 {
				t.Fatal(code, body)
			}
		}
		exec(t, st, `UPDATE products SET inventory = 10 WHERE id = ?`, f.console.ID)
		var wg sync.WaitGroup
		codes := make([]int, buyers)
		start := make(chan struct{})
		for i := range accs {
			wg.Go(func() {
				<-start
				w := f.a.Do("POST", "/api/store/orders/", orderBody, accs[i].Auth()...)
				codes[i] = w.Code
				if w.Code != 201 && w.Body.String() != `{"detail":"Only 0 left of X-Box Series S 512GB.","code":"insufficient_stock"}` {
					t.Errorf("buyer %d: %d %s", i, w.Code, w.Body)
				}
			})
		}
		close(start)
		wg.Wait()
		placed := 0
		for _, c := range codes {
			if c == 201 {
				placed++
			}
		}
		var orders, units int
		if err := st.DB().R.QueryRow(`SELECT COUNT(DISTINCT o.id), COALESCE(SUM(i.quantity), 0) FROM orders o
			JOIN order_items i ON i.order_id = o.id`).Scan(&orders, &units); err != nil {
			t.Fatal(err)
		}
		if placed != 10 || orders != 10 || units != 10 || f.inventory(t, f.console.ID) != 0 {
			t.Fatalf("placed %d (rows %d, units %d), stock %d; want 10, 10, 10, 0", placed, orders, units, f.inventory(t, f.console.ID))
		}
	})
}

// TestIdempotencyRace: the same key fired 20 times at once makes one order.
func TestIdempotencyRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		f.add(f.kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID))
		var wg sync.WaitGroup
		ids := make(chan string, 20)
		start := make(chan struct{})
		for range 20 {
			wg.Go(func() {
				<-start
				w := f.a.Do("POST", "/api/store/orders/", orderBody, append(f.kofi.Auth(), "Idempotency-Key", "same")...)
				switch w.Code {
				case 201:
					var o orderOut
					decode(t, w.Body.Bytes(), &o)
					ids <- o.ID
				case 409:
					if !strings.Contains(w.Body.String(), "idempotency_in_progress") {
						t.Errorf("409 %s", w.Body)
					}
				default:
					t.Errorf("%d %s", w.Code, w.Body)
				}
			})
		}
		close(start)
		wg.Wait()
		close(ids)
		seen := map[string]bool{}
		for id := range ids {
			seen[id] = true
		}
		var n int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM orders`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 || len(seen) != 1 || f.inventory(t, f.console.ID) != 6 {
			t.Fatalf("%d orders, %d distinct ids answered, stock %d; want 1, 1, 6", n, len(seen), f.inventory(t, f.console.ID))
		}
	})
}

func TestOrderExpiry(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, map[string]string{"DWA_ORDER_EXPIRY": "2h"})
		ctx := context.Background()
		f.add(f.kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, f.console.ID))
		unpaid := f.order(t, f.kofi)
		f.add(f.kofi, fmt.Sprintf(`{"product_id":%d,"quantity":1}`, f.console.ID))
		paidLate := f.order(t, f.kofi)
		// The second order's attempt was charged but never verified.
		ref := f.payTest(t, f.kofi, paidLate.ID, "4084 0840 8408 4081")
		if n, err := f.a.Svc.ExpireOrders(ctx); err != nil || n != 0 {
			t.Fatalf("early expiry = %d, %v", n, err)
		}
		f.a.Clock.Advance(3 * time.Hour)
		f.kofi.Tokens = f.a.SignIn(f.kofi.User)
		if n, err := f.a.Svc.ExpireOrders(ctx); err != nil || n != 1 {
			t.Fatalf("expiry = %d, %v; want 1", n, err)
		}
		var got orderOut
		decode(t, f.a.Do("GET", "/api/store/orders/"+unpaid.ID, "", f.kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "cancelled" {
			t.Fatalf("expired order = %s; want cancelled, still visible", got.Status)
		}
		decode(t, f.a.Do("GET", "/api/store/orders/"+paidLate.ID, "", f.kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "processing" || got.PaidAt == nil {
			t.Fatalf("paid order = %+v; want processing (re-verified before expiry), payment %s", got, ref)
		}
		if n := f.inventory(t, f.console.ID); n != 6 {
			t.Fatalf("stock = %d; want 6 (2 released, 1 sold)", n)
		}
	})
}

// TestOrderContactNumbers: every usual way of writing a Ghanaian number is
// accepted and stored in one form, E.164; anything else is a field error.
func TestOrderContactNumbers(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, map[string]string{"DWA_RATE_LIMITS": "order=off"})
		a, kofi := f.a, f.kofi
		exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
		for _, tc := range []struct{ contact, want string }{
			{"+233-24-123-4567", "+233241234567"},
			{"024 123 4567", "+233241234567"},
			{"(024) 123-4567", "+233241234567"},
			{"024.123.4567", "+233241234567"},
			{"233241234567", "+233241234567"},
			{"+233 (0) 24 123 4567", "+233241234567"},
			{"0241234567", "+233241234567"},
			{"+233 30 200 0000", "+233302000000"},
			{"+44 20 7946 0958", "+442079460958"},
			{"024 123 456", ""},
			{"0141234567", ""},
			{"call 0241234567", ""},
		} {
			t.Run(tc.contact, func(t *testing.T) {
				if code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, f.console.ID)); code != 201 && code != 200 {
					t.Fatal(code, body)
				}
				w := a.Do("POST", "/api/store/orders/", jsonBody("shipping_address", "12 Ring Rd, Osu", "contact_info", tc.contact), kofi.Auth()...)
				if tc.want == "" {
					assertStatus(t, w.Code, 400)
					assertBody(t, w.Body.String(), `{"contact_info":["Enter a valid phone number."]}`)
					return
				}
				assertStatus(t, w.Code, 201)
				var o orderOut
				decode(t, w.Body.Bytes(), &o)
				var stored string
				if err := st.DB().R.QueryRow(`SELECT contact_info FROM orders WHERE id = '` + o.ID + `'`).Scan(&stored); err != nil {
					t.Fatal(err)
				}
				if stored != tc.want || !strings.Contains(w.Body.String(), `"contact_info":"`+tc.want+`"`) {
					t.Errorf("stored %q, answered %s; want %q", stored, w.Body, tc.want)
				}
			})
		}
	})
}
