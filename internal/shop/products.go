package shop

import (
	"math/bits"
	"strings"
	"time"
)

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
	// Options and Variants: none for a product without options. Variants
	// whose combination the seller removed are not listed.
	Options  []ProductOption
	Variants []Variant
	// VariesInPrice is PriceVaries of the variants, for a list card,
	// which carries no variants.
	VariesInPrice bool
}

// PriceVaries reports whether the product's active variants differ in
// price.
func (d *ProductDetail) PriceVaries() bool { return d.VariesInPrice || PriceVaries(d.Variants) }

// CategoryIDs returns the product's three category levels (0 when absent).
func (p *Product) CategoryIDs() [MaxCategoryDepth]int64 {
	return [MaxCategoryDepth]int64{p.CategoryID, p.SubcategoryID, p.SubSubcategoryID}
}

// DetailOptions says which costly parts of ProductDetail to load. It is
// part of the key of the service's kept details, so it stays comparable.
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
	// OrderDiscount is the deal's percent off (0 without a deal).
	OrderDiscount ProductOrder = "discount"
	// OrderSold is the units in paid orders.
	OrderSold ProductOrder = "sold"
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
	Hidden Hidden
	// StoreIDs keeps the products of any of these stores; none = any.
	StoreIDs []int64
	// PriceAbove and PriceBelow are strict bounds in pesewas when set.
	PriceAbove, PriceBelow *Money
	InStock                bool
	// Brands keeps the products of any of these brands (BrandKey form);
	// none = any brand.
	Brands []string
	// MinRating keeps products whose verified average, in hundredths, is
	// at least this; 0 = any.
	MinRating int
	// OnSale keeps products with a deal (a price before it above the
	// price).
	OnSale bool
	// Options keeps products one of whose active variants has, for every
	// name given, one of its values (in stock, with InStock); names and
	// values compare in OptionKey form.
	Options []OptionFilter
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

// ProductFacets counts the products of a query by the values of each
// filter the storefront offers. Each facet is counted with every other
// filter of the query applied, but not its own (docs/decisions/0021).
type ProductFacets struct {
	// Total is how many products pass every filter.
	Total int
	// Stores and Brands are the values with the most products, most first
	// (then by id or name), at most the index's bound, plus the chosen ones.
	Stores []StoreCount
	Brands []BrandCount
	// Ratings[i] counts the products rated at least i+1 (in whole stars).
	Ratings [5]int
	InStock int
	OnSale  int
	// MinPrice and MaxPrice span the prices; both 0 when nothing passes.
	MinPrice, MaxPrice Money
	// Options are the option names with two values or more (or chosen),
	// each counted with every filter but the option's own.
	Options []OptionFacet
	// Categories is the category chain the list is of (0 for none): what
	// a product must be in to move a count.
	Categories [MaxCategoryDepth]int64
}

// StoreCount is a store facet value.
type StoreCount struct {
	ID    int64
	Name  string
	Count int
}

// OptionFilter is one chosen option value.
type OptionFilter struct{ Name, Value string }

// OptionFacet is an option name and its values with their counts.
type OptionFacet struct {
	Name   string
	Values []OptionValueCount
}

// OptionValueCount is an option facet value.
type OptionValueCount struct {
	Value string
	Count int
}

// BrandCount is a brand facet value: its name as first written, and count.
type BrandCount struct {
	Name  string
	Count int
}

// BrandKey is the form brands are compared in: case and spacing aside
// ("  SAMSUNG " and "Samsung" are one brand).
func BrandKey(brand string) string {
	return strings.ToLower(strings.Join(strings.Fields(brand), " "))
}

// Discount is a deal's percent off, rounded, at least 1 and at most 99; 0
// without a deal (was not above price).
func Discount(price, was Money) int {
	if was <= price || was <= 0 || price < 0 {
		return 0
	}
	pct := int((int64(was-price)*200 + int64(was)) / (2 * int64(was)))
	return min(max(pct, 1), 99)
}

// ProductPage is one page of ids, in order, and how many match in all.
type ProductPage struct {
	IDs   []int64
	Total int
}

// The seeded shuffle of the default product list is a permutation of the
// id domain [0, 2^bits): products are listed by ShufflePosition(id, seed,
// bits), where bits = ShuffleBits(largest product id). Being a bijection
// with a cheap inverse (ShuffleID), it lets a list walk positions 0, 1, 2…
// and find the product at each without sorting the catalogue. Positions
// are distinct, so there are no ties.
//
// It has two stages. ShuffleSpread, the same for every seed, scatters the
// ids over the domain; its upper half names one of 2^(bits/2) blocks, so a
// block is a fixed pseudo-random set of about √domain ids. Then the seed
// permutes the blocks, and within each block the lower halves (keyed by
// the seed and the block): a block's products take consecutive positions.
// An index that keeps a category's products sorted by ShuffleSpread finds
// the products of a block by halving, so a filtered page visits a few
// blocks, not the catalogue. The domain changes (and so the whole order)
// only when the largest id crosses a power of 4. Every stage is a keyed
// Feistel network with a splitmix64-style round function.

// ShuffleBits is the width of the shuffle domain for a catalogue whose
// largest product id is maxID: its bit length rounded up to an even number
// (blocks and positions within them have equal widths), at least 10.
func ShuffleBits(maxID int64) int {
	m := bits.Len64(uint64(max(maxID, 0)))
	return max(m+m&1, 10)
}

// ShufflePosition is id's place in the seeded shuffle over [0, 2^bits);
// id must be in that domain and bits even.
func ShufflePosition(id, seed int64, bits int) int64 {
	return NewShuffle(seed, bits).Position(id)
}

// ShuffleID inverts ShufflePosition: the id at position pos.
func ShuffleID(pos, seed int64, bits int) int64 {
	return NewShuffle(seed, bits).ID(pos)
}

// ShuffleSpread is the seed-independent first stage of the shuffle: its
// upper bits/2 bits are id's block.
func ShuffleSpread(id int64, bits int) int64 {
	return int64(permute(uint64(id), spreadKey, uint(bits), false))
}

// ShuffleUnspread inverts ShuffleSpread.
func ShuffleUnspread(spread int64, bits int) int64 {
	return int64(permute(uint64(spread), spreadKey, uint(bits), true))
}

// Shuffle is the seeded shuffle of one domain, its keys computed once, with
// the block structure exposed for indexes that walk it by block.
type Shuffle struct {
	bits, half uint
	seed       int64
	blockKey   uint64
}

// NewShuffle prepares the shuffle of seed over [0, 2^bits), bits even.
func NewShuffle(seed int64, bits int) Shuffle {
	return Shuffle{bits: uint(bits), half: uint(bits / 2), seed: seed, blockKey: seedKey(seed, 0)}
}

// Half is the width of a block number and of a position within a block.
func (s Shuffle) Half() int { return int(s.half) }

// Position is ShufflePosition.
func (s Shuffle) Position(id int64) int64 {
	return s.PositionOfSpread(ShuffleSpread(id, int(s.bits)))
}

// PositionOfSpread is the position of the id whose ShuffleSpread is spread.
func (s Shuffle) PositionOfSpread(spread int64) int64 {
	block, within := spread>>s.half, spread&(1<<s.half-1)
	return int64(permute(uint64(block), s.blockKey, s.half, false)<<s.half |
		permute(uint64(within), seedKey(s.seed, block+1), s.half, false))
}

// ID is ShuffleID.
func (s Shuffle) ID(pos int64) int64 {
	block := s.BlockAt(pos >> s.half)
	within := int64(permute(uint64(pos&(1<<s.half-1)), seedKey(s.seed, block+1), s.half, true))
	return ShuffleUnspread(block<<s.half|within, int(s.bits))
}

// BlockAt is the block (upper half of ShuffleSpread) whose ids take the
// positions [n << Half, (n+1) << Half).
func (s Shuffle) BlockAt(n int64) int64 {
	return int64(permute(uint64(n), s.blockKey, s.half, true))
}

const spreadKey = 0x243f6a8885a308d3

func seedKey(seed, tweak int64) uint64 {
	return mix64(uint64(seed)*0x9e3779b97f4a7c15 ^ uint64(tweak)*0xc2b2ae3d27d4eb4f)
}

// permute is a keyed bijection of [0, 2^width): a balanced 4-round
// Feistel network over 2⌈width/2⌉ bits, applied again while the result is
// out of range (cycle walking) when width is odd; inverse undoes it.
func permute(x, key uint64, width uint, inverse bool) uint64 {
	half := (width + 1) / 2
	mask := uint64(1)<<half - 1
	for {
		l, r := x>>half, x&mask
		if inverse {
			for round := uint64(shuffleRounds); round > 0; round-- {
				l, r = r^mix64(l+key+round*0xd1b54a32d192ed03)&mask, l
			}
		} else {
			for round := uint64(1); round <= shuffleRounds; round++ {
				l, r = r, l^mix64(r+key+round*0xd1b54a32d192ed03)&mask
			}
		}
		x = l<<half | r
		if x>>width == 0 {
			return x
		}
	}
}

const shuffleRounds = 4

// mix64 is splitmix64's finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// MaxSeed is the largest shuffle seed a client may send.
const MaxSeed = 2147483647

// StoreSummary is a store with the mean of its products' verified ratings.
type StoreSummary struct {
	Store
	Ratings RatingStats
}
