package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// A store's profile, edited by its owner; a rename rewrites its products' search documents.

// UpdateStore writes the sent fields of a store's profile in one
// transaction, with the row locked (PostgreSQL; SQLite's single writer
// serialises): a new logo or another edit committed meanwhile stays. A new
// name is part of the search documents of the store's products, which are
// rewritten in the same transaction. False when there is no such store.
func (s *Store) UpdateStore(ctx context.Context, id int64, ch shop.StoreChange) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		var old string
		err := c.queryRow(ctx, `SELECT name FROM stores WHERE id = ?`+s.db.Dialect.ForUpdate, id).Scan(&old)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		var l setList
		if ch.Name != nil {
			l.add("name", *ch.Name)
			l.add("name_key", shop.FoldKey(*ch.Name))
		}
		setIf(&l, "description", ch.Description)
		setIf(&l, "contact_info", ch.ContactInfo)
		setIf(&l, "address", ch.Address)
		if len(l.args) == 0 {
			return nil
		}
		if _, err := c.exec(ctx, `UPDATE stores SET `+l.list()+` WHERE id = ?`, append(l.args, id)...); err != nil {
			return err
		}
		var ids []int64
		if ch.Name != nil && *ch.Name != old {
			if ids, err = reindexWhere(ctx, c, `store_id = ?`, id); err != nil {
				return err
			}
		}
		return recordChange(ctx, c, true, ids...)
	})
	if errors.Is(err, ErrUnique) {
		return false, shop.Invalid(map[string][]string{"name": {"A store with this name already exists."}})
	}
	return found, err
}

// SetStoreLogo replaces a store's logo, returning the previous one, and
// records a change of stores (the logo is on every product page).
func (s *Store) SetStoreLogo(ctx context.Context, storeID int64, url string) (string, error) {
	var old string
	err := s.db.inTx(ctx, func(c conn) error {
		if err := c.queryRow(ctx, `SELECT logo FROM stores WHERE id = ?`+s.db.Dialect.ForUpdate, storeID).
			Scan(&old); err != nil {
			return c.db.translate(err)
		}
		if _, err := c.exec(ctx, `UPDATE stores SET logo = ? WHERE id = ?`, url, storeID); err != nil {
			return err
		}
		return recordChange(ctx, c, true)
	})
	return old, err
}
