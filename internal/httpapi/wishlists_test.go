package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const noWishList = `{"detail":"No WishList matches the given query.","code":"not_found"}`

func TestWishlistAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)
		ama, kofi := a.Shopper("adjoa"), a.Shopper("kojo")

		// Validation, in the contract's texts.
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"product":["This field is required."]}`},
			{`{"product":"abc"}`, `{"product":["Incorrect type. Expected pk value, received str."]}`},
			{`{"product":true}`, `{"product":["Incorrect type. Expected pk value, received bool."]}`},
			{`{"product":999}`, `{"product":["Invalid pk \"999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"product":%d}`, f.inactive.ID), fmt.Sprintf(`{"product":["Invalid pk \"%d\" - object does not exist."]}`, f.inactive.ID)},
			{fmt.Sprintf(`{"product":%d}`, f.hiddenCat.ID), fmt.Sprintf(`{"product":["Invalid pk \"%d\" - object does not exist."]}`, f.hiddenCat.ID)},
		} {
			w := a.Do("POST", "/api/store/wishlists/", tc.body, ama.Auth()...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}

		// 201 new, 200 existing; a numeric string is an id too.
		w := a.Do("POST", "/api/store/wishlists/", fmt.Sprintf(`{"product":%d}`, f.series.ID), ama.Auth()...)
		assertStatus(t, w.Code, 201)
		var first struct{ ID, Product int64 }
		decode(t, w.Body.Bytes(), &first)
		if first.Product != f.series.ID {
			t.Fatalf("product = %d", first.Product)
		}
		w = a.Do("POST", "/api/store/wishlists", fmt.Sprintf(`{"product":"%d"}`, f.series.ID), ama.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"product":%d,"date_added":"…`, first.ID, f.series.ID))

		a.Clock.Advance(time.Second)
		w = a.Do("POST", "/api/store/wishlists/", fmt.Sprintf(`{"product":%d}`, f.controller.ID), ama.Auth()...)
		assertStatus(t, w.Code, 201)
		var second struct{ ID int64 }
		decode(t, w.Body.Bytes(), &second)

		// An entry whose product is later deactivated is hidden, not deleted.
		exec(t, st, `UPDATE products SET is_active = FALSE WHERE id = ?`, f.controller.ID)
		w = a.Do("GET", "/api/store/wishlists/", "", ama.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,"product":%d,"date_added":"…`, first.ID, f.series.ID))
		if got := w.Header().Get("X-Total-Count"); got != "1" {
			t.Errorf("X-Total-Count = %s", got)
		}
		w = a.Do("GET", fmt.Sprintf("/api/store/wishlists/%d/", second.ID), "", ama.Auth()...)
		assertStatus(t, w.Code, 404)
		exec(t, st, `UPDATE products SET is_active = TRUE WHERE id = ?`, f.controller.ID)

		// Newest first; expand=product embeds summaries in a bounded number
		// of queries.
		before := st.DB().QueryCount()
		w = a.Do("GET", "/api/store/wishlists/?expand=product", "", ama.Auth()...)
		assertStatus(t, w.Code, 200)
		var list []struct {
			ID             int64
			Product        int64
			ProductSummary *struct {
				ID            int64
				Name          string
				UnitPrice     string `json:"unit_price"`
				Inventory     int
				AverageRating float64 `json:"average_rating"`
				Images        []struct{ Image string }
			} `json:"product_summary"`
		}
		decode(t, w.Body.Bytes(), &list)
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
			t.Fatalf("list = %+v", list)
		}
		s := list[1].ProductSummary
		if s == nil || s.Name != "X-Box Series S 512GB" || s.UnitPrice != "3899.00" || s.Inventory != 7 ||
			s.AverageRating != 4.5 || len(s.Images) != 1 {
			t.Errorf("summary = %+v", s)
		}
		if n := st.DB().QueryCount() - before; n > 12 {
			t.Errorf("expanded wishlist took %d queries", n)
		}
		w = a.Do("GET", "/api/store/wishlists/", "", ama.Auth()...)
		if body := w.Body.String(); strings.Contains(body, "product_summary") {
			t.Errorf("summary without expand: %s", body)
		}

		// Access control: kofi sees none of ama's entries and cannot touch them.
		for _, tc := range []struct{ method, path string }{
			{"GET", fmt.Sprintf("/api/store/wishlists/%d/", first.ID)},
			{"DELETE", fmt.Sprintf("/api/store/wishlists/%d/", first.ID)},
		} {
			w := a.Do(tc.method, tc.path, "", kofi.Auth()...)
			assertStatus(t, w.Code, 404)
			assertBody(t, w.Body.String(), noWishList)
		}
		w = a.Do("GET", "/api/store/wishlists/", "", kofi.Auth()...)
		assertBody(t, w.Body.String(), `[]`)
		w = a.Do("GET", "/api/store/wishlists/", "")
		assertStatus(t, w.Code, 401)
		assertBody(t, w.Body.String(), notAuth)
		for _, m := range []string{"PUT", "PATCH"} {
			w = a.Do(m, fmt.Sprintf("/api/store/wishlists/%d/", first.ID), `{}`, ama.Auth()...)
			assertStatus(t, w.Code, 405)
		}

		w = a.Do("GET", fmt.Sprintf("/api/store/wishlists/%d/", first.ID), "", ama.Auth()...)
		assertStatus(t, w.Code, 200)
		w = a.Do("DELETE", fmt.Sprintf("/api/store/wishlists/%d/", first.ID), "", ama.Auth()...)
		assertStatus(t, w.Code, 204)
		w = a.Do("DELETE", fmt.Sprintf("/api/store/wishlists/%d/", first.ID), "", ama.Auth()...)
		assertStatus(t, w.Code, 404)
		w = a.Do("GET", "/api/store/wishlists/x/", "", ama.Auth()...)
		assertStatus(t, w.Code, 404)
		assertBody(t, w.Body.String(), `{"detail":"Not found.","code":"not_found"}`)
	})
}
