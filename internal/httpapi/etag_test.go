package httpapi_test

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestPublicReadsRevalidate: every public answer that shows stock, prices,
// ratings or reviews must be revalidated by the browser on each use
// (no max-age), carries an ETag, and a repeat with If-None-Match is a 304
// without a body that costs no more than a kept 200 (no statement). A
// stock change (an order) or a seller's price edit gives the same request a
// 200 with the new figures and a new tag; gzip and identity bodies have
// their own tags.
func TestPublicReadsRevalidate(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		owner, store := a.Owner("esi", "Accra Game Hub")
		var products []*shop.Product
		for i := range 6 {
			p := shoptest.NewProduct(fmt.Sprintf("Controller %d", i), shop.Money(78000+i), gaming)
			p.StoreID = store.ID
			p.Description = "<p>" + strings.Repeat("A wireless controller for long evenings. ", 40) + "</p>"
			products = append(products, p)
		}
		a.Products(products...)
		first, other := products[0], products[1]
		a.Review(first, "ama", "Works great.", shop.StatusApproved, shoptest.Now)
		a.Rate(first, "yaw", 5, shop.StatusApproved, shoptest.Now)
		detail := fmt.Sprintf("/api/store/products/%d/", first.ID)
		list := "/api/store/products/?category__slug=gaming"

		live := []string{
			"/api/store/products/",
			list,
			"/api/store/products/?search=controller&page=2&page_size=2",
			"/api/store/products/?search=contr&page_size=5&fields=id,name", // the search box's suggestions
			detail,
			detail + "reviews/",
			detail + "ratings/",
			"/api/store/stores/",
			fmt.Sprintf("/api/store/stores/%d/", store.ID),
		}
		frame := []string{"/api/store/categories/", fmt.Sprintf("/api/store/categories/%d/", gaming.ID)}

		t.Run("ETag, no max-age, and a 304 for the cost of a kept 200", func(t *testing.T) {
			for _, target := range append(live, frame...) {
				first := a.Do("GET", target, "")
				assertStatus(t, first.Code, 200)
				cc := first.Header().Get("Cache-Control")
				isLive := !strings.Contains(target, "/categories/")
				if isLive && cc != "public, no-cache" {
					t.Errorf("%s: Cache-Control %q, want public, no-cache (no max-age on stock, prices or reviews)", target, cc)
				}
				if !isLive && cc != "public, max-age=60" {
					t.Errorf("%s: Cache-Control %q", target, cc)
				}
				tag := first.Header().Get("ETag")
				if !strongTag.MatchString(tag) {
					t.Fatalf("%s: ETag %q, want a strong entity-tag", target, tag)
				}
				before := st.DB().QueryCount()
				kept := a.Do("GET", target, "")
				keptCost := st.DB().QueryCount() - before
				assertStatus(t, kept.Code, 200)
				if kept.Header().Get("ETag") != tag {
					t.Errorf("%s: a kept repeat has ETag %q, first %q", target, kept.Header().Get("ETag"), tag)
				}
				before = st.DB().QueryCount()
				again := a.Do("GET", target, "", "If-None-Match", tag)
				if n := st.DB().QueryCount() - before; n > keptCost || n > 0 {
					t.Errorf("%s: a 304 cost %d statements, a kept 200 %d", target, n, keptCost)
				}
				assertNotModified(t, target, again, tag, cc)
			}
		})

		t.Run("If-None-Match is read as RFC 9110 says", func(t *testing.T) {
			tag := a.Do("GET", detail, "").Header().Get("ETag")
			if !strongTag.MatchString(tag) {
				t.Fatalf("ETag %q", tag)
			}
			for _, tc := range []struct {
				header string
				want   int
			}{
				{tag, 304},
				{"*", 304},
				{"W/" + tag, 304}, // weak comparison
				{`"x", ` + tag, 304},
				{`"a,b",` + tag, 304}, // a comma inside an entity-tag
				{`"x"`, 200},
				{`W/"x", "y"`, 200},
				{strings.Trim(tag, `"`), 200}, // unquoted: not an entity-tag
				{tag[:len(tag)-1], 200},
				{"", 200},
			} {
				w := a.Do("GET", detail, "", "If-None-Match", tc.header)
				if w.Code != tc.want {
					t.Errorf("If-None-Match %q: %d, want %d", tc.header, w.Code, tc.want)
				}
				if tc.want == 200 && w.Body.Len() == 0 {
					t.Errorf("If-None-Match %q: empty 200", tc.header)
				}
			}
			head := a.Do("HEAD", detail, "", "If-None-Match", tag)
			assertNotModified(t, "HEAD "+detail, head, tag, "public, no-cache")
		})

		t.Run("gzip and identity bodies have their own tags", func(t *testing.T) {
			plain := a.Do("GET", detail, "")
			zipped := a.Do("GET", detail, "", "Accept-Encoding", "gzip")
			if zipped.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("Content-Encoding %q", zipped.Header().Get("Content-Encoding"))
			}
			pt, zt := plain.Header().Get("ETag"), zipped.Header().Get("ETag")
			if pt == zt || !strongTag.MatchString(zt) {
				t.Fatalf("identity ETag %q, gzip ETag %q", pt, zt)
			}
			if v := zipped.Header().Values("Vary"); !strings.Contains(strings.Join(v, ","), "Accept-Encoding") {
				t.Errorf("Vary %q", v)
			}
			for _, tc := range []struct {
				tag, encoding string
				want          int
			}{
				{zt, "gzip", 304},
				{pt, "identity", 304},
				{pt, "gzip", 200}, // holds the plain body, would be sent the gzip one
				{zt, "identity", 200},
			} {
				w := a.Do("GET", detail, "", "If-None-Match", tc.tag, "Accept-Encoding", tc.encoding)
				if w.Code != tc.want {
					t.Errorf("If-None-Match %s with Accept-Encoding %s: %d, want %d", tc.tag, tc.encoding, w.Code, tc.want)
				}
				if w.Code == 304 && w.Header().Get("ETag") != tc.tag {
					t.Errorf("304 ETag %q, want %q", w.Header().Get("ETag"), tc.tag)
				}
			}
		})

		// revalidate asks again with the tags of before and wants a 200
		// with a new tag for each target.
		tags := func(targets ...string) map[string]string {
			m := map[string]string{}
			for _, target := range targets {
				m[target] = a.Do("GET", target, "").Header().Get("ETag")
			}
			return m
		}
		changed := func(t *testing.T, before map[string]string, want string) {
			t.Helper()
			for target, tag := range before {
				w := a.Do("GET", target, "", "If-None-Match", tag)
				assertStatus(t, w.Code, 200)
				if w.Header().Get("ETag") == tag {
					t.Errorf("%s: ETag %s unchanged", target, tag)
				}
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("%s: body lacks %s: %s", target, want, w.Body.String())
				}
			}
		}

		t.Run("an order's stock change gives a new answer and tag", func(t *testing.T) {
			before := tags(detail, list)
			otherTag := a.Do("GET", fmt.Sprintf("/api/store/products/%d/", other.ID), "").Header().Get("ETag")
			shopper := a.Shopper("kofi")
			assertStatus(t, a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":2}`, first.ID), shopper.Auth()...).Code, 201)
			assertStatus(t, a.Do("POST", "/api/store/orders/", `{"shipping_address":"Osu","contact_info":"0241234567"}`, shopper.Auth()...).Code, 201)
			changed(t, before, fmt.Sprintf(`"inventory":%d,`, first.Inventory-2))
			// A product the order did not touch keeps its tag: the tag names
			// the content, not the version the answer was kept under.
			w := a.Do("GET", fmt.Sprintf("/api/store/products/%d/", other.ID), "", "If-None-Match", otherTag)
			assertStatus(t, w.Code, 304)
		})

		t.Run("a seller's price edit gives a new answer and tag", func(t *testing.T) {
			before := tags(detail, list, "/api/store/products/?search=controller&page_size=24")
			w := a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", first.ID), `{"price":"1750"}`, owner.Auth()...)
			assertStatus(t, w.Code, 200)
			changed(t, before, `"unit_price":"1750.00"`)
		})

		t.Run("answers for one user stay unstored and untagged", func(t *testing.T) {
			shopper := a.Shopper("abena")
			staff := a.Staff("staff")
			for _, tc := range []struct {
				target string
				auth   []string
			}{
				{"/api/store/carts/", shopper.Auth()},
				{"/api/store/cart-items/", shopper.Auth()},
				{"/api/store/orders/", shopper.Auth()},
				{"/api/store/wishlists/", shopper.Auth()},
				{"/api/auth/users/me/", shopper.Auth()},
				{"/api/seller/products/", owner.Auth()},
				{"/api/admin/reviews/", staff.Auth()},
			} {
				w := a.Do("GET", tc.target, "", append(tc.auth, "If-None-Match", "*")...)
				assertStatus(t, w.Code, 200)
				if cc, tag := w.Header().Get("Cache-Control"), w.Header().Get("ETag"); cc != "no-store" || tag != "" {
					t.Errorf("%s: Cache-Control %q, ETag %q; want no-store and no tag", tc.target, cc, tag)
				}
			}
		})
	})
}

// strongTag is the shape of the read cache's entity-tags.
var strongTag = regexp.MustCompile(`^"[A-Za-z0-9_-]{22}(-gz)?"$`)

// assertNotModified checks a 304: no body, the tag asked with, and the
// Cache-Control of the 200 (a 304 refreshes the browser's copy).
func assertNotModified(t *testing.T, what string, w *httptest.ResponseRecorder, tag, cc string) {
	t.Helper()
	if w.Code != 304 || w.Body.Len() != 0 {
		t.Errorf("%s: %d with %d body bytes, want 304 and none", what, w.Code, w.Body.Len())
	}
	if got := w.Header().Get("ETag"); got != tag {
		t.Errorf("%s: 304 ETag %q, want %q", what, got, tag)
	}
	if got := w.Header().Get("Cache-Control"); got != cc {
		t.Errorf("%s: 304 Cache-Control %q, want %q", what, got, cc)
	}
	for _, h := range []string{"Content-Type", "Content-Length", "Content-Encoding", "X-Total-Count"} {
		if v := w.Header().Get(h); v != "" {
			t.Errorf("%s: 304 has %s %q", what, h, v)
		}
	}
}
