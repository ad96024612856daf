package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"dwa/internal/shop"
)

// SellerStore is what the Seller Centre needs from persistence beyond the
// catalogue and order reads every shopper uses. Every method is bounded by
// the store's id.
type SellerStore interface {
	SellerProductIDs(ctx context.Context, storeID int64, f shop.SellerProductFilter) ([]int64, int, error)
	// UpdateProduct writes only what the change sets, in one transaction;
	// it reports false when the product is not the store's, and refuses a
	// stale conditional stock edit with shop.StockChanged; check may refuse
	// or trim the change against the product as locked.
	UpdateProduct(ctx context.Context, storeID, id int64, ch shop.ProductChange, at time.Time,
		check func(*shop.BulkProduct, *shop.ProductChange) error) (bool, error)
	// UpdateStore writes only what the change sets; false when there is no such store.
	UpdateStore(ctx context.Context, id int64, ch shop.StoreChange) (bool, error)
	// SetStoreLogo replaces the store's logo and returns the one it had.
	SetStoreLogo(ctx context.Context, storeID int64, url string) (string, error)
	SellerOrders(ctx context.Context, storeID int64, f shop.SellerOrderFilter) ([]*shop.Order, int, error)
	SellerOrder(ctx context.Context, storeID int64, id string) (*shop.Order, error)
	// AdvancePart returns nil, nil when the store has no part in a paid order of that id.
	AdvancePart(ctx context.Context, e shop.OrderEvent, mails func(*shop.Order) []shop.Mail) (*shop.Order, error)
	SellerDays(ctx context.Context, storeID int64, from time.Time) (map[int64]*shop.SellerDay, error)
	LowStock(ctx context.Context, storeID int64, below, limit int) ([]shop.StockLevel, error)
	// EachStoreProduct calls fn with each of the store's products (no
	// images; options and live variants in position order for those with
	// options) in id order, streaming.
	EachStoreProduct(ctx context.Context, storeID int64, fn func(*shop.BulkProduct) error) error
	// WriteProducts applies a bulk write all or nothing (sqldb/bulk_products.go):
	// check sets or trims each edit against its product as locked; its
	// problems, and those the write finds, come back as shop.RowProblems.
	WriteProducts(ctx context.Context, storeID int64, edits []shop.ProductEdit, creates []shop.ProductCreate, at time.Time,
		check func(cur *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem) error
}

// Limits of what a store owner enters.
const (
	maxProductName = 200
	maxBrand       = 60
	maxSKU         = 64
	maxProductHTML = 50_000
	maxInventory   = 1_000_000
	// maxPrice is GH₵ 10,000,000.00: above any product of the mall, below
	// any arithmetic trouble with quantities of 99.
	maxPrice shop.Money = 1_000_000_000
)

// ownStore returns the caller's store; anyone without one is refused.
func (s *Service) ownStore(ctx context.Context, u *shop.User) (*shop.Store, error) {
	st, err := s.store.OwnedStore(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, shop.ErrForbidden
	}
	return st, nil
}

// SellerStoreProfile is the caller's store.
func (s *Service) SellerStoreProfile(ctx context.Context, u *shop.User) (*shop.Store, error) {
	return s.ownStore(ctx, u)
}

// StoreInput is a decoded store-profile change; nil fields stay as they are.
type StoreInput struct {
	Name, Description, ContactInfo, Address *string
	// AcceptsCOD opts the store in to pay on delivery (docs/decisions/0020).
	AcceptsCOD *bool
	// Delivery settings (decision 0024): FreeOver is cedis or null (never);
	// SameDayCutoff an hour or null (no same day).
	ShipFromRegion, ShipFromCity *string
	FreeOver, SameDayCutoff      FieldValue
	StorePickup                  *bool
}

// UpdateSellerStore changes the sent fields of the caller's store profile,
// and only those (a logo uploaded meanwhile stays).
func (s *Service) UpdateSellerStore(ctx context.Context, u *shop.User, in StoreInput) (*shop.Store, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	var ch shop.StoreChange
	if in.Name != nil {
		name := requiredText(fe, "name", in.Name, 100)
		ch.Name = &name
	}
	ch.Description = sentText(fe, "description", in.Description, 2000)
	ch.ContactInfo = sentText(fe, "contact_info", in.ContactInfo, 100)
	ch.Address = sentText(fe, "address", in.Address, 300)
	ch.AcceptsCOD = in.AcceptsCOD
	address := st.Address
	if ch.Address != nil {
		address = *ch.Address
	}
	ch.Delivery = in.deliverySettings(fe, st.Delivery, address)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if ok, err := s.store.UpdateStore(ctx, st.ID, ch); err != nil || !ok {
		if err == nil {
			err = shop.ErrForbidden // the store went away under its owner
		}
		return nil, err
	}
	return s.ownStore(ctx, u)
}

// deliverySettings applies the sent delivery settings to cur, checking
// them together: same day needs a ship-from region and city, store pickup
// an address. Nil when none was sent.
func (in StoreInput) deliverySettings(fe shop.FieldErrors, cur shop.StoreDelivery, address string) *shop.StoreDelivery {
	if in.ShipFromRegion == nil && in.ShipFromCity == nil && !in.FreeOver.Present && !in.SameDayCutoff.Present &&
		in.StorePickup == nil {
		return nil
	}
	d := cur
	if in.ShipFromRegion != nil {
		if d.ShipFromRegion = *in.ShipFromRegion; d.ShipFromRegion != "" {
			checkRegion(fe, "ship_from_region", d.ShipFromRegion)
		}
	}
	optionalText(fe, "ship_from_city", in.ShipFromCity, maxCity, &d.ShipFromCity)
	d.ShipFromCity = strings.Join(strings.Fields(d.ShipFromCity), " ")
	switch {
	case !in.FreeOver.Present:
	case in.FreeOver.Null:
		d.FreeOver = 0
	default:
		d.FreeOver = parseFee(fe, "free_delivery_over", in.FreeOver, false)
	}
	switch v := in.SameDayCutoff; {
	case !v.Present:
	case v.Null:
		d.SameDayCutoff = shop.NoSameDay
	default:
		h, err := strconv.Atoi(v.Text)
		if v.TypeErr != "" || err != nil || h < 0 || h > 23 {
			fe.Add("same_day_cutoff", "Enter an hour from 0 to 23, or null for no same-day delivery.")
			break
		}
		d.SameDayCutoff = h
	}
	if in.StorePickup != nil {
		d.Pickup = *in.StorePickup
	}
	if d.SameDayCutoff != shop.NoSameDay && (d.ShipFromRegion == "" || d.ShipFromCity == "") && !fe.Has("same_day_cutoff") {
		fe.Add("same_day_cutoff", "Set the region and city you ship from to offer same-day delivery.")
	}
	if d.Pickup && strings.TrimSpace(address) == "" {
		fe.Add("store_pickup", "Add your shop's address to offer pickup there.")
	}
	return &d
}

// sentText is optionalText for a change: nil when the field was not sent.
func sentText(fe shop.FieldErrors, name string, v *string, maxLen int) *string {
	if v == nil {
		return nil
	}
	var out string
	optionalText(fe, name, v, maxLen, &out)
	return &out
}

// optionalText applies a length limit to a field that may be blank and
// stores it in dst when it was sent.
func optionalText(fe shop.FieldErrors, name string, v *string, maxLen int, dst *string) {
	if v == nil {
		return
	}
	if utf8.RuneCountInString(*v) > maxLen {
		fe.Add(name, "Ensure this field has no more than "+strconv.Itoa(maxLen)+" characters.")
		return
	}
	*dst = *v
}

// SellerProducts lists one page of the caller's products, in every state.
func (s *Service) SellerProducts(ctx context.Context, u *shop.User, f shop.SellerProductFilter) ([]*shop.ProductDetail, int, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, 0, err
	}
	switch f.Status {
	case "", "all", "active", "inactive", "out_of_stock":
	default:
		return nil, 0, invalidChoice("status", f.Status)
	}
	ids, total, err := s.store.SellerProductIDs(ctx, st.ID, f)
	if err != nil || len(ids) == 0 {
		return nil, total, err
	}
	ds, err := s.store.ProductDetails(ctx, ids, shop.DetailOptions{})
	return ds, total, err
}

// SellerProduct is one of the caller's products: 404 for anyone else's.
func (s *Service) SellerProduct(ctx context.Context, u *shop.User, id int64) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	return s.storeProduct(ctx, st, id)
}

func (s *Service) storeProduct(ctx context.Context, st *shop.Store, id int64) (*shop.ProductDetail, error) {
	ds, err := s.store.ProductDetails(ctx, []int64{id}, shop.DetailOptions{})
	if err != nil {
		return nil, err
	}
	if len(ds) == 0 || ds[0].StoreID != st.ID {
		return nil, shop.NotFound("Product")
	}
	return ds[0], nil
}

// ProductInput is a decoded product form; nil fields are absent. When
// CategoryID is sent the three levels are set together: an absent
// subcategory means none. ExpectedInventory, required with Inventory in an
// edit, is the stock the seller saw: the edit applies only while it still is.
type ProductInput struct {
	Name                                   *string
	CategoryID, SubcategoryID, SubSubcatID *int64
	Price                                  *string
	// WasPrice is the price before a deal, "" for none; Brand "" for none.
	WasPrice, Brand              *string
	Inventory, ExpectedInventory *int64
	Description, Specification   *string
	Active                       *bool
	// SKU is the seller's code, "" for none; unique per store in any case.
	SKU *string
}

// CreateSellerProduct adds a product to the caller's store.
func (s *Service) CreateSellerProduct(ctx context.Context, u *shop.User, in ProductInput) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	ch, err := s.productChange(ctx, in, true, nil)
	if err != nil {
		return nil, err
	}
	p := &shop.Product{StoreID: st.ID, Active: true, CreatedAt: s.now()}
	ch.Apply(p)
	if err := shop.CheckDeal(p.UnitPrice, p.WasPrice); err != nil {
		return nil, err
	}
	p.Slug = shop.ProductSlug(p.Name) + "-" + slugSuffix()
	if err := s.store.CreateProducts(ctx, []*shop.Product{p}); err != nil {
		return nil, err
	}
	return s.storeProduct(ctx, st, p.ID)
}

// UpdateSellerProduct changes the fields sent of one of the caller's
// products, and only those: orders and other edits running meanwhile keep
// what they wrote. A stock edit with the stock the seller saw is refused
// (409 stock_changed, nothing written) when that stock has moved.
func (s *Service) UpdateSellerProduct(ctx context.Context, u *shop.User, id int64, in ProductInput) (*shop.ProductDetail, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	// Another store's product is a 404 before any field error.
	if _, err := s.storeProduct(ctx, st, id); err != nil {
		return nil, err
	}
	ch, err := s.productChange(ctx, in, false, nil)
	if err != nil {
		return nil, err
	}
	check := func(p *shop.BulkProduct, ch *shop.ProductChange) error { return aggregateRule(p, ch).Err() }
	return s.writeProduct(ctx, st, id, func() (bool, error) {
		return s.store.UpdateProduct(ctx, st.ID, id, ch, s.now(), check)
	})
}

// writeProduct runs a store write of one of st's products and answers the
// product as it now is; a write that found no row (the product left the store
// meanwhile) is the product's 404.
func (s *Service) writeProduct(ctx context.Context, st *shop.Store, id int64, write func() (bool, error)) (*shop.ProductDetail, error) {
	ok, err := write()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("Product")
	}
	return s.storeProduct(ctx, st, id)
}

// DeactivateSellerProduct takes one of the caller's products off the shop.
// Products are never deleted: orders refer to them.
func (s *Service) DeactivateSellerProduct(ctx context.Context, u *shop.User, id int64) error {
	inactive := false
	_, err := s.UpdateSellerProduct(ctx, u, id, ProductInput{Active: &inactive})
	return err
}

// productChange validates the sent fields into a change, reporting every
// field error at once; on create the name, category and price are required.
// A bulk import passes the categories it read once (all); nil reads them.
func (s *Service) productChange(ctx context.Context, in ProductInput, create bool, all []*shop.Category) (shop.ProductChange, error) {
	var ch shop.ProductChange
	fe := shop.FieldErrors{}
	if in.Name != nil || create {
		name := requiredText(fe, "name", in.Name, maxProductName)
		ch.Name = &name
	}
	if in.CategoryID != nil || create {
		levels, err := s.productCategories(ctx, fe, in, all)
		if err != nil {
			return ch, err
		}
		ch.Categories = &levels
	}
	if in.Price != nil || create {
		price := parsePrice(fe, "price", in.Price)
		ch.UnitPrice = &price
	}
	if in.WasPrice != nil {
		was := shop.Money(0)
		if strings.TrimSpace(*in.WasPrice) != "" {
			was = parsePrice(fe, "was_price", in.WasPrice)
		}
		ch.WasPrice = &was
	}
	if in.Brand != nil {
		brand := strings.Join(strings.Fields(*in.Brand), " ")
		if utf8.RuneCountInString(brand) > maxBrand {
			fe.Add("brand", "Ensure this field has no more than "+strconv.Itoa(maxBrand)+" characters.")
		}
		ch.Brand = &brand
	}
	if in.Inventory != nil {
		if n, ok := stockValue(fe, "inventory", *in.Inventory); ok {
			ch.Inventory = &n
		}
		// An edit must say which stock it replaces: written blind, it would
		// give back the units sold since the seller loaded the form.
		switch {
		case in.ExpectedInventory != nil:
			n := int(min(max(*in.ExpectedInventory, -1), maxInventory+1)) // out of range never matches
			ch.ExpectedInventory = &n
		case !create:
			fe.Add("expected_inventory", "This field is required.")
		}
	}
	for _, f := range []struct {
		name string
		in   *string
		dst  **string
	}{{"description", in.Description, &ch.Description}, {"specification", in.Specification, &ch.Specification}} {
		if f.in == nil {
			continue
		}
		if utf8.RuneCountInString(*f.in) > maxProductHTML {
			fe.Add(f.name, "Ensure this field has no more than "+strconv.Itoa(maxProductHTML)+" characters.")
			continue
		}
		clean := SanitizeHTML(*f.in)
		*f.dst = &clean
	}
	if in.SKU != nil {
		sku := checkSKU(fe, "sku", *in.SKU)
		ch.SKU = &sku
	}
	ch.Active = in.Active
	return ch, fe.Err()
}

// stockValue checks a stock figure against the form's bounds.
func stockValue(fe shop.FieldErrors, field string, n int64) (int, bool) {
	switch {
	case n < 0:
		fe.Add(field, "Ensure this value is greater than or equal to 0.")
	case n > maxInventory:
		fe.Add(field, "Ensure this value is less than or equal to "+strconv.Itoa(maxInventory)+".")
	default:
		return int(n), true
	}
	return 0, false
}

// productCategories checks the three levels: an active department, then
// optionally one of its active subcategories, then optionally one of that
// subcategory's active children. Unset levels are 0.
func (s *Service) productCategories(ctx context.Context, fe shop.FieldErrors, in ProductInput, all []*shop.Category) ([shop.MaxCategoryDepth]int64, error) {
	var levels [shop.MaxCategoryDepth]int64
	if in.CategoryID == nil {
		fe.Add("category_id", msgRequired)
		return levels, nil
	}
	if all == nil {
		var err error
		if all, err = s.store.AllCategories(ctx); err != nil {
			return levels, err
		}
	}
	byID := make(map[int64]*shop.Category, len(all))
	for _, c := range all {
		byID[c.ID] = c
	}
	pick := func(field string, id *int64, level int, parent int64) int64 {
		if id == nil {
			return 0
		}
		c := byID[*id]
		switch {
		case c == nil || !c.Active || c.Level != level:
			fe.Add(field, `Invalid pk "`+strconv.FormatInt(*id, 10)+`" - object does not exist.`)
		case c.ParentID != parent:
			fe.Add(field, "Choose one inside the category above it.")
		default:
			return c.ID
		}
		return -1
	}
	levels[0] = pick("category_id", in.CategoryID, 1, 0)
	if levels[0] > 0 {
		levels[1] = pick("subcategory_id", in.SubcategoryID, 2, levels[0])
	}
	if levels[1] > 0 {
		levels[2] = pick("sub_subcategory_id", in.SubSubcatID, 3, levels[1])
	} else if in.SubSubcatID != nil && levels[1] == 0 {
		fe.Add("sub_subcategory_id", "Choose a subcategory first.")
	}
	return levels, nil
}

// priceText is a cedi amount as people type it: digits with optional
// thousands commas, at most two decimals, optionally after "GH₵" or "GHS".
var priceText = regexp.MustCompile(`^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$`)

const msgPrice = "Enter a price in GH₵ like 1,234.50."

// typedCedis reads cedis as typed (thousands commas, at most two decimals,
// optionally after "GH₵" or "GHS"); blank when there is nothing but the prefix.
func typedCedis(v string) (m shop.Money, blank, ok bool) {
	t := strings.TrimSpace(v)
	for _, prefix := range []string{"GH₵", "GHS", "GH¢", "₵"} {
		t = strings.TrimSpace(strings.TrimPrefix(t, prefix))
	}
	if t == "" {
		return 0, true, false
	}
	if !priceText.MatchString(t) {
		return 0, false, false
	}
	m, err := shop.ParseCedis(strings.ReplaceAll(t, ",", ""))
	return m, false, err == nil
}

// parsePrice reads a price entered as text into pesewas; errors go to
// field.
func parsePrice(fe shop.FieldErrors, field string, v *string) shop.Money {
	if v == nil {
		fe.Add(field, msgRequired)
		return 0
	}
	m, blank, ok := typedCedis(*v)
	switch {
	case blank:
		fe.Add(field, msgBlank)
	case !ok:
		fe.Add(field, msgPrice)
	case m <= 0:
		fe.Add(field, "The price must be more than GH₵ 0.00.")
	case m > maxPrice:
		fe.Add(field, "The price must be at most GH₵ "+maxPrice.Grouped()+".")
	default:
		return m
	}
	return 0
}

// slugSuffix keeps the slugs of products with equal names apart.
func slugSuffix() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// SellerOrders lists one page of the paid orders holding the caller's
// lines, each cut down to those lines and the events of its part.
func (s *Service) SellerOrders(ctx context.Context, u *shop.User, f shop.SellerOrderFilter) ([]*shop.Order, int, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, 0, err
	}
	switch f.Status {
	case "", shop.PartProcessing, shop.PartShipped, shop.PartDelivered, shop.PartCancelled:
	default:
		return nil, 0, invalidChoice("status", f.Status)
	}
	os, total, err := s.store.SellerOrders(ctx, st.ID, f)
	for i, o := range os {
		os[i] = storePart(o, st.ID)
	}
	return os, total, err
}

// storePart is what a store sees of an order: its own lines, their total,
// the order-wide events and its own; of the buyer, only what delivery needs.
func storePart(o *shop.Order, storeID int64) *shop.Order {
	part := *o
	part.Items = o.LinesOf(storeID)
	part.Amount = 0
	for _, it := range part.Items {
		part.Amount += it.Total()
	}
	part.Deliveries = nil
	if d := o.DeliveryOf(storeID); d != nil {
		part.Deliveries = []shop.PartDelivery{*d}
	}
	part.Events = nil
	for _, e := range o.Events {
		if e.StoreID == 0 || e.StoreID == storeID {
			if e.StoreID == 0 && e.ActorID == o.UserID {
				e.Actor = "" // the buyer's account name is not the store's business
			}
			part.Events = append(part.Events, e)
		}
	}
	part.UserEmail = ""
	return &part
}

// AdvanceSellerOrder marks the caller's part of an order shipped (with an
// optional tracking note) or delivered, and tells the buyer by mail and,
// when they have a verified number, by text — each unless they turned it
// off for that kind of notice.
func (s *Service) AdvanceSellerOrder(ctx context.Context, u *shop.User, id, to string, note *string) (*shop.Order, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	id, ok := shop.ParseUUID(id)
	if !ok {
		return nil, shop.ErrNotFoundPlain
	}
	e := shop.OrderEvent{OrderID: id, StoreID: st.ID, Status: to, ActorID: u.ID, CreatedAt: s.now()}
	if to == shop.PartCancelled {
		// note is the reason, which the buyer is told.
		fe := shop.FieldErrors{}
		if note != nil {
			trimmed := strings.TrimSpace(*note)
			note = &trimmed
		}
		if e.Note = requiredText(fe, "reason", note, shop.MaxCancelReason); len(fe) > 0 {
			return nil, fe.Err()
		}
	} else if note != nil {
		if to != shop.PartShipped {
			return nil, shop.Invalid(map[string][]string{"tracking_note": {"A tracking note goes with shipping only."}})
		}
		if utf8.RuneCountInString(*note) > shop.MaxTrackingNote {
			return nil, shop.Invalid(map[string][]string{"tracking_note": {
				"Ensure this field has no more than " + strconv.Itoa(shop.MaxTrackingNote) + " characters."}})
		}
		e.Note = *note
	}
	buyer, phone, err := s.store.OrderBuyer(ctx, id)
	if err != nil {
		return nil, err
	}
	prefs, err := s.store.NoticePrefs(ctx, buyer)
	if err != nil {
		return nil, err
	}
	// A cancelled part is told as a fulfilment step, by the channels for
	// shipping news (docs/decisions/0020).
	by := prefs[shop.NoticeShipped]
	if to == shop.PartDelivered || to == shop.PartPaidOnDelivery {
		by = prefs[shop.NoticeDelivered]
	}
	o, err := s.store.AdvancePart(ctx, e, func(o *shop.Order) []shop.Mail {
		return s.noticesBy(by, phone, func() []shop.Mail { return s.fulfilmentMail(o, st, e) },
			func() string { return s.fulfilmentText(o, st, e) })
	})
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, shop.NotFound("Order")
	}
	return storePart(o, st.ID), nil
}

// The dashboard's span and what counts as running out.
const (
	DashboardDays = 30
	lowStockUnits = 5
	lowStockShown = 10
)

// SellerDashboard sums the caller's store over the last DashboardDays UTC
// days, today included, every day present (zeros where nothing happened).
func (s *Service) SellerDashboard(ctx context.Context, u *shop.User) (shop.SellerDashboard, error) {
	var out shop.SellerDashboard
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return out, err
	}
	today := s.now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, 1-DashboardDays)
	days, err := s.store.SellerDays(ctx, st.ID, from)
	if err != nil {
		return out, err
	}
	weekFrom := today.AddDate(0, 0, -6)
	for d := from; !d.After(today); d = d.AddDate(0, 0, 1) {
		day := shop.SellerDay{Date: d}
		if got := days[shop.Millis(d)/(24*60*60*1000)]; got != nil {
			day = *got
		}
		out.Days = append(out.Days, day)
		if !d.Before(weekFrom) {
			out.OrdersWeek += day.Orders
			out.RevenueWeek += day.Revenue
		}
		if d.Equal(today) {
			out.OrdersToday = day.Orders
		}
	}
	if out.LowStock, err = s.store.LowStock(ctx, st.ID, lowStockUnits, lowStockShown); err != nil {
		return out, err
	}
	out.UnreadMessages, err = s.store.UnreadMessages(ctx, u.ID)
	return out, err
}

// Messages of aggregateRule.
const (
	msgOptionsPrice = "This product has options: set the price of each variant."
	msgOptionsStock = "This product has options: set the stock of each variant."
)

// aggregateRule keeps the price and stock of a product with options, which
// are its variants' aggregates (decision 0029), out of a change of the
// product: the values they have already (a form sent back whole, an
// exported row) pass and are not written; any other value is an error of
// its field (price, inventory).
func aggregateRule(p *shop.BulkProduct, ch *shop.ProductChange) shop.FieldErrors {
	fe := shop.FieldErrors{}
	if !p.HasOptions {
		return fe
	}
	if ch.UnitPrice != nil && *ch.UnitPrice != p.UnitPrice {
		fe.Add("price", msgOptionsPrice)
	}
	if ch.Inventory != nil && *ch.Inventory != p.Inventory {
		fe.Add("inventory", msgOptionsStock)
	}
	ch.UnitPrice, ch.Inventory, ch.ExpectedInventory = nil, nil, nil
	return fe
}

// checkSKU trims a product's or variant's SKU and checks it: at most 64
// characters, no control characters ("" is none).
func checkSKU(fe shop.FieldErrors, field, raw string) string {
	sku := strings.TrimSpace(raw)
	switch {
	case utf8.RuneCountInString(sku) > maxSKU:
		fe.Add(field, "Ensure this field has no more than "+strconv.Itoa(maxSKU)+" characters.")
	case strings.ContainsFunc(sku, unicode.IsControl):
		fe.Add(field, "Use letters, digits and signs only.")
	}
	return sku
}
