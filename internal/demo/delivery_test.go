package demo

import (
	"testing"
	"time"

	"dwa/internal/shop"
)

// TestDemoDelivery: every region has a whole-region zone, every station a
// zone for its city, every holiday a valid day, every store its settings.
func TestDemoDelivery(t *testing.T) {
	for _, r := range shop.Regions {
		if z := shop.ZoneFor(DeliveryZones, r.Code, "Nowhere"); z == nil || z.City != "" {
			t.Errorf("no whole-region zone for %s", r.Code)
		}
	}
	for _, p := range PickupPoints {
		if z := shop.ZoneFor(DeliveryZones, p.Region, p.City); z == nil {
			t.Errorf("station %s has no zone", p.Name)
		}
	}
	for _, h := range Holidays {
		if _, err := time.Parse(shop.DateLayout, h.Day); err != nil || h.Name == "" {
			t.Errorf("holiday %+v", h)
		}
	}
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range cat.Stores {
		d, ok := StoreDelivery[s.Key]
		if !ok || shop.RegionName(d.ShipFromRegion) == "" || d.ShipFromCity == "" {
			t.Errorf("store %s has no ship-from: %+v", s.Key, d)
		}
	}
}
