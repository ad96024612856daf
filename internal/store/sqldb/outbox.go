package sqldb

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// insertMails queues mails inside the caller's transaction, due at once.
func insertMails(ctx context.Context, c conn, mails []shop.Mail) error {
	for _, m := range mails {
		created := shop.Millis(m.CreatedAt)
		if _, err := c.exec(ctx, `INSERT INTO outbox (channel, to_addr, subject, text_body, html_body, next_attempt_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, m.ChannelOf(), m.To, m.Subject, m.Text, m.HTML, created, created); err != nil {
			return err
		}
	}
	return nil
}

// DueMails lists pending mails due at now, oldest first.
func (s *Store) DueMails(ctx context.Context, now time.Time, limit int) ([]shop.Mail, error) {
	rows, err := s.db.reader().query(ctx, `SELECT id, channel, to_addr, subject, text_body, html_body, attempts, next_attempt_at, created_at
		FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
		shop.Millis(now), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.Mail
	for rows.Next() {
		var m shop.Mail
		var next, created int64
		if err := rows.Scan(&m.ID, &m.Channel, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Attempts, &next, &created); err != nil {
			return nil, err
		}
		m.NextAttemptAt, m.CreatedAt = shop.FromMillis(next), shop.FromMillis(created)
		out = append(out, m)
	}
	return out, rows.Err()
}

// ClaimMail leases a mail to this sender if nobody else claimed it since it
// was listed (its next attempt time is unchanged).
func (s *Store) ClaimMail(ctx context.Context, m shop.Mail, leaseUntil time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE outbox SET next_attempt_at = ?
		WHERE id = ? AND status = 'pending' AND next_attempt_at = ?`,
		shop.Millis(leaseUntil), m.ID, shop.Millis(m.NextAttemptAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MailSent marks a mail delivered.
func (s *Store) MailSent(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.writer().exec(ctx, `UPDATE outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1 WHERE id = ?`,
		shop.Millis(at), id)
	return err
}

// MailFailed records a failed attempt and when to try again.
func (s *Store) MailFailed(ctx context.Context, id int64, attempts int, next time.Time, lastErr string, final bool) error {
	status := "pending"
	if final {
		status = "failed"
	}
	_, err := s.db.writer().exec(ctx, `UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`,
		status, attempts, shop.Millis(next), lastErr, id)
	return err
}

// MailBacklog counts the mails not sent, by status.
func (s *Store) MailBacklog(ctx context.Context) (map[string]int64, error) {
	rows, err := s.db.reader().query(ctx, `SELECT status, COUNT(*) FROM outbox WHERE status <> 'sent' GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{"pending": 0, "failed": 0}
	for rows.Next() {
		var status string
		var n int64
		if err := rows.Scan(&status, &n); err != nil {
			return nil, err
		}
		out[status] = n
	}
	return out, rows.Err()
}
