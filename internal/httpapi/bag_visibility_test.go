package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// setCategoryActive flips a category as an admin write does (recorded in
// the change feed, so cached category trees are rebuilt).
func setCategoryActive(t *testing.T, st *sqldb.Store, id int64, active bool) {
	t.Helper()
	if ok, err := st.UpdateCategory(context.Background(), id, shop.CategoryChange{Active: &active}); err != nil || !ok {
		t.Fatal(ok, err)
	}
}

// A product in an inactive category, or under an inactive ancestor, is
// treated exactly like an inactive product by the bag and by ordering
// (contract §2.3, §2.4; invariants 16 and 20).
func TestHiddenCategoryProductsCannotBeCartedOrOrdered(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi
		phones := a.Category("Phones", "phones", nil, 1, true)
		retro := a.Category("Retro", "retro", nil, 2, false)
		retroConsoles := a.Category("Retro consoles", "retro-consoles", retro, 1, true)
		inHidden := shoptest.NewProduct("Sega Mega Drive", 50000, retro)
		// Only its (active) subcategory is set: hidden through its parent.
		underHidden := shoptest.NewProduct("Atari 2600", 40000)
		underHidden.SubcategoryID = retroConsoles.ID
		phone := shoptest.NewProduct("Tecno Spark 20", 150000, phones)
		a.Products(inHidden, underHidden, phone)

		for _, p := range []*shop.Product{inHidden, underHidden} {
			code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, p.ID))
			assertStatus(t, code, 400)
			assertBody(t, body, fmt.Sprintf(`{"product_id":["Invalid pk \"%d\" - object does not exist."]}`, p.ID))
		}
		if n := f.count(t, "carts"); n != 0 {
			t.Fatalf("refused adds created %d carts", n)
		}

		if code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, f.console.ID)); code != 201 {
			t.Fatal(code, body)
		}
		code, body := f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, phone.ID))
		if code != 201 {
			t.Fatal(code, body)
		}
		var line struct{ ID int64 }
		decode(t, []byte(body), &line)

		// The phone's category is switched off after it was carted.
		setCategoryActive(t, st, phones.ID, false)
		var lines []struct {
			Product   struct{ ID int64 }
			Available bool
		}
		decode(t, a.Do("GET", "/api/store/cart-items/", "", kofi.Auth()...).Body.Bytes(), &lines)
		if len(lines) != 2 || !lines[0].Available || lines[1].Product.ID != phone.ID || lines[1].Available {
			t.Fatalf("cart lines = %+v; want the phone unavailable", lines)
		}
		item := fmt.Sprintf("/api/store/cart-items/%d/", line.ID)
		if got := a.Do("GET", item, "", kofi.Auth()...).Body.String(); !strings.Contains(got, `"available":false`) {
			t.Fatalf("GET %s = %s; want available false", item, got)
		}
		w := a.Do("PATCH", item, `{"quantity":2}`, kofi.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"detail":"Product is out of stock","code":"out_of_stock"}`)
		code, body = f.add(kofi, fmt.Sprintf(`{"product_id":%d}`, phone.ID))
		assertStatus(t, code, 400)
		assertBody(t, body, fmt.Sprintf(`{"product_id":["Invalid pk \"%d\" - object does not exist."]}`, phone.ID))

		// Lines are judged in cart order: an earlier line short of stock is
		// the one reported.
		exec(t, st, `UPDATE products SET inventory = 1 WHERE id = ?`, f.console.ID)
		w = a.Do("POST", "/api/store/orders/", orderBody, kofi.Auth()...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"Only 1 left of X-Box Series S 512GB.","code":"insufficient_stock"}`)
		exec(t, st, `UPDATE products SET inventory = 7 WHERE id = ?`, f.console.ID)
		w = a.Do("POST", "/api/store/orders/", orderBody, kofi.Auth()...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"Tecno Spark 20 is no longer available.","code":"product_unavailable"}`)
		if n, inv := f.count(t, "orders"), f.inventory(t, f.console.ID); n != 0 || inv != 7 {
			t.Fatalf("refused order left %d orders, console stock %d; want 0, 7", n, inv)
		}

		// Switched back on, the same cart can be ordered.
		setCategoryActive(t, st, phones.ID, true)
		o := f.order(t, kofi)
		if len(o.Items) != 2 || f.inventory(t, phone.ID) != 4 {
			t.Fatalf("order = %+v", o)
		}
	})
}

// The orders and payments lists read one page from the database, keeping
// the plain-array and paged shapes of contract §1.5.
func TestOrderAndPaymentListsArePagedInSQL(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, map[string]string{"DWA_LIST_MAX": "2"})
		a, kofi := f.a, f.kofi
		for range 3 {
			f.pay(t, kofi, f.placed(t, kofi, 1).ID, 201)
		}
		// One order of ama's, and one of kofi's hidden by him: never counted.
		f.placed(t, f.ama, 1)
		hidden := f.placed(t, kofi, 1)
		assertStatus(t, a.Do("DELETE", "/api/store/orders/"+hidden.ID, "", kofi.Auth()...).Code, 204)

		ctx := context.Background()
		u := kofi.User
		os, total, err := a.Svc.Orders(ctx, u, 1, 1)
		if err != nil || len(os) != 1 || total != 3 {
			t.Fatalf("Orders(offset 1, limit 1) = %d orders, total %d, %v; want 1, 3", len(os), total, err)
		}
		ps, total, err := a.Svc.Payments(ctx, u, "", 2, 5)
		if err != nil || len(ps) != 1 || total != 3 {
			t.Fatalf("Payments(offset 2, limit 5) = %d payments, total %d, %v; want 1, 3", len(ps), total, err)
		}
		if os, total, err = a.Svc.Orders(ctx, u, 5, 2); err != nil || len(os) != 0 || total != 3 {
			t.Fatalf("Orders past the end = %d orders, total %d, %v; want 0, 3", len(os), total, err)
		}

		esi := a.Shopper("esi_o")
		// The whole lists, newest first, are the reference for the pages.
		allOrders, _, err := a.Svc.Orders(ctx, u, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		allPayments, _, err := a.Svc.Payments(ctx, u, "", 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			path string
			key  func(i int) string
		}{
			{"/api/store/orders/", func(i int) string { return allOrders[i].ID }},
			{"/api/store/payments/", func(i int) string { return fmt.Sprint(allPayments[i].ID) }},
		} {
			path, key := tc.path, tc.key
			w := a.Do("GET", path, "", kofi.Auth()...)
			assertStatus(t, w.Code, 200)
			var plain []struct{ ID any }
			decode(t, w.Body.Bytes(), &plain)
			if len(plain) != 2 || fmt.Sprint(plain[0].ID) != key(0) || fmt.Sprint(plain[1].ID) != key(1) {
				t.Fatalf("%s plain = %+v; want %s, %s first", path, plain, key(0), key(1))
			}
			if got := w.Header().Get("X-Total-Count"); got != "3" {
				t.Errorf("%s X-Total-Count = %q; want 3", path, got)
			}
			if got := w.Header().Get("Link"); !strings.Contains(got, "page=2&page_size=2") || !strings.HasSuffix(got, `>; rel="next"`) {
				t.Errorf("%s Link = %q", path, got)
			}
			w = a.Do("GET", path+"?page=2&page_size=2", "", kofi.Auth()...)
			var page struct {
				Count    int
				Next     *string
				Previous *string
				Results  []struct{ ID any }
			}
			decode(t, w.Body.Bytes(), &page)
			if page.Count != 3 || page.Next != nil || page.Previous == nil || len(page.Results) != 1 || fmt.Sprint(page.Results[0].ID) != key(2) {
				t.Fatalf("%s page 2 = %s", path, w.Body)
			}
			w = a.Do("GET", path+"?page=3&page_size=2", "", kofi.Auth()...)
			assertStatus(t, w.Code, 404)
			assertBody(t, w.Body.String(), `{"detail":"Invalid page.","code":"not_found"}`)
			// A shopper without any: page 1 is an empty list.
			assertBody(t, a.Do("GET", path+"?page=1", "", esi.Auth()...).Body.String(),
				`{"count":0,"next":null,"previous":null,"results":[]}`)
		}
	})
}

// /metrics counts payment outcomes and flagged attempts (contract §2.11).
func TestMetricsCountPaymentOutcomes(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi := f.a, f.kofi

		declined := f.placed(t, kofi, 1)
		ref := f.payTest(t, kofi, declined.ID, "4000 0000 0000 0002")
		if code, _ := f.verify(kofi, verifyPath, ref); code != 400 {
			t.Fatalf("verify declined = %d", code)
		}
		paid := f.placed(t, kofi, 1)
		p := f.pay(t, kofi, paid.ID, 201)
		if code, _ := f.verify(kofi, verifyPath, p.PaymentReference); code != 400 {
			t.Fatalf("verify uncharged = %d", code)
		}
		w := a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+`","card_number":"4084084084084081"}`, kofi.Auth()...)
		assertStatus(t, w.Code, 200)
		if code, body := f.verify(kofi, verifyPath, p.PaymentReference); code != 200 || body != verifiedOK {
			t.Fatalf("verify = %d %s", code, body)
		}
		late := f.placed(t, kofi, 1)
		ref = f.payTest(t, kofi, late.ID, "4084084084084081")
		assertStatus(t, a.Do("DELETE", "/api/store/orders/"+late.ID, "", kofi.Auth()...).Code, 204)
		if code, _ := f.verify(kofi, verifyPath, ref); code != 409 {
			t.Fatalf("late verify = %d", code)
		}

		body := a.Do("GET", "/metrics", "").Body.String()
		for _, want := range []string{
			"# TYPE dwa_payment_outcomes_total counter",
			`dwa_payment_outcomes_total{outcome="fulfilled"} 1`,
			`dwa_payment_outcomes_total{outcome="failed"} 1`,
			`dwa_payment_outcomes_total{outcome="incomplete"} 1`,
			`dwa_payment_outcomes_total{outcome="not_payable"} 1`,
			`dwa_payment_outcomes_total{outcome="mismatch"} 0`,
			`dwa_payment_outcomes_total{outcome="provider_error"} 0`,
			"# TYPE dwa_payments_flagged gauge",
			`dwa_payments_flagged{flag="refund"} 1`,
			`dwa_payments_flagged{flag="review"} 0`,
			"# TYPE dwa_catalogue_index_total counter",
			`dwa_catalogue_index_total{event="build"} 1`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})
}
