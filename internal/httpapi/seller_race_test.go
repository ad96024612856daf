package httpapi_test

import (
	"fmt"
	"sync"
	"testing"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Races between the Seller Centre's writes and every other write of the
// same rows (issue 16): orders against product edits, the profile against
// the logo. Each ends in a state that only a lost update could break.

// stockRace: a store owner's product and shoppers with one unit each in
// their bags, ready to order.
type stockRace struct {
	bagFixture
	owner    shoptest.Account
	buyers   []shoptest.Account
	product  string // the owner's URL of the product
	sellerID int64
}

func newStockRace(t *testing.T, st *sqldb.Store, buyers, stock int) stockRace {
	f := stockRace{bagFixture: newBagFixture(t, st, nil)}
	var hub *shop.Store
	f.owner, hub = f.a.Owner("kwame", "Osu Console Corner")
	p := shoptest.NewProduct("PlayStation 5 Slim", 650000)
	p.StoreID, p.Inventory = hub.ID, stock
	f.a.Products(p)
	f.sellerID = p.ID
	f.product = fmt.Sprintf("/api/seller/products/%d/", p.ID)
	for i := range buyers {
		acc := f.a.Shopper(fmt.Sprintf("buyer%03d", i))
		if code, body := f.add(acc, fmt.Sprintf(`{"product_id":%d}`, p.ID)); code != 201 {
			t.Fatal(code, body)
		}
		f.buyers = append(f.buyers, acc)
	}
	return f
}

// order places buyer i's order and counts it when it was placed.
func (f stockRace) order(t *testing.T, i int, placed *sync.Map) func() {
	return func() {
		w := f.a.Do("POST", "/api/store/orders/", orderBody, f.buyers[i].Auth()...)
		if w.Code != 201 {
			t.Errorf("buyer %d: %d %s", i, w.Code, w.Body)
			return
		}
		placed.Store(i, true)
	}
}

// restock is the owner's edit adding by to the stock they last saw, sent with
// that stock as the expected one; it counts edit i when it was accepted and
// tolerates only the stock_changed refusal.
func (f stockRace) restock(t *testing.T, i, by int, added *sync.Map) func() {
	auth := append(f.owner.Auth(), "Content-Type", "application/json")
	return func() {
		var seen struct{ Inventory int }
		decode(t, f.a.Do("GET", f.product, "", auth...).Body.Bytes(), &seen)
		w := f.a.Do("PATCH", f.product, fmt.Sprintf(`{"inventory":%d,"expected_inventory":%d}`,
			seen.Inventory+by, seen.Inventory), auth...)
		switch {
		case w.Code == 200:
			added.Store(i, true)
		case w.Code != 409:
			t.Errorf("edit %d: %d %s", i, w.Code, w.Body)
		}
	}
}

func count(m *sync.Map) int {
	n := 0
	m.Range(func(any, any) bool { n++; return true })
	return n
}

// TestOrdersRacePriceEdits: 60 orders race 60 price-only edits of the same
// product; every unit sold leaves the stock (the edits never write back the
// stock they read).
func TestOrdersRacePriceEdits(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		const n, stock = 60, 500
		f := newStockRace(t, st, n, stock)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")
		var placed sync.Map
		var fns []func()
		for i := range n {
			fns = append(fns, f.order(t, i, &placed), func() {
				w := f.a.Do("PATCH", f.product, fmt.Sprintf(`{"price":"%d.00"}`, 6000+i), auth...)
				if w.Code != 200 {
					t.Errorf("edit %d: %d %s", i, w.Code, w.Body)
				}
			})
		}
		race(fns...)
		if got, sold := f.inventory(t, f.sellerID), count(&placed); sold != n || got != stock-n {
			t.Fatalf("sold %d, stock %d; want %d sold and %d left", sold, got, n, stock-n)
		}
	})
}

// TestStockEditIsConditional: a stock edit carries the stock the seller saw;
// when orders took units meanwhile it is refused with the current stock and
// changes nothing else of the request. Racing orders against such edits
// loses no unit: the stock ends at what the successful edits set, minus
// what was sold after each.
func TestStockEditIsConditional(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		const n, stock = 30, 100
		f := newStockRace(t, st, n, stock)
		auth := append(f.owner.Auth(), "Content-Type", "application/json")

		// The seller opened the product at 100; two orders came in; the save is refused.
		var placed sync.Map
		race(f.order(t, 0, &placed), f.order(t, 1, &placed))
		w := f.a.Do("PATCH", f.product, `{"inventory":150,"expected_inventory":100,"price":"1.00"}`, auth...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(),
			`{"detail":"Stock changed to 98 since you opened this product: check it and save again.","code":"stock_changed"}`)
		w = f.a.Do("GET", f.product, "", auth...)
		assertBody(t, w.Body.String(), `{"id":…,"unit_price":"6500.00","inventory":98,…`)

		// A new stock without the one it replaces is refused: written blind, it
		// would give back the two units just sold.
		w = f.a.Do("PATCH", f.product, `{"inventory":150}`, auth...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"expected_inventory":["This field is required."]}`)

		// With the current stock as the expected one, the edit goes through,
		// and the kept public answer moves with it.
		public := fmt.Sprintf("/api/store/products/%d/", f.sellerID)
		assertBody(t, f.a.Do("GET", public, "").Body.String(), `{"id":…,"inventory":98,…`)
		w = f.a.Do("PATCH", f.product, `{"inventory":200,"expected_inventory":98}`, auth...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), `{"id":…,"inventory":200,…`)
		assertBody(t, f.a.Do("GET", public, "").Body.String(), `{"id":…,"inventory":200,…`)

		// Orders race edits that each add 10 to the stock they saw: every
		// accepted edit adds exactly 10, every order takes exactly 1.
		var added sync.Map
		var fns []func()
		for i := 2; i < n; i++ {
			fns = append(fns, f.order(t, i, &placed), f.restock(t, i, 10, &added))
		}
		race(fns...)
		sold, edits := count(&placed), count(&added)
		if want := 200 - (sold - 2) + 10*edits; sold != n || f.inventory(t, f.sellerID) != want {
			t.Fatalf("sold %d, %d edits accepted, stock %d; want %d sold and stock %d",
				sold, edits, f.inventory(t, f.sellerID), n, want)
		}
	})
}

// lostUpdateRounds is how many times two edits of different fields of one
// row race: a whole-row write loses one of them in most rounds.
const lostUpdateRounds = 30

// editRace fires the PATCHes of a round at once and fails unless all
// answer 200.
func editRace(t *testing.T, a *shoptest.App, path string, auth []string, bodies ...string) {
	t.Helper()
	var fns []func()
	for _, body := range bodies {
		fns = append(fns, func() {
			if w := a.Do("PATCH", path, body, auth...); w.Code != 200 {
				t.Errorf("PATCH %s: %d %s", body, w.Code, w.Body)
			}
		})
	}
	race(fns...)
}

// whileRunning repeats edit until upload has answered (at least once), so
// that edits read and write around the upload's own write.
func whileRunning(upload func(), edit func()) {
	done := make(chan struct{})
	race(func() {
		defer close(done)
		upload()
	}, func() {
		for {
			edit()
			select {
			case <-done:
				return
			default:
			}
		}
	})
}

// TestStoreProfileEditsKeepEachOther: a profile edit never puts back the
// logo it read, and two profile edits of different fields both stay.
func TestStoreProfileEditsKeepEachOther(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		owner, _ := a.Owner("kwame", "Osu Console Corner")
		auth := append(owner.Auth(), "Content-Type", "application/json")
		var profile struct{ Logo, Description, Address string }
		body, headers := upload(t, "logo.png", "image/png", photo(t, 300, 300, true))
		for r := range 3 {
			var logo struct{ Logo string }
			whileRunning(func() {
				w := a.Do("PUT", "/api/seller/store/logo/", body, append(owner.Auth(), headers...)...)
				assertStatus(t, w.Code, 200)
				decode(t, w.Body.Bytes(), &logo)
			}, func() {
				// An edit that failed would leave the upload nothing to race.
				if w := a.Do("PATCH", "/api/seller/store/", fmt.Sprintf(`{"description":"Logo round %d"}`, r), auth...); w.Code != 200 {
					t.Errorf("round %d: profile edit = %d %s", r, w.Code, w.Body)
				}
			})
			decode(t, a.Do("GET", "/api/seller/store/", "", owner.Auth()...).Body.Bytes(), &profile)
			if profile.Logo != logo.Logo {
				t.Fatalf("round %d: logo %q, want the upload's %q", r, profile.Logo, logo.Logo)
			}
			assertStatus(t, a.Do("GET", profile.Logo, "").Code, 200)
		}
		for r := range lostUpdateRounds {
			editRace(t, a, "/api/seller/store/", auth, fmt.Sprintf(`{"description":"Round %d"}`, r),
				fmt.Sprintf(`{"address":"%d Oxford St"}`, r))
			decode(t, a.Do("GET", "/api/seller/store/", "", owner.Auth()...).Body.Bytes(), &profile)
			if profile.Description != fmt.Sprintf("Round %d", r) || profile.Address != fmt.Sprintf("%d Oxford St", r) {
				t.Fatalf("round %d: description %q, address %q: an edit was lost", r, profile.Description, profile.Address)
			}
		}
	})
}

// TestCategoryEditsKeepEachOther: staff editing different fields of a
// category at once all keep theirs.
func TestCategoryEditsKeepEachOther(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		auth := append(a.Staff("esi").Auth(), "Content-Type", "application/json")
		path := fmt.Sprintf("/api/admin/categories/%d/", gaming.ID)
		for r := range lostUpdateRounds {
			active := r%2 == 0
			editRace(t, a, path, auth, fmt.Sprintf(`{"name":"Gaming %d"}`, r), fmt.Sprintf(`{"position":%d}`, 100+r),
				fmt.Sprintf(`{"is_active":%t}`, active))
			var all []struct {
				ID       int64
				Name     string
				Position int
				IsActive bool `json:"is_active"`
			}
			decode(t, a.Do("GET", "/api/admin/categories/", "", auth...).Body.Bytes(), &all)
			for _, c := range all {
				if c.ID == gaming.ID && (c.Name != fmt.Sprintf("Gaming %d", r) || c.Position != 100+r || c.IsActive != active) {
					t.Fatalf("round %d: name %q, position %d, active %t: an edit was lost", r, c.Name, c.Position, c.IsActive)
				}
			}
		}
	})
}

// TestHeroEditsKeepEachOther: an edit of a slide never puts back the image
// it read, and staff editing different fields at once both keep theirs.
func TestHeroEditsKeepEachOther(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		staff := a.Staff("esi")
		auth := append(staff.Auth(), "Content-Type", "application/json")
		w := a.Do("POST", "/api/admin/hero/", `{"title":"Harmattan Deals","link":"/category/deals"}`, auth...)
		assertStatus(t, w.Code, 201)
		var slide struct {
			ID           int64
			Title, Image string
			Position     int
		}
		decode(t, w.Body.Bytes(), &slide)
		path := fmt.Sprintf("/api/admin/hero/%d/", slide.ID)
		read := func() {
			t.Helper()
			var all []struct {
				ID           int64
				Title, Image string
				Position     int
			}
			decode(t, a.Do("GET", "/api/admin/hero/", "", staff.Auth()...).Body.Bytes(), &all)
			for _, s := range all {
				if s.ID == slide.ID {
					slide.Title, slide.Image, slide.Position = s.Title, s.Image, s.Position
				}
			}
		}
		body, headers := upload(t, "banner.png", "image/png", photo(t, 1200, 400, true))
		for r := range 3 {
			var uploaded struct{ Image string }
			whileRunning(func() {
				w := a.Do("POST", path+"image/", body, append(staff.Auth(), headers...)...)
				assertStatus(t, w.Code, 200)
				decode(t, w.Body.Bytes(), &uploaded)
			}, func() {
				a.Do("PATCH", path, fmt.Sprintf(`{"title":"Image round %d"}`, r), auth...)
			})
			read()
			if slide.Image != uploaded.Image {
				t.Fatalf("round %d: image %q, want the upload's %q", r, slide.Image, uploaded.Image)
			}
			assertStatus(t, a.Do("GET", slide.Image, "").Code, 200)
		}
		for r := range lostUpdateRounds {
			editRace(t, a, path, auth, fmt.Sprintf(`{"title":"Deals %d"}`, r), fmt.Sprintf(`{"position":%d}`, r))
			read()
			if slide.Title != fmt.Sprintf("Deals %d", r) || slide.Position != r {
				t.Fatalf("round %d: title %q, position %d: an edit was lost", r, slide.Title, slide.Position)
			}
		}
	})
}

// TestLoginRehashKeepsPasswordChange: a sign-in that upgrades a legacy hash
// never puts back the old password over a change made meanwhile.
func TestLoginRehashKeepsPasswordChange(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, map[string]string{"DWA_RATE_LIMITS": "login=off,login-fail=off,password=off"})
		const django = "pbkdf2_sha256$260000$kZ3vQq1Xo9cS$LR6a0uHJF09X1aoUeyF0giZmKZR6DU5vnkCWJ1ZN3Dk="
		const old, changed = "Legacy-Pa55word", "Brand-new-Pa55word"
		acc := a.Shopper("legacy")
		login := func(password string) int {
			return a.Do("POST", "/api/auth/jwt/create/", jsonBody("username", "legacy", "password", password)).Code
		}
		for r := range 4 {
			exec(t, st, `UPDATE users SET password_hash = ? WHERE id = ?`, django, acc.User.ID)
			u, err := st.UserByID(t.Context(), acc.User.ID)
			if err != nil {
				t.Fatal(err)
			}
			auth := append(shoptest.Account{User: u, Tokens: a.SignIn(u)}.Auth(), "Content-Type", "application/json")
			fns := []func(){func() {
				w := a.Do("POST", "/api/auth/users/set_password/", jsonBody("current_password", old,
					"new_password", changed, "re_new_password", changed), auth...)
				assertStatus(t, w.Code, 204)
			}}
			for range 3 {
				fns = append(fns, func() { login(old) })
			}
			race(fns...)
			if got := login(changed); got != 200 {
				t.Fatalf("round %d: the new password answers %d; the old one %d", r, got, login(old))
			}
		}
	})
}

// TestImageUploadsRace: uploads racing for a product's last gallery places
// never pass the limit, and each image gets a place of its own.
func TestImageUploadsRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newStockRace(t, st, 0, 5)
		body, headers := upload(t, "a.jpg", "image/jpeg", photo(t, 200, 200, false))
		auth := append(f.owner.Auth(), headers...)
		const uploads = 12
		codes := make([]int, uploads)
		var fns []func()
		for i := range uploads {
			fns = append(fns, func() { codes[i] = f.a.Do("POST", f.product+"images/", body, auth...).Code })
		}
		race(fns...)
		var n, places int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT position) FROM product_images
			WHERE product_id = `+fmt.Sprint(f.sellerID)).Scan(&n, &places); err != nil {
			t.Fatal(err)
		}
		added := 0
		for _, c := range codes {
			if c == 201 || c == 200 {
				added++
			}
		}
		// The product starts with its demo image.
		if n != shop.MaxProductImages || places != n || added != shop.MaxProductImages-1 {
			t.Fatalf("%d images in %d places (%d uploads accepted: %v); want %d in as many places",
				n, places, added, codes, shop.MaxProductImages)
		}
	})
}

// TestCategoryImageUploadsRace: concurrent uploads of a category's images
// each get a place of their own.
func TestCategoryImageUploadsRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		body, headers := upload(t, "a.jpg", "image/jpeg", photo(t, 200, 200, false))
		auth := append(a.Staff("esi").Auth(), headers...)
		images := func() (n, places int) {
			t.Helper()
			if err := st.DB().R.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT position) FROM category_images
				WHERE category_id = `+fmt.Sprint(gaming.ID)).Scan(&n, &places); err != nil {
				t.Fatal(err)
			}
			return n, places
		}
		before, _ := images()
		var fns []func()
		for range 8 {
			fns = append(fns, func() {
				w := a.Do("POST", fmt.Sprintf("/api/admin/categories/%d/images/", gaming.ID), body, auth...)
				if w.Code != 201 && w.Code != 200 {
					t.Errorf("upload: %d %s", w.Code, w.Body)
				}
			})
		}
		race(fns...)
		if n, places := images(); n != before+8 || places != n {
			t.Fatalf("%d images in %d places; want %d in as many", n, places, before+8)
		}
	})
}
