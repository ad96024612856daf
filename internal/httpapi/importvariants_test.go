package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Variant rows of the CSV template (issue 24; decision 0028, "Variant
// rows"), through the real handler on both engines.

func (f variantFixture) importCSV(query, body string) (int, string) {
	w := f.a.Do("POST", "/api/seller/products/import/"+query, body, append(f.owner.Auth(), "Content-Type", "text/csv")...)
	return w.Code, w.Body.String()
}

func (f variantFixture) export(t *testing.T) string {
	t.Helper()
	w := f.a.Do("GET", "/api/seller/products/export.csv", "", f.owner.Auth()...)
	assertStatus(t, w.Code, 200)
	return w.Body.String()
}

// TestExportImportVariantRows: the export writes a product with options'
// row, then one row per variant; importing it writes nothing; a file that
// changes variant rows (price, stock, SKU, active, found by id, SKU or
// options) updates those variants and the product's aggregates, and the
// export after it is the file imported.
func TestExportImportVariantRows(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		b128, k128, b256, k256 := p.byValues(t, "128 GB", "Blue").ID, p.byValues(t, "128 GB", "Black").ID,
			p.byValues(t, "256 GB", "Blue").ID, p.byValues(t, "256 GB", "Black").ID
		exported := f.export(t)
		tail := ",,,,,,,,,"
		want := "\uFEFFid,sku,name,category,brand,price,was_price,stock,exported_stock,active,description,specification," +
			"variant_of,variant_id,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value\n" +
			fmt.Sprintf("%d,,iPhone 15,phones,,5499.00,,10,10,yes,<p>iPhone 15.</p>%s\n", f.phone.ID, tail) +
			fmt.Sprintf(",IP15-128-BLU,,,,5499.00,,3,3,yes,,,%d,%d,Storage,128 GB,Colour,Blue,,\n", f.phone.ID, b128) +
			fmt.Sprintf(",,,,,5499.00,,0,0,yes,,,%d,%d,Storage,128 GB,Colour,Black,,\n", f.phone.ID, k128) +
			fmt.Sprintf(",IP15-256-BLU,,,,6299.00,,2,2,yes,,,%d,%d,Storage,256 GB,Colour,Blue,,\n", f.phone.ID, b256) +
			fmt.Sprintf(",,,,,6299.00,,5,5,yes,,,%d,%d,Storage,256 GB,Colour,Black,,\n", f.phone.ID, k256) +
			fmt.Sprintf("%d,,Phone Case,phones,,50.00,,4,4,yes,<p>Phone Case.</p>%s\n", f.plain.ID, tail)
		if exported != want {
			t.Fatalf("export:\n%s\nwant\n%s", exported, want)
		}
		code, body := f.importCSV("", exported)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":6,"created":0,"updated":0,"unchanged":6,"problems":[]}`)

		// Changed: by variant_id (price, stock), by SKU in another case
		// (active), by options in another order and case (a new SKU).
		changed := strings.NewReplacer(
			fmt.Sprintf(",IP15-128-BLU,,,,5499.00,,3,3,yes,,,%d,%d,", f.phone.ID, b128),
			fmt.Sprintf(",IP15-128-BLU,,,,5199.00,,7,3,yes,,,%d,%d,", f.phone.ID, b128),
			fmt.Sprintf(",IP15-256-BLU,,,,6299.00,,2,2,yes,,,%d,%d,", f.phone.ID, b256),
			fmt.Sprintf(",IP15-256-BLU,,,,6299.00,,2,2,no,,,%d,%d,", f.phone.ID, b256),
			fmt.Sprintf(",,,,,6299.00,,5,5,yes,,,%d,%d,", f.phone.ID, k256),
			fmt.Sprintf(",IP15-256-BLK,,,,6299.00,,5,5,yes,,,%d,%d,", f.phone.ID, k256),
		).Replace(exported)
		code, body = f.importCSV("?dry_run=1", changed)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":true,"applied":false,"rows":6,"created":0,"updated":3,"unchanged":3,"problems":[]}`)
		code, body = f.importCSV("", changed)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":6,"created":0,"updated":3,"unchanged":3,"problems":[]}`)
		p = f.do(t, "GET", f.seller, "")
		if v := p.byValues(t, "128 GB", "Blue"); v.UnitPrice != "5199.00" || v.Inventory != 7 {
			t.Fatalf("128 GB Blue: %+v", v)
		}
		if v := p.byValues(t, "256 GB", "Blue"); v.Active {
			t.Fatalf("256 GB Blue still active: %+v", v)
		}
		if v := p.byValues(t, "256 GB", "Black"); v.SKU != "IP15-256-BLK" {
			t.Fatalf("256 GB Black: %+v", v)
		}
		// Aggregates: the lowest active price in stock, the active stock.
		if p.UnitPrice != "5199.00" || p.Inventory != 12 {
			t.Fatalf("aggregates %s, %d; want 5199.00, 12", p.UnitPrice, p.Inventory)
		}
		// Lossless: the export now is the file imported, with the stock
		// exported again and the product row's aggregates.
		again := f.export(t)
		wantAgain := strings.NewReplacer(",7,3,yes,", ",7,7,yes,",
			fmt.Sprintf("%d,,iPhone 15,phones,,5499.00,,10,10,", f.phone.ID), fmt.Sprintf("%d,,iPhone 15,phones,,5199.00,,12,12,", f.phone.ID),
		).Replace(changed)
		if again != wantAgain {
			t.Fatalf("export after the import:\n%s\nwant\n%s", again, wantAgain)
		}
		code, body = f.importCSV("", again)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":6,"created":0,"updated":0,"unchanged":6,"problems":[]}`)

		// A file of variant rows only, found by options (any order, any case).
		code, body = f.importCSV("", "variant_of,option1_name,option1_value,option2_name,option2_value,price\n"+
			"IPHONE-NONE,Storage,128 GB,Colour,Blue,1.00\n"[:0]+
			fmt.Sprintf("%d,colour,BLACK,storage,128 gb,5399.00\n", f.phone.ID))
		assertStatus(t, code, 200)
		assertBody(t, body, `{…"rows":1,"created":0,"updated":1,"unchanged":0,"problems":[]}`)
		if v := f.do(t, "GET", f.seller, "").byValues(t, "128 GB", "Black"); v.UnitPrice != "5399.00" {
			t.Fatalf("128 GB Black: %+v", v)
		}
	})
}

// TestImportBadVariantRowsChangesNothing: every bad variant row is listed
// with its row and column in the dry run and in the apply, and nothing is
// written, not even the good rows.
func TestImportBadVariantRowsChangesNothing(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		b128, k256 := p.byValues(t, "128 GB", "Blue").ID, p.byValues(t, "256 GB", "Black").ID
		before := f.export(t)
		file := "variant_of,variant_id,sku,name,option1_name,option1_value,option2_name,option2_value,price,stock,exported_stock,active\n" +
			fmt.Sprintf("%d,%d,,,,,,,5000.00,,,\n", f.phone.ID, b128) + // good
			"999999,,,,,,,,1.00,,,\n" +
			fmt.Sprintf("%d,,,,Size,M,,,1.00,,,\n", f.plain.ID) +
			fmt.Sprintf("%d,123456789,,,,,,,1.00,,,\n", f.phone.ID) +
			fmt.Sprintf("%d,,,,Storage,512 GB,Colour,Blue,1.00,,,\n", f.phone.ID) +
			fmt.Sprintf("%d,%d,,,Storage,256 GB,Colour,Blue,,,,\n", f.phone.ID, b128) +
			fmt.Sprintf("%d,%d,,iPhone,,,,,abc,,,maybe\n", f.phone.ID, k256) +
			fmt.Sprintf("%d,%d,,,,,,,,,,\n", f.phone.ID, b128) +
			fmt.Sprintf("%d,,IP15-256-BLU,,,,,,,9,4,\n", f.phone.ID) +
			fmt.Sprintf("%d,,,,Storage,128 GB,Colour,Black,,,,\n", f.phone.ID)[:0] +
			fmt.Sprintf(",%d,,,,,,,,,,\n", k256)
		want := `{"dry_run":true,"applied":false,"rows":10,"created":0,"updated":0,"unchanged":0,"problems":[` +
			`{"row":3,"column":"variant_of","message":"No product of your store, nor a new one of a row above, has this id or SKU."},` +
			`{"row":5,"column":"variant_id","message":"No variant of this product has this id: leave it blank to find the variant by its SKU or options."},` +
			`{"row":6,"column":"option1_value","message":"No variant of this product has these options: it has options already, so add the values to them in Seller Centre first."},` +
			`{"row":7,"column":"","message":"Row 2 is the same variant."},` +
			`{"row":7,"column":"option1_value","message":"These are not this variant's options (128 GB / Blue): a variant's options change in Seller Centre."},` +
			`{"row":8,"column":"name","message":"Leave this column blank on a variant row: it is its product's."},` +
			`{"row":8,"column":"price","message":"Enter a price in GH₵ like 1,234.50."},` +
			`{"row":8,"column":"active","message":"Enter \"yes\" or \"no\"."},` +
			`{"row":9,"column":"","message":"Row 2 is the same variant."},` +
			`{"row":10,"column":"stock","message":"The stock changed to 2 since the export (orders or another edit): export again."},` +
			`{"row":11,"column":"variant_of","message":"Give the id or SKU of the variant's product."}]}`
		code, body := f.importCSV("?dry_run=1", file)
		assertStatus(t, code, 200)
		assertBody(t, body, want)
		code, body = f.importCSV("", file)
		assertStatus(t, code, 422)
		assertBody(t, body, strings.Replace(want, `"dry_run":true`, `"dry_run":false`, 1))
		if after := f.export(t); after != before {
			t.Fatalf("the store changed:\n%s\nwas\n%s", after, before)
		}
	})
}

// TestImportVariantRacesOrders: orders taking a variant's last units while
// imports change its price and stock (against the stock exported) never
// oversell and never lose a decrement: an import that saw a stock orders
// changed since is refused as a problem of its row.
func TestImportVariantRacesOrders(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		p := f.setUp(t)
		v := p.byValues(t, "128 GB", "Blue")
		const buyers = 60
		accs := make([]shoptest.Account, buyers)
		for i := range accs {
			accs[i] = f.a.Shopper(fmt.Sprintf("ibuyer%03d", i))
			if code, body := f.add(accs[i], fmt.Sprintf(`{"product_id":%d,"variant_id":%d}`, f.phone.ID, v.ID)); code != 201 {
				t.Fatal(code, body)
			}
		}
		f.do(t, "PATCH", f.seller+"variants/", fmt.Sprintf(`{"variants":[{"id":%d,"inventory":40}]}`, v.ID))
		codes, fns := f.orderEach(t, accs)
		added := 0
		var mu sync.Mutex
		for i := range 8 {
			fns = append(fns, func() {
				seen := f.do(t, "GET", f.seller, "").byValues(t, "128 GB", "Blue").Inventory
				file := fmt.Sprintf("variant_of,variant_id,price,stock,exported_stock\n%d,%d,%d.00,%d,%d\n", f.phone.ID, v.ID, 5000+i, seen+5, seen)
				code, body := f.importCSV("", file)
				for code == 409 && strings.Contains(body, "import_running") { // one import per store at a time
					code, body = f.importCSV("", file)
				}
				switch {
				case code == 200:
					mu.Lock()
					added += 5
					mu.Unlock()
				case code == 422 && strings.Contains(body, `"column":"stock","message":"The stock changed to`):
				default:
					t.Errorf("import: %d %s", code, body)
				}
			})
		}
		race(fns...)
		placed := 0
		for _, c := range codes {
			if c == 201 {
				placed++
			}
		}
		var units int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COALESCE(SUM(quantity), 0) FROM order_items WHERE variant_id = ?`), v.ID).Scan(&units); err != nil {
			t.Fatal(err)
		}
		p = f.do(t, "GET", f.seller, "")
		got := p.byValues(t, "128 GB", "Blue").Inventory
		if units != placed || got != 40+added-placed || got < 0 || placed > 40+added {
			t.Fatalf("placed %d, units %d, stock %d, added %d", placed, units, got, added)
		}
		sum := 0
		for _, v := range p.Variants {
			if v.Active {
				sum += v.Inventory
			}
		}
		if p.Inventory != sum {
			t.Fatalf("aggregate stock %d, variants %d", p.Inventory, sum)
		}
	})
}
