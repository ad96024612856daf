package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// categoryFixture builds Gaming > Consoles > X-Box plus hidden branches:
// an inactive department, and an active child under an inactive parent.
type categoryFixture struct {
	gaming, gadgets, consoles, xbox, retired, orphan, hiddenSub *shop.Category
}

func newCategoryFixture(a *shoptest.App) categoryFixture {
	var f categoryFixture
	f.gaming = a.Category("Gaming", "gaming", nil, 2, true)
	f.gadgets = a.Category("Gadgets", "gadgets", nil, 1, true)
	f.retired = a.Category("Retired", "retired", nil, 0, false)
	f.consoles = a.Category("Consoles", "consoles", f.gaming, 1, true)
	a.Category("Controllers", "controllers", f.gaming, 1, true) // same position: by name after Consoles
	f.hiddenSub = a.Category("Arcade", "arcade", f.gaming, 0, false)
	f.xbox = a.Category("X-Box", "x-box", f.consoles, 1, true)
	f.orphan = a.Category("Old Stock", "old-stock", f.hiddenSub, 1, true)
	return f
}

func TestCategoriesAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newCategoryFixture(a)

		t.Run("list is active top-level categories by position with nested active children", func(t *testing.T) {
			w := a.Do("GET", "/api/store/categories/", "")
			assertStatus(t, w.Code, 200)
			if got := w.Header().Get("Cache-Control"); got != "public, max-age=60" {
				t.Errorf("Cache-Control = %q", got)
			}
			if got := w.Header().Get("X-Total-Count"); got != "2" {
				t.Errorf("X-Total-Count = %q", got)
			}
			want := fmt.Sprintf(`[{"id":%d,"name":"Gadgets","slug":"gadgets","images":[{"id":%d,"image":"http://localhost:8080/media/demo/categories/gadgets.svg"}],"parent":null,"subcategories":[]},`+
				`{"id":%d,"name":"Gaming","slug":"gaming","images":[{"id":%d,"image":"http://localhost:8080/media/demo/categories/gaming.svg"}],"parent":null,"subcategories":[`+
				`{"id":%d,"name":"Consoles","slug":"consoles","images":[{"id":%d,"image":"http://localhost:8080/media/demo/categories/consoles.svg"}],"parent":%d,"subcategories":[`+
				`{"id":%d,"name":"X-Box","slug":"x-box","images":[{"id":%d,"image":"http://localhost:8080/media/demo/categories/x-box.svg"}],"parent":%d,"subcategories":[]}]},`,
				f.gadgets.ID, f.gadgets.Images[0].ID, f.gaming.ID, f.gaming.Images[0].ID,
				f.consoles.ID, f.consoles.Images[0].ID, f.gaming.ID, f.xbox.ID, f.xbox.Images[0].ID, f.consoles.ID)
			if !strings.HasPrefix(w.Body.String(), want) {
				t.Errorf("body =\n%s\nwant prefix\n%s", w.Body, want)
			}
			if strings.Contains(w.Body.String(), "Retired") || strings.Contains(w.Body.String(), "Arcade") || strings.Contains(w.Body.String(), "Old Stock") {
				t.Errorf("inactive categories leaked: %s", w.Body)
			}
		})

		tests := []struct {
			name, path string
			status     int
			body       string // exact body, or a prefix ending in "…"
		}{
			{"page_size gives the paged object", "/api/store/categories/?page_size=1", 200,
				`{"count":2,"next":"http://localhost:8080/api/store/categories?page=2&page_size=1","previous":null,"results":[{"id":…`},
			{"detail of a level-3 category", fmt.Sprintf("/api/store/categories/%d", f.xbox.ID), 200,
				fmt.Sprintf(`{"id":%d,"name":"X-Box","slug":"x-box","images":[{"id":%d,"image":"http://localhost:8080/media/demo/categories/x-box.svg"}],"parent":%d,"subcategories":[]}`, f.xbox.ID, f.xbox.Images[0].ID, f.consoles.ID)},
			{"detail without trailing slash answers the same", fmt.Sprintf("/api/store/categories/%d/", f.xbox.ID), 200, `{"id":…`},
			{"inactive category", fmt.Sprintf("/api/store/categories/%d/", f.retired.ID), 404, `{"detail":"No Category matches the given query.","code":"not_found"}`},
			{"active category under an inactive parent", fmt.Sprintf("/api/store/categories/%d/", f.orphan.ID), 404, `{"detail":"No Category matches the given query.","code":"not_found"}`},
			{"unknown category", "/api/store/categories/999999/", 404, `{"detail":"No Category matches the given query.","code":"not_found"}`},
			{"malformed id", "/api/store/categories/abc/", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"negative id", "/api/store/categories/-1/", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"huge id", "/api/store/categories/99999999999999999999999/", 404, `{"detail":"Not found.","code":"not_found"}`},
			{"subcategories by position then name", fmt.Sprintf("/api/store/ajax/load-subcategories/?category_id=%d", f.gaming.ID), 200, `{"subcategories":[{"id":…`},
			{"sub-subcategories", fmt.Sprintf("/api/store/ajax/load-sub-subcategories?subcategory_id=%d", f.consoles.ID), 200,
				fmt.Sprintf(`{"sub_subcategories":[{"id":%d,"name":"X-Box","slug":"x-box"}]}`, f.xbox.ID)},
			{"repeated parameter takes the last value", fmt.Sprintf("/api/store/ajax/load-sub-subcategories?subcategory_id=%d&subcategory_id=%d", f.gaming.ID, f.consoles.ID), 200,
				fmt.Sprintf(`{"sub_subcategories":[{"id":%d,"name":"X-Box","slug":"x-box"}]}`, f.xbox.ID)},
			{"unknown parent gives an empty list", "/api/store/ajax/load-subcategories/?category_id=999999", 200, `{"subcategories":[]}`},
			{"inactive parent gives an empty list", fmt.Sprintf("/api/store/ajax/load-subcategories/?category_id=%d", f.retired.ID), 200, `{"subcategories":[]}`},
			{"missing parameter", "/api/store/ajax/load-subcategories/", 400, `{"category_id":["A valid integer is required."]}`},
			{"non-integer parameter", "/api/store/ajax/load-subcategories/?category_id=x1", 400, `{"category_id":["A valid integer is required."]}`},
			{"zero", "/api/store/ajax/load-subcategories/?category_id=0", 400, `{"category_id":["A valid integer is required."]}`},
			{"negative sub-subcategory parent", "/api/store/ajax/load-sub-subcategories/?subcategory_id=-3", 400, `{"subcategory_id":["A valid integer is required."]}`},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				w := a.Do("GET", tc.path, "")
				assertStatus(t, w.Code, tc.status)
				assertBody(t, w.Body.String(), tc.body)
				if ct := w.Header().Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type = %q", ct)
				}
			})
		}

		t.Run("subcategory order", func(t *testing.T) {
			var got struct{ Subcategories []struct{ Name string } }
			decode(t, a.Do("GET", fmt.Sprintf("/api/store/ajax/load-subcategories/?category_id=%d", f.gaming.ID), "").Body.Bytes(), &got)
			names := fmt.Sprint(got.Subcategories)
			if names != "[{Consoles} {Controllers}]" {
				t.Errorf("subcategories = %s", names)
			}
		})
	})
}

func TestHeroSlidesAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		for i, title := range []string{"Best Deals", "Computers & Accessories", "Retired slide"} {
			h := &shop.HeroSlide{Title: title, Description: "d" + fmt.Sprint(i), Image: "/hero_images/x.svg",
				Link: "/products", Position: []int{2, 1, 3}[i], Active: i != 2}
			if err := a.Svc.CreateHeroSlide(t.Context(), h); err != nil {
				t.Fatal(err)
			}
		}
		w := a.Do("GET", "/api/store/hero", "")
		assertStatus(t, w.Code, 200)
		var slides []map[string]any
		decode(t, w.Body.Bytes(), &slides)
		if len(slides) != 2 || slides[0]["title"] != "Computers & Accessories" || slides[1]["title"] != "Best Deals" {
			t.Fatalf("slides = %v", slides)
		}
		for _, key := range []string{"id", "title", "description", "image", "link"} {
			if _, ok := slides[0][key]; !ok {
				t.Errorf("slide lacks %q: %v", key, slides[0])
			}
		}
	})
}

func assertStatus(t *testing.T, got, want int) {
	t.Helper()
	if got != want {
		t.Fatalf("status = %d; want %d", got, want)
	}
}

// assertBody compares a body with want, in which each "…" stands for any
// text (so a trailing one makes want a prefix).
// testPublicURL is DWA_PUBLIC_URL when a test does not set it: image URLs
// are answered absolute from it.
const testPublicURL = "http://localhost:8080"

func assertBody(t *testing.T, got, want string) {
	t.Helper()
	if !ellipsisMatch(got, want) {
		t.Errorf("body = %s\nwant   %s", got, want)
	}
}

func ellipsisMatch(got, want string) bool {
	parts := strings.Split(want, "…")
	rest, ok := strings.CutPrefix(got, parts[0])
	if !ok {
		return false
	}
	if len(parts) == 1 {
		return rest == ""
	}
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, parts[len(parts)-1])
}

func decode(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
}
