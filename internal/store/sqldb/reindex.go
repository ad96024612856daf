package sqldb

import (
	"context"
	"database/sql"
	"errors"

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

// updateNamed writes l to row id of a table with a name (categories,
// stores), locked first (PostgreSQL; SQLite's single writer serialises) so
// that concurrent edits of other fields both stay, and, when the name
// changed, rewrites the search documents of the products matching where.
// False when there is no such row.
func updateNamed(ctx context.Context, c conn, table string, id int64, l *setList, name *string,
	where string, args ...any) (bool, error) {
	var old string
	err := c.queryRow(ctx, `SELECT name FROM `+table+` WHERE id = ?`+c.db.Dialect.ForUpdate, id).Scan(&old)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil || len(l.args) == 0 {
		return true, err
	}
	if _, err := c.exec(ctx, `UPDATE `+table+` SET `+l.list()+` WHERE id = ?`, append(l.args, id)...); err != nil {
		return true, err
	}
	var ids []int64
	if name != nil && *name != old {
		if ids, err = reindexWhere(ctx, c, where, args...); err != nil {
			return true, err
		}
	}
	return true, recordChange(ctx, c, true, ids...)
}
