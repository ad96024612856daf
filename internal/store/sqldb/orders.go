package sqldb

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"dwa/internal/shop"
)

// errShortfall rolls an order placement back when a line cannot be served.
var errShortfall = errors.New("stock shortfall")

// PlaceOrder: see service.OrderStore. Stock is taken with conditional
// updates (never read-then-write) in product id order, so that concurrent
// placements lock product rows in the same order and cannot deadlock.
func (s *Store) PlaceOrder(ctx context.Context, o *shop.Order, idemKey string, direct []shop.LineRequest,
	check func(c *shop.Cart, lines []shop.CartLine) error, mails func(*shop.Order) []shop.Mail) (*shop.CartLine, error) {
	var short *shop.CartLine
	err := s.db.inTx(ctx, func(c conn) error {
		short = nil // inTx may run this twice
		cart, lines, err := s.orderSource(ctx, c, o.UserID, direct)
		if err != nil {
			return err
		}
		if err := check(cart, lines); err != nil {
			return err
		}
		// Product id order, then variant: rows are locked in one order by
		// every placement (and a variant after its product, as variant
		// edits do).
		order := make([]int, len(lines))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			if d := cmp.Compare(lines[a].Product.ID, lines[b].Product.ID); d != 0 {
				return d
			}
			return cmp.Compare(lines[a].VariantID, lines[b].VariantID)
		})
		var varied []int64 // products whose variants' stock was taken
		for _, i := range order {
			l := lines[i]
			ok, err := takeStock(ctx, c, l)
			if err != nil {
				return err
			}
			if !ok {
				if err := c.queryRow(ctx, `SELECT inventory, is_active FROM products WHERE id = ?`, l.Product.ID).
					Scan(&l.Product.Inventory, &l.Product.Active); err != nil {
					return c.db.translate(err)
				}
				if l.VariantID != 0 {
					var stock int
					var active, retired bool
					if err := c.queryRow(ctx, `SELECT inventory, is_active, retired FROM product_variants WHERE id = ?`,
						l.VariantID).Scan(&stock, &active, &retired); err != nil {
						return c.db.translate(err)
					}
					l.Product.Inventory, l.Product.Active = stock, l.Product.Active && active && !retired
				}
				short = &l
				return errShortfall
			}
			if l.VariantID != 0 && (len(varied) == 0 || varied[len(varied)-1] != l.Product.ID) {
				varied = append(varied, l.Product.ID)
			}
		}
		// A variant sold out may move the product's lowest price.
		if err := refreshAggregates(ctx, c, varied...); err != nil {
			return err
		}
		ms := shop.Millis(o.CreatedAt)
		delivery, err := snapshotJSON(o.DeliveryAddress)
		if err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO orders (id, user_id, status, amount, shipping_address, contact_info,
			delivery_address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, o.ID, o.UserID, o.Status,
			int64(o.Amount), o.ShippingAddress, o.ContactInfo, delivery, ms, ms); err != nil {
			return err
		}
		if err := insertDeliveries(ctx, c, o); err != nil {
			return err
		}
		for i := range o.Items {
			it := &o.Items[i]
			opts := it.Options
			if opts == nil {
				opts = []shop.OptionValue{}
			}
			if it.ID, err = c.insertID(ctx, `INSERT INTO order_items (order_id, product_id, store_id, name, unit_price, quantity,
				variant_id, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, o.ID, it.ProductID, nullID(it.StoreID), it.Name,
				int64(it.UnitPrice), it.Quantity, nullID(it.VariantID), jsonText(opts)); err != nil {
				return err
			}
		}
		if cart != nil {
			if _, err := c.exec(ctx, `UPDATE carts SET status = 'inactive' WHERE id = ?`, cart.ID); err != nil {
				return err
			}
		}
		if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: o.ID, Status: o.Status, ActorID: o.UserID,
			CreatedAt: o.CreatedAt}); err != nil {
			return err
		}
		if err := insertMails(ctx, c, mails(o)); err != nil {
			return err
		}
		if idemKey != "" {
			if _, err := c.exec(ctx, `UPDATE idempotency_keys SET state = 'done', response_status = 201, response_body = ?
				WHERE user_id = ? AND idem_key = ?`, o.ID, o.UserID, idemKey); err != nil {
				return err
			}
		}
		// Last in the transaction: on PostgreSQL the search_meta row stays
		// locked until commit, and every order takes it. The products' rows
		// are locked already (their stock was taken above).
		ids := make([]int64, len(lines))
		for i, l := range lines {
			ids[i] = l.Product.ID
		}
		return recordChange(ctx, c, false, ids...)
	})
	if errors.Is(err, errShortfall) {
		return short, nil
	}
	return nil, err
}

// takeStock takes a line's quantity from its product's stock, and from its
// variant's when it names one, each with a conditional update; false when
// either is short (or inactive), and the caller rolls back.
func takeStock(ctx context.Context, c conn, l shop.CartLine) (bool, error) {
	res, err := c.exec(ctx, `UPDATE products SET inventory = inventory - ?
		WHERE id = ? AND inventory >= ? AND is_active = TRUE`, l.Quantity, l.Product.ID, l.Quantity)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if l.VariantID == 0 {
		return true, nil
	}
	res, err = c.exec(ctx, `UPDATE product_variants SET inventory = inventory - ?
		WHERE id = ? AND product_id = ? AND inventory >= ? AND is_active = TRUE AND retired = FALSE`,
		l.Quantity, l.VariantID, l.Product.ID, l.Quantity)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const orderSelect = `SELECT o.id, o.user_id, u.email, o.status, o.amount, o.shipping_address, o.contact_info,
	o.delivery_address, o.created_at, o.updated_at, o.paid_at, o.cancelled_at, o.cod_at FROM orders o JOIN users u ON u.id = o.user_id`

// orders runs orderSelect with the condition and loads the orders' items.
func orders(ctx context.Context, c conn, where string, args ...any) ([]*shop.Order, error) {
	rows, err := c.query(ctx, orderSelect+` `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*shop.Order
	byID := map[string]*shop.Order{}
	for rows.Next() {
		o := &shop.Order{}
		var created, updated int64
		var paid, cancelled, cod sql.NullInt64
		var delivery sql.NullString
		if err := rows.Scan(&o.ID, &o.UserID, &o.UserEmail, &o.Status, &o.Amount, &o.ShippingAddress, &o.ContactInfo,
			&delivery, &created, &updated, &paid, &cancelled, &cod); err != nil {
			return nil, err
		}
		var err error
		if o.DeliveryAddress, err = snapshotOf(delivery); err != nil {
			return nil, err
		}
		o.CODAt = optionalMillis(cod)
		o.CreatedAt, o.UpdatedAt = shop.FromMillis(created), shop.FromMillis(updated)
		if paid.Valid {
			o.PaidAt = shop.FromMillis(paid.Int64)
		}
		if cancelled.Valid {
			o.CancelledAt = shop.FromMillis(cancelled.Int64)
		}
		out = append(out, o)
		byID[o.ID] = o
	}
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	args = make([]any, len(out))
	for i, o := range out {
		args[i] = o.ID
	}
	in := marks(len(out))
	irows, err := c.query(ctx, `SELECT oi.id, oi.order_id, oi.product_id, p.name, COALESCE(oi.store_id, 0),
		COALESCE(st.name, ''), oi.name, oi.unit_price, oi.quantity, oi.shipped_at, oi.delivered_at, oi.tracking_note,
		oi.cod_paid_at, oi.cancelled_at, oi.cancel_reason, COALESCE(oi.variant_id, 0), oi.options
		FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN stores st ON st.id = oi.store_id
		WHERE oi.order_id IN (`+in+`) ORDER BY oi.id`, args...)
	if err != nil {
		return nil, err
	}
	defer irows.Close()
	var pids []int64
	for irows.Next() {
		var it shop.OrderItem
		var orderID string
		var shipped, delivered, codPaid, cancelled sql.NullInt64
		var options string
		if err := irows.Scan(&it.ID, &orderID, &it.ProductID, &it.ProductName, &it.StoreID, &it.StoreName, &it.Name,
			&it.UnitPrice, &it.Quantity, &shipped, &delivered, &it.TrackingNote,
			&codPaid, &cancelled, &it.CancelReason, &it.VariantID, &options); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(options), &it.Options); err != nil {
			return nil, err
		}
		it.CODPaidAt, it.CancelledAt = optionalMillis(codPaid), optionalMillis(cancelled)
		if shipped.Valid {
			it.ShippedAt = shop.FromMillis(shipped.Int64)
		}
		if delivered.Valid {
			it.DeliveredAt = shop.FromMillis(delivered.Int64)
		}
		if o := byID[orderID]; o != nil {
			o.Items = append(o.Items, it)
		}
		pids = append(pids, it.ProductID)
	}
	if err := irows.Err(); err != nil {
		return nil, err
	}
	images, err := imagesOf(ctx, c, pids)
	if err != nil {
		return nil, err
	}
	for _, o := range out {
		for i := range o.Items {
			o.Items[i].ProductImages = images[o.Items[i].ProductID]
		}
	}
	if err := orderEvents(ctx, c, in, args, byID); err != nil {
		return nil, err
	}
	if err := orderDeliveries(ctx, c, in, args, byID); err != nil {
		return nil, err
	}
	return out, nil
}

// optionalMillis is a nullable time column; zero when NULL.
func optionalMillis(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return shop.FromMillis(v.Int64)
}

// orderEvents loads the events of the orders in the IN list, oldest first.
func orderEvents(ctx context.Context, c conn, in string, args []any, byID map[string]*shop.Order) error {
	rows, err := c.query(ctx, `SELECT e.id, e.order_id, COALESCE(e.store_id, 0), e.status, e.note,
		COALESCE(e.actor_id, 0), COALESCE(u.username, ''), e.created_at
		FROM order_events e LEFT JOIN users u ON u.id = e.actor_id
		WHERE e.order_id IN (`+in+`) ORDER BY e.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e shop.OrderEvent
		var at int64
		if err := rows.Scan(&e.ID, &e.OrderID, &e.StoreID, &e.Status, &e.Note, &e.ActorID, &e.Actor, &at); err != nil {
			return err
		}
		e.CreatedAt = shop.FromMillis(at)
		if o := byID[e.OrderID]; o != nil {
			o.Events = append(o.Events, e)
		}
	}
	return rows.Err()
}

// addOrderEvent records a status change inside the caller's transaction.
func addOrderEvent(ctx context.Context, c conn, e shop.OrderEvent) error {
	_, err := c.exec(ctx, `INSERT INTO order_events (order_id, store_id, status, note, actor_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, e.OrderID, nullID(e.StoreID), e.Status, e.Note, nullID(e.ActorID),
		shop.Millis(e.CreatedAt))
	return err
}

// Orders returns limit of the user's visible orders from offset, newest
// first, and how many there are.
func (s *Store) Orders(ctx context.Context, userID int64, offset, limit int) ([]*shop.Order, int, error) {
	c := s.db.reader()
	os, err := orders(ctx, c, `WHERE o.user_id = ? AND o.hidden_by_user = FALSE
		ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`, userID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(os),
		`SELECT COUNT(*) FROM orders WHERE user_id = ? AND hidden_by_user = FALSE`, userID)
	return os, total, err
}

// pageTotal is the size of a list of which a page of n rows was read at
// offset. A page that is short but not empty (or the first one) ends the
// list, which gives the size without counting — the usual case for the
// short lists of one shopper; otherwise countSQL counts it.
func pageTotal(ctx context.Context, c conn, offset, limit, n int, countSQL string, args ...any) (int, error) {
	if n < limit && (n > 0 || offset == 0) {
		return offset + n, nil
	}
	var total int
	err := c.queryRow(ctx, countSQL, args...).Scan(&total)
	return total, c.db.translate(err)
}

// Order returns the user's order, or nil.
func (s *Store) Order(ctx context.Context, userID int64, id string, includeHidden bool) (*shop.Order, error) {
	where := `WHERE o.id = ? AND o.user_id = ?`
	if !includeHidden {
		where += ` AND o.hidden_by_user = FALSE`
	}
	os, err := orders(ctx, s.db.reader(), where, id, userID)
	if err != nil || len(os) == 0 {
		return nil, err
	}
	return os[0], nil
}

// cancelPending cancels a pending order, returns its stock and fails its
// pending payment attempts; false when the order was not pending.
func cancelPending(ctx context.Context, c conn, id string, at time.Time) (bool, error) {
	ms := shop.Millis(at)
	res, err := c.exec(ctx, `UPDATE orders SET status = 'cancelled', cancelled_at = ?, updated_at = ?
		WHERE id = ? AND status = 'pending'`, ms, ms, id)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: id, Status: shop.OrderCancelled, CreatedAt: at}); err != nil {
		return false, err
	}
	if err := returnStock(ctx, c, id, ``); err != nil {
		return false, err
	}
	_, err = c.exec(ctx, `UPDATE payments SET status = 'failed', updated_at = ? WHERE order_id = ? AND status = 'pending'`, ms, id)
	return err == nil, err
}

// DeleteOrder: see service.OrderStore.
func (s *Store) DeleteOrder(ctx context.Context, userID int64, id string, at time.Time) (string, error) {
	var status string
	err := s.db.inTx(ctx, func(c conn) error {
		status = "" // inTx may run this twice
		err := c.queryRow(ctx, `SELECT status FROM orders WHERE id = ? AND user_id = ? AND hidden_by_user = FALSE`+
			s.db.Dialect.ForUpdate, id, userID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return c.db.translate(err)
		}
		switch status {
		case shop.OrderPending:
			if _, err := cancelPending(ctx, c, id, at); err != nil {
				return err
			}
		case shop.OrderCancelled:
		default:
			return nil
		}
		_, err = c.exec(ctx, `UPDATE orders SET hidden_by_user = TRUE, updated_at = ? WHERE id = ?`, shop.Millis(at), id)
		return err
	})
	return status, err
}

// ExpiredOrders lists pending orders created before the given time, oldest
// first, leaving out those with a pending attempt whose provider check is
// not due at now (it failed lately) or was given up (flagged): such an
// order cannot be cancelled yet, and must not hold up the others.
func (s *Store) ExpiredOrders(ctx context.Context, before, now time.Time, limit int) ([]string, error) {
	rows, err := s.db.reader().query(ctx, `SELECT o.id FROM orders o WHERE o.status = 'pending' AND o.created_at < ?
		AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'pending'
			AND (p.next_attempt_at > ? OR p.flag <> ''))
		ORDER BY o.created_at, o.id LIMIT ?`, shop.Millis(before), shop.Millis(now), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ExpireOrder cancels the order if it is still pending.
func (s *Store) ExpireOrder(ctx context.Context, id string, at time.Time) (bool, error) {
	var ok bool
	err := s.db.inTx(ctx, func(c conn) (err error) {
		ok, err = cancelPending(ctx, c, id, at)
		return err
	})
	return ok, err
}

// ClaimIdempotencyKey: see service.OrderStore.
func (s *Store) ClaimIdempotencyKey(ctx context.Context, userID int64, key, requestHash string, at, expired, stale time.Time) (*shop.IdempotencyRecord, error) {
	var prev *shop.IdempotencyRecord
	err := s.db.inTx(ctx, func(c conn) error {
		prev = nil // inTx may run this twice
		if _, err := c.exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND idem_key = ?
			AND (created_at < ? OR (state = 'running' AND created_at < ?))`,
			userID, key, shop.Millis(expired), shop.Millis(stale)); err != nil {
			return err
		}
		res, err := c.exec(ctx, `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, state, created_at)
			VALUES (?, ?, ?, 'running', ?) ON CONFLICT DO NOTHING`, userID, key, requestHash, shop.Millis(at))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		prev = &shop.IdempotencyRecord{}
		return c.db.translate(c.queryRow(ctx, `SELECT request_hash, state, COALESCE(response_body, '') FROM idempotency_keys
			WHERE user_id = ? AND idem_key = ?`, userID, key).Scan(&prev.RequestHash, &prev.State, &prev.Result))
	})
	return prev, err
}

// ReleaseIdempotencyKey forgets a running key.
func (s *Store) ReleaseIdempotencyKey(ctx context.Context, userID int64, key string) error {
	_, err := s.db.writer().exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND idem_key = ? AND state = 'running'`,
		userID, key)
	return err
}

// PruneIdempotencyKeys deletes records created before the given time.
func (s *Store) PruneIdempotencyKeys(ctx context.Context, before time.Time) error {
	_, err := s.db.writer().exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, shop.Millis(before))
	return err
}
