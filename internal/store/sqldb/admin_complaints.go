package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

// Staff handling of complaints.

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
