package sqldb

import (
	"context"
	"errors"

	"dwa/internal/shop"
)

// CreateUser inserts a user; a username or e-mail already taken (ignoring
// case) is a KindConflict error naming the field.
func (s *Store) CreateUser(ctx context.Context, u *shop.User) error {
	id, err := s.db.writer().insertID(ctx, `INSERT INTO users
		(username, username_key, email, email_key, password_hash, is_staff, is_active, date_joined)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		u.Username, shop.FoldKey(u.Username), u.Email, shop.FoldKey(u.Email), u.PasswordHash, u.IsStaff, u.IsActive,
		shop.Millis(u.DateJoined))
	if errors.Is(err, ErrUnique) {
		return shop.Conflict("user_exists", "A user with that username or email already exists.")
	}
	u.ID = id
	return err
}
