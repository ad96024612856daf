package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Product options and variants (issue 24, decision 0029), through the real
// handler on both engines.

// variantFixture: a store owner's phone (with one image) and a plain
// product of the same store, and the bag fixture's shoppers.
type variantFixture struct {
	bagFixture
	owner  shoptest.Account
	phone  *shop.Product
	plain  *shop.Product
	seller string // the owner's URL of the phone
	auth   []string
}

func newVariantFixture(t *testing.T, st *sqldb.Store) variantFixture {
	f := variantFixture{bagFixture: newBagFixture(t, st, nil)}
	var hub *shop.Store
	f.owner, hub = f.a.Owner("kwame", "Osu Phone Corner")
	f.phone = shoptest.NewProduct("iPhone 15", 549900)
	f.phone.StoreID, f.phone.Inventory = hub.ID, 9
	f.plain = shoptest.NewProduct("Phone Case", 5000)
	f.plain.StoreID, f.plain.Inventory = hub.ID, 4
	f.a.Products(f.phone, f.plain)
	f.seller = fmt.Sprintf("/api/seller/products/%d/", f.phone.ID)
	f.auth = append(f.owner.Auth(), "Content-Type", "application/json")
	return f
}

type variantOut struct {
	ID        int64
	SKU       string
	Options   []string
	UnitPrice string `json:"unit_price"`
	Inventory int
	Active    bool
	ImageIDs  []int64 `json:"image_ids"`
}

type variantProduct struct {
	ID          int64
	UnitPrice   string `json:"unit_price"`
	Inventory   int
	PriceVaries bool `json:"price_varies"`
	Options     []struct {
		Name   string
		Values []string
	}
	Variants []variantOut
}

// do sends a request as the owner and decodes a 200 answer.
func (f variantFixture) do(t *testing.T, method, path, body string) variantProduct {
	t.Helper()
	w := f.a.Do(method, path, body, f.auth...)
	if w.Code != 200 {
		t.Fatalf("%s %s %s: %d %s", method, path, body, w.Code, w.Body)
	}
	var p variantProduct
	decode(t, w.Body.Bytes(), &p)
	return p
}

// byValues finds the variant with these values.
func (p variantProduct) byValues(t *testing.T, values ...string) variantOut {
	t.Helper()
	for _, v := range p.Variants {
		if strings.Join(v.Options, "/") == strings.Join(values, "/") {
			return v
		}
	}
	t.Fatalf("no variant %v in %+v", values, p.Variants)
	return variantOut{}
}

// setUp gives the phone Storage × Colour and prices and stock per variant:
// 128 GB 5499 (Blue 3, Black 0), 256 GB 6299 (Blue 2, Black 5).
func (f variantFixture) setUp(t *testing.T) variantProduct {
	t.Helper()
	p := f.do(t, "PUT", f.seller+"options/",
		`{"options":[{"name":"Storage","values":["128 GB","256 GB"]},{"name":"Colour","values":["Blue","Black"]}]}`)
	body := fmt.Sprintf(`{"variants":[
		{"id":%d,"inventory":3,"sku":"IP15-128-BLU"},
		{"id":%d,"inventory":0},
		{"id":%d,"unit_price":"6299.00","inventory":2,"sku":"IP15-256-BLU"},
		{"id":%d,"unit_price":"6299.00","inventory":5}]}`,
		p.byValues(t, "128 GB", "Blue").ID, p.byValues(t, "128 GB", "Black").ID,
		p.byValues(t, "256 GB", "Blue").ID, p.byValues(t, "256 GB", "Black").ID)
	return f.do(t, "PATCH", f.seller+"variants/", body)
}

func TestVariantsEndToEnd(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		public := fmt.Sprintf("/api/store/products/%d/", f.phone.ID)
		// A kept public answer must follow the variant writes.
		assertBody(t, f.a.Do("GET", public, "").Body.String(), `{"id":…,"unit_price":"5499.00","inventory":9,…"options":[],"price_varies":false,"variants":[]}`)

		p := f.setUp(t)
		if len(p.Variants) != 4 || p.UnitPrice != "5499.00" || p.Inventory != 10 {
			t.Fatalf("after setup: %+v", p)
		}
		w := f.a.Do("GET", public, "")
		assertStatus(t, w.Code, 200)
		blue128, black128, blue256 := p.byValues(t, "128 GB", "Blue"), p.byValues(t, "128 GB", "Black"), p.byValues(t, "256 GB", "Blue")
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":…,"unit_price":"5499.00","inventory":10,…`+
			`"options":[{"name":"Storage","values":["128 GB","256 GB"]},{"name":"Colour","values":["Blue","Black"]}],"price_varies":true,`+
			`"variants":[{"id":%d,"sku":"IP15-128-BLU","options":["128 GB","Blue"],"unit_price":"5499.00","inventory":3,"active":true,"image_ids":[]},…`,
			blue128.ID))
		// Lists carry options and price_varies, not the variants.
		w = f.a.Do("GET", "/api/store/products/?search=iphone", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…"options":[{"name":"Storage",…"price_varies":true},…`, f.phone.ID))

		// The bag: variant rules, keyed variant_id.
		add := func(body string) (int, string) { return f.add(f.kofi, body) }
		for _, c := range []struct{ body, want string }{
			{fmt.Sprintf(`{"product_id":%d}`, f.phone.ID), `{"variant_id":["Choose an option."]}`},
			{fmt.Sprintf(`{"product_id":%d,"variant_id":999999}`, f.phone.ID), `{"variant_id":["Invalid pk \"999999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.plain.ID, blue128.ID), `{"variant_id":["This product has no options."]}`},
			{fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.console.ID, blue128.ID), `{"variant_id":["This product has no options."]}`},
			{fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, black128.ID), `{"detail":"Product is out of stock","code":"out_of_stock"}`},
			{fmt.Sprintf(`{"product_id":%d,"variant_id":%d,"quantity":4}`, f.phone.ID, blue128.ID), `{"quantity":["Only 3 left in stock."]}`},
		} {
			code, body := add(c.body)
			assertStatus(t, code, 400)
			assertBody(t, body, c.want)
		}
		code, body := add(fmt.Sprintf(`{"product_id":%d,"variant_id":%d,"quantity":2}`, f.phone.ID, blue128.ID))
		assertStatus(t, code, 201)
		assertBody(t, body, fmt.Sprintf(`{"id":…,"product":{"id":%d,"name":"iPhone 15",…"unit_price":"5499.00","inventory":3,…"total_price":10998,"available":true,…,"variant_id":%d,`+
			`"variant":{"id":%d,"sku":"IP15-128-BLU","options":[{"name":"Storage","value":"128 GB"},{"name":"Colour","value":"Blue"}],"unit_price":"5499.00","inventory":3}}`,
			f.phone.ID, blue128.ID, blue128.ID))
		// Lines merge per variant; another variant is another line.
		code, _ = add(fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, blue128.ID))
		assertStatus(t, code, 200)
		code, body = add(fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, blue128.ID))
		assertStatus(t, code, 400)
		assertBody(t, body, `{"quantity":["Only 3 left in stock."]}`)
		code, _ = add(fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, blue256.ID))
		assertStatus(t, code, 201)
		code, _ = add(fmt.Sprintf(`{"product_id":%d}`, f.plain.ID))
		assertStatus(t, code, 201)
		// PATCH checks the variant's stock.
		var lines []struct {
			ID        int64
			VariantID *int64 `json:"variant_id"`
		}
		decode(t, f.a.Do("GET", "/api/store/cart-items/", "", f.kofi.Auth()...).Body.Bytes(), &lines)
		w = f.a.Do("PATCH", fmt.Sprintf("/api/store/cart-items/%d/", lines[1].ID), `{"quantity":3}`,
			append(f.kofi.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"quantity":["Only 2 left in stock."]}`)

		// The order keeps the options; stock leaves the variants and the aggregate.
		w = f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":…"items":[{"id":…,"name":"iPhone 15","quantity":3,"unit_price":"5499.00","total_price":16497,"variant_id":%d,`+
			`"options":[{"name":"Storage","value":"128 GB"},{"name":"Colour","value":"Blue"}]},`+
			`{"id":…,"name":"iPhone 15","quantity":1,"unit_price":"6299.00","total_price":6299,"variant_id":%d,"options":[{"name":"Storage","value":"256 GB"},{"name":"Colour","value":"Blue"}]},`+
			`{"id":…,"name":"Phone Case",…,"variant_id":null,"options":[]}],…`, blue128.ID, blue256.ID))
		var o orderOut
		decode(t, w.Body.Bytes(), &o)
		// 128 GB Blue sold out: the lowest price in stock is now 6299.
		p = f.do(t, "GET", f.seller, "")
		if p.byValues(t, "128 GB", "Blue").Inventory != 0 || p.byValues(t, "256 GB", "Blue").Inventory != 1 ||
			p.Inventory != 6 || p.UnitPrice != "6299.00" {
			t.Fatalf("after order: %+v", p)
		}
		assertBody(t, f.a.Do("GET", public, "").Body.String(), `{"id":…,"unit_price":"6299.00","inventory":6,…`)
		// Cancelling returns the stock to the variants.
		assertStatus(t, f.a.Do("DELETE", "/api/store/orders/"+o.ID+"/", "", f.kofi.Auth()...).Code, 204)
		p = f.do(t, "GET", f.seller, "")
		if p.byValues(t, "128 GB", "Blue").Inventory != 3 || p.byValues(t, "256 GB", "Blue").Inventory != 2 ||
			p.Inventory != 10 || p.UnitPrice != "5499.00" {
			t.Fatalf("after cancel: %+v", p)
		}

		// Buy Now names variants too, errors keyed items[i].variant_id.
		items := func(s string) string {
			return `{"shipping_address":"12 Ring Rd, Osu, Accra","contact_info":"+233 24 123 4567","items":[` + s + `]}`
		}
		w = f.a.Do("POST", "/api/store/orders/", items(fmt.Sprintf(`{"product_id":%d},{"product_id":%d,"variant_id":%d}`,
			f.phone.ID, f.plain.ID, blue128.ID)), f.ama.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"items[0].variant_id":["Choose an option."],"items[1].variant_id":["This product has no options."]}`)
		w = f.a.Do("POST", "/api/store/orders/", items(fmt.Sprintf(`{"product_id":%d,"variant_id":%d,"quantity":2}`,
			f.phone.ID, blue256.ID)), f.ama.Auth()...)
		assertStatus(t, w.Code, 201)
		assertBody(t, w.Body.String(), `{"id":…"items":[{"id":…,"unit_price":"6299.00",…,"options":[{"name":"Storage","value":"256 GB"},{"name":"Colour","value":"Blue"}]}],…`)
		w = f.a.Do("POST", "/api/store/orders/", items(fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`,
			f.phone.ID, blue256.ID)), f.ama.Auth()...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"Only 0 left of iPhone 15.","code":"insufficient_stock"}`)

		// A deactivated variant cannot be carted.
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"active":false}]}`, black128.ID))
		code, body = f.add(f.ama, fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, black128.ID))
		assertStatus(t, code, 400)
		assertBody(t, body, fmt.Sprintf(`{"variant_id":["Invalid pk \"%d\" - object does not exist."]}`, black128.ID))
	})
}

// TestVariantSearch: option values are words of the product, also joined
// ("256 GB" is found as "256gb").
func TestVariantSearch(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		for _, q := range []string{"iphone 15 256gb blue", "iphone 256 gb black"} {
			assertBody(t, f.a.Do("GET", "/api/store/products/?fields=id&search="+strings.ReplaceAll(q, " ", "+"), "").Body.String(),
				`[]`)
		}
		f.setUp(t)
		for _, q := range []string{"iphone 15 256gb blue", "iphone 256 gb black", "128gb"} {
			w := f.a.Do("GET", "/api/store/products/?fields=id&search="+strings.ReplaceAll(q, " ", "+"), "")
			assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d}]`, f.phone.ID))
		}
		assertBody(t, f.a.Do("GET", "/api/store/products/?fields=id&search=iphone+512gb", "").Body.String(), `[]`)
	})
}
