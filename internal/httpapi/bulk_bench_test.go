package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/service"
	"dwa/internal/shoptest"
)

// BenchmarkImport10k: a file of 10,000 rows (the most one import takes),
// each with an HTML description, applied to a store: created anew, then
// every row's name and price changed (so every search document is
// rewritten), through the synchronous import and through the job
// (docs/decisions/0030-import-jobs.md). Run with -benchtime=1x; issue 24
// asks for a minute at most.
func BenchmarkImport10k(b *testing.B) {
	for _, e := range shoptest.Engines(b) {
		for _, mode := range []string{"sync", "job"} {
			b.Run(e.Name+"/"+mode, func(b *testing.B) {
				f := newSellerFixture(shoptest.NewApp(b, e.Open(b), nil))
				file := func(round, edit int) string {
					var sb strings.Builder
					sb.WriteString("sku,name,category,brand,price,stock,description\n")
					for i := range service.MaxImportRows {
						fmt.Fprintf(&sb, "%s%d-%05d,Kente cloth stole no. %d edition %d,consoles,Bonwire,%d.50,%d,"+
							"\"<p>Hand-woven in Bonwire, <b>six</b> yards.</p><ul><li>Cotton</li><li>Silk</li></ul>\"\n",
							mode, round, i, i, edit, 20+i%500+edit, i%40)
					}
					return sb.String()
				}
				for i := 0; b.Loop(); i++ {
					for edit, want := range []string{`"created":10000`, `"updated":10000`} {
						var code int
						var body string
						if mode == "sync" {
							code, body = f.importCSV(f.owner, "", file(i, edit))
						} else {
							// The test app runs the job in the request; its
							// result is then read as the page reads it.
							w := f.a.Do("POST", "/api/seller/product-imports/", file(i, edit),
								append(f.owner.Auth(), "Content-Type", "text/csv")...)
							var j struct{ ID int64 }
							if err := json.Unmarshal(w.Body.Bytes(), &j); err != nil || w.Code != 202 {
								b.Fatalf("%d %.300s", w.Code, w.Body)
							}
							w = f.a.Do("GET", fmt.Sprintf("/api/seller/product-imports/%d/", j.ID), "", f.owner.Auth()...)
							code, body = w.Code, w.Body.String()
						}
						if code != 200 || !strings.Contains(body, want) {
							b.Fatalf("%d %.300s", code, body)
						}
					}
				}
			})
		}
	}
}
