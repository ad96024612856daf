package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/service"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestKeptSearchesFollowChanges: a kept search answer follows renames into
// and out of it, deactivation and reactivation, and new products, while
// changes of products it cannot match keep it.
func TestKeptSearchesFollowChanges(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		f := newVariantFixture(t, st)
		ids := func(q string) string {
			t.Helper()
			w := f.a.Do("GET", "/api/store/products/?page_size=5&fields=id&search="+q, "")
			assertStatus(t, w.Code, 200)
			var page struct{ Results []struct{ ID int64 } }
			decode(t, w.Body.Bytes(), &page)
			var out []string
			for _, r := range page.Results {
				out = append(out, fmt.Sprint(r.ID))
			}
			return strings.Join(out, ",")
		}
		edit := func(in service.ProductInput) {
			t.Helper()
			if _, err := f.a.Svc.UpdateSellerProduct(ctx, f.owner.User, f.plain.ID, in); err != nil {
				t.Fatal(err)
			}
		}
		// Made first: a new category drops every kept answer.
		cases := f.a.Category("Cases", "cases", nil, 1, true)
		plain := fmt.Sprint(f.plain.ID)
		if got := ids("zebra"); got != "" {
			t.Fatalf("before: %q", got)
		}
		name, off, on, away := "Zebra Case", false, true, "Phone Case"
		edit(service.ProductInput{Name: &name})
		if got := ids("zebra"); got != plain {
			t.Errorf("after the rename into it: %q; want %s", got, plain)
		}
		edit(service.ProductInput{Active: &off})
		if got := ids("zebra"); got != "" {
			t.Errorf("after deactivation: %q; want none", got)
		}
		edit(service.ProductInput{Active: &on})
		if got := ids("zebra"); got != plain {
			t.Errorf("after reactivation: %q; want %s", got, plain)
		}
		edit(service.ProductInput{Name: &away})
		if got := ids("zebra"); got != "" {
			t.Errorf("after the rename out of it: %q; want none", got)
		}
		created, err := f.a.Svc.CreateSellerProduct(ctx, f.owner.User, service.ProductInput{Name: &name, CategoryID: &cases.ID,
			Price: ptr("10.00"), Inventory: ptr(int64(3)), Description: ptr("<p>Striped.</p>")})
		if err != nil {
			t.Fatal(err)
		}
		if got := ids("zebra"); got != fmt.Sprint(created.ID) {
			t.Errorf("after a new product: %q; want %d", got, created.ID)
		}
	})
}

func ptr[T any](v T) *T { return &v }
