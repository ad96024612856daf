package demo

import "dwa/internal/shop"

// The demo's delivery (decision 0024): Greater Accra cheapest and fastest,
// the north dearest and slowest; pickup stations in the four largest
// cities; Ghana's public holidays of 2026 and 2027.

// DeliveryZones covers every region with a whole-region zone, and the
// cities that differ from their region.
var DeliveryZones = []shop.DeliveryZone{
	{Region: "greater-accra", City: "Accra", Fee: 2000, DaysMin: 1, DaysMax: 1},
	{Region: "greater-accra", Fee: 2500, DaysMin: 1, DaysMax: 2},
	{Region: "ashanti", City: "Kumasi", Fee: 3500, DaysMin: 2, DaysMax: 3},
	{Region: "ashanti", Fee: 4000, DaysMin: 2, DaysMax: 4},
	{Region: "central", Fee: 3500, DaysMin: 2, DaysMax: 3},
	{Region: "eastern", Fee: 3500, DaysMin: 2, DaysMax: 3},
	{Region: "western", City: "Takoradi", Fee: 3500, DaysMin: 2, DaysMax: 3},
	{Region: "western", Fee: 4000, DaysMin: 2, DaysMax: 4},
	{Region: "volta", Fee: 4500, DaysMin: 3, DaysMax: 4},
	{Region: "bono", Fee: 4500, DaysMin: 3, DaysMax: 4},
	{Region: "bono-east", Fee: 5000, DaysMin: 3, DaysMax: 5},
	{Region: "ahafo", Fee: 5000, DaysMin: 3, DaysMax: 5},
	{Region: "western-north", Fee: 5500, DaysMin: 3, DaysMax: 5},
	{Region: "oti", Fee: 6000, DaysMin: 3, DaysMax: 5},
	{Region: "northern", City: "Tamale", Fee: 5000, DaysMin: 3, DaysMax: 4},
	{Region: "northern", Fee: 6000, DaysMin: 3, DaysMax: 5},
	{Region: "savannah", Fee: 6500, DaysMin: 4, DaysMax: 5},
	{Region: "north-east", Fee: 6500, DaysMin: 4, DaysMax: 5},
	{Region: "upper-east", Fee: 7000, DaysMin: 4, DaysMax: 5},
	{Region: "upper-west", Fee: 7000, DaysMin: 4, DaysMax: 5},
}

// PickupPoints are the demo's stations.
var PickupPoints = []shop.PickupPoint{
	{Name: "Accra Mall Pickup Station", Region: "greater-accra", City: "Accra", Address: "Accra Mall, Spintex Road, Tetteh Quarshie",
		Hours: "Mon–Sat 9:00–19:00", Fee: 1200, Active: true},
	{Name: "Kaneshie Pickup Station", Region: "greater-accra", City: "Accra", Address: "Kaneshie Market Complex, Winneba Road",
		Hours: "Mon–Sat 8:00–18:00", Fee: 1200, Active: true},
	{Name: "Adum Pickup Station", Region: "ashanti", City: "Kumasi", Address: "Prempeh II Street, Adum",
		Hours: "Mon–Sat 8:00–18:00", Fee: 2000, Active: true},
	{Name: "Market Circle Pickup Station", Region: "western", City: "Takoradi", Address: "Liberation Road, Market Circle",
		Hours: "Mon–Sat 8:00–18:00", Fee: 2000, Active: true},
	{Name: "Tamale Central Pickup Station", Region: "northern", City: "Tamale", Address: "Bolgatanga Road, near Central Market",
		Hours: "Mon–Sat 8:00–17:00", Fee: 3000, Active: true},
}

// Holidays are Ghana's public holidays of 2026 and 2027. The two Eids
// follow the moon: these are the expected days, which staff correct when
// they are announced.
var Holidays = holidays(
	"2026-01-01", "New Year's Day", "2026-01-07", "Constitution Day", "2026-03-06", "Independence Day",
	"2026-03-20", "Eid al-Fitr", "2026-04-03", "Good Friday", "2026-04-06", "Easter Monday",
	"2026-05-01", "May Day", "2026-05-27", "Eid al-Adha", "2026-07-01", "Republic Day",
	"2026-08-04", "Founders' Day", "2026-09-21", "Kwame Nkrumah Memorial Day", "2026-12-04", "Farmers' Day",
	"2026-12-25", "Christmas Day", "2026-12-26", "Boxing Day", "2027-01-01", "New Year's Day",
	"2027-01-07", "Constitution Day", "2027-03-06", "Independence Day", "2027-03-10", "Eid al-Fitr",
	"2027-03-26", "Good Friday", "2027-03-29", "Easter Monday", "2027-05-01", "May Day",
	"2027-05-17", "Eid al-Adha", "2027-07-01", "Republic Day", "2027-08-04", "Founders' Day",
	"2027-09-21", "Kwame Nkrumah Memorial Day", "2027-12-03", "Farmers' Day", "2027-12-25", "Christmas Day",
	"2027-12-26", "Boxing Day",
)

// holidays pairs days and names.
func holidays(dayName ...string) []shop.Holiday {
	out := make([]shop.Holiday, 0, len(dayName)/2)
	for i := 0; i+1 < len(dayName); i += 2 {
		out = append(out, shop.Holiday{Day: dayName[i], Name: dayName[i+1]})
	}
	return out
}

// StoreDelivery are the demo stores' settings by store key: Accra Game Hub
// delivers in Accra the same day before 14:00, Osu Gadget Corner free over
// GH₵ 1,000, Kumasi Phone Plaza lets buyers collect at its shop.
var StoreDelivery = map[string]shop.StoreDelivery{
	"accra-game-hub":         {ShipFromRegion: "greater-accra", ShipFromCity: "Accra", SameDayCutoff: 14},
	"osu-gadget-corner":      {ShipFromRegion: "greater-accra", ShipFromCity: "Accra", FreeOver: 100000, SameDayCutoff: shop.NoSameDay},
	"kumasi-phone-plaza":     {ShipFromRegion: "ashanti", ShipFromCity: "Kumasi", SameDayCutoff: shop.NoSameDay, Pickup: true},
	"takoradi-tech-depot":    {ShipFromRegion: "western", ShipFromCity: "Takoradi", SameDayCutoff: shop.NoSameDay},
	"adum-gold-time":         {ShipFromRegion: "ashanti", ShipFromCity: "Kumasi", SameDayCutoff: shop.NoSameDay},
	"labone-office-supplies": {ShipFromRegion: "greater-accra", ShipFromCity: "Accra", SameDayCutoff: shop.NoSameDay},
	"tamale-digital-hub":     {ShipFromRegion: "northern", ShipFromCity: "Tamale", SameDayCutoff: shop.NoSameDay},
}
