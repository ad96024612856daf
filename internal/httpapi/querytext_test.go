package httpapi_test

import (
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestQueryTextRefused: a NUL byte or invalid UTF-8 in a query parameter
// is a field error on every endpoint, never a 500 (PostgreSQL refuses both
// in text parameters).
func TestQueryTextRefused(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff, shopper := a.Staff("esi"), a.Shopper("ama")
		owner, _ := a.Owner("kwesi", "Kicks")
		for _, tc := range []struct {
			path string
			who  shoptest.Account
			want string
		}{
			{"/api/admin/users/?search=a%00b", staff, `{"search":["Null characters are not allowed."]}`},
			{"/api/admin/stores/?search=%00", staff, `{"search":["Null characters are not allowed."]}`},
			{"/api/seller/products/?search=%00", owner, `{"search":["Null characters are not allowed."]}`},
			{"/api/admin/users/?search=%ff", staff, `{"search":["Enter valid UTF-8 text."]}`},
			{"/api/admin/stores/?search=k%c3", staff, `{"search":["Enter valid UTF-8 text."]}`},
			{"/api/seller/products/?search=%fe%ff", owner, `{"search":["Enter valid UTF-8 text."]}`},
			{"/api/admin/stores/?status=%00", staff, `{"status":["Null characters are not allowed."]}`},
			{"/api/admin/complaints/?status=%ff", staff, `{"status":["Enter valid UTF-8 text."]}`},
			{"/api/admin/reviews/?status=%00", staff, `{"status":["Null characters are not allowed."]}`},
			{"/api/seller/orders/?status=%00", owner, `{"status":["Null characters are not allowed."]}`},
			{"/api/store/products/?search=%00", shopper, `{"search":["Null characters are not allowed."]}`},
			{"/api/store/products/?category__slug=%00", shopper, `{"category__slug":["Null characters are not allowed."]}`},
			{"/api/store/products/?sub_subcategory__slug=%ff", shopper, `{"sub_subcategory__slug":["Enter valid UTF-8 text."]}`},
			{"/api/store/stores/?search=%00", shopper, `{"search":["Null characters are not allowed."]}`},
			{"/api/store/stores/?name=%ff", shopper, `{"name":["Enter valid UTF-8 text."]}`},
			{"/api/store/orders/?page=1&x=%00", shopper, `{"x":["Null characters are not allowed."]}`},
			{"/api/store/products/?%00=1", shopper, `{"non_field_errors":["Null characters are not allowed."]}`},
			{"/api/store/products/?%ff=1", shopper, `{"non_field_errors":["Enter valid UTF-8 text."]}`},
		} {
			t.Run(tc.path, func(t *testing.T) {
				w := a.Do("GET", tc.path, "", tc.who.Auth()...)
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), tc.want)
			})
		}
		// The storefront's pages read the same parameters for their first
		// screen; bad text there is a page without data, never a 500.
		for _, page := range []string{"/search?query=%00", "/search?query=%ff", "/products?search=%00&category__slug=%00",
			"/category/%00", "/category/%ff/x", "/store/products/1%00"} {
			if w := a.Do("GET", page, ""); w.Code >= 500 {
				t.Errorf("GET %s = %d", page, w.Code)
			}
		}
		// Text that is merely unusual still works.
		assertStatus(t, a.Do("GET", "/api/admin/users/?search=%C3%A9%E2%82%B5", "", staff.Auth()...).Code, 200)
	})
}
