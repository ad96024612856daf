package sqldb

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// The Seller Centre dashboard: daily figures and low stock.

// SellerDays returns, per UTC day from `from` (a midnight), the store's paid
// orders and revenue and the views of its product pages; days without any
// are left out.
func (s *Store) SellerDays(ctx context.Context, storeID int64, from time.Time) (map[int64]*shop.SellerDay, error) {
	c := s.db.reader()
	lo := shop.Millis(from)
	days := map[int64]*shop.SellerDay{}
	day := func(n int64) *shop.SellerDay {
		if days[n] == nil {
			days[n] = &shop.SellerDay{Date: shop.FromMillis(n * dayMillis)}
		}
		return days[n]
	}
	rows, err := c.query(ctx, `SELECT o.paid_at / 86400000, COUNT(DISTINCT o.id), SUM(oi.unit_price * oi.quantity)
		FROM orders o JOIN order_items oi ON oi.order_id = o.id
		WHERE oi.store_id = ? AND o.status IN ('processing', 'shipped', 'delivered') AND o.paid_at >= ?
		GROUP BY o.paid_at / 86400000`, storeID, lo)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var n int64
		var d shop.SellerDay
		if err := rows.Scan(&n, &d.Orders, &d.Revenue); err != nil {
			rows.Close()
			return nil, err
		}
		day(n).Orders, day(n).Revenue = d.Orders, d.Revenue
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = c.query(ctx, `SELECT v.viewed_at / 86400000, COUNT(*) FROM page_views v
		JOIN products p ON v.path IN ('/store/products/' || CAST(p.id AS TEXT), '/store/products/' || CAST(p.id AS TEXT) || '/')
		WHERE p.store_id = ? AND v.is_bot = FALSE AND v.viewed_at >= ? GROUP BY v.viewed_at / 86400000`, storeID, lo)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		var views int
		if err := rows.Scan(&n, &views); err != nil {
			return nil, err
		}
		day(n).Views = views
	}
	return days, rows.Err()
}

// LowStock lists the store's active products with at most `below`
// units, fewest first, at most limit.
func (s *Store) LowStock(ctx context.Context, storeID int64, below, limit int) ([]shop.StockLevel, error) {
	rows, err := s.db.reader().query(ctx, `SELECT id, name, inventory FROM products
		WHERE store_id = ? AND is_active = TRUE AND inventory <= ? ORDER BY inventory, name, id LIMIT ?`,
		storeID, below, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.StockLevel
	for rows.Next() {
		var l shop.StockLevel
		if err := rows.Scan(&l.ID, &l.Name, &l.Inventory); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
