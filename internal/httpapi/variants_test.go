package httpapi_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"
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
	phones := f.a.Category("Phones", "phones", nil, 1, true)
	f.phone = shoptest.NewProduct("iPhone 15", 549900, phones)
	f.phone.StoreID, f.phone.Inventory = hub.ID, 9
	f.plain = shoptest.NewProduct("Phone Case", 5000, phones)
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

// TestOptionsValidation: the options' rules, errors keyed as the contract
// says; nothing changes on a refusal.
func TestOptionsValidation(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		long := strings.Repeat("x", 31)
		values := func(n int) string {
			out := make([]string, n)
			for i := range out {
				out[i] = fmt.Sprintf(`"v%d"`, i)
			}
			return strings.Join(out, ",")
		}
		for _, c := range []struct{ body, want string }{
			{`{}`, `{"options":["This field is required."]}`},
			{`{"options":null}`, `{"options":["This field may not be null."]}`},
			{`{"options":"Storage"}`, `{"options":["Expected a list of items but got type \"str\"."]}`},
			{`{"options":[{},{},{},{}]}`, `{"options":["Ensure this field has no more than 3 elements."]}`},
			{`{"options":[{"values":["a"]}]}`, `{"options[0].name":["This field is required."]}`},
			{`{"options":[{"name":" ","values":["a"]}]}`, `{"options[0].name":["This field may not be blank."]}`},
			{`{"options":[{"name":"` + long + `","values":["a"]}]}`, `{"options[0].name":["Ensure this field has no more than 30 characters."]}`},
			{`{"options":[{"name":"Size","values":["a"]},{"name":" size ","values":["b"]}]}`, `{"options[1].name":["Another option of this product has this name."]}`},
			{`{"options":[{"name":"Size: EU","values":["a"]}]}`, `{"options[0].name":["Option names cannot contain a colon."]}`},
			{`{"options":[{"name":"Size"}]}`, `{"options[0].values":["This field is required."]}`},
			{`{"options":[{"name":"Size","values":[]}]}`, `{"options[0].values":["This list may not be empty."]}`},
			{`{"options":[{"name":"Size","values":[` + values(21) + `]}]}`, `{"options[0].values":["Ensure this field has no more than 20 elements."]}`},
			{`{"options":[{"name":"Size","values":["S","s"]}]}`, `{"options[0].values":["Values must be different: \"s\" is there twice."]}`},
			{`{"options":[{"name":"Size","values":["S",""]}]}`, `{"options[0].values":["Values may not be blank."]}`},
			{`{"options":[{"name":"Size","values":["` + long + `"]}]}`, `{"options[0].values":["Each value must have no more than 30 characters."]}`},
			{`{"options":[{"name":"A","values":[` + values(5) + `]},{"name":"B","values":[` + values(5) + `]},{"name":"C","values":[` + values(5) + `]}]}`,
				`{"options":["These options make 125 combinations; at most 100 are allowed."]}`},
		} {
			w := f.a.Do("PUT", f.seller+"options/", c.body, f.auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), c.want)
		}
		// 100 combinations are allowed; another store's product is a 404.
		p := f.do(t, "PUT", f.seller+"options/", `{"options":[{"name":"A","values":[`+values(10)+`]},{"name":"B","values":[`+values(10)+`]}]}`)
		if len(p.Variants) != 100 {
			t.Fatalf("%d variants", len(p.Variants))
		}
		other, _ := f.a.Owner("esi", "Esi Rings")
		w := f.a.Do("PUT", f.seller+"options/", `{"options":[]}`, append(other.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 404)
		// Variant edits: unknown ids, images of another product, SKUs taken.
		v := p.Variants[0]
		for _, c := range []struct{ body, want string }{
			{`{"variants":[]}`, `{"variants":["This list may not be empty."]}`},
			{`{"variants":[{"id":999999,"unit_price":"1.00"}]}`, `{"variants[0].id":["Invalid pk \"999999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"variants":[{"id":%d,"unit_price":"0"}]}`, v.ID), `{"variants[0].unit_price":["The price must be more than GH₵ 0.00."]}`},
			{fmt.Sprintf(`{"variants":[{"id":%d,"inventory":-1}]}`, v.ID), `{"variants[0].inventory":["Ensure this value is greater than or equal to 0."]}`},
			{fmt.Sprintf(`{"variants":[{"id":%d,"image_ids":[999999]}]}`, v.ID), `{"variants[0].image_ids":["Invalid pk \"999999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"variants":[{"id":%d,"sku":"ab"},{"id":%d,"sku":"AB"}]}`, v.ID, p.Variants[1].ID), `{"variants[1].sku":["Another product or variant of your store has this SKU."]}`},
		} {
			w := f.a.Do("PATCH", f.seller+"variants/", c.body, f.auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), c.want)
		}
		// SKUs are shared with the store's products, in any case, both ways.
		f.do(t, "PATCH", fmt.Sprintf("/api/seller/products/%d/", f.plain.ID), `{"sku":"CASE-1"}`)
		w = f.a.Do("PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"sku":"case-1"}]}`, v.ID), f.auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"variants[0].sku":["Another product or variant of your store has this SKU."]}`)
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"sku":"VAR-1"}]}`, v.ID))
		w = f.a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", f.plain.ID), `{"sku":"var-1"}`, f.auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"sku":["Another product of your store has this SKU."]}`)
		// The product's own price and stock are the variants' now.
		w = f.a.Do("PATCH", f.seller, `{"price":"1.00"}`, f.auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"price":["This product has options: set the price of each variant."]}`)
	})
}

// TestOptionEditsKeepVariants: editing options keeps the variants of the
// combinations that stay (price, stock, SKU), reordering keeps them all, a
// removed combination's variant goes (deleted, or hidden once ordered), and
// options: [] leaves the product with its aggregate price and stock.
func TestOptionEditsKeepVariants(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		blue256 := p.byValues(t, "256 GB", "Blue")
		// Someone orders a 128 GB Blue.
		blue128 := p.byValues(t, "128 GB", "Blue")
		code, _ := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, blue128.ID))
		assertStatus(t, code, 201)
		assertStatus(t, f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...).Code, 201)

		// Reordered, with a new colour and 128 GB gone.
		p = f.do(t, "PUT", f.seller+"options/",
			`{"options":[{"name":"colour","values":["Blue","Black","Pink"]},{"name":"Storage","values":["256 GB"]}]}`)
		if len(p.Variants) != 3 {
			t.Fatalf("variants: %+v", p.Variants)
		}
		kept := p.byValues(t, "Blue", "256 GB")
		if kept.ID != blue256.ID || kept.UnitPrice != "6299.00" || kept.Inventory != 2 || kept.SKU != "IP15-256-BLU" {
			t.Fatalf("kept %+v, was %+v", kept, blue256)
		}
		pink := p.byValues(t, "Pink", "256 GB")
		if pink.Inventory != 0 || !pink.Active || pink.SKU != "" || pink.UnitPrice != "5499.00" {
			t.Fatalf("new variant %+v", pink)
		}
		if p.Inventory != 7 || p.UnitPrice != "6299.00" {
			t.Fatalf("aggregates %s %d", p.UnitPrice, p.Inventory)
		}
		// The ordered 128 GB Blue is kept for its order, hidden; the other 128 GB is gone.
		var retired, all int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COUNT(*) FROM product_variants WHERE product_id = ? AND retired = TRUE`), f.phone.ID).Scan(&retired); err != nil {
			t.Fatal(err)
		}
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COUNT(*) FROM product_variants WHERE product_id = ?`), f.phone.ID).Scan(&all); err != nil {
			t.Fatal(err)
		}
		if retired != 1 || all != 4 {
			t.Fatalf("retired %d of %d", retired, all)
		}
		// The order still names its options.
		w := f.a.Do("GET", "/api/store/orders/", "", f.kofi.Auth()...)
		assertBody(t, w.Body.String(), `…"options":[{"name":"Storage","value":"128 GB"},{"name":"Colour","value":"Blue"}]…`)
		// 128 GB comes back: the same variant, with its price and SKU.
		p = f.do(t, "PUT", f.seller+"options/",
			`{"options":[{"name":"Storage","values":["128 GB","256 GB"]},{"name":"Colour","values":["Blue","Black","Pink"]}]}`)
		if back := p.byValues(t, "128 GB", "Blue"); back.ID != blue128.ID || back.SKU != "IP15-128-BLU" {
			t.Fatalf("back %+v, was %+v", back, blue128)
		}
		// No options: one implicit variant again, with the aggregates.
		p = f.do(t, "PUT", f.seller+"options/", `{"options":[]}`)
		if len(p.Options) != 0 || len(p.Variants) != 0 || p.Inventory != 7 || p.UnitPrice != "6299.00" {
			t.Fatalf("without options: %+v", p)
		}
		code, _ = f.add(f.ama, fmt.Sprintf(`{"product_id":%d}`, f.phone.ID))
		assertStatus(t, code, 201)
	})
}

// TestVariantLastUnitsRace: the 200-buyers race per variant. 200 buyers race
// for the last 10 units of one variant while 20 others buy another variant
// of the same product and the owner edits both variants' price and stock
// (stock conditional on what was seen). Never oversold; the product's
// aggregates equal its variants' sums at the end.
func TestVariantLastUnitsRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		scarce, other := p.byValues(t, "128 GB", "Blue"), p.byValues(t, "256 GB", "Black")
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":200},{"id":%d,"inventory":100}]}`,
			scarce.ID, other.ID))
		const buyers, others = 200, 20
		accs := make([]shoptest.Account, buyers+others)
		for i := range accs {
			accs[i] = f.a.Shopper(fmt.Sprintf("vbuyer%03d", i))
			v := scarce.ID
			if i >= buyers {
				v = other.ID
			}
			if code, body := f.add(accs[i], fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, v)); code != 201 {
				t.Fatal(code, body)
			}
		}
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":10}]}`, scarce.ID))
		codes, fns := f.orderEach(t, accs)
		// The owner: price edits of both variants, and +5 on the other
		// variant's stock against the stock seen (409 tolerated).
		added := 0
		for i := range 20 {
			fns = append(fns, func() {
				f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"unit_price":"%d.00"},{"id":%d,"unit_price":"%d.00"}]}`,
					scarce.ID, 5000+i, other.ID, 6000+i))
			})
		}
		var mu sync.Mutex
		for range 10 {
			fns = append(fns, func() {
				seen := f.do(t, "GET", f.seller, "").byValues(t, "256 GB", "Black").Inventory
				w := f.a.Do("PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":%d,"expected_inventory":%d}]}`,
					other.ID, seen+5, seen), f.auth...)
				switch w.Code {
				case 200:
					mu.Lock()
					added += 5
					mu.Unlock()
				case 409:
				default:
					t.Errorf("restock: %d %s", w.Code, w.Body)
				}
			})
		}
		race(fns...)
		placedScarce, placedOther := 0, 0
		for i, c := range codes {
			if c == 201 && i < buyers {
				placedScarce++
			} else if c == 201 {
				placedOther++
			}
		}
		var units int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE variant_id = ?`), scarce.ID).Scan(&units); err != nil {
			t.Fatal(err)
		}
		p = f.do(t, "GET", f.seller, "")
		s, o := p.byValues(t, "128 GB", "Blue"), p.byValues(t, "256 GB", "Black")
		if placedScarce != 10 || units != 10 || s.Inventory != 0 {
			t.Fatalf("scarce: placed %d, units %d, stock %d; want 10, 10, 0", placedScarce, units, s.Inventory)
		}
		if placedOther != others || o.Inventory != 100-others+added {
			t.Fatalf("other: placed %d, stock %d, added %d", placedOther, o.Inventory, added)
		}
		sum, low := 0, ""
		for _, v := range p.Variants {
			if v.Active {
				sum += v.Inventory
			}
		}
		// Lowest active price in stock: the 256 GB Blue at 6299 unless an
		// edited 256 GB Black is lower (both edited ones end at some 5000+i / 6000+i).
		low = p.UnitPrice
		if p.Inventory != sum {
			t.Fatalf("aggregate stock %d, variants %d", p.Inventory, sum)
		}
		var want string
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT unit_price FROM product_variants WHERE product_id = ? AND is_active = TRUE
			AND retired = FALSE AND inventory > 0 ORDER BY unit_price LIMIT 1`), f.phone.ID).Scan(&want); err != nil {
			t.Fatal(err)
		}
		if low != shopMoney(t, want) {
			t.Fatalf("aggregate price %s, lowest in stock %s", low, want)
		}
	})
}

// shopMoney renders pesewas as the API's 2-decimal string.
func shopMoney(t *testing.T, pesewas string) string {
	t.Helper()
	var n int64
	if _, err := fmt.Sscan(pesewas, &n); err != nil {
		t.Fatal(err)
	}
	return shop.Money(n).String()
}

// TestVariantProductPageOffers: the product page's JSON-LD has one Offer per
// active variant, with its SKU, price, stock and address.
func TestVariantProductPageOffers(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		black256 := p.byValues(t, "256 GB", "Black")
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"active":false}]}`, black256.ID))
		w := f.a.Do("GET", fmt.Sprintf("/store/products/%d", f.phone.ID), "")
		assertStatus(t, w.Code, 200)
		ld := regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(w.Body.String())
		if ld == nil {
			t.Fatal("no JSON-LD")
		}
		var product struct {
			Offers []struct {
				Type                                string `json:"@type"`
				Name, SKU, Price, Availability, URL string
				PriceCurrency                       string
			}
		}
		if err := json.Unmarshal([]byte(ld[1]), &product); err != nil {
			t.Fatal(err)
		}
		type offer struct{ name, sku, price, availability, url string }
		var got []offer
		for _, o := range product.Offers {
			if o.Type != "Offer" || o.PriceCurrency != "GHS" {
				t.Errorf("offer %+v", o)
			}
			got = append(got, offer{o.Name, o.SKU, o.Price, strings.TrimPrefix(o.Availability, "https://schema.org/"),
				o.URL[strings.Index(o.URL, "/store/"):]})
		}
		page := fmt.Sprintf("/store/products/%d?variant=", f.phone.ID)
		id := func(v variantOut) string { return fmt.Sprint(v.ID) }
		blue128, black128, blue256 := p.byValues(t, "128 GB", "Blue"), p.byValues(t, "128 GB", "Black"), p.byValues(t, "256 GB", "Blue")
		want := []offer{
			{"iPhone 15 — 128 GB · Blue", "IP15-128-BLU", "5499.00", "InStock", page + id(blue128)},
			{"iPhone 15 — 128 GB · Black", fmt.Sprintf("%d-%d", f.phone.ID, black128.ID), "5499.00", "OutOfStock", page + id(black128)},
			{"iPhone 15 — 256 GB · Blue", "IP15-256-BLU", "6299.00", "InStock", page + id(blue256)},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("offers =\n%+v\nwant\n%+v", got, want)
		}
	})
}

// TestBulkWritesLeaveVariantAggregates: a CSV import or a bulk action may
// not set the price or stock of a product with options (its variants'
// aggregates); the values it has already pass unchanged, and a refused
// write changes nothing.
func TestBulkWritesLeaveVariantAggregates(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		f.setUp(t) // 5499.00 lowest, 10 in stock
		imp := func(query, body string) (int, string) {
			w := f.a.Do("POST", "/api/seller/products/import/"+query, body, append(f.owner.Auth(), "Content-Type", "text/csv")...)
			return w.Code, w.Body.String()
		}
		bulk := func(body string) (int, string) {
			w := f.a.Do("POST", "/api/seller/products/bulk/", body, f.auth...)
			return w.Code, w.Body.String()
		}
		code, body := imp("", fmt.Sprintf("id,name,price,stock,exported_stock\n%d,iPhone 15 (2024),5499.00,10,10\n%d,Phone Case,60.00,4,4\n",
			f.phone.ID, f.plain.ID))
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":2,"created":0,"updated":2,"unchanged":0,"problems":[]}`)

		code, body = imp("", fmt.Sprintf("id,price,stock,exported_stock\n%d,7000.00,12,10\n%d,70.00,4,4\n", f.phone.ID, f.plain.ID))
		assertStatus(t, code, 422)
		assertBody(t, body, `{…"problems":[`+
			`{"row":2,"column":"price","message":"This product has options: set the price of each variant."},`+
			`{"row":2,"column":"stock","message":"This product has options: set the stock of each variant."}]}`)

		ids := fmt.Sprintf("[%d,%d]", f.phone.ID, f.plain.ID)
		for _, c := range []struct{ body, field, message string }{
			{`{"ids":` + ids + `,"action":"set_stock","stock":3}`, "stock", "This product has options: set the stock of each variant."},
			{`{"ids":` + ids + `,"action":"add_stock","stock":3}`, "stock", "This product has options: set the stock of each variant."},
			{fmt.Sprintf(`{"ids":[%d],"action":"change_price","amount":"-5499.00"}`, f.phone.ID), "price", "The price of 128 GB / Blue would fall below GH₵ 0.01."},
		} {
			code, body = bulk(c.body)
			assertStatus(t, code, 422)
			assertBody(t, body, fmt.Sprintf(`{…"products":[{"id":%d,"field":%q,"message":%q}]}`, f.phone.ID, c.field, c.message))
		}
		p := f.do(t, "GET", f.seller, "")
		if p.UnitPrice != "5499.00" || p.Inventory != 10 || p.byValues(t, "256 GB", "Black").Inventory != 5 {
			t.Fatalf("after refused writes: %+v", p)
		}
		assertBody(t, f.a.Do("GET", fmt.Sprintf("/api/seller/products/%d/", f.plain.ID), "", f.auth...).Body.String(),
			`{…"name":"Phone Case",…"unit_price":"60.00",…`)
		code, body = bulk(`{"ids":` + ids + `,"action":"deactivate"}`)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"changed":2}`)
	})
}

// TestBulkPriceOnVariants: a price change by percent or amount on a product
// with options changes the price of each of its active variants (rounded as
// for a product), and its aggregates follow in the same write.
func TestBulkPriceOnVariants(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		black256 := p.byValues(t, "256 GB", "Black")
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"active":false}]}`, black256.ID))
		bulk := func(body string) {
			t.Helper()
			w := f.a.Do("POST", "/api/seller/products/bulk/", body, f.auth...)
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), `{"changed":2}`)
		}
		bulk(fmt.Sprintf(`{"ids":[%d,%d],"action":"change_price","percent":"-10"}`, f.phone.ID, f.plain.ID))
		p = f.do(t, "GET", f.seller, "")
		got := map[string]string{}
		for _, v := range p.Variants {
			got[strings.Join(v.Options, "/")] = v.UnitPrice
		}
		want := map[string]string{"128 GB/Blue": "4949.10", "128 GB/Black": "4949.10", "256 GB/Blue": "5669.10", "256 GB/Black": "6299.00"}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("variant prices %v, want %v", got, want)
		}
		if p.UnitPrice != "4949.10" || p.Inventory != 5 {
			t.Fatalf("aggregates %s, %d; want 4949.10, 5", p.UnitPrice, p.Inventory)
		}
		// By an amount: 10 % off's rounding kept, the lowest in stock follows.
		bulk(fmt.Sprintf(`{"ids":[%d,%d],"action":"change_price","amount":"0.90"}`, f.phone.ID, f.plain.ID))
		p = f.do(t, "GET", f.seller, "")
		if p.UnitPrice != "4950.00" || p.byValues(t, "256 GB", "Blue").UnitPrice != "5670.00" {
			t.Fatalf("after +0.90: %+v", p)
		}
		assertBody(t, f.a.Do("GET", fmt.Sprintf("/api/seller/products/%d/", f.plain.ID), "", f.auth...).Body.String(),
			`{…"unit_price":"45.90",…`)
		// The storefront's list reads the aggregate.
		assertBody(t, f.a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.phone.ID), "").Body.String(), `{…"unit_price":"4950.00",…`)
	})
}

// orderEach is, to race, an order of each account's bag (of the phone),
// its status going into codes; the only refusal allowed is the phone's
// stock running out.
func (f variantFixture) orderEach(t *testing.T, accs []shoptest.Account) (codes []int, fns []func()) {
	codes = make([]int, len(accs))
	for i := range accs {
		fns = append(fns, func() {
			w := f.a.Do("POST", "/api/store/orders/", orderBody, accs[i].Auth()...)
			codes[i] = w.Code
			if w.Code != 201 && w.Body.String() != `{"detail":"Only 0 left of iPhone 15.","code":"insufficient_stock"}` {
				t.Errorf("buyer %d: %d %s", i, w.Code, w.Body)
			}
		})
	}
	return codes, fns
}
