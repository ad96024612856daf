package service

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"dwa/internal/shop"
)

// Delivery fees, dates and pickup stations (decision 0024): staff keep the
// zones, stations and holidays; stores their ship-from and offers; the
// rules are shop.PlanDelivery's.

// DeliveryStore keeps zones, stations, holidays and shoppers' regions.
type DeliveryStore interface {
	// DeliveryZones lists a region's zones ("" = all), by region then city.
	DeliveryZones(ctx context.Context, region string) ([]shop.DeliveryZone, error)
	// CreateDeliveryZone refuses a region and city taken with a field error.
	CreateDeliveryZone(ctx context.Context, z *shop.DeliveryZone, at time.Time) error
	UpdateDeliveryZone(ctx context.Context, z shop.DeliveryZone, at time.Time) (bool, error)
	DeleteDeliveryZone(ctx context.Context, id int64) (bool, error)
	// PickupPoints lists stations by name, of a region ("" = all).
	PickupPoints(ctx context.Context, region string, activeOnly bool) ([]shop.PickupPoint, error)
	PickupPoint(ctx context.Context, id int64) (*shop.PickupPoint, error)
	CreatePickupPoint(ctx context.Context, p *shop.PickupPoint, at time.Time) error
	UpdatePickupPoint(ctx context.Context, p shop.PickupPoint, at time.Time) (bool, error)
	DeletePickupPoint(ctx context.Context, id int64) (bool, error)
	// Holidays lists holidays from a day (shop.DateLayout) on.
	Holidays(ctx context.Context, from string) ([]shop.Holiday, error)
	// CreateHoliday is false when the day is a holiday already.
	CreateHoliday(ctx context.Context, h shop.Holiday) (bool, error)
	DeleteHoliday(ctx context.Context, day string) (bool, error)
	SetDeliveryRegion(ctx context.Context, userID int64, region string) error
	// ProductLines reads the products as lines of the quantities asked, in
	// request order, without those that do not exist.
	ProductLines(ctx context.Context, req []shop.LineRequest) ([]shop.CartLine, error)
}

// maxDeliveryFee bounds a fee or a free-delivery threshold: GH₵ 1,000,000.
const maxDeliveryFee shop.Money = 100_000_000

const msgFee = "Enter an amount in GH₵ like 25.00."

var (
	errNoZone   = shop.NotFound("DeliveryZone")
	errNoPickup = shop.NotFound("PickupPoint")
	errNoDay    = shop.NotFound("Holiday")
)

// deliveryRules are what prices delivery to one region now.
type deliveryRules struct {
	zones    []shop.DeliveryZone
	cal      shop.Calendar
	stations []shop.PickupPoint // the region's active ones
	now      time.Time
}

// rulesFor reads the region's zones and active stations and the holidays
// from today on: what the bag's quote and an order are priced by.
func (s *Service) rulesFor(ctx context.Context, region string) (deliveryRules, error) {
	r := deliveryRules{now: s.now()}
	var err error
	if r.zones, err = s.store.DeliveryZones(ctx, region); err != nil {
		return r, err
	}
	if r.stations, err = s.store.PickupPoints(ctx, region, true); err != nil {
		return r, err
	}
	hs, err := s.store.Holidays(ctx, r.now.UTC().Format(shop.DateLayout))
	r.cal = shop.NewCalendar(hs)
	return r, err
}

// deliveryTablesTTL is how long the product page's line may use zones and
// holidays another instance's staff have changed since (this instance's
// own changes drop them at once). The bag's quote and orders read them
// afresh: they charge the fee.
const deliveryTablesTTL = 30 * time.Second

// deliveryTables keeps every zone and the holidays from the day they were
// read on: a few hundred rows that every product page's delivery line
// would otherwise read from the database.
type deliveryTables struct {
	mu       sync.Mutex
	at       time.Time // zero: nothing kept
	zones    []shop.DeliveryZone
	holidays []shop.Holiday
}

func (t *deliveryTables) drop() {
	t.mu.Lock()
	t.at = time.Time{}
	t.mu.Unlock()
}

// doorRules are the rules of door delivery (no stations), from the kept
// tables when they are fresh enough.
func (s *Service) doorRules(ctx context.Context) (deliveryRules, error) {
	now := s.now()
	t := &s.deliveryTables
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.at.IsZero() || now.Sub(t.at) >= deliveryTablesTTL || now.Before(t.at) {
		zones, err := s.store.DeliveryZones(ctx, "")
		if err != nil {
			return deliveryRules{}, err
		}
		hs, err := s.store.Holidays(ctx, now.UTC().Format(shop.DateLayout))
		if err != nil {
			return deliveryRules{}, err
		}
		t.zones, t.holidays, t.at = zones, hs, now
	}
	return deliveryRules{zones: t.zones, cal: shop.NewCalendar(t.holidays), now: now}, nil
}

func (r deliveryRules) station(id int64) *shop.PickupPoint {
	for i := range r.stations {
		if r.stations[i].ID == id {
			return &r.stations[i]
		}
	}
	return nil
}

// checkRegion is a region code's field error, if any.
func checkRegion(fe shop.FieldErrors, field, code string) {
	if shop.RegionName(code) == "" {
		fe.Add(field, `Select a valid choice. "`+code+`" is not one of the available choices.`)
	}
}

// ProductDeliveryQuote is the product page's delivery line.
type ProductDeliveryQuote struct {
	Region   string
	Store    *shop.Store // nil for a product without a store
	Delivery shop.PartDelivery
	// Unavailable is why there is no delivery (nil when there is).
	Unavailable *shop.Error
}

// QuoteProductDelivery prices door delivery of one unit of a visible
// product to a region and city.
func (s *Service) QuoteProductDelivery(ctx context.Context, productID int64, region, city string) (*ProductDeliveryQuote, error) {
	fe := shop.FieldErrors{}
	checkRegion(fe, "region", region)
	if utf8.RuneCountInString(city) > maxCity {
		fe.Add("city", "Ensure this field has no more than "+strconv.Itoa(maxCity)+" characters.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	p, err := s.Product(ctx, productID, shop.DetailOptions{})
	if err != nil {
		return nil, err
	}
	q := &ProductDeliveryQuote{Region: region}
	settings := shop.StoreDelivery{SameDayCutoff: shop.NoSameDay}
	if p.StoreID != 0 {
		if q.Store, err = s.store.ActiveStoreByID(ctx, p.StoreID); err != nil {
			return nil, err
		}
		if q.Store != nil {
			settings = q.Store.Delivery
		}
	}
	rules, err := s.doorRules(ctx)
	if err != nil {
		return nil, err
	}
	q.Delivery, q.Unavailable = shop.PlanDelivery(rules.zones, rules.cal, shop.DeliveryPlan{Region: region, City: city,
		Store: settings, ItemsTotal: p.UnitPrice, Method: shop.DeliveryDoor, Now: rules.now})
	return q, nil
}

// PickupStations lists the active stations of a region ("" = all), by name.
func (s *Service) PickupStations(ctx context.Context, region string) ([]shop.PickupPoint, error) {
	if region != "" {
		fe := shop.FieldErrors{}
		if checkRegion(fe, "region", region); len(fe) > 0 {
			return nil, fe.Err()
		}
	}
	return s.store.PickupPoints(ctx, region, true)
}

// DeliveryChoiceInput is one store part's way other than the door, as decoded.
type DeliveryChoiceInput struct {
	Store       Ref
	PickupPoint Ref
	StorePickup *bool
}

// deliveryChoice is a part's checked method and station.
type deliveryChoice struct {
	method string
	pickup *shop.PickupPoint
}

// partOf is a store's share of a list of lines.
type partOf struct {
	storeID    int64
	storeName  string
	address    string
	settings   shop.StoreDelivery
	itemsTotal shop.Money
}

// partsOf groups lines by store, in the order of their first line.
func partsOf(lines []shop.CartLine) []partOf {
	var out []partOf
	index := map[int64]int{}
	for _, l := range lines {
		i, ok := index[l.Product.StoreID]
		if !ok {
			i = len(out)
			index[l.Product.StoreID] = i
			settings := l.Product.StoreDelivery
			if l.Product.StoreID == 0 {
				settings.SameDayCutoff = shop.NoSameDay
			}
			out = append(out, partOf{storeID: l.Product.StoreID, storeName: l.Product.StoreName,
				address: l.Product.StoreAddress, settings: settings})
		}
		out[i].itemsTotal += l.Total()
	}
	return out
}

// choices checks the parts' choices into fe (errors keyed field[i].…) and
// returns them by store.
func (r deliveryRules) choices(fe shop.FieldErrors, field string, in []DeliveryChoiceInput, parts []partOf) map[int64]deliveryChoice {
	out := map[int64]deliveryChoice{}
	if len(in) > shop.MaxCartLines {
		fe.Add(field, "Ensure this field has no more than "+strconv.Itoa(shop.MaxCartLines)+" elements.")
		return out
	}
	byStore := map[int64]*partOf{}
	for i := range parts {
		byStore[parts[i].storeID] = &parts[i]
	}
	for i, c := range in {
		prefix := field + "[" + strconv.Itoa(i) + "]."
		if !c.Store.check(fe, prefix+"store", true) {
			continue
		}
		part := byStore[c.Store.ID]
		switch {
		case part == nil:
			fe.Add(prefix+"store", doesNotExist(c.Store))
			continue
		case out[c.Store.ID].method != "":
			fe.Add(prefix+"store", "This store is already in the list.")
			continue
		}
		pickup := c.StorePickup != nil && *c.StorePickup
		switch {
		case pickup && c.PickupPoint.Present:
			fe.Add(prefix+"pickup_point", "Send either pickup_point or store_pickup, not both.")
		case pickup && !part.settings.Pickup:
			fe.Add(prefix+"store_pickup", "This store does not offer pickup at its shop.")
		case pickup:
			out[c.Store.ID] = deliveryChoice{method: shop.DeliveryStore}
		case c.PickupPoint.check(fe, prefix+"pickup_point", true):
			st := r.station(c.PickupPoint.ID)
			if st == nil {
				fe.Add(prefix+"pickup_point", doesNotExist(c.PickupPoint))
				continue
			}
			out[c.Store.ID] = deliveryChoice{method: shop.DeliveryPickup, pickup: st}
		}
	}
	return out
}

// plan prices each part to the destination: its delivery, or why not.
func (r deliveryRules) plan(parts []partOf, region, city string, chosen map[int64]deliveryChoice) ([]shop.PartDelivery, []*shop.Error) {
	ds := make([]shop.PartDelivery, len(parts))
	errs := make([]*shop.Error, len(parts))
	for i, p := range parts {
		c := chosen[p.storeID]
		if c.method == "" {
			c.method = shop.DeliveryDoor
		}
		ds[i], errs[i] = shop.PlanDelivery(r.zones, r.cal, shop.DeliveryPlan{Region: region, City: city, Store: p.settings,
			ItemsTotal: p.itemsTotal, Method: c.method, Pickup: c.pickup, Now: r.now})
		ds[i].StoreID = p.storeID
	}
	return ds, errs
}

// BagDeliveryRequest is the body of POST /store/delivery/quote/ as decoded.
type BagDeliveryRequest struct {
	Region, City *string
	Items        *[]OrderLineInput
	ItemsErr     string
	Choices      []DeliveryChoiceInput
	ChoicesErr   string
}

// BagPartQuote is one store part of a bag quote.
type BagPartQuote struct {
	StoreID            int64
	StoreName, Address string
	Settings           shop.StoreDelivery
	ItemsTotal         shop.Money
	Delivery           shop.PartDelivery
	PickupID           int64
	Unavailable        *shop.Error
}

// BagQuote is the bag's (or Buy Now lines') delivery by part.
type BagQuote struct {
	Parts      []BagPartQuote
	ItemsTotal shop.Money
}

// DeliveryTotal is the fees of the parts that can be delivered.
func (q *BagQuote) DeliveryTotal() shop.Money {
	var sum shop.Money
	for _, p := range q.Parts {
		if p.Unavailable == nil {
			sum += p.Delivery.Fee
		}
	}
	return sum
}

// Available: at least one part and every part can be delivered.
func (q *BagQuote) Available() bool {
	for _, p := range q.Parts {
		if p.Unavailable != nil {
			return false
		}
	}
	return len(q.Parts) > 0
}

// QuoteBagDelivery prices delivery of the user's bag, or of the lines
// sent, to a region and city with the parts' choices.
func (s *Service) QuoteBagDelivery(ctx context.Context, u *shop.User, in BagDeliveryRequest) (*BagQuote, error) {
	fe := shop.FieldErrors{}
	region := requiredText(fe, "region", in.Region, 0)
	if !fe.Has("region") {
		checkRegion(fe, "region", region)
	}
	city := valueOf(in.City)
	if utf8.RuneCountInString(city) > maxCity {
		fe.Add("city", "Ensure this field has no more than "+strconv.Itoa(maxCity)+" characters.")
	}
	if in.ChoicesErr != "" {
		fe.Add("choices", in.ChoicesErr)
	}
	direct := OrderRequest{Items: in.Items, ItemsErr: in.ItemsErr}.directLines(fe)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	var lines []shop.CartLine
	var err error
	if direct != nil {
		lines, err = s.store.ProductLines(ctx, direct)
		if err == nil {
			err = missingProducts(OrderRequest{Items: in.Items}, lines)
		}
	} else {
		lines, err = s.CartLines(ctx, u)
	}
	if err != nil {
		return nil, err
	}
	rules, err := s.rulesFor(ctx, region)
	if err != nil {
		return nil, err
	}
	parts := partsOf(lines)
	chosen := rules.choices(fe, "choices", in.Choices, parts)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ds, errs := rules.plan(parts, region, city, chosen)
	q := &BagQuote{Parts: make([]BagPartQuote, len(parts))}
	for i, p := range parts {
		q.Parts[i] = BagPartQuote{StoreID: p.storeID, StoreName: p.storeName, Address: p.address, Settings: p.settings,
			ItemsTotal: p.itemsTotal, Delivery: ds[i], Unavailable: errs[i]}
		if c := chosen[p.storeID]; c.pickup != nil {
			q.Parts[i].PickupID = c.pickup.ID
		}
		q.ItemsTotal += p.itemsTotal
	}
	return q, nil
}

// orderDelivery is what placing an order with a structured address needs
// to price its parts, read before the order's transaction.
type orderDelivery struct {
	rules        deliveryRules
	region, city string
	in           []DeliveryChoiceInput
}

// deliveryFor reads the rules for the order's destination; nil for an
// order placed with the free-text fields only, which has no delivery.
func (s *Service) deliveryFor(ctx context.Context, in OrderRequest, o *shop.Order, fe shop.FieldErrors) (*orderDelivery, error) {
	if in.DeliveryErr != "" {
		fe.Add("delivery", in.DeliveryErr)
	}
	if o.DeliveryAddress == nil {
		if len(in.Delivery) > 0 && !in.structured() {
			fe.Add("delivery", "Send address_id or address to choose delivery.")
		}
		return nil, nil
	}
	a := o.DeliveryAddress
	rules, err := s.rulesFor(ctx, a.Region)
	if err != nil {
		return nil, err
	}
	return &orderDelivery{rules: rules, region: a.Region, city: a.City, in: in.Delivery}, nil
}

// apply prices the order's parts inside its transaction (the lines are
// final there): choice errors are field errors, a part that cannot be
// delivered the 409 delivery_unavailable. The fees join the amount.
func (d *orderDelivery) apply(o *shop.Order, lines []shop.CartLine) error {
	parts := partsOf(lines)
	fe := shop.FieldErrors{}
	chosen := d.rules.choices(fe, "delivery", d.in, parts)
	if err := fe.Err(); err != nil {
		return err
	}
	ds, errs := d.rules.plan(parts, d.region, d.city, chosen)
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	o.Deliveries = ds
	o.Amount += o.DeliveryAmount()
	return nil
}

// SetDeliveryRegion remembers the region the user chose for quotes ("" forgets it).
func (s *Service) SetDeliveryRegion(ctx context.Context, u *shop.User, region *string) (*shop.User, error) {
	if region == nil {
		return u, nil
	}
	if *region != "" {
		fe := shop.FieldErrors{}
		if checkRegion(fe, "delivery_region", *region); len(fe) > 0 {
			return nil, fe.Err()
		}
	}
	if err := s.store.SetDeliveryRegion(ctx, u.ID, *region); err != nil {
		return nil, err
	}
	out := *u
	out.DeliveryRegion = *region
	return &out, nil
}

// Staff's delivery settings.

// DeliveryZoneInput is a zone as decoded; nil fields are not sent.
type DeliveryZoneInput struct {
	Region, City     *string
	Fee              FieldValue
	DaysMin, DaysMax *int64
}

// DeliveryZones lists every zone.
func (s *Service) DeliveryZones(ctx context.Context) ([]shop.DeliveryZone, error) {
	return s.store.DeliveryZones(ctx, "")
}

// SaveDeliveryZone creates a zone (id 0) or changes the sent fields of one.
func (s *Service) SaveDeliveryZone(ctx context.Context, id int64, in DeliveryZoneInput) (*shop.DeliveryZone, error) {
	z := shop.DeliveryZone{ID: id}
	create := id == 0
	if !create {
		all, err := s.store.DeliveryZones(ctx, "")
		if err != nil {
			return nil, err
		}
		var found bool
		for _, cur := range all {
			if cur.ID == id {
				z, found = cur, true
			}
		}
		if !found {
			return nil, errNoZone
		}
	}
	fe := shop.FieldErrors{}
	if in.Region != nil || create {
		if z.Region = requiredText(fe, "region", in.Region, 0); !fe.Has("region") {
			checkRegion(fe, "region", z.Region)
		}
	}
	if in.City != nil {
		optionalText(fe, "city", in.City, maxCity, &z.City)
		z.City = strings.Join(strings.Fields(z.City), " ")
	}
	if in.Fee.Present || create {
		z.Fee = parseFee(fe, "fee", in.Fee, true)
	}
	days := func(name string, v *int64, dst *int) {
		switch {
		case v == nil && create:
			fe.Add(name, msgRequired)
		case v == nil:
		case *v < 0 || *v > shop.MaxDeliveryDays:
			fe.Add(name, "Enter a number of days from 0 to "+strconv.Itoa(shop.MaxDeliveryDays)+".")
		default:
			*dst = int(*v)
		}
	}
	days("days_min", in.DaysMin, &z.DaysMin)
	days("days_max", in.DaysMax, &z.DaysMax)
	if !fe.Has("days_min") && !fe.Has("days_max") && z.DaysMax < z.DaysMin {
		fe.Add("days_max", "Must be at least days_min.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	now := s.now()
	defer s.deliveryTables.drop()
	if create {
		return &z, s.store.CreateDeliveryZone(ctx, &z, now)
	}
	ok, err := s.store.UpdateDeliveryZone(ctx, z, now)
	if err == nil && !ok {
		err = errNoZone
	}
	return &z, err
}

// DeleteDeliveryZone deletes a zone.
func (s *Service) DeleteDeliveryZone(ctx context.Context, id int64) error {
	defer s.deliveryTables.drop()
	return found(s.store.DeleteDeliveryZone(ctx, id))(errNoZone)
}

// found turns a store's (found, err) into the error to answer.
func found(ok bool, err error) func(missing error) error {
	return func(missing error) error {
		if err == nil && !ok {
			return missing
		}
		return err
	}
}

// parseFee reads an amount in cedis, sent as a number or as typed; zero
// only when allowZero.
func parseFee(fe shop.FieldErrors, field string, v FieldValue, allowZero bool) shop.Money {
	switch {
	case !v.Present:
		fe.Add(field, msgRequired)
		return 0
	case v.Null:
		fe.Add(field, "This field may not be null.")
		return 0
	case v.TypeErr != "":
		fe.Add(field, msgFee)
		return 0
	}
	m, blank, ok := typedCedis(v.Text)
	switch {
	case blank:
		fe.Add(field, msgBlank)
	case !ok:
		fe.Add(field, msgFee)
	case m < 0 || (m == 0 && !allowZero):
		fe.Add(field, "Enter an amount above GH₵ 0.")
	case m > maxDeliveryFee:
		fe.Add(field, "Enter an amount of at most GH₵ "+maxDeliveryFee.Grouped()+".")
	default:
		return m
	}
	return 0
}

// PickupPointInput is a station as decoded; nil fields are not sent.
type PickupPointInput struct {
	Name, Region, City, Address, Hours *string
	Fee                                FieldValue
	Active                             *bool
}

// AdminPickupPoints lists every station.
func (s *Service) AdminPickupPoints(ctx context.Context) ([]shop.PickupPoint, error) {
	return s.store.PickupPoints(ctx, "", false)
}

// SavePickupPoint creates a station (id 0) or changes the sent fields of one.
func (s *Service) SavePickupPoint(ctx context.Context, id int64, in PickupPointInput) (*shop.PickupPoint, error) {
	p := shop.PickupPoint{Active: true}
	create := id == 0
	if !create {
		cur, err := s.store.PickupPoint(ctx, id)
		if err != nil {
			return nil, err
		}
		if cur == nil {
			return nil, errNoPickup
		}
		p = *cur
	}
	fe := shop.FieldErrors{}
	text := func(name string, v *string, maxLen int, dst *string) {
		if v != nil || create {
			*dst = requiredText(fe, name, v, maxLen)
		}
	}
	text("name", in.Name, 100, &p.Name)
	text("city", in.City, maxCity, &p.City)
	text("address", in.Address, 300, &p.Address)
	optionalText(fe, "hours", in.Hours, 100, &p.Hours)
	if in.Region != nil || create {
		if p.Region = requiredText(fe, "region", in.Region, 0); !fe.Has("region") {
			checkRegion(fe, "region", p.Region)
		}
	}
	if in.Fee.Present || create {
		p.Fee = parseFee(fe, "fee", in.Fee, true)
	}
	if in.Active != nil {
		p.Active = *in.Active
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	now := s.now()
	if create {
		return &p, s.store.CreatePickupPoint(ctx, &p, now)
	}
	return &p, found(s.store.UpdatePickupPoint(ctx, p, now))(errNoPickup)
}

// DeletePickupPoint deletes a station; orders keep their copy of it.
func (s *Service) DeletePickupPoint(ctx context.Context, id int64) error {
	return found(s.store.DeletePickupPoint(ctx, id))(errNoPickup)
}

// AdminHolidays lists the holidays from a year ago on.
func (s *Service) AdminHolidays(ctx context.Context) ([]shop.Holiday, error) {
	return s.store.Holidays(ctx, s.now().UTC().AddDate(-1, 0, 0).Format(shop.DateLayout))
}

// AddHoliday adds a holiday.
func (s *Service) AddHoliday(ctx context.Context, day, name *string) (*shop.Holiday, error) {
	fe := shop.FieldErrors{}
	h := shop.Holiday{Day: requiredText(fe, "day", day, 0), Name: requiredText(fe, "name", name, 100)}
	if !fe.Has("day") {
		if _, err := time.Parse(shop.DateLayout, h.Day); err != nil {
			fe.Add("day", "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.")
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ok, err := s.store.CreateHoliday(ctx, h)
	s.deliveryTables.drop()
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, shop.Invalid(map[string][]string{"day": {"This day is already a holiday."}})
	}
	return &h, nil
}

// DeleteHoliday deletes a holiday.
func (s *Service) DeleteHoliday(ctx context.Context, day string) error {
	defer s.deliveryTables.drop()
	return found(s.store.DeleteHoliday(ctx, day))(errNoDay)
}

// AddDeliveryData writes zones, stations and holidays as given (the demo's;
// staff use the checked endpoints).
func (s *Service) AddDeliveryData(ctx context.Context, zones []shop.DeliveryZone, points []shop.PickupPoint, hs []shop.Holiday) error {
	now := s.now()
	defer s.deliveryTables.drop()
	for i := range zones {
		if err := s.store.CreateDeliveryZone(ctx, &zones[i], now); err != nil {
			return err
		}
	}
	for i := range points {
		if err := s.store.CreatePickupPoint(ctx, &points[i], now); err != nil {
			return err
		}
	}
	for _, h := range hs {
		if _, err := s.store.CreateHoliday(ctx, h); err != nil {
			return err
		}
	}
	return nil
}

// SetStoreDelivery replaces a store's delivery settings as given (the demo's).
func (s *Service) SetStoreDelivery(ctx context.Context, storeID int64, d shop.StoreDelivery) error {
	return found(s.store.UpdateStore(ctx, storeID, shop.StoreChange{Delivery: &d}))(shop.NotFound("Store"))
}
