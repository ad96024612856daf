package shop

import (
	"sort"
	"strings"
)

// Product options and variants (issue 24, docs/decisions/0029-product-variants.md).
// A product has 0–3 options (Storage, Colour…), each with its values, and
// then one variant per combination that exists, each with its own price,
// stock, SKU, images and active flag. A product without options has no
// variant rows: it is its own single variant, as every product was before.
// products.unit_price and products.inventory stay, as aggregates of the
// variants kept in the same transaction as any variant write or order:
// the lowest price among active variants (in stock first) and their total
// stock, so lists, filters, search and older clients keep working.

// Option limits (the contract's).
const (
	MaxOptions      = 3
	MaxOptionValues = 20
	MaxOptionText   = 30
	MaxVariants     = 100
	// MaxVariantEdits bounds one PATCH of variants.
	MaxVariantEdits = 100
)

// ProductOption is one option of a product, with its values in order.
type ProductOption struct {
	Name   string
	Values []string
}

// Variant is one combination of a product's option values.
type Variant struct {
	ID        int64
	ProductID int64
	// Options are the values, one per option, in option order.
	Options   []string
	UnitPrice Money
	Inventory int
	SKU       string // "" when none
	Active    bool
	// ImageIDs name images of the product, the first the variant's main
	// one; none means the product's gallery.
	ImageIDs []int64
}

// OptionValue is a chosen value with its option's name: what a cart line
// shows and an order line keeps.
type OptionValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Named pairs the variant's values with the options' names.
func (v *Variant) Named(opts []ProductOption) []OptionValue {
	out := make([]OptionValue, 0, len(v.Options))
	for i, val := range v.Options {
		name := ""
		if i < len(opts) {
			name = opts[i].Name
		}
		out = append(out, OptionValue{Name: name, Value: val})
	}
	return out
}

// OptionKey is the form option names and values are compared in: case and
// spacing aside.
func OptionKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// ComboKey identifies a combination by its option names and values, case
// and spacing aside and in no particular option order, so that reordering
// the options keeps every variant. names and values are parallel.
func ComboKey(names, values []string) string {
	pairs := make([]string, len(names))
	for i := range names {
		pairs[i] = OptionKey(names[i]) + "\x1f" + OptionKey(values[i])
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "\x1e")
}

// Combinations lists every combination of the options' values, the last
// option varying fastest; none without options.
func Combinations(opts []ProductOption) [][]string {
	if len(opts) == 0 {
		return nil
	}
	out := [][]string{{}}
	for _, o := range opts {
		next := make([][]string, 0, len(out)*len(o.Values))
		for _, c := range out {
			for _, v := range o.Values {
				next = append(next, append(append(make([]string, 0, len(c)+1), c...), v))
			}
		}
		out = next
	}
	return out
}

// PriceVaries reports whether the active variants have different prices.
func PriceVaries(vs []Variant) bool {
	var first Money = -1
	for _, v := range vs {
		if !v.Active {
			continue
		}
		if first >= 0 && v.UnitPrice != first {
			return true
		}
		first = v.UnitPrice
	}
	return false
}

// VariantChange is an edit of one variant: only the fields set are written.
type VariantChange struct {
	ID        int64
	UnitPrice *Money
	Inventory *int
	// ExpectedInventory, with Inventory, makes the stock edit conditional
	// on the stock the seller saw (409 stock_changed otherwise).
	ExpectedInventory *int
	SKU               *string // "" for none
	Active            *bool
	ImageIDs          *[]int64
}

// LineVariant is what a cart or order line shows of its variant.
type LineVariant struct {
	ID      int64
	SKU     string
	Options []OptionValue
	// ProductID is the variant's product (a request may name another's).
	ProductID int64
	// Active is false for a deactivated variant or one whose combination
	// the seller removed.
	Active bool
}
