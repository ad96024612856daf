package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

// messageSQL selects a message with its display names; receiver_owner is
// who reads it (the receiving user or the receiving store's owner).
const messageSQL = `SELECT m.id, m.sender_id, su.username, COALESCE(m.sender_store_id, 0), COALESCE(ss.logo, ''),
	COALESCE(m.receiver_user_id, 0), COALESCE(m.receiver_store_id, 0), COALESCE(rs.name, ru.username, ''),
	COALESCE(rs.owner_id, m.receiver_user_id, 0), m.content, m.is_read, m.created_at
	FROM messages m JOIN users su ON su.id = m.sender_id
	LEFT JOIN stores ss ON ss.id = m.sender_store_id
	LEFT JOIN users ru ON ru.id = m.receiver_user_id
	LEFT JOIN stores rs ON rs.id = m.receiver_store_id`

// visibleTo is the message visibility rule: sender, receiving user, or
// owner of the receiving store. Its three arguments are the user id.
const visibleTo = `(m.sender_id = ? OR m.receiver_user_id = ? OR rs.owner_id = ?)`

// receivedBy selects messages the user reads; two arguments.
const receivedBy = `(m.receiver_user_id = ? OR rs.owner_id = ?)`

func scanMessage(row scanner) (shop.Message, error) {
	var m shop.Message
	var created int64
	err := row.Scan(&m.ID, &m.SenderID, &m.SenderName, &m.SenderStoreID, &m.SenderAvatar, &m.ReceiverUserID,
		&m.ReceiverStoreID, &m.ReceiverName, &m.ReceiverOwnerID, &m.Content, &m.IsRead, &created)
	m.CreatedAt = shop.FromMillis(created)
	return m, err
}

func (s *Store) messages(ctx context.Context, query string, args ...any) ([]shop.Message, error) {
	rows, err := s.db.reader().query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.Message
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Messages returns a page of the messages the user may see, newest first,
// and how many there are.
func (s *Store) Messages(ctx context.Context, userID int64, offset, limit int) ([]shop.Message, int, error) {
	var total int
	if err := s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM messages m
		LEFT JOIN stores rs ON rs.id = m.receiver_store_id WHERE `+visibleTo, userID, userID, userID).Scan(&total); err != nil {
		return nil, 0, s.db.translate(err)
	}
	ms, err := s.messages(ctx, messageSQL+` WHERE `+visibleTo+` ORDER BY m.id DESC LIMIT ? OFFSET ?`,
		userID, userID, userID, limit, offset)
	return ms, total, err
}

// Message returns the message if the user may see it, else nil.
func (s *Store) Message(ctx context.Context, userID, id int64) (*shop.Message, error) {
	ms, err := s.messages(ctx, messageSQL+` WHERE m.id = ? AND `+visibleTo, id, userID, userID, userID)
	if err != nil || len(ms) == 0 {
		return nil, err
	}
	return &ms[0], nil
}

// ReceivedMessages returns up to limit messages the user received with an
// id above afterID, created at or after since, in id order (stream replay).
func (s *Store) ReceivedMessages(ctx context.Context, userID, afterID int64, since time.Time, limit int) ([]shop.Message, error) {
	return s.messages(ctx, messageSQL+` WHERE `+receivedBy+` AND m.id > ? AND m.created_at >= ? ORDER BY m.id LIMIT ?`,
		userID, userID, afterID, shop.Millis(since), limit)
}

// UnreadMessages counts the messages the user received and has not read.
func (s *Store) UnreadMessages(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM messages m
		LEFT JOIN stores rs ON rs.id = m.receiver_store_id
		WHERE m.is_read = FALSE AND `+receivedBy, userID, userID).Scan(&n)
	return n, s.db.translate(err)
}

// SetMessageRead sets the receiver's read flag; nothing else of a message
// ever changes.
func (s *Store) SetMessageRead(ctx context.Context, id int64, read bool) error {
	_, err := s.db.writer().exec(ctx, `UPDATE messages SET is_read = ? WHERE id = ?`, read, id)
	return err
}

// CreateMessage inserts m (sender, optional sender store, one receiver,
// content, time), sets its id and queues the notices of it in the same
// transaction.
func (s *Store) CreateMessage(ctx context.Context, m *shop.Message, notices ...shop.Mail) error {
	return s.db.inTx(ctx, func(c conn) error {
		id, err := c.insertID(ctx, `INSERT INTO messages
			(sender_id, sender_store_id, receiver_user_id, receiver_store_id, content, is_read, created_at)
			VALUES (?, ?, ?, ?, ?, FALSE, ?)`, m.SenderID, nullID(m.SenderStoreID), nullID(m.ReceiverUserID),
			nullID(m.ReceiverStoreID), m.Content, shop.Millis(m.CreatedAt))
		if err != nil {
			return err
		}
		m.ID = id
		return insertMails(ctx, c, notices)
	})
}

// ActiveStoreByID returns an active store, or nil.
func (s *Store) ActiveStoreByID(ctx context.Context, id int64) (*shop.Store, error) {
	return s.oneStore(ctx, `id = ? AND is_active = TRUE`, id)
}

// IsStoreCustomer reports whether the user wrote to the store or ordered
// one of its products.
func (s *Store) IsStoreCustomer(ctx context.Context, storeID, userID int64) (bool, error) {
	var n int
	err := s.db.reader().queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM (SELECT 1 FROM messages WHERE sender_id = ? AND receiver_store_id = ? LIMIT 1) a) +
		(SELECT COUNT(*) FROM (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
			JOIN products p ON p.id = i.product_id
			WHERE o.user_id = ? AND COALESCE(i.store_id, p.store_id) = ? LIMIT 1) b)`,
		userID, storeID, userID, storeID).Scan(&n)
	return n > 0, s.db.translate(err)
}

// CreateStreamTicket stores a ticket's hash and forgets expired tickets.
func (s *Store) CreateStreamTicket(ctx context.Context, t shop.StreamTicket, now time.Time) error {
	return s.db.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `DELETE FROM stream_tickets WHERE expires_at < ?`, shop.Millis(now)); err != nil {
			return err
		}
		_, err := c.exec(ctx, `INSERT INTO stream_tickets (ticket_hash, user_id, expires_at) VALUES (?, ?, ?)`,
			t.Hash, t.UserID, shop.Millis(t.ExpiresAt))
		return err
	})
}

// RedeemStreamTicket marks an unused, unexpired ticket used and returns its
// user; 0 when the ticket is unknown, used or expired. The conditional
// update makes it single-use even under concurrent redemption.
func (s *Store) RedeemStreamTicket(ctx context.Context, hash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.writer().queryRow(ctx, `UPDATE stream_tickets SET used_at = ?
		WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
		shop.Millis(now), hash, shop.Millis(now)).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return userID, s.db.translate(err)
}

// AcquireStreamLease takes a lease on one of the user's open streams unless
// max unexpired leases are held already, and returns its id (0 when
// refused). Locking the user's row serialises concurrent opens of one user
// across instances on PostgreSQL (SQLite's one writer does so already), so
// the count and the insert cannot interleave. Expired leases, left by
// instances that died, are deleted on the way.
func (s *Store) AcquireStreamLease(ctx context.Context, userID int64, max int, now, expiresAt time.Time) (int64, error) {
	var id int64
	err := s.db.inTx(ctx, func(c conn) error {
		id = 0 // inTx may run this twice
		var locked int64
		if err := c.queryRow(ctx, `SELECT id FROM users WHERE id = ?`+s.db.Dialect.ForUpdate, userID).
			Scan(&locked); err != nil {
			return s.db.translate(err)
		}
		if _, err := c.exec(ctx, `DELETE FROM stream_leases WHERE user_id = ? AND expires_at <= ?`,
			userID, shop.Millis(now)); err != nil {
			return err
		}
		var open int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM stream_leases WHERE user_id = ?`, userID).
			Scan(&open); err != nil {
			return s.db.translate(err)
		}
		if open >= max {
			return nil
		}
		var err error
		id, err = c.insertID(ctx, `INSERT INTO stream_leases (user_id, expires_at) VALUES (?, ?)`,
			userID, shop.Millis(expiresAt))
		return err
	})
	return id, err
}

// RenewStreamLease moves a lease's expiry; false when the lease is gone
// (it expired and another open reclaimed it).
func (s *Store) RenewStreamLease(ctx context.Context, id int64, expiresAt time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE stream_leases SET expires_at = ? WHERE id = ?`,
		shop.Millis(expiresAt), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, s.db.translate(err)
}

// ReleaseStreamLease deletes a lease when its stream ends.
func (s *Store) ReleaseStreamLease(ctx context.Context, id int64) error {
	_, err := s.db.writer().exec(ctx, `DELETE FROM stream_leases WHERE id = ?`, id)
	return err
}
