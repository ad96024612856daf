package service

import (
	"cmp"
	"errors"
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
// existing variants from such rows. The variant rows of a product without
// options (one of the store's, or one the file creates, variant_of being
// its SKU) give it options: their option names, in order, with their
// values as first met; every combination becomes a variant, as in the
// Seller Centre, those the rows list set by them, the others inactive with
// stock 0. A product with options changes its options in the Seller
// Centre only.

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
	variantOf       map[string]bool                 // lower-case variant_of cells of the file
	newBySKU        map[string]*shop.Product        // lower-case SKU → product the file creates
	drafts          map[*shop.Product]*optionsDraft // products given options, by product
	draftOrder      []*shop.Product
	createdVariants int
}

func newVariantRows() variantRows {
	return variantRows{variantSKU: map[string]int64{}, seenVariant: map[int64]int{}, variantEdits: map[int64][]shop.VariantEdit{},
		variantOf: map[string]bool{}, newBySKU: map[string]*shop.Product{}, drafts: map[*shop.Product]*optionsDraft{}}
}

// optionsDraft is what the variant rows of a product without options give
// it: the option names of its first row naming some, each option's values
// as first met, and the variants the rows list.
type optionsDraft struct {
	id       int64 // 0 for a product the file creates
	row      int   // the first variant row
	namesRow int
	names    []string
	values   [][]string
	combos   map[string]int // combination → its row
	variants []shop.NewVariant
}

const (
	msgNewOptionsPrice = "This product gets options from its variant rows: set the price of each variant."
	msgNewOptionsStock = "This product gets options from its variant rows: set the stock of each variant."
)

// noteVariantOf records the products the file's variant rows name, before
// any row is checked: a product row must know whether its product gets
// options from the file.
func (imp *anImport) noteVariantOf(records [][]string) {
	i, ok := imp.cols["variant_of"]
	if !ok {
		return
	}
	for _, rec := range records {
		if i < len(rec) {
			if k := strings.ToLower(strings.TrimSpace(rec[i])); k != "" {
				imp.variantOf[k] = true
			}
		}
	}
}

// getsOptions: variant rows name this product without options (cur nil:
// the new product with this SKU, unless the SKU is the id of another
// product, which variant_of then names).
func (imp *anImport) getsOptions(cur *shop.BulkProduct, sku *string) bool {
	if cur != nil {
		return !cur.HasOptions && (imp.variantOf[strconv.FormatInt(cur.ID, 10)] ||
			cur.SKU != "" && imp.variantOf[strings.ToLower(cur.SKU)])
	}
	if sku == nil {
		return false
	}
	key := strings.ToLower(strings.TrimSpace(*sku))
	return imp.variantOf[key] && imp.productByKey(key) == nil
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
	case p == nil && imp.newBySKU[strings.ToLower(text("variant_of"))] != nil:
		imp.newVariantRow(n, cell, text, imp.newBySKU[strings.ToLower(text("variant_of"))], 0)
		return
	case p == nil:
		imp.add(n, "variant_of", "No product of your store, nor a new one of a row above, has this id or SKU.")
		return
	case !p.HasOptions:
		imp.newVariantRow(n, cell, text, p.Product, p.ID)
		return
	}
	names, values := imp.optionCells(n, text)
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
			imp.add(n, "option1_value", "No variant of this product has these options: it has options already, so add the values to them in Seller Centre first.")
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
		sku := imp.variantSKUCell(n, fe, *raw, v.ID)
		// Another case of the same SKU finds it and leaves it so.
		if strings.ToLower(sku) != strings.ToLower(v.SKU) {
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

// optionCells reads a variant row's option names and values, in pairs.
func (imp *anImport) optionCells(n int, text func(string) string) (names, values []string) {
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
	return names, values
}

// variantSKUCell checks a variant row's SKU (of the variant own, 0 for a
// new one): once in the file, no product's, no other variant's.
func (imp *anImport) variantSKUCell(n int, fe shop.FieldErrors, raw string, own int64) string {
	sku := checkSKU(fe, "sku", raw)
	key := strings.ToLower(sku)
	if key == "" {
		return sku
	}
	if first, dup := imp.seenSKU[key]; dup {
		imp.add(n, "sku", "Row "+strconv.Itoa(first)+" has this SKU too.")
	} else {
		imp.seenSKU[key] = n
	}
	if imp.bySKU[key] != nil {
		imp.add(n, "sku", "A product of your store has this SKU.")
	} else if owner := imp.variantSKU[key]; owner != 0 && owner != own {
		imp.add(n, "sku", "Another variant of your store has this SKU.")
	}
	return sku
}

// newVariantRow checks a variant row of a product without options (id 0:
// one the file creates) and adds its combination to the options the
// product gets.
func (imp *anImport) newVariantRow(n int, cell func(string) *string, text func(string) string, prod *shop.Product, id int64) {
	before := len(imp.problems)
	d := imp.drafts[prod]
	if d == nil {
		d = &optionsDraft{id: id, row: n, combos: map[string]int{}}
		imp.drafts[prod] = d
		imp.draftOrder = append(imp.draftOrder, prod)
	}
	if text("variant_id") != "" {
		imp.add(n, "variant_id", "Leave variant_id blank: this product has no variants yet, its variant rows make them.")
	}
	names, values := imp.optionCells(n, text)
	for i := range names {
		names[i], values[i] = strings.Join(strings.Fields(names[i]), " "), strings.Join(strings.Fields(values[i]), " ")
	}
	switch {
	case len(imp.problems) > before:
		return
	case len(names) == 0:
		imp.add(n, "option1_name", "Give the variant's option names and values: they make the options of its product.")
		return
	case d.names == nil:
		d.names, d.namesRow, d.values = names, n, make([][]string, len(names))
	case !slices.EqualFunc(d.names, names, func(a, b string) bool { return shop.OptionKey(a) == shop.OptionKey(b) }):
		imp.add(n, "option1_name", "Row "+strconv.Itoa(d.namesRow)+" names the options "+strings.Join(d.names, " / ")+
			": every variant row of a product names the same options in the same order.")
		return
	}
	for i, v := range values {
		if !slices.ContainsFunc(d.values[i], func(w string) bool { return shop.OptionKey(w) == shop.OptionKey(v) }) {
			d.values[i] = append(d.values[i], v)
		}
	}
	combo := shop.ComboKey(names, values)
	if first, dup := d.combos[combo]; dup {
		imp.add(n, "option1_value", "Row "+strconv.Itoa(first)+" is the same combination.")
		return
	}
	d.combos[combo] = n
	nv := shop.NewVariant{Row: n, Values: values, Active: true}
	fe := shop.FieldErrors{}
	if text("price") == "" {
		imp.add(n, "price", "Give a new variant its price.")
	} else {
		nv.UnitPrice = parsePrice(fe, "price", cell("price"))
	}
	if raw := cell("sku"); raw != nil {
		nv.SKU = imp.variantSKUCell(n, fe, *raw, 0)
	}
	if text("stock") != "" {
		if q, ok := imp.integer(n, "stock", text("stock")); ok {
			nv.Inventory, _ = stockValue(fe, "stock", q)
		}
	}
	for field, msgs := range fe {
		for _, m := range msgs {
			imp.add(n, field, m)
		}
	}
	if text("active") != "" {
		if active := imp.activeCell(n, cell); active != nil {
			nv.Active = *active
		}
	}
	if len(imp.problems) == before {
		d.variants = append(d.variants, nv)
		imp.createdVariants++
	}
}

// giveOptions checks the options each product without options gets from
// its variant rows as the Seller Centre's options editor does, and puts
// them on its edit or its creation with the aggregates they make.
func (imp *anImport) giveOptions() {
	for _, prod := range imp.draftOrder {
		d := imp.drafts[prod]
		if d.names == nil {
			continue // its rows are reported
		}
		in := make([]OptionInput, len(d.names))
		for i := range d.names {
			in[i] = OptionInput{Name: &d.names[i], Values: &d.values[i]}
		}
		opts, err := checkOptions(&in)
		var fe *shop.Error
		if errors.As(err, &fe) {
			for field, msgs := range fe.Fields {
				col := "option1_name"
				for i, pair := range optionColumns {
					switch field {
					case "options[" + strconv.Itoa(i) + "].name":
						col = pair[0]
					case "options[" + strconv.Itoa(i) + "].values":
						col = pair[1]
					}
				}
				for _, m := range msgs {
					imp.add(d.namesRow, col, "The options of "+cmp.Or(prod.SKU, prod.Name)+" ("+strings.Join(d.names, ", ")+"): "+m)
				}
			}
			continue
		}
		no := &shop.NewOptions{Row: d.row, Options: opts, Variants: d.variants}
		if d.id != 0 {
			i := slices.IndexFunc(imp.edits, func(e shop.ProductEdit) bool { return e.ID == d.id })
			if i < 0 {
				imp.edits = append(imp.edits, shop.ProductEdit{Row: d.row, ID: d.id})
				i = len(imp.edits) - 1
			}
			imp.edits[i].Options = no
			was := prod.WasPrice
			if w := imp.edits[i].Change.WasPrice; w != nil {
				was = *w
			}
			imp.checkVariantDeal(d, was)
			continue
		}
		i := slices.IndexFunc(imp.creates, func(c shop.ProductCreate) bool { return c.Product == prod })
		if i < 0 {
			continue // its row is reported
		}
		imp.creates[i].Options = no
		// Inserted with its aggregates (the write computes them again).
		prod.UnitPrice, prod.Inventory = variantAggregates(d.variants)
		imp.checkVariantDeal(d, prod.WasPrice)
	}
}

// checkVariantDeal: every active new variant is priced below the
// product's price before the deal, as the product is.
func (imp *anImport) checkVariantDeal(d *optionsDraft, was shop.Money) {
	for _, v := range d.variants {
		if v.Active && shop.CheckDeal(v.UnitPrice, was) != nil {
			imp.add(v.Row, "price", "The price must be below the product's price before the deal, GH₵ "+was.Grouped()+".")
		}
	}
}

// variantAggregates are the price and stock of a product with these
// variants, as the store keeps them (refreshAggregates): the lowest price
// among active variants in stock, else among active ones, else among all;
// the stock of the active ones.
func variantAggregates(vs []shop.NewVariant) (price shop.Money, stock int) {
	lowest := func(keep func(shop.NewVariant) bool) shop.Money {
		var m shop.Money
		for _, v := range vs {
			if keep(v) && (m == 0 || v.UnitPrice < m) {
				m = v.UnitPrice
			}
		}
		return m
	}
	price = cmp.Or(lowest(func(v shop.NewVariant) bool { return v.Active && v.Inventory > 0 }),
		lowest(func(v shop.NewVariant) bool { return v.Active }), lowest(func(shop.NewVariant) bool { return true }))
	for _, v := range vs {
		if v.Active {
			stock += v.Inventory
		}
	}
	return price, stock
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
