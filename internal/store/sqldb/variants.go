package sqldb

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Product options and variants (docs/decisions/0029-product-variants.md).
// Lock order (decision 0007): the product row, then its variant rows, then
// search_meta. Every write of variants or of their stock keeps the
// product's aggregates (unit_price, inventory) in the same transaction
// (refreshAggregates) and records the product in the change feed, so lists,
// search and the kept public answers follow.

// variantCols are a variant's columns as scanVariant reads them.
const variantCols = `v.id, v.product_id, v.option_values, v.unit_price, v.inventory, COALESCE(v.sku, ''),
	v.is_active, v.retired, v.image_ids, v.combo_key, v.position`

// variantRow is a variant as stored, with what only the store needs.
type variantRow struct {
	shop.Variant
	Retired  bool
	ComboKey string
	Position int
}

func scanVariant(s scanner) (variantRow, error) {
	var v variantRow
	var values, images string
	if err := s.Scan(&v.ID, &v.ProductID, &values, &v.UnitPrice, &v.Inventory, &v.SKU, &v.Active, &v.Retired, &images,
		&v.ComboKey, &v.Position); err != nil {
		return v, err
	}
	if err := json.Unmarshal([]byte(values), &v.Options); err != nil {
		return v, err
	}
	if err := json.Unmarshal([]byte(images), &v.ImageIDs); err != nil {
		return v, err
	}
	if v.ImageIDs == nil {
		v.ImageIDs = []int64{}
	}
	return v, nil
}

// jsonText is v as JSON text for a TEXT column.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // strings and integers only
	}
	return string(b)
}

// optionsIn reads the options of the products in the IN list.
func optionsIn(ctx context.Context, c conn, in string, args []any) (map[int64][]shop.ProductOption, error) {
	rows, err := c.queryPrepared(ctx, `SELECT product_id, name, option_values FROM product_options
		WHERE product_id IN (`+in+`) ORDER BY product_id, position`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]shop.ProductOption{}
	for rows.Next() {
		var id int64
		var o shop.ProductOption
		var values string
		if err := rows.Scan(&id, &o.Name, &values); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(values), &o.Values); err != nil {
			return nil, err
		}
		out[id] = append(out[id], o)
	}
	return out, rows.Err()
}

// optionsOf reads the options of the given products.
func optionsOf(ctx context.Context, c conn, ids []int64) (map[int64][]shop.ProductOption, error) {
	if len(ids) == 0 {
		return map[int64][]shop.ProductOption{}, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return optionsIn(ctx, c, marks(len(args)), args)
}

// optionValuesIn is every option value of the products in the IN list, the
// text search indexes with them.
func optionValuesIn(ctx context.Context, c conn, ids []int64) (map[int64][]string, error) {
	opts, err := optionsOf(ctx, c, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(opts))
	for id, os := range opts {
		for _, o := range os {
			out[id] = append(out[id], o.Values...)
		}
	}
	return out, nil
}

// refreshAggregates sets the products' unit_price and inventory from their
// variants, for those with options: the lowest price among active variants
// in stock, else among active variants, else unchanged; the total stock of
// active variants. Their rows must be locked by the caller already.
func refreshAggregates(ctx context.Context, c conn, ids ...int64) error {
	const live = `v.product_id = products.id AND v.is_active = TRUE AND v.retired = FALSE`
	for _, id := range ids {
		if _, err := c.exec(ctx, `UPDATE products SET
			unit_price = COALESCE(
				(SELECT MIN(v.unit_price) FROM product_variants v WHERE `+live+` AND v.inventory > 0),
				(SELECT MIN(v.unit_price) FROM product_variants v WHERE `+live+`),
				unit_price),
			inventory = (SELECT COALESCE(SUM(v.inventory), 0) FROM product_variants v WHERE `+live+`)
			WHERE id = ? AND EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id)`, id); err != nil {
			return err
		}
	}
	return nil
}

// lockStoreProduct locks the store's product row; false when it is not the
// store's.
func lockStoreProduct(ctx context.Context, c conn, storeID, id int64) (bool, error) {
	var got int64
	err := c.queryRow(ctx, `SELECT id FROM products WHERE id = ? AND store_id = ?`+c.db.Dialect.ForUpdate, id, storeID).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// variantsOf reads every variant of the product (retired ones too) in id
// order, locked (PostgreSQL; SQLite's single writer serialises).
func variantsOf(ctx context.Context, c conn, productID int64) ([]variantRow, error) {
	rows, err := c.query(ctx, `SELECT `+variantCols+` FROM product_variants v WHERE v.product_id = ? ORDER BY v.id`+
		c.db.Dialect.ForUpdate, productID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []variantRow
	for rows.Next() {
		v, err := scanVariant(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// SetProductOptions: see service.VariantStore.
func (s *Store) SetProductOptions(ctx context.Context, storeID, productID int64, opts []shop.ProductOption, at time.Time) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		var err error
		var price shop.Money
		err = c.queryRow(ctx, `SELECT unit_price FROM products WHERE id = ? AND store_id = ?`+s.db.Dialect.ForUpdate,
			productID, storeID).Scan(&price)
		if found = err == nil; errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		ms := shop.Millis(at)
		if err := setOptions(ctx, c, storeID, productID, price, opts, ms); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE products SET updated_at = ? WHERE id = ?`, ms, productID); err != nil {
			return err
		}
		if _, err := reindexWhere(ctx, c, `id = ?`, productID); err != nil {
			return err
		}
		return recordChange(ctx, c, false, productID)
	})
	return found, err
}

// setOptions replaces the options of the product, whose row the caller
// locked, and generates its variants as SetProductOptions tells (a new
// one at price), keeping its aggregates; the caller records the change.
func setOptions(ctx context.Context, c conn, storeID, productID int64, price shop.Money, opts []shop.ProductOption, ms int64) error {
	existing, err := variantsOf(ctx, c, productID)
	if err != nil {
		return err
	}
	byKey := make(map[string]*variantRow, len(existing))
	for i := range existing {
		byKey[existing[i].ComboKey] = &existing[i]
	}
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Name
	}
	kept := map[int64]bool{}
	for pos, combo := range shop.Combinations(opts) {
		key := shop.ComboKey(names, combo)
		values := jsonText(combo)
		if v := byKey[key]; v != nil {
			kept[v.ID] = true
			var l setList
			if jsonText(v.Options) != values {
				l.add("option_values", values)
			}
			if v.Position != pos {
				l.add("position", pos)
			}
			if v.Retired {
				l.add("retired", false)
			}
			if len(l.args) > 0 {
				l.add("updated_at", ms)
				if _, err := c.exec(ctx, `UPDATE product_variants SET `+l.list()+` WHERE id = ?`,
					append(l.args, v.ID)...); err != nil {
					return err
				}
			}
			continue
		}
		if _, err := c.exec(ctx, `INSERT INTO product_variants (product_id, store_id, option_values, combo_key,
				position, unit_price, inventory, is_active, retired, image_ids, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, 0, TRUE, FALSE, '[]', ?, ?)`, productID, storeID, values, key, pos,
			int64(price), ms, ms); err != nil {
			return err
		}
	}
	for _, v := range existing {
		if kept[v.ID] || v.Retired {
			continue
		}
		// Its combination is gone: so are the bag lines of it. Ordered
		// once, it stays for the order lines, inactive and hidden.
		if _, err := c.exec(ctx, `DELETE FROM cart_items WHERE variant_id = ?`, v.ID); err != nil {
			return err
		}
		var ordered int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM order_items WHERE variant_id = ?`, v.ID).Scan(&ordered); err != nil {
			return err
		}
		if ordered > 0 {
			_, err = c.exec(ctx, `UPDATE product_variants SET retired = TRUE, is_active = FALSE, updated_at = ?
					WHERE id = ?`, ms, v.ID)
		} else {
			_, err = c.exec(ctx, `DELETE FROM product_variants WHERE id = ?`, v.ID)
		}
		if err != nil {
			return err
		}
	}
	if _, err := c.exec(ctx, `DELETE FROM product_options WHERE product_id = ?`, productID); err != nil {
		return err
	}
	for pos, o := range opts {
		if _, err := c.exec(ctx, `INSERT INTO product_options (product_id, position, name, option_values)
				VALUES (?, ?, ?, ?)`, productID, pos, o.Name, jsonText(o.Values)); err != nil {
			return err
		}
	}
	// Without options the product keeps its aggregate price and stock
	// as its own (refreshAggregates leaves it alone).
	return refreshAggregates(ctx, c, productID)
}

// errVariantSKUTaken answers a variant SKU already used in the store.
const msgVariantSKUTaken = "Another product or variant of your store has this SKU."

// variantSKUIndex is the name of the variants' SKU index (migration 0021).
const variantSKUIndex = "product_variants_store_sku_idx"

// UpdateVariants: see service.VariantStore.
func (s *Store) UpdateVariants(ctx context.Context, storeID, productID int64, changes []shop.VariantChange, at time.Time) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		var err error
		if found, err = lockStoreProduct(ctx, c, storeID, productID); err != nil || !found {
			return err
		}
		rows, err := variantsOf(ctx, c, productID)
		if err != nil {
			return err
		}
		live := map[int64]*variantRow{}
		for i := range rows {
			if !rows[i].Retired {
				live[rows[i].ID] = &rows[i]
			}
		}
		imageIDs, err := c.ids(ctx, `SELECT id FROM product_images WHERE product_id = ?`, productID)
		if err != nil {
			return err
		}
		images := map[int64]bool{}
		for _, id := range imageIDs {
			images[id] = true
		}
		fe := shop.FieldErrors{}
		skus := map[string]int{} // folded SKU → first entry setting it
		var batch []any
		for i, ch := range changes {
			prefix := "variants[" + strconv.Itoa(i) + "]."
			v := live[ch.ID]
			if v == nil {
				fe.Add(prefix+"id", `Invalid pk "`+strconv.FormatInt(ch.ID, 10)+`" - object does not exist.`)
				continue
			}
			batch = append(batch, ch.ID)
			if ch.ImageIDs != nil {
				for _, id := range *ch.ImageIDs {
					if !images[id] {
						fe.Add(prefix+"image_ids", `Invalid pk "`+strconv.FormatInt(id, 10)+`" - object does not exist.`)
						break
					}
				}
			}
			if ch.SKU != nil && *ch.SKU != "" {
				k := strings.ToLower(*ch.SKU)
				if _, dup := skus[k]; dup {
					fe.Add(prefix+"sku", msgVariantSKUTaken)
				} else {
					skus[k] = i
				}
			}
		}
		if len(skus) > 0 && len(fe) == 0 {
			taken, err := skusTaken(ctx, c, storeID, skus, batch)
			if err != nil {
				return err
			}
			for _, i := range taken {
				fe.Add("variants["+strconv.Itoa(i)+"].sku", msgVariantSKUTaken)
			}
		}
		if err := fe.Err(); err != nil {
			return err
		}
		for _, ch := range changes {
			if v := live[ch.ID]; ch.Inventory != nil && ch.ExpectedInventory != nil && v.Inventory != *ch.ExpectedInventory {
				return shop.StockChanged(v.Inventory)
			}
		}
		ms := shop.Millis(at)
		for i, ch := range changes {
			if err := writeVariant(ctx, c, ch, ms); err != nil {
				if errors.Is(err, ErrUnique) && strings.Contains(err.Error(), variantSKUIndex) {
					return shop.Invalid(shop.FieldErrors{"variants[" + strconv.Itoa(i) + "].sku": {msgVariantSKUTaken}})
				}
				return err
			}
		}
		if err := refreshAggregates(ctx, c, productID); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE products SET updated_at = ? WHERE id = ?`, ms, productID); err != nil {
			return err
		}
		return recordChange(ctx, c, false, productID)
	})
	return found, err
}

// writeVariant writes the columns a variant change sets, if any.
func writeVariant(ctx context.Context, c conn, ch shop.VariantChange, ms int64) error {
	var l setList
	if ch.UnitPrice != nil {
		l.add("unit_price", int64(*ch.UnitPrice))
	}
	setIf(&l, "inventory", ch.Inventory)
	if ch.SKU != nil {
		l.add("sku", nullText(*ch.SKU))
	}
	setIf(&l, "is_active", ch.Active)
	if ch.ImageIDs != nil {
		l.add("image_ids", jsonText(*ch.ImageIDs))
	}
	if len(l.args) == 0 {
		return nil
	}
	l.add("updated_at", ms)
	_, err := c.exec(ctx, `UPDATE product_variants SET `+l.list()+` WHERE id = ?`, append(l.args, ch.ID)...)
	return err
}

// skusTaken returns the entries (values of skus: folded SKU → entry) whose
// SKU a product of the store, or a variant outside the batch, already has.
// It takes the store's SKU lock first (Dialect.LockSKUs).
func skusTaken(ctx context.Context, c conn, storeID int64, skus map[string]int, batch []any) ([]int, error) {
	if err := lockSKUs(ctx, c, storeID); err != nil {
		return nil, err
	}
	args := []any{storeID}
	for k := range skus {
		args = append(args, k)
	}
	in := marks(len(skus))
	q := `SELECT LOWER(sku) FROM products WHERE store_id = ? AND LOWER(sku) IN (` + in + `)
		UNION SELECT LOWER(sku) FROM product_variants WHERE store_id = ? AND LOWER(sku) IN (` + in + `)`
	args = append(args, args...)
	if len(batch) > 0 {
		q += ` AND id NOT IN (` + marks(len(batch)) + `)`
		args = append(args, batch...)
	}
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		if i, ok := skus[k]; ok {
			out = append(out, i)
		}
	}
	return out, rows.Err()
}

// lockSKUs serialises the transactions writing SKUs of one store
// (Dialect.LockSKUs).
func lockSKUs(ctx context.Context, c conn, storeID int64) error {
	if c.db.Dialect.LockSKUs == "" {
		return nil
	}
	_, err := c.exec(ctx, c.db.Dialect.LockSKUs, storeID)
	return err
}

// variantSKUClash reports whether a variant of the store has one of the
// SKUs (any case): a product write checks it before taking a SKU, under
// the store's SKU lock.
func variantSKUClash(ctx context.Context, c conn, storeID int64, skus []string) (bool, error) {
	if len(skus) == 0 {
		return false, nil
	}
	if err := lockSKUs(ctx, c, storeID); err != nil {
		return false, err
	}
	args := []any{storeID}
	for _, k := range skus {
		args = append(args, strings.ToLower(k))
	}
	var n int
	err := c.queryRow(ctx, `SELECT COUNT(*) FROM product_variants WHERE store_id = ? AND LOWER(sku) IN (`+
		marks(len(skus))+`)`, args...).Scan(&n)
	return n > 0, err
}

// lineVariant is a variant as a cart or order line reads it (the columns
// of lineVariantCols, NULL when the line names none).
type lineVariant struct {
	id, product, price, stock sql.NullInt64
	active, retired           sql.NullBool
	values, sku               sql.NullString
}

// lineVariantCols go with a LEFT JOIN product_variants v.
const lineVariantCols = `v.id, v.product_id, v.unit_price, v.inventory, v.is_active, v.retired, v.option_values,
	v.sku, EXISTS (SELECT 1 FROM product_options po WHERE po.product_id = p.id)`

func (lv *lineVariant) dest(hasOptions *bool) []any {
	return []any{&lv.id, &lv.product, &lv.price, &lv.stock, &lv.active, &lv.retired, &lv.values, &lv.sku, hasOptions}
}

// apply puts the variant on the line's product, and its price and stock
// when it is a variant of this product (its flag stays on the variant:
// CartLine.VariantOK).
func (lv *lineVariant) apply(p *shop.CartProduct, opts []shop.ProductOption) error {
	if !lv.id.Valid {
		return nil
	}
	v := shop.Variant{ID: lv.id.Int64, ProductID: lv.product.Int64}
	if err := json.Unmarshal([]byte(lv.values.String), &v.Options); err != nil {
		return err
	}
	p.Variant = &shop.LineVariant{ID: v.ID, ProductID: v.ProductID, SKU: lv.sku.String, Options: v.Named(opts),
		Active: lv.active.Bool && !lv.retired.Bool}
	if v.ProductID == p.ID {
		p.UnitPrice, p.Inventory = shop.Money(lv.price.Int64), int(lv.stock.Int64)
	}
	return nil
}
