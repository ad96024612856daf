package shop

import (
	"testing"
	"time"
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestWorkingDay(t *testing.T) {
	// 2026-12-05 is a Saturday, 2026-12-06 a Sunday; 2026-12-25 (Fri) and
	// 2026-12-26 (Sat) are holidays here.
	cal := NewCalendar([]Holiday{{"2026-12-25", "Christmas Day"}, {"2026-12-26", "Boxing Day"}, {"2026-12-07", "Test day"}})
	for _, tc := range []struct {
		now  string
		n    int
		want string
	}{
		{"2026-12-02 09:00", 0, "2026-12-02"}, // a working Wednesday is its own 0th
		{"2026-12-02 09:00", 1, "2026-12-03"},
		{"2026-12-05 09:00", 1, "2026-12-08"}, // Saturday → Sunday and the Monday holiday skipped
		{"2026-12-06 09:00", 0, "2026-12-08"}, // Sunday: the next working day
		{"2026-12-06 09:00", 1, "2026-12-08"},
		{"2026-12-06 09:00", 2, "2026-12-09"},
		{"2026-12-24 23:59", 1, "2026-12-28"}, // Christmas, Boxing Day, Sunday
		{"2026-12-24 23:59", 3, "2026-12-30"},
	} {
		if got := cal.WorkingDay(at(tc.now), tc.n).Format(DateLayout); got != tc.want {
			t.Errorf("WorkingDay(%s, %d) = %s, want %s", tc.now, tc.n, got, tc.want)
		}
	}
}

func TestZoneFor(t *testing.T) {
	zones := []DeliveryZone{
		{ID: 1, Region: "greater-accra", City: "", Fee: 2500},
		{ID: 2, Region: "greater-accra", City: "Accra", Fee: 2000},
		{ID: 3, Region: "ashanti", City: "Kumasi", Fee: 3500},
	}
	for _, tc := range []struct {
		region, city string
		want         int64
	}{
		{"greater-accra", "Accra", 2},
		{"greater-accra", "  aCCRA ", 2},
		{"greater-accra", "Tema", 1},
		{"greater-accra", "", 1},
		{"ashanti", "kumasi", 3},
		{"ashanti", "Obuasi", 0}, // no whole-region zone
		{"volta", "Ho", 0},
	} {
		var got int64
		if z := ZoneFor(zones, tc.region, tc.city); z != nil {
			got = z.ID
		}
		if got != tc.want {
			t.Errorf("ZoneFor(%q, %q) = zone %d, want %d", tc.region, tc.city, got, tc.want)
		}
	}
}

func TestPlanDelivery(t *testing.T) {
	zones := []DeliveryZone{
		{Region: "greater-accra", Fee: 2500, DaysMin: 1, DaysMax: 2},
		{Region: "greater-accra", City: "Accra", Fee: 2000, DaysMin: 1, DaysMax: 1},
		{Region: "northern", City: "Tamale", Fee: 5000, DaysMin: 3, DaysMax: 5},
	}
	cal := NewCalendar([]Holiday{{"2026-12-25", "Christmas Day"}})
	sameDay := StoreDelivery{ShipFromRegion: "greater-accra", ShipFromCity: "Accra", SameDayCutoff: 14, FreeOver: 100000}
	plain := StoreDelivery{SameDayCutoff: NoSameDay}
	station := &PickupPoint{Name: "Tamale Central", Region: "northern", City: "Tamale", Address: "Market Rd", Hours: "8–18", Fee: 1500}
	for _, tc := range []struct {
		name     string
		p        DeliveryPlan
		fee      Money
		from, to string
		sameDay  bool
		err      string
	}{
		{"door, city zone", DeliveryPlan{Region: "greater-accra", City: "Accra", Store: plain, ItemsTotal: 5000, Now: at("2026-12-02 10:00")},
			2000, "2026-12-03", "2026-12-03", false, ""},
		{"door, whole-region zone", DeliveryPlan{Region: "greater-accra", City: "Tema", Store: plain, Now: at("2026-12-02 10:00")},
			2500, "2026-12-03", "2026-12-04", false, ""},
		{"door over a Sunday", DeliveryPlan{Region: "greater-accra", City: "Tema", Store: plain, Now: at("2026-12-04 10:00")},
			2500, "2026-12-05", "2026-12-07", false, ""},
		{"door over a holiday", DeliveryPlan{Region: "greater-accra", City: "Accra", Store: plain, Now: at("2026-12-24 10:00")},
			2000, "2026-12-26", "2026-12-26", false, ""},
		{"no zone", DeliveryPlan{Region: "volta", City: "Ho", Store: plain, Now: at("2026-12-02 10:00")},
			0, "", "", false, "We do not deliver to Volta yet."},
		{"same day before the cut-off", DeliveryPlan{Region: "greater-accra", City: "accra", Store: sameDay, ItemsTotal: 5000,
			Now: at("2026-12-02 13:59")}, 2000, "2026-12-02", "2026-12-02", true, ""},
		{"same day at the cut-off is gone", DeliveryPlan{Region: "greater-accra", City: "Accra", Store: sameDay, ItemsTotal: 5000,
			Now: at("2026-12-02 14:00")}, 2000, "2026-12-03", "2026-12-03", false, ""},
		{"same day only to the ship-from city", DeliveryPlan{Region: "greater-accra", City: "Tema", Store: sameDay, ItemsTotal: 5000,
			Now: at("2026-12-02 09:00")}, 2500, "2026-12-03", "2026-12-04", false, ""},
		{"no same day on a Sunday", DeliveryPlan{Region: "greater-accra", City: "Accra", Store: sameDay, ItemsTotal: 5000,
			Now: at("2026-12-06 09:00")}, 2000, "2026-12-07", "2026-12-07", false, ""},
		{"free at the threshold", DeliveryPlan{Region: "greater-accra", City: "Tema", Store: sameDay, ItemsTotal: 100000,
			Now: at("2026-12-02 15:00")}, 0, "2026-12-03", "2026-12-04", false, ""},
		{"just under the threshold", DeliveryPlan{Region: "greater-accra", City: "Tema", Store: sameDay, ItemsTotal: 99999,
			Now: at("2026-12-02 15:00")}, 2500, "2026-12-03", "2026-12-04", false, ""},
		{"pickup station: its fee, its zone's days", DeliveryPlan{Region: "northern", City: "Savelugu", Store: plain,
			Method: DeliveryPickup, Pickup: station, Now: at("2026-12-02 10:00")}, 1500, "2026-12-05", "2026-12-08", false, ""},
		{"pickup station free over the threshold", DeliveryPlan{Region: "northern", Store: sameDay, ItemsTotal: 200000,
			Method: DeliveryPickup, Pickup: station, Now: at("2026-12-02 10:00")}, 0, "2026-12-05", "2026-12-08", false, ""},
		{"store pickup: next working day", DeliveryPlan{Region: "volta", Store: plain, Method: DeliveryStore,
			Now: at("2026-12-05 10:00")}, 0, "2026-12-07", "2026-12-07", false, ""},
		{"store pickup before the cut-off: today", DeliveryPlan{Region: "volta", Store: sameDay, Method: DeliveryStore,
			Now: at("2026-12-02 10:00")}, 0, "2026-12-02", "2026-12-02", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := PlanDelivery(zones, cal, tc.p)
			if tc.err != "" {
				if err == nil || err.Code != "delivery_unavailable" || err.Detail != tc.err {
					t.Fatalf("err = %v, want delivery_unavailable %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Fee != tc.fee || d.From != tc.from || d.To != tc.to || d.SameDay != tc.sameDay {
				t.Errorf("got fee %d %s–%s same day %v, want %d %s–%s %v", d.Fee, d.From, d.To, d.SameDay,
					tc.fee, tc.from, tc.to, tc.sameDay)
			}
			if (d.Pickup != nil) != (tc.p.Method == DeliveryPickup) {
				t.Errorf("pickup copy = %+v", d.Pickup)
			}
		})
	}
}

func TestPartLate(t *testing.T) {
	d := PartDelivery{To: "2026-12-03"}
	for _, tc := range []struct {
		status, now string
		want        bool
	}{
		{PartProcessing, "2026-12-03 23:59", false},
		{PartShipped, "2026-12-04 00:00", true},
		{PartDelivered, "2026-12-09 10:00", false},
		{PartCancelled, "2026-12-09 10:00", false},
	} {
		if got := d.Late(tc.status, at(tc.now)); got != tc.want {
			t.Errorf("Late(%s, %s) = %v", tc.status, tc.now, got)
		}
	}
}
