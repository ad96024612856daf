package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Delivery fees, dates and pickup stations (decision 0024).

type pickupRefDTO struct {
	ID         int64  `json:"id,omitempty"`
	Name       string `json:"name"`
	Address    string `json:"address"`
	Hours      string `json:"hours"`
	City       string `json:"city"`
	RegionName string `json:"region_name"`
}

func toPickupRef(c *shop.PickupCopy, id int64) *pickupRefDTO {
	if c == nil {
		return nil
	}
	return &pickupRefDTO{ID: id, Name: c.Name, Address: c.Address, Hours: c.Hours, City: c.City,
		RegionName: shop.RegionName(c.Region)}
}

type partDeliveryDTO struct {
	Method  string          `json:"method"`
	Fee     json.RawMessage `json:"fee"`
	From    string          `json:"from"`
	To      string          `json:"to"`
	SameDay bool            `json:"same_day"`
	Pickup  *pickupRefDTO   `json:"pickup_point"`
	Late    bool            `json:"late"`
}

// toPartDelivery is a part's delivery as promised, late or not at now; nil
// for an order placed with the free-text fields only.
func toPartDelivery(p shop.Part, now time.Time) *partDeliveryDTO {
	d := p.Delivery
	if d == nil {
		return nil
	}
	return &partDeliveryDTO{Method: d.Method, Fee: moneyNumber(d.Fee), From: d.From, To: d.To, SameDay: d.SameDay,
		Pickup: toPickupRef(d.Pickup, 0), Late: d.Late(p.Status, now)}
}

// optionalMoney is an amount, or null for 0 (none).
func optionalMoney(m shop.Money) json.RawMessage {
	if m == 0 {
		return json.RawMessage("null")
	}
	return moneyNumber(m)
}

// optionalDate is a date, or null for "".
func optionalDate(d string) *string {
	if d == "" {
		return nil
	}
	return &d
}

// optionalCutoff is a same-day cut-off hour, or null for none.
func optionalCutoff(h int) *int {
	if h == shop.NoSameDay {
		return nil
	}
	return &h
}

type deliveryQuoteDTO struct {
	Region             string          `json:"region"`
	RegionName         string          `json:"region_name"`
	Available          bool            `json:"available"`
	Reason             *string         `json:"reason"`
	Fee                json.RawMessage `json:"fee"`
	From               *string         `json:"from"`
	To                 *string         `json:"to"`
	SameDay            bool            `json:"same_day"`
	SameDayCutoff      *int            `json:"same_day_cutoff"`
	FreeDeliveryOver   json.RawMessage `json:"free_delivery_over"`
	ShipFromRegion     string          `json:"ship_from_region"`
	ShipFromRegionName string          `json:"ship_from_region_name"`
	Store              *storeRefDTO    `json:"store"`
}

// getDeliveryQuote answers GET /store/delivery/quote/. The answer depends on
// the clock, zones and holidays, which the read cache does not follow, so
// it is computed each time and only revalidated (ETag, 304).
func (a *API) getDeliveryQuote(w http.ResponseWriter, r *http.Request) error {
	fe := shop.FieldErrors{}
	product, err := strconv.ParseInt(lastQueryValue(r, "product"), 10, 64)
	if err != nil || product <= 0 {
		fe.Add("product", "A valid integer is required.")
	}
	region := lastQueryValue(r, "region")
	if region == "" {
		fe.Add("region", "This field is required.")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	q, err := a.svc.QuoteProductDelivery(r.Context(), product, region, lastQueryValue(r, "city"))
	if err != nil {
		return err
	}
	settings := shop.StoreDelivery{SameDayCutoff: shop.NoSameDay}
	d := deliveryQuoteDTO{Region: q.Region, RegionName: shop.RegionName(q.Region), Available: q.Unavailable == nil,
		Fee: json.RawMessage("null")}
	if q.Store != nil {
		settings = q.Store.Delivery
		d.Store = &storeRefDTO{ID: q.Store.ID, Name: q.Store.Name}
	}
	d.SameDayCutoff, d.FreeDeliveryOver = optionalCutoff(settings.SameDayCutoff), optionalMoney(settings.FreeOver)
	d.ShipFromRegion, d.ShipFromRegionName = settings.ShipFromRegion, shop.RegionName(settings.ShipFromRegion)
	if q.Unavailable != nil {
		d.Reason = &q.Unavailable.Detail
	} else {
		d.Fee, d.From, d.To, d.SameDay = moneyNumber(q.Delivery.Fee), &q.Delivery.From, &q.Delivery.To, q.Delivery.SameDay
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return err
	}
	h := http.Header{"Content-Type": {"application/json"}, "Cache-Control": {"public, no-cache"}}
	newEncodedRead(h, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))).write(w, r)
	return nil
}

type pickupPointDTO struct {
	ID         int64           `json:"id"`
	Name       string          `json:"name"`
	Region     string          `json:"region"`
	RegionName string          `json:"region_name"`
	City       string          `json:"city"`
	Address    string          `json:"address"`
	Hours      string          `json:"hours"`
	Fee        json.RawMessage `json:"fee"`
	IsActive   *bool           `json:"is_active,omitempty"`
}

func toPickupPoint(p shop.PickupPoint) pickupPointDTO {
	return pickupPointDTO{ID: p.ID, Name: p.Name, Region: p.Region, RegionName: shop.RegionName(p.Region), City: p.City,
		Address: p.Address, Hours: p.Hours, Fee: moneyNumber(p.Fee)}
}

func toAdminPickupPoint(p shop.PickupPoint) pickupPointDTO {
	d := toPickupPoint(p)
	d.IsActive = &p.Active
	return d
}

func (a *API) listPickupPoints(w http.ResponseWriter, r *http.Request) error {
	ps, err := a.svc.PickupStations(r.Context(), lastQueryValue(r, "region"))
	return replyAll(a, w, r, ps, err, toPickupPoint)
}

type bagQuoteRequest struct {
	Region  *string         `json:"region"`
	City    *string         `json:"city"`
	Items   json.RawMessage `json:"items"`
	Choices json.RawMessage `json:"choices"`
}

type bagPartDTO struct {
	Store                *storeRefDTO    `json:"store"`
	ItemsTotal           json.RawMessage `json:"items_total"`
	Method               string          `json:"method"`
	Fee                  json.RawMessage `json:"fee"`
	From                 *string         `json:"from"`
	To                   *string         `json:"to"`
	SameDay              bool            `json:"same_day"`
	Pickup               *pickupRefDTO   `json:"pickup_point"`
	StorePickupAvailable bool            `json:"store_pickup_available"`
	StoreAddress         string          `json:"store_address"`
	FreeDeliveryOver     json.RawMessage `json:"free_delivery_over"`
	Available            bool            `json:"available"`
	Reason               *string         `json:"reason"`
}

type bagQuoteDTO struct {
	Parts         []bagPartDTO    `json:"parts"`
	ItemsTotal    json.RawMessage `json:"items_total"`
	DeliveryTotal json.RawMessage `json:"delivery_total"`
	Total         json.RawMessage `json:"total"`
	Available     bool            `json:"available"`
}

func toBagQuote(q *service.BagQuote) bagQuoteDTO {
	d := bagQuoteDTO{Parts: make([]bagPartDTO, len(q.Parts)), ItemsTotal: moneyNumber(q.ItemsTotal),
		DeliveryTotal: moneyNumber(q.DeliveryTotal()), Total: moneyNumber(q.ItemsTotal + q.DeliveryTotal()),
		Available: q.Available()}
	for i, p := range q.Parts {
		part := bagPartDTO{ItemsTotal: moneyNumber(p.ItemsTotal), Method: p.Delivery.Method, Fee: json.RawMessage("null"),
			StorePickupAvailable: p.Settings.Pickup, StoreAddress: p.Address,
			FreeDeliveryOver: optionalMoney(p.Settings.FreeOver), Available: p.Unavailable == nil}
		if p.StoreID != 0 {
			part.Store = &storeRefDTO{ID: p.StoreID, Name: p.StoreName}
		}
		if p.Unavailable != nil {
			part.Reason = &p.Unavailable.Detail
		} else {
			part.Fee, part.From, part.To = moneyNumber(p.Delivery.Fee), optionalDate(p.Delivery.From), optionalDate(p.Delivery.To)
			part.SameDay, part.Pickup = p.Delivery.SameDay, toPickupRef(p.Delivery.Pickup, p.PickupID)
		}
		d.Parts[i] = part
	}
	return d
}

func (a *API) quoteBagDelivery(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[bagQuoteRequest](r)
	if err != nil {
		return err
	}
	items, itemsErr := orderLines(in.Items)
	choices, choicesErr := deliveryChoices(in.Choices)
	q, err := a.svc.QuoteBagDelivery(r.Context(), caller(r), service.BagDeliveryRequest{Region: in.Region, City: in.City,
		Items: items, ItemsErr: itemsErr, Choices: choices, ChoicesErr: choicesErr})
	return replyResult(w, http.StatusOK, q, err, toBagQuote)
}

// deliveryChoices decodes a list of {store, pickup_point | store_pickup};
// the reason it is not such a list is returned instead, as the field's error.
func deliveryChoices(raw json.RawMessage) ([]service.DeliveryChoiceInput, string) {
	if raw == nil {
		return nil, ""
	}
	list, ok := decodeValue(raw).([]any)
	if !ok {
		return nil, "Expected a list of {store, pickup_point} or {store, store_pickup} objects."
	}
	out := make([]service.DeliveryChoiceInput, len(list))
	for i, el := range list {
		obj, ok := el.(map[string]any)
		if !ok {
			return nil, "Invalid data. Expected a dictionary, but got " + pythonType(el) + "."
		}
		ref := func(name string) service.Ref {
			v, present := obj[name]
			if !present {
				return service.Ref{}
			}
			b, _ := json.Marshal(v) // re-encoding decoded JSON cannot fail
			return decodeRef(b)
		}
		out[i].Store, out[i].PickupPoint = ref("store"), ref("pickup_point")
		if v, present := obj["store_pickup"]; present {
			b, isBool := v.(bool)
			if !isBool {
				return nil, "store_pickup must be true or false."
			}
			out[i].StorePickup = &b
		}
	}
	return out, ""
}

type meRequest struct {
	DeliveryRegion *string `json:"delivery_region"`
}

func (a *API) patchMe(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[meRequest](r)
	if err != nil {
		return err
	}
	u, err := a.svc.SetDeliveryRegion(r.Context(), caller(r), in.DeliveryRegion)
	if err != nil {
		return err
	}
	return a.replyMe(w, r, u)
}

// Staff.

type deliveryZoneDTO struct {
	ID         int64           `json:"id"`
	Region     string          `json:"region"`
	RegionName string          `json:"region_name"`
	City       string          `json:"city"`
	Fee        json.RawMessage `json:"fee"`
	DaysMin    int             `json:"days_min"`
	DaysMax    int             `json:"days_max"`
}

func toDeliveryZone(z shop.DeliveryZone) deliveryZoneDTO {
	return deliveryZoneDTO{ID: z.ID, Region: z.Region, RegionName: shop.RegionName(z.Region), City: z.City,
		Fee: moneyNumber(z.Fee), DaysMin: z.DaysMin, DaysMax: z.DaysMax}
}

type deliveryZoneRequest struct {
	Region  *string         `json:"region"`
	City    *string         `json:"city"`
	Fee     json.RawMessage `json:"fee"`
	DaysMin *int64          `json:"days_min"`
	DaysMax *int64          `json:"days_max"`
}

func (a *API) listDeliveryZones(w http.ResponseWriter, r *http.Request) error {
	zs, err := a.svc.DeliveryZones(r.Context())
	return replyAll(a, w, r, zs, err, toDeliveryZone)
}

// saveDeliveryZone answers POST (create) and PATCH …/{id}/.
func (a *API) saveDeliveryZone(w http.ResponseWriter, r *http.Request) error {
	id, status, err := saveTarget(r, "DeliveryZone")
	if err != nil {
		return err
	}
	in, err := decoded[deliveryZoneRequest](r)
	if err != nil {
		return err
	}
	z, err := a.svc.SaveDeliveryZone(r.Context(), id, service.DeliveryZoneInput{Region: in.Region, City: in.City,
		Fee: decodeField(in.Fee), DaysMin: in.DaysMin, DaysMax: in.DaysMax})
	return replyResult(w, status, z, err, func(z *shop.DeliveryZone) deliveryZoneDTO { return toDeliveryZone(*z) })
}

// saveTarget is the id of a PATCH (0 and 201 for a POST to the list).
func saveTarget(r *http.Request, model string) (int64, int, error) {
	if r.PathValue("id") == "" {
		return 0, http.StatusCreated, nil
	}
	id, err := objectID(r, "id", model)
	return id, http.StatusOK, err
}

func (a *API) deleteDeliveryZone(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "DeliveryZone")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteDeliveryZone(r.Context(), id))
}

type pickupPointRequest struct {
	Name     *string         `json:"name"`
	Region   *string         `json:"region"`
	City     *string         `json:"city"`
	Address  *string         `json:"address"`
	Hours    *string         `json:"hours"`
	Fee      json.RawMessage `json:"fee"`
	IsActive *bool           `json:"is_active"`
}

func (a *API) listAdminPickupPoints(w http.ResponseWriter, r *http.Request) error {
	ps, err := a.svc.AdminPickupPoints(r.Context())
	return replyAll(a, w, r, ps, err, toAdminPickupPoint)
}

func (a *API) savePickupPoint(w http.ResponseWriter, r *http.Request) error {
	id, status, err := saveTarget(r, "PickupPoint")
	if err != nil {
		return err
	}
	in, err := decoded[pickupPointRequest](r)
	if err != nil {
		return err
	}
	p, err := a.svc.SavePickupPoint(r.Context(), id, service.PickupPointInput{Name: in.Name, Region: in.Region,
		City: in.City, Address: in.Address, Hours: in.Hours, Fee: decodeField(in.Fee), Active: in.IsActive})
	return replyResult(w, status, p, err, func(p *shop.PickupPoint) pickupPointDTO { return toAdminPickupPoint(*p) })
}

func (a *API) deletePickupPoint(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "PickupPoint")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeletePickupPoint(r.Context(), id))
}

type holidayDTO struct {
	Day  string `json:"day"`
	Name string `json:"name"`
}

func toHoliday(h shop.Holiday) holidayDTO { return holidayDTO{Day: h.Day, Name: h.Name} }

type holidayRequest struct {
	Day  *string `json:"day"`
	Name *string `json:"name"`
}

func (a *API) listHolidays(w http.ResponseWriter, r *http.Request) error {
	hs, err := a.svc.AdminHolidays(r.Context())
	return replyAll(a, w, r, hs, err, toHoliday)
}

func (a *API) addHoliday(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[holidayRequest](r)
	if err != nil {
		return err
	}
	h, err := a.svc.AddHoliday(r.Context(), in.Day, in.Name)
	return replyResult(w, http.StatusCreated, h, err, func(h *shop.Holiday) holidayDTO { return toHoliday(*h) })
}

func (a *API) deleteHoliday(w http.ResponseWriter, r *http.Request) error {
	return replyNoContent(w, a.svc.DeleteHoliday(r.Context(), r.PathValue("day")))
}
