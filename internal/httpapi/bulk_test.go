package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Bulk catalogue work (issue 24): the CSV export and import of a store's
// products and bulk actions on its product list.

func (f *sellerFixture) importCSV(acc shoptest.Account, query, body string) (int, string) {
	w := f.a.Do("POST", "/api/seller/products/import/"+query, body, append(acc.Auth(), "Content-Type", "text/csv")...)
	return w.Code, w.Body.String()
}

func (f *sellerFixture) export(t *testing.T) string {
	t.Helper()
	w := f.a.Do("GET", "/api/seller/products/export.csv", "", f.owner.Auth()...)
	assertStatus(t, w.Code, 200)
	if ct := w.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	return w.Body.String()
}

func TestProductExport(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		w := f.a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", f.headset.ID),
			`{"sku":"HX-2","was_price":"1,000.00","brand":"HyperX"}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"id":…,"brand":"HyperX","sku":"HX-2",…}`)
		want := "\uFEFFid,sku,name,category,brand,price,was_price,stock,exported_stock,active,description,specification," +
			"variant_of,variant_id,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value\n" +
			fmt.Sprintf("%d,,PlayStation 5 Slim,consoles,,6500.00,,5,5,yes,<p>PlayStation 5 Slim.</p>,,,,,,,,,\n", f.console.ID) +
			fmt.Sprintf("%d,HX-2,HyperX Cloud II,gaming,HyperX,950.00,1000.00,5,5,yes,<p>HyperX Cloud II.</p>,,,,,,,,,\n", f.headset.ID)
		if got := f.export(t); got != want {
			t.Fatalf("export:\n%s\nwant\n%s", got, want)
		}
		assertStatus(t, f.a.Do("GET", "/api/seller/products/export.csv", "").Code, 401)
		w = f.a.Do("GET", "/api/seller/products/export.csv", "", f.shopper.Auth()...)
		assertStatus(t, w.Code, 403)
		assertBody(t, w.Body.String(), forbidden)
	})
}

// TestImportWithProblemsChangesNothing: every problem of every row is
// listed, by row and column, in a dry run and in an apply, and nothing is
// written.
func TestImportWithProblemsChangesNothing(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		before := f.export(t)
		file := "sku,name,category,price,was_price,stock,active\n" +
			"NEW-1,Xbox Series S,consoles,\"3,200.00\",,4,yes\n" +
			"NEW-2,,consoles,12.50,,3,yes\n" +
			"NEW-3,Controller,toys,abc,,x,maybe\n" +
			"new-1,Duplicate,gaming,10.00,,1,yes\n" +
			"NEW-5,Deal,gaming,10.00,9.00,1,no\n" +
			",No key,gaming,1.00,,1,yes\n" +
			"NEW-7,Negative,phones,1.00,,-2,yes\n"
		problems := `"problems":[` +
			`{"row":3,"column":"name","message":"This field may not be blank."},` +
			`{"row":4,"column":"category","message":"No category has the address name \"toys\"."},` +
			`{"row":4,"column":"price","message":"Enter a price in GH₵ like 1,234.50."},` +
			`{"row":4,"column":"stock","message":"A valid integer is required."},` +
			`{"row":4,"column":"active","message":"Enter \"yes\" or \"no\"."},` +
			`{"row":5,"column":"sku","message":"Row 2 has this SKU too."},` +
			`{"row":6,"column":"was_price","message":"The price before the deal must be higher than the price."},` +
			`{"row":7,"column":"sku","message":"Give a new product a SKU (or the id of the product to update)."},` +
			`{"row":8,"column":"stock","message":"Ensure this value is greater than or equal to 0."}]}`
		code, body := f.importCSV(f.owner, "?dry_run=1", file)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":true,"applied":false,"rows":7,"created":0,"updated":0,"unchanged":0,`+problems)
		code, body = f.importCSV(f.owner, "", file)
		assertStatus(t, code, 422)
		assertBody(t, body, `{"dry_run":false,"applied":false,"rows":7,"created":0,"updated":0,"unchanged":0,`+problems)
		if after := f.export(t); after != before {
			t.Fatalf("the store changed:\n%s\nwas\n%s", after, before)
		}

		for _, c := range []struct{ name, file, want string }{
			{"unknown column", "sku,name,colour\nA,B,red\n",
				`…"problems":[{"row":1,"column":"","message":"Unknown column \"colour\": the columns are id, sku, name, category, brand, price, was_price, stock, exported_stock, active, description, specification, variant_of, variant_id, option1_name, option1_value, option2_name, option2_value, option3_name, option3_value."}…`},
			{"no key column", "name,price\nA,1.00\n",
				`…"problems":[{"row":1,"column":"","message":"The file needs an id or a sku column to know which products its rows are."}…`},
			{"another store's product", fmt.Sprintf("id,price\n%d,1.00\n", f.phone.ID),
				`…"problems":[{"row":2,"column":"id","message":"No product of your store has this id: leave it blank for a new product."}]}`},
			{"stock without the exported stock", fmt.Sprintf("id,stock\n%d,9\n", f.console.ID),
				`…"problems":[{"row":2,"column":"exported_stock","message":"Keep the exported_stock of an export to change the stock."}]}`},
			{"stock changed since the export", fmt.Sprintf("id,stock,exported_stock\n%d,9,7\n", f.console.ID),
				`…"problems":[{"row":2,"column":"stock","message":"The stock changed to 5 since the export (orders or another edit): export again."}]}`},
			{"same product twice", fmt.Sprintf("id,name\n%d,A\n%d,B\n", f.console.ID, f.console.ID),
				`…"problems":[{"row":3,"column":"","message":"Row 2 is the same product."}]}`},
		} {
			t.Run(c.name, func(t *testing.T) {
				code, body := f.importCSV(f.owner, "", c.file)
				assertStatus(t, code, 422)
				assertBody(t, body, c.want)
			})
		}
		if after := f.export(t); after != before {
			t.Fatalf("the store changed:\n%s\nwas\n%s", after, before)
		}

		code, body = f.importCSV(f.owner, "", "")
		assertStatus(t, code, 400)
		assertBody(t, body, `{"detail":"The file is empty: start from the template.","code":"empty_file"}`)
		code, body = f.importCSV(f.owner, "", "sku,name\n\"A,B\n")
		assertStatus(t, code, 400)
		assertBody(t, body, `{"detail":"Row 2 is not valid CSV: extraneous or missing \" in quoted-field.","code":"bad_csv"}`)
		code, body = f.importCSV(f.owner, "", "sku,name\nA,Caf\xe9\n")
		assertStatus(t, code, 400)
		assertBody(t, body, `{"detail":"Row 2 is not UTF-8 text: save the file from Excel as \"CSV UTF-8\".","code":"not_utf8"}`)
		code, body = f.importCSV(f.owner, "", "sku,name\nA,B\x00\n")
		assertStatus(t, code, 400)
		assertBody(t, body, `{"detail":"Row 2 is not UTF-8 text: save the file from Excel as \"CSV UTF-8\".","code":"not_utf8"}`)
		w := f.a.Do("POST", "/api/seller/products/import/", "sku\nA\n", append(f.owner.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 415)
		code, _ = f.importCSV(f.shopper, "", "sku\nA\n")
		assertStatus(t, code, 403)
		w = f.a.Do("POST", "/api/seller/products/import/", "sku\nA\n", "Content-Type", "text/csv")
		assertStatus(t, w.Code, 401)
	})
}

// TestImportRoundTrip: an export imported as it is changes nothing, and
// the next export is the same file.
func TestImportRoundTrip(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		assertStatus(t, f.a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", f.console.ID),
			`{"sku":"PS5-SLIM","was_price":"7,000.00","description":"<p>Ünïcode, \"quotes\" and\nlines</p>","is_active":false}`,
			auth...).Code, 200)
		exported := f.export(t)
		code, body := f.importCSV(f.owner, "?dry_run=1", exported)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":true,"applied":false,"rows":2,"created":0,"updated":0,"unchanged":2,"problems":[]}`)
		code, body = f.importCSV(f.owner, "", exported)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":2,"created":0,"updated":0,"unchanged":2,"problems":[]}`)
		if again := f.export(t); again != exported {
			t.Fatalf("export after the round trip:\n%s\nwas\n%s", again, exported)
		}
	})
}

// TestImportBySKU: new SKUs create products (listed and searchable at
// once), known ones in any case update only what their row changes; SKUs
// are per store and unique in it in any case.
func TestImportBySKU(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		code, body := f.importCSV(f.owner, "", "\uFEFFsku,name,category,price,stock,description\n"+
			"KW-001,Xbox Series S 512GB,consoles,\"GH₵ 3,200\",4,\"<p onclick=\"\"x()\"\">Quiet</p>\"\n"+
			"KW-002,Nintendo Switch OLED,gaming,2800.50,0,\n")
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":2,"created":2,"updated":0,"unchanged":0,"problems":[]}`)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		list := f.a.Do("GET", "/api/seller/products/?search=xbox", "", auth...).Body.String()
		assertBody(t, list, `[{"id":…,"name":"Xbox Series S 512GB","category_id":`+fmt.Sprint(f.gaming.ID)+
			`,"subcategory_id":`+fmt.Sprint(f.consoles.ID)+`,"sub_subcategory_id":null,"unit_price":"3200.00","inventory":4,"is_active":true,"description":"<p>Quiet</p>",…"sku":"KW-001",…}]`)
		assertBody(t, f.a.Do("GET", "/api/store/products/?search=series", "").Body.String(), `[{"id":…,"name":"Xbox Series S 512GB",…`)

		code, body = f.importCSV(f.owner, "", "sku,price,stock,exported_stock,active\nkw-001,3100.00,6,4,no\nKW-002,2800.50,0,0,yes\n")
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":2,"created":0,"updated":1,"unchanged":1,"problems":[]}`)
		list = f.a.Do("GET", "/api/seller/products/?search=xbox", "", auth...).Body.String()
		assertBody(t, list, `[{"id":…,"name":"Xbox Series S 512GB",…"unit_price":"3100.00","inventory":6,"is_active":false,"description":"<p>Quiet</p>",…"sku":"KW-001",…}]`)
		assertBody(t, f.a.Do("GET", "/api/store/products/?search=series", "").Body.String(), `[]`)

		// Another store's SKU is no business of this one: the rival creates its own.
		code, body = f.importCSV(f.rival, "", "sku,name,category,price\nKW-001,Xbox Series X,consoles,5000\n")
		assertStatus(t, code, 200)
		assertBody(t, body, `{…"created":1,…`)

		// The form keeps SKUs unique in the store, in any case.
		w := f.a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", f.headset.ID), `{"sku":" kw-002 "}`, auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"sku":["Another product of your store has this SKU."]}`)
		code, body = f.importCSV(f.owner, "", fmt.Sprintf("id,sku\n%d,kw-002\n", f.headset.ID))
		assertStatus(t, code, 422)
		assertBody(t, body, `{…"problems":[{"row":2,"column":"sku","message":"Another product of your store has this SKU."}]}`)
	})
}

// TestSKURace: the form's creates race an import creating the same SKU in
// other cases; the store ends with one product of that SKU, and every
// other write is refused with a clear error.
func TestSKURace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		var fns []func()
		for i := range 6 {
			fns = append(fns, func() {
				w := f.a.Do("POST", "/api/seller/products/", fmt.Sprintf(
					`{"name":"Racer %d","category_id":%d,"price":"10.00","sku":"Race-%c"}`, i, f.phones.ID, "rR"[i%2]), auth...)
				if w.Code != 201 && (w.Code != 400 || !strings.Contains(w.Body.String(), "Another product of your store has this SKU.")) {
					t.Errorf("create %d: %d %s", i, w.Code, w.Body)
				}
			}, func() {
				code, body := f.importCSV(f.owner, "", fmt.Sprintf("sku,name,category,price\nRACE-R,Imported %d,phones,12.00\n", i))
				if code != 200 && code != 409 {
					t.Errorf("import %d: %d %s", i, code, body)
				}
			})
		}
		race(fns...)
		var n int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COUNT(*) FROM products WHERE store_id = ? AND LOWER(sku) = 'race-r'`),
			f.hub.ID).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d products with the SKU (%v); want 1", n, err)
		}
	})
}

func (f *sellerFixture) bulk(body string) (int, string) {
	w := f.a.Do("POST", "/api/seller/products/bulk/", body, append(f.owner.Auth(), "Content-Type", "application/json")...)
	return w.Code, w.Body.String()
}

func TestBulkActions(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		console, headset := fmt.Sprintf("/api/seller/products/%d/", f.console.ID), fmt.Sprintf("/api/seller/products/%d/", f.headset.ID)
		ids := fmt.Sprintf("[%d,%d,%d]", f.console.ID, f.headset.ID, f.console.ID)
		get := func(path string) string { return f.a.Do("GET", path, "", auth...).Body.String() }

		code, body := f.bulk(`{"ids":` + ids + `,"action":"deactivate"}`)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"changed":2}`)
		assertBody(t, get(headset), `{…"is_active":false,…`)
		assertBody(t, f.a.Do("GET", "/api/store/products/?search=hyperx", "").Body.String(), `[]`)
		code, body = f.bulk(`{"ids":` + ids + `,"action":"activate"}`)
		assertBody(t, body, `{"changed":2}`)

		// Percents round to the pesewa, halves away from zero.
		assertStatus(t, f.a.Do("PATCH", headset, `{"price":"0.15"}`, auth...).Code, 200)
		code, body = f.bulk(`{"ids":` + ids + `,"action":"change_price","percent":"-10"}`)
		assertStatus(t, code, 200)
		assertBody(t, get(headset), `{…"unit_price":"0.14",…`)
		assertBody(t, get(console), `{…"unit_price":"5850.00",…`)
		code, _ = f.bulk(fmt.Sprintf(`{"ids":[%d],"action":"change_price","percent":"12.5"}`, f.console.ID))
		assertStatus(t, code, 200)
		assertBody(t, get(console), `{…"unit_price":"6581.25",…`)

		// A product that cannot take it refuses the whole action.
		assertStatus(t, f.a.Do("PATCH", console, `{"was_price":"6,600.00"}`, auth...).Code, 200)
		code, body = f.bulk(`{"ids":` + ids + `,"action":"change_price","amount":"50"}`)
		assertStatus(t, code, 422)
		assertBody(t, body, `{"code":"bulk_refused","detail":"Nothing was changed: some products cannot take this action.","products":[`+
			fmt.Sprintf(`{"id":%d,"field":"price","message":"The price would reach the price before the deal, GH₵ 6,600.00."}]}`, f.console.ID))
		code, body = f.bulk(`{"ids":` + ids + `,"action":"change_price","amount":"-1.00"}`)
		assertStatus(t, code, 422)
		assertBody(t, body, fmt.Sprintf(`{…"products":[{"id":%d,"field":"price","message":"The price would fall below GH₵ 0.01."}]}`, f.headset.ID))
		assertBody(t, get(console), `{…"unit_price":"6581.25",…`)
		assertBody(t, get(headset), `{…"unit_price":"0.14",…`)

		code, body = f.bulk(`{"ids":` + ids + `,"action":"add_stock","stock":-6}`)
		assertStatus(t, code, 422)
		assertBody(t, body, `{…"message":"The stock would fall below 0 (it is 5)."},{…`)
		code, body = f.bulk(`{"ids":` + ids + `,"action":"set_stock","stock":12}`)
		assertBody(t, body, `{"changed":2}`)
		assertBody(t, get(headset), `{…"inventory":12,…`)

		for _, c := range []struct{ body, want string }{
			{`{"ids":[],"action":"activate"}`, `{"ids":["Choose at least one product."]}`},
			{`{"ids":` + ids + `,"action":"delete"}`, `{"action":["Select a valid choice. \"delete\" is not one of activate, deactivate, set_stock, add_stock, change_price."]}`},
			{`{"ids":` + ids + `,"action":"set_stock","stock":-1}`, `{"stock":["Ensure this value is greater than or equal to 0."]}`},
			{`{"ids":` + ids + `,"action":"change_price","percent":"abc"}`, `{"percent":["Enter a percent like -10 or 12.5, not 0, at most 1000."]}`},
			{`{"ids":` + ids + `,"action":"change_price"}`, `{"amount":["Give an amount or a percent, not both."]}`},
			{`{"ids":"x","action":"activate"}`, `{"ids":["Expected a list of product ids."]}`},
		} {
			code, body := f.bulk(c.body)
			assertStatus(t, code, 400)
			assertBody(t, body, c.want)
		}
		code, body = f.bulk(fmt.Sprintf(`{"ids":[%d,%d],"action":"deactivate"}`, f.console.ID, f.phone.ID))
		assertStatus(t, code, 404)
		assertBody(t, body, noProduct)
		assertBody(t, get(console), `{…"is_active":true,…`)
	})
}

// TestBulkStockRacesOrders: orders race bulk stock additions of the same
// product; no unit sold is given back.
func TestBulkStockRacesOrders(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		const n, stock = 25, 100
		f := newStockRace(t, st, n, stock)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		var placed sync.Map
		var fns []func()
		for i := range n {
			fns = append(fns, f.order(t, i, &placed), func() {
				w := f.a.Do("POST", "/api/seller/products/bulk/", fmt.Sprintf(`{"ids":[%d],"action":"add_stock","stock":10}`, f.sellerID), auth...)
				if w.Code != 200 {
					t.Errorf("bulk %d: %d %s", i, w.Code, w.Body)
				}
			})
		}
		race(fns...)
		if got, sold := f.inventory(t, f.sellerID), count(&placed); sold != n || got != stock-n+10*n {
			t.Fatalf("sold %d, stock %d; want %d sold and %d left", sold, got, n, stock-n+10*n)
		}
	})
}
