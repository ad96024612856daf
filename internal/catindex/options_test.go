package catindex

import (
	"reflect"
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
	storage := shop.ProductQuery{Options: []shop.OptionFilter{{Name: "Storage", Value: "256 GB"}}, InStock: true}
	x.Facets(storage) // kept, then carried by Apply
	next, changes, err := x.Apply(2, []Product{phone(1, true), phone(3, false)})
	if err != nil {
		t.Fatal(err)
	}
	fresh := next.facetAnswer(next.countFacets(&storage, next.compileFilter(&storage)), nil, storage.Options)
	if got := next.Facets(storage); !reflect.DeepEqual(got, fresh) {
		t.Errorf("carried facets\n got %+v\nwant %+v", got, fresh)
	}
	if fresh.Total != 1 || len(fresh.Options) != 1 { // Colour: only Blue is left with 256 GB in stock
		t.Errorf("facets %+v; want 1 product and Storage alone", fresh)
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

// BenchmarkOptionFacets: the facets and first page of a category whose
// every product has Storage × Colour (a tenth of 100k products), with
// nothing, a storage, and a storage and colour in stock chosen.
func BenchmarkOptionFacets(b *testing.B) {
	s := synth()
	bl := NewBuilder()
	storages := []string{"64 GB", "128 GB", "256 GB", "512 GB"}
	colours := []string{"Black", "Blue", "Green", "Red", "White", "Gold"}
	for id := range int64(100_000) {
		p := s.product(id + 1)
		if p.Categories[0] == 1 {
			var vs []OptionVariant
			for i, st := range storages[id%2:] {
				for j, c := range colours[id%3:] {
					vs = append(vs, OptionVariant{Values: []string{st, c}, InStock: (int64(i+j)+id)%3 > 0})
				}
			}
			p.Options = OptionsDocument([]string{"Storage", "Colour"}, vs)
		}
		if err := bl.Add(p); err != nil {
			b.Fatal(err)
		}
	}
	x, err := bl.Finish(1)
	if err != nil {
		b.Fatal(err)
	}
	cat := [3]int64{1}
	queries := map[string]shop.ProductQuery{
		"none":   {CategoryIDs: cat},
		"one":    {CategoryIDs: cat, Options: []shop.OptionFilter{{Name: "Storage", Value: "256 GB"}}},
		"stock2": {CategoryIDs: cat, InStock: true, Options: []shop.OptionFilter{{Name: "Storage", Value: "256 GB"}, {Name: "Colour", Value: "Red"}}},
	}
	for _, name := range []string{"none", "one", "stock2"} {
		q := queries[name]
		b.Run("facets/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if f := x.facetAnswer(x.countFacets(&q, x.compileFilter(&q)), nil, q.Options); f.Total == 0 || len(f.Options) != 2 {
					b.Fatalf("facets %+v", f)
				}
			}
		})
		b.Run("page/"+name, func(b *testing.B) {
			q := q
			q.Limit, q.Ordering = 24, []shop.OrderKey{{Field: shop.OrderUnitPrice}}
			b.ReportAllocs()
			for b.Loop() {
				x.memo = newCountMemo() // the total counted each time
				if len(x.Query(q).IDs) != 24 {
					b.Fatal("short page")
				}
			}
		})
	}
}
