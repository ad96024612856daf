package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

// Pay on delivery (docs/decisions/0020).

// PaymentSettings returns staff's payment switches (one row, migration 0014).
func (s *Store) PaymentSettings(ctx context.Context) (shop.PaymentSettings, error) {
	var out shop.PaymentSettings
	var updated int64
	err := s.db.reader().queryRow(ctx, `SELECT cod_enabled, cod_max_amount, store_refunds, updated_at
		FROM payment_settings WHERE id = 1`).Scan(&out.CODEnabled, &out.CODMax, &out.StoreRefunds, &updated)
	if updated > 0 {
		out.UpdatedAt = shop.FromMillis(updated)
	}
	return out, s.db.translate(err)
}

// UpdatePaymentSettings changes the sent switches, and only those.
func (s *Store) UpdatePaymentSettings(ctx context.Context, enabled *bool, max *shop.Money, storeRefunds *bool, at time.Time) error {
	var l setList
	setIf(&l, "cod_enabled", enabled)
	setIf(&l, "store_refunds", storeRefunds)
	if max != nil {
		l.add("cod_max_amount", int64(*max))
	}
	l.add("updated_at", shop.Millis(at))
	_, err := s.db.writer().exec(ctx, `UPDATE payment_settings SET `+l.list()+` WHERE id = 1`, l.args...)
	return err
}

// CODFacts returns the stores of the order's lines (a line without a store
// as one that does not accept pay on delivery) and what is known of its
// buyer: whether they have had anything delivered.
func (s *Store) CODFacts(ctx context.Context, orderID string, userID int64) ([]shop.CODStore, shop.CODBuyer, error) {
	c := s.db.reader()
	var buyer shop.CODBuyer
	rows, err := c.query(ctx, `SELECT DISTINCT COALESCE(st.name, ''), COALESCE(st.accepts_cod, FALSE)
		FROM order_items oi LEFT JOIN stores st ON st.id = oi.store_id WHERE oi.order_id = ? ORDER BY 1`, orderID)
	if err != nil {
		return nil, buyer, err
	}
	defer rows.Close()
	var stores []shop.CODStore
	for rows.Next() {
		var st shop.CODStore
		if err := rows.Scan(&st.Name, &st.Accepts); err != nil {
			return nil, buyer, err
		}
		stores = append(stores, st)
	}
	if err := rows.Err(); err != nil {
		return nil, buyer, err
	}
	err = c.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
		WHERE o.user_id = ? AND oi.delivered_at IS NOT NULL AND oi.cancelled_at IS NULL)`, userID).Scan(&buyer.HasDelivered)
	return stores, buyer, s.db.translate(err)
}

// errCODRefused rolls back a choice that check refused.
var errCODRefused = errors.New("pay on delivery refused")

// ChooseCOD turns the user's pending order into a pay-on-delivery one, in
// one transaction with the order row locked (the lock every payment path
// takes first, docs/decisions/0007): check sees the locked order and may
// refuse; a pending mobile money attempt refuses with momoWaiting (its
// prompt may be on the phone); pending card attempts are failed (a success
// arriving for one later finds the order no longer pending and is flagged
// for refund). The order goes to processing without payment; its stock
// was taken when it was placed. done is false when the order was already
// paid on delivery (nothing changed); the order is nil when there is no
// such order of the user.
func (s *Store) ChooseCOD(ctx context.Context, orderID string, userID int64, at time.Time,
	check func(*shop.Order) error, momoWaiting error) (o *shop.Order, done bool, err error) {
	var refusal error
	err = s.db.inTx(ctx, func(c conn) error {
		o, done, refusal = nil, false, nil // inTx may run this twice
		var codAt sql.NullInt64
		err := c.queryRow(ctx, `SELECT cod_at FROM orders WHERE id = ? AND user_id = ? AND hidden_by_user = FALSE`+
			s.db.Dialect.ForUpdate, orderID, userID).Scan(&codAt)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		os, err := orders(ctx, c, `WHERE o.id = ?`, orderID)
		if err != nil {
			return err
		}
		o = os[0]
		if codAt.Valid {
			return nil
		}
		var momo int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM payments WHERE order_id = ? AND status = 'pending'
			AND channel = 'mobile_money'`, orderID).Scan(&momo); err != nil {
			return err
		}
		if momo > 0 && o.Status == shop.OrderPending {
			refusal = momoWaiting
			return errCODRefused
		}
		if refusal = check(o); refusal != nil {
			return errCODRefused
		}
		ms := shop.Millis(at)
		if _, err := c.exec(ctx, `UPDATE payments SET status = 'failed', gateway_response = 'Replaced by pay on delivery',
			updated_at = ? WHERE order_id = ? AND status = 'pending'`, ms, orderID); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE orders SET status = 'processing', cod_at = ?, updated_at = ?
			WHERE id = ? AND status = 'pending'`, ms, ms, orderID); err != nil {
			return err
		}
		if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: orderID, Status: shop.OrderProcessing,
			Note: "Pay on delivery chosen.", ActorID: userID, CreatedAt: at}); err != nil {
			return err
		}
		if os, err = orders(ctx, c, `WHERE o.id = ?`, orderID); err != nil {
			return err
		}
		o, done = os[0], true
		return nil
	})
	if errors.Is(err, errCODRefused) {
		return nil, false, refusal
	}
	return o, done, err
}

// returnStock gives the lines' quantities back to their products, in
// product id order (as placement takes them), and records the change.
func returnStock(ctx context.Context, c conn, orderID, and string, args ...any) error {
	rows, err := c.query(ctx, `SELECT product_id, COALESCE(variant_id, 0), quantity FROM order_items WHERE order_id = ? `+
		and+` ORDER BY product_id, variant_id`, append([]any{orderID}, args...)...)
	if err != nil {
		return err
	}
	type give struct{ product, variant, qty int64 }
	var back []give
	for rows.Next() {
		var g give
		if err := rows.Scan(&g.product, &g.variant, &g.qty); err != nil {
			rows.Close()
			return err
		}
		back = append(back, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	ids := make([]int64, len(back))
	var varied []int64
	for i, g := range back {
		// The product row first (its stock, or at least its lock), then
		// the variant's, then the aggregates from the variants (decision 0029).
		if _, err := c.exec(ctx, `UPDATE products SET inventory = inventory + ? WHERE id = ?`, g.qty, g.product); err != nil {
			return err
		}
		if g.variant != 0 {
			if _, err := c.exec(ctx, `UPDATE product_variants SET inventory = inventory + ? WHERE id = ?`, g.qty, g.variant); err != nil {
				return err
			}
			if len(varied) == 0 || varied[len(varied)-1] != g.product {
				varied = append(varied, g.product)
			}
		}
		ids[i] = g.product
	}
	if err := refreshAggregates(ctx, c, varied...); err != nil {
		return err
	}
	return recordChange(ctx, c, false, ids...)
}
