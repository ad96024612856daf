package sqldb

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// documentBatch rows per INSERT: 2 parameters each, well under SQLite's
// 32,766-parameter limit.
const documentBatch = 1000

// indexProducts writes the search documents of freshly inserted products
// and bumps the catalogue version, inside the caller's transaction.
// Category and store names are read in the same transaction.
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
		args := make([]any, 0, 2*len(batch))
		for _, p := range batch {
			doc := search.Document{Name: p.Name, Store: stores[p.StoreID], Description: p.Description}
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
	return bumpCatalogue(ctx, c)
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

// placeholders renders n rows of width parameters: (?,?),(?,?)…
func placeholders(n, width int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?,", width), ",") + ")"
	return strings.TrimSuffix(strings.Repeat(row+",", n), ",")
}

// searchIndex is this instance's in-memory search index with what search
// filters and orders by, per catalogue version (tokens, activity,
// categories, store, price, name, date) and rank version (stock, verified
// rating). Both versions are read on every search (one primary-key row)
// and the copy is rebuilt when either has moved, on any instance: it is
// never used after a write that outdated it committed. It is shared by
// concurrent searches and never modified, but for the visibility it
// memoises under visMu.
type searchIndex struct {
	version, rankVersion int64
	ix                   *search.MemIndex
	ids                  []int64 // document → product id, ascending
	products             []indexedProduct
	inStock              []bool
	avg100               []int32 // verified average rating in hundredths

	visMu  sync.Mutex
	visKey string
	vis    []bool
}

type indexedProduct struct {
	active     bool
	categories [shop.MaxCategoryDepth]int64
	store      int64
	price      int64
	created    int64
	name       string
}

type searchCache struct {
	mu  sync.Mutex
	cur *searchIndex
}

// searchIndex returns the index of the current versions, building the
// catalogue part when the catalogue version moved and re-reading stock and
// ratings when only the rank version did. Versions are read first, so rows
// read after them are at least as new; a copy filed under an older version
// than its rows is only rebuilt once more.
func (s *Store) searchIndex(ctx context.Context, c conn) (*searchIndex, error) {
	var version, rank int64
	if err := c.queryRow(ctx, `SELECT version, rank_version FROM search_meta WHERE id = 1`).
		Scan(&version, &rank); err != nil {
		return nil, s.db.translate(err)
	}
	sc := &s.search
	sc.mu.Lock()
	defer sc.mu.Unlock()
	cur := sc.cur
	if cur != nil && cur.version == version && cur.rankVersion == rank {
		return cur, nil
	}
	next := &searchIndex{version: version, rankVersion: rank}
	if cur != nil && cur.version == version {
		next.ix, next.ids, next.products = cur.ix, cur.ids, cur.products
		cur.visMu.Lock()
		next.visKey, next.vis = cur.visKey, cur.vis
		cur.visMu.Unlock()
	} else if err := next.loadCatalogue(ctx, c); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	if err := next.loadRank(ctx, c); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	sc.cur = next
	return next, nil
}

func (x *searchIndex) loadCatalogue(ctx context.Context, c conn) error {
	rows, err := c.query(ctx, `SELECT p.id, p.is_active, COALESCE(p.category_id, 0), COALESCE(p.subcategory_id, 0),
		COALESCE(p.sub_subcategory_id, 0), COALESCE(p.store_id, 0), p.unit_price, p.created_at, p.name,
		COALESCE(d.tokens, '')
		FROM products p LEFT JOIN search_documents d ON d.product_id = p.id ORDER BY p.id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	b := search.NewBuilder()
	var tokens string
	for rows.Next() {
		var id int64
		var p indexedProduct
		if err := rows.Scan(&id, &p.active, &p.categories[0], &p.categories[1], &p.categories[2], &p.store,
			&p.price, &p.created, &p.name, &tokens); err != nil {
			return err
		}
		if err := b.AddDocument(int32(len(x.ids)), tokens); err != nil {
			return err
		}
		x.ids = append(x.ids, id)
		x.products = append(x.products, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	x.ix = b.Index(len(x.ids))
	return nil
}

func (x *searchIndex) loadRank(ctx context.Context, c conn) error {
	x.inStock = make([]bool, len(x.ids))
	x.avg100 = make([]int32, len(x.ids))
	rows, err := c.query(ctx, `SELECT id, inventory FROM products WHERE inventory > 0`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, inventory int64
		if err := rows.Scan(&id, &inventory); err != nil {
			return err
		}
		if d, ok := x.doc(id); ok {
			x.inStock[d] = true
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	rrows, err := c.query(ctx, `SELECT product_id, `+averageSQL+` FROM ratings WHERE status = 'approved' GROUP BY product_id`)
	if err != nil {
		return err
	}
	defer rrows.Close()
	for rrows.Next() {
		var id, avg int64
		if err := rrows.Scan(&id, &avg); err != nil {
			return err
		}
		if d, ok := x.doc(id); ok {
			x.avg100[d] = int32(avg)
		}
	}
	return rrows.Err()
}

func (x *searchIndex) doc(id int64) (int32, bool) {
	d, ok := slices.BinarySearch(x.ids, id)
	return int32(d), ok
}

// searchProducts is ListProducts with search terms: matched and scored by
// the in-memory index, filtered and ordered in memory as the SQL list
// would (relevance, in stock first, verified rating, id — or the query's
// Ordering, then id).
func (s *Store) searchProducts(ctx context.Context, q shop.ProductQuery) (shop.ProductPage, error) {
	x, err := s.searchIndex(ctx, s.db.reader())
	if err != nil {
		return shop.ProductPage{}, err
	}
	hits := x.ix.Match(q.Terms)
	visible := x.visibleWithout(q.Hidden)
	filtered := q.CategoryIDs != [shop.MaxCategoryDepth]int64{} || q.StoreID != 0 || q.PriceAbove != nil ||
		q.PriceBelow != nil || q.InStock
	kept := hits[:0]
	for _, h := range hits {
		if visible[h.Doc] && (!filtered || x.passes(h.Doc, &q)) {
			kept = append(kept, h)
		}
	}
	page := shop.ProductPage{Total: len(kept)}
	end := min(q.Offset+q.Limit, len(kept))
	if len(q.Ordering) > 0 {
		slices.SortFunc(kept, func(a, b search.Hit) int { return x.compare(a, b, q.Ordering) })
		for _, h := range kept[min(q.Offset, end):end] {
			page.IDs = append(page.IDs, x.ids[h.Doc])
		}
		return page, nil
	}
	keys := make([]uint64, len(kept))
	for i, h := range kept {
		keys[i] = x.rankKey(h)
	}
	top := smallest(keys, end)
	for _, k := range top[min(q.Offset, end):] {
		page.IDs = append(page.IDs, x.ids[k&docMask])
	}
	return page, nil
}

// A rank key packs the relevance order into one integer, smallest first:
// relevance descending (at most MaxTerms × 100), in stock first, verified
// rating descending (hundredths, at most 500), then document (so id).
const (
	docBits = 31
	docMask = 1<<docBits - 1
)

func (x *searchIndex) rankKey(h search.Hit) uint64 {
	var out uint64
	if !x.inStock[h.Doc] {
		out = 1
	}
	return uint64(4095-h.Score)<<(docBits+11) | out<<(docBits+10) | uint64(1023-x.avg100[h.Doc])<<docBits |
		uint64(h.Doc)
}

// smallest returns the k smallest keys in order. A small page of many
// matches (the suggestion box) keeps a sorted buffer instead of sorting
// every match.
func smallest(keys []uint64, k int) []uint64 {
	if k > 256 || k >= len(keys)/8 {
		slices.Sort(keys)
		return keys[:min(k, len(keys))]
	}
	top := make([]uint64, 0, k+1)
	for _, v := range keys {
		if len(top) == k && v >= top[k-1] {
			continue
		}
		i, _ := slices.BinarySearch(top, v)
		top = slices.Insert(top, i, v)
		if len(top) > k {
			top = top[:k]
		}
	}
	return top
}

// visibleWithout reports per document whether it is active, in none of
// the hidden categories and not of a hidden store. The hidden set only
// changes with the catalogue version, so the last one computed is kept.
func (x *searchIndex) visibleWithout(hidden shop.Hidden) []bool {
	key := fmt.Sprint(hidden)
	x.visMu.Lock()
	defer x.visMu.Unlock()
	if x.vis != nil && x.visKey == key {
		return x.vis
	}
	vis := make([]bool, len(x.ids))
	for d, p := range x.products {
		vis[d] = p.active && !slices.Contains(hidden.Stores, p.store) &&
			!slices.ContainsFunc(p.categories[:], func(id int64) bool {
				return id != 0 && slices.Contains(hidden.Categories, id)
			})
	}
	x.vis, x.visKey = vis, key
	return vis
}

// passes applies the list filters other than visibility to one document.
func (x *searchIndex) passes(d int32, q *shop.ProductQuery) bool {
	p := &x.products[d]
	if (q.StoreID != 0 && p.store != q.StoreID) || (q.InStock && !x.inStock[d]) ||
		(q.PriceAbove != nil && p.price <= int64(*q.PriceAbove)) ||
		(q.PriceBelow != nil && p.price >= int64(*q.PriceBelow)) {
		return false
	}
	for i, id := range p.categories {
		if q.CategoryIDs[i] != 0 && id != q.CategoryIDs[i] {
			return false
		}
	}
	return true
}

// compare orders two hits as ListProducts' ORDER BY does.
func (x *searchIndex) compare(a, b search.Hit, ordering []shop.OrderKey) int {
	pa, pb := &x.products[a.Doc], &x.products[b.Doc]
	if len(ordering) == 0 {
		return cmp.Or(cmp.Compare(b.Score, a.Score), compareBool(x.inStock[b.Doc], x.inStock[a.Doc]),
			cmp.Compare(x.avg100[b.Doc], x.avg100[a.Doc]), cmp.Compare(a.Doc, b.Doc))
	}
	for _, k := range ordering {
		var c int
		switch k.Field {
		case shop.OrderUnitPrice:
			c = cmp.Compare(pa.price, pb.price)
		case shop.OrderDateCreated:
			c = cmp.Compare(pa.created, pb.created)
		case shop.OrderAverageRating:
			c = cmp.Compare(x.avg100[a.Doc], x.avg100[b.Doc])
		case shop.OrderName:
			c = strings.Compare(pa.name, pb.name)
		}
		if k.Desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	// Documents are numbered in id order.
	return cmp.Compare(a.Doc, b.Doc)
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
