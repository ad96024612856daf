package sqldb

import (
	"context"
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
	var l setList
	if ch.Name != nil {
		l.add("name", *ch.Name)
		l.add("name_key", shop.FoldKey(*ch.Name))
	}
	setIf(&l, "description", ch.Description)
	setIf(&l, "contact_info", ch.ContactInfo)
	setIf(&l, "address", ch.Address)
	setIf(&l, "accepts_cod", ch.AcceptsCOD)
	if d := ch.Delivery; d != nil {
		l.add("ship_from_region", d.ShipFromRegion)
		l.add("ship_from_city", d.ShipFromCity)
		l.add("free_delivery_over", nullMoney(d.FreeOver))
		l.add("same_day_cutoff", nullCutoff(d.SameDayCutoff))
		l.add("store_pickup", d.Pickup)
	}
	found := false
	err := s.db.inTx(ctx, func(c conn) (err error) {
		found, err = updateNamed(ctx, c, "stores", id, &l, ch.Name, `store_id = ?`, id)
		return err
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
