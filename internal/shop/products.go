package shop

import "time"

// Review and rating states; only approved rows are ever public.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// Review is a shopper's text about a product.
type Review struct {
	ID        int64
	ProductID int64
	UserID    int64
	Author    string // username
	Text      string
	Status    string
	CreatedAt time.Time
}

// Rating is a shopper's 1–5 score of a product.
type Rating struct {
	ID        int64
	ProductID int64
	UserID    int64
	Username  string
	Value     int
	Status    string
	CreatedAt time.Time
}

// Verified reports whether the review is public.
func (r Review) Verified() bool { return r.Status == StatusApproved }

// Verified reports whether the rating is public.
func (r Rating) Verified() bool { return r.Status == StatusApproved }

// RatingStats sums the verified ratings of a product or store.
type RatingStats struct {
	Count int64
	Sum   int64
}

// Average is the mean rating in hundredths, rounded half up (4.333 → 433,
// 4.665 → 467), 0 without ratings. Integer arithmetic, so the databases'
// ORDER BY average_rating (AverageSQL) agrees with it exactly.
func (s RatingStats) Average() int64 {
	if s.Count == 0 {
		return 0
	}
	return (s.Sum*200 + s.Count) / (2 * s.Count)
}

// ProductDetail is a product with everything its public object shows.
type ProductDetail struct {
	Product
	// Category names and slugs from level 1 down; empty when absent.
	CategoryNames [MaxCategoryDepth]string
	CategorySlugs [MaxCategoryDepth]string
	Store         *Store
	Ratings       RatingStats
	ReviewsCount  int64
	// NewestReviews and NewestRatings are filled only when asked for.
	NewestReviews []Review
	NewestRatings []Rating
}

// CategoryIDs returns the product's three category levels (0 when absent).
func (p *Product) CategoryIDs() [MaxCategoryDepth]int64 {
	return [MaxCategoryDepth]int64{p.CategoryID, p.SubcategoryID, p.SubSubcategoryID}
}

// DetailOptions says which costly parts of ProductDetail to load.
type DetailOptions struct {
	Reviews, Ratings bool
	// Newest caps NewestReviews and NewestRatings.
	Newest int
}

// ProductOrder names a sortable product field.
type ProductOrder string

// The product list's ordering fields (contract §2.2 `ordering`).
const (
	OrderUnitPrice     ProductOrder = "unit_price"
	OrderDateCreated   ProductOrder = "date_created"
	OrderAverageRating ProductOrder = "average_rating"
	OrderName          ProductOrder = "name"
)

// OrderKey is one element of an explicit ordering.
type OrderKey struct {
	Field ProductOrder
	Desc  bool
}

// ProductQuery selects and orders a page of visible products. The service
// resolves slugs and visibility into ids before a store sees it.
type ProductQuery struct {
	// CategoryIDs filters by level (index 0 = category); 0 = any.
	CategoryIDs [MaxCategoryDepth]int64
	// Hidden names the categories and stores whose products are not visible.
	Hidden  Hidden
	StoreID int64 // 0 = any store
	// PriceAbove and PriceBelow are strict bounds in pesewas when set.
	PriceAbove, PriceBelow *Money
	InStock                bool
	// Terms are normalised search terms, the last one typed as a prefix;
	// nil means no search. Search orders by relevance, in stock first,
	// rating, id — unless Ordering is given.
	Terms    []string
	Ordering []OrderKey
	// Seed keys the shuffle used when there is neither search nor Ordering.
	Seed   int64
	Offset int
	Limit  int
}

// Hidden is what takes products out of shoppers' sight besides their own
// flag: categories that are inactive or under an inactive ancestor, and
// suspended stores.
type Hidden struct {
	Categories []int64
	Stores     []int64
}

// ProductPage is one page of ids, in order, and how many match in all.
type ProductPage struct {
	IDs   []int64
	Total int
}

// ShuffleKey is the keyed hash that orders the default product list: a
// multiplicative hash of id XOR seed, 32 bits. Stores compute the same in
// SQL, where XOR is spelled (a|b)-(a&b) because SQLite has no XOR; ids and
// seeds stay below 2^31, so no engine overflows.
func ShuffleKey(id, seed int64) int64 {
	return (id ^ seed) * 2654435761 % 4294967296
}

// MaxSeed is the largest shuffle seed a client may send.
const MaxSeed = 2147483647

// StoreSummary is a store with the mean of its products' verified ratings.
type StoreSummary struct {
	Store
	Ratings RatingStats
}
