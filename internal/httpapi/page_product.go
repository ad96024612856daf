package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// productJSON is the part of the product object the page's head uses.
type productJSON struct {
	ID            int64       `json:"id"`
	Name          string      `json:"name"`
	Description   string      `json:"description"`
	UnitPrice     string      `json:"unit_price"`
	Inventory     int         `json:"inventory"`
	AverageRating json.Number `json:"average_rating"`
	RatingsCount  int         `json:"ratings_count"`
	Images        []struct {
		Image string `json:"image"`
	} `json:"images"`
	Store *struct {
		Name string `json:"name"`
	} `json:"store"`
	Variants []struct {
		ID        int64    `json:"id"`
		SKU       string   `json:"sku"`
		Options   []string `json:"options"`
		UnitPrice string   `json:"unit_price"`
		Inventory int      `json:"inventory"`
		Active    bool     `json:"active"`
	} `json:"variants"`
}

// offerAvailability is schema.org's word for a stock level.
func offerAvailability(inventory int) string {
	if inventory > 0 {
		return "https://schema.org/InStock"
	}
	return "https://schema.org/OutOfStock"
}

// productOffers is one Offer for a product without options, else one per
// active variant, each with its own SKU, price, stock and address (?variant=),
// so search engines can show the choice a shopper searched for.
func (a *API) productOffers(prod *productJSON, canonical string) any {
	if len(prod.Variants) == 0 {
		return map[string]any{
			"@type":         "Offer",
			"price":         prod.UnitPrice,
			"priceCurrency": "GHS",
			"availability":  offerAvailability(prod.Inventory),
			"url":           a.absolute(canonical),
		}
	}
	offers := make([]map[string]any, 0, len(prod.Variants))
	for _, v := range prod.Variants {
		if !v.Active {
			continue
		}
		sku := v.SKU
		if sku == "" {
			sku = strconv.FormatInt(prod.ID, 10) + "-" + strconv.FormatInt(v.ID, 10)
		}
		offers = append(offers, map[string]any{
			"@type":         "Offer",
			"name":          prod.Name + " — " + strings.Join(v.Options, " · "),
			"sku":           sku,
			"price":         v.UnitPrice,
			"priceCurrency": "GHS",
			"availability":  offerAvailability(v.Inventory),
			"url":           a.absolute(canonical + "?variant=" + strconv.FormatInt(v.ID, 10)),
		})
	}
	return offers
}

func (a *API) productPage(r *http.Request, p *page) {
	id, ok := pathID(r, "id")
	if !ok {
		p.status, p.title = http.StatusNotFound, titled("Failed to load product")
		return
	}
	path := "/store/products/" + strconv.FormatInt(id, 10) + "/"
	raw, status := a.internalGet(r.Context(), path, nil)
	if status == http.StatusNotFound {
		// The app shows 'Failed to load product'; crawlers learn the truth.
		p.status, p.title = http.StatusNotFound, titled("Failed to load product")
		return
	}
	var prod productJSON
	if status != http.StatusOK || json.Unmarshal(raw, &prod) != nil {
		return
	}
	p.island[path] = raw
	p.title = titled(prod.Name)
	p.canonical = "/store/products/" + strconv.FormatInt(prod.ID, 10)
	p.ogType = "product"
	if text := clip(htmlText(prod.Description), descriptionLimit); text != "" {
		p.description = text
	}
	images := make([]string, 0, len(prod.Images))
	for _, im := range prod.Images {
		images = append(images, a.absolute(im.Image))
	}
	shown := ""
	if len(prod.Images) > 0 {
		p.image, p.imageSizes = prod.Images[0].Image, gallerySizes
		// A variant in the address may show its own images (web/src/lib/variants.ts).
		if !r.URL.Query().Has("variant") {
			shown = p.image
		}
	}
	p.shell = productShell(shown, prod.Name, p.saveData)
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        prod.Name,
		"sku":         strconv.FormatInt(prod.ID, 10),
		"description": p.description,
		"image":       images,
		"offers":      a.productOffers(&prod, p.canonical),
	}
	if prod.Store != nil {
		ld["brand"] = map[string]any{"@type": "Brand", "name": prod.Store.Name}
	}
	if prod.RatingsCount > 0 {
		ld["aggregateRating"] = map[string]any{"@type": "AggregateRating",
			"ratingValue": prod.AverageRating, "ratingCount": prod.RatingsCount}
	}
	p.jsonLD = ld
}
