package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const (
	permissionDenied = `{"detail":"You do not have permission to perform this action.","code":"permission_denied"}`
	purchaseRequired = `{"detail":"You must purchase the product before leaving a review.","code":"purchase_required"}`
)

func TestReviewAndRatingPost(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)
		buyer, pending, stranger := a.Shopper("abena"), a.Shopper("kojo"), a.Shopper("efua")
		a.Purchase(buyer.User, "delivered", f.series)
		a.Purchase(pending.User, "pending", f.series)
		a.Purchase(pending.User, "cancelled", f.series)
		reviews := fmt.Sprintf("/api/store/products/%d/reviews/", f.series.ID)
		ratings := fmt.Sprintf("/api/store/products/%d/ratings/", f.series.ID)

		for _, tc := range []struct {
			name, path, body string
			auth             []string
			status           int
			want             string
		}{
			{"anonymous", reviews, `{"review":"x"}`, nil, 401, notAuth},
			{"inactive product", fmt.Sprintf("/api/store/products/%d/reviews/", f.inactive.ID), `{}`, buyer.Auth(), 404,
				`{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"unpaid order", reviews, `{"review":"x"}`, pending.Auth(), 403, purchaseRequired},
			{"no order, bad body", ratings, `{"rating":9}`, stranger.Auth(), 403, purchaseRequired},
			{"review missing", reviews, `{}`, buyer.Auth(), 400, `{"review":["This field is required."]}`},
			{"review blank", reviews, `{"review":"  "}`, buyer.Auth(), 400, `{"review":["This field may not be blank."]}`},
			{"review too long", reviews, fmt.Sprintf(`{"review":"%05000d!"}`, 0), buyer.Auth(), 400,
				`{"review":["Ensure this field has no more than 5000 characters."]}`},
			{"rating missing", ratings, `{}`, buyer.Auth(), 400, `{"rating":["This field is required."]}`},
			{"rating 9", ratings, `{"rating":9}`, buyer.Auth(), 400, `{"rating":["\"9\" is not a valid choice."]}`},
			{"rating text", ratings, `{"rating":"great"}`, buyer.Auth(), 400, `{"rating":["\"great\" is not a valid choice."]}`},
			{"rating 0", ratings, `{"rating":"0"}`, buyer.Auth(), 400, `{"rating":["\"0\" is not a valid choice."]}`},
		} {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("POST", tc.path, tc.body, tc.auth...)
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.want)
			})
		}

		w := a.Do("POST", reviews, `{"review":"  Works great.\nTruly.  ","author":"someone_else"}`, buyer.Auth()...)
		assertStatus(t, w.Code, 201)
		var rv struct {
			ID          int64
			DateCreated string `json:"date_created"`
		}
		decode(t, w.Body.Bytes(), &rv)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"author":"abena","review":"Works great.\nTruly.","date_created":"%s","is_verified":false}`,
			rv.ID, rv.DateCreated))
		w = a.Do("POST", ratings, `{"rating":"5"}`, buyer.Auth()...)
		assertStatus(t, w.Code, 201)
		var rt struct{ ID int64 }
		decode(t, w.Body.Bytes(), &rt)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"user":%d,"username":"abena","rating":5,"is_verified":false}`, rt.ID, buyer.User.ID))

		// Pending rows are not public; approval counts at once.
		staff := a.Staff("akua")
		product := fmt.Sprintf("/api/store/products/%d/?fields=reviews_count,ratings_count,average_rating", f.series.ID)
		assertBody(t, a.Do("GET", product, "").Body.String(), fmt.Sprintf(`{"id":%d,"average_rating":4.5,"reviews_count":1,"ratings_count":2}`, f.series.ID))
		// The store's profile counts the same verified ratings (a pending or
		// rejected one never), and is not kept stale by the read cache.
		storePath := fmt.Sprintf("/api/store/stores/%d/", f.store.ID)
		assertBody(t, a.Do("GET", storePath, "").Body.String(), `{…"average_rating":4.5,"ratings_count":2}`)
		assertStatus(t, a.Do("POST", fmt.Sprintf("/api/admin/ratings/%d/approve/", rt.ID), "", staff.Auth()...).Code, 200)
		assertBody(t, a.Do("GET", storePath, "").Body.String(), `{…"average_rating":4.67,"ratings_count":3}`)
		assertStatus(t, a.Do("POST", fmt.Sprintf("/api/admin/reviews/%d/approve/", rv.ID), "", staff.Auth()...).Code, 200)
		assertBody(t, a.Do("GET", product, "").Body.String(), fmt.Sprintf(`{"id":%d,"average_rating":4.67,"reviews_count":2,"ratings_count":3}`, f.series.ID))

		// A repeat replaces the row (same id), refreshes the date and goes
		// back to pending.
		a.Clock.Advance(60e9)
		w = a.Do("POST", reviews, `{"review":"Changed my mind."}`, buyer.Auth()...)
		assertStatus(t, w.Code, 201)
		var again struct {
			ID          int64
			DateCreated string `json:"date_created"`
			IsVerified  bool   `json:"is_verified"`
		}
		decode(t, w.Body.Bytes(), &again)
		if again.ID != rv.ID || again.DateCreated == rv.DateCreated || again.IsVerified {
			t.Errorf("repeat = %+v, first = %+v", again, rv)
		}
		w = a.Do("POST", ratings, `{"rating":1}`, buyer.Auth()...)
		assertStatus(t, w.Code, 201)
		assertBody(t, a.Do("GET", product, "").Body.String(), fmt.Sprintf(`{"id":%d,"average_rating":4.5,"reviews_count":1,"ratings_count":2}`, f.series.ID))

		// Only the author deletes.
		for _, tc := range []struct {
			path   string
			auth   []string
			status int
			want   string
		}{
			{fmt.Sprintf("%s%d/", reviews, rv.ID), nil, 401, notAuth},
			{fmt.Sprintf("%s%d/", reviews, rv.ID), stranger.Auth(), 404, `{"detail":"No Review matches the given query.","code":"not_found"}`},
			{fmt.Sprintf("%s%d/", ratings, rt.ID), stranger.Auth(), 404, `{"detail":"No Rating matches the given query.","code":"not_found"}`},
			{fmt.Sprintf("%s%d/", ratings, 99999), buyer.Auth(), 404, `{"detail":"No Rating matches the given query.","code":"not_found"}`},
			{fmt.Sprintf("%s%d/", reviews, rv.ID), buyer.Auth(), 204, ``},
			{fmt.Sprintf("%s%d/", ratings, rt.ID), buyer.Auth(), 204, ``},
			{fmt.Sprintf("%s%d/", reviews, rv.ID), buyer.Auth(), 404, `{"detail":"No Review matches the given query.","code":"not_found"}`},
		} {
			w := a.Do("DELETE", tc.path, "", tc.auth...)
			assertStatus(t, w.Code, tc.status)
			assertBody(t, w.Body.String(), tc.want)
		}
		assertStatus(t, a.Do("PATCH", fmt.Sprintf("%s%d/", reviews, rv.ID), `{}`, buyer.Auth()...).Code, 405)
	})
}

func TestModerationAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)
		staff, shopper := a.Staff("akua"), a.Shopper("abena")
		owner, _ := a.Owner("kwesi", "Kumasi Kicks")

		// Access: 401 anonymous, 403 shoppers and store owners.
		for _, path := range []string{"/api/admin/reviews/", "/api/admin/ratings/"} {
			assertBody(t, a.Do("GET", path, "").Body.String(), notAuth)
			for _, acc := range []shoptest.Account{shopper, owner} {
				w := a.Do("GET", path, "", acc.Auth()...)
				assertStatus(t, w.Code, 403)
				assertBody(t, w.Body.String(), permissionDenied)
			}
		}
		w := a.Do("POST", "/api/admin/reviews/1/approve/", "", shopper.Auth()...)
		assertStatus(t, w.Code, 403)

		// The fixture has one pending review (kofi) and one rejected rating.
		older := a.Review(f.controller, "adwoa", "Old news.", shop.StatusPending, shoptest.Now.Add(-24*3600e9))
		w = a.Do("GET", "/api/admin/reviews/", "", staff.Auth()...)
		assertStatus(t, w.Code, 200)
		var rows []struct {
			ID      int64
			Product struct {
				ID   int64
				Name string
			}
			Author, Status string
		}
		decode(t, w.Body.Bytes(), &rows)
		if len(rows) != 2 || rows[0].ID != older || rows[1].Author != "kofi" || rows[0].Product.Name != "Xbox Wireless Controller" {
			t.Fatalf("pending = %+v", rows)
		}
		w = a.Do("GET", "/api/admin/reviews/?status=bogus", "", staff.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"status":["Select a valid choice. bogus is not one of the available choices."]}`)

		w = a.Do("POST", fmt.Sprintf("/api/admin/reviews/%d/approve/", older), "", staff.Auth()...)
		assertStatus(t, w.Code, 200)
		want := fmt.Sprintf(`{"id":%d,"product":{"id":%d,"name":"Xbox Wireless Controller"},"user":`, older, f.controller.ID)
		assertBody(t, w.Body.String(), want+"…")
		if body := w.Body.String(); !containsAll(body, `"author":"adwoa"`, `"review":"Old news."`, `"date_created":"2026-02-28T09:30:12.345Z"`, `"status":"approved","is_verified":true}`) {
			t.Errorf("approved row = %s", body)
		}
		// Idempotent.
		w2 := a.Do("POST", fmt.Sprintf("/api/admin/reviews/%d/approve", older), "", staff.Auth()...)
		assertBody(t, w2.Body.String(), w.Body.String())
		w = a.Do("POST", fmt.Sprintf("/api/admin/reviews/%d/reject/", older), "", staff.Auth()...)
		if !containsAll(w.Body.String(), `"status":"rejected","is_verified":false}`) {
			t.Errorf("rejected row = %s", w.Body.String())
		}
		w = a.Do("POST", "/api/admin/reviews/99999/approve/", "", staff.Auth()...)
		assertStatus(t, w.Code, 404)
		assertBody(t, w.Body.String(), `{"detail":"No Review matches the given query.","code":"not_found"}`)

		w = a.Do("GET", "/api/admin/ratings/?status=rejected", "", staff.Auth()...)
		var ratings []struct {
			ID       int64
			Username string
			Rating   int
		}
		decode(t, w.Body.Bytes(), &ratings)
		if len(ratings) != 1 || ratings[0].Username != "kwame" || ratings[0].Rating != 1 {
			t.Fatalf("rejected ratings = %+v", ratings)
		}
		w = a.Do("POST", fmt.Sprintf("/api/admin/ratings/%d/approve/", ratings[0].ID), "", staff.Auth()...)
		assertStatus(t, w.Code, 200)
		product := fmt.Sprintf("/api/store/products/%d/?fields=average_rating,ratings_count", f.series.ID)
		assertBody(t, a.Do("GET", product, "").Body.String(), fmt.Sprintf(`{"id":%d,"average_rating":3.33,"ratings_count":3}`, f.series.ID))
		w = a.Do("POST", "/api/admin/ratings/99999/reject/", "", staff.Auth()...)
		assertBody(t, w.Body.String(), `{"detail":"No Rating matches the given query.","code":"not_found"}`)
	})
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestParallelReviewPosts: the client sends review and rating together,
// and a double tap sends them twice; the unique key leaves one row each.
func TestParallelReviewPosts(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)
		buyer := a.Shopper("abena")
		a.Purchase(buyer.User, "shipped", f.series)
		var wg sync.WaitGroup
		codes := make(chan int, 16)
		for i := range 8 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				codes <- a.Do("POST", fmt.Sprintf("/api/store/products/%d/reviews/", f.series.ID), fmt.Sprintf(`{"review":"take %d"}`, i), buyer.Auth()...).Code
			}()
			go func() {
				defer wg.Done()
				codes <- a.Do("POST", fmt.Sprintf("/api/store/products/%d/ratings/", f.series.ID), fmt.Sprintf(`{"rating":%d}`, i%5+1), buyer.Auth()...).Code
			}()
		}
		wg.Wait()
		close(codes)
		for c := range codes {
			if c != 201 {
				t.Errorf("status %d", c)
			}
		}
		for _, table := range []string{"reviews", "ratings"} {
			var n int
			if err := st.DB().R.QueryRow(fmt.Sprintf(`SELECT COUNT(*) FROM %s WHERE user_id = %d`, table, buyer.User.ID)).Scan(&n); err != nil || n != 1 {
				t.Errorf("%s rows = %d, %v", table, n, err)
			}
		}
	})
}
