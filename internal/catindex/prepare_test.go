package catindex

import (
	"testing"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// TestPrepareBuildsTheDeltaTextIndex: after Prepare a renamed product's new
// tokens are indexed already, so the first search after the change finds
// them without building anything.
func TestPrepareBuildsTheDeltaTextIndex(t *testing.T) {
	x := build(t, 200)
	p, _ := x.Product(7)
	p.Name = "Kente Smartwatch"
	p.Tokens = search.EncodeDocument(search.Index(search.Document{Name: p.Name}))
	next, _, err := x.Apply(2, []Product{p})
	if err != nil {
		t.Fatal(err)
	}
	if next.d.text == nil || next.d.text.ix != nil {
		t.Fatal("Apply should leave the delta's token index to be built")
	}
	next.Prepare()
	if next.d.text.ix == nil {
		t.Fatal("Prepare did not build the delta's token index")
	}
	page := next.Query(shop.ProductQuery{Terms: []string{"kente"}, Limit: 24})
	if page.Total != 1 || page.IDs[0] != 7 {
		t.Errorf("search after Prepare: %+v, want product 7", page)
	}
}
