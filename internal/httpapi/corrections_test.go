package httpapi_test

import (
	"fmt"
	"net/url"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestSearchCorrectionsAPI: a search that finds nothing is offered at most
// three corrected searches, each of which finds visible products, closest
// and then most frequent first; known words, short words, gibberish and
// searches that already find something get none; and a product edit that
// adds a word is offered at once (the index is live).
func TestSearchCorrectionsAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		owner, store := a.Owner("kwame_gadgets", "Accra Gadgets")
		phones := a.Category("Phones", "phones", nil, 1, true)
		hidden := a.Category("Retired", "retired", nil, 1, false)
		mk := func(name string, cats ...*shop.Category) *shop.Product {
			p := shoptest.NewProduct(name, 10000, cats...)
			p.StoreID, p.Inventory = store.ID, 5
			return p
		}
		iphone := mk("Apple iPhone 15 Pro", phones)
		a.Products(iphone, mk("Samsung Galaxy S24", phones), mk("Samsung Galaxy A15", phones),
			mk("Electric Kettle", phones), mk("Zorblax Widget", hidden),
			mk("Mat Cover", phones), mk("Mat Stand", phones), mk("Mat Grip", phones),
			mk("Cat Toy", phones), mk("Bat Toy", phones), mk("Hat Toy", phones), mk("Rat Toy", phones))

		get := func(search string) string {
			w := a.Do("GET", "/api/store/search/corrections/?search="+url.QueryEscape(search), "")
			assertStatus(t, w.Code, 200)
			return w.Body.String()
		}
		none := `{"suggestions":[]}`
		cases := []struct{ name, search, body string }{
			{"two edits in one word", "ifone", `{"suggestions":["iphone"]}`},
			{"two swaps", "smasnug", `{"suggestions":["samsung"]}`},
			{"an unknown word before a known one", "aple iphone", `{"suggestions":["apple iphone"]}`},
			{"the search tolerates one typo already", "iphnoe", none},
			{"known words that find nothing together", "kettle iphone", none},
			{"gibberish", "qwxzvbk", none},
			{"only a hidden product has the word", "zorblx", none},
			{"too short to correct", "zt", none},
			{"blank", "  ", none},
			// cat, bat, hat, rat and mat are one edit away; mat is in the
			// most products, the rest by byte order, three in all.
			{"bounded, most frequent first", "zat", `{"suggestions":["mat","bat","cat"]}`},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { assertBody(t, get(c.search), c.body) })
		}
		// Every suggestion above finds products.
		for _, s := range []string{"iphone", "samsung", "apple iphone", "mat", "bat", "cat"} {
			w := a.Do("GET", "/api/store/products/?fields=id&search="+url.QueryEscape(s), "")
			assertStatus(t, w.Code, 200)
			if body := w.Body.String(); body == "" || body[:10] == `{"count":0` {
				t.Fatalf("suggestion %q finds nothing: %s", s, body)
			}
		}

		t.Run("a word added by an edit is offered at once", func(t *testing.T) {
			assertBody(t, get("zefyrus"), none)
			w := a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", iphone.ID), `{"name":"Apple iPhone 15 Pro Zephyrus"}`, owner.Auth()...)
			assertStatus(t, w.Code, 200)
			assertBody(t, get("zefyrus"), `{"suggestions":["zephyrus"]}`)
		})
	})
}
