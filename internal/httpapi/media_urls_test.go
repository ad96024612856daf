package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestMediaURLsAbsolute: every image or file URL the API answers is
// absolute, built from DWA_PUBLIC_URL, so that a storefront served from
// another origin can show it; URLs that are absolute already stay as they
// are.
func TestMediaURLsAbsolute(t *testing.T) {
	const public, cdn = "https://shop.example.test", "https://cdn.example.com/p/1.jpg"
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_PUBLIC_URL": public, "DWA_RATE_LIMITS": "order=off"})
		ctx := context.Background()
		owner, store := a.Owner("kwesi", "Kicks")
		exec(t, st, `UPDATE stores SET logo = ? WHERE id = ?`, "/media/demo/stores/kicks.svg", store.ID)
		cat := a.Category("Gaming", "gaming", nil, 0, true)
		p := shoptest.NewProduct("Kicks One", 1000, cat)
		p.StoreID, p.Inventory = store.ID, 50
		p.Images = append(p.Images, cdn)
		a.Products(p)
		if err := a.Svc.CreateHeroSlide(ctx, &shop.HeroSlide{Title: "Deals", Image: "/hero_images/deals.svg", Link: "/", Active: true}); err != nil {
			t.Fatal(err)
		}
		kofi, staff := a.Shopper("kofi"), a.Staff("esi")
		add := func() {
			w := a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d}`, p.ID), kofi.Auth()...)
			if w.Code != 201 && w.Code != 200 {
				t.Fatalf("add = %d %s", w.Code, w.Body)
			}
		}
		add()
		w := a.Do("POST", "/api/store/orders/", `{"shipping_address":"Osu","contact_info":"0241234567"}`, kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		var order struct{ ID string }
		decode(t, w.Body.Bytes(), &order)
		add()
		assertStatus(t, a.Do("POST", "/api/store/wishlists/", fmt.Sprintf(`{"product":%d}`, p.ID), kofi.Auth()...).Code, 201)
		assertStatus(t, a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Size 44?","receiver_store":%d}`, store.ID), kofi.Auth()...).Code, 201)
		assertStatus(t, a.Do("POST", "/api/store/messages/", fmt.Sprintf(`{"content":"Yes.","receiver_user":%d}`, kofi.User.ID), owner.Auth()...).Code, 201)

		for _, tc := range []struct {
			path string
			who  *shoptest.Account
		}{
			{"/api/store/categories/", nil},
			{fmt.Sprintf("/api/store/categories/%d/", cat.ID), nil},
			{"/api/store/hero/", nil},
			{"/api/store/products/", nil},
			{fmt.Sprintf("/api/store/products/%d/", p.ID), nil},
			{fmt.Sprintf("/api/store/products/%d", p.ID), nil},
			{"/api/store/stores/", nil},
			{fmt.Sprintf("/api/store/stores/%d/", store.ID), nil},
			{"/api/store/cart-items/", &kofi},
			{"/api/store/orders/", &kofi},
			{"/api/store/orders/" + order.ID + "/", &kofi},
			{"/api/store/wishlists/?expand=product", &kofi},
			{"/api/store/messages/", &kofi},
			{"/api/seller/store/", &owner},
			{"/api/seller/products/", &owner},
			{fmt.Sprintf("/api/seller/products/%d/", p.ID), &owner},
			{"/api/admin/categories/", &staff},
			{"/api/admin/hero/", &staff},
			{"/api/admin/stores/", &staff},
		} {
			t.Run(tc.path, func(t *testing.T) {
				var auth []string
				if tc.who != nil {
					auth = tc.who.Auth()
				}
				w := a.Do("GET", tc.path, "", auth...)
				assertStatus(t, w.Code, 200)
				var body any
				decode(t, w.Body.Bytes(), &body)
				urls := mediaValues(body, nil)
				ours := 0
				for _, u := range urls {
					switch {
					case u == cdn:
					case strings.HasPrefix(u, public+"/media/") || strings.HasPrefix(u, public+"/hero_images/"):
						ours++
					default:
						t.Errorf("%s answers the image URL %q; want it absolute from %s", tc.path, u, public)
					}
				}
				if ours == 0 {
					t.Errorf("%s answered no image URL: %s", tc.path, w.Body)
				}
			})
		}

		// The pages' data islands and preloads carry the same URLs.
		for _, page := range []string{"/", fmt.Sprintf("/store/products/%d", p.ID), "/category/gaming"} {
			html := a.Do("GET", page, "").Body.String()
			if strings.Contains(html, `"image":"/`) || strings.Contains(html, `"logo":"/`) || strings.Contains(html, `href="/media/`) ||
				!strings.Contains(html, public+"/") {
				t.Errorf("page %s holds a root-relative image URL:\n%s", page, html)
			}
		}
	})
}

// mediaValues collects the string values of the image, logo and
// sender_avatar keys anywhere in a decoded JSON value.
func mediaValues(v any, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && (k == "image" || k == "logo" || k == "sender_avatar") {
				out = append(out, s)
				continue
			}
			out = mediaValues(e, out)
		}
	case []any:
		for _, e := range x {
			out = mediaValues(e, out)
		}
	}
	return out
}

// TestImagesFromPlainHTTPPublicURL: in development the public URL is plain
// http; the pages' policy must let them load the images named from it.
func TestImagesFromPlainHTTPPublicURL(t *testing.T) {
	for _, tc := range []struct{ public, want string }{
		{"http://localhost:8080", "img-src 'self' data: https: http://localhost:8080;"},
		{"http://192.168.1.20:8080/shop", "img-src 'self' data: https: http://192.168.1.20:8080;"},
		{"https://shop.example.test", "img-src 'self' data: https:;"},
	} {
		a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_PUBLIC_URL": tc.public})
		if csp := a.Do("GET", "/", "").Header().Get("Content-Security-Policy"); !strings.Contains(csp, tc.want) {
			t.Errorf("DWA_PUBLIC_URL=%s: policy %q lacks %q", tc.public, csp, tc.want)
		}
	}
}
