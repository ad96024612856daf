package sqldb

import (
	"context"
	"database/sql"
	"fmt"

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
// categories, store, images and verified rating and review figures — a
// fixed number of statements however many ids there are. Unknown ids are
// left out; inactive products are returned (the service decides).
func (s *Store) ProductDetails(ctx context.Context, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	return s.productDetails(ctx, s.db.reader(), ids, opts)
}

func (s *Store) productDetails(ctx context.Context, c conn, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error) {
	if len(ids) == 0 {
		return nil, nil
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
	if err := s.productImages(ctx, c, in, idArgs, byID); err != nil {
		return nil, err
	}
	if err := s.productStats(ctx, c, in, idArgs, byID); err != nil {
		return nil, err
	}
	if err := s.productVariants(ctx, c, in, idArgs, byID); err != nil {
		return nil, err
	}
	if opts.Reviews {
		err := newestVerified(ctx, c, "reviews", "review", in, idArgs, opts.Newest, scanReview, func(r shop.Review) {
			if d := byID[r.ProductID]; d != nil {
				d.NewestReviews = append(d.NewestReviews, r)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	if opts.Ratings {
		err := newestVerified(ctx, c, "ratings", "rating", in, idArgs, opts.Newest, scanRating, func(r shop.Rating) {
			if d := byID[r.ProductID]; d != nil {
				d.NewestRatings = append(d.NewestRatings, r)
			}
		})
		if err != nil {
			return nil, err
		}
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
// id changes nothing: IN is a set. Past 256 ids the list is not padded.
func paddedIDs(ids []int64) []any {
	n := len(ids)
	if n > 0 && n <= 256 {
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

func (s *Store) productImages(ctx context.Context, c conn, in string, args []any, byID map[int64]*shop.ProductDetail) error {
	rows, err := c.queryPrepared(ctx, `SELECT product_id, id, image FROM product_images WHERE product_id IN (`+in+`)
		ORDER BY product_id, position, id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, imageID int64
		var url string
		if err := rows.Scan(&id, &imageID, &url); err != nil {
			return err
		}
		if d := byID[id]; d != nil {
			d.Images = append(d.Images, url)
			d.ImageIDs = append(d.ImageIDs, imageID)
		}
	}
	return rows.Err()
}

// productStats counts verified ratings (with their sum) and reviews in one
// statement.
func (s *Store) productStats(ctx context.Context, c conn, in string, args []any, byID map[int64]*shop.ProductDetail) error {
	rows, err := c.queryPrepared(ctx, `SELECT product_id, 'r', COUNT(*), SUM(rating) FROM ratings
		WHERE status = 'approved' AND product_id IN (`+in+`) GROUP BY product_id
		UNION ALL
		SELECT product_id, 'v', COUNT(*), 0 FROM reviews
		WHERE status = 'approved' AND product_id IN (`+in+`) GROUP BY product_id`, append(args, args...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, count, sum int64
		var kind string
		if err := rows.Scan(&id, &kind, &count, &sum); err != nil {
			return err
		}
		d := byID[id]
		switch {
		case d == nil:
		case kind == "r":
			d.Ratings = shop.RatingStats{Count: count, Sum: sum}
		default:
			d.ReviewsCount = count
		}
	}
	return rows.Err()
}

// newestVerified loads, for each product in the IN list, its newest
// approved rows of table (reviews or ratings; column is the review text or
// the rating value), at most limit each, and hands them to add in order.
func newestVerified[T any](ctx context.Context, c conn, table, column, in string, args []any, limit int,
	scan func(scanner) (T, error), add func(T)) error {
	rows, err := c.queryPrepared(ctx, `SELECT id, product_id, user_id, username, `+column+`, status, date_created FROM (
		SELECT t.id, t.product_id, t.user_id, u.username, t.`+column+`, t.status, t.date_created,
			ROW_NUMBER() OVER (PARTITION BY t.product_id ORDER BY t.date_created DESC, t.id DESC) AS n
		FROM `+table+` t JOIN users u ON u.id = t.user_id
		WHERE t.status = 'approved' AND t.product_id IN (`+in+`)) x
		WHERE n <= ? ORDER BY product_id, n`, append(args, limit)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return err
		}
		add(r)
	}
	return rows.Err()
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
