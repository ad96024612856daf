package service

import (
	"context"

	"dwa/internal/shop"
)

// ReviewStore writes reviews and ratings and serves their moderation.
type ReviewStore interface {
	HasPurchased(ctx context.Context, userID, productID int64) (bool, error)
	UpsertReview(ctx context.Context, r *shop.Review) error
	UpsertRating(ctx context.Context, r *shop.Rating) error
	DeleteReview(ctx context.Context, productID, id, userID int64) (bool, error)
	DeleteRating(ctx context.Context, productID, id, userID int64) (bool, error)
	ReviewsByStatus(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedReview, int, error)
	RatingsByStatus(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedRating, int, error)
	// SetReviewStatus and SetRatingStatus return nil for an unknown id.
	SetReviewStatus(ctx context.Context, id int64, status string) (*shop.ModeratedReview, error)
	SetRatingStatus(ctx context.Context, id int64, status string) (*shop.ModeratedRating, error)
}

// MaxReviewLength is the longest review text in code points.
const MaxReviewLength = 5000

var errPurchaseRequired = &shop.Error{Kind: shop.KindForbidden, Code: "purchase_required",
	Detail: "You must purchase the product before leaving a review."}

// FieldValue is a body field decoded only as far as the HTTP layer can
// without deciding its meaning, so that the service can check the
// product and the purchase before the fields (contract §2.2 order).
type FieldValue struct {
	Present bool
	Null    bool
	Text    string // a string as sent (trimmed), or a number's or boolean's text
	TypeErr string // set when the value is not a string
}

// mayReview applies the checks that come before the fields: the product is
// visible and the caller bought it.
func (s *Service) mayReview(ctx context.Context, u *shop.User, productID int64) error {
	if _, err := s.Product(ctx, productID, shop.DetailOptions{}); err != nil {
		return err
	}
	ok, err := s.store.HasPurchased(ctx, u.ID, productID)
	if err != nil {
		return err
	}
	if !ok {
		return errPurchaseRequired
	}
	return nil
}

// PostReview stores the caller's review of a product they bought, replacing
// an earlier one; it waits for moderation.
func (s *Service) PostReview(ctx context.Context, u *shop.User, productID int64, text FieldValue) (shop.Review, error) {
	if err := s.mayReview(ctx, u, productID); err != nil {
		return shop.Review{}, err
	}
	fe := shop.FieldErrors{}
	switch {
	case text.Null:
		fe.Add("review", "This field may not be null.")
	case text.TypeErr != "":
		fe.Add("review", text.TypeErr)
	default:
		var v *string
		if text.Present {
			v = &text.Text
		}
		requiredText(fe, "review", v, MaxReviewLength)
	}
	if err := fe.Err(); err != nil {
		return shop.Review{}, err
	}
	r := shop.Review{ProductID: productID, UserID: u.ID, Author: u.Username, Text: text.Text, CreatedAt: s.now()}
	return r, s.store.UpsertReview(ctx, &r)
}

// ratingChoices are the accepted rating texts and their values.
var ratingChoices = map[string]int{"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}

// PostRating stores the caller's 1–5 rating of a product they bought,
// replacing an earlier one; it waits for moderation.
func (s *Service) PostRating(ctx context.Context, u *shop.User, productID int64, rating FieldValue) (shop.Rating, error) {
	if err := s.mayReview(ctx, u, productID); err != nil {
		return shop.Rating{}, err
	}
	value, ok := ratingChoices[rating.Text]
	switch {
	case !rating.Present:
		return shop.Rating{}, shop.Invalid(map[string][]string{"rating": {msgRequired}})
	case rating.Null:
		return shop.Rating{}, shop.Invalid(map[string][]string{"rating": {"This field may not be null."}})
	case !ok:
		return shop.Rating{}, shop.Invalid(map[string][]string{"rating": {`"` + rating.Text + `" is not a valid choice.`}})
	}
	r := shop.Rating{ProductID: productID, UserID: u.ID, Username: u.Username, Value: value, CreatedAt: s.now()}
	return r, s.store.UpsertRating(ctx, &r)
}

// DeleteReview deletes the caller's own review; anything else is 404 Review.
func (s *Service) DeleteReview(ctx context.Context, u *shop.User, productID, id int64) error {
	ok, err := s.store.DeleteReview(ctx, productID, id, u.ID)
	if err == nil && !ok {
		err = shop.NotFound("Review")
	}
	return err
}

// DeleteRating deletes the caller's own rating; anything else is 404 Rating.
func (s *Service) DeleteRating(ctx context.Context, u *shop.User, productID, id int64) error {
	ok, err := s.store.DeleteRating(ctx, productID, id, u.ID)
	if err == nil && !ok {
		err = shop.NotFound("Rating")
	}
	return err
}

// moderationStatus validates ?status= (default pending).
func moderationStatus(raw string) (string, error) {
	switch raw {
	case "":
		return shop.StatusPending, nil
	case shop.StatusPending, shop.StatusApproved, shop.StatusRejected:
		return raw, nil
	}
	return "", shop.Invalid(map[string][]string{"status": {"Select a valid choice. " + raw + " is not one of the available choices."}})
}

// ReviewsForModeration lists reviews in a state (default pending), oldest
// first. Callers must be staff; the HTTP layer and the CLI ensure it.
func (s *Service) ReviewsForModeration(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedReview, int, error) {
	st, err := moderationStatus(status)
	if err != nil {
		return nil, 0, err
	}
	return s.store.ReviewsByStatus(ctx, st, offset, limit)
}

// RatingsForModeration lists ratings in a state, oldest first.
func (s *Service) RatingsForModeration(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedRating, int, error) {
	st, err := moderationStatus(status)
	if err != nil {
		return nil, 0, err
	}
	return s.store.RatingsByStatus(ctx, st, offset, limit)
}

// ModerateReview approves or rejects a review (idempotent); product
// figures follow at once because they are computed from approved rows.
func (s *Service) ModerateReview(ctx context.Context, id int64, approve bool) (*shop.ModeratedReview, error) {
	r, err := s.store.SetReviewStatus(ctx, id, verdict(approve))
	if err == nil && r == nil {
		err = shop.NotFound("Review")
	}
	return r, err
}

// ModerateRating approves or rejects a rating (idempotent).
func (s *Service) ModerateRating(ctx context.Context, id int64, approve bool) (*shop.ModeratedRating, error) {
	r, err := s.store.SetRatingStatus(ctx, id, verdict(approve))
	if err == nil && r == nil {
		err = shop.NotFound("Rating")
	}
	return r, err
}

func verdict(approve bool) string {
	if approve {
		return shop.StatusApproved
	}
	return shop.StatusRejected
}
