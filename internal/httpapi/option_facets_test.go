package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Filters and facets by option value (issue 24, decision 0021), through
// the real handler on both engines.

// optionFixture: the variant fixture's iPhone (128 GB Blue 3, Black 0;
// 256 GB Blue 2, Black 5), a Galaxy whose active variants are 256 GB Black
// (none in stock) and 512 GB Blue (4), and a case of one Material.
type optionFixture struct {
	variantFixture
	galaxy *shop.Product
}

func newOptionFixture(t *testing.T, st *sqldb.Store) optionFixture {
	f := optionFixture{variantFixture: newVariantFixture(t, st)}
	f.setUp(t)
	f.galaxy = shoptest.NewProduct("Galaxy S24", 450000)
	f.galaxy.StoreID, f.galaxy.Inventory = f.phone.StoreID, 1
	f.a.Products(f.galaxy)
	path := fmt.Sprintf("/api/seller/products/%d/", f.galaxy.ID)
	p := f.do(t, "PUT", path+"options/",
		`{"options":[{"name":"storage","values":["256 GB","512 GB"]},{"name":"Colour","values":["Black","Blue"]}]}`)
	f.do(t, "PATCH", path+"variants/", fmt.Sprintf(`{"variants":[
		{"id":%d,"unit_price":"4000.00","inventory":0},
		{"id":%d,"active":false},
		{"id":%d,"active":false},
		{"id":%d,"unit_price":"4500.00","inventory":4}]}`,
		p.byValues(t, "256 GB", "Black").ID, p.byValues(t, "256 GB", "Blue").ID,
		p.byValues(t, "512 GB", "Black").ID, p.byValues(t, "512 GB", "Blue").ID))
	f.do(t, "PUT", fmt.Sprintf("/api/seller/products/%d/options/", f.plain.ID),
		`{"options":[{"name":"Material","values":["Leather"]}]}`)
	return f
}

// optionQuery writes option filters as a query string.
func optionQuery(opts ...string) string {
	v := url.Values{"option": opts}
	return v.Encode()
}

func (f optionFixture) names(t *testing.T, query string) string {
	t.Helper()
	return facetFixture{a: f.a}.names(t, "ordering=unit_price&"+query)
}

type optionFacetsOut struct {
	Count   int
	InStock int `json:"in_stock"`
	Options []struct {
		Name   string
		Values []struct {
			Value string
			Count int
		}
	}
}

// optionSummary writes the option facets as "Name: value n, …; …".
func optionSummary(t *testing.T, a *shoptest.App, query string) string {
	t.Helper()
	w := a.Do("GET", "/api/store/products/facets/?"+query, "")
	assertStatus(t, w.Code, 200)
	var out optionFacetsOut
	decode(t, w.Body.Bytes(), &out)
	var b strings.Builder
	fmt.Fprintf(&b, "%d stock %d |", out.Count, out.InStock)
	for _, o := range out.Options {
		fmt.Fprintf(&b, " %s:", o.Name)
		for _, v := range o.Values {
			fmt.Fprintf(&b, " %s %d", v.Value, v.Count)
		}
		b.WriteString(";")
	}
	return b.String()
}

func TestOptionFilters(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newOptionFixture(t, st)
		cases := []struct{ name, query, want string }{
			{"one value", optionQuery("Storage:256 GB"), "Galaxy S24, iPhone 15"},
			{"name and value ignore case and spacing", optionQuery("  STORAGE : 256  gb "), "Galaxy S24, iPhone 15"},
			{"values of one name: any", optionQuery("Storage:128 GB", "Storage:512 GB"), "Galaxy S24, iPhone 15"},
			{"two names: the same variant", optionQuery("Storage:256 GB", "Colour:Blue"), "iPhone 15"},
			{"a variant that is not active", optionQuery("Storage:512 GB", "Colour:Black"), ""},
			{"no stock filter: a sold-out variant", optionQuery("Storage:128 GB", "Colour:Black"), "iPhone 15"},
			{"in stock: the variant's stock", optionQuery("Storage:128 GB", "Colour:Black") + "&in_stock=true", ""},
			{"in stock: another variant", optionQuery("Storage:256 GB") + "&in_stock=true", "iPhone 15"},
			{"with a search", optionQuery("Colour:Blue") + "&search=galaxy", "Galaxy S24"},
			{"an unknown name", optionQuery("Size:7"), ""},
			{"an unknown value", optionQuery("Storage:1 TB"), ""},
			{"a value with a colon and comma", optionQuery("Storage:1:2, 3"), ""},
			{"one value, other names any", optionQuery("Material:leather"), "Phone Case"},
		}
		for _, c := range cases {
			if got := f.names(t, c.query); got != c.want {
				t.Errorf("%s (%s): %q; want %q", c.name, c.query, got, c.want)
			}
		}
		tooMany := make([]string, 21)
		for i := range tooMany {
			tooMany[i] = fmt.Sprintf("Storage:%d GB", i)
		}
		bad := []struct{ name, query, want string }{
			{"no colon", optionQuery("Storage"), `{"option":["Use name:value, e.g. Storage:256 GB."]}`},
			{"blank name", optionQuery(":Blue"), `{"option":["Use name:value, e.g. Storage:256 GB."]}`},
			{"blank value", optionQuery("Colour: "), `{"option":["Use name:value, e.g. Storage:256 GB."]}`},
			{"more than 20", optionQuery(tooMany...), `{"option":["At most 20 option values are allowed."]}`},
		}
		for _, c := range bad {
			for _, path := range []string{"/api/store/products/?", "/api/store/products/facets/?"} {
				w := f.a.Do("GET", path+c.query, "")
				if w.Code != 400 || w.Body.String() != c.want {
					t.Errorf("%s %s: %d %s; want 400 %s", c.name, path, w.Code, w.Body, c.want)
				}
			}
		}
	})
}

func TestOptionFacets(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newOptionFixture(t, st)
		cases := []struct{ name, query, want string }{
			// Material has one value: not a facet. Names tie: the first met first.
			{"every product", "", "5 stock 3 | Storage: 128 GB 1 256 GB 2 512 GB 1; Colour: Black 2 Blue 2;"},
			{"a storage: colours of its variants, storages as before", optionQuery("Storage:256 GB"),
				"2 stock 1 | Storage: 128 GB 1 256 GB 2 512 GB 1; Colour: Black 2 Blue 1;"},
			{"storage and colour", optionQuery("Storage:256 GB", "Colour:Blue"),
				"1 stock 1 | Storage: 128 GB 1 256 GB 1 512 GB 1; Colour: Black 2 Blue 1;"},
			{"in stock: stocked variants only", "in_stock=true",
				"3 stock 3 | Storage: 128 GB 1 256 GB 1 512 GB 1; Colour: Black 1 Blue 2;"},
			// Storage has one value with Black in stock: not a facet.
			{"in stock and a colour", "in_stock=true&" + optionQuery("Colour:Black"),
				"1 stock 1 | Colour: Black 1 Blue 2;"},
			// No variant has 1 TB: no colour counts.
			{"a chosen value nobody has", optionQuery("Storage:1 TB"),
				"0 stock 0 | Storage: 128 GB 1 256 GB 2 512 GB 1 1 TB 0;"},
		}
		for _, c := range cases {
			if got := optionSummary(t, f.a, c.query); got != c.want {
				t.Errorf("%s (%s):\n got %s\nwant %s", c.name, c.query, got, c.want)
			}
		}
	})
}

// TestOptionFacetsFollowVariantEdits: a variant's stock or active flag
// edited on one instance changes the option filters and facets of another
// within a second, by the change feed.
func TestOptionFacetsFollowVariantEdits(t *testing.T) {
	shoptest.ForEachEngineTwice(t, func(t *testing.T, st1, st2 *sqldb.Store) {
		f := newOptionFixture(t, st1)
		two := shoptest.NewApp(t, st2, nil)
		p := f.do(t, "GET", f.seller, "")
		blue256 := p.byValues(t, "256 GB", "Blue").ID
		eventually := func(what, facetsQuery, wantFacets, listQuery, wantList string) {
			t.Helper()
			deadline := time.Now().Add(time.Second)
			for {
				gotF := optionSummary(t, two, facetsQuery)
				gotL := facetFixture{a: two}.names(t, "ordering=unit_price&"+listQuery)
				if gotF == wantFacets && gotL == wantList {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s on the other instance after 1 s:\n facets %s\n   want %s\n list %q; want %q",
						what, gotF, wantFacets, gotL, wantList)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		stocked := "in_stock=true&" + optionQuery("Colour:Blue")
		eventually("before", stocked, "2 stock 2 | Storage: 128 GB 1 256 GB 1 512 GB 1; Colour: Black 1 Blue 2;",
			stocked+"&option=Storage:256+GB", "iPhone 15")
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":0}]}`, blue256))
		eventually("the stock of 256 GB Blue to 0", stocked,
			"2 stock 2 | Storage: 128 GB 1 512 GB 1; Colour: Black 1 Blue 2;", stocked+"&option=Storage:256+GB", "")
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":3,"active":false}]}`,
			p.byValues(t, "128 GB", "Blue").ID))
		// 256 GB Blue is left, out of stock.
		eventually("128 GB Blue deactivated", optionQuery("Colour:Blue"),
			"2 stock 1 | Storage: 256 GB 1 512 GB 1; Colour: Black 2 Blue 2;",
			optionQuery("Storage:128 GB", "Colour:Blue"), "")
	})
}
