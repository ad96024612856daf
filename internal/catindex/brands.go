package catindex

import (
	"sync"

	"dwa/internal/shop"
)

// brandDict numbers brands (by shop.BrandKey) from 1, so that attrs keep a
// product's brand in four bytes and the brand facet counts in a slice. It
// only grows: every snapshot of one build shares it, and a number once
// given keeps its brand. Apply and Builder.Add intern; queries look up.
type brandDict struct {
	mu    sync.RWMutex
	ids   map[string]int32
	names []string // number n's name, as first met, at n-1
}

func newBrandDict() *brandDict { return &brandDict{ids: map[string]int32{}} }

// intern returns the brand's number, giving it the next one if new; 0 for
// no brand.
func (d *brandDict) intern(brand string) int32 {
	key := shop.BrandKey(brand)
	if key == "" {
		return 0
	}
	d.mu.RLock()
	id, ok := d.ids[key]
	d.mu.RUnlock()
	if ok {
		return id
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if id, ok := d.ids[key]; ok {
		return id
	}
	d.names = append(d.names, brand)
	id = int32(len(d.names))
	d.ids[key] = id
	return id
}

// lookup returns the brand's number, -1 when no product ever had it.
func (d *brandDict) lookup(brand string) int32 {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if id, ok := d.ids[shop.BrandKey(brand)]; ok {
		return id
	}
	return -1
}

// name returns number id's brand ("" for 0).
func (d *brandDict) name(id int32) string {
	if id <= 0 {
		return ""
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.names[id-1]
}

// size is how many numbers have been given.
func (d *brandDict) size() int {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return len(d.names)
}
