package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// visibleProduct is the SQL condition for a product shoppers may see:
// active, in none of the hidden categories and not of a hidden store. It
// adds its arguments to args.
func visibleProduct(alias string, hidden shop.Hidden, args *[]any) string {
	cond := alias + `.is_active = TRUE`
	notIn := func(col string, ids []int64) {
		if len(ids) == 0 {
			return
		}
		cond += ` AND COALESCE(` + alias + `.` + col + `, 0) NOT IN (` +
			marks(len(ids)) + `)`
		for _, id := range ids {
			*args = append(*args, id)
		}
	}
	for _, col := range []string{"category_id", "subcategory_id", "sub_subcategory_id"} {
		notIn(col, hidden.Categories)
	}
	notIn("store_id", hidden.Stores)
	return cond
}

// WishlistEntries returns a page of the user's entries whose products are
// visible, newest first, and how many there are.
func (s *Store) WishlistEntries(ctx context.Context, userID int64, hidden shop.Hidden, offset, limit int) ([]shop.WishlistEntry, int, error) {
	args := []any{userID}
	cond := visibleProduct("p", hidden, &args)
	args = append(args, limit, offset)
	rows, err := s.db.reader().query(ctx, `SELECT w.id, w.user_id, w.product_id, w.date_added, COUNT(*) OVER ()
		FROM wishlists w JOIN products p ON p.id = w.product_id
		WHERE w.user_id = ? AND `+cond+`
		ORDER BY w.date_added DESC, w.id DESC LIMIT ? OFFSET ?`, args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []shop.WishlistEntry
	total := 0
	for rows.Next() {
		var e shop.WishlistEntry
		var added int64
		if err := rows.Scan(&e.ID, &e.UserID, &e.ProductID, &added, &total); err != nil {
			return nil, 0, err
		}
		e.AddedAt = shop.FromMillis(added)
		out = append(out, e)
	}
	return out, total, rows.Err()
}

// WishlistEntry returns the user's entry with that id if its product is
// visible, else nil.
func (s *Store) WishlistEntry(ctx context.Context, userID, id int64, hidden shop.Hidden) (*shop.WishlistEntry, error) {
	args := []any{id, userID}
	cond := visibleProduct("p", hidden, &args)
	var e shop.WishlistEntry
	var added int64
	err := s.db.reader().queryRow(ctx, `SELECT w.id, w.user_id, w.product_id, w.date_added
		FROM wishlists w JOIN products p ON p.id = w.product_id
		WHERE w.id = ? AND w.user_id = ? AND `+cond, args...).Scan(&e.ID, &e.UserID, &e.ProductID, &added)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.db.translate(err)
	}
	e.AddedAt = shop.FromMillis(added)
	return &e, nil
}

// AddToWishlist inserts e unless the user already keeps the product; either
// way e ends up holding the stored entry. created reports which happened.
// The unique (user, product) key settles concurrent adds.
func (s *Store) AddToWishlist(ctx context.Context, e *shop.WishlistEntry) (created bool, err error) {
	err = s.db.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `INSERT INTO wishlists (user_id, product_id, date_added) VALUES (?, ?, ?)
			ON CONFLICT (user_id, product_id) DO NOTHING`, e.UserID, e.ProductID, shop.Millis(e.AddedAt))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		created = n == 1
		var added int64
		if err := c.queryRow(ctx, `SELECT id, date_added FROM wishlists WHERE user_id = ? AND product_id = ?`,
			e.UserID, e.ProductID).Scan(&e.ID, &added); err != nil {
			return s.db.translate(err)
		}
		e.AddedAt = shop.FromMillis(added)
		return nil
	})
	return created, err
}

// DeleteWishlistEntry removes the user's entry; false when there is none.
func (s *Store) DeleteWishlistEntry(ctx context.Context, userID, id int64) (bool, error) {
	res, err := s.db.writer().exec(ctx, `DELETE FROM wishlists WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
