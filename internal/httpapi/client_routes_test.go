package httpapi_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"dwa/internal/shoptest"
)

// TestEveryClientRouteAnswers200 loads each route of the web app directly, as
// a reload or a shared link does. The routes come from the fixture the web
// app's own test checks against its route table
// (web/src/app/client-routes.test.ts), so a route added there and forgotten
// in spaRoutes fails here instead of answering 404.
func TestEveryClientRouteAnswers200(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/client-routes.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Routes []struct {
			Route string `json:"route"`
			URL   string `json:"url"`
		} `json:"routes"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Routes) == 0 {
		t.Fatal("the fixture lists no routes")
	}
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	// The product page answers 404 for a product that does not exist: the fixture's is 1.
	gaming := a.Category("Gaming", "gaming", nil, 1, true)
	product := shoptest.NewProduct("Console", 250000, gaming)
	a.Products(product)
	if product.ID != 1 {
		t.Fatalf("the fixture's product is 1, the database made %d", product.ID)
	}
	for _, r := range fixture.Routes {
		w := a.Do("GET", r.URL, "")
		if w.Code != 200 || !strings.Contains(w.Body.String(), `<div id="root">`) {
			t.Errorf("%s (route %s): status %d; want the app with 200", r.URL, r.Route, w.Code)
		}
	}
}
