package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/big"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// productKeys are the product object's top-level keys in contract order;
// a fieldMask bit per key.
var productKeys = []string{"id", "name", "description", "specification", "unit_price", "inventory",
	"average_rating", "reviews_count", "ratings_count", "reviews", "ratings", "category", "subcategory",
	"sub_subcategory", "category_slug", "subcategory_slug", "sub_subcategory_slug", "images", "store",
	"date_created", "brand", "was_price", "options", "price_varies", "variants"}

type fieldMask uint32

const allFields fieldMask = 1<<25 - 1

// listMask is a list's default: every key but variants, which only a
// product's own answer carries unless fields= asks (decision 0029).
var listMask = allFields &^ fieldBit("variants")

// cardMask is what a list card shows (the storefront's LIST_FIELDS): a
// list asking for no more is answered from the kept cards, without SQL.
var cardMask = fieldMask(0)

func init() {
	for _, k := range []string{"id", "name", "description", "unit_price", "was_price", "images", "inventory",
		"average_rating", "ratings_count", "price_varies"} {
		cardMask |= fieldBit(k)
	}
}

func fieldBit(key string) fieldMask {
	for i, k := range productKeys {
		if k == key {
			return 1 << i
		}
	}
	return 0
}

// parseFields reads fields=a,b (§1.9): id always, unknown names ignored,
// empty = all (every key of a detail, listMask of a list).
func parseFields(raw string, all fieldMask) fieldMask {
	if strings.TrimSpace(raw) == "" {
		return all
	}
	m := fieldBit("id")
	for _, f := range strings.Split(raw, ",") {
		m |= fieldBit(strings.TrimSpace(f))
	}
	return m
}

func (m fieldMask) has(key string) bool { return m&fieldBit(key) != 0 }

// detailOptions loads embedded reviews and ratings only when they are shown.
func (m fieldMask) detailOptions() shop.DetailOptions {
	return shop.DetailOptions{Reviews: m.has("reviews"), Ratings: m.has("ratings"), Newest: service.NewestEmbedded}
}

type reviewDTO struct {
	ID          int64  `json:"id"`
	Author      string `json:"author"`
	Review      string `json:"review"`
	DateCreated string `json:"date_created"`
	IsVerified  bool   `json:"is_verified"`
}

type ratingDTO struct {
	ID         int64  `json:"id"`
	User       int64  `json:"user"`
	Username   string `json:"username"`
	Rating     int    `json:"rating"`
	IsVerified bool   `json:"is_verified"`
}

type productImageDTO struct {
	Image string `json:"image"`
}

// productImageIDDTO is a product's image in its own answer, with the id
// its variants' image_ids name.
type productImageIDDTO struct {
	ID    int64  `json:"id"`
	Image string `json:"image"`
}

type productStoreDTO struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Logo        *string `json:"logo"`
	Description string  `json:"description"`
	ContactInfo string  `json:"contact_info"`
}

func toReviewDTO(r shop.Review) reviewDTO {
	return reviewDTO{ID: r.ID, Author: r.Author, Review: r.Text, DateCreated: shop.FormatTime(r.CreatedAt), IsVerified: r.Verified()}
}

func toRatingDTO(r shop.Rating) ratingDTO {
	return ratingDTO{ID: r.ID, User: r.UserID, Username: r.Username, Rating: r.Value, IsVerified: r.Verified()}
}

// ratingNumber renders an average in hundredths as a JSON number (4.5, 0).
func ratingNumber(hundredths int64) json.RawMessage {
	return json.RawMessage(shop.Money(hundredths).Number())
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// encodeProduct writes the keys of mask in contract order.
func (a *API) encodeProduct(d *shop.ProductDetail, mask fieldMask) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteByte('{')
	first := true
	for i, key := range productKeys {
		if mask&(1<<i) == 0 {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(`"` + key + `":`)
		if err := enc.Encode(a.productValue(d, key)); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // the encoder's newline
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func (a *API) productValue(d *shop.ProductDetail, key string) any {
	switch key {
	case "id":
		return d.ID
	case "name":
		return d.Name
	case "description":
		return d.Description
	case "specification":
		return d.Specification
	case "unit_price":
		return d.UnitPrice.String()
	case "inventory":
		return d.Inventory
	case "average_rating":
		return ratingNumber(d.Ratings.Average())
	case "reviews_count":
		return d.ReviewsCount
	case "ratings_count":
		return d.Ratings.Count
	case "reviews":
		out := make([]reviewDTO, 0, len(d.NewestReviews))
		for _, r := range d.NewestReviews {
			out = append(out, toReviewDTO(r))
		}
		return out
	case "ratings":
		out := make([]ratingDTO, 0, len(d.NewestRatings))
		for _, r := range d.NewestRatings {
			out = append(out, toRatingDTO(r))
		}
		return out
	case "category", "subcategory", "sub_subcategory":
		return nullable(d.CategoryNames[categoryLevel(key)])
	case "category_slug", "subcategory_slug", "sub_subcategory_slug":
		return nullable(d.CategorySlugs[categoryLevel(strings.TrimSuffix(key, "_slug"))])
	case "images":
		out := make([]productImageIDDTO, len(d.Images))
		for i, u := range d.Images {
			out[i] = productImageIDDTO{Image: a.absolute(u)}
			if i < len(d.ImageIDs) {
				out[i].ID = d.ImageIDs[i]
			}
		}
		return out
	case "options":
		return optionList(d.Options)
	case "price_varies":
		return d.PriceVaries()
	case "variants":
		return variantList(d.Variants)
	case "store":
		if d.Store == nil {
			return nil
		}
		st := d.Store
		return productStoreDTO{ID: st.ID, Name: st.Name, Logo: nullable(a.absolute(st.Logo)), Description: st.Description,
			ContactInfo: st.ContactInfo}
	case "date_created":
		return shop.FormatTime(d.CreatedAt)
	case "brand":
		return d.Brand
	case "was_price":
		if shop.Discount(d.UnitPrice, d.WasPrice) == 0 {
			return nil
		}
		return d.WasPrice.String()
	}
	return nil
}

func categoryLevel(key string) int {
	switch key {
	case "subcategory":
		return 1
	case "sub_subcategory":
		return 2
	}
	return 0
}

var (
	decimalRE  = regexp.MustCompile(`^[+-]?(\d+(\.\d*)?|\.\d+)$`)
	hundred    = big.NewRat(100, 1)
	maxPesewas = big.NewInt(1 << 62)
)

// parsePriceBound reads a decimal price bound exactly. Prices are whole
// pesewas, so "price > x" is "price > floor(100x)" and "price < x" is
// "price < ceil(100x)"; bounds beyond any price are clamped.
func parsePriceBound(raw string, above bool) (shop.Money, bool) {
	raw = strings.TrimSpace(raw)
	if !decimalRE.MatchString(raw) {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(raw)
	if !ok {
		return 0, false
	}
	r.Mul(r, hundred)
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	// QuoRem truncates toward zero; step to floor (above) or ceil (below).
	if m.Sign() != 0 {
		if above && r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else if !above && r.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		}
	}
	if q.CmpAbs(maxPesewas) > 0 {
		q.Mul(maxPesewas, big.NewInt(int64(q.Sign())))
	}
	return shop.Money(q.Int64()), true
}

// parseOrdering reads ordering=a,-b: known fields only, first mention wins.
func parseOrdering(raw string) []shop.OrderKey {
	var out []shop.OrderKey
	seen := map[shop.ProductOrder]bool{}
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		desc := strings.HasPrefix(part, "-")
		f := shop.ProductOrder(strings.TrimPrefix(part, "-"))
		switch f {
		case shop.OrderUnitPrice, shop.OrderDateCreated, shop.OrderAverageRating, shop.OrderName, shop.OrderDiscount,
			shop.OrderSold:
		default:
			continue
		}
		if !seen[f] {
			seen[f] = true
			out = append(out, shop.OrderKey{Field: f, Desc: desc})
		}
	}
	return out
}

// productFilter decodes the product list's query parameters (§2.2).
func productFilter(r *http.Request) (service.ProductFilter, error) {
	get := func(name string) string { return strings.TrimSpace(lastQueryValue(r, name)) }
	var f service.ProductFilter
	fe := shop.FieldErrors{}
	f.CategorySlugs[0] = get("category__slug")
	f.CategorySlugs[1] = get("subcategory__slug")
	f.CategorySlugs[2] = get("sub_subcategory__slug")
	if f.CategorySlugs[2] == "" {
		f.CategorySlugs[2] = get("subsubcategory__slug")
	}
	f.Search = lastQueryValue(r, "search")
	for _, b := range []struct {
		name  string
		above bool
		into  **shop.Money
	}{{"unit_price__gt", true, &f.PriceAbove}, {"unit_price__lt", false, &f.PriceBelow}} {
		if v := get(b.name); v != "" {
			m, ok := parsePriceBound(v, b.above)
			if !ok {
				fe.Add(b.name, "Enter a number.")
				continue
			}
			*b.into = &m
		}
	}
	// store is repeatable (store=1&store=2), as brand; blank values are
	// ignored, and at most maxStoreFilters kept.
	for _, v := range r.URL.Query()["store"] {
		if v = strings.TrimSpace(v); v == "" || len(f.StoreIDs) == maxStoreFilters {
			continue
		}
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			fe.Add("store", "A valid integer is required.")
			continue
		}
		f.StoreIDs = append(f.StoreIDs, id)
	}
	f.InStock = queryBool(get("in_stock"))
	f.OnSale = queryBool(get("on_sale"))
	// brand is repeatable (brand=Tecno&brand=Itel): brand names may hold
	// commas. Blank values are ignored, and at most maxBrandFilters kept.
	for _, b := range r.URL.Query()["brand"] {
		if b = strings.TrimSpace(b); b != "" && len(f.Brands) < maxBrandFilters {
			f.Brands = append(f.Brands, b)
		}
	}
	// option is repeatable (option=Storage:256 GB&option=Colour:Blue):
	// the name before the first colon (names have none), the value after it,
	// which may hold anything.
	if opts := r.URL.Query()["option"]; len(opts) > maxOptionFilters {
		fe.Add("option", "At most "+strconv.Itoa(maxOptionFilters)+" option values are allowed.")
	} else {
		for _, o := range opts {
			name, value, ok := strings.Cut(o, ":")
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			if !ok || name == "" || value == "" {
				fe.Add("option", "Use name:value, e.g. Storage:256 GB.")
				break
			}
			f.Options = append(f.Options, shop.OptionFilter{Name: name, Value: value})
		}
	}
	if v := get("min_rating"); v != "" {
		stars, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(stars) || stars < 0 || stars > 5 {
			fe.Add("min_rating", "Enter a rating from 0 to 5.")
		} else {
			f.MinRating = int(math.Round(stars * 100))
		}
	}
	f.Ordering = parseOrdering(get("ordering"))
	if v := get("seed"); v != "" {
		seed, err := strconv.ParseInt(v, 10, 64)
		if err != nil || seed < 1 || seed > shop.MaxSeed {
			fe.Add("seed", "A valid integer is required.")
		}
		f.Seed = seed
	}
	return f, fe.Err()
}

// maxBrandFilters, maxStoreFilters and maxOptionFilters bound the brands,
// stores and option values one list filters by.
const (
	maxBrandFilters  = 20
	maxStoreFilters  = 20
	maxOptionFilters = 20
)

func queryBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "1":
		return true
	}
	return false
}

type facetsDTO struct {
	Count   int              `json:"count"`
	Stores  []storeFacetDTO  `json:"stores"`
	Brands  []brandFacetDTO  `json:"brands"`
	Ratings []ratingFacetDTO `json:"ratings"`
	InStock int              `json:"in_stock"`
	OnSale  int              `json:"on_sale"`
	Price   *priceRangeDTO   `json:"price"`
	Options []optionFacetDTO `json:"options"`
}

type optionFacetDTO struct {
	Name   string                `json:"name"`
	Values []optionValueFacetDTO `json:"values"`
}

type optionValueFacetDTO struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

type storeFacetDTO struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type brandFacetDTO struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type ratingFacetDTO struct {
	MinRating int `json:"min_rating"`
	Count     int `json:"count"`
}

type priceRangeDTO struct {
	Min string `json:"min"`
	Max string `json:"max"`
}

// listProductFacets answers GET /store/products/facets/: the counts per
// filter value of the list the same parameters select (decision 0021).
func (a *API) listProductFacets(w http.ResponseWriter, r *http.Request) error {
	f, err := productFilter(r)
	if err != nil {
		return err
	}
	fc, err := a.svc.ProductFacets(r.Context(), f)
	if err != nil {
		return err
	}
	out := facetsDTO{Count: fc.Total, Stores: make([]storeFacetDTO, len(fc.Stores)),
		Brands: make([]brandFacetDTO, len(fc.Brands)), InStock: fc.InStock, OnSale: fc.OnSale}
	for i, v := range fc.Stores {
		out.Stores[i] = storeFacetDTO{ID: v.ID, Name: v.Name, Count: v.Count}
	}
	for i, v := range fc.Brands {
		out.Brands[i] = brandFacetDTO{Name: v.Name, Count: v.Count}
	}
	out.Options = make([]optionFacetDTO, len(fc.Options))
	for i, o := range fc.Options {
		out.Options[i] = optionFacetDTO{Name: o.Name, Values: make([]optionValueFacetDTO, len(o.Values))}
		for j, v := range o.Values {
			out.Options[i].Values[j] = optionValueFacetDTO{Value: v.Value, Count: v.Count}
		}
	}
	for stars := 4; stars >= 1; stars-- {
		out.Ratings = append(out.Ratings, ratingFacetDTO{MinRating: stars, Count: fc.Ratings[stars-1]})
	}
	if fc.MaxPrice > 0 {
		out.Price = &priceRangeDTO{Min: fc.MinPrice.String(), Max: fc.MaxPrice.String()}
	}
	liveCache(w)
	dependOn(w, facetDeps(fc.Categories))
	return reply(w, http.StatusOK, out)
}

func (a *API) listProducts(w http.ResponseWriter, r *http.Request) error {
	f, err := productFilter(r)
	if err != nil {
		return err
	}
	p, err := a.pagerFor(r)
	if err != nil {
		return err
	}
	mask := parseFields(lastQueryValue(r, "fields"), listMask)
	f.Offset, f.Limit, f.Detail, f.Cards = p.offset, p.limit, mask.detailOptions(), mask&^cardMask == 0
	list, err := a.svc.ListProducts(r.Context(), f)
	if err != nil {
		return err
	}
	items, err := encodeAll(list.Items, func(d *shop.ProductDetail) ([]byte, error) { return a.encodeProduct(d, mask) })
	if err != nil {
		return err
	}
	var extra url.Values
	if list.Seed != 0 {
		seed := strconv.FormatInt(list.Seed, 10)
		w.Header().Set("X-Shuffle-Seed", seed)
		extra = url.Values{"seed": {seed}}
	}
	liveCache(w)
	dependOn(w, listDeps(list))
	return a.writePage(w, r, p, items, list.Total, extra)
}

func (a *API) getProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	mask := parseFields(lastQueryValue(r, "fields"), allFields)
	d, err := a.svc.Product(r.Context(), id, mask.detailOptions())
	if err != nil {
		return err
	}
	b, err := a.encodeProduct(d, mask)
	if err != nil {
		return err
	}
	liveCache(w)
	dependOn(w, readDeps{products: []int64{id}})
	return reply(w, http.StatusOK, json.RawMessage(b))
}

// boughtTogether serves GET /store/products/{id}/bought-together/: the
// visible products most often in the same paid orders (ADR 0022). It is not
// in the read cache: orders, not catalogue changes, move its ranking, which
// the service keeps for a few minutes; the products are read live.
func (a *API) boughtTogether(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	mask := parseFields(lastQueryValue(r, "fields"), listMask)
	ds, err := a.svc.BoughtTogether(r.Context(), id, mask.detailOptions())
	if err != nil {
		return err
	}
	items, err := encodeAll(ds, func(d *shop.ProductDetail) ([]byte, error) { return a.encodeProduct(d, mask) })
	if err != nil {
		return err
	}
	liveCache(w)
	return reply(w, http.StatusOK, map[string]any{"results": items})
}

// searchCorrections answers {"suggestions": [...]}: up to three corrected
// forms of a search that finds nothing, each finding products.
func (a *API) searchCorrections(w http.ResponseWriter, r *http.Request) error {
	out, err := a.svc.SearchCorrections(r.Context(), lastQueryValue(r, "search"))
	if err != nil {
		return err
	}
	liveCache(w)
	return reply(w, http.StatusOK, map[string]any{"suggestions": out})
}

// facetDeps: any product of the deepest category a list's facets are of may
// move a count, else any product at all (the store facet counts every
// store, so a store filter does not bound them).
func facetDeps(categories [shop.MaxCategoryDepth]int64) readDeps {
	var d readDeps
	for _, id := range categories {
		if id != 0 {
			d.category = id
		}
	}
	d.anyProduct = d.category == 0
	return d
}

// listDeps: a product list shows its products and may be entered by any
// product of its scope — the deepest category it filters by, else its store,
// else any product (filters are ANDed, so one of them bounds the list).
func listDeps(list service.ProductList) readDeps {
	d := readDeps{products: make([]int64, len(list.Items))}
	for i, p := range list.Items {
		d.products[i] = p.ID
	}
	for _, id := range list.Categories {
		if id != 0 {
			d.category = id
		}
	}
	if d.category == 0 {
		d.stores = list.Stores
	}
	d.anyProduct = d.category == 0 && len(list.Stores) == 0
	if list.Terms != nil {
		// A search changes only when a product that may match it does:
		// that test replaces the places any of them may come from.
		d.terms, d.category, d.stores, d.anyProduct = list.Terms, 0, nil, false
	}
	return d
}

func (a *API) listProductReviews(w http.ResponseWriter, r *http.Request) error {
	return listVerified(a, w, r, a.svc.ProductReviews, toReviewDTO)
}

func (a *API) listProductRatings(w http.ResponseWriter, r *http.Request) error {
	return listVerified(a, w, r, a.svc.ProductRatings, toRatingDTO)
}

// listVerified serves a product's public reviews or ratings: one page of
// verified rows, newest first, 404 for an unknown or hidden product.
func listVerified[T, D any](a *API, w http.ResponseWriter, r *http.Request,
	load func(ctx context.Context, productID int64, offset, limit int) ([]T, int, error), toDTO func(T) D) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	p, err := a.pagerFor(r)
	if err != nil {
		return err
	}
	rows, total, err := load(r.Context(), id, p.offset, p.limit)
	if err != nil {
		return err
	}
	dependOn(w, readDeps{products: []int64{id}})
	liveCache(w)
	return writeSlice(a, w, r, p, rows, total, toDTO)
}
