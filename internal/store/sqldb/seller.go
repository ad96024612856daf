package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"dwa/internal/shop"
)

// The Seller Centre's reads and writes: a store's own products (in every
// state), its part of paid orders, and its profile. Every query is bounded
// by the store's id, so no store reaches another's rows.

// SellerProductIDs returns one page of the store's product ids, newest
// first, and how many match.
func (s *Store) SellerProductIDs(ctx context.Context, storeID int64, f shop.SellerProductFilter) ([]int64, int, error) {
	where := `WHERE p.store_id = ?`
	args := []any{storeID}
	switch f.Status {
	case "active":
		where += ` AND p.is_active = TRUE`
	case "inactive":
		where += ` AND p.is_active = FALSE`
	case "out_of_stock":
		where += ` AND p.inventory = 0`
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		where += ` AND LOWER(p.name) LIKE ? ESCAPE '\'`
		args = append(args, "%"+likeEscaper.Replace(strings.ToLower(q))+"%")
	}
	rows, err := s.db.reader().query(ctx, `SELECT p.id, COUNT(*) OVER () FROM products p `+where+`
		ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, append(args, f.Limit, f.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("seller products: %w", err)
	}
	defer rows.Close()
	var ids []int64
	total := 0
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &total); err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(ids) == 0 && f.Offset > 0 {
		// Past the end: the window count came with no row.
		err = s.db.reader().queryRow(ctx, `SELECT COUNT(*) FROM products p `+where, args...).Scan(&total)
	}
	return ids, total, s.db.translate(err)
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// UpdateProduct applies a change to the store's product in one transaction,
// writing only the columns the change sets; false when the product is not
// the store's. The row is read first (locked on PostgreSQL; SQLite's single
// writer serialises), so a stock edit made against a stock the seller no
// longer sees is refused with shop.StockChanged and writes nothing. The
// versions move only for what changed: the rank version with the stock,
// the search document (and so the catalogue version) with the name,
// description or categories, the catalogue version with anything else.
func (s *Store) UpdateProduct(ctx context.Context, storeID, id int64, ch shop.ProductChange, at time.Time) (bool, error) {
	found := false
	err := s.db.inTx(ctx, func(c conn) error {
		found = false // inTx may run this twice
		var stock int
		err := c.queryRow(ctx, `SELECT inventory FROM products WHERE id = ? AND store_id = ?`+s.db.Dialect.ForUpdate,
			id, storeID).Scan(&stock)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		if ch.Inventory != nil && ch.ExpectedInventory != nil && stock != *ch.ExpectedInventory {
			return shop.StockChanged(stock)
		}
		if ch.Empty() {
			return nil
		}
		set, args := productChangeSets(ch)
		if _, err := c.exec(ctx, `UPDATE products SET `+set+`updated_at = ? WHERE id = ?`,
			append(args, shop.Millis(at), id)...); err != nil {
			return err
		}
		if ch.Inventory != nil {
			// Stock orders search ties and is in the kept public answers.
			if err := bumpRank(ctx, c); err != nil {
				return err
			}
			if ch.StockOnly() {
				return nil // stock is not part of the catalogue version (0008)
			}
		}
		if ch.Searchable() {
			return reindexWhere(ctx, c, `id = ?`, id)
		}
		return bumpCatalogue(ctx, c)
	})
	return found, err
}

// productChangeSets is the SET list ("col = ?, " each) and arguments of
// the columns a change writes.
func productChangeSets(ch shop.ProductChange) (string, []any) {
	var l setList
	setIf(&l, "name", ch.Name)
	if levels := ch.Categories; levels != nil {
		l.add("category_id", nullID(levels[0]))
		l.add("subcategory_id", nullID(levels[1]))
		l.add("sub_subcategory_id", nullID(levels[2]))
	}
	if ch.UnitPrice != nil {
		l.add("unit_price", int64(*ch.UnitPrice))
	}
	setIf(&l, "inventory", ch.Inventory)
	setIf(&l, "description", ch.Description)
	setIf(&l, "specification", ch.Specification)
	setIf(&l, "is_active", ch.Active)
	return l.sql.String(), l.args
}

// setList is the SET list of an UPDATE that writes only the columns a
// change sets: "col = ?, " each, with their arguments.
type setList struct {
	sql  strings.Builder
	args []any
}

// list is the SET list without the trailing separator.
func (l *setList) list() string { return strings.TrimSuffix(l.sql.String(), ", ") }

func (l *setList) add(col string, v any) {
	l.sql.WriteString(col + " = ?, ")
	l.args = append(l.args, v)
}

// setIf adds col when v is set.
func setIf[T any](l *setList, col string, v *T) {
	if v != nil {
		l.add(col, *v)
	}
}

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
		if ch.Name == nil || *ch.Name == old {
			return bumpCatalogue(ctx, c)
		}
		return reindexStore(ctx, c, id)
	})
	if errors.Is(err, ErrUnique) {
		return false, shop.Invalid(map[string][]string{"name": {"A store with this name already exists."}})
	}
	return found, err
}

// SetStoreLogo replaces a store's logo, returning the previous one, and
// moves the catalogue version (the logo is on every product page).
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
		return bumpCatalogue(ctx, c)
	})
	return old, err
}

// reindexStore rewrites the search documents of a store's products.
func reindexStore(ctx context.Context, c conn, storeID int64) error {
	return reindexWhere(ctx, c, `store_id = ?`, storeID)
}

// reindexWhere rewrites the search documents of the products matching the
// condition (category and store names are part of them) and moves the
// catalogue version.
func reindexWhere(ctx context.Context, c conn, where string, args ...any) error {
	rows, err := c.query(ctx, `SELECT id, COALESCE(store_id, 0), COALESCE(category_id, 0), COALESCE(subcategory_id, 0),
		COALESCE(sub_subcategory_id, 0), name, description FROM products WHERE `+where, args...)
	if err != nil {
		return err
	}
	var ps []*shop.Product
	for rows.Next() {
		p := &shop.Product{}
		if err := rows.Scan(&p.ID, &p.StoreID, &p.CategoryID, &p.SubcategoryID, &p.SubSubcategoryID, &p.Name,
			&p.Description); err != nil {
			rows.Close()
			return err
		}
		ps = append(ps, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if _, err := c.exec(ctx, `DELETE FROM search_documents WHERE product_id IN
		(SELECT id FROM products WHERE `+where+`)`, args...); err != nil {
		return err
	}
	return indexProducts(ctx, c, ps)
}

// paidOrder is the condition for orders a store fulfils (shop.Fulfillable: paid, not
// cancelled), with at least one line of the store (the last parameter).
const paidOrder = `o.status IN ('processing', 'shipped', 'delivered') AND EXISTS (
	SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.store_id = ?`

// partCondition narrows paidOrder's line to a part status.
var partCondition = map[string]string{
	shop.PartProcessing: ` AND oi.shipped_at IS NULL`,
	shop.PartShipped:    ` AND oi.shipped_at IS NOT NULL AND oi.delivered_at IS NULL`,
	shop.PartDelivered:  ` AND oi.delivered_at IS NOT NULL`,
}

// SellerOrders returns one page of the paid orders holding the store's
// lines, newest payment first, and how many there are. Orders come whole;
// the service shows the store only its own lines.
func (s *Store) SellerOrders(ctx context.Context, storeID int64, f shop.SellerOrderFilter) ([]*shop.Order, int, error) {
	cond := paidOrder + partCondition[f.Status] + `)`
	c := s.db.reader()
	os, err := orders(ctx, c, `WHERE `+cond+` ORDER BY o.paid_at DESC, o.id DESC LIMIT ? OFFSET ?`,
		storeID, f.Limit, f.Offset)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, f.Offset, f.Limit, len(os), `SELECT COUNT(*) FROM orders o WHERE `+cond, storeID)
	return os, total, err
}

// SellerOrder returns a paid order holding the store's lines, or nil.
func (s *Store) SellerOrder(ctx context.Context, storeID int64, id string) (*shop.Order, error) {
	os, err := orders(ctx, s.db.reader(), `WHERE o.id = ? AND `+paidOrder+`)`, id, storeID)
	if err != nil || len(os) == 0 {
		return nil, err
	}
	return os[0], nil
}

// partCounts counts an order's lines, narrowed by `and` (with its args).
func partCounts(ctx context.Context, c conn, orderID, and string, args ...any) (shop.PartCounts, error) {
	var p shop.PartCounts
	err := c.queryRow(ctx, `SELECT COUNT(*), COUNT(shipped_at), COUNT(delivered_at) FROM order_items
		WHERE order_id = ? `+and, append([]any{orderID}, args...)...).Scan(&p.Lines, &p.Shipped, &p.Delivered)
	return p, err
}

// AdvancePart moves the store's part of a paid order to e.Status (shipped or
// delivered) if shop.CheckPartMove allows it, records who did it, moves the
// order's own status (shop.OrderStatusAfter), and queues the mails made from
// the updated order — all in one transaction, with the order row locked so
// that two stores finishing together agree on the order's status. It
// returns nil, nil when the store has no part in such an order.
func (s *Store) AdvancePart(ctx context.Context, e shop.OrderEvent, mails func(*shop.Order) []shop.Mail) (*shop.Order, error) {
	var out *shop.Order
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		var status string
		err := c.queryRow(ctx, `SELECT status FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, e.OrderID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if !shop.Fulfillable(status) {
			return nil
		}
		part, err := partCounts(ctx, c, e.OrderID, `AND store_id = ?`, e.StoreID)
		if err != nil || part.Lines == 0 {
			return err
		}
		if err := shop.CheckPartMove(part, e.Status); err != nil {
			return err
		}
		at := shop.Millis(e.CreatedAt)
		if e.Status == shop.PartShipped {
			_, err = c.exec(ctx, `UPDATE order_items SET shipped_at = ?, tracking_note = ?
				WHERE order_id = ? AND store_id = ?`, at, e.Note, e.OrderID, e.StoreID)
		} else {
			_, err = c.exec(ctx, `UPDATE order_items SET delivered_at = ? WHERE order_id = ? AND store_id = ?`,
				at, e.OrderID, e.StoreID)
		}
		if err != nil {
			return err
		}
		if err := addOrderEvent(ctx, c, e); err != nil {
			return err
		}
		all, err := partCounts(ctx, c, e.OrderID, ``)
		if err != nil {
			return err
		}
		if next := shop.OrderStatusAfter(status, all); next != status {
			if _, err := c.exec(ctx, `UPDATE orders SET status = ?, updated_at = ? WHERE id = ?`,
				next, at, e.OrderID); err != nil {
				return err
			}
			if err := addOrderEvent(ctx, c, shop.OrderEvent{OrderID: e.OrderID, Status: next,
				CreatedAt: e.CreatedAt}); err != nil {
				return err
			}
		}
		os, err := orders(ctx, c, `WHERE o.id = ?`, e.OrderID)
		if err != nil {
			return err
		}
		out = os[0]
		return insertMails(ctx, c, mails(out))
	})
	return out, err
}

// SellerDays returns, per UTC day from `from` (a midnight), the store's paid
// orders and revenue and the views of its product pages; days without any
// are left out.
func (s *Store) SellerDays(ctx context.Context, storeID int64, from time.Time) (map[int64]*shop.SellerDay, error) {
	c := s.db.reader()
	lo := shop.Millis(from)
	days := map[int64]*shop.SellerDay{}
	day := func(n int64) *shop.SellerDay {
		if days[n] == nil {
			days[n] = &shop.SellerDay{Date: shop.FromMillis(n * dayMillis)}
		}
		return days[n]
	}
	rows, err := c.query(ctx, `SELECT o.paid_at / 86400000, COUNT(DISTINCT o.id), SUM(oi.unit_price * oi.quantity)
		FROM orders o JOIN order_items oi ON oi.order_id = o.id
		WHERE oi.store_id = ? AND o.status IN ('processing', 'shipped', 'delivered') AND o.paid_at >= ?
		GROUP BY o.paid_at / 86400000`, storeID, lo)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var n int64
		var d shop.SellerDay
		if err := rows.Scan(&n, &d.Orders, &d.Revenue); err != nil {
			rows.Close()
			return nil, err
		}
		day(n).Orders, day(n).Revenue = d.Orders, d.Revenue
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = c.query(ctx, `SELECT v.viewed_at / 86400000, COUNT(*) FROM page_views v
		JOIN products p ON v.path IN ('/store/products/' || CAST(p.id AS TEXT), '/store/products/' || CAST(p.id AS TEXT) || '/')
		WHERE p.store_id = ? AND v.is_bot = FALSE AND v.viewed_at >= ? GROUP BY v.viewed_at / 86400000`, storeID, lo)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		var views int
		if err := rows.Scan(&n, &views); err != nil {
			return nil, err
		}
		day(n).Views = views
	}
	return days, rows.Err()
}

// LowStock lists the store's active products with at most `below`
// units, fewest first, at most limit.
func (s *Store) LowStock(ctx context.Context, storeID int64, below, limit int) ([]shop.StockLevel, error) {
	rows, err := s.db.reader().query(ctx, `SELECT id, name, inventory FROM products
		WHERE store_id = ? AND is_active = TRUE AND inventory <= ? ORDER BY inventory, name, id LIMIT ?`,
		storeID, below, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.StockLevel
	for rows.Next() {
		var l shop.StockLevel
		if err := rows.Scan(&l.ID, &l.Name, &l.Inventory); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// ownedProduct checks, inside c, that the product is the store's, and
// locks its row (PostgreSQL; SQLite's single writer serialises) so that
// gallery changes of one product run one after the other: two uploads
// racing for the last place would otherwise both count the images before
// either adds its own.
func ownedProduct(ctx context.Context, c conn, storeID, productID int64) (bool, error) {
	var id int64
	err := c.queryRow(ctx, `SELECT id FROM products WHERE id = ? AND store_id = ?`+c.db.Dialect.ForUpdate,
		productID, storeID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// AddProductImage appends an image to the store's product unless it has
// `limit` images already (shop.ErrTooManyImages). It returns 0 when the
// product is not the store's.
func (s *Store) AddProductImage(ctx context.Context, storeID, productID int64, url string, limit int) (int64, error) {
	var id int64
	err := s.db.inTx(ctx, func(c conn) error {
		id = 0 // inTx may run this twice
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		var n, last int
		if err := c.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(position), -1) FROM product_images WHERE product_id = ?`,
			productID).Scan(&n, &last); err != nil {
			return err
		}
		if n >= limit {
			return shop.ErrTooManyImages
		}
		if id, err = c.insertID(ctx, `INSERT INTO product_images (product_id, image, position) VALUES (?, ?, ?)`,
			productID, url, last+1); err != nil {
			return err
		}
		return bumpCatalogue(ctx, c)
	})
	return id, err
}

// DeleteProductImage removes one image of the store's product and returns
// its URL ("" when there is no such image).
func (s *Store) DeleteProductImage(ctx context.Context, storeID, productID, imageID int64) (string, error) {
	var url string
	err := s.db.inTx(ctx, func(c conn) error {
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		url, err = deleteImage(ctx, c, "product_images", "product_id", productID, imageID)
		return err
	})
	return url, err
}

// deleteImage deletes one image row of a gallery table (product_images,
// category_images) belonging to owner and returns its URL, "" when there is
// no such row; a deletion moves the catalogue version. table and column are
// constants of the callers, never input.
func deleteImage(ctx context.Context, c conn, table, column string, owner, imageID int64) (string, error) {
	var url string
	err := c.queryRow(ctx, `DELETE FROM `+table+` WHERE id = ? AND `+column+` = ? RETURNING image`,
		imageID, owner).Scan(&url)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return url, bumpCatalogue(ctx, c)
}

// ReorderProductImages sets the order of the store's product's images to
// ids, which must name each of them exactly once; false otherwise (and
// when the product is not the store's).
func (s *Store) ReorderProductImages(ctx context.Context, storeID, productID int64, ids []int64) (bool, error) {
	done := false
	err := s.db.inTx(ctx, func(c conn) error {
		done = false // inTx may run this twice
		ok, err := ownedProduct(ctx, c, storeID, productID)
		if err != nil || !ok {
			return err
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM product_images WHERE product_id = ?`, productID).Scan(&n); err != nil {
			return err
		}
		seen := map[int64]bool{}
		for _, id := range ids {
			seen[id] = true
		}
		if n != len(ids) || len(seen) != n {
			return nil
		}
		for pos, id := range ids {
			res, err := c.exec(ctx, `UPDATE product_images SET position = ? WHERE id = ? AND product_id = ?`, pos, id, productID)
			if err != nil {
				return err
			}
			if k, err := res.RowsAffected(); err != nil || k != 1 {
				return errRollback
			}
		}
		done = true
		return bumpCatalogue(ctx, c)
	})
	if errors.Is(err, errRollback) {
		return false, nil
	}
	return done, err
}

// errRollback undoes a transaction whose input turned out not to fit.
var errRollback = errors.New("rolled back")
