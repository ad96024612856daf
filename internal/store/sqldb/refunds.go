package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

const refundSelect = `SELECT r.id, r.order_id, r.payment_id, p.reference, COALESCE(r.store_id, 0), r.amount, r.currency,
	r.status, r.provider, COALESCE(r.provider_refund_id, ''), r.idempotency_key, r.reason, r.failure,
	COALESCE(r.requested_by, 0), u.id, u.email, COALESCE(u.phone, ''), r.created_at, r.updated_at, r.processed_at
	FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN users u ON u.id = p.user_id`

func refunds(ctx context.Context, c conn, where string, args ...any) ([]*shop.Refund, error) {
	rows, err := c.query(ctx, refundSelect+` `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*shop.Refund
	for rows.Next() {
		r := &shop.Refund{}
		var created, updated int64
		var processed sql.NullInt64
		if err := rows.Scan(&r.ID, &r.OrderID, &r.PaymentID, &r.PaymentReference, &r.StoreID, &r.Amount, &r.Currency,
			&r.Status, &r.Provider, &r.ProviderRefundID, &r.IdempotencyKey, &r.Reason, &r.Failure,
			&r.RequestedBy, &r.BuyerID, &r.BuyerEmail, &r.BuyerPhone, &created, &updated, &processed); err != nil {
			return nil, err
		}
		r.CreatedAt, r.UpdatedAt = shop.FromMillis(created), shop.FromMillis(updated)
		if processed.Valid {
			r.ProcessedAt = shop.FromMillis(processed.Int64)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func oneRefund(ctx context.Context, c conn, where string, args ...any) (*shop.Refund, error) {
	rs, err := refunds(ctx, c, where, args...)
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	return rs[0], nil
}

// PaidPayment returns the successful attempt that paid the order, or nil.
func (s *Store) PaidPayment(ctx context.Context, orderID string) (*shop.Payment, error) {
	return onePayment(ctx, s.db.reader(), `WHERE p.order_id = ? AND p.status = 'successful' AND p.flag = ''`, orderID)
}

// PaymentByID returns any attempt by id, or nil.
func (s *Store) PaymentByID(ctx context.Context, id int64) (*shop.Payment, error) {
	return onePayment(ctx, s.db.reader(), `WHERE p.id = ?`, id)
}

// OrderRefunds lists an order's refunds, oldest first.
func (s *Store) OrderRefunds(ctx context.Context, orderID string) ([]*shop.Refund, error) {
	return refunds(ctx, s.db.reader(), `WHERE r.order_id = ? ORDER BY r.created_at, r.id`, orderID)
}

// ReserveRefund: see service.RefundStore. It follows the lock hierarchy of
// docs/decisions/0007: the order row, then the payment's refunds (level 7,
// after payments); the payment's order id never changes, so it is read
// first. On SQLite the immediate transaction serialises it instead.
func (s *Store) ReserveRefund(ctx context.Context, r *shop.Refund, check func(shop.RefundRoom) error) (*shop.Refund, bool, error) {
	var out *shop.Refund
	created := false
	err := s.db.inTx(ctx, func(c conn) error {
		out, created = nil, false // inTx may run this twice
		var orderID string
		var paid int64
		err := c.queryRow(ctx, `SELECT order_id, amount FROM payments WHERE id = ? AND status = 'successful'`, r.PaymentID).
			Scan(&orderID, &paid)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // nothing was paid
		}
		if err != nil {
			return err
		}
		var status string
		if err := c.queryRow(ctx, `SELECT status FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, orderID).Scan(&status); err != nil {
			return err
		}
		prev, err := oneRefund(ctx, c, `WHERE r.payment_id = ? AND r.idempotency_key = ?`, r.PaymentID, r.IdempotencyKey)
		if err != nil || prev != nil {
			out = prev
			return err
		}
		room := shop.RefundRoom{Paid: shop.Money(paid)}
		// One pass over the payment's refunds gives both totals; a refund
		// without a store is NULL there and adds to no store's.
		if err := c.queryRow(ctx, `SELECT COALESCE(SUM(amount), 0),
			COALESCE(SUM(CASE WHEN store_id = ? THEN amount ELSE 0 END), 0)
			FROM refunds WHERE payment_id = ? AND status <> 'failed'`,
			r.StoreID, r.PaymentID).Scan(&room.Refunded, &room.StoreRefunded); err != nil {
			return err
		}
		if r.StoreID != 0 {
			// A store's part is its lines and its delivery fee.
			if err := c.queryRow(ctx, `SELECT COALESCE(SUM(unit_price * quantity), 0)
				+ COALESCE((SELECT fee FROM order_deliveries WHERE order_id = ? AND store_id = ?), 0)
				FROM order_items WHERE order_id = ? AND store_id = ?`,
				orderID, r.StoreID, orderID, r.StoreID).Scan(&room.StorePart); err != nil {
				return err
			}
		}
		if err := check(room); err != nil {
			return err
		}
		ms := shop.Millis(r.CreatedAt)
		id, err := c.insertID(ctx, `INSERT INTO refunds (order_id, payment_id, store_id, amount, currency, status, provider,
			idempotency_key, reason, requested_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'requested', ?, ?, ?, ?, ?, ?)`,
			orderID, r.PaymentID, nullID(r.StoreID), int64(r.Amount), r.Currency, r.Provider, r.IdempotencyKey, r.Reason,
			nullID(r.RequestedBy), ms, ms)
		if err != nil {
			return err
		}
		created = true
		out, err = oneRefund(ctx, c, `WHERE r.id = ?`, id)
		return err
	})
	return out, created, err
}

// RecordRefundReport: see service.RefundStore. Lock order as ReserveRefund:
// the order row, then the refund.
func (s *Store) RecordRefundReport(ctx context.Context, localID int64, provider string, rep shop.ProviderRefund, at time.Time,
	notices func(*shop.Refund, shop.Channels) []shop.Mail) (*shop.Refund, error) {
	var out *shop.Refund
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		var paymentID int64
		var orderID string
		if localID != 0 {
			if err := c.queryRow(ctx, `SELECT payment_id, order_id FROM refunds WHERE id = ?`, localID).Scan(&paymentID, &orderID); err != nil {
				return err
			}
		} else {
			err := c.queryRow(ctx, `SELECT id, order_id FROM payments WHERE reference = ?`, rep.TransactionReference).
				Scan(&paymentID, &orderID)
			if errors.Is(err, sql.ErrNoRows) {
				return nil // not one of ours
			}
			if err != nil {
				return err
			}
		}
		if err := c.queryRow(ctx, `SELECT id FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, orderID).Scan(&orderID); err != nil {
			return err
		}
		r, err := matchRefund(ctx, c, localID, provider, paymentID, rep)
		if err != nil {
			return err
		}
		ms := shop.Millis(at)
		if r == nil && rep.Amount <= 0 {
			return nil // nothing to record
		}
		if r == nil {
			// A refund made outside Dwa (the provider's dashboard): recorded
			// as the provider reports it, so the order's total stays true.
			if rep.Currency == "" {
				rep.Currency = shop.Currency
			}
			id, err := c.insertID(ctx, `INSERT INTO refunds (order_id, payment_id, amount, currency, status, provider,
				provider_refund_id, idempotency_key, created_at, updated_at) VALUES (?, ?, ?, ?, 'requested', ?, ?, ?, ?, ?)`,
				orderID, paymentID, int64(rep.Amount), rep.Currency, provider, rep.ID, "provider:"+rep.ID, ms, ms)
			if err != nil {
				return err
			}
			if r, err = oneRefund(ctx, c, `WHERE r.id = ?`, id); err != nil {
				return err
			}
		}
		if r.ProviderRefundID == "" && rep.ID != "" {
			if _, err := c.exec(ctx, `UPDATE refunds SET provider_refund_id = ? WHERE id = ?`, rep.ID, r.ID); err != nil {
				return err
			}
			r.ProviderRefundID = rep.ID
		}
		out = r
		if !shop.RefundAdvances(r.Status, rep.Status) {
			return nil
		}
		q, args := `UPDATE refunds SET status = ?, updated_at = ?`, []any{rep.Status, ms}
		switch rep.Status {
		case shop.RefundProcessed:
			q, args = q+`, processed_at = ?`, append(args, ms)
			r.ProcessedAt = at
		case shop.RefundFailed:
			q, args = q+`, failure = ?`, append(args, rep.Reason)
			r.Failure = rep.Reason
		}
		if _, err := c.exec(ctx, q+` WHERE id = ?`, append(args, r.ID)...); err != nil {
			return err
		}
		r.Status, r.UpdatedAt = rep.Status, at
		if rep.Status == shop.RefundProcessed {
			if err := postRefund(ctx, c, r.ID, at); err != nil {
				return err
			}
			prefs, err := noticePrefs(ctx, c, r.BuyerID)
			if err != nil {
				return err
			}
			return insertMails(ctx, c, notices(r, prefs[shop.NoticeRefund]))
		}
		return nil
	})
	return out, err
}

// matchRefund finds the refund a report is about: the one with the
// provider's id; else ours by id when the report answers our own request;
// else (an event that overtook our request's answer, or one without the
// refund's id) the payment's refund of the same amount that waits for it —
// unlinked when the report has an id, and one not settled yet first. nil
// when none does: a refund made outside Dwa.
func matchRefund(ctx context.Context, c conn, localID int64, provider string, paymentID int64, rep shop.ProviderRefund) (*shop.Refund, error) {
	if rep.ID != "" {
		r, err := oneRefund(ctx, c, `WHERE r.provider = ? AND r.provider_refund_id = ?`, provider, rep.ID)
		if err != nil || r != nil {
			return r, err
		}
	}
	if localID != 0 {
		return oneRefund(ctx, c, `WHERE r.id = ?`, localID)
	}
	q := `WHERE r.payment_id = ? AND r.amount = ?`
	if rep.ID != "" {
		q += ` AND r.provider_refund_id IS NULL AND r.status = 'requested'`
	}
	return oneRefund(ctx, c, q+` ORDER BY CASE WHEN r.status IN ('processed', 'failed') THEN 1 ELSE 0 END, r.id LIMIT 1`,
		paymentID, int64(rep.Amount))
}

// OpenRefunds lists refunds the provider has not settled, last changed
// before the given time, oldest first.
func (s *Store) OpenRefunds(ctx context.Context, before time.Time, limit int) ([]*shop.Refund, error) {
	return refunds(ctx, s.db.background(), `WHERE r.status IN ('pending', 'processing') AND r.provider_refund_id IS NOT NULL
		AND r.updated_at < ? ORDER BY r.updated_at, r.id LIMIT ?`, shop.Millis(before), limit)
}

// RefundQueue lists the payments flagged for refund that still have money
// to give back, oldest first, with what was refunded of each.
func (s *Store) RefundQueue(ctx context.Context, limit int) ([]shop.QueuedRefund, error) {
	c := s.db.reader()
	ps, err := payments(ctx, c, `WHERE p.status = 'successful' AND p.flag = 'refund'
		AND p.amount > (SELECT COALESCE(SUM(r.amount), 0) FROM refunds r WHERE r.payment_id = p.id AND r.status <> 'failed')
		ORDER BY p.paid_at, p.id LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, nil
	}
	// The totals of the listed payments only: the queue's page, not every
	// flagged payment there ever was.
	ids := make([]any, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	rows, err := c.query(ctx, `SELECT payment_id, SUM(amount) FROM refunds
		WHERE payment_id IN (`+marks(len(ids))+`) AND status <> 'failed' GROUP BY payment_id`, ids...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	refunded := map[int64]shop.Money{}
	for rows.Next() {
		var id int64
		var sum shop.Money
		if err := rows.Scan(&id, &sum); err != nil {
			return nil, err
		}
		refunded[id] = sum
	}
	out := make([]shop.QueuedRefund, len(ps))
	for i, p := range ps {
		out[i] = shop.QueuedRefund{Payment: p, Refunded: refunded[p.ID]}
	}
	return out, rows.Err()
}
