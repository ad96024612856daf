package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"dwa/internal/shop"
)

// A store's own products, in every state, as the Seller Centre lists and
// edits them. Every Seller Centre query (seller_*.go) is bounded by the
// store's id, so no store reaches another's rows.

// SellerProductIDs returns one page of the store's product ids, newest
// first, and how many match.
func (s *Store) SellerProductIDs(ctx context.Context, storeID int64, f shop.SellerProductFilter) ([]int64, int, error) {
	where := `WHERE p.store_id = ?`
	args := []any{storeID}
	switch f.Status {
	case "active":
		where += ` AND p.is_active = TRUE`
	case "inactive":
		where += ` AND p.is_active = FALSE`
	case "out_of_stock":
		where += ` AND p.inventory = 0`
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		where += ` AND LOWER(p.name) LIKE ? ESCAPE '\'`
		args = append(args, "%"+likeEscaper.Replace(strings.ToLower(q))+"%")
	}
	rows, err := s.db.reader().query(ctx, `SELECT p.id, COUNT(*) OVER () FROM products p `+where+`
		ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, append(args, f.Limit, f.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("seller products: %w", err)
	}
	defer rows.Close()
	var ids []int64
	total := 0
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &total); err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(ids) == 0 && f.Offset > 0 {
		// Past the end: the window count came with no row.
		err = s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM products p `+where, args...).Scan(&total)
	}
	return ids, total, s.db.translate(err)
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// UpdateProduct applies a change to the store's product in one transaction,
// writing only the columns the change sets; false when the product is not
// the store's. The row is read first (locked on PostgreSQL; SQLite's single
// writer serialises), so a stock edit made against a stock the seller no
// longer sees is refused with shop.StockChanged and writes nothing. The
// search document is rewritten when the name, description or categories
// change, and the product goes into the change feed.
func (s *Store) UpdateProduct(ctx context.Context, storeID, id int64, ch shop.ProductChange, at time.Time,
	check func(*shop.BulkProduct, *shop.ProductChange) error) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		ch := ch      // and check trims it
		var stock int
		var price, was shop.Money
		var options bool
		err := c.queryRow(ctx, `SELECT inventory, unit_price, COALESCE(was_price, 0),
			EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id) FROM products
			WHERE id = ? AND store_id = ?`+s.db.Dialect.ForUpdate, id, storeID).Scan(&stock, &price, &was, &options)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		if ch.Inventory != nil && ch.ExpectedInventory != nil && stock != *ch.ExpectedInventory {
			return shop.StockChanged(stock)
		}
		if ch.Empty() {
			return nil
		}
		cur := &shop.BulkProduct{Product: &shop.Product{ID: id, StoreID: storeID, UnitPrice: price, WasPrice: was,
			Inventory: stock}, HasOptions: options}
		if err := check(cur, &ch); err != nil {
			return err
		}
		if ch.SKU != nil && *ch.SKU != "" {
			if clash, err := variantSKUClash(ctx, c, storeID, []string{*ch.SKU}); err != nil {
				return err
			} else if clash {
				return errSKUTaken
			}
		}
		// The deal is checked against the row as locked: a price edit alone
		// must not fall to or below the price before the deal kept.
		if ch.UnitPrice != nil {
			price = *ch.UnitPrice
		}
		if ch.WasPrice != nil {
			was = *ch.WasPrice
		}
		if err := shop.CheckDeal(price, was); err != nil {
			return err
		}
		set, args := productChangeSets(ch)
		if _, err := c.exec(ctx, `UPDATE products SET `+set+`updated_at = ? WHERE id = ?`,
			append(args, shop.Millis(at), id)...); err != nil {
			return err
		}
		if ch.Searchable() {
			if _, err := reindexWhere(ctx, c, `id = ?`, id); err != nil {
				return err
			}
		}
		return recordChange(ctx, c, false, id)
	})
	return found, skuTaken(err)
}

// productChangeSets is the SET list ("col = ?, " each) and arguments of
// the columns a change writes.
func productChangeSets(ch shop.ProductChange) (string, []any) {
	var l setList
	setIf(&l, "name", ch.Name)
	if levels := ch.Categories; levels != nil {
		l.add("category_id", nullID(levels[0]))
		l.add("subcategory_id", nullID(levels[1]))
		l.add("sub_subcategory_id", nullID(levels[2]))
	}
	if ch.UnitPrice != nil {
		l.add("unit_price", int64(*ch.UnitPrice))
	}
	if ch.WasPrice != nil {
		l.add("was_price", nullMoney(*ch.WasPrice))
	}
	setIf(&l, "brand", ch.Brand)
	setIf(&l, "inventory", ch.Inventory)
	setIf(&l, "description", ch.Description)
	setIf(&l, "specification", ch.Specification)
	setIf(&l, "is_active", ch.Active)
	if ch.SKU != nil {
		l.add("sku", nullText(*ch.SKU))
	}
	return l.sql.String(), l.args
}

// paidOrder is the condition for orders a store fulfils (shop.Fulfillable: paid, not
// cancelled) or fulfilled until its stores cancelled them unpaid (pay on
// delivery), with at least one line of the store (the last parameter).
const paidOrder = `(o.status IN ('processing', 'shipped', 'delivered') OR o.status = 'cancelled' AND o.cod_at IS NOT NULL) AND EXISTS (
	SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.store_id = ?`

// partCondition narrows paidOrder's line to a part status.
var partCondition = map[string]string{
	shop.PartProcessing: ` AND oi.shipped_at IS NULL AND oi.cancelled_at IS NULL`,
	shop.PartShipped:    ` AND oi.shipped_at IS NOT NULL AND oi.delivered_at IS NULL AND oi.cancelled_at IS NULL`,
	shop.PartDelivered:  ` AND oi.delivered_at IS NOT NULL`,
	shop.PartCancelled:  ` AND oi.cancelled_at IS NOT NULL`,
}

// errRollback undoes a transaction whose input turned out not to fit.
var errRollback = errors.New("rolled back")
