package service

import (
	"context"

	"dwa/internal/shop"
)

// WishlistStore keeps users' wishlists. Entries whose product is inactive
// or in a hidden category are kept but never returned.
type WishlistStore interface {
	WishlistEntries(ctx context.Context, userID int64, hidden shop.Hidden, offset, limit int) ([]shop.WishlistEntry, int, error)
	WishlistEntry(ctx context.Context, userID, id int64, hidden shop.Hidden) (*shop.WishlistEntry, error)
	AddToWishlist(ctx context.Context, e *shop.WishlistEntry) (created bool, err error)
	DeleteWishlistEntry(ctx context.Context, userID, id int64) (bool, error)
}

var errNoWishList = shop.NotFound("WishList")

// Wishlist returns a page of the user's visible entries, newest first, and
// their number; with expand each carries its product summary, loaded for
// the whole page at once.
func (s *Service) Wishlist(ctx context.Context, userID int64, expand bool, offset, limit int) ([]shop.WishlistEntry, int, error) {
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, 0, err
	}
	es, total, err := s.store.WishlistEntries(ctx, userID, vis.hidden, offset, limit)
	if err != nil || !expand {
		return es, total, err
	}
	return es, total, s.attachProducts(ctx, es)
}

func (s *Service) attachProducts(ctx context.Context, es []shop.WishlistEntry) error {
	ids := make([]int64, len(es))
	for i, e := range es {
		ids[i] = e.ProductID
	}
	ds, err := s.store.ProductDetails(ctx, ids, shop.DetailOptions{})
	if err != nil {
		return err
	}
	byID := make(map[int64]*shop.ProductDetail, len(ds))
	for _, d := range ds {
		byID[d.ID] = d
	}
	for i := range es {
		es[i].Product = byID[es[i].ProductID]
	}
	return nil
}

// WishlistEntry returns one of the user's visible entries; another user's,
// or one whose product is hidden, is 404 WishList.
func (s *Service) WishlistEntry(ctx context.Context, userID, id int64, expand bool) (*shop.WishlistEntry, error) {
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, err
	}
	e, err := s.store.WishlistEntry(ctx, userID, id, vis.hidden)
	switch {
	case err != nil:
		return nil, err
	case e == nil:
		return nil, errNoWishList
	case expand:
		es := []shop.WishlistEntry{*e}
		if err := s.attachProducts(ctx, es); err != nil {
			return nil, err
		}
		return &es[0], nil
	}
	return e, nil
}

// AddToWishlist keeps a visible product on the user's wishlist; created is
// false when it already was (the entry is returned unchanged).
func (s *Service) AddToWishlist(ctx context.Context, userID int64, product Ref) (*shop.WishlistEntry, bool, error) {
	fe := shop.FieldErrors{}
	if !product.check(fe, "product", true) {
		return nil, false, fe.Err()
	}
	if product.ID <= 0 {
		fe.Add("product", doesNotExist(product))
		return nil, false, fe.Err()
	}
	if _, err := s.Product(ctx, product.ID, shop.DetailOptions{}); err != nil {
		if shop.KindOf(err) == shop.KindNotFound {
			fe.Add("product", doesNotExist(product))
			return nil, false, fe.Err()
		}
		return nil, false, err
	}
	e := &shop.WishlistEntry{UserID: userID, ProductID: product.ID, AddedAt: s.now()}
	created, err := s.store.AddToWishlist(ctx, e)
	if err != nil {
		return nil, false, err
	}
	return e, created, nil
}

// RemoveFromWishlist deletes one of the user's entries; anyone else's is
// 404 WishList.
func (s *Service) RemoveFromWishlist(ctx context.Context, userID, id int64) error {
	ok, err := s.store.DeleteWishlistEntry(ctx, userID, id)
	if err == nil && !ok {
		err = errNoWishList
	}
	return err
}
