package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestPublicReadsAreKeptUntilTheirDataChanges: a repeated public catalogue
// read is answered from the kept encoding (no statement), identically; every
// write it depends on — catalogue, stock, a moderated review, the shuffle
// window — is visible on the very next read, and a write keeps the answers it
// did not touch.
func TestPublicReadsAreKeptUntilTheirDataChanges(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		gaming := a.Category("Gaming", "gaming", nil, 1, true)
		owner, store := a.Owner("kwame", "Accra Game Hub")
		var products []*shop.Product
		for i := range 30 {
			p := shoptest.NewProduct(fmt.Sprintf("Controller %d", i), shop.Money(78000+i), gaming)
			p.StoreID = store.ID
			p.Description = "<p>" + strings.Repeat("A wireless controller for long evenings. ", 10) + "</p>"
			products = append(products, p)
		}
		a.Products(products...)
		first := products[0]
		detail := fmt.Sprintf("/api/store/products/%d/", first.ID)

		t.Run("a repeat costs no statement and answers the same", func(t *testing.T) {
			for _, target := range []string{
				"/api/store/products/",
				"/api/store/products/?page_size=24&fields=id,name,unit_price",
				"/api/store/products/?search=controller&page=2&page_size=5",
				detail,
				"/api/store/categories/",
				fmt.Sprintf("/api/store/categories/%d/", gaming.ID),
				"/api/store/stores/?search=hub",
				fmt.Sprintf("/api/store/stores/%d/", store.ID),
			} {
				firstAnswer := a.Do("GET", target, "")
				assertStatus(t, firstAnswer.Code, 200)
				before := st.DB().QueryCount()
				again := a.Do("GET", target, "")
				if n := st.DB().QueryCount() - before; n != 0 {
					t.Errorf("%s: %d statements for a repeat, want none", target, n)
				}
				if again.Body.String() != firstAnswer.Body.String() {
					t.Errorf("%s: repeat differs:\n%s\n%s", target, again.Body, firstAnswer.Body)
				}
				for _, h := range []string{"Content-Type", "Cache-Control", "X-Total-Count", "Link", "X-Shuffle-Seed"} {
					if again.Header().Get(h) != firstAnswer.Header().Get(h) {
						t.Errorf("%s: %s %q, first %q", target, h, again.Header().Get(h), firstAnswer.Header().Get(h))
					}
				}
			}
		})

		t.Run("gzip, HEAD and a bad token are answered as without the cache", func(t *testing.T) {
			plain := a.Do("GET", "/api/store/products/", "").Body.Bytes()
			zipped := a.Do("GET", "/api/store/products/", "", "Accept-Encoding", "gzip")
			if zipped.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("Content-Encoding %q", zipped.Header().Get("Content-Encoding"))
			}
			r, err := gzip.NewReader(zipped.Body)
			if err != nil {
				t.Fatal(err)
			}
			unzipped, _ := io.ReadAll(r)
			if !bytes.Equal(unzipped, plain) {
				t.Errorf("gzipped answer differs from the plain one")
			}
			head := a.Do("HEAD", "/api/store/products/", "")
			if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != fmt.Sprint(len(plain)) {
				t.Errorf("HEAD: %d, %d body bytes, Content-Length %s", head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
			}
			bad := a.Do("GET", "/api/store/products/", "", "Authorization", "Bearer not-a-token")
			assertStatus(t, bad.Code, 401)
			missing := a.Do("GET", "/api/store/products/999999/", "")
			assertStatus(t, missing.Code, 404)
		})

		inventory := func() (int, int) {
			var p struct {
				Inventory    int `json:"inventory"`
				ReviewsCount int `json:"reviews_count"`
			}
			w := a.Do("GET", detail, "")
			assertStatus(t, w.Code, 200)
			if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
				t.Fatal(err)
			}
			return p.Inventory, p.ReviewsCount
		}

		t.Run("a catalogue write shows at once", func(t *testing.T) {
			total := a.Do("GET", "/api/store/products/", "").Header().Get("X-Total-Count")
			p := shoptest.NewProduct("Controller extra", 99000, gaming)
			a.Products(p)
			if got := a.Do("GET", "/api/store/products/", "").Header().Get("X-Total-Count"); got == total {
				t.Errorf("X-Total-Count still %s after a new product", got)
			}
		})

		t.Run("an order's stock change shows at once", func(t *testing.T) {
			stock, _ := inventory()
			shopper := a.Shopper("kofi")
			assertStatus(t, a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":2}`, first.ID), shopper.Auth()...).Code, 201)
			assertStatus(t, a.Do("POST", "/api/store/orders/", `{"shipping_address":"Osu","contact_info":"0241234567"}`, shopper.Auth()...).Code, 201)
			if got, _ := inventory(); got != stock-2 {
				t.Errorf("inventory %d after ordering 2 of %d", got, stock)
			}
		})

		t.Run("an approved review shows at once", func(t *testing.T) {
			_, reviews := inventory()
			id := a.Review(first, "ama", "Works great.", shop.StatusPending, shoptest.Now)
			staff := a.Staff("staff")
			assertStatus(t, a.Do("POST", fmt.Sprintf("/api/admin/reviews/%d/approve/", id), "", staff.Auth()...).Code, 200)
			if _, got := inventory(); got != reviews+1 {
				t.Errorf("reviews_count %d after approving one more than %d", got, reviews)
			}
		})

		t.Run("a write keeps the answers it did not touch", func(t *testing.T) {
			phones := a.Category("Phones", "phones", nil, 2, true)
			other := a.OpenStore("Kumasi Phones")
			phone := shoptest.NewProduct("Tecno Spark", 120000, phones)
			phone.StoreID = other.ID
			a.Products(phone)
			untouched := []string{detail, "/api/store/products/?category__slug=phones",
				fmt.Sprintf("/api/store/stores/%d/", other.ID), "/api/store/categories/"}
			touched := []string{fmt.Sprintf("/api/store/products/%d/", products[1].ID),
				"/api/store/products/?category__slug=gaming", fmt.Sprintf("/api/store/stores/%d/", store.ID),
				"/api/store/products/"}
			tags := map[string]string{}
			for _, target := range append(slices.Clone(untouched), touched...) {
				w := a.Do("GET", target, "")
				assertStatus(t, w.Code, 200)
				tags[target] = w.Header().Get("ETag")
			}
			assertStatus(t, a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", products[1].ID), `{"price":"700"}`,
				owner.Auth()...).Code, 200)
			for _, target := range untouched {
				before := st.DB().QueryCount()
				w := a.Do("GET", target, "")
				if n := st.DB().QueryCount() - before; n != 0 || w.Header().Get("ETag") != tags[target] {
					t.Errorf("%s: %d statements and ETag %s (was %s) after another store's product changed, want it kept",
						target, n, w.Header().Get("ETag"), tags[target])
				}
			}
			for _, target := range touched {
				before := st.DB().QueryCount()
				w := a.Do("GET", target, "")
				n := st.DB().QueryCount() - before
				switch {
				case strings.Contains(target, "/stores/"):
					// The store shows no price: its answer is computed
					// again (its ratings read) and comes out the same.
					if n == 0 {
						t.Errorf("%s: answered from the cache after a product it depends on changed", target)
					}
				case !strings.Contains(w.Body.String(), `"unit_price":"700.00"`) || w.Header().Get("ETag") == tags[target]:
					// The other products' details may all be kept: what
					// tells a fresh answer is the new price and its tag.
					t.Errorf("%s: ETag %s (was %s) and no new price after a product it shows changed:\n%.300s",
						target, w.Header().Get("ETag"), tags[target], w.Body)
				}
			}
		})

		t.Run("the default shuffle moves with its window", func(t *testing.T) {
			seed := a.Do("GET", "/api/store/products/", "").Header().Get("X-Shuffle-Seed")
			a.Clock.Advance(10 * time.Minute)
			if got := a.Do("GET", "/api/store/products/", "").Header().Get("X-Shuffle-Seed"); got == seed {
				t.Errorf("X-Shuffle-Seed still %s in the next window", got)
			}
		})
	})
}
