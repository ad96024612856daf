package service

import (
	"slices"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

// Variant rows of the CSV template (docs/decisions/0028-bulk-catalogue.md,
// "Variant rows"): after a product with options' own row, the export
// writes one row per live variant, naming its product in variant_of (the
// product's id), itself in variant_id, its option names and values, and
// its sku, price, stock, exported_stock and active. An import updates
// existing variants from such rows; options and their combinations are
// defined in the Seller Centre, not by a file.

// productColumns are the columns only a product row may fill.
var productColumns = []string{"id", "name", "category", "brand", "was_price", "description", "specification"}

// optionColumns are a variant row's option names and values, in pairs.
var optionColumns = [shop.MaxOptions][2]string{
	{"option1_name", "option1_value"}, {"option2_name", "option2_value"}, {"option3_name", "option3_value"}}

const msgSKUOfVariant = "A variant of your store has this SKU."

// variantRows is what an import gathered of its variant rows.
type variantRows struct {
	variantSKU      map[string]int64 // lower-case SKU → the variant with it
	seenVariant     map[int64]int    // variant → first row updating it
	variantEdits    map[int64][]shop.VariantEdit
	variantOrder    []int64 // products with variant edits, as first met
	changedVariants int
}

func newVariantRows() variantRows {
	return variantRows{variantSKU: map[string]int64{}, seenVariant: map[int64]int{}, variantEdits: map[int64][]shop.VariantEdit{}}
}

// variantRecord is a variant's row of the export.
func variantRecord(p *shop.BulkProduct, v shop.Variant) []string {
	rec := make([]string, len(ImportColumns))
	set := func(col, v string) { rec[columnOrder(col)] = v }
	set("sku", v.SKU)
	set("price", v.UnitPrice.String())
	set("stock", strconv.Itoa(v.Inventory))
	set("exported_stock", strconv.Itoa(v.Inventory))
	set("active", yesNo(v.Active))
	set("variant_of", strconv.FormatInt(p.ID, 10))
	set("variant_id", strconv.FormatInt(v.ID, 10))
	for i, o := range p.Options {
		if i < len(v.Options) {
			set(optionColumns[i][0], o.Name)
			set(optionColumns[i][1], v.Options[i])
		}
	}
	return rec
}

// isVariantRow: a row naming a product in variant_of, a variant, or an
// option is a variant's.
func (imp *anImport) isVariantRow(cell func(string) *string) bool {
	filled := func(col string) bool { v := cell(col); return v != nil && strings.TrimSpace(*v) != "" }
	if filled("variant_of") || filled("variant_id") {
		return true
	}
	for _, pair := range optionColumns {
		if filled(pair[0]) || filled(pair[1]) {
			return true
		}
	}
	return false
}

// variantRow checks a variant row and queues its change: the variant is
// found by variant_id, else by its SKU, else by its option values, among
// the live variants of the product variant_of names.
func (imp *anImport) variantRow(n int, cell func(string) *string) {
	before := len(imp.problems)
	text := func(col string) string {
		if v := cell(col); v != nil {
			return strings.TrimSpace(*v)
		}
		return ""
	}
	for _, col := range productColumns {
		if text(col) != "" {
			imp.add(n, col, "Leave this column blank on a variant row: it is its product's.")
		}
	}
	p := imp.productByKey(text("variant_of"))
	switch {
	case text("variant_of") == "":
		imp.add(n, "variant_of", "Give the id or SKU of the variant's product.")
		return
	case p == nil:
		imp.add(n, "variant_of", "No product of your store has this id or SKU.")
		return
	case !p.HasOptions:
		imp.add(n, "variant_of", "This product has no options: give it options in Seller Centre first (Edit product → Options).")
		return
	}
	var names, values []string
	for _, pair := range optionColumns {
		name, value := text(pair[0]), text(pair[1])
		switch {
		case name == "" && value == "":
			continue
		case name == "":
			imp.add(n, pair[0], msgBlank)
		case value == "":
			imp.add(n, pair[1], msgBlank)
		}
		names, values = append(names, name), append(values, value)
	}
	optionNames := make([]string, len(p.Options))
	for i, o := range p.Options {
		optionNames[i] = o.Name
	}
	find := func(match func(shop.Variant) bool) *shop.Variant {
		if i := slices.IndexFunc(p.Variants, match); i >= 0 {
			return &p.Variants[i]
		}
		return nil
	}
	skuKey := strings.ToLower(text("sku"))
	var v *shop.Variant
	switch id := text("variant_id"); {
	case id != "":
		want, err := strconv.ParseInt(id, 10, 64)
		if v = find(func(v shop.Variant) bool { return v.ID == want }); err != nil || v == nil {
			imp.add(n, "variant_id", "No variant of this product has this id: leave it blank to find the variant by its SKU or options.")
			return
		}
	case skuKey != "" && find(func(v shop.Variant) bool { return strings.ToLower(v.SKU) == skuKey }) != nil:
		v = find(func(v shop.Variant) bool { return strings.ToLower(v.SKU) == skuKey })
	case len(names) > 0:
		key := shop.ComboKey(names, values)
		if v = find(func(v shop.Variant) bool { return shop.ComboKey(optionNames, v.Options) == key }); v == nil {
			imp.add(n, "option1_value", "No variant of this product has these options: add the values to its options in Seller Centre first.")
			return
		}
	default:
		imp.add(n, "variant_id", "Name the variant: its variant_id, its SKU, or its option names and values.")
		return
	}
	if len(names) > 0 && shop.ComboKey(names, values) != shop.ComboKey(optionNames, v.Options) {
		imp.add(n, "option1_value", "These are not this variant's options ("+strings.Join(v.Options, " / ")+
			"): a variant's options change in Seller Centre.")
	}
	if first, dup := imp.seenVariant[v.ID]; dup {
		imp.add(n, "", "Row "+strconv.Itoa(first)+" is the same variant.")
		return
	}
	imp.seenVariant[v.ID] = n

	ch := shop.VariantChange{ID: v.ID}
	fe := shop.FieldErrors{}
	if raw := cell("sku"); raw != nil {
		sku := checkSKU(fe, "sku", *raw)
		key := strings.ToLower(sku)
		if key != "" {
			if first, dup := imp.seenSKU[key]; dup {
				imp.add(n, "sku", "Row "+strconv.Itoa(first)+" has this SKU too.")
			} else {
				imp.seenSKU[key] = n
			}
			if imp.bySKU[key] != nil {
				imp.add(n, "sku", "A product of your store has this SKU.")
			} else if owner := imp.variantSKU[key]; owner != 0 && owner != v.ID {
				imp.add(n, "sku", "Another variant of your store has this SKU.")
			}
		}
		// Another case of the same SKU finds it and leaves it so.
		if key != strings.ToLower(v.SKU) {
			ch.SKU = &sku
		}
	}
	// A blank price, stock or active leaves the variant's as it is: a row
	// may change one thing of a variant.
	if raw := cell("price"); raw != nil && strings.TrimSpace(*raw) != "" {
		if price := parsePrice(fe, "price", raw); price != 0 && price != v.UnitPrice {
			ch.UnitPrice = &price
		}
	}
	for field, msgs := range fe {
		for _, m := range msgs {
			imp.add(n, field, m)
		}
	}
	var stock, expected *int64
	if text("stock") != "" {
		stock, expected = imp.stockCells(n, cell, &v.Inventory)
	}
	if stock != nil {
		if q, ok := stockValue(fe, "stock", *stock); ok {
			e := int(*expected)
			ch.Inventory, ch.ExpectedInventory = &q, &e
		} else {
			imp.add(n, "stock", fe["stock"][0])
		}
	}
	if text("active") != "" {
		if active := imp.activeCell(n, cell); active != nil && *active != v.Active {
			ch.Active = active
		}
	}
	if len(imp.problems) > before || ch == (shop.VariantChange{ID: v.ID}) {
		return
	}
	if imp.variantEdits[p.ID] == nil {
		imp.variantOrder = append(imp.variantOrder, p.ID)
	}
	imp.variantEdits[p.ID] = append(imp.variantEdits[p.ID], shop.VariantEdit{Row: n, VariantChange: ch})
	imp.changedVariants++
}

// productByKey is the store's product with this id, else with this SKU.
func (imp *anImport) productByKey(key string) *shop.BulkProduct {
	if id, err := strconv.ParseInt(key, 10, 64); err == nil && imp.byID[id] != nil {
		return imp.byID[id]
	}
	return imp.bySKU[strings.ToLower(key)]
}

// withVariants puts the variant rows' changes on their products' edits,
// adding an edit for a product whose own row changes nothing.
func (imp *anImport) withVariants(edits []shop.ProductEdit) []shop.ProductEdit {
	at := make(map[int64]int, len(edits))
	for i, e := range edits {
		at[e.ID] = i
	}
	for _, id := range imp.variantOrder {
		vs := imp.variantEdits[id]
		i, ok := at[id]
		if !ok {
			i = len(edits)
			edits = append(edits, shop.ProductEdit{Row: vs[0].Row, ID: id})
		}
		edits[i].Variants = vs
	}
	return edits
}
