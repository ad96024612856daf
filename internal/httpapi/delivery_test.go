package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

type partDeliveryOut struct {
	Method      string
	Fee         float64
	From, To    string
	SameDay     bool `json:"same_day"`
	Late        bool
	PickupPoint *struct{ Name, Address, Hours, City string } `json:"pickup_point"`
}

type deliveryOrderOut struct {
	ID             string
	Amount         float64
	ItemsAmount    float64 `json:"items_amount"`
	DeliveryAmount float64 `json:"delivery_amount"`
	Fulfilment     []struct {
		Store    struct{ ID int64 }
		Delivery *partDeliveryOut
	}
}

type bagQuoteOut struct {
	Parts []struct {
		Store                struct{ ID int64 }
		ItemsTotal           float64 `json:"items_total"`
		Method               string
		Fee                  *float64
		From, To             *string
		SameDay              bool                `json:"same_day"`
		PickupPoint          *struct{ ID int64 } `json:"pickup_point"`
		StorePickupAvailable bool                `json:"store_pickup_available"`
		Available            bool
		Reason               *string
	}
	ItemsTotal    float64 `json:"items_total"`
	DeliveryTotal float64 `json:"delivery_total"`
	Total         float64
	Available     bool
}

// deliveryFixture: Wednesday 2 December 2026, 10:00 in Accra; three stores
// (Accra with same day and free delivery over GH₵ 5,000; Kumasi with
// pickup at its shop; Osu with neither), a shopper, staff.
type deliveryFixture struct {
	a                    *shoptest.App
	fake                 *paystacktest.Fake
	staff, shopper       shoptest.Account
	hubOwner, booksOwner shoptest.Account
	hub, books, fashion  *shop.Store
	console, book, shirt *shop.Product
}

func newDeliveryFixture(t *testing.T, st *sqldb.Store) deliveryFixture {
	fake := paystacktest.New(t)
	env := fake.Env()
	env["DWA_RATE_LIMITS"] = "order=off,verify=off"
	a := shoptest.NewApp(t, st, env)
	// Before any token is issued: moving the clock would expire them.
	a.Clock.Advance(time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC).Sub(a.Clock.Now()))
	f := deliveryFixture{a: a, fake: fake, staff: a.Staff("esi"), shopper: a.Shopper("ama")}
	f.hubOwner, f.hub = a.Owner("kwame", "Accra Game Hub")
	f.booksOwner, f.books = a.Owner("yaw", "Kumasi Books")
	_, f.fashion = a.Owner("efua", "Osu Fashion")
	f.console = shoptest.NewProduct("PlayStation 5 Slim", 389900)
	f.book = shoptest.NewProduct("Things Fall Apart", 5000)
	f.shirt = shoptest.NewProduct("Kente Shirt", 25000)
	f.console.StoreID, f.book.StoreID, f.shirt.StoreID = f.hub.ID, f.books.ID, f.fashion.ID
	f.console.Inventory = 50
	a.Products(f.console, f.book, f.shirt)
	return f
}

func (f deliveryFixture) do(t *testing.T, acc shoptest.Account, method, path, body string, code int) string {
	t.Helper()
	w := f.a.Do(method, path, body, acc.Auth()...)
	if w.Code != code {
		t.Fatalf("%s %s = %d %s; want %d", method, path, w.Code, w.Body, code)
	}
	return w.Body.String()
}

const tema = `{"recipient_name":"Ama Mensah","phone":"0241234567","region":"greater-accra","city":"Tema","area":"Community 1"}`

func TestDelivery(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newDeliveryFixture(t, st)
		a, staff, ama := f.a, f.staff, f.shopper

		// Staff only.
		for _, path := range []string{"/api/admin/delivery/zones/", "/api/admin/delivery/pickup-points/", "/api/admin/delivery/holidays/"} {
			f.do(t, ama, "GET", path, "", 403)
			f.do(t, ama, "POST", path, `{}`, 403)
		}
		f.do(t, ama, "PATCH", "/api/admin/delivery/zones/1/", `{}`, 403)
		f.do(t, ama, "DELETE", "/api/admin/delivery/holidays/2026-12-04/", "", 403)

		// Zones.
		zone := func(body string) deliveryZoneOut {
			var z deliveryZoneOut
			decode(t, []byte(f.do(t, staff, "POST", "/api/admin/delivery/zones/", body, 201)), &z)
			return z
		}
		zone(`{"region":"greater-accra","fee":"25.00","days_min":1,"days_max":2}`)
		accra := zone(`{"region":"greater-accra","city":" Accra ","fee":20,"days_min":1,"days_max":1}`)
		if accra.City != "Accra" || accra.Fee != 20 || accra.RegionName != "Greater Accra" {
			t.Errorf("zone = %+v", accra)
		}
		zone(`{"region":"ashanti","city":"Kumasi","fee":35,"days_min":2,"days_max":3}`)
		spare := zone(`{"region":"volta","fee":60,"days_min":3,"days_max":5}`)
		for _, tc := range []struct{ body, want string }{
			{`{"region":"greater-accra","city":"ACCRA","fee":20,"days_min":1,"days_max":1}`, `{"city":["A zone for this city already exists."]}`},
			{`{"region":"accra","fee":20,"days_min":1,"days_max":1}`, `{"region":["Select a valid choice. \"accra\" is not one of the available choices."]}`},
			{`{"region":"oti","fee":"twenty","days_min":3,"days_max":2}`, `{"days_max":["Must be at least days_min."],"fee":["Enter an amount in GH₵ like 25.00."]}`},
			{`{"region":"oti","fee":20,"days_min":0,"days_max":31}`, `{"days_max":["Enter a number of days from 0 to 30."]}`},
		} {
			assertBody(t, f.do(t, staff, "POST", "/api/admin/delivery/zones/", tc.body, 400), tc.want)
		}
		zoneURL := fmt.Sprintf("/api/admin/delivery/zones/%d/", spare.ID)
		assertBody(t, f.do(t, staff, "PATCH", zoneURL, `{"days_max":2}`, 400), `{"days_max":["Must be at least days_min."]}`)
		f.do(t, staff, "PATCH", zoneURL, `{"fee":"GH₵ 1,000"}`, 200)
		f.do(t, staff, "DELETE", zoneURL, "", 204)
		f.do(t, staff, "DELETE", zoneURL, "", 404)
		var zones []deliveryZoneOut
		decode(t, []byte(f.do(t, staff, "GET", "/api/admin/delivery/zones/", "", 200)), &zones)
		if len(zones) != 3 || zones[0].Region != "ashanti" || zones[1].City != "" || zones[2].City != "Accra" {
			t.Errorf("zones = %+v", zones)
		}

		// Pickup stations.
		var station, closed struct{ ID int64 }
		decode(t, []byte(f.do(t, staff, "POST", "/api/admin/delivery/pickup-points/",
			`{"name":"Accra Mall Station","region":"greater-accra","city":"Accra","address":"Accra Mall, Spintex Rd","hours":"Mon–Sat 9:00–19:00","fee":15}`, 201)), &station)
		decode(t, []byte(f.do(t, staff, "POST", "/api/admin/delivery/pickup-points/",
			`{"name":"Closed Station","region":"greater-accra","city":"Tema","address":"Harbour Rd","fee":10,"is_active":false}`, 201)), &closed)
		assertBody(t, f.do(t, staff, "POST", "/api/admin/delivery/pickup-points/", `{"name":"","region":"greater-accra","fee":-1}`, 400),
			`{"address":["This field is required."],"city":["This field is required."],"fee":["Enter an amount in GH₵ like 25.00."],"name":["This field may not be blank."]}`)
		public := a.Do("GET", "/api/store/pickup-points/?region=greater-accra", "")
		assertStatus(t, public.Code, 200)
		if body := public.Body.String(); !strings.Contains(body, "Accra Mall Station") || strings.Contains(body, "Closed Station") ||
			!strings.Contains(body, `"fee":15`) {
			t.Errorf("public stations = %s", body)
		}
		assertStatus(t, a.Do("GET", "/api/store/pickup-points/?region=mars", "").Code, 400)

		// Holidays: Friday 4 December is one here.
		f.do(t, staff, "POST", "/api/admin/delivery/holidays/", `{"day":"2026-12-04","name":"Farmers' Day"}`, 201)
		assertBody(t, f.do(t, staff, "POST", "/api/admin/delivery/holidays/", `{"day":"2026-12-04","name":"Again"}`, 400),
			`{"day":["This day is already a holiday."]}`)
		assertBody(t, f.do(t, staff, "POST", "/api/admin/delivery/holidays/", `{"day":"4/12/2026","name":"X"}`, 400),
			`{"day":["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]}`)
		assertBody(t, f.do(t, staff, "GET", "/api/admin/delivery/holidays/", "", 200), `[{"day":"2026-12-04","name":"Farmers' Day"}]`)
		f.do(t, staff, "DELETE", "/api/admin/delivery/holidays/2026-12-05/", "", 404)

		// Store settings, checked together.
		for _, tc := range []struct{ body, want string }{
			{`{"same_day_cutoff":14}`, `{"same_day_cutoff":["Set the region and city you ship from to offer same-day delivery."]}`},
			{`{"same_day_cutoff":24,"ship_from_region":"greater-accra","ship_from_city":"Accra"}`, `{"same_day_cutoff":["Enter an hour from 0 to 23, or null for no same-day delivery."]}`},
			{`{"store_pickup":true}`, `{"store_pickup":["Add your shop's address to offer pickup there."]}`},
			{`{"free_delivery_over":0}`, `{"free_delivery_over":["Enter an amount above GH₵ 0."]}`},
			{`{"ship_from_region":"brong-ahafo"}`, `{"ship_from_region":["Select a valid choice. \"brong-ahafo\" is not one of the available choices."]}`},
		} {
			assertBody(t, f.do(t, f.booksOwner, "PATCH", "/api/seller/store/", tc.body, 400), tc.want)
		}
		body := f.do(t, f.hubOwner, "PATCH", "/api/seller/store/",
			`{"ship_from_region":"greater-accra","ship_from_city":"Accra","same_day_cutoff":14,"free_delivery_over":"5,000"}`, 200)
		for _, want := range []string{`"ship_from_region":"greater-accra"`, `"ship_from_city":"Accra"`, `"same_day_cutoff":14`,
			`"free_delivery_over":5000`, `"store_pickup":false`} {
			if !strings.Contains(body, want) {
				t.Errorf("hub settings lack %s: %s", want, body)
			}
		}
		body = f.do(t, f.booksOwner, "PATCH", "/api/seller/store/", `{"address":"Adum, Kumasi","store_pickup":true}`, 200)
		if !strings.Contains(body, `"store_pickup":true`) || !strings.Contains(body, `"free_delivery_over":null`) ||
			!strings.Contains(body, `"same_day_cutoff":null`) {
			t.Errorf("books settings = %s", body)
		}

		// The product page's line: same day in Accra before 14:00.
		quote := func(query string) (int, string) {
			w := a.Do("GET", "/api/store/delivery/quote/?"+query, "")
			return w.Code, w.Body.String()
		}
		code, body := quote(fmt.Sprintf("product=%d&region=greater-accra&city=accra", f.console.ID))
		assertStatus(t, code, 200)
		assertBody(t, body, fmt.Sprintf(`{"region":"greater-accra","region_name":"Greater Accra","available":true,"reason":null,"fee":20,`+
			`"from":"2026-12-02","to":"2026-12-02","same_day":true,"same_day_cutoff":14,"free_delivery_over":5000,`+
			`"ship_from_region":"greater-accra","ship_from_region_name":"Greater Accra","store":{"id":%d,"name":"Accra Game Hub"}}`, f.hub.ID))
		_, body = quote(fmt.Sprintf("product=%d&region=greater-accra&city=Tema", f.book.ID))
		if !strings.Contains(body, `"fee":25,"from":"2026-12-03","to":"2026-12-05","same_day":false`) {
			t.Errorf("Tema quote (over the Friday holiday) = %s", body)
		}
		_, body = quote(fmt.Sprintf("product=%d&region=volta", f.book.ID))
		if !strings.Contains(body, `"available":false,"reason":"We do not deliver to Volta yet.","fee":null,"from":null,"to":null`) {
			t.Errorf("Volta quote = %s", body)
		}
		code, body = quote(fmt.Sprintf("product=%d&region=brong-ahafo", f.book.ID))
		if code != 400 || !strings.Contains(body, `"region"`) {
			t.Errorf("old region = %d %s", code, body)
		}
		assertStatus(t, a.Do("GET", "/api/store/delivery/quote/?product=999999&region=volta", "").Code, 404)
		w := a.Do("GET", fmt.Sprintf("/api/store/delivery/quote/?product=%d&region=volta", f.book.ID), "")
		if tag := w.Header().Get("ETag"); tag == "" || w.Header().Get("Cache-Control") != "public, no-cache" {
			t.Errorf("quote headers = %v", w.Header())
		} else {
			assertStatus(t, a.Do("GET", fmt.Sprintf("/api/store/delivery/quote/?product=%d&region=volta", f.book.ID), "",
				"If-None-Match", tag).Code, 304)
		}

		// A zone staff add here shows at once; one another instance's staff add
		// (written behind this instance's back) within deliveryTablesTTL (30 s).
		voltaQuote := fmt.Sprintf("product=%d&region=volta", f.book.ID)
		f.do(t, staff, "POST", "/api/admin/delivery/zones/", `{"region":"volta","fee":60,"days_min":3,"days_max":5}`, 201)
		if _, body := quote(voltaQuote); !strings.Contains(body, `"available":true,"reason":null,"fee":60`) {
			t.Errorf("Volta quote once staff added its zone = %s", body)
		}
		oti := shop.DeliveryZone{Region: "oti", Fee: 7000, DaysMin: 3, DaysMax: 5}
		if err := st.CreateDeliveryZone(t.Context(), &oti, a.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		otiQuote := fmt.Sprintf("product=%d&region=oti", f.book.ID)
		if _, body := quote(otiQuote); !strings.Contains(body, `"available":false`) {
			t.Errorf("Oti quote at once after another instance's zone = %s; want the kept tables", body)
		}
		a.Clock.Advance(30 * time.Second)
		if _, body := quote(otiQuote); !strings.Contains(body, `"available":true,"reason":null,"fee":70`) {
			t.Errorf("Oti quote 30 s after another instance's zone = %s", body)
		}

		// The region is remembered in the account.
		assertBody(t, f.do(t, ama, "PATCH", "/api/auth/users/me/", `{"delivery_region":"accra"}`, 400),
			`{"delivery_region":["Select a valid choice. \"accra\" is not one of the available choices."]}`)
		f.do(t, ama, "PATCH", "/api/auth/users/me/", `{"delivery_region":"ashanti"}`, 200)
		if body := f.do(t, ama, "GET", "/api/auth/users/me/", "", 200); !strings.Contains(body, `"delivery_region":"ashanti"`) {
			t.Errorf("me = %s", body)
		}
	})
}

type deliveryZoneOut struct {
	ID         int64
	Region     string
	RegionName string `json:"region_name"`
	City       string
	Fee        float64
}

// TestDeliveryOrder: the bag's quote, the order placed with the same
// choices and the amount Paystack is asked for agree; each part keeps its
// fee and promise, which the store sees (late once past it).
func TestDeliveryOrder(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newDeliveryFixture(t, st)
		a, ama := f.a, f.shopper
		a.DeliveryZone("greater-accra", "", 2500, 1, 2)
		a.DeliveryZone("greater-accra", "Accra", 2000, 1, 1)
		station := shop.PickupPoint{Name: "Tema Station", Region: "greater-accra", City: "Tema", Address: "Harbour Rd",
			Hours: "8:00–18:00", Fee: 1500, Active: true}
		if err := st.CreatePickupPoint(t.Context(), &station, a.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		f.do(t, f.booksOwner, "PATCH", "/api/seller/store/", `{"address":"Adum, Kumasi","store_pickup":true}`, 200)
		for _, p := range []*shop.Product{f.console, f.book, f.shirt} {
			f.do(t, ama, "POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d}`, p.ID), 201)
		}
		choices := fmt.Sprintf(`[{"store":%d,"pickup_point":%d},{"store":%d,"store_pickup":true}]`, f.hub.ID, station.ID, f.books.ID)

		// The bag's quote.
		var q bagQuoteOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/delivery/quote/",
			`{"region":"greater-accra","city":"Tema","choices":`+choices+`}`, 200)), &q)
		if len(q.Parts) != 3 || q.ItemsTotal != 4199 || q.DeliveryTotal != 40 || q.Total != 4239 || !q.Available {
			t.Fatalf("quote = %+v", q)
		}
		hub, books, fashion := q.Parts[0], q.Parts[1], q.Parts[2]
		if hub.Method != "pickup" || *hub.Fee != 15 || hub.PickupPoint == nil || hub.PickupPoint.ID != station.ID ||
			*hub.From != "2026-12-03" || *hub.To != "2026-12-04" {
			t.Errorf("hub part = %+v", hub)
		}
		if books.Method != "store" || *books.Fee != 0 || *books.From != "2026-12-03" || !books.StorePickupAvailable {
			t.Errorf("books part = %+v", books)
		}
		if fashion.Method != "door" || *fashion.Fee != 25 || fashion.StorePickupAvailable {
			t.Errorf("fashion part = %+v", fashion)
		}
		for _, tc := range []struct{ body, want string }{
			{`{"region":"greater-accra","choices":[{"store":%d,"pickup_point":999}]}`, `{"choices[0].pickup_point":["Invalid pk \"999\" - object does not exist."]}`},
			{`{"region":"greater-accra","choices":[{"store":%d,"store_pickup":true}]}`, `{"choices[0].store_pickup":["This store does not offer pickup at its shop."]}`},
			{`{"city":"Tema"}`, `{"region":["This field is required."]}`},
		} {
			body := tc.body
			if strings.Contains(body, "%d") {
				body = fmt.Sprintf(body, f.hub.ID)
			}
			assertBody(t, f.do(t, ama, "POST", "/api/store/delivery/quote/", body, 400), tc.want)
		}
		var volta bagQuoteOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/delivery/quote/", `{"region":"volta","city":"Ho"}`, 200)), &volta)
		if volta.Available || volta.Parts[0].Available || *volta.Parts[0].Reason != "We do not deliver to Volta yet." ||
			volta.Parts[0].Fee != nil || volta.DeliveryTotal != 0 {
			t.Errorf("Volta quote = %+v", volta)
		}
		// Buy Now's lines are quoted without the bag.
		var one bagQuoteOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/delivery/quote/",
			fmt.Sprintf(`{"region":"greater-accra","city":"Accra","items":[{"product_id":%d,"quantity":2}]}`, f.console.ID), 200)), &one)
		if len(one.Parts) != 1 || one.ItemsTotal != 7798 || one.Total != 7818 {
			t.Errorf("Buy Now quote = %+v", one)
		}

		// Placing: errors first, nothing changes.
		for _, tc := range []struct {
			body string
			code int
			want string
		}{
			{`{"address":` + tema + `,"delivery":[{"store":%d,"pickup_point":999}]}`, 400,
				`{"delivery[0].pickup_point":["Invalid pk \"999\" - object does not exist."]}`},
			{`{"address":` + tema + `,"delivery":[{"store":%d,"store_pickup":true}]}`, 400,
				`{"delivery[0].store_pickup":["This store does not offer pickup at its shop."]}`},
			{`{"shipping_address":"Tema","contact_info":"0241234567","delivery":[{"store":%d,"store_pickup":true}]}`, 400,
				`{"delivery":["Send address_id or address to choose delivery."]}`},
			{`{"address":` + strings.Replace(tema, "greater-accra", "volta", 1) + `}`, 409,
				`{"detail":"We do not deliver to Volta yet.","code":"delivery_unavailable"}`},
		} {
			body := tc.body
			if strings.Contains(body, "%d") {
				body = fmt.Sprintf(body, f.hub.ID)
			}
			assertBody(t, f.do(t, ama, "POST", "/api/store/orders/", body, tc.code), tc.want)
		}

		// The order: the quote's total, each part's promise.
		var o deliveryOrderOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/orders/", `{"address":`+tema+`,"delivery":`+choices+`}`, 201)), &o)
		if o.Amount != q.Total || o.ItemsAmount != 4199 || o.DeliveryAmount != 40 || len(o.Fulfilment) != 3 {
			t.Fatalf("order = %+v", o)
		}
		pickup := o.Fulfilment[0].Delivery
		if pickup == nil || pickup.Method != "pickup" || pickup.Fee != 15 || pickup.PickupPoint == nil ||
			pickup.PickupPoint.Name != "Tema Station" || pickup.From != "2026-12-03" || pickup.Late {
			t.Errorf("pickup part = %+v", pickup)
		}
		if d := o.Fulfilment[1].Delivery; d == nil || d.Method != "store" || d.Fee != 0 || d.PickupPoint != nil {
			t.Errorf("store pickup part = %+v", d)
		}
		if d := o.Fulfilment[2].Delivery; d == nil || d.Method != "door" || d.Fee != 25 || d.To != "2026-12-04" {
			t.Errorf("door part = %+v", d)
		}
		// The placed mail gives each part's promise.
		var mail string
		for _, m := range a.DeliverMail() {
			if strings.HasSuffix(m.Subject, " is placed") {
				mail = m.Text
			}
		}
		for _, want := range []string{"The total is GH₵ 4,239.00 (items GH₵ 4,199.00, delivery GH₵ 40.00).",
			"Accra Game Hub: ready at Tema Station (Harbour Rd) from Thu 3 Dec (delivery GH₵ 15.00).",
			"Kumasi Books: ready for pickup at the store from Thu 3 Dec (free delivery).",
			"Osu Fashion: arrives Thu 3 Dec – Fri 4 Dec (delivery GH₵ 25.00)."} {
			if !strings.Contains(mail, want) {
				t.Errorf("placed mail lacks %q:\n%s", want, mail)
			}
		}
		// The station's later edits leave the order's copy alone.
		f.do(t, f.staff, "PATCH", fmt.Sprintf("/api/admin/delivery/pickup-points/%d/", station.ID), `{"name":"Renamed"}`, 200)
		if body := f.do(t, ama, "GET", "/api/store/orders/"+o.ID+"/", "", 200); !strings.Contains(body, `"name":"Tema Station"`) {
			t.Errorf("order after the station's rename = %s", body)
		}

		// Paystack is asked for the same amount.
		var p paymentOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, 201)), &p)
		if init := f.fake.Initialized[len(f.fake.Initialized)-1]; init["amount"] != "423900" {
			t.Fatalf("initialize amount = %v; want 423900 (the quote's GH₵ %v)", init["amount"], q.Total)
		}
		f.fake.Transaction(p.PaymentReference, "success", 423900, "GHS")
		f.do(t, ama, "POST", "/api/store/payments/verify/", `{"reference":"`+p.PaymentReference+`"}`, 200)

		// The store sees its part's delivery; late once past its last day.
		sellerDelivery := func() partDeliveryOut {
			t.Helper()
			var page struct {
				Results []struct{ Delivery *partDeliveryOut }
			}
			decode(t, []byte(f.do(t, f.hubOwner, "GET", "/api/seller/orders/?page=1", "", 200)), &page)
			if len(page.Results) != 1 || page.Results[0].Delivery == nil {
				t.Fatalf("seller orders = %+v", page)
			}
			return *page.Results[0].Delivery
		}
		if d := sellerDelivery(); d.Method != "pickup" || d.Fee != 15 || d.Late {
			t.Errorf("seller's part = %+v", d)
		}
		a.Clock.Advance(3 * 24 * time.Hour) // Saturday 5 December: past the 4th
		f.hubOwner.Tokens = a.SignIn(f.hubOwner.User)
		if d := sellerDelivery(); !d.Late {
			t.Errorf("seller's part past its promise = %+v", d)
		}
		f.do(t, f.hubOwner, "POST", "/api/seller/orders/"+o.ID+"/ship/", `{}`, 200)
		f.do(t, f.hubOwner, "POST", "/api/seller/orders/"+o.ID+"/deliver/", `{}`, 200)
		if d := sellerDelivery(); d.Late {
			t.Errorf("delivered part = %+v", d)
		}

		// Buy Now with a delivery choice, on Saturday 5 December: the station's
		// fee on top of exactly that line, dates past Sunday, the bag untouched.
		ama.Tokens = a.SignIn(ama.User)
		f.do(t, ama, "POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d}`, f.shirt.ID), 201)
		var now deliveryOrderOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/orders/", fmt.Sprintf(
			`{"items":[{"product_id":%d,"quantity":2}],"address":%s,"delivery":[{"store":%d,"pickup_point":%d}]}`,
			f.console.ID, tema, f.hub.ID, station.ID), 201)), &now)
		if now.Amount != 7813 || now.ItemsAmount != 7798 || now.DeliveryAmount != 15 || len(now.Fulfilment) != 1 {
			t.Fatalf("Buy Now order = %+v", now)
		}
		if d := now.Fulfilment[0].Delivery; d == nil || d.Method != "pickup" || d.From != "2026-12-07" || d.To != "2026-12-08" {
			t.Errorf("Buy Now part = %+v; want the station from Monday 7 to Tuesday 8 December", d)
		}
		if bag := f.do(t, ama, "GET", "/api/store/cart-items/", "", 200); !strings.Contains(bag, "Kente Shirt") ||
			strings.Contains(bag, "PlayStation") {
			t.Errorf("bag after Buy Now = %s", bag)
		}
	})
}

// TestLegacyOrderHasNoDelivery: the free-text fields alone place an order
// as before — no fee, no promise — even where no zone exists.
func TestLegacyOrderHasNoDelivery(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newDeliveryFixture(t, st)
		var o deliveryOrderOut
		decode(t, []byte(f.do(t, f.shopper, "POST", "/api/store/orders/", fmt.Sprintf(
			`{"shipping_address":"Ho","contact_info":"0241234567","items":[{"product_id":%d}]}`, f.book.ID), 201)), &o)
		if o.Amount != 50 || o.ItemsAmount != 50 || o.DeliveryAmount != 0 || o.Fulfilment[0].Delivery != nil {
			t.Errorf("legacy order = %+v", o)
		}
	})
}

// TestDeliveryFeeInAPartsMoney: pay on delivery collects each part's lines
// and its fee, its ceiling judges the whole amount, and a store may refund
// its part's fee with its lines.
func TestDeliveryFeeInAPartsMoney(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newDeliveryFixture(t, st)
		a, ama := f.a, f.shopper
		a.DeliveryZone("greater-accra", "", 2500, 1, 2)
		place := func() deliveryOrderOut {
			var o deliveryOrderOut
			decode(t, []byte(f.do(t, ama, "POST", "/api/store/orders/", fmt.Sprintf(
				`{"address":%s,"items":[{"product_id":%d},{"product_id":%d}]}`, tema, f.console.ID, f.book.ID), 201)), &o)
			if o.Amount != 3999 || o.DeliveryAmount != 50 {
				t.Fatalf("order = %+v", o)
			}
			return o
		}
		f.do(t, f.staff, "PATCH", "/api/admin/settings/payments/", `{"cod_enabled":true,"cod_max_amount":"3990","store_refunds":true}`, 200)
		f.do(t, f.hubOwner, "PATCH", "/api/seller/store/", `{"accepts_pay_on_delivery":true}`, 200)
		f.do(t, f.booksOwner, "PATCH", "/api/seller/store/", `{"accepts_pay_on_delivery":true}`, 200)
		exec(t, st, `UPDATE users SET phone = '+233241112222' WHERE id = ?`, ama.User.ID)

		// GH₵ 3,949 of items is under the ceiling; with the fees it is not.
		o := place()
		codPath := "/api/store/orders/" + o.ID + "/pay-on-delivery/"
		assertBody(t, f.do(t, ama, "POST", codPath, "", 409),
			`{"detail":"Pay on delivery is only for orders up to GH₵`+"\u00a0"+`3,990.00. Pay by mobile money or card instead.","code":"cod_unavailable"}`)
		f.do(t, f.staff, "PATCH", "/api/admin/settings/payments/", `{"cod_max_amount":"10000"}`, 200)
		f.do(t, ama, "POST", codPath, "", 200)
		var cod struct {
			Fulfilment []struct {
				DueOnDelivery float64 `json:"due_on_delivery"`
			}
		}
		decode(t, []byte(f.do(t, ama, "GET", "/api/store/orders/"+o.ID+"/", "", 200)), &cod)
		if len(cod.Fulfilment) != 2 || cod.Fulfilment[0].DueOnDelivery != 3924 || cod.Fulfilment[1].DueOnDelivery != 75 {
			t.Errorf("due on delivery = %+v; want 3924 and 75", cod.Fulfilment)
		}

		// Paid online: the store's part is its lines and its fee.
		paid := place()
		var p paymentOut
		decode(t, []byte(f.do(t, ama, "POST", "/api/store/payments/", `{"order":"`+paid.ID+`"}`, 201)), &p)
		f.fake.Transaction(p.PaymentReference, "success", 399900, "GHS")
		f.do(t, ama, "POST", "/api/store/payments/verify/", `{"reference":"`+p.PaymentReference+`"}`, 200)
		w := a.Do("POST", "/api/seller/orders/"+paid.ID+"/refunds/", `{"amount_minor":392401}`,
			append(f.hubOwner.Auth(), "Idempotency-Key", "part-1")...)
		if w.Code != 409 || w.Body.String() != `{"detail":"At most GH₵ 3924.00 can still be refunded.","code":"refund_exceeds_paid"}` {
			t.Errorf("refund over the part = %d %s", w.Code, w.Body)
		}
	})
}
