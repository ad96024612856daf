package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/shop"
)

type reviewRequest struct {
	Review json.RawMessage `json:"review"`
}

type ratingRequest struct {
	Rating json.RawMessage `json:"rating"`
}

func (a *API) postReview(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	in, err := decoded[reviewRequest](r)
	if err != nil {
		return err
	}
	rv, err := a.svc.PostReview(r.Context(), caller(r), id, decodeField(in.Review))
	return replyResult(w, http.StatusCreated, rv, err, toReviewDTO)
}

func (a *API) postRating(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	in, err := decoded[ratingRequest](r)
	if err != nil {
		return err
	}
	rt, err := a.svc.PostRating(r.Context(), caller(r), id, decodeField(in.Rating))
	return replyResult(w, http.StatusCreated, rt, err, toRatingDTO)
}

// productAndRowIDs reads /products/{id}/…/{rid}; either malformed is the
// plain 404.
func productAndRowIDs(r *http.Request) (productID, id int64, err error) {
	if productID, err = idOf(r, "id"); err != nil {
		return 0, 0, err
	}
	id, err = idOf(r, "rid")
	return productID, id, err
}

func (a *API) deleteReview(w http.ResponseWriter, r *http.Request) error {
	pid, id, err := productAndRowIDs(r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteReview(r.Context(), caller(r), pid, id))
}

func (a *API) deleteRating(w http.ResponseWriter, r *http.Request) error {
	pid, id, err := productAndRowIDs(r)
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteRating(r.Context(), caller(r), pid, id))
}

// Staff moderation rows (contract §2.10).

type moderatedProductDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type moderatedReviewDTO struct {
	ID          int64               `json:"id"`
	Product     moderatedProductDTO `json:"product"`
	User        int64               `json:"user"`
	Author      string              `json:"author"`
	Review      string              `json:"review"`
	DateCreated string              `json:"date_created"`
	Status      string              `json:"status"`
	IsVerified  bool                `json:"is_verified"`
}

type moderatedRatingDTO struct {
	ID          int64               `json:"id"`
	Product     moderatedProductDTO `json:"product"`
	User        int64               `json:"user"`
	Username    string              `json:"username"`
	Rating      int                 `json:"rating"`
	DateCreated string              `json:"date_created"`
	Status      string              `json:"status"`
	IsVerified  bool                `json:"is_verified"`
}

func toModeratedReview(v shop.ModeratedReview) moderatedReviewDTO {
	return moderatedReviewDTO{ID: v.ID, Product: moderatedProductDTO{ID: v.ProductID, Name: v.ProductName}, User: v.UserID,
		Author: v.Author, Review: v.Text, DateCreated: shop.FormatTime(v.CreatedAt), Status: v.Status, IsVerified: v.Verified()}
}

func toModeratedRating(v shop.ModeratedRating) moderatedRatingDTO {
	return moderatedRatingDTO{ID: v.ID, Product: moderatedProductDTO{ID: v.ProductID, Name: v.ProductName}, User: v.UserID,
		Username: v.Username, Rating: v.Value, DateCreated: shop.FormatTime(v.CreatedAt), Status: v.Status, IsVerified: v.Verified()}
}

func (a *API) listModeratedReviews(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toModeratedReview, func(p pager) ([]shop.ModeratedReview, int, error) {
		return a.svc.ReviewsForModeration(r.Context(), lastQueryValue(r, "status"), p.offset, p.limit)
	})
}

func (a *API) listModeratedRatings(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toModeratedRating, func(p pager) ([]shop.ModeratedRating, int, error) {
		return a.svc.RatingsForModeration(r.Context(), lastQueryValue(r, "status"), p.offset, p.limit)
	})
}

// moderateReview answers POST /admin/reviews/{id}/approve|reject/.
func (a *API) moderateReview(approve bool) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idOf(r, "id")
		if err != nil {
			return err
		}
		v, err := a.svc.ModerateReview(r.Context(), id, approve)
		return replyResult(w, http.StatusOK, v, err, deref(toModeratedReview))
	}
}

// moderateRating answers POST /admin/ratings/{id}/approve|reject/.
func (a *API) moderateRating(approve bool) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idOf(r, "id")
		if err != nil {
			return err
		}
		v, err := a.svc.ModerateRating(r.Context(), id, approve)
		return replyResult(w, http.StatusOK, v, err, deref(toModeratedRating))
	}
}
