package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// cardFields is the storefront's LIST_FIELDS: a list asking for no more is
// answered from the kept list cards (decision 0016).
const cardFields = "id,name,description,unit_price,was_price,images,inventory,average_rating,ratings_count,price_varies"

// TestListCardsMatchDetails: every product of a list answered from the
// kept cards is byte for byte what the product's own answer, read from
// the database, carries for the same fields — at first and after each kind
// of write a card shows — and such a list runs no SQL.
func TestListCardsMatchDetails(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		ctx := context.Background()
		f := newVariantFixture(t, st)
		var chargers []*shop.Product
		for i := range 24 {
			p := shoptest.NewProduct(fmt.Sprintf("Charger %02d", i), shop.Money(1000+37*i))
			p.StoreID, p.Inventory = f.phone.StoreID, i%5
			if i%3 == 0 {
				p.WasPrice = p.UnitPrice + 500
			}
			p.Images = []string{fmt.Sprintf("/media/c%d-a.jpg", i), fmt.Sprintf("/media/c%d-b.jpg", i)}
			chargers = append(chargers, p)
		}
		f.a.Products(chargers...)
		for i, p := range chargers[:6] {
			f.a.Rate(p, fmt.Sprintf("rater%d", i), 1+i%5, shop.StatusApproved, shoptest.Now)
		}
		// The background fill after the first build.
		for deadline := time.Now().Add(30 * time.Second); st.CardFills() == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the list cards were not filled in 30 s")
			}
		}

		// The first list reads the category tree.
		assertStatus(t, f.a.Do("GET", "/api/store/products/?page_size=1", "").Code, 200)
		checks := 0
		check := func(step string) {
			t.Helper()
			checks++
			before := st.DB().QueryCount()
			// Another page size each time, so the read cache has no answer.
			w := f.a.Do("GET", fmt.Sprintf("/api/store/products/?ordering=name&page_size=%d&fields=%s", 100-checks, cardFields), "")
			assertStatus(t, w.Code, 200)
			if n := st.DB().QueryCount() - before; n != 0 {
				t.Errorf("%s: the card list ran %d statements; want none", step, n)
			}
			var page struct{ Results []json.RawMessage }
			decode(t, w.Body.Bytes(), &page)
			if len(page.Results) < len(chargers)+2 {
				t.Fatalf("%s: %d products listed; want all %d and the bag's", step, len(page.Results), len(chargers)+2)
			}
			for _, card := range page.Results {
				var id struct{ ID int64 }
				decode(t, card, &id)
				d := f.a.Do("GET", fmt.Sprintf("/api/store/products/%d/?fields=%s", id.ID, cardFields), "")
				assertStatus(t, d.Code, 200)
				if got, want := string(card), d.Body.String(); got != want {
					t.Errorf("%s: product %d listed as\n%s\nits own answer\n%s", step, id.ID, got, want)
				}
			}
		}
		check("at start")

		edit := func(p *shop.Product, in service.ProductInput) {
			t.Helper()
			if _, err := f.a.Svc.UpdateSellerProduct(ctx, f.owner.User, p.ID, in); err != nil {
				t.Fatal(err)
			}
		}
		price, was, name, desc := "12.34", "20.00", "Charger Max", "<p>Fast, <b>65 W</b>.</p>"
		stock, zero, expected := int64(0), int64(0), int64(chargers[1].Inventory)
		edit(chargers[0], service.ProductInput{Price: &price, WasPrice: &was})
		check("price and deal")
		edit(chargers[1], service.ProductInput{Inventory: &stock, ExpectedInventory: &expected})
		check("stock to 0")
		edit(chargers[2], service.ProductInput{Name: &name, Description: &desc})
		check("rename")
		images := imageIDs(t, f, chargers[3].ID)
		if _, err := f.a.Svc.ReorderProductImages(ctx, f.owner.User, chargers[3].ID, []int64{images[1], images[0]}); err != nil {
			t.Fatal(err)
		}
		check("images reordered")
		if err := f.a.Svc.DeleteProductImage(ctx, f.owner.User, chargers[4].ID, imageIDs(t, f, chargers[4].ID)[0]); err != nil {
			t.Fatal(err)
		}
		check("image deleted")
		pending := f.a.Rate(chargers[5], "late_rater", 2, shop.StatusPending, shoptest.Now)
		check("pending rating")
		if _, err := f.a.Svc.ModerateRating(ctx, pending, true); err != nil {
			t.Fatal(err)
		}
		check("rating approved")
		f.setUp(t)
		check("variants with prices that differ")
		p := f.do(t, "GET", f.seller, "")
		body := `{"variants":[`
		for i, v := range p.Variants {
			if i > 0 {
				body += ","
			}
			body += fmt.Sprintf(`{"id":%d,"unit_price":"5499.00"}`, v.ID)
		}
		f.do(t, "PATCH", f.seller+"variants/", body+"]}")
		check("variants at one price")
		back := int64(3)
		edit(chargers[1], service.ProductInput{Inventory: &back, ExpectedInventory: &zero})
		check("stock back from 0")
	})
}

// imageIDs are a product's image ids in their order, from its own answer.
func imageIDs(t *testing.T, f variantFixture, productID int64) []int64 {
	t.Helper()
	w := f.a.Do("GET", fmt.Sprintf("/api/store/products/%d/?fields=images", productID), "")
	assertStatus(t, w.Code, 200)
	var p struct{ Images []struct{ ID int64 } }
	decode(t, w.Body.Bytes(), &p)
	ids := make([]int64, len(p.Images))
	for i, im := range p.Images {
		ids[i] = im.ID
	}
	return ids
}
