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

func (a *API) postReview(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	var in reviewRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	rv, err := a.svc.PostReview(r.Context(), caller(r), id, decodeField(in.Review))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toReviewDTO(rv))
}

func (a *API) postRating(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	var in ratingRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	rt, err := a.svc.PostRating(r.Context(), caller(r), id, decodeField(in.Rating))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toRatingDTO(rt))
}

func (a *API) deleteReview(w http.ResponseWriter, r *http.Request) {
	pid, ok1 := pathID(r, "id")
	id, ok2 := pathID(r, "rid")
	if !ok1 || !ok2 {
		notFound(w, r)
		return
	}
	if err := a.svc.DeleteReview(r.Context(), caller(r), pid, id); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

func (a *API) deleteRating(w http.ResponseWriter, r *http.Request) {
	pid, ok1 := pathID(r, "id")
	id, ok2 := pathID(r, "rid")
	if !ok1 || !ok2 {
		notFound(w, r)
		return
	}
	if err := a.svc.DeleteRating(r.Context(), caller(r), pid, id); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
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

func (a *API) listModeratedReviews(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rows, total, err := a.svc.ReviewsForModeration(r.Context(), lastQueryValue(r, "status"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, err := encodeAll(rows, func(v shop.ModeratedReview) ([]byte, error) { return marshal(toModeratedReview(v)) })
	if err != nil {
		writeError(w, r, err)
		return
	}
	a.writePage(w, r, p, items, total, nil)
}

func (a *API) listModeratedRatings(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	rows, total, err := a.svc.RatingsForModeration(r.Context(), lastQueryValue(r, "status"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, err := encodeAll(rows, func(v shop.ModeratedRating) ([]byte, error) { return marshal(toModeratedRating(v)) })
	if err != nil {
		writeError(w, r, err)
		return
	}
	a.writePage(w, r, p, items, total, nil)
}

// moderateReview answers POST /admin/reviews/{id}/approve|reject/.
func (a *API) moderateReview(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(r, "id")
		if !ok {
			notFound(w, r)
			return
		}
		v, err := a.svc.ModerateReview(r.Context(), id, approve)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toModeratedReview(*v))
	}
}

// moderateRating answers POST /admin/ratings/{id}/approve|reject/.
func (a *API) moderateRating(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(r, "id")
		if !ok {
			notFound(w, r)
			return
		}
		v, err := a.svc.ModerateRating(r.Context(), id, approve)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, toModeratedRating(*v))
	}
}
