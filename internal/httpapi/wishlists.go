package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/shop"
)

type wishlistDTO struct {
	ID        int64  `json:"id"`
	Product   int64  `json:"product"`
	DateAdded string `json:"date_added"`
	// ProductSummary is sent only with ?expand=product.
	ProductSummary *productSummaryDTO `json:"product_summary,omitempty"`
}

type productSummaryDTO struct {
	ID            int64             `json:"id"`
	Name          string            `json:"name"`
	UnitPrice     string            `json:"unit_price"`
	Images        []productImageDTO `json:"images"`
	Inventory     int               `json:"inventory"`
	AverageRating json.RawMessage   `json:"average_rating"`
}

func (a *API) toWishlistDTO(e shop.WishlistEntry) wishlistDTO {
	out := wishlistDTO{ID: e.ID, Product: e.ProductID, DateAdded: shop.FormatTime(e.AddedAt)}
	if d := e.Product; d != nil {
		out.ProductSummary = &productSummaryDTO{ID: d.ID, Name: d.Name, UnitPrice: d.UnitPrice.String(), Images: a.imageList(d.Images),
			Inventory: d.Inventory, AverageRating: ratingNumber(d.Ratings.Average())}
	}
	return out
}

// expandProduct reads ?expand=product.
func expandProduct(r *http.Request) bool { return lastQueryValue(r, "expand") == "product" }

func (a *API) listWishlist(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	es, total, err := a.svc.Wishlist(r.Context(), caller(r).ID, expandProduct(r), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, err := encodeAll(es, func(e shop.WishlistEntry) ([]byte, error) { return marshal(a.toWishlistDTO(e)) })
	if err != nil {
		writeError(w, r, err)
		return
	}
	a.writePage(w, r, p, items, total, nil)
}

type wishlistRequest struct {
	Product json.RawMessage `json:"product"`
}

func (a *API) addToWishlist(w http.ResponseWriter, r *http.Request) {
	var in wishlistRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	e, created, err := a.svc.AddToWishlist(r.Context(), caller(r).ID, decodeRef(in.Product))
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, a.toWishlistDTO(*e))
}

func (a *API) getWishlistEntry(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	e, err := a.svc.WishlistEntry(r.Context(), caller(r).ID, id, expandProduct(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toWishlistDTO(*e))
}

func (a *API) deleteWishlistEntry(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	if err := a.svc.RemoveFromWishlist(r.Context(), caller(r).ID, id); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}
