package service

import (
	"context"
	"strings"

	"dwa/internal/search"
	"dwa/internal/shop"
)

// ProductStore reads products, their reviews and ratings, and stores.
type ProductStore interface {
	// ListProducts answers every list and search from the instance's
	// catalogue index.
	ListProducts(ctx context.Context, q shop.ProductQuery) (shop.ProductPage, error)
	// ProductFacets counts a list's products by filter value from the same
	// index (stores by id only).
	ProductFacets(ctx context.Context, q shop.ProductQuery) (shop.ProductFacets, error)
	// SearchCorrections suggests up to limit corrected searches for q's
	// terms that find products under q's filters, when q finds none.
	SearchCorrections(ctx context.Context, q shop.ProductQuery, limit int) ([]string, error)
	// AppliedCatalogue is the change sequence the instance's catalogue
	// index includes and the last one that changed categories or stores,
	// from memory; it waits for the index's first build.
	AppliedCatalogue(ctx context.Context) (seq, tree int64, err error)
	// OnCatalogueChange calls fn after each change the instance applies,
	// in order, never concurrently.
	OnCatalogueChange(fn func(shop.CatalogueChange))
	// CatalogueBuilds and CatalogueCompactions count the index's full
	// builds and background compactions, for /metrics.
	CatalogueBuilds() int64
	CatalogueCompactions() int64
	// ProductCards returns the kept list cards of ids, nil where none is
	// kept yet; CardFills counts the completed fills of every card.
	ProductCards(ids []int64) []*shop.ProductDetail
	CardFills() int64
	ProductDetails(ctx context.Context, ids []int64, opts shop.DetailOptions) ([]*shop.ProductDetail, error)
	VerifiedReviews(ctx context.Context, productID int64, offset, limit int) ([]shop.Review, int, error)
	VerifiedRatings(ctx context.Context, productID int64, offset, limit int) ([]shop.Rating, int, error)
	ActiveStores(ctx context.Context) ([]shop.StoreSummary, error)
}

// NewestEmbedded is how many reviews and ratings a product object embeds.
const NewestEmbedded = 50

// ProductFilter is a decoded product-list request (contract §2.2).
type ProductFilter struct {
	// CategorySlugs by level, "" = any.
	CategorySlugs [shop.MaxCategoryDepth]string
	Search        string
	PriceAbove    *shop.Money
	PriceBelow    *shop.Money
	// StoreIDs keeps products of any of them; none = any. An id below 1
	// matches nothing.
	StoreIDs []int64
	InStock  bool
	// Brands keeps products of any of them (ignoring case); none = any.
	Brands []string
	// Options keeps products with an active variant having, for every
	// name given, one of its values (shop.ProductQuery.Options).
	Options []shop.OptionFilter
	// MinRating is a verified average in hundredths (400 = 4 stars); 0 = any.
	MinRating int
	OnSale    bool
	Ordering  []shop.OrderKey
	// Seed keys the default shuffle; 0 lets the service pick one.
	Seed          int64
	Offset, Limit int
	Detail        shop.DetailOptions
	// Cards says the caller shows only what a list card holds
	// (Store.ProductCards): the page is read from memory.
	Cards bool
}

// ProductList is one page of products and the size of the whole list.
type ProductList struct {
	Items []*shop.ProductDetail
	Total int
	// Seed is the shuffle seed used, 0 when the list was not shuffled.
	Seed int64
	// Categories and Stores are what the list was filtered by (zero and
	// none for any): only products of them can enter the list.
	Categories [shop.MaxCategoryDepth]int64
	Stores     []int64
	// Terms are the search's normalised terms, nil when it was not a
	// search: only products that may match them can enter it.
	Terms []string
}

// visibility is the catalogue as shoppers see it: which categories are
// reachable (active with active ancestors), which are hidden, and which
// stores are suspended.
type visibility struct {
	byID         map[int64]*shop.Category
	hidden       shop.Hidden
	hiddenStores map[int64]bool
}

// visibility is the current catalogue as shoppers see it.
func (s *Service) visibility(ctx context.Context) (visibility, error) {
	snap, err := s.catalogue(ctx)
	if err != nil {
		return visibility{}, err
	}
	return snap.vis, nil
}

// newVisibility indexes the categories reachable from roots; every other
// row is hidden, as are the products of the suspended stores.
func newVisibility(roots, rows []*shop.Category, suspended []int64) visibility {
	v := visibility{byID: map[int64]*shop.Category{}, hiddenStores: map[int64]bool{}}
	var walk func(cs []*shop.Category)
	walk = func(cs []*shop.Category) {
		for _, c := range cs {
			v.byID[c.ID] = c
			walk(c.Children)
		}
	}
	walk(roots)
	for _, c := range rows {
		if v.byID[c.ID] == nil {
			v.hidden.Categories = append(v.hidden.Categories, c.ID)
		}
	}
	v.hidden.Stores = suspended
	for _, id := range suspended {
		v.hiddenStores[id] = true
	}
	return v
}

// visible reports whether a product can be shown: active, none of its
// categories hidden, and its store not suspended.
func (v visibility) visible(p *shop.Product) bool {
	if !p.Active || v.hiddenStores[p.StoreID] {
		return false
	}
	for _, id := range p.CategoryIDs() {
		if id != 0 && v.byID[id] == nil {
			return false
		}
	}
	return true
}

// categoryBySlug finds a reachable category of the given level (1–3) by
// slug, ignoring case.
func (v visibility) categoryBySlug(slug string, level int) *shop.Category {
	for _, c := range v.byID {
		if c.Level == level && strings.EqualFold(c.Slug, slug) {
			return c
		}
	}
	return nil
}

// ListProducts returns a page of visible products: filtered, searched and
// ordered as the contract says by the store's catalogue index, then the
// page's details: those kept, the others in a fixed number of statements.
// The details are shared (publicDetails): callers must not modify them.
func (s *Service) ListProducts(ctx context.Context, f ProductFilter) (ProductList, error) {
	q, ok, err := s.productQuery(ctx, f)
	if err != nil || !ok {
		return ProductList{}, err
	}
	if q.Terms == nil && len(q.Ordering) == 0 {
		q.Seed = f.Seed
		if q.Seed == 0 {
			q.Seed = windowSeed(s.now())
		}
	}
	var page shop.ProductPage
	if err := s.indexQuery(ctx, func() (err error) { page, err = s.store.ListProducts(ctx, q); return }); err != nil {
		return ProductList{}, err
	}
	var items []*shop.ProductDetail
	if f.Cards {
		items, err = s.listCards(ctx, page.IDs)
	} else {
		items, err = s.publicDetails(ctx, page.IDs, f.Detail)
	}
	if err != nil {
		return ProductList{}, err
	}
	return ProductList{Items: items, Total: page.Total, Seed: q.Seed,
		Categories: q.CategoryIDs, Stores: q.StoreIDs, Terms: q.Terms}, nil
}

// indexQuery runs one query of the catalogue index in the query pool, so
// that the buffers of uncached queries do not grow with concurrency; a full
// pool is shop.Busy (503 with Retry-After).
func (s *Service) indexQuery(ctx context.Context, query func() error) error {
	var err error
	if busy := s.queries.Run(ctx, func() { err = query() }); busy != nil {
		return busy
	}
	return err
}

// productQuery resolves a filter's slugs, store and search into the
// index's query of visible products; false when nothing can match (an
// unknown category, a search of stop words).
func (s *Service) productQuery(ctx context.Context, f ProductFilter) (shop.ProductQuery, bool, error) {
	snap, err := s.catalogue(ctx)
	if err != nil {
		return shop.ProductQuery{}, false, err
	}
	vis := snap.vis
	q := shop.ProductQuery{Hidden: vis.hidden, PriceAbove: f.PriceAbove, PriceBelow: f.PriceBelow,
		InStock: f.InStock, Brands: f.Brands, Options: f.Options, MinRating: f.MinRating, OnSale: f.OnSale, Ordering: f.Ordering,
		Offset: f.Offset, Limit: f.Limit}
	for i, slug := range f.CategorySlugs {
		if slug == "" {
			continue
		}
		c := vis.categoryBySlug(slug, i+1)
		if c == nil {
			return q, false, nil
		}
		q.CategoryIDs[i] = c.ID
	}
	for _, id := range f.StoreIDs {
		if id <= 0 {
			return q, false, nil
		}
	}
	q.StoreIDs = f.StoreIDs
	if sq := search.Parse(f.Search); !sq.Blank {
		if len(sq.Terms) == 0 {
			return q, false, nil
		}
		q.Terms = sq.Terms
	}
	return q, true, nil
}

// ProductFacets counts the products of a list (the same filters as
// ListProducts) by store, brand, rating, stock, deal and price, each facet
// with every other filter applied (docs/decisions/0021). Stores are named
// from the kept catalogue tree; a store no longer visible is left out.
func (s *Service) ProductFacets(ctx context.Context, f ProductFilter) (shop.ProductFacets, error) {
	q, ok, err := s.productQuery(ctx, f)
	if err != nil || !ok {
		return shop.ProductFacets{}, err
	}
	var out shop.ProductFacets
	if err := s.indexQuery(ctx, func() (err error) { out, err = s.store.ProductFacets(ctx, q); return }); err != nil {
		return out, err
	}
	snap, err := s.catalogue(ctx)
	if err != nil {
		return out, err
	}
	stores := make([]shop.StoreCount, 0, len(out.Stores))
	for _, v := range out.Stores {
		if name, ok := snap.storeNames[v.ID]; ok {
			v.Name = name
			stores = append(stores, v)
		}
	}
	out.Stores = stores
	out.Categories = q.CategoryIDs
	return out, nil
}

// MaxSearchCorrections is how many corrected searches are suggested.
const MaxSearchCorrections = 3

// SearchCorrections suggests corrected forms of a search that finds no
// visible product, each finding some ("did you mean"); none for a blank
// search or one that finds products.
func (s *Service) SearchCorrections(ctx context.Context, text string) ([]string, error) {
	sq := search.Parse(text)
	if len(sq.Terms) == 0 {
		return []string{}, nil
	}
	snap, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	err = s.indexQuery(ctx, func() (err error) {
		out, err = s.store.SearchCorrections(ctx, shop.ProductQuery{Hidden: snap.vis.hidden, Terms: sq.Terms}, MaxSearchCorrections)
		return
	})
	if out == nil && err == nil {
		out = []string{}
	}
	return out, err
}

// Product returns one visible product; unknown, inactive or in a hidden
// category → 404 Product. The detail is shared: callers must not modify it.
func (s *Service) Product(ctx context.Context, id int64, opts shop.DetailOptions) (*shop.ProductDetail, error) {
	snap, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	vis := snap.vis
	ds, err := s.publicDetails(ctx, []int64{id}, opts)
	if err != nil {
		return nil, err
	}
	if len(ds) == 0 || !vis.visible(&ds[0].Product) {
		return nil, shop.NotFound("Product")
	}
	return ds[0], nil
}

// ProductReviews returns a page of a visible product's verified reviews,
// newest first, and their number.
func (s *Service) ProductReviews(ctx context.Context, productID int64, offset, limit int) ([]shop.Review, int, error) {
	if _, err := s.Product(ctx, productID, shop.DetailOptions{}); err != nil {
		return nil, 0, err
	}
	return s.store.VerifiedReviews(ctx, productID, offset, limit)
}

// ProductRatings returns a page of a visible product's verified ratings,
// newest first, and their number.
func (s *Service) ProductRatings(ctx context.Context, productID int64, offset, limit int) ([]shop.Rating, int, error) {
	if _, err := s.Product(ctx, productID, shop.DetailOptions{}); err != nil {
		return nil, 0, err
	}
	return s.store.VerifiedRatings(ctx, productID, offset, limit)
}

// Stores lists active stores by name. query matches a substring of the name
// ignoring case and accents; name matches the whole name ignoring case.
// Either may be empty.
func (s *Service) Stores(ctx context.Context, query, name string) ([]shop.StoreSummary, error) {
	all, err := s.store.ActiveStores(ctx)
	if err != nil {
		return nil, err
	}
	query = strings.TrimSpace(search.Normalize(query))
	name = strings.TrimSpace(name)
	out := all[:0]
	for _, st := range all {
		if query != "" && !strings.Contains(search.Normalize(st.Name), query) {
			continue
		}
		if name != "" && !strings.EqualFold(st.Name, name) {
			continue
		}
		out = append(out, st)
	}
	return out, nil
}

// Store returns one active store; otherwise 404 Store.
func (s *Service) Store(ctx context.Context, id int64) (shop.StoreSummary, error) {
	all, err := s.store.ActiveStores(ctx)
	if err != nil {
		return shop.StoreSummary{}, err
	}
	for _, st := range all {
		if st.ID == id {
			return st, nil
		}
	}
	return shop.StoreSummary{}, shop.NotFound("Store")
}

// CatalogueIndexEvents counts this instance's catalogue index builds (one
// at start, one after each reset of the data), background compactions and
// completed fills of the list cards (one after each build).
func (s *Service) CatalogueIndexEvents() map[string]int64 {
	return map[string]int64{"build": s.store.CatalogueBuilds(), "compaction": s.store.CatalogueCompactions(),
		"cards_filled": s.store.CardFills()}
}
