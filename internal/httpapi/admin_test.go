package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

func TestAdminRoleMatrix(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		shopper := a.Shopper("ama")
		owner, _ := a.Owner("kwame", "Accra Game Hub")
		for _, ep := range []struct{ method, path, body string }{
			{"GET", "/api/admin/users/", ""},
			{"PATCH", fmt.Sprintf("/api/admin/users/%d/", shopper.User.ID), `{"is_staff":true}`},
			{"GET", "/api/admin/complaints/", ""},
			{"POST", "/api/admin/complaints/1/handle/", `{}`},
			{"GET", "/api/admin/stores/", ""},
			{"POST", "/api/admin/stores/", `{"owner":"ama","name":"Ama's Own Shop"}`},
			{"PATCH", "/api/admin/stores/1/", `{"is_active":false}`},
		} {
			w := a.Do(ep.method, ep.path, ep.body, "Content-Type", "application/json")
			assertStatus(t, w.Code, 401)
			for _, acc := range []shoptest.Account{shopper, owner} {
				w = a.Do(ep.method, ep.path, ep.body, append(acc.Auth(), "Content-Type", "application/json")...)
				assertStatus(t, w.Code, 403)
				assertBody(t, w.Body.String(), forbidden)
			}
		}
		w := a.Do("GET", "/api/auth/users/me/", "", shopper.Auth()...)
		if strings.Contains(w.Body.String(), `"is_staff":true`) {
			t.Fatal("a shopper made themselves staff")
		}
		if w = a.Do("GET", "/api/seller/store/", "", shopper.Auth()...); w.Code != 403 {
			t.Fatal("a shopper opened a store")
		}
		if w = a.Do("GET", "/api/store/stores/", ""); !strings.Contains(w.Body.String(), "Accra Game Hub") {
			t.Fatal("an owner suspended their store")
		}
	})
}

func TestAdminUsers(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff := a.Staff("esi")
		ama, kofi := a.Shopper("ama_k"), a.Shopper("kofi")
		auth := append(staff.Auth(), "Content-Type", "application/json")

		w := a.Do("GET", "/api/admin/users/?search=AMA", "", auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,"username":"ama_k","email":"ama_k@example.com","is_staff":false,"is_active":true,…`, ama.User.ID))
		w = a.Do("GET", "/api/admin/users/?search=example.com&page=1&page_size=2", "", auth...)
		assertBody(t, w.Body.String(), `{"count":3,"next":…`)
		w = a.Do("GET", "/api/admin/users/?search=100%25", "", auth...)
		assertBody(t, w.Body.String(), `[]`)

		for _, tc := range []struct {
			id         int64
			body, want string
			code       int
		}{
			{staff.User.ID, `{"is_staff":false}`, `{"is_staff":["You cannot remove your own staff rights."]}`, 400},
			{staff.User.ID, `{"is_active":false}`, `{"is_active":["You cannot deactivate your own account."]}`, 400},
			{ama.User.ID, `{"is_staff":"sometimes"}`, `{"is_staff":["Must be a valid boolean."]}`, 400},
			{999999, `{"is_staff":true}`, `{"detail":"No User matches the given query.","code":"not_found"}`, 404},
		} {
			w = a.Do("PATCH", fmt.Sprintf("/api/admin/users/%d/", tc.id), tc.body, auth...)
			assertStatus(t, w.Code, tc.code)
			assertBody(t, w.Body.String(), tc.want)
		}

		// Made staff: the next request already has the rights.
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/users/%d/", ama.User.ID), `{"is_staff":true}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"username":"ama_k","email":"ama_k@example.com","is_staff":true,"is_active":true,…`, ama.User.ID))
		w = a.Do("GET", "/api/admin/users/", "", ama.Auth()...)
		assertStatus(t, w.Code, 200)

		// Deactivated: tokens stop working, refresh too, and login is refused.
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/users/%d/", kofi.User.ID), `{"is_active":false}`, auth...)
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", "/api/auth/users/me/", "", kofi.Auth()...)
		assertStatus(t, w.Code, 401)
		w = a.Do("POST", "/api/auth/jwt/refresh/", fmt.Sprintf(`{"refresh":%q}`, kofi.Tokens.Refresh), "Content-Type", "application/json")
		assertStatus(t, w.Code, 401)
		w = a.Do("POST", "/api/auth/jwt/create/", fmt.Sprintf(`{"username":"kofi","password":%q}`, kofi.Password), "Content-Type", "application/json")
		assertStatus(t, w.Code, 401)
	})
}

func TestAdminComplaints(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff := a.Staff("esi")
		auth := append(staff.Auth(), "Content-Type", "application/json")
		w := a.Do("POST", "/api/store/api/send_complaint/", `{"email":"yaw@example.com","complaint":"My parcel never came."}`, "Content-Type", "application/json")
		assertStatus(t, w.Code, 200)
		a.DeliverMail() // support's copy and the acknowledgement

		w = a.Do("GET", "/api/admin/complaints/", "", auth...)
		assertStatus(t, w.Code, 200)
		var open []struct {
			ID        int64
			Email     string
			Complaint string
			HandledAt *string `json:"handled_at"`
		}
		decode(t, w.Body.Bytes(), &open)
		if len(open) != 1 || open[0].Email != "yaw@example.com" || open[0].HandledAt != nil {
			t.Fatalf("open complaints = %s", w.Body.String())
		}
		handle := fmt.Sprintf("/api/admin/complaints/%d/handle/", open[0].ID)
		for _, tc := range []struct{ body, want string }{
			{`{"reply":"   "}`, `{"reply":["This field may not be blank."]}`},
			{`{"reply":"` + strings.Repeat("a", 5001) + `"}`, `{"reply":["Ensure this field has no more than 5000 characters."]}`},
		} {
			w = a.Do("POST", handle, tc.body, auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		w = a.Do("GET", "/api/admin/complaints/?status=open", "", auth...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…`, open[0].ID))

		w = a.Do("POST", handle, `{"reply":"Sorry, Yaw.\n\nThe courier has it and will deliver tomorrow."}`, auth...)
		assertStatus(t, w.Code, 200)
		var done struct {
			HandledAt *string `json:"handled_at"`
		}
		decode(t, w.Body.Bytes(), &done)
		if done.HandledAt == nil {
			t.Fatalf("not handled: %s", w.Body.String())
		}
		mails := a.DeliverMail()
		if len(mails) != 1 || mails[0].To != "yaw@example.com" || !strings.Contains(mails[0].Text, "will deliver tomorrow") ||
			!strings.Contains(mails[0].Text, "My parcel never came.") {
			t.Fatalf("reply mails = %+v", mails)
		}
		// Handling again without a reply keeps the first time and sends nothing.
		w = a.Do("POST", handle, ``, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"email":"yaw@example.com","complaint":"My parcel never came.","created_at":…`, open[0].ID))
		if !strings.Contains(w.Body.String(), `"handled_at":"`+*done.HandledAt+`"`) {
			t.Errorf("handled_at moved: %s", w.Body.String())
		}
		if mails := a.DeliverMail(); len(mails) != 0 {
			t.Errorf("sent again: %+v", mails)
		}
		w = a.Do("GET", "/api/admin/complaints/", "", auth...)
		assertBody(t, w.Body.String(), `[]`)
		w = a.Do("GET", "/api/admin/complaints/?status=handled", "", auth...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,…`, open[0].ID))
		w = a.Do("GET", "/api/admin/complaints/?status=closed", "", auth...)
		assertStatus(t, w.Code, 400)
		w = a.Do("POST", "/api/admin/complaints/999999/handle/", ``, auth...)
		assertStatus(t, w.Code, 404)
		assertBody(t, w.Body.String(), `{"detail":"No Complaint matches the given query.","code":"not_found"}`)
	})
}

func TestAdminCategories(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		auth := append(f.staff.Auth(), "Content-Type", "application/json")
		for _, acc := range []shoptest.Account{f.shopper, f.owner} {
			for _, ep := range []struct{ method, path string }{
				{"GET", "/api/admin/categories/"}, {"POST", "/api/admin/categories/"},
				{"PATCH", fmt.Sprintf("/api/admin/categories/%d/", f.gaming.ID)},
				{"POST", fmt.Sprintf("/api/admin/categories/%d/images/", f.gaming.ID)},
			} {
				w := a.Do(ep.method, ep.path, `{"name":"x"}`, append(acc.Auth(), "Content-Type", "application/json")...)
				assertStatus(t, w.Code, 403)
			}
		}

		// Validation, and a fourth level is refused.
		sub := a.Category("Controllers", "controllers", f.consoles, 1, true)
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"name":["This field is required."]}`},
			{`{"name":"Retro","parent":999999}`, `{"parent":["Invalid pk \"999999\" - object does not exist."]}`},
			{fmt.Sprintf(`{"name":"Pads","parent":%d}`, sub.ID), `{"parent":["Categories nest at most three levels deep."]}`},
			{`{"name":"Retro","position":-1}`, `{"position":["Ensure this value is between 0 and 10000."]}`},
		} {
			w := a.Do("POST", "/api/admin/categories/", tc.body, auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}

		// Created at the right level with a unique slug, and on the storefront at once.
		w := a.Do("POST", "/api/admin/categories/", fmt.Sprintf(`{"name":"Consoles","parent":%d,"position":3}`, f.gaming.ID), auth...)
		assertStatus(t, w.Code, 201)
		var created struct {
			ID    int64
			Level int
			Slug  string
		}
		decode(t, w.Body.Bytes(), &created)
		if created.Level != 2 || created.Slug != "consoles-2" {
			t.Fatalf("created = %+v", created)
		}
		w = a.Do("GET", fmt.Sprintf("/api/store/categories/%d/", f.gaming.ID), "")
		if !strings.Contains(w.Body.String(), `"slug":"consoles-2"`) {
			t.Errorf("the new subcategory is not on the storefront: %s", w.Body.String())
		}

		// Renamed: products filed under it are found by the new name at once.
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/categories/%d/", f.consoles.ID), `{"name":"Home Consoles"}`, auth...)
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", "/api/store/products/?search=home%20consoles&fields=id", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d}]`, f.console.ID))
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/categories/%d/", f.consoles.ID), fmt.Sprintf(`{"parent":%d}`, f.phones.ID), auth...)
		assertStatus(t, w.Code, 400)

		// Deactivated: the category and its products leave the shop; staff still see it.
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/categories/%d/", f.phones.ID), `{"is_active":false}`, auth...)
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", fmt.Sprintf("/api/store/products/%d/", f.phone.ID), "")
		assertStatus(t, w.Code, 404)
		w = a.Do("GET", "/api/admin/categories/", "", auth...)
		if !strings.Contains(w.Body.String(), fmt.Sprintf(`{"id":%d,"parent":null,"level":1,"name":"Phones","slug":"phones","position":2,"is_active":false`, f.phones.ID)) {
			t.Errorf("staff list: %s", w.Body.String())
		}
		w = a.Do("PATCH", "/api/admin/categories/999999/", `{"name":"x"}`, auth...)
		assertStatus(t, w.Code, 404)

		// An image for the category card: uploaded, shown, removed.
		body, headers := upload(t, "card.png", "image/png", photo(t, 400, 300, true))
		w = a.Do("POST", fmt.Sprintf("/api/admin/categories/%d/images/", f.gaming.ID), body, append(f.staff.Auth(), headers...)...)
		assertStatus(t, w.Code, 201)
		var withImage struct{ Images []struct{ ID int64 } }
		decode(t, w.Body.Bytes(), &withImage)
		w = a.Do("GET", fmt.Sprintf("/api/store/categories/%d/", f.gaming.ID), "")
		if !strings.Contains(w.Body.String(), fmt.Sprintf(`/media/uploads/categories/%d/`, f.gaming.ID)) {
			t.Errorf("category image not public: %s", w.Body.String())
		}
		uploaded := withImage.Images[len(withImage.Images)-1].ID
		w = a.Do("DELETE", fmt.Sprintf("/api/admin/categories/%d/images/%d/", f.gaming.ID, uploaded), "", f.staff.Auth()...)
		assertStatus(t, w.Code, 204)
		w = a.Do("GET", fmt.Sprintf("/api/store/categories/%d/", f.gaming.ID), "")
		if strings.Contains(w.Body.String(), "/media/uploads/") {
			t.Errorf("category image still public: %s", w.Body.String())
		}
	})
}

func TestAdminHeroSlides(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff, shopper := a.Staff("esi"), a.Shopper("ama")
		auth := append(staff.Auth(), "Content-Type", "application/json")
		w := a.Do("POST", "/api/admin/hero/", `{"title":"x","link":"/"}`, append(shopper.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 403)

		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"link":["This field is required."],"title":["This field is required."]}`},
			{`{"title":"Deals","link":"/category/deals","is_active":true}`, `{"is_active":["Upload an image before showing the slide."]}`},
		} {
			w = a.Do("POST", "/api/admin/hero/", tc.body, auth...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), tc.want)
		}
		// Links: same-site paths and https addresses the staff typed on
		// purpose; nothing a browser would read as another site.
		badLink := `{"link":["Enter a path of the shop (\"/category/gaming\") or an https:// address."]}`
		for _, tc := range []struct {
			link string
			ok   bool
		}{
			{"/category/deals", true},
			{"/products?ordering=-unit_price#top", true},
			{"https://paystack.com/pay/dwa", true},
			{"https://example.com:8443/a/b?c=d", true},
			{"/", true},
			{"javascript:alert(1)", false},
			{"//evil.test", false},
			{"///evil.test", false},
			{`/\evil.test`, false},
			{`/\/evil.test`, false},
			{`/category\deals`, false},
			{"http://evil.test", false},
			{"HTTPS://evil.test", false},
			{"https://", false},
			{"https:///path", false},
			{"https://dwa.test@evil.test/", false},
			{"https://evil.test\u0009/", false},
			{"/\u0009/evil.test", false},
			{"/\u000a/evil.test", false},
			{"/\u200b/evil.test", false},
			{"/ /evil.test", false},
			{"category/deals", false},
			{"data:text/html,x", false},
			{"mailto:a@b.c", false},
		} {
			t.Run(tc.link, func(t *testing.T) {
				w := a.Do("POST", "/api/admin/hero/", jsonBody("title", "Deals", "link", tc.link), auth...)
				if tc.ok {
					assertStatus(t, w.Code, 201)
					return
				}
				assertStatus(t, w.Code, 400)
				assertBody(t, w.Body.String(), badLink)
			})
		}
		exec(t, st, `DELETE FROM hero_slides`)
		w = a.Do("POST", "/api/admin/hero/", `{"title":"Harmattan Deals","description":"Up to 30% off.","link":"/category/deals","position":1}`, auth...)
		assertStatus(t, w.Code, 201)
		var slide struct {
			ID       int64
			Image    string
			IsActive bool `json:"is_active"`
		}
		decode(t, w.Body.Bytes(), &slide)
		if slide.IsActive || slide.Image != "" {
			t.Fatalf("new slide = %s", w.Body.String())
		}
		w = a.Do("GET", "/api/store/hero/", "")
		assertBody(t, w.Body.String(), `[]`)

		body, headers := upload(t, "banner.png", "image/png", photo(t, 1200, 400, true))
		w = a.Do("POST", fmt.Sprintf("/api/admin/hero/%d/image/", slide.ID), body, append(staff.Auth(), headers...)...)
		assertStatus(t, w.Code, 200)
		decode(t, w.Body.Bytes(), &slide)
		w = a.Do("PATCH", fmt.Sprintf("/api/admin/hero/%d/", slide.ID), `{"is_active":true}`, auth...)
		assertStatus(t, w.Code, 200)
		w = a.Do("GET", "/api/store/hero/", "")
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"id":%d,"title":"Harmattan Deals","description":"Up to 30%% off.","image":"%s","link":"/category/deals"}]`, slide.ID, slide.Image))

		w = a.Do("DELETE", fmt.Sprintf("/api/admin/hero/%d/", slide.ID), "", auth...)
		assertStatus(t, w.Code, 204)
		w = a.Do("GET", slide.Image, "")
		assertStatus(t, w.Code, 404)
		w = a.Do("DELETE", fmt.Sprintf("/api/admin/hero/%d/", slide.ID), "", auth...)
		assertStatus(t, w.Code, 404)
		assertBody(t, w.Body.String(), `{"detail":"No HeroSlide matches the given query.","code":"not_found"}`)
	})
}
