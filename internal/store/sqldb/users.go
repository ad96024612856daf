package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/names"
	"dwa/internal/shop"
)

// CreateUser inserts a user and queues mails in one transaction; a username,
// e-mail or phone number already taken (ignoring case) is a KindConflict
// error.
func (s *Store) CreateUser(ctx context.Context, u *shop.User, mails ...shop.Mail) error {
	return s.db.inTx(ctx, func(c conn) error {
		id, err := c.insertID(ctx, `INSERT INTO users
			(username, username_key, username_skeleton, email, email_key, phone, password_hash, is_staff, is_active,
			 date_joined, password_changed_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			u.Username, shop.FoldKey(u.Username), names.Skeleton(u.Username), u.Email, emailKey(u), nullable(u.Phone),
			u.PasswordHash, u.IsStaff, u.IsActive,
			shop.Millis(u.DateJoined), shop.Millis(u.PasswordChangedAt))
		if errors.Is(err, ErrUnique) {
			return shop.Conflict("user_exists", "A user with that username or email already exists.")
		}
		if err != nil {
			return err
		}
		u.ID = id
		return insertMails(ctx, c, mails)
	})
}

// emailKey is the unique key of u's e-mail. An account without one (made
// with a phone number) gets a key no address can have — it holds a space —
// made unique by its username (the number can change hands), since the
// column predates such accounts and is unique and required.
func emailKey(u *shop.User) string {
	if u.Email == "" {
		return "no e-mail " + shop.FoldKey(u.Username)
	}
	return shop.FoldKey(u.Email)
}

// nullable stores an empty string as NULL (a unique column that many rows
// leave empty).
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

const userColumns = `id, username, email, phone, password_hash, is_staff, is_active, date_joined, last_login, password_changed_at,
	delivery_region`

func (s *Store) userWhere(ctx context.Context, where string, arg any) (*shop.User, error) {
	u, err := scanUser(s.db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+where, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.db.translate(err)
	}
	return u, nil
}

// scanUser reads a row of userColumns.
func scanUser(row scanner) (*shop.User, error) {
	var u shop.User
	var joined, changed int64
	var lastLogin sql.NullInt64
	var phone sql.NullString
	if err := row.Scan(&u.ID, &u.Username, &u.Email, &phone, &u.PasswordHash, &u.IsStaff, &u.IsActive, &joined, &lastLogin,
		&changed, &u.DeliveryRegion); err != nil {
		return nil, err
	}
	u.DateJoined, u.PasswordChangedAt = shop.FromMillis(joined), shop.FromMillis(changed)
	u.Phone = phone.String
	if lastLogin.Valid {
		u.LastLogin = shop.FromMillis(lastLogin.Int64)
	}
	return &u, nil
}

// UserByID returns the user with that id, or nil.
func (s *Store) UserByID(ctx context.Context, id int64) (*shop.User, error) {
	return s.userWhere(ctx, `id = ?`, id)
}

// UserByUsername returns the user with that username ignoring case, or nil.
func (s *Store) UserByUsername(ctx context.Context, username string) (*shop.User, error) {
	return s.userWhere(ctx, `username_key = ?`, shop.FoldKey(username))
}

// UserLookingLike returns a user whose username looks like username
// (names.Skeleton), or nil.
func (s *Store) UserLookingLike(ctx context.Context, username string) (*shop.User, error) {
	return s.userWhere(ctx, `username_skeleton = ?`, names.Skeleton(username))
}

// fillUsernameSkeletons gives the accounts made before migration 0007 their
// look-alike key. An account whose key an earlier one holds keeps none (it
// stays usable; new names like either are refused all the same). Runs at
// every start, cheaply once nothing is left; instances starting together
// write the same values.
func (s *Store) fillUsernameSkeletons(ctx context.Context) error {
	type row struct {
		id   int64
		name string
	}
	var todo []row
	rows, err := s.db.W.QueryContext(ctx, `SELECT id, username FROM users WHERE username_skeleton IS NULL ORDER BY id`)
	if err != nil {
		return s.db.translate(err)
	}
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.name); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range todo {
		_, err := s.db.W.ExecContext(ctx, s.db.Rebind(`UPDATE users SET username_skeleton = ? WHERE id = ? AND username_skeleton IS NULL`),
			names.Skeleton(r.name), r.id)
		if err := s.db.translate(err); err != nil && !errors.Is(err, ErrUnique) {
			return err
		}
	}
	return nil
}

// UserByEmail returns the user with that e-mail ignoring case, or nil.
func (s *Store) UserByEmail(ctx context.Context, email string) (*shop.User, error) {
	return s.userWhere(ctx, `email_key = ?`, shop.FoldKey(email))
}

// OwnedStore returns the store owned by the user, or nil.
func (s *Store) OwnedStore(ctx context.Context, userID int64) (*shop.Store, error) {
	return s.oneStore(ctx, `owner_id = ?`, userID)
}

// RecordLogin sets last_login and, when newHash is set, replaces the
// password hash — only while it is still oldHash, the one the login
// verified: a password changed meanwhile is never put back.
func (s *Store) RecordLogin(ctx context.Context, userID int64, at time.Time, oldHash, newHash string) error {
	if newHash == "" {
		_, err := s.db.writer().exec(ctx, `UPDATE users SET last_login = ? WHERE id = ?`, shop.Millis(at), userID)
		return err
	}
	_, err := s.db.writer().exec(ctx, `UPDATE users SET last_login = ?,
		password_hash = CASE WHEN password_hash = ? THEN ? ELSE password_hash END WHERE id = ?`,
		shop.Millis(at), oldHash, newHash, userID)
	return err
}

// AddRefreshToken records an issued refresh token.
func (s *Store) AddRefreshToken(ctx context.Context, t shop.RefreshToken) error {
	_, err := s.db.writer().exec(ctx, `INSERT INTO refresh_tokens (jti, user_id, issued_at, expires_at) VALUES (?, ?, ?, ?)`,
		t.JTI, t.UserID, shop.Millis(t.IssuedAt), shop.Millis(t.ExpiresAt))
	return err
}

// RefreshTokenActive reports whether jti belongs to userID and is not revoked.
func (s *Store) RefreshTokenActive(ctx context.Context, jti string, userID int64) (bool, error) {
	var n int
	err := s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM refresh_tokens
		WHERE jti = ? AND user_id = ? AND revoked_at IS NULL`, jti, userID).Scan(&n)
	return n == 1, s.db.translate(err)
}

// RevokeRefreshToken marks jti revoked; revoking twice keeps the first time.
func (s *Store) RevokeRefreshToken(ctx context.Context, jti string, at time.Time) error {
	_, err := s.db.writer().exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE jti = ? AND revoked_at IS NULL`,
		shop.Millis(at), jti)
	return err
}

// ChangePassword replaces the hash, stamps the change and revokes every
// refresh token; with resetTokenHash it first consumes that reset token and
// changes nothing (false) when the token is unknown, used or expired.
func (s *Store) ChangePassword(ctx context.Context, userID int64, hash string, at time.Time, resetTokenHash string) (bool, error) {
	changed := false
	err := s.db.inTx(ctx, func(c conn) error {
		changed = false // inTx may run this twice
		ms := shop.Millis(at)
		if resetTokenHash != "" {
			res, err := c.exec(ctx, `UPDATE password_reset_tokens SET used_at = ?
				WHERE token_hash = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`, ms, resetTokenHash, userID, ms)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n != 1 {
				return err
			}
		}
		if _, err := c.exec(ctx, `UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?`,
			hash, ms, userID); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`,
			ms, userID); err != nil {
			return err
		}
		changed = true
		return nil
	})
	return changed, err
}

// CreateResetToken stores a reset token, superseding the user's unused ones,
// and queues its mail in the same transaction.
func (s *Store) CreateResetToken(ctx context.Context, t shop.ResetToken, mails ...shop.Mail) error {
	return s.db.inTx(ctx, func(c conn) error {
		created := shop.Millis(t.CreatedAt)
		if _, err := c.exec(ctx, `UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL`,
			created, t.UserID); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at)
			VALUES (?, ?, ?, ?)`, t.UserID, t.Hash, created, shop.Millis(t.ExpiresAt)); err != nil {
			return err
		}
		return insertMails(ctx, c, mails)
	})
}

// ResetTokenValid reports whether the hash is an unused, unexpired reset
// token of the user.
func (s *Store) ResetTokenValid(ctx context.Context, userID int64, hash string, now time.Time) (bool, error) {
	var n int
	err := s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM password_reset_tokens
		WHERE token_hash = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`, hash, userID, shop.Millis(now)).Scan(&n)
	return n == 1, s.db.translate(err)
}

// CreateComplaint stores a complaint and queues its mails in one transaction.
func (s *Store) CreateComplaint(ctx context.Context, cp *shop.Complaint, mails ...shop.Mail) error {
	return s.db.inTx(ctx, func(c conn) error {
		id, err := c.insertID(ctx, `INSERT INTO complaints (email, complaint, created_at) VALUES (?, ?, ?)`,
			cp.Email, cp.Text, shop.Millis(cp.CreatedAt))
		if err != nil {
			return err
		}
		cp.ID = id
		return insertMails(ctx, c, mails)
	})
}
