package catindex

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"dwa/internal/shop"
)

// Product is what the index knows of one product: what lists filter and
// order by, and its search document.
type Product struct {
	ID         int64
	Active     bool
	Categories [shop.MaxCategoryDepth]int64 // 0 = missing level
	Store      int64                        // 0 = none
	Price      int64                        // pesewas
	Created    int64                        // unix ms
	Name       string
	InStock    bool  // inventory > 0
	Avg100     int32 // verified mean rating in hundredths, 0 if none
	Brand      string
	WasPrice   int64 // the price before a deal, 0 if none
	Sold       int64 // units in paid orders
	Tokens     string
	// Options is the product's options and active variants as
	// OptionsDocument wrote them, "" without options.
	Options string
}

// MaxID bounds product, category and store ids: the index keeps them in
// 31 bits.
const MaxID = math.MaxInt32

func (p *Product) place() shop.ProductPlace {
	return shop.ProductPlace{Categories: p.Categories, Store: p.Store}
}

func (p *Product) check() error {
	if p.ID <= 0 || p.ID > MaxID {
		return fmt.Errorf("catalogue index: product id %d out of range", p.ID)
	}
	if p.Store < 0 || p.Store > MaxID || slices.ContainsFunc(p.Categories[:], func(c int64) bool { return c < 0 || c > MaxID }) {
		return fmt.Errorf("catalogue index: product %d: category or store id out of range", p.ID)
	}
	if p.Avg100 < 0 || p.Avg100 > 500 {
		return fmt.Errorf("catalogue index: product %d: average rating %d out of range", p.ID, p.Avg100)
	}
	if p.WasPrice < 0 || p.Sold < 0 {
		return fmt.Errorf("catalogue index: product %d: negative price before the deal or units sold", p.ID)
	}
	return nil
}

// field numbers the orderable attributes (shop.ProductOrder).
type field uint8

const (
	fieldPrice field = iota
	fieldCreated
	fieldAvg
	fieldName
	fieldDiscount
	fieldSold
	numFields
)

func fieldOf(o shop.ProductOrder) field {
	switch o {
	case shop.OrderUnitPrice:
		return fieldPrice
	case shop.OrderDateCreated:
		return fieldCreated
	case shop.OrderAverageRating:
		return fieldAvg
	case shop.OrderDiscount:
		return fieldDiscount
	case shop.OrderSold:
		return fieldSold
	}
	return fieldName
}

// item is one product as a query sees it: a base document (e == nil) or a
// delta entry.
type item struct {
	doc int32
	e   *entry
}

func (x *Index) id(it item) int64 {
	if it.e != nil {
		return it.e.ID
	}
	return int64(x.b.ids[it.doc])
}

func (x *Index) value(f field, it item) int64 {
	if it.e != nil {
		switch f {
		case fieldPrice:
			return it.e.Price
		case fieldCreated:
			return it.e.Created
		case fieldDiscount:
			return int64(it.e.a.disc)
		case fieldSold:
			return it.e.Sold
		}
		return int64(it.e.Avg100)
	}
	return x.b.value(f, it.doc)
}

func (x *Index) name(it item) []byte {
	if it.e != nil {
		return it.e.name
	}
	return x.b.name(it.doc)
}

// compareField orders two items by one field, ascending.
func (x *Index) compareField(f field, a, b item) int {
	if f == fieldName {
		return bytes.Compare(x.name(a), x.name(b))
	}
	return cmp.Compare(x.value(f, a), x.value(f, b))
}

// orderKey is one compiled element of an explicit ordering.
type orderKey struct {
	f    field
	desc bool
}

func compileOrdering(ks []shop.OrderKey) []orderKey {
	out := make([]orderKey, len(ks))
	for i, k := range ks {
		out[i] = orderKey{fieldOf(k.Field), k.Desc}
	}
	return out
}

// compare orders two items by keys, then id ascending (SQL's ORDER BY
// …, id).
func (x *Index) compare(keys []orderKey, a, b item) int {
	for _, k := range keys {
		c := x.compareField(k.f, a, b)
		if k.desc {
			c = -c
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(x.id(a), x.id(b))
}

// filter is a query's filters and visibility, compiled.
type filter struct {
	cats            [shop.MaxCategoryDepth]int64
	stores          idSet // the stores to keep, none = any
	above, below    int64 // strict bounds
	inStock, onSale bool
	minAvg          int16
	// brands: the brand numbers (brandDict) to keep, none = any; an
	// unknown brand is -1, which no product has.
	brands               idSet
	opts                 *optFilter // nil = no option filter
	hiddenCats, hiddenSt idSet
	key                  string // identifies the filter set in the count memo
}

func (x *Index) compileFilter(q *shop.ProductQuery) *filter {
	f := &filter{cats: q.CategoryIDs, stores: newIDSet(q.StoreIDs), above: math.MinInt64, below: math.MaxInt64,
		inStock: q.InStock, onSale: q.OnSale, minAvg: int16(min(max(q.MinRating, 0), 500)),
		hiddenCats: newIDSet(q.Hidden.Categories), hiddenSt: newIDSet(q.Hidden.Stores)}
	if q.PriceAbove != nil {
		f.above = int64(*q.PriceAbove)
	}
	if q.PriceBelow != nil {
		f.below = int64(*q.PriceBelow)
	}
	if len(q.Brands) > 0 {
		ids := make([]int64, len(q.Brands))
		for i, b := range q.Brands {
			ids[i] = int64(x.brands.lookup(b))
		}
		f.brands = newIDSet(ids)
	}
	f.opts = x.compileOptions(q.Options)
	f.key = f.makeKey()
	return f
}

// makeKey identifies the filter set in the count memo.
func (f *filter) makeKey() string {
	key := make([]byte, 0, 64)
	for _, v := range append(f.cats[:], f.above, f.below, int64(f.minAvg)) {
		key = strconv.AppendInt(key, v, 10)
		key = append(key, ',')
	}
	key = strconv.AppendBool(key, f.inStock)
	key = strconv.AppendBool(key, f.onSale)
	for _, set := range [][]int64{f.hiddenCats.ids, f.hiddenSt.ids, f.brands.ids, f.stores.ids} {
		key = append(key, '|')
		for _, v := range set {
			key = strconv.AppendInt(key, v, 10)
			key = append(key, ',')
		}
	}
	return string(f.opts.appendKey(key))
}

// pass applies the filter to one product: active, in none of the hidden
// categories (any level) nor of a hidden store, and passing every filter
// that is set.
func (f *filter) pass(a *attrs) bool {
	if a.flags&flagActive == 0 || (f.inStock && a.flags&flagInStock == 0) || a.price <= f.above ||
		a.price >= f.below || (len(f.stores.ids) > 0 && !f.stores.contains(int64(a.store))) || (f.onSale && a.disc == 0) ||
		a.avg < f.minAvg || (len(f.brands.ids) > 0 && !f.brands.contains(int64(a.brand))) {
		return false
	}
	for i, id := range a.cats {
		if f.cats[i] != 0 && int64(id) != f.cats[i] {
			return false
		}
	}
	if f.hiddenSt.contains(int64(a.store)) {
		return false
	}
	if len(f.hiddenCats.ids) > 0 {
		for _, id := range a.cats {
			if f.hiddenCats.contains(int64(id)) {
				return false
			}
		}
	}
	return true
}

func (x *Index) passes(f *filter, it item) bool {
	if it.e != nil {
		return f.pass(&it.e.a) && f.passOptions(it.e.opts)
	}
	return f.pass(&x.b.attrs[it.doc]) && (f.opts == nil || f.passOptions(x.options(it)))
}

// idSet is a small set of ids: sorted, searched in halves.
type idSet struct{ ids []int64 }

func newIDSet(ids []int64) idSet {
	s := slices.Clone(ids)
	slices.Sort(s)
	return idSet{slices.Compact(s)}
}

func (s idSet) contains(id int64) bool {
	if len(s.ids) <= 8 {
		return slices.Contains(s.ids, id)
	}
	_, ok := slices.BinarySearch(s.ids, id)
	return ok
}
