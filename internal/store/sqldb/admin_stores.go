package sqldb

import (
	"context"
	"strings"

	"dwa/internal/shop"
)

// Staff overview of stores, suspension and reinstatement.

// AdminStores returns one page of stores whose name or owner's username
// contains search (any case), suspended ones only when suspended is set
// (nil = all), by name, with the owner and the number of products listed.
func (s *Store) AdminStores(ctx context.Context, search string, suspended *bool, offset, limit int) ([]shop.StoreOverview, int, error) {
	where := ` WHERE 1 = 1`
	var args []any
	if q := strings.TrimSpace(search); q != "" {
		pattern := "%" + likeEscaper.Replace(shop.FoldKey(q)) + "%"
		where += ` AND (s.name_key LIKE ? ESCAPE '\' OR u.username_key LIKE ? ESCAPE '\')`
		args = append(args, pattern, pattern)
	}
	if suspended != nil {
		where += ` AND s.is_active = ?`
		args = append(args, !*suspended)
	}
	c := s.db.reader()
	out, err := storeOverviews(ctx, c, where+` ORDER BY s.name_key, s.id LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(out), `SELECT COUNT(*)`+storeOverviewFrom+where, args...)
	return out, total, err
}

// StoreOverview is one store as staff see it, or nil.
func (s *Store) StoreOverview(ctx context.Context, id int64) (*shop.StoreOverview, error) {
	out, err := storeOverviews(ctx, s.db.reader(), ` WHERE s.id = ?`, id)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

const storeOverviewFrom = ` FROM stores s JOIN users u ON u.id = s.owner_id`

func storeOverviews(ctx context.Context, c conn, where string, args ...any) ([]shop.StoreOverview, error) {
	rows, err := c.query(ctx, `SELECT s.id, s.owner_id, s.name, s.logo, s.description, s.contact_info, s.address,
		s.is_active, s.created_at, u.username, (SELECT COUNT(*) FROM products p WHERE p.store_id = s.id)`+
		storeOverviewFrom+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.StoreOverview
	for rows.Next() {
		var o shop.StoreOverview
		var created int64
		if err := rows.Scan(&o.ID, &o.OwnerID, &o.Name, &o.Logo, &o.Description, &o.ContactInfo, &o.Address,
			&o.Active, &created, &o.OwnerUsername, &o.Products); err != nil {
			return nil, err
		}
		o.CreatedAt = shop.FromMillis(created)
		out = append(out, o)
	}
	return out, rows.Err()
}

// SetStoreActive suspends (false) or reinstates a store, recording a
// change of stores so its products leave (or return to) every list on
// every instance. False when there is no such store.
func (s *Store) SetStoreActive(ctx context.Context, id int64, active bool) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		res, err := c.exec(ctx, `UPDATE stores SET is_active = ? WHERE id = ?`, active, id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		found = true
		return recordChange(ctx, c, true)
	})
	return found, err
}

// SuspendedStores are the ids of the stores that are not active.
func (s *Store) SuspendedStores(ctx context.Context) ([]int64, error) {
	return s.db.reader().ids(ctx, `SELECT id FROM stores WHERE is_active = FALSE ORDER BY id`)
}
