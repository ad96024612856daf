package catindex

import (
	"reflect"
	"testing"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// TestApplyCarriesKeptFacets: a change outside a kept query's list leaves
// its facets as they were kept, and one inside it updates them without a
// new pass; a search's are dropped when a product in its list changes,
// though only its name did.
func TestApplyCarriesKeptFacets(t *testing.T) {
	b := NewBuilder()
	for id := int64(1); id <= 40; id++ {
		c := 1 + id%2
		p := Product{ID: id, Active: true, Categories: [3]int64{c}, Store: 1 + id%3, Price: 100 * id, InStock: true,
			Brand: "Tecno", Name: "phone", Tokens: search.EncodeDocument(map[string]int{"phone": search.WeightName})}
		if err := b.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	x, err := b.Finish(1)
	if err != nil {
		t.Fatal(err)
	}
	cat1 := shop.ProductQuery{CategoryIDs: [3]int64{1}}
	cat2 := shop.ProductQuery{CategoryIDs: [3]int64{2}}
	x.Facets(cat1)
	x.Facets(cat2)
	kept := func(x *Index, q shop.ProductQuery) *facetEntry {
		f := x.compileFilter(&q)
		return x.facets.kept[f.key+"\x00\x00"]
	}
	before1, before2 := kept(x, cat1), kept(x, cat2)
	if before1 == nil || before2 == nil {
		t.Fatal("facets not kept")
	}
	p, _ := x.Product(4) // category 1
	p.Price, p.Brand, p.Tokens = 99, "Itel", search.EncodeDocument(map[string]int{"phone": search.WeightName})
	next, _, err := x.Apply(2, []Product{p})
	if err != nil {
		t.Fatal(err)
	}
	if kept(next, cat2) != before2 {
		t.Errorf("category 2's facets were not carried as they were after a change in category 1")
	}
	after1 := kept(next, cat1)
	if after1 == nil || after1 == before1 {
		t.Fatalf("category 1's facets: kept %p, before %p; want updated ones", after1, before1)
	}
	q := cat1
	if want := next.facetAnswer(next.countFacets(&q, next.compileFilter(&q)), nil, nil); !reflect.DeepEqual(after1.out, want) {
		t.Errorf("carried facets\n got %+v\nwant %+v", after1.out, want)
	}
	if after1.out.MinPrice != 99 || len(after1.out.Brands) != 2 {
		t.Errorf("carried facets %+v; want the new lowest price 99 and two brands", after1.out)
	}

	phones := shop.ProductQuery{Terms: search.Parse("phone").Terms}
	if got := next.Facets(phones).Total; got != 40 {
		t.Fatalf("search facets total = %d; want 40", got)
	}
	p, _ = next.Product(5)
	p.Name, p.Tokens = "radio", search.EncodeDocument(map[string]int{"radio": search.WeightName})
	renamed, _, err := next.Apply(3, []Product{p})
	if err != nil {
		t.Fatal(err)
	}
	if got := renamed.Facets(phones).Total; got != 39 {
		t.Errorf("after a product was renamed, search facets total = %d; want 39", got)
	}
}
