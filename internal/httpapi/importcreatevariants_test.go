package httpapi_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Variant rows giving a product without options its options and variants
// (issue 24; decision 0028, "Variant rows"), through the real handler on
// both engines.

// productBySKU is the owner's view of the store's product with this SKU.
func (f variantFixture) productBySKU(t *testing.T, st *sqldb.Store, sku string) variantProduct {
	t.Helper()
	var id int64
	if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT id FROM products WHERE sku = ?`), sku).Scan(&id); err != nil {
		t.Fatal(sku, err)
	}
	return f.do(t, "GET", fmt.Sprintf("/api/seller/products/%d/", id), "")
}

// TestImportCreatesOptionsAndVariants: a new product of the file and an
// existing product without options get their options from their variant
// rows; every combination is a variant, those not listed inactive with
// stock 0; the aggregates follow; the export of it imports unchanged.
func TestImportCreatesOptionsAndVariants(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		file := "sku,name,category,price,stock,active,variant_of,option1_name,option1_value,option2_name,option2_value\n" +
			"TSHIRT,Kente T-shirt,phones,,,yes,,,,,\n" +
			"TS-S-R,,,10.00,3,,TSHIRT,Size,S,Colour,Red\n" +
			",,,12.00,,,TSHIRT,Size,S,Colour,Blue\n" +
			"TS-M-R,,,15.00,2,,tshirt,size,M,colour,Red\n" +
			fmt.Sprintf("CASE-BLK,,,50.00,4,,%d,Colour,Black,,\n", f.plain.ID) +
			fmt.Sprintf(",,,45.00,,no,%d,Colour,Clear,,\n", f.plain.ID)
		code, body := f.importCSV("?dry_run=1", file)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":true,"applied":false,"rows":6,"created":6,"updated":0,"unchanged":0,"problems":[]}`)
		code, body = f.importCSV("", file)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":6,"created":6,"updated":0,"unchanged":0,"problems":[]}`)

		for _, c := range []struct {
			sku     string
			options string
			// variants: values=price/stock/sku/active, in position order
			variants []string
			price    string
			stock    int
		}{
			{"TSHIRT", "Size: S, M; Colour: Red, Blue",
				[]string{"S/Red=10.00/3/TS-S-R/true", "S/Blue=12.00/0//true", "M/Red=15.00/2/TS-M-R/true", "M/Blue=10.00/0//false"},
				"10.00", 5},
			{"", "Colour: Black, Clear", []string{"Black=50.00/4/CASE-BLK/true", "Clear=45.00/0//false"}, "50.00", 4},
		} {
			var p variantProduct
			if c.sku != "" {
				p = f.productBySKU(t, st, c.sku)
			} else {
				p = f.do(t, "GET", fmt.Sprintf("/api/seller/products/%d/", f.plain.ID), "")
			}
			var opts, vs []string
			for _, o := range p.Options {
				opts = append(opts, o.Name+": "+strings.Join(o.Values, ", "))
			}
			for _, v := range p.Variants {
				vs = append(vs, fmt.Sprintf("%s=%s/%d/%s/%t", strings.Join(v.Options, "/"), v.UnitPrice, v.Inventory, v.SKU, v.Active))
			}
			if got := strings.Join(opts, "; "); got != c.options {
				t.Errorf("%s options %q, want %q", c.sku, got, c.options)
			}
			if strings.Join(vs, " ") != strings.Join(c.variants, " ") {
				t.Errorf("%s variants %v, want %v", c.sku, vs, c.variants)
			}
			if p.UnitPrice != c.price || p.Inventory != c.stock {
				t.Errorf("%s aggregates %s, %d; want %s, %d", c.sku, p.UnitPrice, p.Inventory, c.price, c.stock)
			}
		}

		// Lossless: the export imports unchanged, and exports the same.
		tshirt := f.productBySKU(t, st, "TSHIRT")
		exported := f.export(t)
		tail := ",,,,,,,,"
		for _, line := range []string{
			fmt.Sprintf("\n%d,TSHIRT,Kente T-shirt,phones,,10.00,,5,5,yes,,%s\n", tshirt.ID, tail),
			fmt.Sprintf("\n,TS-S-R,,,,10.00,,3,3,yes,,,%d,%d,Size,S,Colour,Red,,\n", tshirt.ID, tshirt.byValues(t, "S", "Red").ID),
			fmt.Sprintf("\n,,,,,10.00,,0,0,no,,,%d,%d,Size,M,Colour,Blue,,\n", tshirt.ID, tshirt.byValues(t, "M", "Blue").ID),
		} {
			if !strings.Contains(exported, line) {
				t.Errorf("export has no line %q:\n%s", line, exported)
			}
		}
		code, body = f.importCSV("", exported)
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":9,"created":0,"updated":0,"unchanged":9,"problems":[]}`)
		if again := f.export(t); again != exported {
			t.Fatalf("export after the import:\n%s\nwant\n%s", again, exported)
		}
	})
}

// TestImportBadNewVariantRowsChangeNothing: each bad file is refused with
// its rows' problems in the dry run and in the apply, and changes nothing.
func TestImportBadNewVariantRowsChangeNothing(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		f.setUp(t)
		const head = "sku,name,category,price,stock,variant_of,option1_name,option1_value,option2_name,option2_value\n"
		const product = "TSHIRT,Kente T-shirt,phones,,,,,,,\n"
		var many strings.Builder
		for i := range 21 {
			fmt.Fprintf(&many, ",,,1.00,,TSHIRT,Size,S%d,,\n", i)
		}
		for _, c := range []struct {
			name, file, problems string
		}{
			{"mixed option names", head + product + ",,,1.00,,TSHIRT,Size,S,Colour,Red\n" + ",,,1.00,,TSHIRT,Colour,Red,Size,M\n",
				`{"row":4,"column":"option1_name","message":"Row 3 names the options Size / Colour: every variant row of a product names the same options in the same order."}`},
			{"more than 3 options", strings.Replace(head, "\n", ",option3_name,option3_value,option4_name,option4_value\n", 1) +
				product[:len(product)-1] + ",,,,\n" + ",,,1.00,,TSHIRT,A,1,B,2,C,3,D,4\n",
				`{"row":1,"column":"","message":"Unknown column \"option4_name\": …"},{"row":1,"column":"","message":"Unknown column \"option4_value\": …"}`},
			{"no price for a new variant", head + product + ",,,,3,TSHIRT,Size,S,,\n" + ",,,2.00,,TSHIRT,Size,M,,\n",
				`{"row":3,"column":"price","message":"Give a new variant its price."}`},
			{"the same combination twice", head + product + ",,,1.00,,TSHIRT,Size,S,,\n" + ",,,2.00,,TSHIRT,size, s ,,\n",
				`{"row":4,"column":"option1_value","message":"Row 3 is the same combination."}`},
			{"21 values", head + product + many.String(),
				`{"row":3,"column":"option1_value","message":"The options of TSHIRT (Size): Ensure this field has no more than 20 elements."}`},
			{"a price on the new product's row", head + "TSHIRT,Kente T-shirt,phones,9.00,2,,,,,\n" + ",,,1.00,,TSHIRT,Size,S,,\n",
				`{"row":2,"column":"price","message":"This product gets options from its variant rows: set the price of each variant."},` +
					`{"row":2,"column":"stock","message":"This product gets options from its variant rows: set the stock of each variant."}`},
			{"a price change on an existing product's row", "id,price,variant_of,option1_name,option1_value\n" +
				fmt.Sprintf("%d,60.00,,,\n,,%d,Colour,Black\n", f.plain.ID, f.plain.ID),
				`{"row":2,"column":"price","message":"This product has options: set the price of each variant."},` +
					`{"row":3,"column":"price","message":"Give a new variant its price."}`},
			{"a value a product with options does not have", "variant_of,option1_name,option1_value,option2_name,option2_value,price\n" +
				fmt.Sprintf("%d,Storage,512 GB,Colour,Blue,1.00\n", f.phone.ID),
				`{"row":2,"column":"option1_value","message":"No variant of this product has these options: it has options already, so add the values to them in Seller Centre first."}`},
			{"variant rows before their new product", head + ",,,1.00,,TSHIRT,Size,S,,\n" + product,
				`{"row":2,"column":"variant_of","message":"No product of your store, nor a new one of a row above, has this id or SKU."}`},
		} {
			t.Run(c.name, func(t *testing.T) {
				before := f.export(t)
				rows := strings.Count(c.file, "\n") - 1
				want := fmt.Sprintf(`{"dry_run":true,"applied":false,"rows":%d,"created":0,"updated":0,"unchanged":0,"problems":[%s]}`, rows, c.problems)
				code, body := f.importCSV("?dry_run=1", c.file)
				assertStatus(t, code, 200)
				assertBody(t, body, want)
				code, body = f.importCSV("", c.file)
				assertStatus(t, code, 422)
				assertBody(t, body, strings.Replace(want, `"dry_run":true`, `"dry_run":false`, 1))
				if after := f.export(t); after != before {
					t.Fatalf("the store changed:\n%s\nwas\n%s", after, before)
				}
			})
		}
	})
}

// TestProductTemplateImports: the Seller Centre's template, with its new
// product with options, imports as it is.
func TestProductTemplateImports(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newVariantFixture(t, st)
		f.a.Category("Clothing", "clothing", nil, 2, true)
		template, err := os.ReadFile("../../web/public/product-template.csv")
		if err != nil {
			t.Fatal(err)
		}
		code, body := f.importCSV("", string(template))
		assertStatus(t, code, 200)
		assertBody(t, body, `{"dry_run":false,"applied":true,"rows":5,"created":5,"updated":0,"unchanged":0,"problems":[]}`)
		p := f.productBySKU(t, st, "KC-010")
		if len(p.Variants) != 4 || p.UnitPrice != "180.00" || p.Inventory != 6 || p.byValues(t, "L", "Green").Active {
			t.Fatalf("KC-010: %+v", p)
		}
	})
}
