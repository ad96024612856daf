package catindex

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"dwa/internal/shop"
)

// Option values as filters and facets (issue 24; decisions 0021, 0029).
//
// A product with options keeps its option names and, per active variant,
// the values and whether it is in stock, as numbers of a dictionary shared
// by the snapshots of one build: k (the options), the k name numbers, then
// k pair numbers per variant, the first with optInStock set when the
// variant is in stock. A phone of 3 storages × 4 colours is 27 words (108
// bytes) plus 8 in the base's table; a product without options keeps
// nothing and is skipped by its flagOptions bit.
//
// Option filters match the same variant: "Storage 256 GB and Colour Blue"
// keeps a phone only if one active variant has both (values of one name:
// any of them), and in stock when the stock filter is on.

// optInStock marks the first pair of an in-stock variant.
const optInStock = 1 << 31

// Bounds of the option facets: the names with the most products, and the
// values of each with the most products (chosen ones besides).
const (
	MaxOptionFacets      = 4
	MaxOptionFacetValues = 20
)

// OptionVariant is one active variant as the index takes it.
type OptionVariant struct {
	Values  []string // one per option, in option order
	InStock bool
}

// OptionsDocument encodes a product's option names and active variants as
// Product.Options: "" without options. Variants whose values do not match
// the names are left out.
func OptionsDocument(names []string, variants []OptionVariant) string {
	if len(names) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(strings.Join(names, "\x1f"))
	for _, v := range variants {
		if len(v.Values) != len(names) {
			continue
		}
		b.WriteString("\x1e")
		if v.InStock {
			b.WriteByte('+')
		} else {
			b.WriteByte('-')
		}
		b.WriteString(strings.Join(v.Values, "\x1f"))
	}
	return b.String()
}

// optDict numbers option names (by shop.OptionKey) and (name, value) pairs
// from 1. Like brandDict it only grows and every snapshot of one build
// shares it; Apply and Builder.Add intern, queries look up.
type optDict struct {
	mu        sync.RWMutex
	nameIDs   map[string]int32
	names     []string // name n as first met, at n-1
	pairIDs   map[string]int32
	pairName  []int32  // pair p's name number, at p-1
	pairValue []string // pair p's value as first met, at p-1
}

func newOptDict() *optDict { return &optDict{nameIDs: map[string]int32{}, pairIDs: map[string]int32{}} }

func pairKey(name int32, value string) string {
	return strconv.Itoa(int(name)) + "\x1f" + shop.OptionKey(value)
}

func (d *optDict) internName(name string) int32 {
	key := shop.OptionKey(name)
	if id, ok := d.nameIDs[key]; ok {
		return id
	}
	d.names = append(d.names, name)
	d.nameIDs[key] = int32(len(d.names))
	return int32(len(d.names))
}

func (d *optDict) internPair(name int32, value string) int32 {
	key := pairKey(name, value)
	if id, ok := d.pairIDs[key]; ok {
		return id
	}
	d.pairName = append(d.pairName, name)
	d.pairValue = append(d.pairValue, value)
	d.pairIDs[key] = int32(len(d.pairName))
	return int32(len(d.pairName))
}

// encode returns the words of an OptionsDocument (nil for "").
func (d *optDict) encode(doc string) []uint32 {
	if doc == "" {
		return nil
	}
	parts := strings.Split(doc, "\x1e")
	names := strings.Split(parts[0], "\x1f")
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]uint32, 0, 1+len(names)*len(parts))
	out = append(out, uint32(len(names)))
	ids := make([]int32, len(names))
	for i, n := range names {
		ids[i] = d.internName(n)
		out = append(out, uint32(ids[i]))
	}
	for _, v := range parts[1:] {
		values := strings.Split(v[1:], "\x1f")
		for i, val := range values {
			p := uint32(d.internPair(ids[i], val))
			if i == 0 && v[0] == '+' {
				p |= optInStock
			}
			out = append(out, p)
		}
	}
	return out
}

func (d *optDict) lookupName(name string) int32 {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if id, ok := d.nameIDs[shop.OptionKey(name)]; ok {
		return id
	}
	return -1
}

func (d *optDict) lookupPair(name int32, value string) int32 {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if id, ok := d.pairIDs[pairKey(name, value)]; ok {
		return id
	}
	return -1
}

// pair returns pair p's name number and value.
func (d *optDict) pair(p int32) (int32, string) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.pairName[p-1], d.pairValue[p-1]
}

func (d *optDict) name(n int32) string {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.names[n-1]
}

// optTable is the base's option words: those of documents docs (ascending),
// document docs[i]'s at words[end[i-1]:end[i]].
type optTable struct {
	docs  []int32
	end   []uint32
	words []uint32
}

func (t *optTable) add(d int32, v []uint32) {
	if len(v) == 0 {
		return
	}
	t.docs = append(t.docs, d)
	t.words = append(t.words, v...)
	t.end = append(t.end, uint32(len(t.words)))
}

func (t *optTable) of(d int32) []uint32 {
	i, ok := slices.BinarySearch(t.docs, d)
	if !ok {
		return nil
	}
	start := uint32(0)
	if i > 0 {
		start = t.end[i-1]
	}
	return t.words[start:t.end[i]:t.end[i]]
}

// options returns the option words of an item (nil without options).
func (x *Index) options(it item) []uint32 {
	if it.e != nil {
		return it.e.opts
	}
	if x.b.attrs[it.doc].flags&flagOptions == 0 {
		return nil
	}
	return x.b.opts.of(it.doc)
}

// optGroup is the chosen values of one option name: any of them.
type optGroup struct {
	name  int32 // -1: a name no product has
	pairs []int32
}

// optFilter is a query's option filters, by name number.
type optFilter struct{ groups []optGroup }

func (x *Index) compileOptions(chosen []shop.OptionFilter) *optFilter {
	if len(chosen) == 0 {
		return nil
	}
	o := &optFilter{}
	for _, c := range chosen {
		n := x.optDict.lookupName(c.Name)
		p := int32(-1)
		if n > 0 {
			p = x.optDict.lookupPair(n, c.Value)
		}
		i := slices.IndexFunc(o.groups, func(g optGroup) bool { return g.name == n && n > 0 })
		if i < 0 {
			o.groups = append(o.groups, optGroup{name: n})
			i = len(o.groups) - 1
		}
		if !slices.Contains(o.groups[i].pairs, p) {
			o.groups[i].pairs = append(o.groups[i].pairs, p)
		}
	}
	for i := range o.groups {
		slices.Sort(o.groups[i].pairs)
	}
	slices.SortFunc(o.groups, func(a, b optGroup) int {
		return cmp.Or(cmp.Compare(a.name, b.name), slices.Compare(a.pairs, b.pairs))
	})
	return o
}

// appendKey adds the option filters to a count-memo key.
func (o *optFilter) appendKey(key []byte) []byte {
	if o == nil {
		return key
	}
	for _, g := range o.groups {
		key = append(key, '|')
		key = strconv.AppendInt(key, int64(g.name), 10)
		for _, p := range g.pairs {
			key = append(key, ':')
			key = strconv.AppendInt(key, int64(p), 10)
		}
	}
	return key
}

// matches tells whether an active variant of v has one of the chosen
// values of every group, and whether one that does is in stock; with
// first, it stops at the first that does.
func (o *optFilter) matches(v []uint32, first bool) (any, stocked bool) {
	if len(v) == 0 {
		return false, false
	}
	k := int(v[0])
	var pos [shop.MaxOptions]int
	for gi, g := range o.groups {
		i := slices.Index(v[1:1+k], uint32(g.name))
		if i < 0 || gi >= len(pos) {
			return false, false // a name the product lacks, or more names than any product has
		}
		pos[gi] = i
	}
	for w := 1 + k; w+k <= len(v); w += k {
		ok := true
		for gi, g := range o.groups {
			if !slices.Contains(g.pairs, int32(v[w+pos[gi]]&^optInStock)) {
				ok = false
				break
			}
		}
		if ok {
			any = true
			if v[w]&optInStock != 0 || first {
				return true, v[w]&optInStock != 0
			}
		}
	}
	return any, false
}

// passOptions applies f's option filters to a product's option words.
func (f *filter) passOptions(v []uint32) bool {
	if f.opts == nil {
		return true
	}
	any, stocked := f.opts.matches(v, !f.inStock)
	return stocked || (any && !f.inStock)
}

// countOptions adds n to the count of every option value of v that an
// active variant (in stock, if f's stock filter is on) has together with
// the chosen values of the other names: one pass over the variants, each
// failing no group (it counts for every name), one (only for that group's
// name) or more (nowhere).
func (c *facetCount) countOptions(v []uint32, n int) {
	k := int(v[0])
	names := v[1 : 1+k]
	f := c.f
	var groups []optGroup
	if f.opts != nil {
		groups = f.opts.groups
	}
	pos := c.pos[:0]
	for _, g := range groups {
		pos = append(pos, slices.Index(names, uint32(g.name)))
	}
	c.pos = pos
	seen := c.seen[:0]
	var named uint8 // the names that had a value counted, by position
	for w := 1 + k; w+k <= len(v); w += k {
		if f.inStock && v[w]&optInStock == 0 {
			continue
		}
		fails, failed := 0, int32(0)
		for gi, g := range groups {
			if pos[gi] < 0 || !slices.Contains(g.pairs, int32(v[w+pos[gi]]&^optInStock)) {
				fails, failed = fails+1, g.name
				if fails > 1 {
					break
				}
			}
		}
		if fails > 1 {
			continue
		}
		for j := range k {
			if fails == 1 && failed != int32(names[j]) {
				continue
			}
			if p := int32(v[w+j] &^ optInStock); !slices.Contains(seen, p) {
				seen = append(seen, p)
				named |= 1 << j
			}
		}
	}
	c.seen = seen
	if len(seen) == 0 {
		return
	}
	for _, p := range seen {
		c.addOption(p, n)
	}
	for j := range k {
		if named&(1<<j) != 0 {
			c.addOptionName(int32(names[j]), n)
		}
	}
}

// addOption counts n products more with pair p, addOptionName with the
// name: in the pass's dense slice when it has the number (numbers are given
// as they come), else in the map.
func (c *facetCount) addOption(p int32, n int) {
	var dense []int32
	if c.dense != nil {
		dense = c.dense.pairs
	}
	addCount(dense, &c.opts, p, n)
}

func (c *facetCount) addOptionName(name int32, n int) {
	var dense []int32
	if c.dense != nil {
		dense = c.dense.names
	}
	addCount(dense, &c.optNames, name, n)
}

func addCount(dense []int32, m *map[int32]int32, k int32, n int) {
	if int(k) < len(dense) {
		dense[k] += int32(n)
		return
	}
	if *m == nil {
		*m = map[int32]int32{}
	}
	if (*m)[k] += int32(n); (*m)[k] == 0 {
		delete(*m, k)
	}
}

// denseCounts are a pass's option counts, by pair and by name number:
// adding to a slice costs a tenth of adding to a map, and a pass adds once
// per value of every product with options. Pooled, zeroed when returned.
type denseCounts struct{ pairs, names []int32 }

var densePool sync.Pool

// denseCounts returns zeroed counts for every pair and name numbered yet.
func (d *optDict) denseCounts() *denseCounts {
	d.mu.RLock()
	pairs, names := len(d.pairName)+1, len(d.names)+1
	d.mu.RUnlock()
	dc, _ := densePool.Get().(*denseCounts)
	if dc == nil {
		dc = &denseCounts{}
	}
	dc.pairs = slices.Grow(dc.pairs[:0], pairs)[:pairs]
	dc.names = slices.Grow(dc.names[:0], names)[:names]
	return dc
}

// foldOptions moves the pass's dense counts into the maps a kept count
// carries, and gives the slices back.
func (c *facetCount) foldOptions() {
	dc := c.dense
	if dc == nil {
		return
	}
	c.dense = nil
	for p, n := range dc.pairs {
		if n != 0 {
			c.addOption(int32(p), int(n))
			dc.pairs[p] = 0
		}
	}
	for name, n := range dc.names {
		if n != 0 {
			c.addOptionName(int32(name), int(n))
			dc.names[name] = 0
		}
	}
	densePool.Put(dc)
}

// optionFacets lists the option names with at least two values among the
// products counted (or a chosen value), the names with the most products
// first (then the first met), at most MaxOptionFacets, each with its values, at most
// MaxOptionFacetValues by count, in natural order ("64 GB" before "128
// GB"). Chosen values nobody has are listed with 0, as the query wrote
// them.
func (x *Index) optionFacets(c *facetCount, chosen []shop.OptionFilter) []shop.OptionFacet {
	type value struct {
		pair  int32
		count int32
		value string
	}
	byName := map[int32][]value{}
	for _, p := range slices.Sorted(maps.Keys(c.opts)) {
		name, v := x.optDict.pair(p)
		byName[name] = append(byName[name], value{p, c.opts[p], v})
	}
	chosenNames := map[int32]bool{}
	for _, ch := range chosen {
		n := x.optDict.lookupName(ch.Name)
		if n <= 0 {
			continue
		}
		chosenNames[n] = true
		p := x.optDict.lookupPair(n, ch.Value)
		if p <= 0 {
			byName[n] = append(byName[n], value{-1, 0, ch.Value})
		} else if _, ok := c.opts[p]; !ok {
			_, v := x.optDict.pair(p)
			byName[n] = append(byName[n], value{p, 0, v})
		}
	}
	type facet struct {
		name     int32
		products int32
		values   []value
	}
	var facets []facet
	for name, vs := range byName {
		if len(vs) < 2 && !chosenNames[name] {
			continue
		}
		slices.SortFunc(vs, func(a, b value) int { return cmp.Or(cmp.Compare(b.count, a.count), cmp.Compare(a.pair, b.pair)) })
		kept := vs[:0:0]
		for i, v := range vs {
			if i < MaxOptionFacetValues || slices.ContainsFunc(chosen, func(ch shop.OptionFilter) bool {
				return shop.OptionKey(ch.Value) == shop.OptionKey(v.value)
			}) {
				kept = append(kept, v)
			}
		}
		facets = append(facets, facet{name, c.optNames[name], kept})
	}
	slices.SortFunc(facets, func(a, b facet) int {
		return cmp.Or(cmp.Compare(b.products, a.products), cmp.Compare(a.name, b.name))
	})
	out := make([]shop.OptionFacet, 0, min(len(facets), MaxOptionFacets))
	for _, f := range facets {
		if len(out) >= MaxOptionFacets && !chosenNames[f.name] {
			continue
		}
		slices.SortFunc(f.values, func(a, b value) int { return naturalCompare(a.value, b.value) })
		of := shop.OptionFacet{Name: x.optDict.name(f.name), Values: make([]shop.OptionValueCount, len(f.values))}
		for i, v := range f.values {
			of.Values[i] = shop.OptionValueCount{Value: v.value, Count: int(v.count)}
		}
		out = append(out, of)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// naturalCompare orders texts with their runs of digits compared as
// numbers, case aside, so that sizes read in order ("64 GB" before "128
// GB"), and storages by their bytes ("512 GB" before "1 TB").
func naturalCompare(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	if x, ok := storageBytes(a); ok {
		if y, ok := storageBytes(b); ok {
			return cmp.Compare(x, y)
		}
	}
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, _ := strconv.ParseFloat(a[:da], 64)
			nb, _ := strconv.ParseFloat(b[:db], 64)
			if c := cmp.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digits is the length of the run of digits (and one decimal point) s
// starts with.
func digits(s string) int {
	n, dot := 0, false
	for n < len(s) && (unicode.IsDigit(rune(s[n])) || (s[n] == '.' && !dot && n > 0)) {
		dot = dot || s[n] == '.'
		n++
	}
	return n
}

// storageBytes reads "256 gb" or "1tb" (lower case) as bytes.
func storageBytes(s string) (float64, bool) {
	n := digits(s)
	if n == 0 {
		return 0, false
	}
	scale, ok := map[string]float64{"mb": 1 << 20, "gb": 1 << 30, "tb": 1 << 40}[strings.TrimSpace(s[n:])]
	v, err := strconv.ParseFloat(s[:n], 64)
	return v * scale, ok && err == nil
}
