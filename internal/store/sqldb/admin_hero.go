package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// Staff edits of the home page's hero slides.

// UpdateHeroSlide writes the sent fields of a slide in one transaction,
// with the row locked (PostgreSQL; SQLite's single writer serialises): an
// image uploaded meanwhile stays, and a slide is shown only while it has
// one (shop.ErrHeroNeedsImage). False when there is no such slide.
func (s *Store) UpdateHeroSlide(ctx context.Context, id int64, ch shop.HeroChange) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		var image string
		err := c.queryRow(ctx, `SELECT image FROM hero_slides WHERE id = ?`+s.db.Dialect.ForUpdate, id).Scan(&image)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		if ch.Active != nil && *ch.Active && image == "" {
			return shop.ErrHeroNeedsImage
		}
		var l setList
		setIf(&l, "title", ch.Title)
		setIf(&l, "description", ch.Description)
		setIf(&l, "link", ch.Link)
		setIf(&l, "position", ch.Position)
		setIf(&l, "is_active", ch.Active)
		if len(l.args) == 0 {
			return nil
		}
		_, err = c.exec(ctx, `UPDATE hero_slides SET `+l.list()+` WHERE id = ?`,
			append(l.args, id)...)
		return err
	})
	return found, err
}

// SetHeroImage replaces a slide's image and returns the previous one, read
// in the same transaction (so that of two uploads, the second removes the
// first's files); false when there is no such slide.
func (s *Store) SetHeroImage(ctx context.Context, id int64, url string) (string, bool, error) {
	var old string
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		err := c.queryRow(ctx, `SELECT image FROM hero_slides WHERE id = ?`+s.db.Dialect.ForUpdate, id).Scan(&old)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		_, err = c.exec(ctx, `UPDATE hero_slides SET image = ? WHERE id = ?`, url, id)
		return err
	})
	return old, found, err
}

// DeleteHeroSlide removes a slide and returns its image URL; false when
// there is no such slide.
func (s *Store) DeleteHeroSlide(ctx context.Context, id int64) (string, bool, error) {
	var url string
	err := s.db.writer().queryRow(ctx, `DELETE FROM hero_slides WHERE id = ? RETURNING image`, id).Scan(&url)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return url, err == nil, err
}
