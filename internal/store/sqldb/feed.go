package sqldb

import (
	"context"
)

// The catalogue change feed (docs/decisions/0016-live-catalogue.md): every
// transaction that changes what product lists, search or public catalogue
// answers show records it with recordChange, as late as it can, after
// every product row it changes is locked (the lock order of decision 0007:
// product rows before search_meta). recordChange takes the next change
// sequence from search_meta.version — on PostgreSQL that row stays locked
// until the transaction commits, so commits come in sequence order and an
// instance that has read version V has seen every change up to V — and
// stamps it on the changed products (products.change_seq), which is what
// each instance's applier reads (catalogue.go).

// txState is what one transaction attempt recorded in the feed; tryTx
// hands a committed sequence to DB.committed.
type txState struct {
	seq int64
}

// stampBatch is how many product ids one stamping UPDATE carries.
const stampBatch = 500

// recordChange records, once per transaction and late in it, that
// it changed the given products (already locked by it, or inserted by it)
// and, with tree, categories or stores (names, visibility, profiles, new
// ones).
func recordChange(ctx context.Context, c conn, tree bool, ids ...int64) error {
	st := c.tx
	set := `version = version + 1`
	if tree {
		set += `, tree_seq = version + 1`
	}
	if n := c.db.Dialect.NotifyChange; n != "" {
		// One statement takes the sequence, stamps the first products and
		// notifies: from here to the commit every other catalogue write
		// waits for the search_meta row, and each statement more is a round
		// trip more that all of them wait (orders queued behind it).
		first := ids[:min(len(ids), stampBatch)]
		ids = ids[len(first):]
		// The ids padded, as the detail reads' are: a few texts, each
		// planned once per connection, not one per number of products.
		args := paddedIDs(first)
		q := `WITH v AS (UPDATE search_meta SET ` + set + ` WHERE id = 1 RETURNING version)`
		if len(args) > 0 {
			q += `, s AS (UPDATE products SET change_seq = (SELECT version FROM v) WHERE id IN (` +
				marks(len(args)) + `))`
		}
		q += `, n AS (SELECT ` + n + ` FROM v) SELECT version FROM v, n`
		if err := c.queryRow(ctx, q, args...).Scan(&st.seq); err != nil {
			return err
		}
	} else if err := c.queryRow(ctx, `UPDATE search_meta SET `+set+` WHERE id = 1 RETURNING version`).
		Scan(&st.seq); err != nil {
		return err
	}
	for start := 0; start < len(ids); start += stampBatch {
		batch := ids[start:min(start+stampBatch, len(ids))]
		args := append([]any{st.seq}, anyIDs(batch)...)
		if _, err := c.exec(ctx, `UPDATE products SET change_seq = ? WHERE id IN (`+
			marks(len(batch))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}

// lockProducts locks the products' rows (PostgreSQL; SQLite's single
// writer serialises) in id order, as order placement does, for
// transactions that record a change of products they do not otherwise
// write (ratings, reviews): first, as decision 0007 puts products before
// their reviews and ratings and before search_meta.
func lockProducts(ctx context.Context, c conn, ids ...int64) error {
	if c.db.Dialect.ForUpdate == "" || len(ids) == 0 {
		return nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	_, err := c.ids(ctx, `SELECT id FROM products WHERE id IN (`+marks(len(ids))+
		`) ORDER BY id`+c.db.Dialect.ForUpdate, args...)
	return err
}

// recordReset records Store.Reset: every product is gone, so each instance
// builds its catalogue index anew.
func recordReset(ctx context.Context, c conn) error {
	if err := recordChange(ctx, c, true); err != nil {
		return err
	}
	_, err := c.exec(ctx, `UPDATE search_meta SET reset_seq = ? WHERE id = 1`, c.tx.seq)
	return err
}
