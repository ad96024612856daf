package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// A product's gallery, edited by its store.

// ownedProduct checks, inside c, that the product is the store's, and
// locks its row (PostgreSQL; SQLite's single writer serialises) so that
// gallery changes of one product run one after the other: two uploads
// racing for the last place would otherwise both count the images before
// either adds its own.
func ownedProduct(ctx context.Context, c conn, storeID, productID int64) (bool, error) {
	var id int64
	err := c.queryRow(ctx, `SELECT id FROM products WHERE id = ? AND store_id = ?`+c.db.Dialect.ForUpdate,
		productID, storeID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// AddProductImage appends an image to the store's product unless it has
// `limit` images already (shop.ErrTooManyImages). It returns 0 when the
// product is not the store's.
func (s *Store) AddProductImage(ctx context.Context, storeID, productID int64, url string, limit int) (int64, error) {
	var id int64
	err := s.db.inTx(ctx, func(c conn) error {
		id = 0 // inTx may run this twice
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		var n, last int
		if err := c.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(position), -1) FROM product_images WHERE product_id = ?`,
			productID).Scan(&n, &last); err != nil {
			return err
		}
		if n >= limit {
			return shop.ErrTooManyImages
		}
		if id, err = c.insertID(ctx, `INSERT INTO product_images (product_id, image, position) VALUES (?, ?, ?)`,
			productID, url, last+1); err != nil {
			return err
		}
		return recordChange(ctx, c, false, productID)
	})
	return id, err
}

// DeleteProductImage removes one image of the store's product and returns
// its URL ("" when there is no such image).
func (s *Store) DeleteProductImage(ctx context.Context, storeID, productID, imageID int64) (string, error) {
	var url string
	err := s.db.inTx(ctx, func(c conn) error {
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		if url, err = deleteImage(ctx, c, "product_images", "product_id", productID, imageID); err != nil || url == "" {
			return err
		}
		return recordChange(ctx, c, false, productID)
	})
	return url, err
}

// deleteImage deletes one image row of a gallery table (product_images,
// category_images) belonging to owner and returns its URL, "" when there is
// no such row; the caller records the change. table and column are
// constants of the callers, never input.
func deleteImage(ctx context.Context, c conn, table, column string, owner, imageID int64) (string, error) {
	var url string
	err := c.queryRow(ctx, `DELETE FROM `+table+` WHERE id = ? AND `+column+` = ? RETURNING image`,
		imageID, owner).Scan(&url)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return url, err
}

// ReorderProductImages sets the order of the store's product's images to
// ids, which must name each of them exactly once; false otherwise (and
// when the product is not the store's).
func (s *Store) ReorderProductImages(ctx context.Context, storeID, productID int64, ids []int64) (bool, error) {
	done := false
	err := s.db.inTx(ctx, func(c conn) error {
		done = false // inTx may run this twice
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM product_images WHERE product_id = ?`, productID).Scan(&n); err != nil {
			return err
		}
		seen := map[int64]bool{}
		for _, id := range ids {
			seen[id] = true
		}
		if n != len(ids) || len(seen) != n {
			return nil
		}
		for pos, id := range ids {
			res, err := c.exec(ctx, `UPDATE product_images SET position = ? WHERE id = ? AND product_id = ?`, pos, id, productID)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil || k != 1 {
				return errRollback
			}
		}
		done = true
		return recordChange(ctx, c, false, productID)
	})
	if errors.Is(err, errRollback) {
		return false, nil
	}
	return done, err
}
