package sqldb

import (
	"context"
	"fmt"
	"strings"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// documentBatch rows per INSERT: 2 parameters each, well under SQLite's
// 32,766-parameter limit.
const documentBatch = 1000

// indexProducts writes the search documents of products (new ones, or
// ones whose documents were deleted to be rewritten) inside the caller's
// transaction, which records the change. Category and store names are read
// in the same transaction.
func indexProducts(ctx context.Context, c conn, ps []*shop.Product) error {
	names := map[int64]string{}
	stores := map[int64]string{}
	if err := scanNames(ctx, c, `SELECT id, name FROM categories`, names); err != nil {
		return err
	}
	if err := scanNames(ctx, c, `SELECT id, name FROM stores`, stores); err != nil {
		return err
	}
	for start := 0; start < len(ps); start += documentBatch {
		batch := ps[start:min(start+documentBatch, len(ps))]
		ids := make([]int64, len(batch))
		for i, p := range batch {
			ids[i] = p.ID
		}
		// Option values are words of the product (decision 0029).
		values, err := optionValuesIn(ctx, c, ids)
		if err != nil {
			return err
		}
		args := make([]any, 0, 2*len(batch))
		for _, p := range batch {
			doc := search.Document{Name: p.Name, Store: stores[p.StoreID], Description: p.Description,
				Options: values[p.ID]}
			for _, id := range p.CategoryIDs() {
				if id != 0 {
					doc.Categories = append(doc.Categories, names[id])
				}
			}
			args = append(args, p.ID, search.EncodeDocument(search.Index(doc)))
		}
		if _, err := c.exec(ctx, `INSERT INTO search_documents (product_id, tokens) VALUES `+
			placeholders(len(batch), 2), args...); err != nil {
			return fmt.Errorf("index products: %w", err)
		}
	}
	return nil
}

func scanNames(ctx context.Context, c conn, query string, into map[int64]string) error {
	rows, err := c.query(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		into[id] = name
	}
	return rows.Err()
}

// marks renders an IN list of n parameters: ?,?,?
func marks(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// placeholders renders n rows of width parameters: (?,?),(?,?)…
func placeholders(n, width int) string {
	row := "(" + marks(width) + ")"
	return strings.TrimSuffix(strings.Repeat(row+",", n), ",")
}
