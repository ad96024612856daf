package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"dwa/internal/shop"
)

// HasPurchased reports whether the user has a paid order (processing,
// shipped or delivered) containing the product.
func (s *Store) HasPurchased(ctx context.Context, userID, productID int64) (bool, error) {
	var n int
	err := s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM orders o JOIN order_items i ON i.order_id = o.id
		WHERE o.user_id = ? AND i.product_id = ? AND o.status IN ('processing', 'shipped', 'delivered')`,
		userID, productID).Scan(&n)
	return n > 0, s.db.translate(err)
}

// UpsertReview stores the user's review of a product, replacing an earlier
// one: new text, new date, back to pending. The unique (product, user) key
// makes parallel posts end in one row.
func (s *Store) UpsertReview(ctx context.Context, r *shop.Review) error {
	err := s.db.inTx(ctx, func(c conn) error {
		if err := lockProducts(ctx, c, r.ProductID); err != nil {
			return err
		}
		if err := c.queryRow(ctx, `INSERT INTO reviews (product_id, user_id, review, status, date_created)
			VALUES (?, ?, ?, 'pending', ?)
			ON CONFLICT (product_id, user_id) DO UPDATE SET review = excluded.review, status = 'pending',
				date_created = excluded.date_created
			RETURNING id`, r.ProductID, r.UserID, r.Text, shop.Millis(r.CreatedAt)).Scan(&r.ID); err != nil {
			return err
		}
		// Replacing a verified review takes it off the product's page.
		return recordChange(ctx, c, false, r.ProductID)
	})
	r.Status = shop.StatusPending
	return s.db.translate(err)
}

// UpsertRating is UpsertReview for ratings. Replacing a verified rating
// changes the product's average, so the product goes into the change feed.
func (s *Store) UpsertRating(ctx context.Context, r *shop.Rating) error {
	err := s.db.inTx(ctx, func(c conn) error {
		if err := lockProducts(ctx, c, r.ProductID); err != nil {
			return err
		}
		if err := c.queryRow(ctx, `INSERT INTO ratings (product_id, user_id, rating, status, date_created)
			VALUES (?, ?, ?, 'pending', ?)
			ON CONFLICT (product_id, user_id) DO UPDATE SET rating = excluded.rating, status = 'pending',
				date_created = excluded.date_created
			RETURNING id`, r.ProductID, r.UserID, r.Value, shop.Millis(r.CreatedAt)).Scan(&r.ID); err != nil {
			return err
		}
		return recordChange(ctx, c, false, r.ProductID)
	})
	r.Status = shop.StatusPending
	return s.db.translate(err)
}

// DeleteReview deletes the user's own review of the product; false when
// there is no such row.
func (s *Store) DeleteReview(ctx context.Context, productID, id, userID int64) (bool, error) {
	return s.deleteOwn(ctx, "reviews", productID, id, userID)
}

// DeleteRating deletes the user's own rating of the product.
func (s *Store) DeleteRating(ctx context.Context, productID, id, userID int64) (bool, error) {
	return s.deleteOwn(ctx, "ratings", productID, id, userID)
}

// deleteOwn deletes one of the user's rows and records a change of the
// product (the row may have been verified, and so on the product's page).
func (s *Store) deleteOwn(ctx context.Context, table string, productID, id, userID int64) (bool, error) {
	var n int64
	err := s.db.inTx(ctx, func(c conn) error {
		if err := lockProducts(ctx, c, productID); err != nil {
			return err
		}
		res, err := c.exec(ctx, `DELETE FROM `+table+` WHERE id = ? AND product_id = ? AND user_id = ?`,
			id, productID, userID)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return recordChange(ctx, c, false, productID)
	})
	return n == 1, err
}

const moderatedReviewSQL = `SELECT v.id, v.product_id, v.user_id, u.username, v.review, v.status, v.date_created, p.name
	FROM reviews v JOIN users u ON u.id = v.user_id JOIN products p ON p.id = v.product_id`

const moderatedRatingSQL = `SELECT t.id, t.product_id, t.user_id, u.username, t.rating, t.status, t.date_created, p.name
	FROM ratings t JOIN users u ON u.id = t.user_id JOIN products p ON p.id = t.product_id`

func scanModeratedReview(row scanner) (shop.ModeratedReview, error) {
	var r shop.ModeratedReview
	var created int64
	err := row.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Author, &r.Text, &r.Status, &created, &r.ProductName)
	r.CreatedAt = shop.FromMillis(created)
	return r, err
}

func scanModeratedRating(row scanner) (shop.ModeratedRating, error) {
	var r shop.ModeratedRating
	var created int64
	err := row.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Username, &r.Value, &r.Status, &created, &r.ProductName)
	r.CreatedAt = shop.FromMillis(created)
	return r, err
}

// ReviewsByStatus returns a page of reviews in a state, oldest first, and
// how many there are.
func (s *Store) ReviewsByStatus(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedReview, int, error) {
	return listByStatus(ctx, s, "reviews", moderatedReviewSQL, "v", status, offset, limit, scanModeratedReview)
}

// RatingsByStatus returns a page of ratings in a state, oldest first.
func (s *Store) RatingsByStatus(ctx context.Context, status string, offset, limit int) ([]shop.ModeratedRating, int, error) {
	return listByStatus(ctx, s, "ratings", moderatedRatingSQL, "t", status, offset, limit, scanModeratedRating)
}

func listByStatus[T any](ctx context.Context, s *Store, table, base, alias, status string, offset, limit int,
	scan func(scanner) (T, error)) ([]T, int, error) {
	c := s.db.reader()
	var total int
	if err := c.queryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE status = ?`, status).Scan(&total); err != nil {
		return nil, 0, s.db.translate(err)
	}
	rows, err := c.query(ctx, base+` WHERE `+alias+`.status = ? ORDER BY `+alias+`.date_created, `+alias+`.id
		LIMIT ? OFFSET ?`, status, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("list by status: %w", err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// SetReviewStatus moves a review to a state and returns it; nil when the
// id is unknown.
func (s *Store) SetReviewStatus(ctx context.Context, id int64, status string) (*shop.ModeratedReview, error) {
	return setStatus(ctx, s, "reviews", moderatedReviewSQL+` WHERE v.id = ?`, id, status, scanModeratedReview)
}

// SetRatingStatus moves a rating to a state and returns it.
func (s *Store) SetRatingStatus(ctx context.Context, id int64, status string) (*shop.ModeratedRating, error) {
	return setStatus(ctx, s, "ratings", moderatedRatingSQL+` WHERE t.id = ?`, id, status, scanModeratedRating)
}

func setStatus[T any](ctx context.Context, s *Store, table, query string, id int64, status string,
	scan func(scanner) (T, error)) (*T, error) {
	var out *T
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		// The product's row first (decision 0007: products before their
		// ratings and reviews); a row's product never changes.
		var productID int64
		err := c.queryRow(ctx, `SELECT product_id FROM `+table+` WHERE id = ?`, id).Scan(&productID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := lockProducts(ctx, c, productID); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE `+table+` SET status = ? WHERE id = ?`, status, id); err != nil {
			return err
		}
		if err := recordChange(ctx, c, false, productID); err != nil {
			return err
		}
		r, err := scan(c.queryRow(ctx, query, id))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return s.db.translate(err)
		}
		out = &r
		return nil
	})
	return out, err
}

// CoPurchased returns the products that share the most paid orders with
// productID, most shared orders first (ties by id), counting only the
// product's latest `window` order lines, so the work is bounded however
// often it sold; at most limit ids. Visibility is the caller's business.
func (s *Store) CoPurchased(ctx context.Context, productID int64, window, limit int) ([]int64, error) {
	rows, err := s.db.reader().query(ctx, `SELECT other.product_id FROM
		(SELECT order_id FROM order_items WHERE product_id = ? ORDER BY id DESC LIMIT ?) mine
		JOIN orders o ON o.id = mine.order_id AND o.status IN ('processing', 'shipped', 'delivered')
		JOIN order_items other ON other.order_id = mine.order_id AND other.product_id <> ?
		GROUP BY other.product_id ORDER BY COUNT(DISTINCT other.order_id) DESC, other.product_id LIMIT ?`,
		productID, window, productID, limit)
	if err != nil {
		return nil, s.db.translate(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
