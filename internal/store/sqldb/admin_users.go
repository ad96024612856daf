package sqldb

import (
	"context"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Staff administration of accounts.

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
