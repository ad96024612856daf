package sqldb

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"dwa/internal/shop"
)

// Bulk catalogue writes (docs/decisions/0028-bulk-catalogue.md): a CSV
// import or a bulk action of the Seller Centre, all of it or nothing.

// EachStoreProduct calls fn with every product of the store in id order,
// one row at a time, so an export of ten thousand products is never held in
// memory; a product with options comes with its options and live variants
// (read first, all of the store's: at most 100 short rows a product).
// Images are not read.
func (s *Store) EachStoreProduct(ctx context.Context, storeID int64, fn func(*shop.BulkProduct) error) error {
	withOptions, err := storeVariants(ctx, s.db.reader(), storeID)
	if err != nil {
		return fmt.Errorf("store variants: %w", err)
	}
	rows, err := s.db.reader().query(ctx, `SELECT id, COALESCE(category_id, 0), COALESCE(subcategory_id, 0),
		COALESCE(sub_subcategory_id, 0), name, COALESCE(sku, ''), brand, unit_price, COALESCE(was_price, 0),
		inventory, is_active, description, specification, created_at
		FROM products WHERE store_id = ? ORDER BY id`, storeID)
	if err != nil {
		return fmt.Errorf("store products: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		p := &shop.Product{StoreID: storeID}
		var created int64
		if err := rows.Scan(&p.ID, &p.CategoryID, &p.SubcategoryID, &p.SubSubcategoryID, &p.Name, &p.SKU, &p.Brand,
			&p.UnitPrice, &p.WasPrice, &p.Inventory, &p.Active, &p.Description, &p.Specification, &created); err != nil {
			return err
		}
		p.CreatedAt = shop.FromMillis(created)
		bp := withOptions[p.ID]
		if bp == nil {
			bp = &shop.BulkProduct{}
		}
		bp.Product = p
		if err := fn(bp); err != nil {
			return err
		}
	}
	return s.db.translate(rows.Err())
}

// storeVariants reads the options and live variants (in position order) of
// the store's products that have options, in one statement.
func storeVariants(ctx context.Context, c conn, storeID int64) (map[int64]*shop.BulkProduct, error) {
	rows, err := c.query(ctx, `SELECT 'o', o.product_id, 0, o.position, o.name, o.option_values, 0, 0, '', FALSE
		FROM product_options o JOIN products p ON p.id = o.product_id WHERE p.store_id = ?
		UNION ALL
		SELECT 'v', product_id, id, position, '', option_values, unit_price, inventory, COALESCE(sku, ''), is_active
		FROM product_variants WHERE store_id = ? AND retired = FALSE
		ORDER BY 2, 1, 4, 3`, storeID, storeID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]*shop.BulkProduct{}
	for rows.Next() {
		var kind, name, values string
		var v shop.Variant
		var pos int
		if err := rows.Scan(&kind, &v.ProductID, &v.ID, &pos, &name, &values, &v.UnitPrice, &v.Inventory, &v.SKU,
			&v.Active); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(values), &v.Options); err != nil {
			return nil, err
		}
		p := out[v.ProductID]
		if p == nil {
			p = &shop.BulkProduct{HasOptions: true}
			out[v.ProductID] = p
		}
		if kind == "o" {
			p.Options = append(p.Options, shop.ProductOption{Name: name, Values: v.Options})
		} else {
			p.Variants = append(p.Variants, v)
		}
	}
	return out, rows.Err()
}

// WriteProducts applies a bulk write of the store in one transaction: the
// edited products are locked in id order (the order of decision 0007, so
// orders taking stock meanwhile wait or go first, and none of their
// decrements is lost), then adjust (when not nil) sets each edit's change
// from the product as locked, then every edit is checked as the single
// edit is (check, then a conditional stock edit against the stock now, the
// deal rule against the row); an edit giving a product options finds it
// still without. Any problem, or an edit of a product that is not the
// store's, writes nothing and is returned as shop.RowProblems. Only the
// columns a change sets are written; new products are inserted; the search
// documents of products whose name, description or categories changed are
// rewritten; options given to a product (new or not) generate its variants
// as the Seller Centre's options do (setOptions), the listed ones set, in
// the same transaction; and the whole write is one change of the
// catalogue feed.
func (s *Store) WriteProducts(ctx context.Context, storeID int64, edits []shop.ProductEdit, creates []shop.ProductCreate,
	at time.Time, check func(cur *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem) error {
	slices.SortFunc(edits, func(a, b shop.ProductEdit) int { return cmp.Compare(a.ID, b.ID) })
	err := s.db.inTx(ctx, func(c conn) error {
		cur, err := lockStoreProducts(ctx, c, storeID, edits)
		if err != nil {
			return err
		}
		var problems shop.RowProblems
		var changed, searchable, skuVariants, options []int64
		var productSKUs []string
		skus := map[string]int{} // folded SKU a variant takes → its row
		for i := range edits {
			e := &edits[i]
			p := cur[e.ID]
			if p == nil {
				problems = append(problems, shop.RowProblem{Row: e.Row, Column: "id", Message: "No product of your store has this id."})
				continue
			}
			if ps := check(p, e); len(ps) > 0 {
				problems = append(problems, ps...)
				continue
			}
			problems = append(problems, checkEdit(p.Product, e)...)
			problems = append(problems, checkVariantEdits(p, e)...)
			if e.Options != nil && p.HasOptions {
				problems = append(problems, shop.RowProblem{Row: e.Options.Row, Column: "variant_of",
					Message: "This product got options meanwhile: export again and update its variants."})
			}
			newVariantSKUs(skus, e.Options)
			if e.Empty() {
				continue
			}
			changed = append(changed, e.ID)
			if e.Change.Searchable() {
				searchable = append(searchable, e.ID)
			}
			for _, v := range e.Variants {
				if v.SKU != nil && *v.SKU != "" {
					skus[strings.ToLower(*v.SKU)] = v.Row
					skuVariants = append(skuVariants, v.ID)
				}
			}
			if e.Change.SKU != nil && *e.Change.SKU != "" {
				productSKUs = append(productSKUs, *e.Change.SKU)
			}
		}
		for _, p := range creates {
			if p.SKU != "" {
				productSKUs = append(productSKUs, p.SKU)
			}
			newVariantSKUs(skus, p.Options)
		}
		if len(skus) > 0 && len(problems) == 0 {
			// Unique per store across products and variants (decision 0029):
			// no index spans both tables, so look under the store's SKU lock.
			taken, err := skusTaken(ctx, c, storeID, skus, anyIDs(skuVariants))
			if err != nil {
				return err
			}
			for _, row := range taken {
				problems = append(problems, shop.RowProblem{Row: row, Column: "sku", Message: msgVariantSKUTaken})
			}
		}
		if len(problems) == 0 {
			if clash, err := variantSKUClash(ctx, c, storeID, productSKUs); err != nil {
				return err
			} else if clash {
				return errSKUTakenMeanwhile
			}
		}
		if len(problems) > 0 {
			slices.SortStableFunc(problems, func(a, b shop.RowProblem) int { return a.Row - b.Row })
			return problems
		}
		stamp := shop.Millis(at)
		for _, e := range edits {
			if e.Empty() {
				continue
			}
			for _, v := range e.Variants {
				if err := writeVariant(ctx, c, v.VariantChange, stamp); err != nil {
					return err
				}
			}
			if len(e.Variants) > 0 || e.Options != nil {
				options = append(options, e.ID)
			}
			set, args := productChangeSets(e.Change)
			if _, err := c.exec(ctx, `UPDATE products SET `+set+`updated_at = ? WHERE id = ?`,
				append(args, stamp, e.ID)...); err != nil {
				return err
			}
			if e.Options != nil {
				if err := giveOptions(ctx, c, storeID, e.ID, cur[e.ID].UnitPrice, e.Options, stamp); err != nil {
					return err
				}
				// Its option values are words of its search document.
				searchable = append(searchable, e.ID)
			}
		}
		// In the transaction of the variants' writes, as every variant write.
		if err := refreshAggregates(ctx, c, options...); err != nil {
			return err
		}
		for start := 0; start < len(searchable); start += productBatch {
			batch := searchable[start:min(start+productBatch, len(searchable))]
			if _, err := reindexWhere(ctx, c, `id IN (`+marks(len(batch))+`)`, anyIDs(batch)...); err != nil {
				return err
			}
		}
		inserted := make([]*shop.Product, len(creates))
		for i := range creates {
			inserted[i] = creates[i].Product
		}
		for start := 0; start < len(inserted); start += productBatch {
			if err := insertProducts(ctx, c, inserted[start:min(start+productBatch, len(inserted))]); err != nil {
				return err
			}
		}
		for _, p := range creates {
			if p.Options == nil {
				continue
			}
			// Before indexing: option values are words of the document.
			if err := giveOptions(ctx, c, storeID, p.ID, p.UnitPrice, p.Options, stamp); err != nil {
				return err
			}
			if err := refreshAggregates(ctx, c, p.ID); err != nil {
				return err
			}
		}
		if len(inserted) > 0 {
			if err := indexProducts(ctx, c, inserted); err != nil {
				return err
			}
		}
		for _, p := range inserted {
			changed = append(changed, p.ID)
		}
		if len(changed) == 0 {
			return nil
		}
		return recordChange(ctx, c, false, changed...)
	})
	if isSKUViolation(err) || errors.Is(err, ErrUnique) && strings.Contains(err.Error(), variantSKUIndex) {
		return errSKUTakenMeanwhile
	}
	return err
}

// giveOptions gives the product, locked and without options, the options
// of a bulk write through setOptions (every combination a variant at
// price, as the Seller Centre's options make them), then sets the listed
// variants and deactivates the others (their stock is 0). The caller
// refreshes the aggregates and records the change.
func giveOptions(ctx context.Context, c conn, storeID, productID int64, price shop.Money, no *shop.NewOptions, ms int64) error {
	if err := setOptions(ctx, c, storeID, productID, price, no.Options, ms); err != nil {
		return err
	}
	names := make([]string, len(no.Options))
	for i, o := range no.Options {
		names[i] = o.Name
	}
	listed := make(map[string]*shop.NewVariant, len(no.Variants))
	for i := range no.Variants {
		listed[shop.ComboKey(names, no.Variants[i].Values)] = &no.Variants[i]
	}
	vs, err := variantsOf(ctx, c, productID)
	if err != nil {
		return err
	}
	for _, v := range vs {
		ch := shop.VariantChange{ID: v.ID, Active: new(bool)}
		if nv := listed[v.ComboKey]; nv != nil {
			ch = shop.VariantChange{ID: v.ID, UnitPrice: &nv.UnitPrice, Inventory: &nv.Inventory, SKU: &nv.SKU, Active: &nv.Active}
		}
		if err := writeVariant(ctx, c, ch, ms); err != nil {
			return err
		}
	}
	return nil
}

// newVariantSKUs adds the SKUs of the variants a bulk write creates to
// skus (folded SKU → row).
func newVariantSKUs(skus map[string]int, no *shop.NewOptions) {
	if no == nil {
		return
	}
	for _, v := range no.Variants {
		if v.SKU != "" {
			skus[strings.ToLower(v.SKU)] = v.Row
		}
	}
}

// errSKUTakenMeanwhile: the SKUs were checked before, so another write
// gave one of them meanwhile.
var errSKUTakenMeanwhile = shop.Conflict("sku_taken",
	"Another change gave one of these SKUs to a product meanwhile: check the file again.")

// checkVariantEdits checks an edit's variant changes against the product's
// variants as locked: each must be a live variant of it, and a
// conditional stock edit must find the stock the seller saw.
func checkVariantEdits(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
	var out []shop.RowProblem
	for _, ve := range e.Variants {
		i := slices.IndexFunc(p.Variants, func(v shop.Variant) bool { return v.ID == ve.ID })
		if i < 0 {
			out = append(out, shop.RowProblem{Row: ve.Row, Column: "variant_id", Message: "No variant of this product has this id."})
			continue
		}
		if now := p.Variants[i].Inventory; ve.Inventory != nil && ve.ExpectedInventory != nil && now != *ve.ExpectedInventory {
			out = append(out, shop.RowProblem{Row: ve.Row, Column: "stock",
				Message: fmt.Sprintf("The stock changed to %d since you saw it (orders or another edit).", now)})
		}
	}
	return out
}

// lockStoreProducts reads (and on PostgreSQL locks, in id order) the
// store's products among the edits', by id.
func lockStoreProducts(ctx context.Context, c conn, storeID int64, edits []shop.ProductEdit) (map[int64]*shop.BulkProduct, error) {
	cur := make(map[int64]*shop.BulkProduct, len(edits))
	for start := 0; start < len(edits); start += productBatch {
		batch := edits[start:min(start+productBatch, len(edits))]
		args := make([]any, 0, len(batch)+1)
		args = append(args, storeID)
		for _, e := range batch {
			args = append(args, e.ID)
		}
		rows, err := c.query(ctx, `SELECT id, inventory, unit_price, COALESCE(was_price, 0), is_active,
			EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = products.id)
			FROM products WHERE store_id = ? AND id IN (`+marks(len(batch))+`) ORDER BY id`+c.db.Dialect.ForUpdate, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			p := &shop.BulkProduct{Product: &shop.Product{StoreID: storeID}}
			if err := rows.Scan(&p.ID, &p.Inventory, &p.UnitPrice, &p.WasPrice, &p.Active, &p.HasOptions); err != nil {
				rows.Close()
				return nil, err
			}
			cur[p.ID] = p
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var withOptions []int64
	for id, p := range cur {
		if p.HasOptions {
			withOptions = append(withOptions, id)
		}
	}
	slices.Sort(withOptions)
	// Then their variants (lock order: product rows, then variant rows).
	for start := 0; start < len(withOptions); start += productBatch {
		batch := withOptions[start:min(start+productBatch, len(withOptions))]
		rows, err := c.query(ctx, `SELECT `+variantCols+` FROM product_variants v WHERE v.product_id IN (`+
			marks(len(batch))+`) AND v.retired = FALSE ORDER BY v.product_id, v.id`+c.db.Dialect.ForUpdate, anyIDs(batch)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			v, err := scanVariant(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			p := cur[v.ProductID]
			p.Variants = append(p.Variants, v.Variant)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return cur, nil
}

// checkEdit is the single edit's checks of one change against its locked row.
func checkEdit(p *shop.Product, e *shop.ProductEdit) []shop.RowProblem {
	var out []shop.RowProblem
	ch := e.Change
	if ch.Inventory != nil && ch.ExpectedInventory != nil && p.Inventory != *ch.ExpectedInventory {
		out = append(out, shop.RowProblem{Row: e.Row, Column: "stock",
			Message: fmt.Sprintf("The stock changed to %d since you saw it (orders or another edit).", p.Inventory)})
	}
	price, was := p.UnitPrice, p.WasPrice
	if ch.UnitPrice != nil {
		price = *ch.UnitPrice
	}
	if ch.WasPrice != nil {
		was = *ch.WasPrice
	}
	var fe *shop.Error
	if err := shop.CheckDeal(price, was); errors.As(err, &fe) {
		for _, m := range fe.Fields["was_price"] {
			out = append(out, shop.RowProblem{Row: e.Row, Column: "was_price", Message: m})
		}
	}
	return out
}

func anyIDs(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
