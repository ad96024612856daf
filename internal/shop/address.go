package shop

import (
	"strings"
	"time"
)

// Address is a delivery address of an account's address book (decision
// 0023). Phone is E.164 (ParsePhone), Region one of Regions' codes and
// DigitalAddress a canonical GhanaPost GPS address or "".
type Address struct {
	ID, UserID     int64
	RecipientName  string
	Phone          string
	Region         string
	City, Area     string
	DigitalAddress string
	Landmark       string
	Directions     string
	IsDefault      bool
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// AddressChange holds the fields of an address an edit sets (nil: kept),
// already checked and in their stored forms.
type AddressChange struct {
	RecipientName, Phone, Region, City, Area, DigitalAddress, Landmark, Directions *string
	IsDefault                                                                      *bool
}

// MaxAddresses is how many addresses one account may keep.
const MaxAddresses = 20

// Region is one of Ghana's sixteen administrative regions: Code is what the
// API and the database hold (delivery zones will key on it), Name what
// people read.
type Region struct{ Code, Name string }

// Regions are Ghana's regions since 2019, in alphabetical order.
var Regions = []Region{
	{"ahafo", "Ahafo"}, {"ashanti", "Ashanti"}, {"bono", "Bono"}, {"bono-east", "Bono East"},
	{"central", "Central"}, {"eastern", "Eastern"}, {"greater-accra", "Greater Accra"},
	{"north-east", "North East"}, {"northern", "Northern"}, {"oti", "Oti"}, {"savannah", "Savannah"},
	{"upper-east", "Upper East"}, {"upper-west", "Upper West"}, {"volta", "Volta"},
	{"western", "Western"}, {"western-north", "Western North"},
}

// RegionName is the name of a region code, or "" when there is none.
func RegionName(code string) string {
	for _, r := range Regions {
		if r.Code == code {
			return r.Name
		}
	}
	return ""
}

// ParseDigitalAddress reads a GhanaPost GPS digital address as people write
// it — "GA-183-8164", "ga1838164", "GA 183 8164", "AK-0395-0281" — and
// returns it upper-cased with its dashes, or false. The format: a postcode
// district of a letter (the region) and a letter or digit (the district),
// an area of 3 or 4 digits and a 4-digit square. Without separators the
// area is the digits before the last four.
func ParseDigitalAddress(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	var parts []string
	if strings.ContainsAny(s, "- ") {
		parts = strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ' ' })
		switch {
		case len(parts) == 2 && len(parts[0]) > 2: // "GA183-8164"
			parts = []string{parts[0][:2], parts[0][2:], parts[1]}
		case len(parts) == 2 && len(parts[1]) > 4: // "GA-1838164"
			parts = []string{parts[0], parts[1][:len(parts[1])-4], parts[1][len(parts[1])-4:]}
		}
	} else if len(s) >= 9 {
		parts = []string{s[:2], s[2 : len(s)-4], s[len(s)-4:]}
	}
	if len(parts) != 3 || len(parts[0]) != 2 || !isUpper(parts[0][0]) ||
		!(isUpper(parts[0][1]) || isDigit(parts[0][1])) ||
		len(parts[1]) < 3 || len(parts[1]) > 4 || !allDigits(parts[1]) ||
		len(parts[2]) != 4 || !allDigits(parts[2]) {
		return "", false
	}
	return strings.Join(parts, "-"), true
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Text is the address on one line for the readers of an order's free-text
// shipping_address (decision 0023): the recipient, the area, the city, the
// region, then the digital address, landmark and directions when there are.
func (a Address) Text() string {
	parts := []string{a.RecipientName, a.Area, a.City, RegionName(a.Region) + " Region"}
	if a.DigitalAddress != "" {
		parts = append(parts, "GhanaPost GPS "+a.DigitalAddress)
	}
	if a.Landmark != "" {
		parts = append(parts, "near "+a.Landmark)
	}
	if a.Directions != "" {
		parts = append(parts, a.Directions)
	}
	return strings.Join(parts, ", ")
}
