package catindex

import (
	"slices"
	"testing"

	"dwa/internal/shop"
)

// TestOptionsSurviveApplyAndCompact: option filters answer the same from
// the base, the delta and a compacted base, and a changed variant moves
// the product in and out of them.
func TestOptionsSurviveApplyAndCompact(t *testing.T) {
	phone := func(id int64, stocked bool) Product {
		return Product{ID: id, Active: true, Price: 100 * id, InStock: true, Name: "phone",
			Options: OptionsDocument([]string{"Storage", "Colour"}, []OptionVariant{
				{Values: []string{"256 GB", "Blue"}, InStock: stocked},
				{Values: []string{"128 GB", "Black"}, InStock: true}})}
	}
	b := NewBuilder()
	for _, p := range []Product{phone(3, true), {ID: 2, Active: true, Price: 50, InStock: true, Name: "case"}, phone(1, false)} {
		if err := b.Add(p); err != nil { // out of id order: Finish rebuilds
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	blue256 := shop.ProductQuery{Options: []shop.OptionFilter{{Name: "storage", Value: "256 GB"}, {Name: "COLOUR", Value: "blue"}},
		InStock: true, Limit: 10, Ordering: []shop.OrderKey{{Field: shop.OrderUnitPrice}}}
	check := func(what string, x *Index, want ...int64) {
		t.Helper()
		if got := x.Query(blue256).IDs; !slices.Equal(got, want) {
			t.Errorf("%s: %v; want %v", what, got, want)
		}
		if got := x.Facets(blue256).Total; got != len(want) {
			t.Errorf("%s: facets total %d; want %d", what, got, len(want))
		}
	}
	check("built", x, 3)
	next, changes, err := x.Apply(2, []Product{phone(1, true), phone(3, false)})
	if err != nil {
		t.Fatal(err)
	}
	if !changes[0].Listed || !changes[1].Listed {
		t.Errorf("a variant's stock change is not listed: %+v", changes)
	}
	check("applied", next, 1)
	compacted, err := next.Compact()
	if err != nil {
		t.Fatal(err)
	}
	check("compacted", compacted, 1)
	again, _, err := compacted.Apply(3, []Product{phone(3, true)})
	if err != nil {
		t.Fatal(err)
	}
	check("applied after compaction", again, 1, 3)
}

func TestOptionValuesInNaturalOrder(t *testing.T) {
	values := []string{"1 TB", "XL", "128 GB", "Size 10", "512GB", "64 GB", "Size 9", "L"}
	slices.SortFunc(values, naturalCompare)
	want := []string{"64 GB", "128 GB", "512GB", "1 TB", "L", "Size 9", "Size 10", "XL"}
	if !slices.Equal(values, want) {
		t.Errorf("%q; want %q", values, want)
	}
}
