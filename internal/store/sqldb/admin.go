package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Staff administration: users and complaints.

// Users returns one page of accounts whose username or e-mail contains
// search (any case), newest first, and how many match.
func (s *Store) Users(ctx context.Context, search string, offset, limit int) ([]shop.User, int, error) {
	where := ``
	var args []any
	if q := strings.TrimSpace(search); q != "" {
		pattern := "%" + likeEscaper.Replace(shop.FoldKey(q)) + "%"
		where = ` WHERE username_key LIKE ? ESCAPE '\' OR email_key LIKE ? ESCAPE '\'`
		args = append(args, pattern, pattern)
	}
	c := s.db.reader()
	rows, err := c.query(ctx, `SELECT `+userColumns+` FROM users`+where+` ORDER BY date_joined DESC, id DESC
		LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []shop.User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *u)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(out), `SELECT COUNT(*) FROM users`+where, args...)
	return out, total, err
}

// SetUserFlags changes a user's staff and active flags (nil = unchanged);
// deactivating also revokes every refresh token. False when no such user.
func (s *Store) SetUserFlags(ctx context.Context, id int64, staff, active *bool, at time.Time) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		res, err := c.exec(ctx, `UPDATE users SET is_staff = COALESCE(?, is_staff), is_active = COALESCE(?, is_active)
			WHERE id = ?`, nullBool(staff), nullBool(active), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		found = true
		if active != nil && !*active {
			_, err = c.exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`,
				shop.Millis(at), id)
		}
		return err
	})
	return found, err
}

func nullBool(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

// Complaints returns one page of complaints, open ones or handled ones,
// oldest first, and how many there are.
func (s *Store) Complaints(ctx context.Context, handled bool, offset, limit int) ([]shop.Complaint, int, error) {
	where := ` WHERE handled_at IS NULL`
	if handled {
		where = ` WHERE handled_at IS NOT NULL`
	}
	c := s.db.reader()
	rows, err := c.query(ctx, `SELECT id, email, complaint, created_at, handled_at FROM complaints`+where+`
		ORDER BY created_at, id LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []shop.Complaint
	for rows.Next() {
		var cp shop.Complaint
		var created int64
		var done sql.NullInt64
		if err := rows.Scan(&cp.ID, &cp.Email, &cp.Text, &created, &done); err != nil {
			return nil, 0, err
		}
		cp.CreatedAt = shop.FromMillis(created)
		if done.Valid {
			cp.HandledAt = shop.FromMillis(done.Int64)
		}
		out = append(out, cp)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(out), `SELECT COUNT(*) FROM complaints`+where)
	return out, total, err
}

// HandleComplaint marks a complaint handled (keeping the first time) and
// queues the mails made from it, in one transaction; nil when there is no
// such complaint.
func (s *Store) HandleComplaint(ctx context.Context, id int64, at time.Time, mails func(shop.Complaint) []shop.Mail) (*shop.Complaint, error) {
	var out *shop.Complaint
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		if _, err := c.exec(ctx, `UPDATE complaints SET handled_at = COALESCE(handled_at, ?) WHERE id = ?`,
			shop.Millis(at), id); err != nil {
			return err
		}
		var cp shop.Complaint
		var created, done int64
		err := c.queryRow(ctx, `SELECT id, email, complaint, created_at, handled_at FROM complaints WHERE id = ?`, id).
			Scan(&cp.ID, &cp.Email, &cp.Text, &created, &done)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		cp.CreatedAt, cp.HandledAt = shop.FromMillis(created), shop.FromMillis(done)
		out = &cp
		return insertMails(ctx, c, mails(cp))
	})
	return out, err
}

// UpdateCategory writes the sent fields of a category in one transaction,
// with the row locked (PostgreSQL; SQLite's single writer serialises), so
// that two staff editing different fields both keep theirs. A new name is
// part of the search documents of the products filed under it, which are
// rewritten in the same transaction. False when no such category.
func (s *Store) UpdateCategory(ctx context.Context, id int64, ch shop.CategoryChange) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		var old string
		err := c.queryRow(ctx, `SELECT name FROM categories WHERE id = ?`+s.db.Dialect.ForUpdate, id).Scan(&old)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		var l setList
		setIf(&l, "name", ch.Name)
		setIf(&l, "position", ch.Position)
		setIf(&l, "is_active", ch.Active)
		if len(l.args) == 0 {
			return nil
		}
		if _, err := c.exec(ctx, `UPDATE categories SET `+l.list()+` WHERE id = ?`,
			append(l.args, id)...); err != nil {
			return err
		}
		if ch.Name == nil || *ch.Name == old {
			return bumpCatalogue(ctx, c)
		}
		return reindexWhere(ctx, c, `category_id = ? OR subcategory_id = ? OR sub_subcategory_id = ?`, id, id, id)
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
		return bumpCatalogue(ctx, c)
	})
	return id, err
}

// DeleteCategoryImage removes a category's image and returns its URL, ""
// when there is no such image.
func (s *Store) DeleteCategoryImage(ctx context.Context, categoryID, imageID int64) (string, error) {
	var url string
	err := s.db.inTx(ctx, func(c conn) (err error) {
		url, err = deleteImage(ctx, c, "category_images", "category_id", categoryID, imageID)
		return err
	})
	return url, err
}

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

// AdminStores returns one page of stores whose name or owner's username
// contains search (any case), suspended ones only when suspended is set
// (nil = all), by name, with the owner and the number of products listed.
func (s *Store) AdminStores(ctx context.Context, search string, suspended *bool, offset, limit int) ([]shop.StoreOverview, int, error) {
	where := ` WHERE 1 = 1`
	var args []any
	if q := strings.TrimSpace(search); q != "" {
		pattern := "%" + likeEscaper.Replace(shop.FoldKey(q)) + "%"
		where += ` AND (s.name_key LIKE ? ESCAPE '\' OR u.username_key LIKE ? ESCAPE '\')`
		args = append(args, pattern, pattern)
	}
	if suspended != nil {
		where += ` AND s.is_active = ?`
		args = append(args, !*suspended)
	}
	c := s.db.reader()
	out, err := storeOverviews(ctx, c, where+` ORDER BY s.name_key, s.id LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(out), `SELECT COUNT(*)`+storeOverviewFrom+where, args...)
	return out, total, err
}

// StoreOverview is one store as staff see it, or nil.
func (s *Store) StoreOverview(ctx context.Context, id int64) (*shop.StoreOverview, error) {
	out, err := storeOverviews(ctx, s.db.reader(), ` WHERE s.id = ?`, id)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

const storeOverviewFrom = ` FROM stores s JOIN users u ON u.id = s.owner_id`

func storeOverviews(ctx context.Context, c conn, where string, args ...any) ([]shop.StoreOverview, error) {
	rows, err := c.query(ctx, `SELECT s.id, s.owner_id, s.name, s.logo, s.description, s.contact_info, s.address,
		s.is_active, s.created_at, u.username, (SELECT COUNT(*) FROM products p WHERE p.store_id = s.id)`+
		storeOverviewFrom+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.StoreOverview
	for rows.Next() {
		var o shop.StoreOverview
		var created int64
		if err := rows.Scan(&o.ID, &o.OwnerID, &o.Name, &o.Logo, &o.Description, &o.ContactInfo, &o.Address,
			&o.Active, &created, &o.OwnerUsername, &o.Products); err != nil {
			return nil, err
		}
		o.CreatedAt = shop.FromMillis(created)
		out = append(out, o)
	}
	return out, rows.Err()
}

// SetStoreActive suspends (false) or reinstates a store, moving the
// catalogue version so its products leave (or return to) every list at
// once. False when there is no such store.
func (s *Store) SetStoreActive(ctx context.Context, id int64, active bool) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		res, err := c.exec(ctx, `UPDATE stores SET is_active = ? WHERE id = ?`, active, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		found = true
		return bumpCatalogue(ctx, c)
	})
	return found, err
}

// SuspendedStores are the ids of the stores that are not active.
func (s *Store) SuspendedStores(ctx context.Context) ([]int64, error) {
	return s.db.reader().ids(ctx, `SELECT id FROM stores WHERE is_active = FALSE ORDER BY id`)
}
