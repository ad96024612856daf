package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"dwa/internal/shop"
)

// AllCategories returns every category row (active or not) with its images,
// ordered by position, name, id: the service builds the tree from it.
// Two statements, whatever the size of the tree.
func (s *Store) AllCategories(ctx context.Context) ([]*shop.Category, error) {
	c := s.db.reader()
	rows, err := c.query(ctx, `SELECT id, COALESCE(parent_id, 0), level, name, slug, position, is_active
		FROM categories ORDER BY position, name, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*shop.Category
	byID := map[int64]*shop.Category{}
	for rows.Next() {
		cat := &shop.Category{}
		if err := rows.Scan(&cat.ID, &cat.ParentID, &cat.Level, &cat.Name, &cat.Slug, &cat.Position, &cat.Active); err != nil {
			return nil, err
		}
		out = append(out, cat)
		byID[cat.ID] = cat
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	img, err := c.query(ctx, `SELECT id, category_id, image FROM category_images ORDER BY category_id, position, id`)
	if err != nil {
		return nil, err
	}
	defer img.Close()
	for img.Next() {
		var im shop.Image
		var catID int64
		if err := img.Scan(&im.ID, &catID, &im.URL); err != nil {
			return nil, err
		}
		if cat := byID[catID]; cat != nil {
			cat.Images = append(cat.Images, im)
		}
	}
	return out, img.Err()
}

// ActiveHeroSlides returns the carousel slides by position.
func (s *Store) ActiveHeroSlides(ctx context.Context) ([]shop.HeroSlide, error) {
	return s.heroSlides(ctx, `WHERE is_active = TRUE`)
}

// AllHeroSlides returns every slide, shown or not, by position.
func (s *Store) AllHeroSlides(ctx context.Context) ([]shop.HeroSlide, error) {
	return s.heroSlides(ctx, ``)
}

func (s *Store) heroSlides(ctx context.Context, where string) ([]shop.HeroSlide, error) {
	rows, err := s.db.reader().query(ctx, `SELECT id, title, description, image, link, position, is_active
		FROM hero_slides `+where+` ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.HeroSlide
	for rows.Next() {
		var h shop.HeroSlide
		if err := rows.Scan(&h.ID, &h.Title, &h.Description, &h.Image, &h.Link, &h.Position, &h.Active); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// CatalogueEmpty reports whether no category and no product exists yet, the
// condition for seeding demo data on first start.
func (s *Store) CatalogueEmpty(ctx context.Context) (bool, error) {
	var n int64
	err := s.db.reader().queryRow(ctx, `SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM products)`).Scan(&n)
	return n == 0, s.db.translate(err)
}

// CreateCategory inserts a category and its images.
func (s *Store) CreateCategory(ctx context.Context, cat *shop.Category) error {
	return s.db.inTx(ctx, func(c conn) error {
		id, err := c.insertID(ctx, `INSERT INTO categories (parent_id, level, name, slug, position, is_active)
			VALUES (?, ?, ?, ?, ?, ?)`, nullID(cat.ParentID), cat.Level, cat.Name, cat.Slug, cat.Position, cat.Active)
		if err != nil {
			return fmt.Errorf("insert category %q: %w", cat.Slug, err)
		}
		cat.ID = id
		for i := range cat.Images {
			imgID, err := c.insertID(ctx, `INSERT INTO category_images (category_id, image, position) VALUES (?, ?, ?)`,
				id, cat.Images[i].URL, i)
			if err != nil {
				return err
			}
			cat.Images[i].ID = imgID
		}
		return recordChange(ctx, c, true)
	})
}

// CreateHeroSlide inserts a carousel slide.
func (s *Store) CreateHeroSlide(ctx context.Context, h *shop.HeroSlide) error {
	id, err := s.db.writer().insertID(ctx, `INSERT INTO hero_slides (title, description, image, link, position, is_active)
		VALUES (?, ?, ?, ?, ?, ?)`, h.Title, h.Description, h.Image, h.Link, h.Position, h.Active)
	h.ID = id
	return err
}

// CreateStore inserts a store for its owner; an owner who already has a
// store, or a name in use (any case), is a field error.
func (s *Store) CreateStore(ctx context.Context, st *shop.Store) error {
	err := s.db.inTx(ctx, func(c conn) error {
		fe := shop.FieldErrors{}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM stores WHERE owner_id = ?`, st.OwnerID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			fe.Add("owner", "This user already has a store.")
		}
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM stores WHERE name_key = ?`, shop.FoldKey(st.Name)).
			Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			fe.Add("name", "A store with this name already exists.")
		}
		if err := fe.Err(); err != nil {
			return err
		}
		id, err := c.insertID(ctx, `INSERT INTO stores
			(owner_id, name, name_key, logo, description, contact_info, address, is_active, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			st.OwnerID, st.Name, shop.FoldKey(st.Name), st.Logo, st.Description, st.ContactInfo, st.Address, st.Active,
			shop.Millis(st.CreatedAt))
		if err != nil {
			return err
		}
		st.ID = id
		return recordChange(ctx, c, true)
	})
	if errors.Is(err, ErrUnique) {
		// A concurrent create took the owner or the name after the checks.
		return shop.Conflict("store_exists", "A store with that name or owner already exists.")
	}
	return err
}

// productBatch is how many products one multi-row INSERT carries: large
// enough to seed 100,000 products quickly, small enough for every engine's
// parameter limit (16 columns × 500 rows < 32,766 for SQLite).
const productBatch = 500

// CreateProducts inserts products, their images and their search documents
// in one transaction, setting their IDs.
func (s *Store) CreateProducts(ctx context.Context, ps []*shop.Product) error {
	return skuTaken(s.db.inTx(ctx, func(c conn) error {
		// Products' and variants' SKUs share one namespace per store.
		skus := map[int64][]string{}
		for _, p := range ps {
			if p.SKU != "" && p.StoreID != 0 {
				skus[p.StoreID] = append(skus[p.StoreID], p.SKU)
			}
		}
		stores := slices.Sorted(maps.Keys(skus)) // the SKU locks in one order
		for _, store := range stores {
			if clash, err := variantSKUClash(ctx, c, store, skus[store]); err != nil {
				return err
			} else if clash {
				return errSKUTaken
			}
		}
		for start := 0; start < len(ps); start += productBatch {
			end := min(start+productBatch, len(ps))
			if err := insertProducts(ctx, c, ps[start:end]); err != nil {
				return err
			}
			if err := insertProductImages(ctx, c, ps[start:end]); err != nil {
				return err
			}
		}
		if err := indexProducts(ctx, c, ps); err != nil {
			return err
		}
		ids := make([]int64, len(ps))
		for i, p := range ps {
			ids[i] = p.ID
		}
		return recordChange(ctx, c, false, ids...)
	}))
}

// errSKUTaken answers a product write that broke the SKU's uniqueness.
var errSKUTaken = shop.Invalid(shop.FieldErrors{"sku": {"Another product of your store has this SKU."}})

// skuIndex is the name of the index of SKUs (migration 0020), which both
// engines name in a violation's message.
const skuIndex = "products_store_sku_idx"

// skuTaken turns a violation of the SKU index into errSKUTaken (other
// violations, such as a seed's repeated slug, stay ErrUnique).
func skuTaken(err error) error {
	if isSKUViolation(err) {
		return errSKUTaken
	}
	return err
}

func isSKUViolation(err error) bool {
	return errors.Is(err, ErrUnique) && strings.Contains(err.Error(), skuIndex)
}

func insertProducts(ctx context.Context, c conn, ps []*shop.Product) error {
	var b strings.Builder
	b.WriteString(`INSERT INTO products (store_id, category_id, subcategory_id, sub_subcategory_id, name, slug,
		description, specification, unit_price, inventory, is_active, created_at, updated_at, brand, was_price, sku) VALUES `)
	args := make([]any, 0, len(ps)*16)
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
		created := shop.Millis(p.CreatedAt)
		args = append(args, nullID(p.StoreID), nullID(p.CategoryID), nullID(p.SubcategoryID), nullID(p.SubSubcategoryID),
			p.Name, p.Slug, p.Description, p.Specification, int64(p.UnitPrice), p.Inventory, p.Active, created, created,
			p.Brand, nullMoney(p.WasPrice), nullText(p.SKU))
	}
	b.WriteString(" RETURNING id")
	rows, err := c.query(ctx, b.String(), args...)
	if err != nil {
		return fmt.Errorf("insert products: %w", err)
	}
	defer rows.Close()
	// Both engines return the ids of a multi-row VALUES insert in row order.
	i := 0
	for rows.Next() {
		if err := rows.Scan(&ps[i].ID); err != nil {
			return err
		}
		i++
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if i != len(ps) {
		return fmt.Errorf("insert products: got %d ids for %d rows", i, len(ps))
	}
	return nil
}

func insertProductImages(ctx context.Context, c conn, ps []*shop.Product) error {
	var b strings.Builder
	var args []any
	for _, p := range ps {
		for pos, url := range p.Images {
			if len(args) > 0 {
				b.WriteByte(',')
			}
			b.WriteString("(?,?,?)")
			args = append(args, p.ID, url, pos)
		}
	}
	if len(args) == 0 {
		return nil
	}
	_, err := c.exec(ctx, `INSERT INTO product_images (product_id, image, position) VALUES `+b.String(), args...)
	return err
}

// nullText stores "" as NULL for optional text (a unique index treats NULLs as distinct).
func nullText(v string) any {
	if v == "" {
		return nil
	}
	return v
}

// nullID stores 0 as NULL for optional references.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// nullMoney stores an optional amount: NULL for 0 (none).
func nullMoney(m shop.Money) any { return nullID(int64(m)) }

// storeColumns are the columns scanStore reads, in its order.
const storeColumns = `id, owner_id, name, logo, description, contact_info, address, is_active, created_at, accepts_cod,
	` + storeDeliveryColumns

// storeDeliveryColumns are a store's delivery settings, read by deliveryScan.
const storeDeliveryColumns = `ship_from_region, ship_from_city, free_delivery_over, same_day_cutoff, store_pickup`

func scanStore(r interface{ Scan(...any) error }) (shop.Store, error) {
	var st shop.Store
	var created int64
	d := deliveryScan{out: &st.Delivery}
	err := r.Scan(append([]any{&st.ID, &st.OwnerID, &st.Name, &st.Logo, &st.Description, &st.ContactInfo, &st.Address,
		&st.Active, &created, &st.AcceptsCOD}, d.dest()...)...)
	d.done()
	st.CreatedAt = shop.FromMillis(created)
	return st, err
}

// oneStore is the store matching the condition, or nil.
func (s *Store) oneStore(ctx context.Context, where string, args ...any) (*shop.Store, error) {
	st, err := scanStore(s.db.reader().queryRow(ctx, `SELECT `+storeColumns+` FROM stores WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.db.translate(err)
	}
	return &st, nil
}

// AllStores lists every store by name.
func (s *Store) AllStores(ctx context.Context) ([]shop.Store, error) {
	rows, err := s.db.reader().query(ctx, `SELECT `+storeColumns+` FROM stores ORDER BY name, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.Store
	for rows.Next() {
		st, err := scanStore(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, rows.Err()
}
