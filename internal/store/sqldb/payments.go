package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"dwa/internal/shop"
)

const paymentSelect = `SELECT p.id, p.order_id, p.user_id, u.email, p.reference, p.amount, p.currency, p.status,
	p.provider, COALESCE(p.access_code, ''), p.gateway_response, p.flag, p.created_at, p.updated_at, p.paid_at,
	p.attempts, p.next_attempt_at, p.channel, p.phone, p.network, p.charge_state, p.display_text
	FROM payments p JOIN users u ON u.id = p.user_id`

func payments(ctx context.Context, c conn, where string, args ...any) ([]*shop.Payment, error) {
	rows, err := c.query(ctx, paymentSelect+` `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*shop.Payment
	for rows.Next() {
		p := &shop.Payment{}
		var created, updated, next int64
		var paid sql.NullInt64
		if err := rows.Scan(&p.ID, &p.OrderID, &p.UserID, &p.Email, &p.Reference, &p.Amount, &p.Currency, &p.Status,
			&p.Provider, &p.AccessCode, &p.GatewayResponse, &p.Flag, &created, &updated, &paid,
			&p.Attempts, &next, &p.Channel, &p.Phone, &p.Network, &p.ChargeState, &p.DisplayText); err != nil {
			return nil, err
		}
		p.CreatedAt, p.UpdatedAt, p.NextAttemptAt = shop.FromMillis(created), shop.FromMillis(updated), shop.FromMillis(next)
		if paid.Valid {
			p.PaidAt = shop.FromMillis(paid.Int64)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func onePayment(ctx context.Context, c conn, where string, args ...any) (*shop.Payment, error) {
	ps, err := payments(ctx, c, where, args...)
	if err != nil || len(ps) == 0 {
		return nil, err
	}
	return ps[0], nil
}

// PendingPayment returns the order's pending attempt with the provider, or nil.
func (s *Store) PendingPayment(ctx context.Context, orderID, provider string) (*shop.Payment, error) {
	return onePayment(ctx, s.db.reader(), `WHERE p.order_id = ? AND p.provider = ? AND p.status = 'pending'`, orderID, provider)
}

// CreatePayment inserts p if its order is pending and has no pending attempt
// with the provider (the partial unique index decides races).
func (s *Store) CreatePayment(ctx context.Context, p *shop.Payment) (bool, error) {
	created := false
	err := s.db.inTx(ctx, func(c conn) error {
		created = false // inTx may run this twice
		var status string
		err := c.queryRow(ctx, `SELECT status FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, p.OrderID).Scan(&status)
		if err != nil {
			return c.db.translate(err)
		}
		if status != shop.OrderPending {
			return nil
		}
		var access any
		if p.AccessCode != "" {
			access = p.AccessCode
		}
		ms := shop.Millis(p.CreatedAt)
		err = c.queryRow(ctx, `INSERT INTO payments (order_id, user_id, reference, amount, currency, status, provider,
			access_code, created_at, updated_at, channel, phone, network) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING RETURNING id`, p.OrderID, p.UserID, p.Reference, int64(p.Amount), p.Currency, p.Provider,
			access, ms, ms, p.Channel, p.Phone, p.Network).Scan(&p.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		created = err == nil
		return c.db.translate(err)
	})
	return created, err
}

// Payments returns limit of the user's attempts from offset, newest first,
// and how many there are.
func (s *Store) Payments(ctx context.Context, userID int64, orderID string, offset, limit int) ([]*shop.Payment, int, error) {
	c := s.db.reader()
	where, args := `WHERE p.user_id = ?`, []any{userID}
	if orderID != "" {
		where, args = where+` AND p.order_id = ?`, append(args, orderID)
	}
	ps, err := payments(ctx, c, where+` ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(ps), `SELECT COUNT(*) FROM payments p `+where, args...)
	return ps, total, err
}

// FlaggedPayments counts the attempts flagged for staff, by flag.
func (s *Store) FlaggedPayments(ctx context.Context) (map[string]int64, error) {
	rows, err := s.db.reader().query(ctx, `SELECT flag, COUNT(*) FROM payments WHERE flag <> '' GROUP BY flag`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var flag string
		var n int64
		if err := rows.Scan(&flag, &n); err != nil {
			return nil, err
		}
		out[flag] = n
	}
	return out, rows.Err()
}

// Payment returns the user's attempt, or nil.
func (s *Store) Payment(ctx context.Context, userID, id int64) (*shop.Payment, error) {
	return onePayment(ctx, s.db.reader(), `WHERE p.id = ? AND p.user_id = ?`, id, userID)
}

// PaymentByReference returns the attempt with that reference, or nil.
func (s *Store) PaymentByReference(ctx context.Context, reference string) (*shop.Payment, error) {
	return onePayment(ctx, s.db.reader(), `WHERE p.reference = ?`, reference)
}

// FailPayment marks an attempt that is not successful as failed.
func (s *Store) FailPayment(ctx context.Context, reference, gatewayResponse, flag string, at time.Time) (bool, error) {
	q := `UPDATE payments SET status = 'failed', gateway_response = ?, updated_at = ?`
	args := []any{gatewayResponse, shop.Millis(at)}
	if flag != "" {
		q += `, flag = ?`
		args = append(args, flag)
	}
	res, err := s.db.writer().exec(ctx, q+` WHERE reference = ? AND status IN ('pending', 'failed')`, append(args, reference)...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetChargeState records the next step a provider asked for on a pending
// attempt; false when the attempt is no longer pending.
func (s *Store) SetChargeState(ctx context.Context, reference, state, displayText string, at time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE payments SET charge_state = ?, display_text = ?, updated_at = ?
		WHERE reference = ? AND status = 'pending'`, state, displayText, shop.Millis(at), reference)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PendingMobileMoney lists pending, unflagged mobile money attempts created
// before the given time whose next provider check is due at now, oldest
// first.
func (s *Store) PendingMobileMoney(ctx context.Context, before, now time.Time, limit int) ([]*shop.Payment, error) {
	return payments(ctx, s.db.reader(), `WHERE p.status = 'pending' AND p.channel = 'mobile_money' AND p.flag = ''
		AND p.created_at < ? AND p.next_attempt_at <= ? ORDER BY p.created_at, p.id LIMIT ?`,
		shop.Millis(before), shop.Millis(now), limit)
}

// FulfilPayment: see service.PaymentStore. It follows the lock hierarchy
// of docs/decisions/0007 — the order row first, then its payment — as
// cancelling and expiring do; the payment's order id never changes, so it
// is read before taking any lock. The conditional update makes the
// transition happen once however many callers race: on PostgreSQL the
// second waits for the first's order lock and then finds nothing to change.
func (s *Store) FulfilPayment(ctx context.Context, reference, gatewayResponse string, at time.Time,
	mails func(*shop.Order) []shop.Mail) (shop.Fulfilment, error) {
	var out shop.Fulfilment
	err := s.db.inTx(ctx, func(c conn) error {
		ms := shop.Millis(at)
		var orderID, orderStatus string
		var paymentID int64
		err := c.queryRow(ctx, `SELECT order_id, id FROM payments WHERE reference = ?`, reference).Scan(&orderID, &paymentID)
		if errors.Is(err, sql.ErrNoRows) {
			out = shop.FulfilAlreadyDone
			return nil
		}
		if err != nil {
			return err
		}
		if err := c.queryRow(ctx, `SELECT status FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, orderID).
			Scan(&orderStatus); err != nil {
			return err
		}
		res, err := c.exec(ctx, `UPDATE payments SET status = 'successful', gateway_response = ?, paid_at = ?, updated_at = ?
			WHERE reference = ? AND status IN ('pending', 'failed')`, gatewayResponse, ms, ms, reference)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			out = shop.FulfilAlreadyDone
			return err
		}
		if orderStatus != shop.OrderPending {
			out = shop.FulfilNotPayable
			_, err = c.exec(ctx, `UPDATE payments SET flag = 'refund' WHERE reference = ?`, reference)
			return err
		}
		out = shop.FulfilDone
		if _, err := c.exec(ctx, `UPDATE orders SET status = 'processing', paid_at = ?, updated_at = ?
			WHERE id = ? AND status = 'pending'`, ms, ms, orderID); err != nil {
			return err
		}
		if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: orderID, Status: shop.OrderProcessing,
			Note: "Payment received.", CreatedAt: shop.FromMillis(ms)}); err != nil {
			return err
		}
		os, err := orders(ctx, c, `WHERE o.id = ?`, orderID)
		if err != nil {
			return err
		}
		if err := insertMails(ctx, c, mails(os[0])); err != nil {
			return err
		}
		if err := countSold(ctx, c, os[0], 0); err != nil {
			return err
		}
		return postSale(ctx, c, orderID, paymentID, at)
	})
	return out, err
}

// StalePayments lists pending attempts created before the given time whose
// order still waits for payment and whose next provider check is due at
// now, the longest waiting first; attempts flagged for staff are left out.
func (s *Store) StalePayments(ctx context.Context, before, now time.Time, limit int) ([]*shop.Payment, error) {
	return payments(ctx, s.db.reader(), `JOIN orders o ON o.id = p.order_id
		WHERE p.status = 'pending' AND p.flag = '' AND p.next_attempt_at <= ? AND p.created_at < ?
			AND o.status = 'pending'
		ORDER BY p.next_attempt_at, p.created_at, p.id LIMIT ?`, shop.Millis(now), shop.Millis(before), limit)
}

// PaymentCheckFailed records a failed provider check of a pending attempt
// and when to try again; final flags it for staff review instead (the jobs
// stop asking).
func (s *Store) PaymentCheckFailed(ctx context.Context, reference string, attempts int, next time.Time, final bool) error {
	q := `UPDATE payments SET attempts = ?, next_attempt_at = ?`
	if final {
		q += `, flag = 'review'`
	}
	_, err := s.db.writer().exec(ctx, q+` WHERE reference = ? AND status = 'pending'`, attempts, shop.Millis(next), reference)
	return err
}

// SavePaymentEvent stores a provider event once per event and reference.
func (s *Store) SavePaymentEvent(ctx context.Context, e shop.PaymentEvent) (bool, error) {
	res, err := s.db.writer().exec(ctx, `INSERT INTO payment_events (provider, event, reference, payload, received_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, e.Provider, e.Event, e.Reference, e.Payload, shop.Millis(e.ReceivedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PendingPaymentEvents lists unprocessed events due at now, in the order
// they are due (oldest first among those never tried).
func (s *Store) PendingPaymentEvents(ctx context.Context, now time.Time, limit int) ([]shop.PaymentEvent, error) {
	rows, err := s.db.reader().query(ctx, `SELECT id, provider, event, reference, payload, received_at, attempts
		FROM payment_events WHERE processed_at IS NULL AND next_attempt_at <= ?
		ORDER BY next_attempt_at, id LIMIT ?`, shop.Millis(now), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.PaymentEvent
	for rows.Next() {
		var e shop.PaymentEvent
		var received int64
		if err := rows.Scan(&e.ID, &e.Provider, &e.Event, &e.Reference, &e.Payload, &received, &e.Attempts); err != nil {
			return nil, err
		}
		e.ReceivedAt = shop.FromMillis(received)
		out = append(out, e)
	}
	return out, rows.Err()
}

// PaymentEventProcessed marks an event done.
func (s *Store) PaymentEventProcessed(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.writer().exec(ctx, `UPDATE payment_events SET processed_at = ? WHERE id = ?`, shop.Millis(at), id)
	return err
}

// PaymentEventFailed records a failed application of an event and when to
// try again; final sets it aside for good (processed_at = next, the error
// kept in last_error).
func (s *Store) PaymentEventFailed(ctx context.Context, id int64, attempts int, next time.Time, lastErr string, final bool) error {
	q := `UPDATE payment_events SET attempts = ?, next_attempt_at = ?, last_error = ?`
	args := []any{attempts, shop.Millis(next), lastErr}
	if final {
		q += `, processed_at = ?`
		args = append(args, shop.Millis(next))
	}
	_, err := s.db.writer().exec(ctx, q+` WHERE id = ? AND processed_at IS NULL`, append(args, id)...)
	return err
}

// countSold adds the units of a paid order's lines (of every store, or of
// the one store whose pay-on-delivery part was paid when store is not 0)
// to their products' units sold, in product id order like every
// transaction that writes several products, and records the change so the
// catalogue index's best-seller order follows. The update is relative, so
// whatever else the row holds (a seller's edit) stays. Paid lines are never
// cancelled (a store cancels only unpaid pay-on-delivery parts), so their
// units are never taken back (docs/decisions/0021).
func countSold(ctx context.Context, c conn, o *shop.Order, store int64) error {
	units := map[int64]int{}
	for _, it := range o.Items {
		if store == 0 || it.StoreID == store {
			units[it.ProductID] += it.Quantity
		}
	}
	ids := make([]int64, 0, len(units))
	for id := range units {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if _, err := c.exec(ctx, `UPDATE products SET units_sold = units_sold + ? WHERE id = ?`, units[id], id); err != nil {
			return err
		}
	}
	return recordChange(ctx, c, false, ids...)
}
