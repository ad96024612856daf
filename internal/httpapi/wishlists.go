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

func (a *API) listWishlist(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toWishlistDTO, func(p pager) ([]shop.WishlistEntry, int, error) {
		return a.svc.Wishlist(r.Context(), caller(r).ID, expandProduct(r), p.offset, p.limit)
	})
}

type wishlistRequest struct {
	Product json.RawMessage `json:"product"`
}

func (a *API) addToWishlist(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[wishlistRequest](r)
	if err != nil {
		return err
	}
	e, created, err := a.svc.AddToWishlist(r.Context(), caller(r).ID, decodeRef(in.Product))
	return replyResult(w, createdOrOK(created), e, err, deref(a.toWishlistDTO))
}

func (a *API) getWishlistEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	e, err := a.svc.WishlistEntry(r.Context(), caller(r).ID, id, expandProduct(r))
	return replyResult(w, http.StatusOK, e, err, deref(a.toWishlistDTO))
}

func (a *API) deleteWishlistEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.RemoveFromWishlist(r.Context(), caller(r).ID, id))
}
