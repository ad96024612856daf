package catindex

import (
	"bytes"
	"cmp"
	"hash/maphash"
	"slices"

	"dwa/internal/search"
	"dwa/internal/shop"
)

const (
	flagActive uint8 = 1 << iota
	flagInStock
	flagOptions // the product has options: its words are in base.opts
)

// attrs is what filters read, packed in half a cache line: a probe of the
// shuffle walk reads one.
type attrs struct {
	price int64
	cats  [shop.MaxCategoryDepth]int32
	store int32
	avg   int16
	flags uint8
	disc  uint8 // the deal's percent off (shop.Discount), 0 = none
	brand int32 // brandDict number, 0 = none
}

func attrsOf(p *Product, brands *brandDict) attrs {
	a := attrs{price: p.Price, store: int32(p.Store), avg: int16(p.Avg100),
		disc: uint8(shop.Discount(shop.Money(p.Price), shop.Money(p.WasPrice))), brand: brands.intern(p.Brand)}
	for l, c := range p.Categories {
		a.cats[l] = int32(c)
	}
	if p.Active {
		a.flags |= flagActive
	}
	if p.InStock {
		a.flags |= flagInStock
	}
	if p.Options != "" {
		a.flags |= flagOptions
	}
	return a
}

// blockBits: when ids are sparse, the id → document lookup keeps, per
// block of 2^blockBits ids, the first document at or after it, then halves
// within the block.
const blockBits = 8

// base is the immutable bulk of an index, built once by a Builder or by
// Compact: per document (numbered in id order) its attributes, names in
// one arena, a hash of its search document and a search.MemIndex over
// them; and the lists of documents a query walks — every document, and
// those of each category (any level) and of each store — each sorted by
// shop.ShuffleSpread and by every orderable field.
type base struct {
	ids     []int32 // document → id, ascending
	attrs   []attrs
	created []int64
	was     []int64 // price before the deal, 0 = none
	sold    []int64
	nameEnd []uint32 // name of d: arena[nameEnd[d-1]:nameEnd[d]] (0 for d = 0)
	arena   []byte
	tokHash []uint64 // tells whether a change altered the search document
	text    *search.MemIndex
	opts    optTable // option words of the documents with options

	bits    int // the shuffle domain the lists' spread order is for
	all     *list
	byCat   [shop.MaxCategoryDepth]map[int64]*list
	byStore map[int64]*list
	// maxStore is the largest store id.
	maxStore int64

	// id → document: docOf[id]-1 when ids are dense (0 = absent), else
	// blocks.
	docOf  []int32
	blocks []int32
}

// list is a set of base documents in the orders queries walk.
type list struct {
	// The shop.ShuffleSpread of each member's id, ascending: the members
	// of a shuffle block are a range, found by halving.
	spread []uint32
	orders [numFields][]int32 // documents by (field, id)
	number int32              // while finish builds the lists
}

func (b *base) len() int { return len(b.ids) }

// value is document d's numeric field f.
func (b *base) value(f field, d int32) int64 {
	switch f {
	case fieldPrice:
		return b.attrs[d].price
	case fieldCreated:
		return b.created[d]
	case fieldDiscount:
		return int64(b.attrs[d].disc)
	case fieldSold:
		return b.sold[d]
	}
	return int64(b.attrs[d].avg)
}

func (b *base) name(d int32) []byte {
	start := uint32(0)
	if d > 0 {
		start = b.nameEnd[d-1]
	}
	return b.arena[start:b.nameEnd[d]:b.nameEnd[d]]
}

func (b *base) maxID() int64 {
	if len(b.ids) == 0 {
		return 0
	}
	return int64(b.ids[len(b.ids)-1])
}

// doc finds the document of id.
func (b *base) doc(id int64) (int32, bool) {
	if b.docOf != nil {
		if id <= 0 || id >= int64(len(b.docOf)) || b.docOf[id] == 0 {
			return 0, false
		}
		return b.docOf[id] - 1, true
	}
	blk := id >> blockBits
	if id <= 0 || blk+1 >= int64(len(b.blocks)) {
		return 0, false
	}
	lo, hi := b.blocks[blk], b.blocks[blk+1]
	i, ok := slices.BinarySearch(b.ids[lo:hi], int32(id))
	return lo + int32(i), ok
}

// product rebuilds document d's Product, without its tokens; its brand
// as the dictionary first met it.
func (b *base) product(d int32, brands *brandDict) Product {
	a := &b.attrs[d]
	p := Product{ID: int64(b.ids[d]), Active: a.flags&flagActive != 0, Store: int64(a.store), Price: a.price,
		Created: b.created[d], Name: string(b.name(d)), InStock: a.flags&flagInStock != 0, Avg100: int32(a.avg),
		Brand: brands.name(a.brand), WasPrice: b.was[d], Sold: b.sold[d]}
	for l, c := range a.cats {
		p.Categories[l] = int64(c)
	}
	return p
}

var tokenSeed = maphash.MakeSeed()

func tokenHash(encoded string) uint64 { return maphash.String(tokenSeed, encoded) }

// baseBuilder appends documents to a base, in document order.
type baseBuilder struct {
	b    *base
	text *search.Builder
}

func newBaseBuilder(capacity int) *baseBuilder {
	return &baseBuilder{b: &base{
		ids: make([]int32, 0, capacity), attrs: make([]attrs, 0, capacity), created: make([]int64, 0, capacity),
		was: make([]int64, 0, capacity), sold: make([]int64, 0, capacity), nameEnd: make([]uint32, 0, capacity), tokHash: make([]uint64, 0, capacity),
	}, text: search.NewBuilder()}
}

// add appends a document; the caller adds its tokens under the number
// returned.
func (bb *baseBuilder) add(id int64, a attrs, x docExtra, name []byte, tokHash uint64) int32 {
	b := bb.b
	b.ids = append(b.ids, int32(id))
	b.attrs = append(b.attrs, a)
	b.created = append(b.created, x.created)
	b.was = append(b.was, x.was)
	b.sold = append(b.sold, x.sold)
	b.arena = append(b.arena, name...)
	b.nameEnd = append(b.nameEnd, uint32(len(b.arena)))
	b.tokHash = append(b.tokHash, tokHash)
	return int32(len(b.ids) - 1)
}

// docExtra is what a document keeps beside its attrs.
type docExtra struct{ created, was, sold int64 }

func extraOf(p *Product) docExtra { return docExtra{p.Created, p.WasPrice, p.Sold} }

func (b *base) extra(d int32) docExtra { return docExtra{b.created[d], b.was[d], b.sold[d]} }

// finishText completes the token index of the documents added.
func (bb *baseBuilder) finishText() *base {
	bb.b.text = bb.text.Index(len(bb.b.ids))
	bb.text = nil
	return bb.b
}

// finish builds what is derived from the documents of b (finishText's),
// which must be in id order: the lookup and the lists. Each list's orders
// come from distributing the global orders, so only those are sorted.
func finish(b *base) *base {
	n := len(b.ids)
	b.bits = shop.ShuffleBits(b.maxID())
	b.indexIDs()

	// Per document, the lists it belongs to: one per category level and
	// its store (-1 for none).
	var lists []*list
	var sizes []int
	member := make([][shop.MaxCategoryDepth + 1]int32, n)
	find := func(m map[int64]*list, id int64) int32 {
		if id == 0 {
			return -1
		}
		l, ok := m[id]
		if !ok {
			l = &list{number: int32(len(lists))}
			m[id] = l
			lists = append(lists, l)
			sizes = append(sizes, 0)
		}
		return l.number
	}
	for l := range shop.MaxCategoryDepth {
		b.byCat[l] = map[int64]*list{}
	}
	b.byStore = map[int64]*list{}
	for d := range n {
		a := &b.attrs[d]
		for l, c := range a.cats {
			member[d][l] = find(b.byCat[l], int64(c))
		}
		member[d][shop.MaxCategoryDepth] = find(b.byStore, int64(a.store))
		b.maxStore = max(b.maxStore, int64(a.store))
		for _, i := range member[d] {
			if i >= 0 {
				sizes[i]++
			}
		}
	}
	distribute := func(order []int32, pick func(*list) *[]int32) {
		for i, l := range lists {
			*pick(l) = make([]int32, 0, sizes[i])
		}
		for _, d := range order {
			for _, i := range member[d] {
				if i >= 0 {
					p := pick(lists[i])
					*p = append(*p, d)
				}
			}
		}
	}
	b.all = &list{}
	keys := b.spreadKeys()
	b.all.spread = make([]uint32, len(keys))
	for i, l := range lists {
		l.spread = make([]uint32, 0, sizes[i])
	}
	for i, k := range keys {
		b.all.spread[i] = uint32(k >> 32)
		for _, j := range member[uint32(k)] {
			if j >= 0 {
				lists[j].spread = append(lists[j].spread, uint32(k>>32))
			}
		}
	}
	for f := range numFields {
		b.all.orders[f] = b.fieldOrder(f)
		distribute(b.all.orders[f], func(l *list) *[]int32 { return &l.orders[f] })
	}
	return b
}

// indexIDs builds the id → document lookup: a dense table when ids fill
// at least half their range, else the block index.
func (b *base) indexIDs() {
	n, maxID := len(b.ids), b.maxID()
	if maxID <= 2*int64(n)+1024 {
		b.docOf = make([]int32, maxID+1)
		for d, id := range b.ids {
			b.docOf[id] = int32(d) + 1
		}
		return
	}
	blocks := int(maxID>>blockBits) + 2
	b.blocks = make([]int32, blocks)
	d := 0
	for blk := range blocks {
		for d < n && int64(b.ids[d])>>blockBits < int64(blk) {
			d++
		}
		b.blocks[blk] = int32(d)
	}
}

// spreadKeys returns shop.ShuffleSpread(id) << 32 | document for every
// document, ascending.
func (b *base) spreadKeys() []uint64 {
	keys := make([]uint64, len(b.ids))
	for d, id := range b.ids {
		keys[d] = uint64(shop.ShuffleSpread(int64(id), b.bits))<<32 | uint64(d)
	}
	slices.Sort(keys)
	return keys
}

// fieldOrder returns every document by (field, id); documents are in id
// order, so by (field, document).
func (b *base) fieldOrder(f field) []int32 {
	order := make([]int32, len(b.ids))
	if f == fieldName {
		for d := range order {
			order[d] = int32(d)
		}
		slices.SortFunc(order, func(a, c int32) int { return cmp.Or(bytes.Compare(b.name(a), b.name(c)), cmp.Compare(a, c)) })
		return order
	}
	type pair struct {
		v int64
		d int32
	}
	pairs := make([]pair, len(b.ids))
	for d := range pairs {
		pairs[d] = pair{b.value(f, int32(d)), int32(d)}
	}
	slices.SortFunc(pairs, func(a, c pair) int { return cmp.Or(cmp.Compare(a.v, c.v), cmp.Compare(a.d, c.d)) })
	for i, p := range pairs {
		order[i] = p.d
	}
	return order
}
