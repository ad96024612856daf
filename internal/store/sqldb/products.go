package sqldb

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

// averageSQL is shop.RatingStats.Average in SQL: the verified mean in
// hundredths, rounded half up with integer division on both engines
// (PostgreSQL's SUM of a BIGINT is NUMERIC, hence the cast).
const averageSQL = `(CAST(SUM(rating) AS BIGINT) * 200 + COUNT(*)) / (2 * COUNT(*))`

// ListProducts returns one page of visible product ids in the query's
// order, with the total, from this instance's catalogue index: every list,
// search or not, with no SQL.
func (s *Store) ListProducts(ctx context.Context, q shop.ProductQuery) (shop.ProductPage, error) {
	st, err := s.cat.current(ctx)
	if err != nil {
		return shop.ProductPage{}, err
	}
	return st.ix.Query(q), nil
}

// ProductFacets counts a list's products by filter value, from the
// instance's catalogue index (stores by id only).
func (s *Store) ProductFacets(ctx context.Context, q shop.ProductQuery) (shop.ProductFacets, error) {
	st, err := s.cat.current(ctx)
	if err != nil {
		return shop.ProductFacets{}, err
	}
	return st.ix.Facets(q), nil
}

// SearchCorrections suggests corrected searches from this instance's
// catalogue index (catindex.Index.Corrections).
func (s *Store) SearchCorrections(ctx context.Context, q shop.ProductQuery, limit int) ([]string, error) {
	st, err := s.cat.current(ctx)
	if err != nil {
		return nil, err
	}
	return st.ix.Corrections(q, limit), nil
}

// ProductDetails loads the given products, in the order of ids, with their
// categories, store, images and verified rating and review figures — two
// statements for every detailBatch ids. Unknown ids are left out; inactive
// products are returned (the service decides).
func (s *Store) ProductDetails(ctx context.Context, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	return s.productDetails(ctx, s.db.reader(), ids, opts)
}

// detailBatch is how many products one detail read asks for: the length
// up to which paddedIDs pads, and few enough that productParts' seven IN
// lists stay far below SQLite's limit of statement arguments.
const detailBatch = 256

func (s *Store) productDetails(ctx context.Context, c conn, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	if len(ids) > detailBatch {
		out := make([]*shop.ProductDetail, 0, len(ids))
		for start := 0; start < len(ids); start += detailBatch {
			ds, err := s.productDetails(ctx, c, ids[start:min(start+detailBatch, len(ids))], opts)
			if err != nil {
				return nil, err
			}
			out = append(out, ds...)
		}
		return out, nil
	}
	idArgs := paddedIDs(ids)
	in := marks(len(idArgs))
	rows, err := c.queryPrepared(ctx, `SELECT p.id, COALESCE(p.store_id, 0), COALESCE(p.category_id, 0),
		COALESCE(p.subcategory_id, 0), COALESCE(p.sub_subcategory_id, 0), p.name, p.slug, p.description,
		p.specification, p.unit_price, p.inventory, p.is_active, p.created_at, p.brand, COALESCE(p.was_price, 0),
		p.units_sold, COALESCE(p.sku, ''), COALESCE(c1.name, ''), COALESCE(c1.slug, ''), COALESCE(c2.name, ''), COALESCE(c2.slug, ''),
		COALESCE(c3.name, ''), COALESCE(c3.slug, ''),
		s.id, s.owner_id, s.name, s.logo, s.description, s.contact_info, s.address, s.is_active, s.created_at
		FROM products p
		LEFT JOIN categories c1 ON c1.id = p.category_id
		LEFT JOIN categories c2 ON c2.id = p.subcategory_id
		LEFT JOIN categories c3 ON c3.id = p.sub_subcategory_id
		LEFT JOIN stores s ON s.id = p.store_id
		WHERE p.id IN (`+in+`)`, idArgs...)
	if err != nil {
		return nil, fmt.Errorf("product details: %w", err)
	}
	defer rows.Close()
	byID := make(map[int64]*shop.ProductDetail, len(ids))
	for rows.Next() {
		d := &shop.ProductDetail{}
		var created int64
		var st struct {
			id, owner, created        sql.NullInt64
			name, logo, desc, contact sql.NullString
			address                   sql.NullString
			active                    sql.NullBool
		}
		if err := rows.Scan(&d.ID, &d.StoreID, &d.CategoryID, &d.SubcategoryID, &d.SubSubcategoryID, &d.Name,
			&d.Slug, &d.Description, &d.Specification, &d.UnitPrice, &d.Inventory, &d.Active, &created,
			&d.Brand, &d.WasPrice, &d.UnitsSold, &d.SKU, &d.CategoryNames[0], &d.CategorySlugs[0], &d.CategoryNames[1], &d.CategorySlugs[1],
			&d.CategoryNames[2], &d.CategorySlugs[2],
			&st.id, &st.owner, &st.name, &st.logo, &st.desc, &st.contact, &st.address, &st.active, &st.created); err != nil {
			return nil, err
		}
		d.CreatedAt = shop.FromMillis(created)
		if st.id.Valid {
			d.Store = &shop.Store{ID: st.id.Int64, OwnerID: st.owner.Int64, Name: st.name.String, Logo: st.logo.String,
				Description: st.desc.String, ContactInfo: st.contact.String, Address: st.address.String,
				Active: st.active.Bool, CreatedAt: shop.FromMillis(st.created.Int64)}
		}
		byID[d.ID] = d
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := productParts(ctx, c, in, idArgs, opts, byID); err != nil {
		return nil, err
	}
	out := make([]*shop.ProductDetail, 0, len(ids))
	for _, id := range ids {
		if d := byID[id]; d != nil {
			out = append(out, d)
		}
	}
	return out, nil
}

// paddedIDs is ids as statement arguments, the list padded with its last
// id to the next of a few lengths (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48…:
// powers of two and halfway between), so that the detail reads' IN lists
// take a handful of texts, each prepared once (queryPrepared). A repeated
// id changes nothing: IN is a set. Past detailBatch ids the list is not padded.
func paddedIDs(ids []int64) []any {
	n := len(ids)
	if n > 0 && n <= detailBatch {
		for b := 1; ; b *= 2 {
			if n <= b {
				n = b
				break
			}
			if n <= b+b/2 {
				n = b + b/2
				break
			}
		}
	}
	out := make([]any, n)
	for i := range out {
		out[i] = ids[min(i, len(ids)-1)]
	}
	return out
}

// The parts of a product detail besides its row, as productParts reads
// them: each row says which part it is, and the columns it does not use
// hold zeros.
const (
	partImage = iota
	partRatings
	partReviews
	partOption
	partVariant
	partReview
	partRating
)

// detailPart is one row of productParts' statement.
type detailPart struct {
	kind, product, id, pos, a, b int64
	s1, s2, s3                   string
	flag                         bool
	created                      int64
}

// productParts fills the details' images (in position order), verified
// rating and review figures, options and variants (retired ones left out)
// and, as opts asks, their newest verified reviews and ratings, from one
// statement, however many products: every statement a detail or a list
// page runs costs a fixed setup on top of its rows (the IN list, the
// driver's and, on PostgreSQL, the network's round trip), which on an
// uncached product page was most of its cost (decision 0016). Images come
// from the covering index product_images_cover_idx (migration 0023),
// without a seek into the table. The rows are sorted here: a compound
// SELECT has one ORDER BY for all its arms.
func productParts(ctx context.Context, c conn, in string, ids []any, opts shop.DetailOptions,
	byID map[int64]*shop.ProductDetail) error {
	arms := []string{
		`SELECT ` + strconv.Itoa(partImage) + `, product_id, id, position, 0, 0, image, '', '', FALSE, 0
		FROM product_images WHERE product_id IN (` + in + `)`,
		`SELECT ` + strconv.Itoa(partRatings) + `, product_id, 0, 0, CAST(COUNT(*) AS BIGINT), CAST(SUM(rating) AS BIGINT),
		'', '', '', FALSE, 0 FROM ratings WHERE status = 'approved' AND product_id IN (` + in + `) GROUP BY product_id`,
		`SELECT ` + strconv.Itoa(partReviews) + `, product_id, 0, 0, CAST(COUNT(*) AS BIGINT), 0, '', '', '', FALSE, 0
		FROM reviews WHERE status = 'approved' AND product_id IN (` + in + `) GROUP BY product_id`,
		`SELECT ` + strconv.Itoa(partOption) + `, product_id, 0, position, 0, 0, name, option_values, '', FALSE, 0
		FROM product_options WHERE product_id IN (` + in + `)`,
		`SELECT ` + strconv.Itoa(partVariant) + `, product_id, id, position, unit_price, inventory, COALESCE(sku, ''),
		option_values, image_ids, is_active, 0 FROM product_variants WHERE product_id IN (` + in + `) AND retired = FALSE`,
	}
	args := make([]any, 0, 7*len(ids)+2)
	for range arms {
		args = append(args, ids...)
	}
	// The newest verified reviews and ratings: the number of each is an
	// argument, not part of the text, so that one statement serves all.
	newest := func(kind int, table, value, text string) {
		arms = append(arms, `SELECT `+strconv.Itoa(kind)+`, product_id, id, n, user_id, value, username, text, status, FALSE,
		date_created FROM (
		SELECT t.id, t.product_id, t.user_id, u.username, `+value+` AS value, `+text+` AS text, t.status, t.date_created,
			ROW_NUMBER() OVER (PARTITION BY t.product_id ORDER BY t.date_created DESC, t.id DESC) AS n
		FROM `+table+` t JOIN users u ON u.id = t.user_id
		WHERE t.status = 'approved' AND t.product_id IN (`+in+`)) x WHERE n <= ?`)
		args = append(append(args, ids...), opts.Newest)
	}
	if opts.Reviews {
		newest(partReview, "reviews", "0", "t.review")
	}
	if opts.Ratings {
		newest(partRating, "ratings", "t.rating", "''")
	}
	rows, err := c.queryPrepared(ctx, strings.Join(arms, "\n\t\tUNION ALL\n\t\t"), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var parts []detailPart
	for rows.Next() {
		var p detailPart
		if err := rows.Scan(&p.kind, &p.product, &p.id, &p.pos, &p.a, &p.b, &p.s1, &p.s2, &p.s3, &p.flag,
			&p.created); err != nil {
			return err
		}
		if byID[p.product] != nil {
			parts = append(parts, p)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	slices.SortFunc(parts, func(x, y detailPart) int {
		return cmp.Or(cmp.Compare(x.product, y.product), cmp.Compare(x.kind, y.kind), cmp.Compare(x.pos, y.pos),
			cmp.Compare(x.id, y.id))
	})
	for _, p := range parts {
		if err := addPart(byID[p.product], p); err != nil {
			return err
		}
	}
	return nil
}

// addPart adds one of productParts' rows to its product's detail.
func addPart(d *shop.ProductDetail, p detailPart) error {
	switch p.kind {
	case partImage:
		d.Images, d.ImageIDs = append(d.Images, p.s1), append(d.ImageIDs, p.id)
	case partRatings:
		d.Ratings = shop.RatingStats{Count: p.a, Sum: p.b}
	case partReviews:
		d.ReviewsCount = p.a
	case partOption:
		o := shop.ProductOption{Name: p.s1}
		if err := json.Unmarshal([]byte(p.s2), &o.Values); err != nil {
			return err
		}
		d.Options = append(d.Options, o)
	case partVariant:
		v := shop.Variant{ID: p.id, ProductID: p.product, UnitPrice: shop.Money(p.a), Inventory: int(p.b), SKU: p.s1,
			Active: p.flag}
		if err := json.Unmarshal([]byte(p.s2), &v.Options); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(p.s3), &v.ImageIDs); err != nil {
			return err
		}
		d.Variants = append(d.Variants, v)
	case partReview:
		d.NewestReviews = append(d.NewestReviews, shop.Review{ID: p.id, ProductID: p.product, UserID: p.a,
			Author: p.s1, Text: p.s2, Status: p.s3, CreatedAt: shop.FromMillis(p.created)})
	case partRating:
		d.NewestRatings = append(d.NewestRatings, shop.Rating{ID: p.id, ProductID: p.product, UserID: p.a,
			Username: p.s1, Value: int(p.b), Status: p.s3, CreatedAt: shop.FromMillis(p.created)})
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanReview(row scanner) (shop.Review, error) {
	var r shop.Review
	var created int64
	err := row.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Author, &r.Text, &r.Status, &created)
	r.CreatedAt = shop.FromMillis(created)
	return r, err
}

func scanRating(row scanner) (shop.Rating, error) {
	var r shop.Rating
	var created int64
	err := row.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Username, &r.Value, &r.Status, &created)
	r.CreatedAt = shop.FromMillis(created)
	return r, err
}

// VerifiedReviews returns one page of a product's approved reviews, newest
// first, and how many there are.
func (s *Store) VerifiedReviews(ctx context.Context, productID int64, offset, limit int) ([]shop.Review, int, error) {
	rows, err := s.db.reader().query(ctx, `SELECT v.id, v.product_id, v.user_id, u.username, v.review, v.status,
		v.date_created, COUNT(*) OVER ()
		FROM reviews v JOIN users u ON u.id = v.user_id
		WHERE v.product_id = ? AND v.status = 'approved'
		ORDER BY v.date_created DESC, v.id DESC LIMIT ? OFFSET ?`, productID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []shop.Review
	total := 0
	for rows.Next() {
		var r shop.Review
		var created int64
		if err := rows.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Author, &r.Text, &r.Status, &created, &total); err != nil {
			return nil, 0, err
		}
		r.CreatedAt = shop.FromMillis(created)
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// VerifiedRatings returns one page of a product's approved ratings, newest
// first, and how many there are.
func (s *Store) VerifiedRatings(ctx context.Context, productID int64, offset, limit int) ([]shop.Rating, int, error) {
	rows, err := s.db.reader().query(ctx, `SELECT t.id, t.product_id, t.user_id, u.username, t.rating, t.status,
		t.date_created, COUNT(*) OVER ()
		FROM ratings t JOIN users u ON u.id = t.user_id
		WHERE t.product_id = ? AND t.status = 'approved'
		ORDER BY t.date_created DESC, t.id DESC LIMIT ? OFFSET ?`, productID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []shop.Rating
	total := 0
	for rows.Next() {
		var r shop.Rating
		var created int64
		if err := rows.Scan(&r.ID, &r.ProductID, &r.UserID, &r.Username, &r.Value, &r.Status, &created, &total); err != nil {
			return nil, 0, err
		}
		r.CreatedAt = shop.FromMillis(created)
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// ActiveStores returns every active store by name with the verified
// ratings of its active products, in one statement.
func (s *Store) ActiveStores(ctx context.Context) ([]shop.StoreSummary, error) {
	rows, err := s.db.reader().query(ctx, `SELECT s.id, s.owner_id, s.name, s.logo, s.description, s.contact_info,
		s.address, s.is_active, s.created_at, COALESCE(r.n, 0), COALESCE(r.total, 0)
		FROM stores s LEFT JOIN (
			SELECT p.store_id, COUNT(*) AS n, SUM(t.rating) AS total FROM ratings t JOIN products p ON p.id = t.product_id
			WHERE t.status = 'approved' AND p.is_active = TRUE GROUP BY p.store_id) r ON r.store_id = s.id
		WHERE s.is_active = TRUE ORDER BY s.name, s.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.StoreSummary
	for rows.Next() {
		var st shop.StoreSummary
		var created int64
		if err := rows.Scan(&st.ID, &st.OwnerID, &st.Name, &st.Logo, &st.Description, &st.ContactInfo, &st.Address,
			&st.Active, &created, &st.Ratings.Count, &st.Ratings.Sum); err != nil {
			return nil, err
		}
		st.CreatedAt = shop.FromMillis(created)
		out = append(out, st)
	}
	return out, rows.Err()
}
