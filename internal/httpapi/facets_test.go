package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"

	"dwa/internal/gateway/testpay"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// facetFixture: phones from two stores and three brands, some on a deal,
// some rated, one out of stock.
type facetFixture struct {
	a                              *shoptest.App
	hub, osu                       *shop.Store
	galaxy, tecno, spark, itel, tv *shop.Product
}

func newFacetFixture(t *testing.T, st *sqldb.Store) facetFixture {
	a := shoptest.NewApp(t, st, nil)
	f := facetFixture{a: a, hub: a.OpenStore("Accra Phone Hub"), osu: a.OpenStore("Osu Gadgets")}
	phones := a.Category("Phones", "phones", nil, 1, true)
	tvs := a.Category("Televisions", "televisions", nil, 2, true)
	mk := func(name string, price, was shop.Money, brand string, store *shop.Store, stock int, cat *shop.Category) *shop.Product {
		p := shoptest.NewProduct(name, price, cat)
		p.WasPrice, p.Brand, p.StoreID, p.Inventory = was, brand, store.ID, stock
		return p
	}
	f.galaxy = mk("Samsung Galaxy A15", 250000, 300000, "Samsung", f.hub, 4, phones)
	f.tecno = mk("Tecno Camon 30", 320000, 0, "Tecno", f.hub, 6, phones)
	f.spark = mk("Tecno Spark 20", 150000, 160000, "TECNO", f.osu, 0, phones)
	f.itel = mk("Itel A70", 90000, 0, "Itel", f.osu, 3, phones)
	f.tv = mk("Hisense 43 inch Smart TV", 280000, 0, "Hisense", f.osu, 2, tvs)
	a.Products(f.galaxy, f.tecno, f.spark, f.itel, f.tv)
	a.Rate(f.galaxy, "rater1", 5, shop.StatusApproved, shoptest.Now)
	a.Rate(f.tecno, "rater2", 4, shop.StatusApproved, shoptest.Now)
	a.Rate(f.itel, "rater3", 3, shop.StatusApproved, shoptest.Now)
	return f
}

// names lists a product list's names in order.
func (f facetFixture) names(t *testing.T, query string) string {
	t.Helper()
	w := f.a.Do("GET", "/api/store/products/?"+query, "")
	assertStatus(t, w.Code, 200)
	var items []struct{ Name string }
	decode(t, w.Body.Bytes(), &items)
	var out []string
	for _, it := range items {
		out = append(out, it.Name)
	}
	return strings.Join(out, ", ")
}

type facetsOut struct {
	Count  int
	Stores []struct {
		ID    int64
		Name  string
		Count int
	}
	Brands []struct {
		Name  string
		Count int
	}
	Ratings []struct {
		MinRating int `json:"min_rating"`
		Count     int
	}
	InStock int `json:"in_stock"`
	OnSale  int `json:"on_sale"`
	Price   *struct{ Min, Max string }
}

func (f facetFixture) facets(t *testing.T, query string) facetsOut {
	t.Helper()
	w := f.a.Do("GET", "/api/store/products/facets/?"+query, "")
	assertStatus(t, w.Code, 200)
	var out facetsOut
	decode(t, w.Body.Bytes(), &out)
	return out
}

// summary writes facets compactly: count; stores; brands; ratings 4+..1+;
// in stock; on sale; price.
func (o facetsOut) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d |", o.Count)
	for _, s := range o.Stores {
		fmt.Fprintf(&b, " %s %d", s.Name, s.Count)
	}
	b.WriteString(" |")
	for _, v := range o.Brands {
		fmt.Fprintf(&b, " %s %d", v.Name, v.Count)
	}
	b.WriteString(" |")
	for _, r := range o.Ratings {
		fmt.Fprintf(&b, " %d+:%d", r.MinRating, r.Count)
	}
	fmt.Fprintf(&b, " | stock %d | sale %d |", o.InStock, o.OnSale)
	if o.Price != nil {
		fmt.Fprintf(&b, " %s-%s", o.Price.Min, o.Price.Max)
	}
	return b.String()
}

func TestProductFiltersAndFacets(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newFacetFixture(t, st)
		lists := []struct{ name, query, want string }{
			{"one brand, ignoring case", "brand=tecno&ordering=unit_price", "Tecno Spark 20, Tecno Camon 30"},
			{"two brands", "brand=Itel&brand=Samsung&ordering=unit_price", "Itel A70, Samsung Galaxy A15"},
			{"a brand nobody has", "brand=Nokia", ""},
			{"blank brand ignored", "brand=&category__slug=televisions", "Hisense 43 inch Smart TV"},
			{"rated 4 and up", "min_rating=4&ordering=-average_rating", "Samsung Galaxy A15, Tecno Camon 30"},
			{"on sale, biggest deal first", "on_sale=true&ordering=-discount", "Samsung Galaxy A15, Tecno Spark 20"},
			{"brand, price band and stock", "brand=Tecno&brand=Samsung&unit_price__lt=3000&in_stock=1&ordering=unit_price",
				"Samsung Galaxy A15"},
			{"search with a brand", "search=tecno&brand=TECNO&ordering=-unit_price", "Tecno Camon 30, Tecno Spark 20"},
		}
		for _, tc := range lists {
			t.Run(tc.name, func(t *testing.T) {
				if got := f.names(t, tc.query); got != tc.want {
					t.Errorf("got %q; want %q", got, tc.want)
				}
			})
		}
		t.Run("product JSON has the brand and the deal", func(t *testing.T) {
			w := f.a.Do("GET", fmt.Sprintf("/api/store/products/%d/?fields=brand,was_price,unit_price", f.galaxy.ID), "")
			assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"unit_price":"2500.00","brand":"Samsung","was_price":"3000.00"}`, f.galaxy.ID))
			w = f.a.Do("GET", fmt.Sprintf("/api/store/products/%d/?fields=brand,was_price", f.tv.ID), "")
			assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"brand":"Hisense","was_price":null}`, f.tv.ID))
		})
		facets := []struct{ name, query, want string }{
			{"everything", "",
				"5 | Osu Gadgets 3 Accra Phone Hub 2 | Tecno 2 Hisense 1 Itel 1 Samsung 1 | 4+:2 3+:3 2+:3 1+:3 | stock 4 | sale 2 | 900.00-3200.00"},
			{"a category", "category__slug=phones",
				"4 | Accra Phone Hub 2 Osu Gadgets 2 | Tecno 2 Itel 1 Samsung 1 | 4+:2 3+:3 2+:3 1+:3 | stock 3 | sale 2 | 900.00-3200.00"},
			// A chosen brand keeps the other brands' counts; every other
			// facet counts that brand only.
			{"a brand chosen", "category__slug=phones&brand=tecno",
				"2 | Accra Phone Hub 1 Osu Gadgets 1 | Tecno 2 Itel 1 Samsung 1 | 4+:1 3+:1 2+:1 1+:1 | stock 1 | sale 1 | 1500.00-3200.00"},
			{"a store chosen", fmt.Sprintf("category__slug=phones&store=%d", f.osu.ID),
				"2 | Accra Phone Hub 2 Osu Gadgets 2 | Itel 1 Tecno 1 | 4+:0 3+:1 2+:1 1+:1 | stock 1 | sale 1 | 900.00-1500.00"},
			{"in stock and a price band", "category__slug=phones&in_stock=true&unit_price__gt=1000",
				"2 | Accra Phone Hub 2 | Samsung 1 Tecno 1 | 4+:2 3+:2 2+:2 1+:2 | stock 2 | sale 1 | 900.00-3200.00"},
			{"on sale and rated", "on_sale=1&min_rating=4",
				"1 | Accra Phone Hub 1 | Samsung 1 | 4+:1 3+:1 2+:1 1+:1 | stock 1 | sale 1 | 2500.00-2500.00"},
			{"a chosen brand nobody has is listed", "brand=Nokia&category__slug=televisions",
				"0 | | Hisense 1 Nokia 0 | 4+:0 3+:0 2+:0 1+:0 | stock 0 | sale 0 |"},
			{"a search", "search=" + url.QueryEscape("tecno"),
				"2 | Accra Phone Hub 1 Osu Gadgets 1 | Tecno 2 | 4+:1 3+:1 2+:1 1+:1 | stock 1 | sale 1 | 1500.00-3200.00"},
			{"an unknown category", "category__slug=nope", "0 | | | 4+:0 3+:0 2+:0 1+:0 | stock 0 | sale 0 |"},
		}
		for _, tc := range facets {
			t.Run("facets: "+tc.name, func(t *testing.T) {
				if got := f.facets(t, tc.query).summary(); got != tc.want {
					t.Errorf("got  %s\nwant %s", got, tc.want)
				}
			})
		}
		for _, tc := range []struct{ query, want string }{
			{"min_rating=five", `{"min_rating":["Enter a rating from 0 to 5."]}`},
			{"min_rating=6", `{"min_rating":["Enter a rating from 0 to 5."]}`},
			{"min_rating=NaN", `{"min_rating":["Enter a rating from 0 to 5."]}`},
		} {
			for _, path := range []string{"/api/store/products/?", "/api/store/products/facets/?"} {
				w := f.a.Do("GET", path+tc.query, "", shoptest.OffContract...)
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), tc.want)
			}
		}
	})
}

// TestSellerBrandAndDealShowAtOnce: a store owner's brand and deal edits
// are validated against the row as it is, and the lists and facets answer
// with them as soon as the edit has answered.
func TestSellerBrandAndDealShowAtOnce(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		owner, hub := a.Owner("kwame", "Kumasi Phones")
		phones := a.Category("Phones", "phones", nil, 1, true)
		p := shoptest.NewProduct("Infinix Hot 40", 180000, phones)
		p.StoreID = hub.ID
		a.Products(p)
		auth := append(owner.Auth(), "Content-Type", "application/json")
		path := fmt.Sprintf("/api/seller/products/%d/", p.ID)
		f := facetFixture{a: a}
		// Read once, so that the answers are kept and must be dropped.
		if got := f.names(t, "brand=Infinix"); got != "" {
			t.Fatalf("before the edit: %q", got)
		}
		for _, q := range []string{"", "category__slug=phones"} {
			if got := f.facets(t, q).summary(); !strings.Contains(got, "| sale 0 |") {
				t.Fatalf("before the edit: facets of %q = %s", q, got)
			}
		}

		for _, tc := range []struct {
			name, body string
			status     int
			want       string
		}{
			{"a deal not above the price", `{"was_price":"1,800.00"}`, 400,
				`{"was_price":["The price before the deal must be higher than the price."]}`},
			{"a bad deal price", `{"was_price":"abc"}`, 400, `{"was_price":["Enter a price in GH₵ like 1,234.50."]}`},
			{"a brand too long", `{"brand":"` + strings.Repeat("b", 61) + `"}`, 400,
				`{"brand":["Ensure this field has no more than 60 characters."]}`},
			{"brand and deal", `{"brand":"  Infinix  ","was_price":"GH₵ 2,000"}`, 200, `…"unit_price":"1800.00",…"was_price":"2000.00","brand":"Infinix","sku":"","options":[],"variants":[]}`},
			{"a price at the deal's old price", `{"price":"2000"}`, 400,
				`{"was_price":["The price before the deal must be higher than the price."]}`},
			{"a price below it", `{"price":"1500"}`, 200, `…"unit_price":"1500.00",…"was_price":"2000.00",…`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("PATCH", path, tc.body, auth...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		if got := f.names(t, "brand=infinix&on_sale=true"); got != "Infinix Hot 40" {
			t.Errorf("after the edit, list = %q", got)
		}
		for _, q := range []string{"", "category__slug=phones"} {
			if got := f.facets(t, q).summary(); got != "1 | Kumasi Phones 1 | Infinix 1 | 4+:0 3+:0 2+:0 1+:0 | stock 1 | sale 1 | 1500.00-1500.00" {
				t.Errorf("after the edit, facets of %q = %s", q, got)
			}
		}
		w := a.Do("PATCH", path, `{"was_price":"","brand":""}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `…"was_price":null,"brand":"","sku":"","options":[],"variants":[]}`)
		if got := f.names(t, "on_sale=true"); got != "" {
			t.Errorf("after the deal ended, on sale = %q", got)
		}
		if got := f.facets(t, "").summary(); got != "1 | Kumasi Phones 1 | | 4+:0 3+:0 2+:0 1+:0 | stock 1 | sale 0 | 1500.00-1500.00" {
			t.Errorf("after the deal ended, facets = %s", got)
		}
		// A new product with a deal not above its price is refused.
		w = a.Do("POST", "/api/seller/products/", fmt.Sprintf(`{"name":"Nokia 105","category_id":%d,"price":"300","was_price":"250"}`,
			phones.ID), auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"was_price":["The price before the deal must be higher than the price."]}`)
	})
}

// TestUnitsSoldRaceSellerEdits: shoppers pay for orders of a product while
// its owner edits its brand and deal. Every paid unit is counted once, no
// edit is lost, and the best-seller order follows at once.
func TestUnitsSoldRaceSellerEdits(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		const buyers = 8
		f := newStockRace(t, st, buyers, 50)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		orders := make([]string, buyers)
		for i := range buyers {
			orders[i] = f.bagFixture.order(t, f.buyers[i]).ID
		}
		var wg sync.WaitGroup
		for i := range buyers {
			wg.Go(func() {
				acc := f.buyers[i]
				w := f.a.Do("POST", "/api/store/payments/", `{"order":"`+orders[i]+`"}`, acc.Auth()...)
				if w.Code != 201 {
					t.Errorf("buyer %d: payment %d %s", i, w.Code, w.Body)
					return
				}
				var p paymentOut
				decode(t, w.Body.Bytes(), &p)
				w = f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+
					`","card_number":"`+testpay.CardSuccess+`"}`, acc.Auth()...)
				if w.Code != 200 {
					t.Errorf("buyer %d: charge %d %s", i, w.Code, w.Body)
					return
				}
				if code, body := f.verify(acc, verifyPath, p.PaymentReference); code != 200 {
					t.Errorf("buyer %d: verify %d %s", i, code, body)
				}
			})
			wg.Go(func() {
				body := fmt.Sprintf(`{"brand":"Sony %d","was_price":"%d"}`, i, 7000+i)
				if w := f.a.Do("PATCH", f.product, body, auth...); w.Code != 200 {
					t.Errorf("edit %d: %d %s", i, w.Code, w.Body)
				}
			})
		}
		wg.Wait()
		var sold int64
		var brand string
		var was int64
		if err := st.DB().W.QueryRow(st.DB().Rebind(`SELECT units_sold, brand, was_price FROM products WHERE id = ?`),
			f.sellerID).Scan(&sold, &brand, &was); err != nil {
			t.Fatal(err)
		}
		if sold != buyers || !strings.HasPrefix(brand, "Sony ") || was < 7000_00 {
			t.Fatalf("units sold %d, brand %q, was %d; want %d sold and one of the edits", sold, brand, was, buyers)
		}
		ff := facetFixture{a: f.a}
		if got := ff.names(t, "ordering=-sold"); !strings.HasPrefix(got, "PlayStation 5 Slim, ") {
			t.Errorf("best sellers = %q", got)
		}
		if got := ff.names(t, "brand="+url.QueryEscape(brand)+"&on_sale=1"); got != "PlayStation 5 Slim" {
			t.Errorf("the last edit's brand and deal = %q", got)
		}
	})
}

// TestSeveralStoresFilter: store repeats, as brand does; the list keeps
// the products of any chosen store, and the store facet keeps every store's
// count, the chosen ones listed even when they count 0.
func TestSeveralStoresFilter(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newFacetFixture(t, st)
		tema := f.a.OpenStore("Tema Tech")
		nokia := shoptest.NewProduct("Nokia 105", 30000)
		nokia.StoreID, nokia.Brand, nokia.Inventory, nokia.CategoryID = tema.ID, "Nokia", 5, f.itel.CategoryID
		f.a.Products(nokia)
		hubTema := fmt.Sprintf("store=%d&store=%d", f.hub.ID, tema.ID)
		for _, tc := range []struct{ name, query, want string }{
			{"repeated", hubTema + "&ordering=unit_price", "Nokia 105, Samsung Galaxy A15, Tecno Camon 30"},
			{"with a brand", hubTema + "&brand=Nokia&brand=Tecno&ordering=unit_price", "Nokia 105, Tecno Camon 30"},
			{"an id below 1 matches nothing", fmt.Sprintf("store=%d&store=0", f.hub.ID), ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if got := f.names(t, tc.query); got != tc.want {
					t.Errorf("got %q; want %q", got, tc.want)
				}
			})
		}
		for _, tc := range []struct{ name, query, want string }{
			{"two stores chosen", "category__slug=phones&" + hubTema,
				"3 | Accra Phone Hub 2 Osu Gadgets 2 Tema Tech 1 | Nokia 1 Samsung 1 Tecno 1 | 4+:2 3+:2 2+:2 1+:2 | stock 3 | sale 1 | 300.00-3200.00"},
			{"a chosen store without products here counts 0", fmt.Sprintf("category__slug=televisions&store=%d&store=%d", f.osu.ID, tema.ID),
				"1 | Osu Gadgets 1 Tema Tech 0 | Hisense 1 | 4+:0 3+:0 2+:0 1+:0 | stock 1 | sale 0 | 2800.00-2800.00"},
		} {
			t.Run("facets: "+tc.name, func(t *testing.T) {
				if got := f.facets(t, tc.query).summary(); got != tc.want {
					t.Errorf("got  %s\nwant %s", got, tc.want)
				}
			})
		}
		for _, path := range []string{"/api/store/products/?", "/api/store/products/facets/?"} {
			w := f.a.Do("GET", path+fmt.Sprintf("store=%d&store=osu", f.hub.ID), "", shoptest.OffContract...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), `{"store":["A valid integer is required."]}`)
		}
	})
}
