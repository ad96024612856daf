package sqldb

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"dwa/internal/shop"
)

const addressColumns = `id, user_id, recipient_name, phone, region, city, area, digital_address, landmark,
	directions, is_default, created_at, updated_at`

func scanAddress(r interface{ Scan(...any) error }) (shop.Address, error) {
	var a shop.Address
	var created, updated int64
	err := r.Scan(&a.ID, &a.UserID, &a.RecipientName, &a.Phone, &a.Region, &a.City, &a.Area, &a.DigitalAddress,
		&a.Landmark, &a.Directions, &a.IsDefault, &created, &updated)
	a.CreatedAt, a.UpdatedAt = shop.FromMillis(created), shop.FromMillis(updated)
	return a, err
}

// Addresses lists the user's addresses, the default first, then newest.
func (s *Store) Addresses(ctx context.Context, userID int64) ([]shop.Address, error) {
	rows, err := s.db.reader().query(ctx, `SELECT `+addressColumns+` FROM addresses WHERE user_id = ?
		ORDER BY is_default DESC, id DESC`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []shop.Address{}
	for rows.Next() {
		a, err := scanAddress(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Address is the user's address with that id, or nil.
func (s *Store) Address(ctx context.Context, userID, id int64) (*shop.Address, error) {
	return address(ctx, s.db.reader(), userID, id)
}

func address(ctx context.Context, c conn, userID, id int64) (*shop.Address, error) {
	a, err := scanAddress(c.queryRow(ctx, `SELECT `+addressColumns+` FROM addresses WHERE id = ? AND user_id = ?`,
		id, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, c.db.translate(err)
	}
	return &a, nil
}

// lockAddressBook serialises the writes to one user's book by locking the
// user's row (PostgreSQL; SQLite has one writer), so that two additions
// cannot both see room for one more, nor two defaults be chosen at once.
func lockAddressBook(ctx context.Context, c conn, userID int64) error {
	var id int64
	return c.db.translate(c.queryRow(ctx, `SELECT id FROM users WHERE id = ?`+c.db.Dialect.ForUpdate, userID).Scan(&id))
}

// CreateAddress adds a to its user's book unless it holds max already.
func (s *Store) CreateAddress(ctx context.Context, a *shop.Address, max int) (created bool, err error) {
	err = s.db.inTx(ctx, func(c conn) error {
		if err := lockAddressBook(ctx, c, a.UserID); err != nil {
			return err
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM addresses WHERE user_id = ?`, a.UserID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return nil
		}
		if n == 0 {
			a.IsDefault = true
		}
		if a.IsDefault {
			if _, err := c.exec(ctx, `UPDATE addresses SET is_default = FALSE WHERE user_id = ? AND is_default = TRUE`,
				a.UserID); err != nil {
				return err
			}
		}
		ms := shop.Millis(a.CreatedAt)
		id, err := c.insertID(ctx, `INSERT INTO addresses (user_id, recipient_name, phone, region, city, area,
			digital_address, landmark, directions, is_default, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, a.UserID, a.RecipientName, a.Phone, a.Region, a.City, a.Area,
			a.DigitalAddress, a.Landmark, a.Directions, a.IsDefault, ms, ms)
		a.ID, created = id, err == nil
		return err
	})
	return created, err
}

// UpdateAddress writes the fields ch sets; true for is_default makes the
// address the user's only default.
func (s *Store) UpdateAddress(ctx context.Context, userID, id int64, ch shop.AddressChange, at time.Time) (*shop.Address, error) {
	var out *shop.Address
	err := s.db.inTx(ctx, func(c conn) error {
		if err := lockAddressBook(ctx, c, userID); err != nil {
			return err
		}
		if ch.IsDefault != nil && *ch.IsDefault {
			if _, err := c.exec(ctx, `UPDATE addresses SET is_default = FALSE WHERE user_id = ? AND is_default = TRUE
				AND id <> ?`, userID, id); err != nil {
				return err
			}
		}
		var l setList
		setIf(&l, "recipient_name", ch.RecipientName)
		setIf(&l, "phone", ch.Phone)
		setIf(&l, "region", ch.Region)
		setIf(&l, "city", ch.City)
		setIf(&l, "area", ch.Area)
		setIf(&l, "digital_address", ch.DigitalAddress)
		setIf(&l, "landmark", ch.Landmark)
		setIf(&l, "directions", ch.Directions)
		setIf(&l, "is_default", ch.IsDefault)
		l.add("updated_at", shop.Millis(at))
		res, err := c.exec(ctx, `UPDATE addresses SET `+l.list()+` WHERE id = ? AND user_id = ?`,
			append(l.args, id, userID)...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return cmp.Or(err, errNoSuchAddress) // none: the default change rolls back
		}
		out, err = address(ctx, c, userID, id)
		return err
	})
	if errors.Is(err, errNoSuchAddress) {
		return nil, nil
	}
	return out, err
}

// errNoSuchAddress rolls back an edit of an address the user does not have.
var errNoSuchAddress = errors.New("no such address")

// DeleteAddress removes the user's address; false when there is none.
func (s *Store) DeleteAddress(ctx context.Context, userID, id int64) (bool, error) {
	res, err := s.db.writer().exec(ctx, `DELETE FROM addresses WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// addressSnapshot is an order's copy of its delivery address, stored as
// JSON in orders.delivery_address (decision 0023).
type addressSnapshot struct {
	RecipientName  string `json:"recipient_name"`
	Phone          string `json:"phone"`
	Region         string `json:"region"`
	City           string `json:"city"`
	Area           string `json:"area"`
	DigitalAddress string `json:"digital_address"`
	Landmark       string `json:"landmark"`
	Directions     string `json:"directions"`
}

// snapshotJSON is the stored form of an order's address (NULL for none).
func snapshotJSON(a *shop.Address) (sql.NullString, error) {
	if a == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(addressSnapshot{a.RecipientName, a.Phone, a.Region, a.City, a.Area, a.DigitalAddress,
		a.Landmark, a.Directions})
	return sql.NullString{String: string(b), Valid: true}, err
}

// snapshotOf reads an order's stored address back (nil for NULL).
func snapshotOf(s sql.NullString) (*shop.Address, error) {
	if !s.Valid {
		return nil, nil
	}
	var v addressSnapshot
	if err := json.Unmarshal([]byte(s.String), &v); err != nil {
		return nil, err
	}
	return &shop.Address{RecipientName: v.RecipientName, Phone: v.Phone, Region: v.Region, City: v.City, Area: v.Area,
		DigitalAddress: v.DigitalAddress, Landmark: v.Landmark, Directions: v.Directions}, nil
}
