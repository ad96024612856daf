package shop

import (
	"strings"
	"time"
)

// Delivery fees, dates and pickup stations (issue 21, decision 0024). Ghana
// keeps UTC all year, so "today" and the hour are UTC; dates are calendar
// dates written DateLayout.

// How a store's part of an order reaches the buyer.
const (
	DeliveryDoor   = "door"
	DeliveryPickup = "pickup" // at a staff-managed pickup station
	DeliveryStore  = "store"  // at the store's own shop
)

// DateLayout is how delivery dates and holidays are written.
const DateLayout = "2006-01-02"

// MaxDeliveryDays bounds a zone's days.
const MaxDeliveryDays = 30

// DeliveryZone is the fee and days of delivery to a region, or to one city
// of it (City "" is the whole region).
type DeliveryZone struct {
	ID               int64
	Region, City     string
	Fee              Money
	DaysMin, DaysMax int
}

// PickupPoint is a staff-managed station where buyers collect parcels.
type PickupPoint struct {
	ID                                 int64
	Name, Region, City, Address, Hours string
	Fee                                Money
	Active                             bool
}

// Holiday is a day without delivery work besides Sundays.
type Holiday struct{ Day, Name string }

// StoreDelivery is a store's delivery settings. FreeOver 0 is never free;
// SameDayCutoff -1 is no same day.
type StoreDelivery struct {
	ShipFromRegion, ShipFromCity string
	FreeOver                     Money
	SameDayCutoff                int
	Pickup                       bool
}

// NoSameDay is StoreDelivery.SameDayCutoff of a store without same day.
const NoSameDay = -1

// PickupCopy is the order's copy of the station it chose.
type PickupCopy struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	Hours   string `json:"hours"`
	Region  string `json:"region"`
	City    string `json:"city"`
}

// PartDelivery is how one store's part of an order travels and what was
// promised when it was placed: From and To are dates (DateLayout).
type PartDelivery struct {
	StoreID  int64
	Method   string
	Fee      Money
	Pickup   *PickupCopy
	From, To string
	SameDay  bool
}

// Late reports whether the part, in the given status, missed its promise
// at now: not delivered nor cancelled and today after To.
func (d PartDelivery) Late(status string, now time.Time) bool {
	return status != PartDelivered && status != PartCancelled && now.UTC().Format(DateLayout) > d.To
}

// Promise says in words when and where the part arrives, as mails show it:
// "arrives Thu 3 Dec – Fri 4 Dec", "ready at Tema Station (Harbour Rd) from
// Thu 3 Dec".
func (d PartDelivery) Promise() string {
	days := dayText(d.From)
	if d.To != d.From {
		days += " – " + dayText(d.To)
	}
	switch d.Method {
	case DeliveryPickup:
		return "ready at " + d.Pickup.Name + " (" + d.Pickup.Address + ") from " + dayText(d.From)
	case DeliveryStore:
		return "ready for pickup at the store from " + dayText(d.From)
	}
	if d.SameDay {
		return "arrives today, " + days
	}
	return "arrives " + days
}

// Span is the first and last promised day of the parts, as "3 Dec" or
// "3–5 Dec" or "30 Dec–2 Jan" for a text message; "" without deliveries.
func Span(ds []PartDelivery) string {
	if len(ds) == 0 {
		return ""
	}
	from, to := ds[0].From, ds[0].To
	for _, d := range ds[1:] {
		from, to = min(from, d.From), max(to, d.To)
	}
	f, _ := time.Parse(DateLayout, from)
	t, _ := time.Parse(DateLayout, to)
	switch {
	case from == to:
		return t.Format("2 Jan")
	case f.Month() == t.Month():
		return f.Format("2") + "–" + t.Format("2 Jan")
	}
	return f.Format("2 Jan") + "–" + t.Format("2 Jan")
}

// dayText is a date as "Thu 3 Dec".
func dayText(date string) string {
	t, err := time.Parse(DateLayout, date)
	if err != nil {
		return date
	}
	return t.Format("Mon 2 Jan")
}

// CityKey folds a city for comparison: lower case, spaces collapsed.
func CityKey(city string) string { return strings.Join(strings.Fields(strings.ToLower(city)), " ") }

// ZoneFor is the zone of a destination: the region's zone of that city,
// else the region's whole-region zone, else nil.
func ZoneFor(zones []DeliveryZone, region, city string) *DeliveryZone {
	var whole *DeliveryZone
	key := CityKey(city)
	for i, z := range zones {
		if z.Region != region {
			continue
		}
		switch CityKey(z.City) {
		case key:
			if key != "" {
				return &zones[i]
			}
			whole = &zones[i]
		case "":
			whole = &zones[i]
		}
	}
	return whole
}

// DeliveryUnavailable refuses a destination without a zone.
func DeliveryUnavailable(region string) *Error {
	return Conflict("delivery_unavailable", "We do not deliver to "+RegionName(region)+" yet.")
}

// Calendar tells working days: neither Sunday nor a holiday.
type Calendar map[string]bool

// NewCalendar is the calendar of the given holidays.
func NewCalendar(hs []Holiday) Calendar {
	c := Calendar{}
	for _, h := range hs {
		c[h.Day] = true
	}
	return c
}

// Working reports whether the day is a working day.
func (c Calendar) Working(day time.Time) bool {
	return day.Weekday() != time.Sunday && !c[day.Format(DateLayout)]
}

// WorkingDay is the n-th working day after today's date; the 0th is today
// when it is a working day, else the next one.
func (c Calendar) WorkingDay(now time.Time, n int) time.Time {
	now = now.UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if !c.Working(day) {
		// The next working day is both the 0th and the 1st after today.
		for !c.Working(day) {
			day = day.AddDate(0, 0, 1)
		}
		n = max(n-1, 0)
	}
	for n > 0 {
		day = day.AddDate(0, 0, 1)
		if c.Working(day) {
			n--
		}
	}
	return day
}

// DeliveryPlan is what decides one store part's delivery.
type DeliveryPlan struct {
	Region, City string // the destination
	Store        StoreDelivery
	ItemsTotal   Money // the part's lines
	Method       string
	Pickup       *PickupPoint // with DeliveryPickup
	Now          time.Time
}

// PlanDelivery applies the rules of decision 0024 to one store part: its
// fee and dates, or delivery_unavailable when the destination (or the
// station's city) has no zone.
func PlanDelivery(zones []DeliveryZone, cal Calendar, p DeliveryPlan) (PartDelivery, *Error) {
	d := PartDelivery{Method: p.Method}
	free := p.Store.FreeOver > 0 && p.ItemsTotal >= p.Store.FreeOver
	now := p.Now.UTC()
	today := now.Format(DateLayout)
	beforeCutoff := p.Store.SameDayCutoff != NoSameDay && now.Hour() < p.Store.SameDayCutoff && cal.Working(now)
	switch p.Method {
	case DeliveryStore:
		ready := cal.WorkingDay(now, 1).Format(DateLayout)
		if beforeCutoff {
			ready = today
		}
		d.From, d.To = ready, ready
		return d, nil
	case DeliveryPickup:
		z := ZoneFor(zones, p.Pickup.Region, p.Pickup.City)
		if z == nil {
			return d, DeliveryUnavailable(p.Pickup.Region)
		}
		d.Fee = p.Pickup.Fee
		d.Pickup = &PickupCopy{Name: p.Pickup.Name, Address: p.Pickup.Address, Hours: p.Pickup.Hours,
			Region: p.Pickup.Region, City: p.Pickup.City}
		d.From, d.To = cal.WorkingDay(now, z.DaysMin).Format(DateLayout), cal.WorkingDay(now, z.DaysMax).Format(DateLayout)
	default:
		z := ZoneFor(zones, p.Region, p.City)
		if z == nil {
			return d, DeliveryUnavailable(p.Region)
		}
		d.Fee = z.Fee
		d.From, d.To = cal.WorkingDay(now, z.DaysMin).Format(DateLayout), cal.WorkingDay(now, z.DaysMax).Format(DateLayout)
		if beforeCutoff && p.Store.ShipFromRegion == p.Region && p.Store.ShipFromCity != "" &&
			CityKey(p.Store.ShipFromCity) == CityKey(p.City) {
			d.From, d.To, d.SameDay = today, today, true
		}
	}
	if free {
		d.Fee = 0
	}
	return d, nil
}
