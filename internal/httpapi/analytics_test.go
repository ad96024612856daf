package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

const browserUA = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"

func TestPageViews(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.shop"})
		view := func(body, ua string) int {
			headers := []string{"User-Agent", ua}
			if strings.Contains(body, `"referrer":{`) {
				headers = append(headers, shoptest.OffContract...) // not a string: ignored, as the contract says
			}
			return a.Do("POST", "/api/analytics/pageviews/", body, headers...).Code
		}
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"path":["This field is required."]}`},
			{`{"path":" "}`, `{"path":["This field may not be blank."]}`},
			{`{"path":"products"}`, `{"path":["Enter a path that starts with \"/\"."]}`},
			{`{"path":"/` + strings.Repeat("a", 2048) + `"}`, `{"path":["Ensure this field has no more than 2048 characters."]}`},
		} {
			w := a.Do("POST", "/api/analytics/pageviews/", tc.body)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}

		for _, tc := range []struct{ body, ua string }{
			{`{"path":"/products?page=2#top","referrer":"https://www.Google.com/search?q=kente"}`, browserUA},
			{`{"path":"/products","referrer":"https://dwa.shop/category/gaming"}`, browserUA},
			{`{"path":"/","referrer":"not a url"}`, browserUA},
			{`{"path":"/","referrer":{"host":"evil.example"}}`, browserUA},
			{`{"path":"/","referrer":"https://google.com/"}`, "Other/1.0"},
			{`{"path":"/product/1"}`, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
		} {
			if got := view(tc.body, tc.ua); got != 204 {
				t.Fatalf("%s: status %d", tc.body, got)
			}
		}
		rows, err := st.DB().R.Query(`SELECT path, referrer_host, visitor_hash, is_bot FROM page_views ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		hashes := map[string]bool{}
		for rows.Next() {
			var path, host, hash string
			var bot bool
			if err := rows.Scan(&path, &host, &hash, &bot); err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%s|%s|%v", path, host, bot))
			hashes[hash] = true
			if len(hash) != 64 || strings.Contains(hash, "127.0.0.1") {
				t.Errorf("visitor hash %q", hash)
			}
		}
		rows.Close()
		want := []string{"/products|www.google.com|false", "/products||false", "/||false", "/||false", "/|google.com|false", "/product/1||true"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("stored %v\nwant   %v", got, want)
		}
		if len(hashes) != 3 {
			t.Errorf("%d distinct visitors; want 3 (same IP, three User-Agents)", len(hashes))
		}

		// The salt changes with the UTC day: the same visitor is not linkable.
		a.Clock.Advance(24 * time.Hour)
		view(`{"path":"/"}`, browserUA)
		var n int
		if err := st.DB().R.QueryRow(`SELECT COUNT(DISTINCT visitor_hash) FROM page_views WHERE is_bot = FALSE`).Scan(&n); err != nil || n != 3 {
			t.Errorf("distinct human visitors after a day = %d, %v; want 3", n, err)
		}

		staff, shopper := a.Staff("akua"), a.Shopper("abena")
		assertBody(t, a.Do("GET", "/api/admin/analytics/summary/", "").Body.String(), notAuth)
		assertBody(t, a.Do("GET", "/api/admin/analytics/summary/", "", shopper.Auth()...).Body.String(), permissionDenied)
		for q, want := range map[string]string{
			"0":   `{"days":["Ensure this value is greater than or equal to 1."]}`,
			"366": `{"days":["Ensure this value is less than or equal to 365."]}`,
			"x":   `{"days":["A valid integer is required."]}`,
		} {
			w := a.Do("GET", "/api/admin/analytics/summary/?days="+q, "", staff.Auth()...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), want)
		}
		now := a.Clock.Now().UTC()
		today, yesterday := now.Format("2006-01-02"), now.AddDate(0, 0, -1).Format("2006-01-02")
		w := a.Do("GET", "/api/admin/analytics/summary/?days=2", "", staff.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"days":2,"pageviews":6,"visitors":3,`+
			`"top_paths":[{"path":"/","pageviews":4},{"path":"/products","pageviews":2}],`+
			`"top_referrers":[{"host":"google.com","pageviews":1},{"host":"www.google.com","pageviews":1}],"top_missed_searches":[],`+
			`"daily":[{"date":"`+yesterday+`","pageviews":5,"visitors":2},{"date":"`+today+`","pageviews":1,"visitors":1}]}`)
		w = a.Do("GET", "/api/admin/analytics/summary/?days=1", "", staff.Auth()...)
		assertBody(t, w.Body.String(), `{"days":1,"pageviews":1,"visitors":1,"top_paths":[{"path":"/","pageviews":1}],"top_referrers":[],"top_missed_searches":[],`+
			`"daily":[{"date":"`+today+`","pageviews":1,"visitors":1}]}`)
		w = a.Do("GET", "/api/admin/analytics/summary/", "", staff.Auth()...)
		if !strings.HasPrefix(w.Body.String(), `{"days":30,"pageviews":6,`) {
			t.Errorf("default summary = %s", w.Body.String())
		}
	})
}

// Searches that find nothing are reported by the search page, checked
// against the catalogue, and ranked for staff by visitors per day; one the
// catalogue has since learnt to answer leaves the list.
func TestSearchMisses(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		s := a.OpenStore("Accra Game Hub")
		console := shoptest.NewProduct("X-Box Series S 512GB", 389900)
		console.StoreID = s.ID
		a.Products(console)
		miss := func(body, ua string) *httptest.ResponseRecorder {
			return a.Do("POST", "/api/analytics/searches/", body, "User-Agent", ua)
		}
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"query":["This field is required."]}`},
			{`{"query":"  "}`, `{"query":["This field may not be blank."]}`},
			{`{"query":["kente"]}`, `{"query":["Not a valid string."]}`},
			{`{"query":"` + strings.Repeat("k", 201) + `"}`, `{"query":["Ensure this field has no more than 200 characters."]}`},
		} {
			w := miss(tc.body, browserUA)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		for _, tc := range []struct{ query, ua string }{
			{"Kente  Cloth", browserUA},
			{"kente cloth", browserUA},                     // the same visitor again: counted once
			{"KENTE cloth", "Mozilla/5.0 (iPhone) Safari"}, // another visitor
			{"iphone 17", browserUA},
			{"x-box", browserUA},             // has results: not kept
			{"!!!", browserUA},               // nothing to search for
			{"kente cloth", "Googlebot/2.1"}, // a bot: accepted, dropped
			{"vintage walkman", browserUA},   // stocked below
			{"vintage walkman", "Other/1.0"}, // a second visitor
			{"vintage walkman", "Another/1.0"},
		} {
			if w := miss(fmt.Sprintf(`{"query":%q}`, tc.query), tc.ua); w.Code != 204 {
				t.Fatalf("%q: %d %s", tc.query, w.Code, w.Body)
			}
		}
		var kept int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM search_misses`).Scan(&kept); err != nil || kept != 7 {
			t.Fatalf("kept %d reports, %v; want 7", kept, err)
		}
		// The next day the first visitor searches again: a new day, a new count.
		a.Clock.Advance(24 * time.Hour)
		miss(`{"query":"iphone 17"}`, browserUA)

		staff := a.Staff("akua")
		summary := func() string {
			w := a.Do("GET", "/api/admin/analytics/summary/?days=2", "", staff.Auth()...)
			assertStatus(t, w.Code, 200)
			var out struct {
				Top json.RawMessage `json:"top_missed_searches"`
			}
			decode(t, w.Body.Bytes(), &out)
			return string(out.Top)
		}
		assertBody(t, summary(), `[{"query":"vintage walkman","visitors":3},{"query":"iphone 17","visitors":2},{"query":"kente cloth","visitors":2}]`)
		walkman := shoptest.NewProduct("Vintage Walkman WM-10", 45000)
		walkman.StoreID = s.ID
		a.Products(walkman)
		assertBody(t, summary(), `[{"query":"iphone 17","visitors":2},{"query":"kente cloth","visitors":2}]`)
	})
}

// TestPageViewsAcrossInstances: two apps on one database hash a visitor
// with the same salt, and a new UTC day's salt replaces (deletes) the old.
func TestPageViewsAcrossInstances(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		one, two := shoptest.NewApp(t, st, nil), shoptest.NewApp(t, st, nil)
		view := func(a *shoptest.App) {
			t.Helper()
			if w := a.Do("POST", "/api/analytics/pageviews/", `{"path":"/"}`, "User-Agent", browserUA); w.Code != 204 {
				t.Fatalf("status %d", w.Code)
			}
		}
		distinct := func() int {
			t.Helper()
			var n int
			if err := st.DB().R.QueryRow(`SELECT COUNT(DISTINCT visitor_hash) FROM page_views`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		salts := func() (days []int64) {
			t.Helper()
			rows, err := st.DB().R.Query(`SELECT day FROM analytics_salts`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var d int64
				if err := rows.Scan(&d); err != nil {
					t.Fatal(err)
				}
				days = append(days, d)
			}
			return days
		}
		midnight := func(a *shoptest.App) int64 {
			return a.Clock.Now().UTC().Truncate(24 * time.Hour).UnixMilli()
		}

		view(one)
		view(two)
		if n := distinct(); n != 1 {
			t.Errorf("one visitor on two instances = %d visitor hashes; want 1", n)
		}
		if got := salts(); len(got) != 1 || got[0] != midnight(one) {
			t.Errorf("stored salts for days %v; want only %d", got, midnight(one))
		}

		// Next day: whichever instance comes first replaces the salt, and
		// the other, which still caches yesterday's, picks up the new one.
		one.Clock.Advance(24 * time.Hour)
		two.Clock.Advance(24 * time.Hour)
		view(two)
		view(one)
		if n := distinct(); n != 2 {
			t.Errorf("visitor hashes over two days = %d; want 2", n)
		}
		if got := salts(); len(got) != 1 || got[0] != midnight(one) {
			t.Errorf("stored salts for days %v; want only today's %d", got, midnight(one))
		}
	})
}

func TestPageViewRateLimit(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_RATE_LIMITS": "analytics=2/1m"})
	for i, want := range []int{204, 204, 429} {
		if w := a.Do("POST", "/api/analytics/pageviews/", `{"path":"/"}`); w.Code != want {
			t.Fatalf("view %d: %d; want %d", i+1, w.Code, want)
		}
	}
}
