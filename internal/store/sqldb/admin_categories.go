package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// Staff edits of categories and their images.

// UpdateCategory writes the sent fields of a category in one transaction,
// with the row locked (PostgreSQL; SQLite's single writer serialises), so
// that two staff editing different fields both keep theirs. A new name is
// part of the search documents of the products filed under it, which are
// rewritten in the same transaction. False when no such category.
func (s *Store) UpdateCategory(ctx context.Context, id int64, ch shop.CategoryChange) (bool, error) {
	var l setList
	setIf(&l, "name", ch.Name)
	setIf(&l, "position", ch.Position)
	setIf(&l, "is_active", ch.Active)
	found := false
	err := s.db.inTx(ctx, func(c conn) (err error) {
		found, err = updateNamed(ctx, c, "categories", id, &l, ch.Name,
			`category_id = ? OR subcategory_id = ? OR sub_subcategory_id = ?`, id, id, id)
		return err
	})
	return found, err
}

// AddCategoryImage appends an image to a category; 0 when no such category.
func (s *Store) AddCategoryImage(ctx context.Context, categoryID int64, url string) (int64, error) {
	var id int64
	err := s.db.inTx(ctx, func(c conn) error {
		id = 0 // inTx may run this twice
		// The category row is locked (PostgreSQL) so that concurrent uploads
		// take distinct positions.
		var found int64
		err := c.queryRow(ctx, `SELECT id FROM categories WHERE id = ?`+s.db.Dialect.ForUpdate, categoryID).Scan(&found)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		var last int
		if err := c.queryRow(ctx, `SELECT COALESCE(MAX(position), -1) FROM category_images WHERE category_id = ?`,
			categoryID).Scan(&last); err != nil {
			return err
		}
		if id, err = c.insertID(ctx, `INSERT INTO category_images (category_id, image, position) VALUES (?, ?, ?)`,
			categoryID, url, last+1); err != nil {
			return err
		}
		return recordChange(ctx, c, true)
	})
	return id, err
}

// DeleteCategoryImage removes a category's image and returns its URL, ""
// when there is no such image.
func (s *Store) DeleteCategoryImage(ctx context.Context, categoryID, imageID int64) (string, error) {
	var url string
	err := s.db.inTx(ctx, func(c conn) (err error) {
		if url, err = deleteImage(ctx, c, "category_images", "category_id", categoryID, imageID); err != nil || url == "" {
			return err
		}
		return recordChange(ctx, c, true)
	})
	return url, err
}
