package sqldb

import (
	"context"
	"encoding/binary"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"dwa/internal/shop"
)

// List cards: what a product list's card shows (the storefront's
// LIST_FIELDS: name, description, price, was-price, images, stock, rating
// and its count, whether the price varies), kept in memory for every
// product so that a page of a list reads no SQL. At a million products the
// page's details read from SQLite were most of an uncached list's CPU and
// what made it grow with the catalogue (decision 0016). The cards are
// filled from the same ProductDetails read as the database path, by the
// applier's goroutine: once in the background after each full build, then
// for the products of every change batch before its snapshot is published,
// so a card is never older than the changes the caches were told of.
// Product pages and lists asking for more than a card holds still read the
// database.

// cardChunk is the size of the arena's chunks: big enough that a chunk
// holds thousands of cards, small enough that growing the arena never
// copies it.
const cardChunk = 4 << 20

// cardFillBatch is how many products one background fill step reads: one
// detail read's worth (detailBatch), so every full batch runs the same
// prepared statements.
const cardFillBatch = detailBatch

// card is one product's card: the numbers inline, the strings and images
// encoded in the arena (name, description, then the images' ids and
// paths, each length-prefixed).
type card struct {
	chunk, off, n     uint32
	ratings, ratesSum uint32
	known, varies     bool
	price, was        shop.Money
	inventory         int64
}

// cardTable holds the cards, indexed by product id. Arena bytes are
// written once and never changed, so decoded strings point into them.
type cardTable struct {
	mu     sync.RWMutex
	rows   []card
	chunks [][]byte
	// live and dead are the arena bytes of current cards and of replaced
	// ones; past as many dead as live bytes the arena is rewritten.
	live, dead int
	// fills counts the completed background fills.
	fills int64
}

// reset forgets every card (a full build follows).
func (t *cardTable) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows, t.chunks, t.live, t.dead = nil, nil, 0, 0
}

// put stores the cards of ds.
func (t *cardTable) put(ds []*shop.ProductDetail) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var buf []byte
	for _, d := range ds {
		if d.ID <= 0 || d.ID > 1<<31 {
			continue // outside what an int32-sized table should hold: read from the database
		}
		buf = encodeCard(buf[:0], d)
		if int(d.ID) >= len(t.rows) {
			t.rows = append(t.rows, make([]card, int(d.ID)+1-len(t.rows))...)
		}
		old := &t.rows[d.ID]
		if old.known {
			t.dead += int(old.n)
			t.live -= int(old.n)
		}
		chunk, off := t.place(buf)
		*old = card{chunk: chunk, off: off, n: uint32(len(buf)), known: true,
			ratings: uint32(d.Ratings.Count), ratesSum: uint32(d.Ratings.Sum), varies: shop.PriceVaries(d.Variants),
			price: d.UnitPrice, was: d.WasPrice, inventory: int64(d.Inventory)}
		t.live += len(buf)
	}
	if t.dead > t.live && t.dead > cardChunk {
		t.rewrite()
	}
}

// place appends b to the arena, in a chunk of its own when it is larger
// than a chunk; callers hold mu.
func (t *cardTable) place(b []byte) (chunk, off uint32) {
	last := len(t.chunks) - 1
	if last < 0 || len(t.chunks[last])+len(b) > cap(t.chunks[last]) {
		t.chunks = append(t.chunks, make([]byte, 0, max(cardChunk, len(b))))
		last++
	}
	off = uint32(len(t.chunks[last]))
	t.chunks[last] = append(t.chunks[last], b...)
	return uint32(last), off
}

// rewrite copies the current cards into a new arena, leaving the replaced
// ones behind; strings already handed out keep their old chunks alive.
// Callers hold mu.
func (t *cardTable) rewrite() {
	old := t.chunks
	t.chunks = nil
	for i := range t.rows {
		c := &t.rows[i]
		if c.known {
			c.chunk, c.off = t.place(old[c.chunk][c.off : c.off+c.n])
		}
	}
	t.dead = 0
}

// get returns the cards of ids as details holding only a card's fields,
// nil for products without a card yet.
func (t *cardTable) get(ids []int64) []*shop.ProductDetail {
	out := make([]*shop.ProductDetail, len(ids))
	t.mu.RLock()
	defer t.mu.RUnlock()
	for i, id := range ids {
		if id <= 0 || id >= int64(len(t.rows)) || !t.rows[id].known {
			continue
		}
		c := &t.rows[id]
		d := &shop.ProductDetail{Ratings: shop.RatingStats{Count: int64(c.ratings), Sum: int64(c.ratesSum)},
			VariesInPrice: c.varies}
		d.ID, d.UnitPrice, d.WasPrice, d.Inventory = id, c.price, c.was, int(c.inventory)
		decodeCard(t.chunks[c.chunk][c.off:c.off+c.n], d)
		out[i] = d
	}
	return out
}

// size is the memory the cards hold: the table and the arena's chunks.
func (t *cardTable) size() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n := cap(t.rows) * int(unsafe.Sizeof(card{}))
	for _, c := range t.chunks {
		n += cap(c)
	}
	return n
}

func encodeCard(b []byte, d *shop.ProductDetail) []byte {
	b = appendString(b, d.Name)
	b = appendString(b, d.Description)
	b = binary.AppendUvarint(b, uint64(len(d.Images)))
	for i, img := range d.Images {
		var id int64
		if i < len(d.ImageIDs) {
			id = d.ImageIDs[i]
		}
		b = binary.AppendVarint(b, id)
		b = appendString(b, img)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// decodeCard reads what encodeCard wrote; the strings share the arena.
func decodeCard(b []byte, d *shop.ProductDetail) {
	d.Name, b = readString(b)
	d.Description, b = readString(b)
	n, k := binary.Uvarint(b)
	b = b[k:]
	if n == 0 {
		return
	}
	d.Images, d.ImageIDs = make([]string, n), make([]int64, n)
	for i := range d.Images {
		id, k := binary.Varint(b)
		d.ImageIDs[i] = id
		d.Images[i], b = readString(b[k:])
	}
}

func readString(b []byte) (string, []byte) {
	n, k := binary.Uvarint(b)
	b = b[k:]
	if n == 0 {
		return "", b
	}
	return unsafe.String(&b[0], int(n)), b[n:]
}

// loadCards reads the details of ids from the database on c and keeps
// their cards.
func (a *catalogue) loadCards(ctx context.Context, c conn, ids []int64) error {
	for start := 0; start < len(ids); start += cardFillBatch {
		ds, err := a.details(ctx, c, ids[start:min(start+cardFillBatch, len(ids))])
		if err != nil {
			return err
		}
		a.cards.put(ds)
	}
	return nil
}

// fillCards reads the cards of the next batch of products after a full
// build, and ends the fill once every product has one.
func (a *catalogue) fillCards(ctx context.Context) error {
	ids, err := a.db.background().ids(ctx, `SELECT id FROM products WHERE id > ? ORDER BY id LIMIT `+
		strconv.Itoa(cardFillBatch), a.fillAfter)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		a.filling = false
		a.cards.mu.Lock()
		a.cards.fills++
		a.cards.mu.Unlock()
		a.log.Info("catalogue: list cards filled", "products", a.fillAfter, "bytes", a.cards.size(),
			"took", time.Since(a.fillStart).Round(time.Millisecond))
		return nil
	}
	if err := a.loadCards(ctx, a.db.background(), ids); err != nil {
		return err
	}
	a.fillAfter = ids[len(ids)-1]
	return nil
}

// ProductCards returns the list cards of ids, in order, nil for the
// products this instance has no card of yet (they are read from the
// database). A card carries only what a list card shows: the product's
// name, description, price, was-price, images, stock, verified rating
// figures and whether its price varies (ProductDetail.VariesInPrice).
func (s *Store) ProductCards(ids []int64) []*shop.ProductDetail {
	return s.cat.cards.get(ids)
}

// CardFills counts the completed background fills of the list cards (one
// after each full build), for /metrics.
func (s *Store) CardFills() int64 {
	s.cat.cards.mu.RLock()
	defer s.cat.cards.mu.RUnlock()
	return s.cat.cards.fills
}

// CardBytes is the memory the list cards hold.
func (s *Store) CardBytes() int64 { return int64(s.cat.cards.size()) }
