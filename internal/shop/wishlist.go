package shop

import "time"

// WishlistEntry is one product a user keeps for later.
type WishlistEntry struct {
	ID        int64
	UserID    int64
	ProductID int64
	AddedAt   time.Time
	// Product is the summary source, loaded only when asked for.
	Product *ProductDetail
}
