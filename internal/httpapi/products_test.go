package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// productFixture: Gaming > Consoles > X-Box with two consoles, a hidden
// branch, an inactive product and a store with a verified rating.
type productFixture struct {
	series, controller, hiddenCat, inactive, noStore *shop.Product
	store                                            *shop.Store
	gaming, consoles, xbox                           *shop.Category
}

func newProductFixture(a *shoptest.App) productFixture {
	var f productFixture
	f.gaming = a.Category("Gaming", "gaming", nil, 1, true)
	f.consoles = a.Category("Consoles", "consoles", f.gaming, 1, true)
	f.xbox = a.Category("X-Box", "x-box", f.consoles, 1, true)
	retired := a.Category("Retired", "retired", f.gaming, 2, false)
	f.store = a.OpenStore("Accra Game Hub")
	f.series = shoptest.NewProduct("X-Box Series S 512GB", 389900, f.gaming, f.consoles, f.xbox)
	f.series.StoreID, f.series.Inventory = f.store.ID, 7
	f.series.Description = `<p onclick="x()">Compact console.<script>alert(1)</script></p>`
	f.series.Specification = "<ul><li>512 GB SSD</li></ul>"
	f.controller = shoptest.NewProduct("Xbox Wireless Controller", 79950, f.gaming)
	f.controller.StoreID, f.controller.Inventory = f.store.ID, 0
	f.controller.CreatedAt = shoptest.Now.Add(time.Hour)
	f.hiddenCat = shoptest.NewProduct("Arcade Cabinet", 500000, f.gaming, retired)
	f.inactive = shoptest.NewProduct("Xbox One", 100000, f.gaming)
	f.inactive.Active = false
	f.noStore = shoptest.NewProduct("Gift Card", 5000)
	a.Products(f.series, f.controller, f.hiddenCat, f.inactive, f.noStore)
	a.Review(f.series, "ama_k", "Arrived fast.\nWorks great.", shop.StatusApproved, time.Date(2026, 2, 11, 14, 3, 27, 120e6, time.UTC))
	a.Review(f.series, "kofi", "Pending words.", shop.StatusPending, shoptest.Now)
	a.Rate(f.series, "esi", 5, shop.StatusApproved, shoptest.Now)
	a.Rate(f.series, "yaw", 4, shop.StatusApproved, shoptest.Now.Add(time.Minute))
	a.Rate(f.series, "kwame", 1, shop.StatusRejected, shoptest.Now)
	return f
}

func TestProductDetailAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)

		w := a.Do("GET", fmt.Sprintf("/api/store/products/%d", f.series.ID), "")
		assertStatus(t, w.Code, 200)
		var reviewID, esi, yaw int64
		var users struct{ esi, yaw int64 }
		decodeIDs := func() {
			var v struct {
				Reviews []struct{ ID int64 }
				Ratings []struct{ ID, User int64 }
			}
			decode(t, w.Body.Bytes(), &v)
			reviewID, yaw, esi = v.Reviews[0].ID, v.Ratings[0].ID, v.Ratings[1].ID
			users.yaw, users.esi = v.Ratings[0].User, v.Ratings[1].User
		}
		decodeIDs()
		want := fmt.Sprintf(`{"id":%d,"name":"X-Box Series S 512GB","description":"<p>Compact console.</p>","specification":"<ul><li>512 GB SSD</li></ul>",`+
			`"unit_price":"3899.00","inventory":7,"average_rating":4.5,"reviews_count":1,"ratings_count":2,`+
			`"reviews":[{"id":%d,"author":"ama_k","review":"Arrived fast.\nWorks great.","date_created":"2026-02-11T14:03:27.120Z","is_verified":true}],`+
			`"ratings":[{"id":%d,"user":%d,"username":"yaw","rating":4,"is_verified":true},{"id":%d,"user":%d,"username":"esi","rating":5,"is_verified":true}],`+
			`"category":"Gaming","subcategory":"Consoles","sub_subcategory":"X-Box","category_slug":"gaming","subcategory_slug":"consoles","sub_subcategory_slug":"x-box",`+
			`"images":[{"id":%d,"image":"http://localhost:8080/media/demo/products/x-box-series-s-512gb.svg"}],`+
			`"store":{"id":%d,"name":"Accra Game Hub","logo":"http://localhost:8080/media/demo/stores/Accra.svg","description":"Sells Accra Game Hub things.","contact_info":"+233 30 200 0000"},`+
			`"date_created":"2026-03-01T09:30:12.345Z","brand":"","was_price":null,"options":[],"price_varies":false,"variants":[]}`,
			f.series.ID, reviewID, yaw, users.yaw, esi, users.esi, imageIDOf(t, a, f.series.ID), f.store.ID)
		assertBody(t, w.Body.String(), want)
		if got := w.Header().Get("Cache-Control"); got != "public, no-cache" {
			t.Errorf("Cache-Control = %q", got)
		}

		tests := []struct {
			name, path string
			status     int
			body       string
		}{
			{"trailing slash answers the same", fmt.Sprintf("/api/store/products/%d/?fields=id,name", f.series.ID), 200,
				fmt.Sprintf(`{"id":%d,"name":"X-Box Series S 512GB"}`, f.series.ID)},
			{"sparse fields keep contract order, id always, unknown ignored", fmt.Sprintf("/api/store/products/%d?fields=store,unit_price,bogus", f.series.ID), 200,
				fmt.Sprintf(`{"id":%d,"unit_price":"3899.00","store":{"id":%d,…`, f.series.ID, f.store.ID)},
			{"no store, no categories are null", fmt.Sprintf("/api/store/products/%d?fields=store,category,sub_subcategory_slug,average_rating,reviews", f.noStore.ID), 200,
				fmt.Sprintf(`{"id":%d,"average_rating":0,"reviews":[],"category":null,"sub_subcategory_slug":null,"store":null}`, f.noStore.ID)},
			{"unknown product", "/api/store/products/999999/", 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"inactive product", fmt.Sprintf("/api/store/products/%d", f.inactive.ID), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"product in an inactive category", fmt.Sprintf("/api/store/products/%d", f.hiddenCat.ID), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"non-numeric id", "/api/store/products/abc/", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"zero id", "/api/store/products/0", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"PUT is not allowed", fmt.Sprintf("/api/store/products/%d/", f.series.ID), 405, `{"detail":"Method \"PUT\" not allowed.","code":"method_not_allowed"}`},
			{"reviews: verified only", fmt.Sprintf("/api/store/products/%d/reviews/", f.series.ID), 200,
				fmt.Sprintf(`[{"id":%d,"author":"ama_k","review":"Arrived fast.\nWorks great.","date_created":"2026-02-11T14:03:27.120Z","is_verified":true}]`, reviewID)},
			{"ratings: verified, newest first", fmt.Sprintf("/api/store/products/%d/ratings", f.series.ID), 200,
				fmt.Sprintf(`[{"id":%d,"user":%d,"username":"yaw","rating":4,"is_verified":true},{"id":%d,"user":%d,"username":"esi","rating":5,"is_verified":true}]`, yaw, users.yaw, esi, users.esi)},
			{"ratings paged", fmt.Sprintf("/api/store/products/%d/ratings?page=2&page_size=1", f.series.ID), 200,
				fmt.Sprintf(`{"count":2,"next":null,"previous":"http://localhost:8080/api/store/products/%d/ratings?page_size=1","results":[{"id":%d,…`, f.series.ID, esi)},
			{"reviews of an unknown product", "/api/store/products/999999/reviews/", 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"ratings of an inactive product", fmt.Sprintf("/api/store/products/%d/ratings/", f.inactive.ID), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"reviews of a product in a hidden category", fmt.Sprintf("/api/store/products/%d/reviews/", f.hiddenCat.ID), 404, `{"detail":"No Product matches the given query.","code":"not_found"}`},
			{"reviews of a malformed id", "/api/store/products/x1/reviews/", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"ratings past the last page", fmt.Sprintf("/api/store/products/%d/ratings?page=3&page_size=1", f.series.ID), 404, `{"detail":"Invalid page.","code":"not_found"}`},
			{"reviews of a product without any", fmt.Sprintf("/api/store/products/%d/reviews/", f.controller.ID), 200, `[]`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				method := "GET"
				if tc.status == 405 {
					method = "PUT"
				}
				w := a.Do(method, tc.path, "")
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.body)
			})
		}
	})
}

func TestProductListAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_LIST_MAX": "2"})
		f := newProductFixture(a)
		ids := func(body []byte) string {
			var items []struct{ ID int64 }
			decode(t, body, &items)
			var names []string
			for _, it := range items {
				switch it.ID {
				case f.series.ID:
					names = append(names, "series")
				case f.controller.ID:
					names = append(names, "controller")
				case f.noStore.ID:
					names = append(names, "giftcard")
				default:
					names = append(names, fmt.Sprint(it.ID))
				}
			}
			return strings.Join(names, " ")
		}

		tests := []struct {
			name, query string
			status      int
			want        string // ids for 200, else the exact body
		}{
			{"bad lower price", "unit_price__gt=abc", 400, `{"unit_price__gt":["Enter a number."]}`},
			{"bad upper price", "unit_price__lt=1e3", 400, `{"unit_price__lt":["Enter a number."]}`},
			{"bad store", "store=x", 400, `{"store":["A valid integer is required."]}`},
			{"bad seed", "seed=abc", 400, `{"seed":["A valid integer is required."]}`},
			{"seed out of range", "seed=2147483648", 400, `{"seed":["A valid integer is required."]}`},
			{"seed zero", "seed=0", 400, `{"seed":["A valid integer is required."]}`},
			{"errors together", "seed=-1&unit_price__gt=x", 400, `{"seed":["A valid integer is required."],"unit_price__gt":["Enter a number."]}`},
			{"invalid page", "page=abc", 404, `{"detail":"Invalid page.","code":"not_found"}`},
			{"page zero", "page=0", 404, `{"detail":"Invalid page.","code":"not_found"}`},
			{"page past the end", "page=9&page_size=2", 404, `{"detail":"Invalid page.","code":"not_found"}`},
			{"by price", "ordering=unit_price", 200, "giftcard controller"},
			{"by price, down", "ordering=-unit_price,bogus", 200, "series controller"},
			{"by rating, then price", "ordering=-average_rating,unit_price", 200, "series giftcard"},
			{"by name", "ordering=name", 200, "giftcard series"},
			{"level-3 slug ignoring case", "sub_subcategory__slug=X-BOX&ordering=name", 200, "series"},
			{"alias of the level-3 slug", "subsubcategory__slug=x-box", 200, "series"},
			{"level-3 slug wins over its alias", "sub_subcategory__slug=nope&subsubcategory__slug=x-box", 200, ""},
			{"level-2 slug", "subcategory__slug=consoles", 200, "series"},
			{"slug of another level", "category__slug=consoles", 200, ""},
			{"unknown slug", "category__slug=nope", 200, ""},
			{"hidden category slug", "subcategory__slug=retired", 200, ""},
			{"strict exact price bounds", "unit_price__gt=799.49&unit_price__lt=3899.00&ordering=name", 200, "controller"},
			{"lower bound is strict", "unit_price__gt=799.50&unit_price__lt=3899.01", 200, "series"},
			{"in stock", "in_stock=true&ordering=unit_price", 200, "giftcard series"},
			{"in_stock other values ignored", "in_stock=yes&ordering=unit_price", 200, "giftcard controller"},
			{"store", fmt.Sprintf("store=%d&ordering=unit_price", f.store.ID), 200, "controller series"},
			{"unknown store", "store=999999", 200, ""},
			{"empty values and unknown parameters are ignored", "store=&seed=&category__slug=&foo=bar&ordering=unit_price", 200, "giftcard controller"},
			{"repeated parameter takes the last value", "ordering=name&ordering=unit_price", 200, "giftcard controller"},
			{"search", "search=xbox", 200, "series controller"},
			{"search with a typo", "search=contoller", 200, "controller"},
			{"search with operators and quotes", `search=` + url.QueryEscape(`"xbox" OR 1=1; --`), 200, ""},
			{"search with nothing searchable", "search=" + url.QueryEscape("💥 !!"), 200, ""},
			{"search for an inactive product", "search=one", 200, ""},
			{"search and a filter", "search=xbox&in_stock=1", 200, "series"},
			{"ordering overrides relevance", "search=xbox&ordering=unit_price", 200, "controller series"},
			{"10 KB of search text", "search=" + strings.Repeat("x", 10240), 200, ""},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.name == "empty values and unknown parameters are ignored" {
					headers = shoptest.OffContract // empty integers, on purpose
				}
				w := a.Do("GET", "/api/store/products/?"+tc.query, "", headers...)
				assertStatus(t, w.Code, tc.status)
				if tc.status != 200 {
					assertBody(t, w.Body.String(), tc.want)
					return
				}
				if got := ids(w.Body.Bytes()); got != tc.want {
					t.Errorf("ids = [%s]; want [%s]", got, tc.want)
				}
				if got := w.Header().Get("Cache-Control"); got != "public, no-cache" {
					t.Errorf("Cache-Control = %q", got)
				}
			})
		}

		t.Run("plain array is cut at the list maximum with Link and the seed", func(t *testing.T) {
			w := a.Do("GET", "/api/store/products?fields=id,name", "")
			assertStatus(t, w.Code, 200)
			seed := w.Header().Get("X-Shuffle-Seed")
			if seed == "" || w.Header().Get("X-Total-Count") != "3" {
				t.Fatalf("X-Shuffle-Seed %q, X-Total-Count %q", seed, w.Header().Get("X-Total-Count"))
			}
			wantLink := `<http://localhost:8080/api/store/products?fields=id%2Cname&page=2&page_size=2&seed=` + seed + `>; rel="next"`
			if got := w.Header().Get("Link"); got != wantLink {
				t.Errorf("Link = %s; want %s", got, wantLink)
			}
			first := ids(w.Body.Bytes())
			again := a.Do("GET", "/api/store/products?seed="+seed, "")
			if got := ids(again.Body.Bytes()); got != first {
				t.Errorf("same seed gave [%s], then [%s]", first, got)
			}
			next := a.Do("GET", "/api/store/products?fields=id,name&page=2&page_size=2&seed="+seed, "")
			assertStatus(t, next.Code, 200)
			var page struct {
				Count    int
				Next     *string
				Previous *string
				Results  []struct{ ID int64 }
			}
			decode(t, next.Body.Bytes(), &page)
			wantPrev := "http://localhost:8080/api/store/products?fields=id%2Cname&page_size=2&seed=" + seed
			if page.Count != 3 || page.Next != nil || page.Previous == nil || *page.Previous != wantPrev || len(page.Results) != 1 {
				t.Errorf("page 2 = %s", next.Body)
			}
		})

		t.Run("a full list has no Link", func(t *testing.T) {
			w := a.Do("GET", "/api/store/products?store="+fmt.Sprint(f.store.ID), "")
			if w.Header().Get("Link") != "" || w.Header().Get("X-Total-Count") != "2" {
				t.Errorf("Link %q, X-Total-Count %q", w.Header().Get("Link"), w.Header().Get("X-Total-Count"))
			}
		})

		t.Run("page 1 of an empty list", func(t *testing.T) {
			w := a.Do("GET", "/api/store/products?page=1&category__slug=nope", "")
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), `{"count":0,"next":null,"previous":null,"results":[]}`)
		})

		t.Run("invalid page_size falls back to 20, capped by the list maximum", func(t *testing.T) {
			w := a.Do("GET", "/api/store/products?page_size=abc&ordering=unit_price&fields=id", "", shoptest.OffContract...)
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), fmt.Sprintf(`{"count":3,"next":"http://localhost:8080/api/store/products?fields=id&ordering=unit_price&page=2&page_size=2","previous":null,"results":[{"id":%d},{"id":%d}]}`,
				f.noStore.ID, f.controller.ID))
		})

		t.Run("search never shuffles", func(t *testing.T) {
			w := a.Do("GET", "/api/store/products?search=xbox", "")
			if w.Header().Get("X-Shuffle-Seed") != "" {
				t.Errorf("X-Shuffle-Seed on a search: %q", w.Header().Get("X-Shuffle-Seed"))
			}
		})
	})
}

// TestProductListQueryCount proves there is no N+1: a list costs the same
// number of statements for 2 products as for 40, reviews and ratings
// included.
func TestProductListQueryCount(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		cat := a.Category("Phones", "phones", nil, 1, true)
		store := a.OpenStore("Kumasi Phone Plaza")
		empty := 0
		count := func(query string) int64 {
			// Each count starts cold: a new category drops the kept
			// answers, product details and category tree, so every
			// product on the page is read (the tree too, in a fixed
			// number of statements).
			empty++
			a.Category(fmt.Sprintf("Empty %d", empty), fmt.Sprintf("empty-%d", empty), nil, 1+empty, true)
			before := st.DB().QueryCount()
			w := a.Do("GET", "/api/store/products/?"+query, "")
			assertStatus(t, w.Code, 200)
			return st.DB().QueryCount() - before
		}
		add := func(from, to int) {
			for i := from; i < to; i++ {
				p := shoptest.NewProduct(fmt.Sprintf("Tecno Spark %d", i), shop.Money(1000+i), cat)
				p.StoreID = store.ID
				a.Products(p)
				a.Review(p, fmt.Sprintf("r%d", i), "Good phone.", shop.StatusApproved, shoptest.Now)
				a.Rate(p, fmt.Sprintf("s%d", i), 4, shop.StatusApproved, shoptest.Now)
			}
		}
		add(0, 2)
		queries := []string{"", "search=tecno&page_size=5&fields=id,name", "ordering=-average_rating", "fields=id,reviews,ratings"}
		small := make([]int64, len(queries))
		for i, q := range queries {
			small[i] = count(q)
		}
		add(2, 40)
		for i, q := range queries {
			if got := count(q); got != small[i] || got > 10 {
				t.Errorf("%q: %d statements for 40 products, %d for 2", q, got, small[i])
			}
		}
	})
}

func TestStoresAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newProductFixture(a)
		other := a.OpenStore("Ébène Beauty")
		tests := []struct {
			name, path string
			status     int
			body       string
		}{
			{"by name with the verified average", "/api/store/stores/", 200,
				fmt.Sprintf(`[{"id":%d,"name":"Accra Game Hub","logo":"http://localhost:8080/media/demo/stores/Accra.svg","description":"Sells Accra Game Hub things.","contact_info":"+233 30 200 0000","average_rating":4.5,"ratings_count":2},{"id":%d,…`, f.store.ID, other.ID)},
			{"search ignores case and accents", "/api/store/stores?search=EBENE", 200, fmt.Sprintf(`[{"id":%d,"name":"Ébène Beauty",…`, other.ID)},
			{"search is a substring", "/api/store/stores?search=game%20h", 200, fmt.Sprintf(`[{"id":%d,"name":"Accra Game Hub",…`, f.store.ID)},
			{"name is exact, ignoring case", "/api/store/stores?name=accra%20game%20hub", 200, fmt.Sprintf(`[{"id":%d,…`, f.store.ID)},
			{"name is not a substring", "/api/store/stores?name=accra", 200, `[]`},
			{"detail", fmt.Sprintf("/api/store/stores/%d/", other.ID), 200,
				fmt.Sprintf(`{"id":%d,"name":"Ébène Beauty","logo":"http://localhost:8080/media/demo/stores/Ébène.svg","description":"Sells Ébène Beauty things.","contact_info":"+233 30 200 0000","average_rating":0,"ratings_count":0}`, other.ID)},
			{"unknown store", "/api/store/stores/999999", 404, `{"detail":"No Store matches the given query.","code":"not_found"}`},
			{"malformed store id", "/api/store/stores/abc", 404, `{"detail":"Not found.","code":"not_found"}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("GET", tc.path, "")
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.body)
			})
		}
	})
}

// imageIDOf is the id of the product's first image, as its own answer shows it.
func imageIDOf(t *testing.T, a *shoptest.App, productID int64) int64 {
	t.Helper()
	var id int64
	if err := a.Store.DB().R.QueryRow(a.Store.DB().Rebind(`SELECT id FROM product_images WHERE product_id = ? ORDER BY position, id LIMIT 1`),
		productID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
