package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

var islandRE = regexp.MustCompile(`(?s)<script type="application/json" id="dwa-data">(.*?)</script>`)

// island reads the page's data island: API path → answer.
func island(t *testing.T, page string) map[string]json.RawMessage {
	t.Helper()
	m := islandRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no data island in %s", page)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal([]byte(m[1]), &out); err != nil {
		t.Fatalf("island is not JSON: %v\n%s", err, m[1])
	}
	return out
}

func TestServedPages(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": "https://dwa.example"})
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		consoles := a.Category("Consoles", "consoles", gaming, 1, true)
		if err := a.Svc.CreateHeroSlide(context.Background(), &shop.HeroSlide{Title: "Best Deals",
			Description: "Build Your Own Rig With Us. Don't Miss Out!", Image: "/hero_images/best-deals.svg",
			Link: "/category/deals", Position: 1, Active: true}); err != nil {
			t.Fatal(err)
		}
		store := a.OpenStore("Accra Game Hub")
		evil := shoptest.NewProduct(`Console </script><script>alert(1)</script>`, 389900, gaming, consoles)
		evil.StoreID = store.ID
		evil.Description = "<p>The compact console &amp; more.</p>"
		evil.Inventory = 0
		plain := shoptest.NewProduct("X-Box Series S", 250000, gaming)
		a.Products(evil, plain)

		t.Run("home carries categories and slides, and preloads the first slide", func(t *testing.T) {
			w := a.Do("GET", "/", "")
			assertStatus(t, w.Code, 200)
			body := w.Body.String()
			isl := island(t, body)
			if got := a.Do("GET", "/api/store/categories/", "").Body.String(); string(isl["/store/categories/"]) != got {
				t.Errorf("island categories =\n%s\nwant the API's\n%s", isl["/store/categories/"], got)
			}
			if !strings.Contains(string(isl["/store/hero/"]), `"title":"Best Deals"`) {
				t.Errorf("island hero = %s", isl["/store/hero/"])
			}
			for _, want := range []string{
				`<title>Dwa — Online mall for Ghana</title>`,
				`<link rel="preload" as="image" fetchpriority="high" href="https://dwa.example/hero_images/best-deals.svg">`,
				`<meta property="og:image" content="https://dwa.example/hero_images/best-deals.svg">`,
				`<link rel="canonical" href="https://dwa.example/">`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			if strings.Count(body, "<title>") != 1 || strings.Count(body, `name="description"`) != 1 {
				t.Errorf("title or description repeated:\n%s", body)
			}
		})

		t.Run("product page: title, description, Open Graph, JSON-LD, product JSON, escaped", func(t *testing.T) {
			w := a.Do("GET", fmt.Sprintf("/store/products/%d", evil.ID), "")
			assertStatus(t, w.Code, 200)
			body := w.Body.String()
			// The name's "</script>" never ends an element: only our own script tags close.
			if n := strings.Count(body, "</script>"); n != 2 {
				t.Errorf("%d </script> in the page (want JSON-LD + island):\n%s", n, body)
			}
			if strings.Contains(body, "<script>alert") {
				t.Errorf("injected markup survived:\n%s", body)
			}
			for _, want := range []string{
				`<title>Console &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Dwa</title>`,
				`<meta name="description" content="The compact console &amp; more.">`,
				`<meta property="og:type" content="product">`,
				fmt.Sprintf(`<link rel="canonical" href="https://dwa.example/store/products/%d">`, evil.ID),
				fmt.Sprintf(`<link rel="preload" as="image" fetchpriority="high" href="https://dwa.example/media/demo/products/%s.svg">`, evil.Slug),
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			ld := regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(body)
			if ld == nil {
				t.Fatal("no JSON-LD")
			}
			var product struct {
				Type   string `json:"@type"`
				Name   string
				Offers struct{ Price, PriceCurrency, Availability string }
				Brand  struct{ Name string }
			}
			if err := json.Unmarshal([]byte(ld[1]), &product); err != nil {
				t.Fatal(err)
			}
			if product.Type != "Product" || product.Name != evil.Name || product.Offers.Price != "3899.00" ||
				product.Offers.PriceCurrency != "GHS" || product.Offers.Availability != "https://schema.org/OutOfStock" ||
				product.Brand.Name != "Accra Game Hub" {
				t.Errorf("JSON-LD = %+v", product)
			}
			// The same JSON as the API answers, HTML-escaped (\u003c) inside the page.
			key := fmt.Sprintf("/store/products/%d/", evil.ID)
			var got, want any
			decode(t, island(t, body)[key], &got)
			decode(t, a.Do("GET", "/api"+key, "").Body.Bytes(), &want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("island product =\n%v\nwant\n%v", got, want)
			}
		})

		t.Run("unknown and malformed products are 404 pages", func(t *testing.T) {
			for _, path := range []string{"/store/products/999999", "/store/products/abc"} {
				w := a.Do("GET", path, "")
				assertStatus(t, w.Code, 404)
				if !strings.Contains(w.Body.String(), `<div id="root">`) {
					t.Errorf("%s: not the app", path)
				}
			}
		})

		t.Run("category page carries the first page of its listing as the app asks for it", func(t *testing.T) {
			w := a.Do("GET", "/category/gaming/consoles", "")
			assertStatus(t, w.Code, 200)
			body := w.Body.String()
			q := url.Values{"category__slug": {"gaming"}, "subcategory__slug": {"consoles"},
				"fields": {"id,name,description,unit_price,was_price,images,inventory,average_rating,ratings_count,price_varies"},
				"page":   {"1"}, "page_size": {"24"}}
			key := "/store/products/?" + q.Encode()
			var list struct {
				Count   int
				Next    *string
				Results []struct{ ID int64 }
			}
			raw, ok := island(t, body)[key]
			if !ok {
				t.Fatalf("island lacks %s: %v", key, island(t, body))
			}
			if err := json.Unmarshal(raw, &list); err != nil {
				t.Fatal(err)
			}
			if list.Count != 1 || len(list.Results) != 1 || list.Results[0].ID != evil.ID {
				t.Errorf("listing = %+v", list)
			}
			if !strings.Contains(body, "<title>Gaming &gt; Consoles · Dwa</title>") {
				t.Errorf("title wrong:\n%s", body)
			}
		})

		t.Run("list pages carry their filter counts, as the app asks for them, without ordering", func(t *testing.T) {
			storeID := strconv.FormatInt(store.ID, 10)
			for _, tc := range []struct{ path, query string }{
				{"/category/gaming/consoles", "category__slug=gaming&subcategory__slug=consoles"},
				{"/search?query=+XBOX+series", "search=x-box+series"},
				{"/products?ordering=name&store=" + storeID + "&page=2", "store=" + storeID},
			} {
				body := a.Do("GET", tc.path, "").Body.String()
				raw, ok := island(t, body)["/store/products/facets/?"+tc.query]
				if !ok {
					t.Fatalf("%s: island lacks the counts of %s: %v", tc.path, tc.query, island(t, body))
				}
				if want := a.Do("GET", "/api/store/products/facets/?"+tc.query, "").Body.String(); string(raw) != want {
					t.Errorf("%s: island counts =\n%s\nwant the API's\n%s", tc.path, raw, want)
				}
				if !strings.Contains(string(raw), `"count":1`) {
					t.Errorf("%s: island counts = %s, want the one product", tc.path, raw)
				}
			}
		})

		t.Run("search and catalogue pages carry the first page of their listing as the app asks for it", func(t *testing.T) {
			listFields := "id,name,description,unit_price,was_price,images,inventory,average_rating,ratings_count,price_varies"
			for _, tc := range []struct {
				path   string
				filter url.Values
				want   int64
			}{
				// The app sends the word "xbox" as "x-box" (spec §5).
				{"/search?query=+XBOX+series", url.Values{"search": {"x-box series"}}, plain.ID},
				// The catalogue's filter is its query string, paging parameters left out.
				{"/products?in_stock=&store=" + strconv.FormatInt(store.ID, 10) + "&page=3&seed=9",
					url.Values{"store": {strconv.FormatInt(store.ID, 10)}}, evil.ID},
			} {
				w := a.Do("GET", tc.path, "")
				assertStatus(t, w.Code, 200)
				q := tc.filter
				q.Set("fields", listFields)
				q.Set("page", "1")
				q.Set("page_size", "24")
				key := "/store/products/?" + q.Encode()
				raw, ok := island(t, w.Body.String())[key]
				if !ok {
					t.Fatalf("%s: island lacks %s: %v", tc.path, key, island(t, w.Body.String()))
				}
				var list struct{ Results []struct{ ID int64 } }
				if err := json.Unmarshal(raw, &list); err != nil {
					t.Fatal(err)
				}
				if len(list.Results) != 1 || list.Results[0].ID != tc.want {
					t.Errorf("%s: listing = %+v, want product %d", tc.path, list, tc.want)
				}
			}
			// A blank search asks for nothing: the page says 'No products found.' by itself.
			if body := a.Do("GET", "/search?query=+", "").Body.String(); islandRE.MatchString(body) {
				t.Errorf("blank search has an island:\n%s", body)
			}
		})

		t.Run("robots.txt names the sitemap and keeps crawlers out of the API", func(t *testing.T) {
			w := a.Do("GET", "/robots.txt", "")
			assertStatus(t, w.Code, 200)
			for _, want := range []string{"User-agent: *", "Disallow: /api/", "Sitemap: https://dwa.example/sitemap.xml"} {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("robots.txt lacks %q:\n%s", want, w.Body)
				}
			}
		})

		t.Run("sitemap lists home, catalogue, every category level and every product", func(t *testing.T) {
			w := a.Do("GET", "/sitemap.xml", "")
			assertStatus(t, w.Code, 200)
			if ct := w.Header().Get("Content-Type"); ct != "application/xml; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			for _, want := range []string{
				"<loc>https://dwa.example/</loc>", "<loc>https://dwa.example/products</loc>",
				"<loc>https://dwa.example/category/gaming</loc>", "<loc>https://dwa.example/category/gaming/consoles</loc>",
				fmt.Sprintf("<loc>https://dwa.example/store/products/%d</loc><lastmod>2026-03-01</lastmod>", evil.ID),
				fmt.Sprintf("<loc>https://dwa.example/store/products/%d</loc>", plain.ID),
			} {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("sitemap lacks %s:\n%s", want, w.Body)
				}
			}
		})

		t.Run("the page keeps the strict CSP: no inline executable script", func(t *testing.T) {
			w := a.Do("GET", "/", "")
			if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' https://js.paystack.co;") {
				t.Errorf("CSP = %q", csp)
			}
			for _, tag := range regexp.MustCompile(`<script[^>]*>`).FindAllString(w.Body.String(), -1) {
				if !strings.Contains(tag, `type="application/json"`) && !strings.Contains(tag, `type="application/ld+json"`) && !strings.Contains(tag, "src=") {
					t.Errorf("inline script %s", tag)
				}
			}
		})
	})
}
