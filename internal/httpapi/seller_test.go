package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const (
	notAuthenticated = `{"detail":"Authentication credentials were not provided.","code":"not_authenticated"}`
	forbidden        = `{"detail":"You do not have permission to perform this action.","code":"permission_denied"}`
	noProduct        = `{"detail":"No Product matches the given query.","code":"not_found"}`
	noOrder          = `{"detail":"No Order matches the given query.","code":"not_found"}`
)

// sellerFixture: two stores with products, a shopper with a paid order
// holding lines of both and a pending one, and staff.
type sellerFixture struct {
	a                *shoptest.App
	gaming, consoles *shop.Category
	phones           *shop.Category
	owner, rival     shoptest.Account
	hub, rivalStore  *shop.Store
	console, headset *shop.Product
	phone            *shop.Product
	shopper, staff   shoptest.Account
	paid, pending    string
}

func newSellerFixture(a *shoptest.App) *sellerFixture {
	f := &sellerFixture{a: a}
	f.gaming = a.Category("Gaming", "gaming", nil, 1, true)
	f.consoles = a.Category("Consoles", "consoles", f.gaming, 1, true)
	f.phones = a.Category("Phones", "phones", nil, 2, true)
	f.owner, f.hub = a.Owner("kwame", "Accra Game Hub")
	f.rival, f.rivalStore = a.Owner("abena", "Kumasi Phones")
	f.console = shoptest.NewProduct("PlayStation 5 Slim", 650000, f.gaming, f.consoles)
	f.headset = shoptest.NewProduct("HyperX Cloud II", 95000, f.gaming)
	f.console.StoreID, f.headset.StoreID = f.hub.ID, f.hub.ID
	f.phone = shoptest.NewProduct("Tecno Spark 20", 180000, f.phones)
	f.phone.StoreID = f.rivalStore.ID
	a.Products(f.console, f.headset, f.phone)
	f.shopper, f.staff = a.Shopper("ama"), a.Staff("esi")
	f.paid = a.Purchase(f.shopper.User, shop.OrderProcessing, f.console, f.headset, f.phone)
	f.pending = a.Purchase(f.shopper.User, shop.OrderPending, f.console)
	return f
}

func TestSellerRoleMatrix(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		product := fmt.Sprintf("/api/seller/products/%d/", f.console.ID)
		for _, ep := range []struct{ method, path, body string }{
			{"GET", "/api/seller/dashboard/", ""},
			{"GET", "/api/seller/store/", ""},
			{"PATCH", "/api/seller/store/", `{"address":"Oxford St"}`},
			{"GET", "/api/seller/products/", ""},
			{"POST", "/api/seller/products/", `{}`},
			{"GET", product, ""},
			{"PATCH", product, `{"inventory":3,"expected_inventory":5}`},
			{"DELETE", product, ""},
			{"GET", "/api/seller/orders/", ""},
			{"POST", "/api/seller/orders/" + f.paid + "/ship/", `{}`},
			{"POST", "/api/seller/orders/" + f.paid + "/deliver/", `{}`},
		} {
			t.Run(ep.method+" "+ep.path, func(t *testing.T) {
				w := a.Do(ep.method, ep.path, ep.body, "Content-Type", "application/json")
				assertStatus(t, w.Code, 401)
				assertBody(t, w.Body.String(), notAuthenticated)
				for _, acc := range []shoptest.Account{f.shopper, f.staff} {
					w = a.Do(ep.method, ep.path, ep.body, append(acc.Auth(), "Content-Type", "application/json")...)
					assertStatus(t, w.Code, 403)
					assertBody(t, w.Body.String(), forbidden)
				}
			})
		}
		// Another store's objects do not exist for this owner, and nothing changes.
		for _, ep := range []struct{ method, path, body, want string }{
			{"GET", product, "", noProduct},
			{"PATCH", product, `{"inventory":0,"expected_inventory":5}`, noProduct},
			{"DELETE", product, "", noProduct},
			{"POST", "/api/seller/orders/" + f.pending + "/ship/", `{}`, noOrder},
			{"GET", "/api/seller/products/999999/", "", noProduct},
			{"GET", "/api/seller/products/abc/", "", noProduct},
			{"POST", "/api/seller/orders/not-a-uuid/ship/", `{}`, `{"detail":"Not found.","code":"not_found"}`},
		} {
			w := a.Do(ep.method, ep.path, ep.body, append(f.rival.Auth(), "Content-Type", "application/json")...)
			assertStatus(t, w.Code, 404)
			assertBody(t, w.Body.String(), ep.want)
		}
		w := a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.console.ID), "")
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"name":"PlayStation 5 Slim",…`, f.console.ID))
		if !strings.Contains(w.Body.String(), `"inventory":5,`) {
			t.Errorf("the rival changed the stock: %s", w.Body.String())
		}
		// The rival's own list holds only its phone.
		w = a.Do("GET", "/api/seller/products/?page=1", "", f.rival.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"count":1,"next":null,"previous":null,"results":[{"id":%d,"name":"Tecno Spark 20",…`, f.phone.ID))
	})
}

func TestSellerProducts(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		before := countRows(t, st, "products")

		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"category_id":["This field is required."],"name":["This field is required."],"price":["This field is required."]}`},
			{fmt.Sprintf(`{"name":" ","category_id":%d,"price":"-12.00"}`, f.gaming.ID),
				`{"name":["This field may not be blank."],"price":["Enter a price in GH₵ like 1,234.50."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"0"}`, f.gaming.ID), `{"price":["The price must be more than GH₵ 0.00."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"12.345"}`, f.gaming.ID), `{"price":["Enter a price in GH₵ like 1,234.50."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"1,23.00"}`, f.gaming.ID), `{"price":["Enter a price in GH₵ like 1,234.50."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"10,000,000.01"}`, f.gaming.ID), `{"price":["The price must be at most GH₵ 10,000,000.00."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"12","inventory":-1}`, f.gaming.ID), `{"inventory":["Ensure this value is greater than or equal to 0."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"12","inventory":"many"}`, f.gaming.ID), `{"inventory":["A valid integer is required."]}`},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"price":"12"}`, f.consoles.ID), fmt.Sprintf(`{"category_id":["Invalid pk \"%d\" - object does not exist."]}`, f.consoles.ID)},
			{fmt.Sprintf(`{"name":"Pad","category_id":%d,"subcategory_id":%d,"price":"12"}`, f.phones.ID, f.consoles.ID), `{"subcategory_id":["Choose one inside the category above it."]}`},
			{fmt.Sprintf(`{"name":"%s","category_id":%d,"price":"12"}`, strings.Repeat("x", 201), f.gaming.ID), `{"name":["Ensure this field has no more than 200 characters."]}`},
			{`{"name":"Pad","category_id":"x","price":"12"}`, `{"category_id":["A valid integer is required."]}`},
		} {
			w := a.Do("POST", "/api/seller/products/", tc.body, auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		if n := countRows(t, st, "products"); n != before {
			t.Fatalf("a refused product was stored: %d rows, want %d", n, before)
		}

		// Created: price as typed, HTML sanitised, on the storefront and in search at once.
		w := a.Do("POST", "/api/seller/products/", fmt.Sprintf(`{"name":"DualSense Edge Controller","category_id":%d,
			"subcategory_id":%d,"price":"GH₵ 1,899.50","inventory":4,
			"description":"<h2>Pro</h2><p onclick=\"steal()\">Back paddles<script>alert(1)</script></p><a href=\"javascript:x()\">x</a>",
			"specification":"<ul><li>USB-C</li></ul>"}`, f.gaming.ID, f.consoles.ID), auth...)
		assertStatus(t, w.Code, 201)
		var created struct {
			ID          int64
			UnitPrice   string `json:"unit_price"`
			Description string
			IsActive    bool `json:"is_active"`
		}
		decode(t, w.Body.Bytes(), &created)
		if created.UnitPrice != "1899.50" || !created.IsActive {
			t.Errorf("created = %+v", created)
		}
		for _, bad := range []string{"script", "onclick", "javascript:"} {
			if strings.Contains(created.Description, bad) {
				t.Errorf("description keeps %q: %s", bad, created.Description)
			}
		}
		w = a.Do("GET", fmt.Sprintf("/api/store/products/%d/", created.ID), "")
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", "/api/store/products/?search=dualsense%20edge&fields=id", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d}]`, created.ID))

		// Edits show on the next public read (kept answers move with them).
		w = a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", created.ID), `{"price":"1750","inventory":0,"expected_inventory":4,"name":"DualSense Edge"}`, auth...)
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", fmt.Sprintf("/api/store/products/%d/", created.ID), "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"name":"DualSense Edge",…`, created.ID))
		if !strings.Contains(w.Body.String(), `"unit_price":"1750.00"`) || !strings.Contains(w.Body.String(), `"inventory":0,`) {
			t.Errorf("public product not updated: %s", w.Body.String())
		}
		w = a.Do("GET", "/api/store/products/?search=dualsense%20edge%20controller&fields=id", "")
		assertBody(t, w.Body.String(), `[]`)

		// Filters and search of the owner's list.
		for _, tc := range []struct {
			query string
			want  []int64
		}{
			{"", []int64{created.ID, f.headset.ID, f.console.ID}},
			{"status=out_of_stock", []int64{created.ID}},
			{"search=HYPERX", []int64{f.headset.ID}},
			{"search=100%25", nil},
		} {
			w = a.Do("GET", "/api/seller/products/?page=1&"+tc.query, "", auth...)
			assertStatus(t, w.Code, 200)
			var page struct {
				Count   int
				Results []struct{ ID int64 }
			}
			decode(t, w.Body.Bytes(), &page)
			var got []int64
			for _, r := range page.Results {
				got = append(got, r.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || page.Count != len(tc.want) {
				t.Errorf("%s: ids %v (count %d), want %v", tc.query, got, page.Count, tc.want)
			}
		}
		w = a.Do("GET", "/api/seller/products/?status=sold", "", auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"status":["Select a valid choice. \"sold\" is not one of the available choices."]}`)

		// Deactivated: gone from the shop, kept for the owner (and for orders).
		w = a.Do("DELETE", fmt.Sprintf("/api/seller/products/%d/", f.console.ID), "", auth...)
		assertStatus(t, w.Code, 204)
		w = a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.console.ID), "")
		assertStatus(t, w.Code, 404)
		w = a.Do("GET", "/api/seller/products/?page=1&status=inactive", "", auth...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"count":1,"next":null,"previous":null,"results":[{"id":%d,…`, f.console.ID))
	})
}

func TestSellerStoreProfile(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		for _, tc := range []struct{ body, want string }{
			{`{"name":""}`, `{"name":["This field may not be blank."]}`},
			{`{"name":"Kumasi Phones"}`, `{"name":["A store with this name already exists."]}`},
			{`{"address":"` + strings.Repeat("a", 301) + `"}`, `{"address":["Ensure this field has no more than 300 characters."]}`},
		} {
			w := a.Do("PATCH", "/api/seller/store/", tc.body, auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		w := a.Do("PATCH", "/api/seller/store/", `{"name":"Osu Gaming Lounge","contact_info":"+233 24 555 0101"}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"name":"Osu Gaming Lounge","logo":"","description":"","contact_info":"+233 24 555 0101","address":"",…`, f.hub.ID))
		// The new name is searchable at once; the old one is gone.
		w = a.Do("GET", "/api/store/products/?search=lounge&fields=id&ordering=id", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d},{"id":%d}]`, f.console.ID, f.headset.ID))
		w = a.Do("GET", "/api/store/stores/?search=lounge", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…`, f.hub.ID))
	})
}

type sellerOrderView struct {
	ID          string
	Status      string
	OrderStatus string `json:"order_status"`
	Amount      json.Number
	Items       []struct {
		ProductID int64 `json:"product_id"`
	}
	TrackingNote string `json:"tracking_note"`
	Events       []struct {
		Status string
		Note   string
		Actor  *string
	}
}

func TestSellerFulfilment(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		hub := append(f.owner.Auth(), "Content-Type", "application/json")
		rival := append(f.rival.Auth(), "Content-Type", "application/json")
		a.DeliverMail() // the welcome mails

		// The owner sees the paid order with only its own lines, not the pending one,
		// and nothing of the buyer but where to deliver.
		w := a.Do("GET", "/api/seller/orders/?page=1", "", hub...)
		assertStatus(t, w.Code, 200)
		if strings.Contains(w.Body.String(), "ama@example.com") || strings.Contains(w.Body.String(), f.pending) {
			t.Fatalf("seller list leaks: %s", w.Body.String())
		}
		var page struct {
			Count   int
			Results []sellerOrderView
		}
		decode(t, w.Body.Bytes(), &page)
		if page.Count != 1 || page.Results[0].ID != f.paid || len(page.Results[0].Items) != 2 ||
			page.Results[0].Amount.String() != "7450" || page.Results[0].Status != "processing" {
			t.Fatalf("seller orders = %+v", page)
		}

		for _, tc := range []struct {
			path, body, code, want string
			status                 int
		}{
			{"deliver", `{}`, "", `{"detail":"Mark this order shipped before marking it delivered.","code":"invalid_transition"}`, 409},
			{"ship", `{"tracking_note":"` + strings.Repeat("n", 501) + `"}`, "", `{"tracking_note":["Ensure this field has no more than 500 characters."]}`, 400},
			{"deliver", `{"tracking_note":"x"}`, "", `{"tracking_note":["A tracking note goes with shipping only."]}`, 400},
		} {
			w = a.Do("POST", "/api/seller/orders/"+f.paid+"/"+tc.path+"/", tc.body, hub...)
			assertStatus(t, w.Code, tc.status)
			assertBody(t, w.Body.String(), tc.want)
		}

		w = a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", `{"tracking_note":"VIP Bus parcel 4471, arrives Kumasi Fri"}`, hub...)
		assertStatus(t, w.Code, 200)
		var o sellerOrderView
		decode(t, w.Body.Bytes(), &o)
		last := o.Events[len(o.Events)-1]
		if o.Status != "shipped" || o.OrderStatus != "processing" || o.TrackingNote == "" || last.Status != "shipped" ||
			last.Actor == nil || *last.Actor != "kwame" {
			t.Fatalf("after shipping one part: %+v", o)
		}
		w = a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", `{}`, hub...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"This order has already been marked shipped.","code":"invalid_transition"}`)

		// The last part shipped ships the order; the buyer follows each store's part.
		w = a.Do("POST", "/api/seller/orders/"+f.paid+"/ship/", ``, rival...)
		assertStatus(t, w.Code, 200)
		decode(t, w.Body.Bytes(), &o)
		if o.OrderStatus != "shipped" || len(o.Items) != 1 || o.Items[0].ProductID != f.phone.ID {
			t.Fatalf("rival's view: %+v", o)
		}
		w = a.Do("GET", "/api/store/orders/"+f.paid+"/", "", f.shopper.Auth()...)
		assertStatus(t, w.Code, 200)
		var buyer struct {
			Status     string
			Items      []struct{ ID int64 }
			Fulfilment []struct {
				Store        struct{ Name string }
				Status       string
				TrackingNote string  `json:"tracking_note"`
				ItemIDs      []int64 `json:"item_ids"`
			}
			Events []struct {
				Status string
				Actor  *string
			}
		}
		decode(t, w.Body.Bytes(), &buyer)
		if buyer.Status != "shipped" || len(buyer.Fulfilment) != 2 || buyer.Fulfilment[0].Store.Name != "Accra Game Hub" ||
			buyer.Fulfilment[0].TrackingNote != "VIP Bus parcel 4471, arrives Kumasi Fri" || buyer.Fulfilment[1].Status != "shipped" {
			t.Fatalf("buyer's order: %s", w.Body.String())
		}
		// Each part names its lines, so the buyer's page can show them under their store.
		if ids := buyer.Fulfilment; len(buyer.Items) != 3 || fmt.Sprint(ids[0].ItemIDs, ids[1].ItemIDs) !=
			fmt.Sprint([]int64{buyer.Items[0].ID, buyer.Items[1].ID}, []int64{buyer.Items[2].ID}) {
			t.Fatalf("parts' lines: %s", w.Body.String())
		}
		for _, e := range buyer.Events {
			if e.Actor != nil {
				t.Errorf("buyer sees who acted: %s", w.Body.String())
			}
		}

		// A mail to the buyer per step, through the outbox.
		mails := a.DeliverMail()
		if len(mails) != 2 || mails[0].To != "ama@example.com" || !strings.Contains(mails[0].Subject, "is on its way") ||
			!strings.Contains(mails[0].Text, "VIP Bus parcel 4471") || !strings.Contains(mails[1].Text, "Kumasi Phones has shipped") {
			t.Fatalf("mails = %+v", mails)
		}

		for _, acc := range [][]string{hub, rival} {
			w = a.Do("POST", "/api/seller/orders/"+f.paid+"/deliver/", ``, acc...)
			assertStatus(t, w.Code, 200)
		}
		decode(t, w.Body.Bytes(), &o)
		if o.OrderStatus != "delivered" || o.Status != "delivered" {
			t.Fatalf("after delivering both parts: %+v", o)
		}
		w = a.Do("POST", "/api/seller/orders/"+f.paid+"/deliver/", ``, hub...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"This order has already been marked delivered.","code":"invalid_transition"}`)
		if mails := a.DeliverMail(); len(mails) != 2 || !strings.Contains(mails[1].Subject, "has been delivered") {
			t.Fatalf("delivery mails = %+v", mails)
		}
		for _, tc := range []struct {
			status string
			n      int
		}{{"processing", 0}, {"shipped", 0}, {"delivered", 1}} {
			w = a.Do("GET", "/api/seller/orders/?page=1&status="+tc.status, "", hub...)
			decode(t, w.Body.Bytes(), &page)
			if page.Count != tc.n {
				t.Errorf("status=%s: %d orders, want %d", tc.status, page.Count, tc.n)
			}
		}
	})
}

func countRows(t *testing.T, st *sqldb.Store, table string) int {
	t.Helper()
	var n int
	if err := st.DB().R.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSellerDashboard(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		now := a.Clock.Now()
		day := 24 * time.Hour
		// The paid order (7,450.00 of the hub's, 1,800.00 of the rival's) was paid yesterday; another
		// today; an old one 40 days ago is outside the 30 days; the pending one never counts.
		exec(t, st, `UPDATE orders SET paid_at = ? WHERE id = ?`, now.Add(-day).UnixMilli(), f.paid)
		today := a.Purchase(f.shopper.User, shop.OrderShipped, f.headset)
		exec(t, st, `UPDATE orders SET paid_at = ? WHERE id = ?`, now.UnixMilli(), today)
		old := a.Purchase(f.shopper.User, shop.OrderDelivered, f.console)
		exec(t, st, `UPDATE orders SET paid_at = ? WHERE id = ?`, now.Add(-40*day).UnixMilli(), old)
		// Eight days ago: in the 30 days, not in the week.
		lastWeek := a.Purchase(f.shopper.User, shop.OrderDelivered, f.headset)
		exec(t, st, `UPDATE orders SET paid_at = ? WHERE id = ?`, now.Add(-8*day).UnixMilli(), lastWeek)
		for i, v := range []struct {
			path string
			bot  bool
		}{
			{fmt.Sprintf("/store/products/%d", f.console.ID), false},
			{fmt.Sprintf("/store/products/%d/", f.console.ID), false},
			{fmt.Sprintf("/store/products/%d", f.console.ID), true},
			{fmt.Sprintf("/store/products/%d", f.phone.ID), false},
			{fmt.Sprintf("/store/products/%d0", f.console.ID), false},
		} {
			exec(t, st, `INSERT INTO page_views (path, visitor_hash, viewed_at, is_bot) VALUES (?, ?, ?, ?)`,
				v.path, fmt.Sprint("v", i), now.UnixMilli(), v.bot)
		}
		// Running out: at most 5 units, fewest first; the rival's phone is not the hub's business.
		exec(t, st, `UPDATE products SET inventory = 2 WHERE id = ?`, f.headset.ID)
		exec(t, st, `UPDATE products SET inventory = 1 WHERE id = ?`, f.phone.ID)

		w := a.Do("GET", "/api/seller/dashboard/", "", f.owner.Auth()...)
		assertStatus(t, w.Code, 200)
		var d struct {
			OrdersToday    int   `json:"orders_today"`
			OrdersWeek     int   `json:"orders_week"`
			RevenueWeek    int64 `json:"revenue_week"`
			UnreadMessages int64 `json:"unread_messages"`
			LowStock       []struct {
				ID        int64
				Inventory int
			} `json:"low_stock"`
			RevenueByDay []struct {
				Date   string
				Amount int64
			} `json:"revenue_by_day"`
			ViewsByDay []struct {
				Date  string
				Views int
			} `json:"views_by_day"`
		}
		decode(t, w.Body.Bytes(), &d)
		last := len(d.RevenueByDay) - 1
		if d.OrdersToday != 1 || d.OrdersWeek != 2 || d.RevenueWeek != 745000+95000 || len(d.RevenueByDay) != 30 ||
			len(d.ViewsByDay) != 30 || d.RevenueByDay[last].Amount != 95000 || d.RevenueByDay[last-1].Amount != 745000 ||
			d.RevenueByDay[last].Date != now.UTC().Format(time.DateOnly) || d.ViewsByDay[last].Views != 2 ||
			len(d.LowStock) != 2 || d.LowStock[0].ID != f.headset.ID || d.LowStock[0].Inventory != 2 ||
			d.LowStock[1].ID != f.console.ID {
			t.Fatalf("dashboard = %s", w.Body.String())
		}
		var total int64
		for _, r := range d.RevenueByDay {
			total += r.Amount
		}
		if total != 745000+95000+95000 {
			t.Errorf("30-day revenue %d; want the three orders of the last 30 days", total)
		}
	})
}
