package shop

// ModeratedReview is a review as staff see it: any state, with its product.
type ModeratedReview struct {
	Review
	ProductName string
}

// ModeratedRating is a rating as staff see it: any state, with its product.
type ModeratedRating struct {
	Rating
	ProductName string
}
