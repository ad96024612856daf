package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"dwa/internal/shop"
)

// ActiveCart returns the user's active cart, or nil.
func (s *Store) ActiveCart(ctx context.Context, userID int64) (*shop.Cart, error) {
	return activeCart(ctx, s.db.reader(), userID, "")
}

// activeCart reads the user's active cart; lock is "" or the dialect's
// FOR UPDATE.
func activeCart(ctx context.Context, c conn, userID int64, lock string) (*shop.Cart, error) {
	var cart shop.Cart
	var created int64
	err := c.queryRow(ctx, `SELECT id, user_id, status, created_at FROM carts
		WHERE user_id = ? AND status = 'active'`+lock, userID).Scan(&cart.ID, &cart.UserID, &cart.Status, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, c.db.translate(err)
	}
	cart.CreatedAt = shop.FromMillis(created)
	return &cart, nil
}

// insertActiveCart creates cart unless the user has an active one (the
// partial unique index decides, so concurrent creations agree).
func insertActiveCart(ctx context.Context, c conn, cart shop.Cart) (bool, error) {
	res, err := c.exec(ctx, `INSERT INTO carts (id, user_id, status, created_at) VALUES (?, ?, 'active', ?)
		ON CONFLICT (user_id) WHERE status = 'active' DO NOTHING`, cart.ID, cart.UserID, shop.Millis(cart.CreatedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CreateCart makes cart the user's active cart unless one exists.
func (s *Store) CreateCart(ctx context.Context, cart shop.Cart) (*shop.Cart, bool, error) {
	created, err := insertActiveCart(ctx, s.db.writer(), cart)
	if err != nil {
		return nil, false, err
	}
	if created {
		return &cart, true, nil
	}
	c, err := activeCart(ctx, s.db.writer(), cart.UserID, "")
	return c, false, err
}

// lineStoreCols are the line's store's address and delivery settings (the
// product may have no store: the defaults then), read by deliveryScan.
const lineStoreCols = `COALESCE(st.address, ''), COALESCE(st.ship_from_region, ''), COALESCE(st.ship_from_city, ''),
	st.free_delivery_over, st.same_day_cutoff, COALESCE(st.store_pickup, FALSE)`

// productCategoryCols are a product's category ids by level (0 = none), for
// the service to check against the visible category tree.
const productCategoryCols = `COALESCE(p.category_id, 0), COALESCE(p.subcategory_id, 0), COALESCE(p.sub_subcategory_id, 0)`

const cartLineSelect = `SELECT ci.id, ci.cart_id, ci.quantity, ci.created_at, ci.updated_at, COALESCE(ci.variant_id, 0),
	p.id, p.name, p.unit_price, p.inventory, p.is_active, COALESCE(st.id, 0), COALESCE(st.name, ''),
	` + productCategoryCols + `, ` + lineStoreCols + `, ` + lineVariantCols + `
	FROM cart_items ci JOIN products p ON p.id = ci.product_id LEFT JOIN stores st ON st.id = p.store_id
	LEFT JOIN product_variants v ON v.id = ci.variant_id`

// cartLines runs cartLineSelect with the given condition and loads the
// products' images.
func cartLines(ctx context.Context, c conn, where string, args ...any) ([]shop.CartLine, error) {
	rows, err := c.query(ctx, cartLineSelect+` `+where+` ORDER BY ci.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []shop.CartLine
	var variants []lineVariant
	var ids []int64
	for rows.Next() {
		var l shop.CartLine
		var lv lineVariant
		var created, updated int64
		d := deliveryScan{out: &l.Product.StoreDelivery}
		dest := append([]any{&l.ID, &l.CartID, &l.Quantity, &created, &updated, &l.VariantID, &l.Product.ID, &l.Product.Name,
			&l.Product.UnitPrice, &l.Product.Inventory, &l.Product.Active, &l.Product.StoreID, &l.Product.StoreName,
			&l.Product.CategoryIDs[0], &l.Product.CategoryIDs[1], &l.Product.CategoryIDs[2], &l.Product.StoreAddress},
			d.dest()...)
		if err := rows.Scan(append(dest, lv.dest(&l.Product.HasOptions)...)...); err != nil {
			return nil, err
		}
		d.done()
		l.CreatedAt, l.UpdatedAt = shop.FromMillis(created), shop.FromMillis(updated)
		lines = append(lines, l)
		variants = append(variants, lv)
		ids = append(ids, l.Product.ID)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := finishLines(ctx, c, lines, variants, ids); err != nil {
		return nil, err
	}
	return lines, nil
}

// finishLines loads the lines' images and puts their variants on them,
// with the options' names.
func finishLines(ctx context.Context, c conn, lines []shop.CartLine, variants []lineVariant, ids []int64) error {
	images, err := imagesOf(ctx, c, ids)
	if err != nil {
		return err
	}
	var optioned []int64
	for i := range lines {
		lines[i].Product.Images = images[lines[i].Product.ID]
		if variants[i].id.Valid {
			optioned = append(optioned, variants[i].product.Int64)
		}
	}
	opts, err := optionsOf(ctx, c, optioned)
	if err != nil {
		return err
	}
	for i := range lines {
		if err := variants[i].apply(&lines[i].Product, opts[variants[i].product.Int64]); err != nil {
			return err
		}
	}
	return nil
}

// imagesOf returns the image URLs of the given products, in position order.
func imagesOf(ctx context.Context, c conn, ids []int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := c.query(ctx, `SELECT product_id, image FROM product_images WHERE product_id IN (`+
		marks(len(ids))+`) ORDER BY product_id, position, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var url string
		if err := rows.Scan(&id, &url); err != nil {
			return nil, err
		}
		out[id] = append(out[id], url)
	}
	return out, rows.Err()
}

// CartLines returns the lines of the user's active cart (one line when lineID > 0).
func (s *Store) CartLines(ctx context.Context, userID, lineID int64) ([]shop.CartLine, error) {
	where := `JOIN carts c ON c.id = ci.cart_id WHERE c.user_id = ? AND c.status = 'active'`
	if lineID > 0 {
		return cartLines(ctx, s.db.reader(), where+` AND ci.id = ?`, userID, lineID)
	}
	return cartLines(ctx, s.db.reader(), where, userID)
}

// cartUsage is how many of the product's variant (0: none) the cart holds
// and how many lines it has.
func cartUsage(ctx context.Context, c conn, cartID string, productID, variantID int64) (carted, lines int, err error) {
	err = c.queryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN product_id = ? AND COALESCE(variant_id, 0) = ? THEN quantity ELSE 0 END), 0),
		COUNT(*) FROM cart_items WHERE cart_id = ?`, productID, variantID, cartID).Scan(&carted, &lines)
	return carted, lines, c.db.translate(err)
}

// AddToCart: see service.CartStore. The user's active cart row is locked
// first, so concurrent adds of one user run one after the other and merge.
func (s *Store) AddToCart(ctx context.Context, newCart shop.Cart, productID, variantID int64, qty int, at time.Time,
	check func(p *shop.CartProduct, carted, lines int) error) (int64, bool, error) {
	var lineID int64
	var created bool
	err := s.db.inTx(ctx, func(c conn) error {
		p := &shop.CartProduct{ID: productID}
		var lv lineVariant
		err := c.queryRow(ctx, `SELECT p.name, p.unit_price, p.inventory, p.is_active, COALESCE(p.store_id, 0), `+
			productCategoryCols+`, `+lineVariantCols+` FROM products p LEFT JOIN product_variants v ON v.id = ?
			WHERE p.id = ?`, variantID, productID).
			Scan(append([]any{&p.Name, &p.UnitPrice, &p.Inventory, &p.Active, &p.StoreID, &p.CategoryIDs[0], &p.CategoryIDs[1],
				&p.CategoryIDs[2]}, lv.dest(&p.HasOptions)...)...)
		if errors.Is(err, sql.ErrNoRows) {
			p = nil
		} else if err != nil {
			return c.db.translate(err)
		} else if lv.id.Valid {
			opts, err := optionsOf(ctx, c, []int64{lv.product.Int64})
			if err != nil {
				return err
			}
			if err := lv.apply(p, opts[lv.product.Int64]); err != nil {
				return err
			}
		}
		cart, err := activeCart(ctx, c, newCart.UserID, s.db.Dialect.ForUpdate)
		if err != nil {
			return err
		}
		carted, lines := 0, 0
		if cart != nil {
			if carted, lines, err = cartUsage(ctx, c, cart.ID, productID, variantID); err != nil {
				return err
			}
		}
		if err := check(p, carted, lines); err != nil {
			return err
		}
		if cart == nil {
			if _, err := insertActiveCart(ctx, c, newCart); err != nil {
				return err
			}
			if cart, err = activeCart(ctx, c, newCart.UserID, s.db.Dialect.ForUpdate); err != nil {
				return err
			}
			if cart.ID != newCart.ID {
				// A concurrent add created the cart first: check against it.
				if carted, lines, err = cartUsage(ctx, c, cart.ID, productID, variantID); err != nil {
					return err
				}
				if err := check(p, carted, lines); err != nil {
					return err
				}
			}
		}
		ms := shop.Millis(at)
		created = carted == 0
		// The cart row is locked: no other add of this user runs meanwhile,
		// so the line found (per product and variant) stays the one to grow.
		err = c.queryRow(ctx, `SELECT id FROM cart_items WHERE cart_id = ? AND product_id = ? AND COALESCE(variant_id, 0) = ?`,
			cart.ID, productID, variantID).Scan(&lineID)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			lineID, err = c.insertID(ctx, `INSERT INTO cart_items (cart_id, product_id, variant_id, quantity, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?)`, cart.ID, productID, nullID(variantID), qty, ms, ms)
			return err
		case err != nil:
			return err
		}
		_, err = c.exec(ctx, `UPDATE cart_items SET quantity = quantity + ?, updated_at = ? WHERE id = ?`, qty, ms, lineID)
		return err
	})
	return lineID, created, s.db.translate(err)
}

// SetCartLineQuantity: see service.CartStore.
func (s *Store) SetCartLineQuantity(ctx context.Context, userID, lineID int64, qty int, at time.Time,
	check func(l *shop.CartLine) error) error {
	return s.db.inTx(ctx, func(c conn) error {
		cart, err := activeCart(ctx, c, userID, s.db.Dialect.ForUpdate)
		if err != nil {
			return err
		}
		var line *shop.CartLine
		if cart != nil {
			lines, err := cartLines(ctx, c, `WHERE ci.cart_id = ? AND ci.id = ?`, cart.ID, lineID)
			if err != nil {
				return err
			}
			if len(lines) == 1 {
				line = &lines[0]
			}
		}
		if err := check(line); err != nil {
			return err
		}
		_, err = c.exec(ctx, `UPDATE cart_items SET quantity = ?, updated_at = ? WHERE id = ?`, qty, shop.Millis(at), lineID)
		return err
	})
}

// DeleteCartLine removes a line of the user's active cart.
func (s *Store) DeleteCartLine(ctx context.Context, userID, lineID int64) (bool, error) {
	res, err := s.db.writer().exec(ctx, `DELETE FROM cart_items WHERE id = ?
		AND cart_id IN (SELECT id FROM carts WHERE user_id = ? AND status = 'active')`, lineID, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
