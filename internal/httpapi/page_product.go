package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
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
	if len(prod.Images) > 0 {
		p.image, p.imageSizes = prod.Images[0].Image, gallerySizes
	}
	availability := "https://schema.org/OutOfStock"
	if prod.Inventory > 0 {
		availability = "https://schema.org/InStock"
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        prod.Name,
		"sku":         strconv.FormatInt(prod.ID, 10),
		"description": p.description,
		"image":       images,
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         prod.UnitPrice,
			"priceCurrency": "GHS",
			"availability":  availability,
			"url":           a.absolute(p.canonical),
		},
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
