package sqldb

import (
	"context"

	"dwa/internal/shop"
)

// Search documents carry category and store names, so renaming either
// rewrites the documents of its products (categories by staff, stores by
// their owner or staff).

// reindexWhere rewrites the search documents of the products matching the
// condition (category and store names are part of them), with their rows
// locked in id order (PostgreSQL; SQLite's single writer serialises), and
// returns their ids for the caller to record.
func reindexWhere(ctx context.Context, c conn, where string, args ...any) ([]int64, error) {
	rows, err := c.query(ctx, `SELECT id, COALESCE(store_id, 0), COALESCE(category_id, 0), COALESCE(subcategory_id, 0),
		COALESCE(sub_subcategory_id, 0), name, description FROM products WHERE `+where+` ORDER BY id`+
		c.db.Dialect.ForUpdate, args...)
	if err != nil {
		return nil, err
	}
	var ps []*shop.Product
	for rows.Next() {
		p := &shop.Product{}
		if err := rows.Scan(&p.ID, &p.StoreID, &p.CategoryID, &p.SubcategoryID, &p.SubSubcategoryID, &p.Name,
			&p.Description); err != nil {
			rows.Close()
			return nil, err
		}
		ps = append(ps, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if _, err := c.exec(ctx, `DELETE FROM search_documents WHERE product_id IN
		(SELECT id FROM products WHERE `+where+`)`, args...); err != nil {
		return nil, err
	}
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids, indexProducts(ctx, c, ps)
}
