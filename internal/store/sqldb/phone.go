package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

// UserByPhone returns the user whose verified number is phone (E.164), or nil.
func (s *Store) UserByPhone(ctx context.Context, phone string) (*shop.User, error) {
	return s.userWhere(ctx, `phone = ?`, phone)
}

// SetPhone records userID's verified number; a number another account
// holds is a KindConflict error.
func (s *Store) SetPhone(ctx context.Context, userID int64, phone string) error {
	_, err := s.db.writer().exec(ctx, `UPDATE users SET phone = ? WHERE id = ?`, phone, userID)
	if errors.Is(err, ErrUnique) {
		return shop.Conflict("phone_taken", "This number belongs to another account.")
	}
	return err
}

// CreatePhoneCode stores a code, superseding the number's unused codes of
// the same purpose, and queues its text message in the same transaction.
func (s *Store) CreatePhoneCode(ctx context.Context, pc *shop.PhoneCode, msgs ...shop.Mail) error {
	return s.db.inTx(ctx, func(c conn) error {
		created := shop.Millis(pc.CreatedAt)
		if _, err := c.exec(ctx, `UPDATE phone_codes SET used_at = ? WHERE phone = ? AND purpose = ? AND used_at IS NULL`,
			created, pc.Phone, pc.Purpose); err != nil {
			return err
		}
		var user any
		if pc.UserID != 0 {
			user = pc.UserID
		}
		id, err := c.insertID(ctx, `INSERT INTO phone_codes (phone, purpose, user_id, code_hash, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)`, pc.Phone, pc.Purpose, user, pc.Hash, created, shop.Millis(pc.ExpiresAt))
		if err != nil {
			return err
		}
		pc.ID = id
		return insertMails(ctx, c, msgs)
	})
}

// LivePhoneCode returns the number's unused, unexpired code for purpose, or nil.
func (s *Store) LivePhoneCode(ctx context.Context, phone, purpose string, now time.Time) (*shop.PhoneCode, error) {
	var pc shop.PhoneCode
	var user sql.NullInt64
	var created, expires int64
	err := s.db.reader().queryRow(ctx, `SELECT id, phone, purpose, user_id, code_hash, tries, created_at, expires_at
		FROM phone_codes WHERE phone = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY id DESC LIMIT 1`, phone, purpose, shop.Millis(now)).
		Scan(&pc.ID, &pc.Phone, &pc.Purpose, &user, &pc.Hash, &pc.Tries, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.db.translate(err)
	}
	pc.UserID, pc.CreatedAt, pc.ExpiresAt = user.Int64, shop.FromMillis(created), shop.FromMillis(expires)
	return &pc, nil
}

// TryPhoneCode counts one guess at code id and reports whether it may be
// compared: false once maxTries guesses were counted or the code was used.
// Counting before comparing keeps concurrent guesses within maxTries.
func (s *Store) TryPhoneCode(ctx context.Context, id int64, maxTries int) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE phone_codes SET tries = tries + 1
		WHERE id = ? AND tries < ? AND used_at IS NULL`, id, maxTries)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// UsePhoneCode consumes code id; false when a concurrent request did first.
func (s *Store) UsePhoneCode(ctx context.Context, id int64, at time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE phone_codes SET used_at = ? WHERE id = ? AND used_at IS NULL`,
		shop.Millis(at), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// OrderBuyer is the buyer of order id and their verified number (empty
// when they have none); 0 when there is no such order.
func (s *Store) OrderBuyer(ctx context.Context, id string) (int64, string, error) {
	var user int64
	var phone sql.NullString
	err := s.db.reader().queryRow(ctx, `SELECT u.id, u.phone FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ?`, id).
		Scan(&user, &phone)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return user, phone.String, s.db.translate(err)
}

// NoticePrefs returns the user's channels per kind of notice, every
// channel for a kind never chosen.
func (s *Store) NoticePrefs(ctx context.Context, userID int64) (shop.NoticePrefs, error) {
	return noticePrefs(ctx, s.db.reader(), userID)
}

func noticePrefs(ctx context.Context, c conn, userID int64) (shop.NoticePrefs, error) {
	out := shop.DefaultNoticePrefs()
	rows, err := c.query(ctx, `SELECT kind, email, sms FROM notification_prefs WHERE user_id = ?`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var c shop.Channels
		if err := rows.Scan(&kind, &c.Email, &c.SMS); err != nil {
			return nil, err
		}
		out[kind] = c
	}
	return out, rows.Err()
}

// SetNoticePrefs stores the user's channels for the kinds in p.
func (s *Store) SetNoticePrefs(ctx context.Context, userID int64, p shop.NoticePrefs) error {
	return s.db.inTx(ctx, func(c conn) error {
		for _, kind := range shop.NoticeKinds {
			ch, ok := p[kind]
			if !ok {
				continue
			}
			if _, err := c.exec(ctx, `INSERT INTO notification_prefs (user_id, kind, email, sms) VALUES (?, ?, ?, ?)
				ON CONFLICT (user_id, kind) DO UPDATE SET email = excluded.email, sms = excluded.sms`,
				userID, kind, ch.Email, ch.SMS); err != nil {
				return err
			}
		}
		return nil
	})
}
