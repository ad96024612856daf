package shoptest

import (
	"context"
	"strings"
	"time"

	"dwa/internal/shop"
	"dwa/internal/store/storetest"
)

// OpenStore opens an active store owned by a new user named after it.
func (a *App) OpenStore(name string) *shop.Store {
	a.T.Helper()
	owner := storetest.MustUser(a.T, a.Store, "owner_"+strings.ToLower(strings.Fields(name)[0]))
	s := &shop.Store{OwnerID: owner.ID, Name: name, Logo: "/media/demo/stores/" + strings.Fields(name)[0] + ".svg",
		Description: "Sells " + name + " things.", ContactInfo: "+233 30 200 0000", Active: true}
	if err := a.Svc.CreateStore(context.Background(), s); err != nil {
		a.T.Fatal(err)
	}
	return s
}

// NewProduct is a product builder with sensible defaults: active, in stock,
// one image, created at Now. Adjust the result before App.Products.
func NewProduct(name string, price shop.Money, cats ...*shop.Category) *shop.Product {
	p := &shop.Product{Name: name, Slug: slugify(name), UnitPrice: price, Inventory: 5, Active: true,
		Description: "<p>" + name + ".</p>", Images: []string{"/media/demo/products/" + slugify(name) + ".svg"},
		CreatedAt: Now}
	levels := []*int64{&p.CategoryID, &p.SubcategoryID, &p.SubSubcategoryID}
	for i, c := range cats {
		*levels[i] = c.ID
	}
	return p
}

// Products saves products through the service (sanitised and indexed).
func (a *App) Products(ps ...*shop.Product) {
	a.T.Helper()
	if err := a.Svc.CreateProducts(context.Background(), ps); err != nil {
		a.T.Fatal(err)
	}
}

// Review and Rate add a review or rating by a new user in the given state,
// through the store's writes (so in the change feed, like staff moderation).
func (a *App) Review(p *shop.Product, username, text, status string, at time.Time) int64 {
	a.T.Helper()
	u := storetest.MustUser(a.T, a.Store, username)
	r := &shop.Review{ProductID: p.ID, UserID: u.ID, Text: text, CreatedAt: at}
	if err := a.Store.UpsertReview(context.Background(), r); err != nil {
		a.T.Fatal(err)
	}
	if _, err := a.Store.SetReviewStatus(context.Background(), r.ID, status); err != nil {
		a.T.Fatal(err)
	}
	return r.ID
}

// Rate adds a rating by a new user in the given state.
func (a *App) Rate(p *shop.Product, username string, value int, status string, at time.Time) int64 {
	a.T.Helper()
	u := storetest.MustUser(a.T, a.Store, username)
	r := &shop.Rating{ProductID: p.ID, UserID: u.ID, Value: value, CreatedAt: at}
	if err := a.Store.UpsertRating(context.Background(), r); err != nil {
		a.T.Fatal(err)
	}
	if _, err := a.Store.SetRatingStatus(context.Background(), r.ID, status); err != nil {
		a.T.Fatal(err)
	}
	return r.ID
}

func slugify(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// DeliveryZone adds a delivery zone (city "" for the whole region).
func (a *App) DeliveryZone(region, city string, fee shop.Money, daysMin, daysMax int) shop.DeliveryZone {
	a.T.Helper()
	z := shop.DeliveryZone{Region: region, City: city, Fee: fee, DaysMin: daysMin, DaysMax: daysMax}
	zones := []shop.DeliveryZone{z}
	if err := a.Svc.AddDeliveryData(context.Background(), zones, nil, nil); err != nil {
		a.T.Fatal(err)
	}
	return zones[0]
}
