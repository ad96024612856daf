package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// A store's part of paid orders: its lines, and their fulfilment.

// SellerOrders returns one page of the paid orders holding the store's
// lines, newest payment first, and how many there are. Orders come whole;
// the service shows the store only its own lines.
func (s *Store) SellerOrders(ctx context.Context, storeID int64, f shop.SellerOrderFilter) ([]*shop.Order, int, error) {
	cond := paidOrder + partCondition[f.Status] + `)`
	c := s.db.reader()
	os, err := orders(ctx, c, `WHERE `+cond+` ORDER BY COALESCE(o.paid_at, o.cod_at) DESC, o.id DESC LIMIT ? OFFSET ?`,
		storeID, f.Limit, f.Offset)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, f.Offset, f.Limit, len(os), `SELECT COUNT(*) FROM orders o WHERE `+cond, storeID)
	return os, total, err
}

// SellerOrder returns a paid order holding the store's lines, or nil.
func (s *Store) SellerOrder(ctx context.Context, storeID int64, id string) (*shop.Order, error) {
	os, err := orders(ctx, s.db.reader(), `WHERE o.id = ? AND `+paidOrder+`)`, id, storeID)
	if err != nil || len(os) == 0 {
		return nil, err
	}
	return os[0], nil
}

// partCounts counts an order's lines, narrowed by `and` (with its args).
func partCounts(ctx context.Context, c conn, orderID, and string, args ...any) (shop.PartCounts, error) {
	var p shop.PartCounts
	err := c.queryRow(ctx, `SELECT COUNT(*) - COUNT(cancelled_at),
		COUNT(CASE WHEN cancelled_at IS NULL THEN shipped_at END), COUNT(CASE WHEN cancelled_at IS NULL THEN delivered_at END),
		COUNT(cancelled_at), COUNT(cod_paid_at) FROM order_items
		WHERE order_id = ? `+and, append([]any{orderID}, args...)...).Scan(&p.Lines, &p.Shipped, &p.Delivered,
		&p.Cancelled, &p.Paid)
	return p, err
}

// AdvancePart moves the store's part of a paid (or pay-on-delivery) order to
// e.Status — shipped, delivered, paid on delivery (also delivered) or
// cancelled (e.Note the reason; its stock returns) — if shop.CheckPartMove
// allows it, records who did it, moves the order's own status
// (shop.OrderStatusAfter: cancelled once every part is), and queues the
// mails made from the updated order — all in one transaction, with the
// order row locked so that two stores finishing together, or a store's
// two moves at once, agree. It returns nil, nil when the store has no part
// in such an order.
func (s *Store) AdvancePart(ctx context.Context, e shop.OrderEvent, mails func(*shop.Order) []shop.Mail) (*shop.Order, error) {
	var out *shop.Order
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		var status string
		var codAt sql.NullInt64
		err := c.queryRow(ctx, `SELECT status, cod_at FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, e.OrderID).
			Scan(&status, &codAt)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if !shop.Fulfillable(status) && !(codAt.Valid && status == shop.OrderCancelled) {
			return nil
		}
		part, err := partCounts(ctx, c, e.OrderID, `AND store_id = ?`, e.StoreID)
		if err != nil || part.Lines+part.Cancelled == 0 {
			return err
		}
		part.COD = codAt.Valid
		if err := shop.CheckPartMove(part, e.Status); err != nil {
			return err
		}
		at := shop.Millis(e.CreatedAt)
		switch e.Status {
		case shop.PartShipped:
			_, err = c.exec(ctx, `UPDATE order_items SET shipped_at = ?, tracking_note = ?
				WHERE order_id = ? AND store_id = ?`, at, e.Note, e.OrderID, e.StoreID)
		case shop.PartDelivered:
			_, err = c.exec(ctx, `UPDATE order_items SET delivered_at = ? WHERE order_id = ? AND store_id = ?`,
				at, e.OrderID, e.StoreID)
		case shop.PartPaidOnDelivery:
			_, err = c.exec(ctx, `UPDATE order_items SET cod_paid_at = ?, delivered_at = ?, shipped_at = COALESCE(shipped_at, ?)
				WHERE order_id = ? AND store_id = ?`, at, at, at, e.OrderID, e.StoreID)
		case shop.PartCancelled:
			if _, err = c.exec(ctx, `UPDATE order_items SET cancelled_at = ?, cancel_reason = ? WHERE order_id = ? AND store_id = ?`,
				at, e.Note, e.OrderID, e.StoreID); err == nil {
				err = returnStock(ctx, c, e.OrderID, `AND store_id = ?`, e.StoreID)
			}
		}
		if err != nil {
			return err
		}
		if err := addOrderEvent(ctx, c, e); err != nil {
			return err
		}
		all, err := partCounts(ctx, c, e.OrderID, ``)
		if err != nil {
			return err
		}
		if next := shop.OrderStatusAfter(status, all); next != status {
			q := `UPDATE orders SET status = ?, updated_at = ?`
			if next == shop.OrderCancelled {
				q += `, cancelled_at = ?`
			}
			args := []any{next, at}
			if next == shop.OrderCancelled {
				args = append(args, at)
			}
			if _, err := c.exec(ctx, q+` WHERE id = ?`, append(args, e.OrderID)...); err != nil {
				return err
			}
			if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: e.OrderID, Status: next,
				CreatedAt: e.CreatedAt}); err != nil {
				return err
			}
		}
		os, err := orders(ctx, c, `WHERE o.id = ?`, e.OrderID)
		if err != nil {
			return err
		}
		out = os[0]
		if e.Status == shop.PartPaidOnDelivery {
			if err := countSold(ctx, c, out, e.StoreID); err != nil {
				return err
			}
			if err := postCOD(ctx, c, e.OrderID, e.StoreID, e.CreatedAt); err != nil {
				return err
			}
		}
		return insertMails(ctx, c, mails(out))
	})
	return out, err
}
