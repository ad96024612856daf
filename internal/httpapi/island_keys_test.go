package httpapi_test

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// islandKeyCases is the fixture shared with the web app's test
// (web/src/app/island-keys.test.ts): page URL → the island's keys.
type islandKeyCases struct {
	Cases []struct {
		URL  string   `json:"url"`
		Keys []string `json:"keys"`
	} `json:"cases"`
}

// TestIslandKeys asks for each page of the shared fixture and checks that its
// data island carries exactly the keys the web app looks up for that URL: a
// key the two sides compute differently is a request the app makes again.
func TestIslandKeys(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/island-keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture islandKeyCases
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		product := shoptest.NewProduct("Console", 250000, gaming)
		a.Products(product)
		if product.ID != 1 {
			t.Fatalf("the fixture's product is 1, the database made %d", product.ID)
		}
		for _, tc := range fixture.Cases {
			body := a.Do("GET", tc.URL, "").Body.String()
			got := []string{}
			if islandRE.MatchString(body) {
				for key := range island(t, body) {
					got = append(got, key)
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.Keys))
			if want == nil {
				want = []string{}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: island keys\n%q\nwant\n%q", tc.URL, got, want)
			}
		}
	})
}
