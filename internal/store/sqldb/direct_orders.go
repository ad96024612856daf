package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// orderSource reads what an order is placed from: the user's active cart,
// locked, and its lines; or, for lines ordered directly (Buy Now), those
// products as lines of no cart, leaving the bag alone (cart nil). A direct
// line whose product does not exist is left out, for the caller to notice.
func (s *Store) orderSource(ctx context.Context, c conn, userID int64, direct []shop.LineRequest) (*shop.Cart, []shop.CartLine, error) {
	if direct != nil {
		lines, err := directLines(ctx, c, direct)
		return nil, lines, err
	}
	cart, err := activeCart(ctx, c, userID, s.db.Dialect.ForUpdate)
	if err != nil || cart == nil {
		return nil, nil, err
	}
	lines, err := cartLines(ctx, c, `WHERE ci.cart_id = ?`, cart.ID)
	return cart, lines, err
}

// ProductLines: see service.DeliveryStore.
func (s *Store) ProductLines(ctx context.Context, req []shop.LineRequest) ([]shop.CartLine, error) {
	return directLines(ctx, s.db.reader(), req)
}

const directLineSelect = `SELECT p.id, p.name, p.unit_price, p.inventory, p.is_active, COALESCE(st.id, 0),
	COALESCE(st.name, ''), ` + productCategoryCols + `, ` + lineStoreCols + `
	FROM products p LEFT JOIN stores st ON st.id = p.store_id`

// directLines reads the requested products (not locked: the conditional
// stock updates decide) as lines in request order, with their images and
// the variants named (a line keeps the id of a variant not found, with no
// Variant, for the caller to refuse).
func directLines(ctx context.Context, c conn, req []shop.LineRequest) ([]shop.CartLine, error) {
	if len(req) == 0 {
		return nil, nil
	}
	args := make([]any, len(req))
	for i, r := range req {
		args[i] = r.ProductID
	}
	rows, err := c.query(ctx, directLineSelect+` WHERE p.id IN (`+marks(len(req))+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := map[int64]shop.CartProduct{}
	var ids []int64
	for rows.Next() {
		var p shop.CartProduct
		d := deliveryScan{out: &p.StoreDelivery}
		if err := rows.Scan(append([]any{&p.ID, &p.Name, &p.UnitPrice, &p.Inventory, &p.Active, &p.StoreID, &p.StoreName,
			&p.CategoryIDs[0], &p.CategoryIDs[1], &p.CategoryIDs[2], &p.StoreAddress}, d.dest()...)...); err != nil {
			return nil, err
		}
		d.done()
		found[p.ID] = p
		ids = append(ids, p.ID)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	opts, err := optionsOf(ctx, c, ids)
	if err != nil {
		return nil, err
	}
	var lines []shop.CartLine
	var variants []lineVariant
	var lineIDs []int64
	for _, r := range req {
		p, ok := found[r.ProductID]
		if !ok {
			continue
		}
		p.HasOptions = len(opts[p.ID]) > 0
		var lv lineVariant
		if r.VariantID > 0 {
			err := c.queryRow(ctx, `SELECT v.id, v.product_id, v.unit_price, v.inventory, v.is_active, v.retired,
				v.option_values, v.sku FROM product_variants v WHERE v.id = ?`, r.VariantID).
				Scan(&lv.id, &lv.product, &lv.price, &lv.stock, &lv.active, &lv.retired, &lv.values, &lv.sku)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return nil, err
			}
		}
		lines = append(lines, shop.CartLine{Product: p, Quantity: r.Quantity, VariantID: r.VariantID})
		variants = append(variants, lv)
		lineIDs = append(lineIDs, p.ID)
	}
	if err := finishLines(ctx, c, lines, variants, lineIDs); err != nil {
		return nil, err
	}
	return lines, nil
}
